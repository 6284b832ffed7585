//! The "initial", "before html" and "before head" insertion modes.

use crate::dom::{QualName, QuirksMode};
use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tokenizer::Doctype;
use crate::tree_builder::open_elements::StackEntry;
use crate::tree_builder::Seams;
use crate::tree_builder::{
    leading_whitespace, InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

/// The public identifiers that, as prefixes, put the document in quirks mode.
const QUIRKS_PUBLIC_ID_PREFIXES: &[&str] = &[
    "+//Silmaril//dtd html Pro v0r11 19970101//",
    "-//AS//DTD HTML 3.0 asWedit + extensions//",
    "-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//",
    "-//IETF//DTD HTML 2.0 Level 1//",
    "-//IETF//DTD HTML 2.0 Level 2//",
    "-//IETF//DTD HTML 2.0 Strict Level 1//",
    "-//IETF//DTD HTML 2.0 Strict Level 2//",
    "-//IETF//DTD HTML 2.0 Strict//",
    "-//IETF//DTD HTML 2.0//",
    "-//IETF//DTD HTML 2.1E//",
    "-//IETF//DTD HTML 3.0//",
    "-//IETF//DTD HTML 3.2 Final//",
    "-//IETF//DTD HTML 3.2//",
    "-//IETF//DTD HTML 3//",
    "-//IETF//DTD HTML Level 0//",
    "-//IETF//DTD HTML Level 1//",
    "-//IETF//DTD HTML Level 2//",
    "-//IETF//DTD HTML Level 3//",
    "-//IETF//DTD HTML Strict Level 0//",
    "-//IETF//DTD HTML Strict Level 1//",
    "-//IETF//DTD HTML Strict Level 2//",
    "-//IETF//DTD HTML Strict Level 3//",
    "-//IETF//DTD HTML Strict//",
    "-//IETF//DTD HTML//",
    "-//Metrius//DTD Metrius Presentational//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 2.0 Tables//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 3.0 Tables//",
    "-//Netscape Comm. Corp.//DTD HTML//",
    "-//Netscape Comm. Corp.//DTD Strict HTML//",
    "-//O'Reilly and Associates//DTD HTML 2.0//",
    "-//O'Reilly and Associates//DTD HTML Extended 1.0//",
    "-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
    "-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
    "-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::extensions to HTML 4.0//",
    "-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::extensions to HTML 4.0//",
    "-//Spyglass//DTD HTML 2.0 Extended//",
    "-//Sun Microsystems Corp.//DTD HotJava HTML//",
    "-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
    "-//W3C//DTD HTML 3 1995-03-24//",
    "-//W3C//DTD HTML 3.2 Draft//",
    "-//W3C//DTD HTML 3.2 Final//",
    "-//W3C//DTD HTML 3.2//",
    "-//W3C//DTD HTML 3.2S Draft//",
    "-//W3C//DTD HTML 4.0 Frameset//",
    "-//W3C//DTD HTML 4.0 Transitional//",
    "-//W3C//DTD HTML Experimental 19960712//",
    "-//W3C//DTD HTML Experimental 970421//",
    "-//W3C//DTD W3 HTML//",
    "-//W3O//DTD W3 HTML 3.0//",
    "-//WebTechs//DTD Mozilla HTML 2.0//",
    "-//WebTechs//DTD Mozilla HTML//",
];

/// Whether `value` starts with `prefix`, compared "in an ASCII case-insensitive manner".
fn starts_with_ignoring_case(value: &[u8], prefix: &str) -> bool {
    value.len() >= prefix.len() && value[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The document mode a DOCTYPE token sets (outside iframe srcdoc documents).
/// <https://html.spec.whatwg.org/#the-initial-insertion-mode>
pub(crate) fn quirks_mode_for(doctype: &Doctype) -> QuirksMode {
    let public_id = doctype.public_id.as_deref();
    let system_id = doctype.system_id.as_deref();
    let public_is =
        |value: &str| public_id.is_some_and(|p| p.eq_ignore_ascii_case(value.as_bytes()));
    let public_starts_with =
        |prefix: &str| public_id.is_some_and(|p| starts_with_ignoring_case(p, prefix));
    let html_401 = public_starts_with("-//W3C//DTD HTML 4.01 Frameset//")
        || public_starts_with("-//W3C//DTD HTML 4.01 Transitional//");
    // "The force-quirks flag is set to on." "The name is not "html"." "The public
    // identifier is set to: "-//W3O//DTD W3 HTML Strict 3.0//EN//"", ""-/W3C/DTD HTML
    // 4.0 Transitional/EN"", ""HTML"". "The system identifier is set to:
    // "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"". "The public
    // identifier starts with" one of the listed prefixes. "The system identifier is
    // missing or the empty string, and the public identifier starts with:
    // "-//W3C//DTD HTML 4.01 Frameset//", "-//W3C//DTD HTML 4.01 Transitional//"".
    // (whatwg/html#12084, January 2026, made an empty system identifier count as a
    // missing one here, as Chromium and WebKit do.)
    let system_id_missing_or_empty = system_id.is_none_or(|s| s.is_empty());
    let quirks = doctype.force_quirks
        || doctype.name.as_deref() != Some(b"html")
        || public_is("-//W3O//DTD W3 HTML Strict 3.0//EN//")
        || public_is("-/W3C/DTD HTML 4.0 Transitional/EN")
        || public_is("HTML")
        || system_id.is_some_and(|s| {
            s.eq_ignore_ascii_case(b"http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
        })
        || QUIRKS_PUBLIC_ID_PREFIXES
            .iter()
            .any(|prefix| public_starts_with(prefix))
        || (system_id_missing_or_empty && html_401);
    if quirks {
        return QuirksMode::Quirks;
    }
    // "The public identifier starts with: "-//W3C//DTD XHTML 1.0 Frameset//",
    // "-//W3C//DTD XHTML 1.0 Transitional//"". "The system identifier is neither
    // missing nor the empty string, and the public identifier starts with: "-//W3C//DTD
    // HTML 4.01 Frameset//", "-//W3C//DTD HTML 4.01 Transitional//"".
    if public_starts_with("-//W3C//DTD XHTML 1.0 Frameset//")
        || public_starts_with("-//W3C//DTD XHTML 1.0 Transitional//")
        || (!system_id_missing_or_empty && html_401)
    {
        return QuirksMode::LimitedQuirks;
    }
    QuirksMode::NoQuirks
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    pub(crate) fn set_the_document_to(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
        self.sink.set_quirks_mode(mode);
    }

    /// <https://html.spec.whatwg.org/#the-initial-insertion-mode>
    #[inline(never)]
    pub(crate) fn initial(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Ignore the token."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::InitialCharacterWhitespace);
                *token = TreeToken::Characters(&text[leading_whitespace(text)..]);
                ProcessResult::Reprocess(InsertionMode::Initial)
            }
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InitialComment);
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InitialProcessingInstruction);
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A DOCTYPE token"
            TreeToken::Doctype(doctype) => {
                D::spec_arm(Arm::InitialDoctype);
                // "If the DOCTYPE token's name is not "html", or the token's public
                // identifier is not missing, or the token's system identifier is neither
                // missing nor "about:legacy-compat", then there is a parse error."
                if doctype.name.as_deref() != Some(b"html")
                    || doctype.public_id.is_some()
                    || doctype
                        .system_id
                        .as_deref()
                        .is_some_and(|s| s != b"about:legacy-compat")
                {
                    self.parse_error(ErrorCode::TreeMissingOrBadDoctype);
                }
                // "Let doctype be the result of creating a doctype given the Document
                // node, the name given in the DOCTYPE token (or the empty string if the
                // name was missing), the public identifier given in the DOCTYPE token (or
                // the empty string if the public identifier was missing), and the system
                // identifier given in the DOCTYPE token (or the empty string if the system
                // identifier was missing). Then, if the Document node has neither a
                // DocumentType child nor an element child, append doctype to the Document
                // node." (The Document can only hold comments and processing instructions
                // at this point.)
                let node = self.sink.create_doctype(
                    doctype.name.as_deref().unwrap_or_default(),
                    doctype.public_id.as_deref().unwrap_or_default(),
                    doctype.system_id.as_deref().unwrap_or_default(),
                );
                let document = self.sink.document();
                self.sink.append(document, node);
                // "Then, if the document is not an iframe srcdoc document, and the parser
                // cannot change the mode flag is false, and the DOCTYPE token matches one
                // of the conditions in the following list, then set the Document to
                // quirks mode" (or limited-quirks mode, by the second list).
                let mode = quirks_mode_for(doctype);
                match mode {
                    QuirksMode::Quirks => D::spec_arm(Arm::InitialDoctypeQuirks),
                    QuirksMode::LimitedQuirks => D::spec_arm(Arm::InitialDoctypeLimitedQuirks),
                    QuirksMode::NoQuirks => {}
                }
                self.set_the_document_to(mode);
                // "Then, switch the insertion mode to "before html"."
                self.mode = InsertionMode::BeforeHtml;
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::InitialAnythingElse);
                // "If the document is not an iframe srcdoc document, then this is a parse
                // error; if the parser cannot change the mode flag is false, set the
                // Document to quirks mode."
                self.parse_error(ErrorCode::TreeMissingOrBadDoctype);
                self.set_the_document_to(QuirksMode::Quirks);
                // "In any case, switch the insertion mode to "before html", then
                // reprocess the token."
                ProcessResult::Reprocess(InsertionMode::BeforeHtml)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#the-before-html-insertion-mode>
    #[inline(never)]
    pub(crate) fn before_html(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::BeforeHtmlDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A comment token": "Insert a comment given (the Document object, null)."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::BeforeHtmlComment);
                self.insert_a_comment(data, self.the_document());
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction given
            //    (the Document object, null)."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::BeforeHtmlProcessingInstruction);
                self.insert_a_processing_instruction(target, data, self.the_document());
                ProcessResult::Done
            }
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Ignore the token."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::BeforeHtmlCharacterWhitespace);
                *token = TreeToken::Characters(&text[leading_whitespace(text)..]);
                ProcessResult::Reprocess(InsertionMode::BeforeHtml)
            }
            // -> "A start tag whose tag name is "html""
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::BeforeHtmlStartTagHtml);
                // "Create an element for the token in the HTML namespace, with the
                // Document as the intended parent. Insert an element at the adjusted
                // insertion location with that element and (the Document, null). Put
                // this element in the stack of open elements."
                let entry = self.create_an_element_for_the_token(&tag, crate::dom::Namespace::Html);
                self.insert_an_element_at_the_adjusted_insertion_location(
                    entry.node,
                    self.the_document(),
                );
                self.open_elements.push(entry);
                // "Switch the insertion mode to "before head"."
                self.mode = InsertionMode::BeforeHead;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "head", "body", "html", "br"":
            //    "Act as described in the "anything else" entry below."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::HEAD | local::BODY | local::HTML | local::BR
                ) =>
            {
                D::spec_arm(Arm::BeforeHtmlEndTagHeadBodyHtmlEtc);
                self.before_html_anything_else()
            }
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::BeforeHtmlAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::BeforeHtmlAnythingElse);
                self.before_html_anything_else()
            }
        }
    }

    /// "Anything else" in "before html".
    fn before_html_anything_else(&mut self) -> ProcessResult {
        // "Create an html element whose node document is the Document object. Append it
        // to the Document object. Put this element in the stack of open elements."
        let name = QualName::html(local::HTML);
        let html = self.sink.create_element(name, std::iter::empty());
        self.insert_an_element_at_the_adjusted_insertion_location(html, self.the_document());
        self.open_elements.push(StackEntry {
            node: html,
            name,
            html_integration_point: false,
        });
        // "Switch the insertion mode to "before head", then reprocess the token."
        ProcessResult::Reprocess(InsertionMode::BeforeHead)
    }

    /// <https://html.spec.whatwg.org/#the-before-head-insertion-mode>
    #[inline(never)]
    pub(crate) fn before_head(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Ignore the token."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::BeforeHeadCharacterWhitespace);
                *token = TreeToken::Characters(&text[leading_whitespace(text)..]);
                ProcessResult::Reprocess(InsertionMode::BeforeHead)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::BeforeHeadComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::BeforeHeadProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::BeforeHeadDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::BeforeHeadStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "A start tag whose tag name is "head""
            TreeToken::StartTag(tag) if tag.name == local::HEAD => {
                D::spec_arm(Arm::BeforeHeadStartTagHead);
                // "Insert an HTML element for the token."
                // "Set the head element pointer to the newly created head element."
                self.head_element = Some(self.insert_an_html_element(&tag));
                // "Switch the insertion mode to "in head"."
                self.mode = InsertionMode::InHead;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "head", "body", "html", "br"":
            //    "Act as described in the "anything else" entry below."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::HEAD | local::BODY | local::HTML | local::BR
                ) =>
            {
                D::spec_arm(Arm::BeforeHeadEndTagHeadBodyHtmlEtc);
                self.before_head_anything_else()
            }
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::BeforeHeadAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::BeforeHeadAnythingElse);
                self.before_head_anything_else()
            }
        }
    }

    /// "Anything else" in "before head".
    pub(crate) fn before_head_anything_else(&mut self) -> ProcessResult {
        // "Insert an HTML element for a "head" start tag token with no attributes."
        // "Set the head element pointer to the newly created head element."
        self.head_element = Some(self.insert_an_html_element(&TagToken::named(local::HEAD)));
        // "Switch the insertion mode to "in head"." "Reprocess the current token."
        ProcessResult::Reprocess(InsertionMode::InHead)
    }
}
