//! The "after body", "in frameset", "after frameset", "after after body" and "after
//! after frameset" insertion modes.

use crate::error::ErrorCode;
use crate::names::local;
use crate::tree_builder::{
    character_count, leading_non_whitespace, leading_whitespace, unexpected, InsertionMode,
    ProcessResult, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink> TreeBuilder<'_, S> {
    /// Processes the whitespace that starts a run of characters using the rules for "in
    /// body", and leaves the rest in `token` to be reprocessed.
    fn leading_whitespace_using_in_body(&mut self, token: &mut TreeToken<'_>, text: &[u8]) {
        let whitespace = leading_whitespace(text);
        let mut whitespace_token = TreeToken::Characters(&text[..whitespace]);
        self.in_body(&mut whitespace_token);
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
    pub(crate) fn after_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Process the token using the rules for the "in body"
            //    insertion mode."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterBody)
            }
            // -> "A comment token": "Insert a comment given (the first element in the
            //    stack of open elements (the html element), null)."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, self.the_html_element());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the first element in the stack of open elements (the html element),
            //    null)."
            TreeToken::ProcessingInstruction { target, data } => {
                self.insert_a_processing_instruction(target, data, self.the_html_element());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body(token),
            // -> "An end tag whose tag name is "html""
            TreeToken::EndTag(tag) if tag.name == local::HTML => {
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
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Switch the insertion mode to "in body"
            //    and reprocess the token."
            _ => {
                self.parse_error(unexpected(token));
                ProcessResult::Reprocess(InsertionMode::InBody)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-inframeset>
    pub(crate) fn in_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::InFrameset)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body(token),
            // -> "A start tag whose tag name is "frameset"": "Insert an HTML element for
            //    the token."
            TreeToken::StartTag(tag) if tag.name == local::FRAMESET => {
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "frameset""
            TreeToken::EndTag(tag) if tag.name == local::FRAMESET => {
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
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => self.in_head(token),
            // -> "An end-of-file token"
            TreeToken::Eof => {
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
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::InFrameset)
            }
            TreeToken::StartTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-afterframeset>
    pub(crate) fn after_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::AfterFrameset)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body(token),
            // -> "An end tag whose tag name is "html"": "Switch the insertion mode to
            //    "after after frameset"."
            TreeToken::EndTag(tag) if tag.name == local::HTML => {
                self.mode = InsertionMode::AfterAfterFrameset;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => self.in_head(token),
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::Characters(text) => {
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterFrameset)
            }
            TreeToken::StartTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }

    /// <https://html.spec.whatwg.org/#the-after-after-body-insertion-mode>
    pub(crate) fn after_after_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token"
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE"
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::Doctype(_) => self.in_body(token),
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body(token),
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterBody)
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "Anything else": "Parse error. Switch the insertion mode to "in body"
            //    and reprocess the token."
            _ => {
                self.parse_error(unexpected(token));
                ProcessResult::Reprocess(InsertionMode::InBody)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#the-after-after-frameset-insertion-mode>
    pub(crate) fn after_after_frameset(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token"
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE"
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::Doctype(_) => self.in_body(token),
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body(token),
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                self.leading_whitespace_using_in_body(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterFrameset)
            }
            // -> "An end-of-file token": "Stop parsing."
            TreeToken::Eof => {
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noframes"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::NOFRAMES => self.in_head(token),
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::Characters(text) => {
                self.ignore_leading_non_whitespace(token, text);
                ProcessResult::Reprocess(InsertionMode::AfterAfterFrameset)
            }
            TreeToken::StartTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
        }
    }
}
