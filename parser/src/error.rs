//! Parse errors as data.
//!
//! <https://html.spec.whatwg.org/#parse-errors>
//!
//! Parsing never fails on content: the parser builds a document and a list of
//! [`ParseError`]s. The tokenizer's codes are the spec's, spelled exactly as in its
//! table (`ErrorCode::as_str`). Tree construction's errors have no codes in the spec
//! (it only says "parse error"); AD-HOC: litmus names them with `tree-` codes of its
//! own, listed after the spec's, so that they are data like the tokenizer's.

use std::fmt;

/// The most parse errors a parse keeps, in each stage (input stream, tokenizer, tree
/// construction) and all together: the first 1,048,576 by position. AD-HOC (the
/// standard puts no bound on parse errors): past it, errors
/// are counted ([`crate::Document::errors_omitted`]), not kept, so that an input made
/// of errors (a flood of NULs is two per byte) costs no more memory per byte than
/// markup does.
pub const MAX_ERRORS: usize = 1 << 20;

/// Keeps an error in `errors` unless it already holds [`MAX_ERRORS`]; counts it in
/// `omitted` then.
#[inline]
pub(crate) fn keep_error(
    errors: &mut Vec<(ErrorCode, usize)>,
    omitted: &mut u64,
    error: (ErrorCode, usize),
) {
    if errors.len() < MAX_ERRORS {
        errors.push(error);
    } else {
        *omitted += 1;
    }
}

/// One parse error: what, and where (1-based line and column).
///
/// AD-HOC (the standard gives parse errors no position): columns count UTF-16 code
/// units from the start of the line, as the html5lib tokenizer tests do. `offset` is the byte offset in the preprocessed input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub code: ErrorCode,
    pub line: u32,
    pub column: u32,
    pub offset: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.code.as_str())
    }
}

macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident => $code:literal, )*) => {
        /// A parse error code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorCode {
            /// Every code, in the order of the table.
            pub const ALL: &'static [ErrorCode] = &[ $( ErrorCode::$variant, )* ];

            /// The code as the spec spells it (kebab-case).
            pub fn as_str(self) -> &'static str {
                match self {
                    $( ErrorCode::$variant => $code, )*
                }
            }

            /// The code for a kebab-case string, if it is one.
            pub fn from_code(code: &str) -> Option<ErrorCode> {
                match code {
                    $( $code => Some(ErrorCode::$variant), )*
                    _ => None,
                }
            }
        }
    };
}

