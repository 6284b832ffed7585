//! The tokenizer's fast paths, apart from the states they stand in for.
//!
//! A state that has one opens with a single call, `self.fast_path_…_state()`, and
//! returns the step it gives, if any; the rest of the state function is the
//! standard's steps. Each `fast_path_*_state` function here takes the longest run of
//! characters that only the state's "anything else" arm (or its "ASCII upper alpha"
//! arm, lowercasing) would take, found by `scan.rs` (with the `memchr` crate under
//! the feature `fast-paths`), and emits or appends it at once: text in the data,
//! RCDATA, RAWTEXT, script data and PLAINTEXT states; tag and attribute names;
//! attribute values (double-quoted, single-quoted, unquoted); and comment data. The
//! run counts as one pass through each arm it stands for (`spec_arm`), and the state's
//! own match then takes the character that ended it.
//!
//! Each returns `None`, consuming nothing, when the fast paths are off
//! ([`Tokenizer::set_fast_paths`]; on by default with the feature `fast-paths`) or
//! when the next input character is not one the run may take, so the state's steps
//! run as written. Both ways give the same tokens and errors: the unit tests in
//! `tests.rs` and the `tokenizer` fuzz target compare them.

use super::scan::{self, ByteSet};
use super::TokenizerSeams;
use super::{Step, Tokenizer};
use crate::spec_arms::Arm;

impl<'i, D: TokenizerSeams> Tokenizer<'i, D> {
    /// Fast path for the data state: a run of characters that are none of `&`, `<`
    /// and U+0000 NULL, each of which the data state's "anything else" arm would emit
    /// as a character token, is emitted as one slice of the input.
    #[inline(always)]
    pub(super) fn fast_path_data_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'&', b'<', 0, self.rest());
        self.emit_run(len, Arm::DataAnythingElse)
    }

    /// Fast path for the RCDATA state: a run of characters other than `&`, `<` and
    /// U+0000 NULL, each of which the "anything else" arm emits, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_rcdata_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'&', b'<', 0, self.rest());
        self.emit_run(len, Arm::RcdataAnythingElse)
    }

    /// Fast path for the RAWTEXT state: a run of characters other than `<` and
    /// U+0000 NULL, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_rawtext_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without2(b'<', 0, self.rest());
        self.emit_run(len, Arm::RawtextAnythingElse)
    }

    /// Fast path for the script data state: a run of characters other than `<` and
    /// U+0000 NULL, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_script_data_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without2(b'<', 0, self.rest());
        self.emit_run(len, Arm::ScriptDataAnythingElse)
    }

    /// Fast path for the PLAINTEXT state: a run of characters other than U+0000 NULL,
    /// emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_plaintext_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without1(0, self.rest());
        self.emit_run(len, Arm::PlaintextAnythingElse)
    }

    /// Fast path for the tag name state: a run of characters that are neither ASCII
    /// whitespace, `/`, `>` nor U+0000 NULL, each of which the "ASCII upper alpha" or
    /// "anything else" arm appends (lowercased, for the first) to the tag name, is
    /// appended at once.
    #[inline(always)]
    pub(super) fn fast_path_tag_name_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C />\0");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        if len == 0 {
            return None;
        }
        let start = self.pos;
        let run = self.consume_run(len);
        // The run also stands for the "ASCII upper alpha" arm when it lowercases.
        D::spec_arm_if(Arm::TagNameAsciiUpperAlpha, || {
            run.iter().any(u8::is_ascii_uppercase)
        });
        scan::append_ascii_lowercase(&mut self.tag.buf, self.input, start, run.len());
        self.tag.name.end = self.tag.buf.len();
        D::spec_arm(Arm::TagNameAnythingElse);
        Some(Step::Continue)
    }

    /// Fast path for the attribute name state: a run of characters that none of the
    /// state's arms but "ASCII upper alpha" and "anything else" take (not whitespace,
    /// `/`, `>`, `=`, U+0000 NULL, `"`, `'`, `<`) is appended to the attribute's name,
    /// lowercased, at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_name_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C />=\0\"'<");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        if len == 0 {
            return None;
        }
        let start = self.pos;
        let run = self.consume_run(len);
        // The run also stands for the "ASCII upper alpha" arm when it lowercases.
        D::spec_arm_if(Arm::AttributeNameAsciiUpperAlpha, || {
            run.iter().any(u8::is_ascii_uppercase)
        });
        scan::append_ascii_lowercase(&mut self.tag.buf, self.input, start, run.len());
        D::spec_arm(Arm::AttributeNameAnythingElse);
        Some(Step::Continue)
    }

    /// Fast path for the attribute value (double-quoted) state: a run of characters
    /// other than `"`, `&` and U+0000 NULL, which its "anything else" arm appends one
    /// by one, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_double_quoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'"', b'&', 0, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueDoubleQuotedAnythingElse)
    }

    /// Fast path for the attribute value (single-quoted) state: a run of characters
    /// other than `'`, `&` and U+0000 NULL, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_single_quoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'\'', b'&', 0, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueSingleQuotedAnythingElse)
    }

    /// Fast path for the attribute value (unquoted) state: a run of characters that
    /// only its "anything else" arm takes (not whitespace, `&`, `>`, U+0000 NULL, nor
    /// the characters that are errors there: `"`, `'`, `<`, `=`, `` ` ``), appended at
    /// once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_unquoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C &>\0\"'<=`");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueUnquotedAnythingElse)
    }

    /// Fast path for the comment state: a run of characters other than `<`, `-` and
    /// U+0000 NULL, which its "anything else" arm appends one by one to the comment's
    /// data, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_comment_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'<', b'-', 0, self.rest());
        if len == 0 {
            return None;
        }
        let run = self.consume_run(len);
        self.comment.extend_from_slice(run);
        D::spec_arm(Arm::CommentAnythingElse);
        Some(Step::Continue)
    }

    /// Emits the next `len` input characters as character tokens, a run of the text
    /// state's "anything else" arm `arm`; `None` if `len` is 0.
    fn emit_run(&mut self, len: usize, arm: Arm) -> Option<Step> {
        if len == 0 {
            return None;
        }
        let start = self.pos;
        self.consume_run(len);
        self.text.push_input(self.input, start, self.pos);
        D::spec_arm(arm);
        Some(Step::Continue)
    }

    /// Appends a run of the next `len` input characters to the current attribute's
    /// value, a run of the value state's "anything else" arm `arm`; `None` if `len` is
    /// 0.
    fn append_run_to_attribute_value(&mut self, len: usize, arm: Arm) -> Option<Step> {
        if len == 0 {
            return None;
        }
        let run = self.consume_run(len);
        self.append_to_attribute_value(run);
        D::spec_arm(arm);
        Some(Step::Continue)
    }

    /// Consumes the next `len` input characters (at least one), each of which the
    /// state's "anything else" arm would have consumed on its own; the last becomes
    /// the current input character. Returns them.
    fn consume_run(&mut self, len: usize) -> &'i [u8] {
        let input = self.input;
        let start = self.pos;
        let end = (start + len).min(input.len());
        self.pos = end;
        self.current = end.saturating_sub(1).max(start);
        input.get(start..end).unwrap_or_default()
    }
}
