//! The "after body", "in frameset", "after frameset", "after after body" and "after
//! after frameset" insertion modes.

use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::Seams;
use crate::tree_builder::{
    character_count, leading_non_whitespace, leading_whitespace, unexpected, InsertionMode,
    ProcessResult, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// Processes the whitespace that starts a run of characters using the rules for "in
    /// body", and leaves the rest in `token` to be reprocessed.
    fn leading_whitespace_using_in_body(&mut self, token: &mut TreeToken<'_>, text: &[u8]) {
        let whitespace = leading_whitespace(text);
        let mut whitespace_token = TreeToken::Characters(&text[..whitespace]);
        self.process_using_the_rules_for(InsertionMode::InBody, &mut whitespace_token);
        if let TreeToken::Characters(full) = *token {
            *token = TreeToken::Characters(&full[whitespace..]);
        }
    }

    /// "Parse error. Ignore the token." for the leading non-whitespace characters of a
    /// run (one parse error per character token), leaving the rest in `token` to be
    /// reprocessed.
    fn ignore_leading_non_whitespace(&mut self, token: &mut TreeToken<'_>, text: &[u8]) {
        let ignored = leading_non_whitespace(text);
        for _ in 0..character_count(&text[..ignored]) {
            self.parse_error(ErrorCode::TreeUnexpectedCharacter);
        }
        if let TreeToken::Characters(full) = *token {
            *token = TreeToken::Characters(&full[ignored..]);
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-afterbody>
    #[inline(never)]
    pub(crate) fn after_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Process the token using the rules for the "in body"
            //    insertion mode."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::AfterBodyCharacterWhitespace);
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterBody)
            }
            // -> "A comment token": "Insert a comment given (the first element in the
            //    stack of open elements (the html element), null)."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::AfterBodyComment);
                self.insert_a_comment(data, self.the_html_element());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the first element in the stack of open elements (the html element),
            //    null)."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::AfterBodyProcessingInstruction);
                self.insert_a_processing_instruction(target, data, self.the_html_element());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::AfterBodyDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterBodyStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "An end tag whose tag name is "html""
            TreeToken::EndTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterBodyEndTagHtml);
                // "If the parser's fragment context element is non-null, this is a parse
                // error; ignore the token. (fragment case)"
                if self.context_element.is_some() {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, switch the insertion mode to "after after body"."
                self.mode = InsertionMode::AfterAfterBody;
                ProcessResult::Done
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                D::spec_arm(Arm::AfterBodyEndOfFile);
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Switch the insertion mode to "in body"
            //    and reprocess the token."
            _ => {
                D::spec_arm(Arm::AfterBodyAnythingElse);
                self.parse_error(unexpected(token));
                ProcessResult::Reprocess(InsertionMode::InBody)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-inframeset>
    #[inline(never)]
    pub(crate) fn in_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::InFramesetCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::InFrameset)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InFramesetComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InFramesetProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InFramesetDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::InFramesetStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "A start tag whose tag name is "frameset"": "Insert an HTML element for
            //    the token."
            TreeToken::StartTag(tag) if tag.name == local::FRAMESET => {
                D::spec_arm(Arm::InFramesetStartTagFrameset);
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "frameset""
            TreeToken::EndTag(tag) if tag.name == local::FRAMESET => {
                D::spec_arm(Arm::InFramesetEndTagFrameset);
                // "If the current node is the root html element, then this is a parse
                // error; ignore the token. (fragment case)"
                if self.open_elements.len() <= 1 {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, pop the current node from the stack of open elements."
                self.pop_the_current_node();
                // "If the parser's fragment context element is null and the current node
                // is no longer a frameset element, then switch the insertion mode to
                // "after frameset"."
                if self.context_element.is_none() && !self.current_node_is(local::FRAMESET) {
                    self.mode = InsertionMode::AfterFrameset;
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "frame"": "Insert an HTML element for the
            //    token. Immediately pop the current node off the stack of open elements.
            //    Acknowledge the token's self-closing flag, if it is set."
            TreeToken::StartTag(tag) if tag.name == local::FRAME => {
                D::spec_arm(Arm::InFramesetStartTagFrame);
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => {
                D::spec_arm(Arm::InFramesetStartTagNoframes);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "An end-of-file token"
            TreeToken::Eof => {
                D::spec_arm(Arm::InFramesetEndOfFile);
                // "If the current node is not the root html element, then this is a parse
                // error. (The current node can only be the root html element in the
                // fragment case.)" "Stop parsing."
                if self.open_elements.len() > 1 {
                    self.parse_error(ErrorCode::TreeUnexpectedEof);
                }
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::InFramesetAnythingElse);
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::InFrameset)
            }
            TreeToken::StartTag(_) => {
                D::spec_arm(Arm::InFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::InFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-afterframeset>
    #[inline(never)]
    pub(crate) fn after_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::AfterFramesetCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::AfterFrameset)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::AfterFramesetComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::AfterFramesetProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::AfterFramesetDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterFramesetStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "An end tag whose tag name is "html"": "Switch the insertion mode to
            //    "after after frameset"."
            TreeToken::EndTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterFramesetEndTagHtml);
                self.mode = InsertionMode::AfterAfterFrameset;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => {
                D::spec_arm(Arm::AfterFramesetStartTagNoframes);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                D::spec_arm(Arm::AfterFramesetEndOfFile);
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::AfterFramesetAnythingElse);
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterFrameset)
            }
            TreeToken::StartTag(_) => {
                D::spec_arm(Arm::AfterFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::AfterFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }

    /// <https://html.spec.whatwg.org/#the-after-after-body-insertion-mode>
    #[inline(never)]
    pub(crate) fn after_after_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::AfterAfterBodyComment);
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::AfterAfterBodyProcessingInstruction);
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token"
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE"
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::AfterAfterBodyDoctype);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterAfterBodyDoctype);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::AfterAfterBodyDoctype);
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterBody)
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                D::spec_arm(Arm::AfterAfterBodyEndOfFile);
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Switch the insertion mode to "in body"
            //    and reprocess the token."
            _ => {
                D::spec_arm(Arm::AfterAfterBodyAnythingElse);
                self.parse_error(unexpected(token));
                ProcessResult::Reprocess(InsertionMode::InBody)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#the-after-after-frameset-insertion-mode>
    #[inline(never)]
    pub(crate) fn after_after_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::AfterAfterFramesetComment);
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::AfterAfterFramesetProcessingInstruction);
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token"
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE"
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::AfterAfterFramesetDoctype);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterAfterFramesetDoctype);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::AfterAfterFramesetDoctype);
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterFrameset)
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                D::spec_arm(Arm::AfterAfterFramesetEndOfFile);
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => {
                D::spec_arm(Arm::AfterAfterFramesetStartTagNoframes);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::AfterAfterFramesetAnythingElse);
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterFrameset)
            }
            TreeToken::StartTag(_) => {
                D::spec_arm(Arm::AfterAfterFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::AfterAfterFramesetAnythingElse);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }
}