error_codes! {
    // The spec's table, <https://html.spec.whatwg.org/#parse-errors>, in its order.
    AbruptClosingOfEmptyComment => "abrupt-closing-of-empty-comment",
    AbruptDoctypePublicIdentifier => "abrupt-doctype-public-identifier",
    AbruptDoctypeSystemIdentifier => "abrupt-doctype-system-identifier",
    AbsenceOfDigitsInNumericCharacterReference => "absence-of-digits-in-numeric-character-reference",
    CdataInHtmlContent => "cdata-in-html-content",
    CharacterReferenceOutsideUnicodeRange => "character-reference-outside-unicode-range",
    ControlCharacterInInputStream => "control-character-in-input-stream",
    ControlCharacterReference => "control-character-reference",
    DisallowedProcessingInstructionTarget => "disallowed-processing-instruction-target",
    DuplicateAttribute => "duplicate-attribute",
    EndTagWithAttributes => "end-tag-with-attributes",
    EndTagWithTrailingSolidus => "end-tag-with-trailing-solidus",
    EofBeforeTagName => "eof-before-tag-name",
    EofInCdata => "eof-in-cdata",
    EofInComment => "eof-in-comment",
    EofInDoctype => "eof-in-doctype",
    EofInProcessingInstruction => "eof-in-processing-instruction",
    EofInScriptHtmlCommentLikeText => "eof-in-script-html-comment-like-text",
    EofInTag => "eof-in-tag",
    IncorrectlyClosedComment => "incorrectly-closed-comment",
    IncorrectlyOpenedComment => "incorrectly-opened-comment",
    InvalidCharacterSequenceAfterDoctypeName => "invalid-character-sequence-after-doctype-name",
    InvalidFirstCharacterOfProcessingInstructionTarget => "invalid-first-character-of-processing-instruction-target",
    InvalidFirstCharacterOfTagName => "invalid-first-character-of-tag-name",
    InvalidProcessingInstructionTarget => "invalid-processing-instruction-target",
    MissingAttributeValue => "missing-attribute-value",
    MissingDoctypeName => "missing-doctype-name",
    MissingDoctypePublicIdentifier => "missing-doctype-public-identifier",
    MissingDoctypeSystemIdentifier => "missing-doctype-system-identifier",
    MissingEndTagName => "missing-end-tag-name",
    MissingQuoteBeforeDoctypePublicIdentifier => "missing-quote-before-doctype-public-identifier",
    MissingQuoteBeforeDoctypeSystemIdentifier => "missing-quote-before-doctype-system-identifier",
    MissingSemicolonAfterCharacterReference => "missing-semicolon-after-character-reference",
    MissingWhitespaceAfterDoctypePublicKeyword => "missing-whitespace-after-doctype-public-keyword",
    MissingWhitespaceAfterDoctypeSystemKeyword => "missing-whitespace-after-doctype-system-keyword",
    MissingWhitespaceBeforeDoctypeName => "missing-whitespace-before-doctype-name",
    MissingWhitespaceBetweenAttributes => "missing-whitespace-between-attributes",
    MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers => "missing-whitespace-between-doctype-public-and-system-identifiers",
    NestedComment => "nested-comment",
    NoncharacterCharacterReference => "noncharacter-character-reference",
    NoncharacterInInputStream => "noncharacter-in-input-stream",
    NonVoidHtmlElementStartTagWithTrailingSolidus => "non-void-html-element-start-tag-with-trailing-solidus",
    NullCharacterReference => "null-character-reference",
    SurrogateCharacterReference => "surrogate-character-reference",
    SurrogateInInputStream => "surrogate-in-input-stream",
    UnexpectedCharacterAfterDoctypeSystemIdentifier => "unexpected-character-after-doctype-system-identifier",
    UnexpectedCharacterInAttributeName => "unexpected-character-in-attribute-name",
    UnexpectedCharacterInUnquotedAttributeValue => "unexpected-character-in-unquoted-attribute-value",
    UnexpectedEqualsSignBeforeAttributeName => "unexpected-equals-sign-before-attribute-name",
    UnexpectedNullCharacter => "unexpected-null-character",
    UnexpectedSolidusInTag => "unexpected-solidus-in-tag",
    UnknownNamedCharacterReference => "unknown-named-character-reference",

    // Tree construction: the spec says only "parse error"; AD-HOC, these names are
    // litmus's.
    /// A DOCTYPE token where none is allowed.
    TreeUnexpectedDoctype => "tree-unexpected-doctype",
    /// No DOCTYPE before the first other token, or a DOCTYPE that is not `<!DOCTYPE html>`.
    TreeMissingOrBadDoctype => "tree-missing-or-bad-doctype",
    /// A start tag in a place where the insertion mode calls it a parse error.
    TreeUnexpectedStartTag => "tree-unexpected-start-tag",
    /// An end tag in a place where the insertion mode calls it a parse error.
    TreeUnexpectedEndTag => "tree-unexpected-end-tag",
    /// Character tokens where the insertion mode calls them a parse error.
    TreeUnexpectedCharacter => "tree-unexpected-character",
    /// A U+0000 NULL character token dropped or replaced by tree construction.
    TreeUnexpectedNull => "tree-unexpected-null",
    /// A comment or processing instruction where the mode calls it a parse error.
    TreeUnexpectedComment => "tree-unexpected-comment",
    /// The end of the input with elements still open that may not be left open.
    TreeUnexpectedEof => "tree-unexpected-eof",
    /// An element closed while others were still open inside it (implied end tags,
    /// the adoption agency, foster parenting).
    TreeMisnestedTag => "tree-misnested-tag",
    /// Content foster-parented out of a table.
    TreeFosterParenting => "tree-foster-parenting",
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl ErrorCode {
    /// Whether the code is one of the spec's (the tokenizer's and the input stream's),
    /// rather than one of litmus's tree-construction names.
    pub fn is_spec_code(self) -> bool {
        !self.as_str().starts_with("tree-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_their_strings() {
        for &code in ErrorCode::ALL {
            assert_eq!(ErrorCode::from_code(code.as_str()), Some(code));
        }
        assert_eq!(ErrorCode::from_code("no-such-code"), None);
    }

    #[test]
    fn the_spec_table_has_its_fifty_two_codes() {
        let spec = ErrorCode::ALL.iter().filter(|c| c.is_spec_code()).count();
        assert_eq!(spec, 52);
    }
}
