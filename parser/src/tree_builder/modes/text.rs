//! The "text" insertion mode.

use crate::error::ErrorCode;
use crate::spec_arms::Arm;
use crate::tree_builder::Seams;
use crate::tree_builder::{ProcessResult, TreeBuilder, TreeSink, TreeToken};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-incdata>
    #[inline(never)]
    pub(crate) fn text(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token": "Insert the token's character." ("This can never
            //    be a U+0000 NULL character; the tokenizer converts those to U+FFFD
            //    REPLACEMENT CHARACTER characters.")
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::TextCharacter);
                self.insert_characters(text);
                ProcessResult::Done
            }
            // -> "An end-of-file token"
            TreeToken::Eof => {
                D::spec_arm(Arm::TextEndOfFile);
                // "Parse error."
                self.parse_error(ErrorCode::TreeUnexpectedEof);
                // "If the current node is a script element, then set its already started
                // to true." (litmus keeps no script state.)
                // "Pop the current node off the stack of open elements."
                self.pop_the_current_node();
                // "Switch the insertion mode to the original insertion mode and reprocess
                // the token."
                ProcessResult::Reprocess(self.original_mode)
            }
            // -> "An end tag whose tag name is "script"": of its steps only "Pop the
            //    current node off the stack of open elements" and "Switch the insertion
            //    mode to the original insertion mode" touch the tree; litmus runs no
            //    scripts.
            // -> "Any other end tag": "Pop the current node off the stack of open
            //    elements. Switch the insertion mode to the original insertion mode."
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::TextEndTagScript);
                self.pop_the_current_node();
                self.mode = self.original_mode;
                ProcessResult::Done
            }
            // The tokenizer emits nothing else in the RCDATA, RAWTEXT and script data
            // states; a token sequence from elsewhere is ignored.
            _ => ProcessResult::Done,
        }
    }
}
