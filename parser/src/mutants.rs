//! Mutants: the reference parser with one arm broken on purpose, to test a harness.
//!
//! A *mutant* is one deliberate bug in one arm of the standard: an arm skipped, a
//! wrong branch taken, a step off by one, an error left out. litmus runs each as an
//! engine under test against the unbroken parser, with every known-difference class
//! loaded: a class that would take a mutant's divergence would hide the same bug in a
//! real parser. [`MUTANTS`] lists them, each with the arm it breaks (an id of
//! `docs/spec-arms.md`) and what it does.
//!
//! With the cargo feature `mutants`, [`with_mutant`] runs a parse with one mutant
//! switched on (on this thread only), and the parser's `mutant(Mutant::…)` checks
//! read it. Without the feature the checks are constant `false` and the compiler
//! removes them: the ordinary parser carries no mutant.

/// One deliberate bug. The variant names say where: the tokenizer state, insertion
/// mode or algorithm, and what goes wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutant {
    // The tokenizer.
    DataAmpersandIsText,
    RcdataAmpersandIsText,
    TagNameKeepsUpperCase,
    AttributeNameKeepsUpperCase,
    UnquotedValueSwallowsGreaterThanSign,
    SelfClosingFlagNotSet,
    CommentEndBangDoesNotEnd,
    DoctypeNameKeepsUpperCase,
    NumericReferenceSkipsReplacementTable,
    NamedReferenceInAttributeIgnoresEqualsSign,
    RawtextEndsAtAnyEndTag,
    ScriptDataEscapedDashDashEndsNothing,
    CdataSectionBracketAlwaysEnds,
    DataNullIsReplaced,
    ProcessingInstructionXmlTargetAllowed,
    // Tree construction.
    InitialIgnoresQuirksPublicIds,
    BeforeHeadKeepsWhitespace,
    InHeadVoidElementNotPopped,
    AfterHeadBodyAttributesIgnored,
    InBodyBlockDoesNotCloseP,
    InBodyLiDoesNotCloseLi,
    InBodyDdDtDoesNotCloseDd,
    InBodyHeadingDoesNotCloseHeading,
    InBodyAnchorWithoutAdoption,
    InBodyNobrWithoutAdoption,
    InBodyAnyOtherEndTagPassesSpecial,
    InBodyEndTagPInsertsNothing,
    InBodyEndTagBrIgnored,
    InBodyImageNotRenamed,
    InBodyTableIgnoresQuirks,
    InBodyTextareaKeepsLineFeed,
    InBodyFormattingNotReconstructed,
    InBodyHtmlAttributesIgnored,
    InTableTextWhitespaceFosterParented,
    InTableHiddenInputNotKept,
    InTableTrWithoutImpliedTbody,
    InCellStartTagDoesNotCloseCell,
    InCaptionEndTagKeepsCaption,
    InColumnGroupCharactersIgnored,
    InTemplateColPushesTable,
    AfterBodyCommentInBody,
    InFramesetCharactersKept,
    ResetModeCellIsRow,
    FosterParentingSkipped,
    TemplateContentsSkipped,
    GenerateImpliedEndTagsSkipsOptgroup,
    // Foreign content.
    SvgTagNameNotAdjusted,
    MathMlAttributeNotAdjusted,
    BreakoutIgnoresFontColor,
    AnnotationXmlEncodingCaseSensitive,
    ForeignSelfClosingNotAcknowledged,
    ForeignEndTagIgnoresCase,
    // The adoption agency algorithm.
    AdoptionOuterLoopStopsAtOne,
    AdoptionInnerLoopRemovesEarly,
    AdoptionNoFurthestBlockKeepsEntry,
    AdoptionBookmarkNotMoved,
    // Select and selectedcontent.
    SelectInSelectNotClosed,
    OptionSelectedAttributeIgnored,
    SelectedcontentClonesOnlyFirstChild,
    HrInSelectIgnored,
    // Templates.
    TemplateEndTagKeepsFormatting,
    // Fragments.
    FragmentTextareaNotRcdata,
    FragmentResetIgnoresContext,
    // Parse errors only.
    DuplicateAttributeErrorMissing,
    EofInTagErrorMissing,
    NullCharacterErrorMissing,
}

/// What [`MUTANTS`] says of a mutant.
#[derive(Clone, Copy, Debug)]
pub struct MutantInfo {
    pub mutant: Mutant,
    /// A stable kebab-case id (`in-body-block-does-not-close-p`).
    pub id: &'static str,
    /// The arm the mutant breaks, by its id in `docs/spec-arms.md`.
    pub arm: &'static str,
    /// What it does wrong.
    pub what: &'static str,
}

const fn m(mutant: Mutant, id: &'static str, arm: &'static str, what: &'static str) -> MutantInfo {
    MutantInfo {
        mutant,
        id,
        arm,
        what,
    }
}

/// Every mutant, with the arm it breaks.
pub const MUTANTS: &[MutantInfo] = &[
    m(Mutant::DataAmpersandIsText, "data-ampersand-is-text", "tokenizer.data.ampersand", "`&` in the data state is an ordinary character: no character reference"),
    m(Mutant::RcdataAmpersandIsText, "rcdata-ampersand-is-text", "tokenizer.rcdata.ampersand", "`&` in the RCDATA state is an ordinary character"),
    m(Mutant::TagNameKeepsUpperCase, "tag-name-keeps-upper-case", "tokenizer.tag-name.ascii-upper-alpha", "ASCII upper alphas of a tag name are not lowercased"),
    m(Mutant::AttributeNameKeepsUpperCase, "attribute-name-keeps-upper-case", "tokenizer.attribute-name.ascii-upper-alpha", "ASCII upper alphas of an attribute name are not lowercased"),
    m(Mutant::UnquotedValueSwallowsGreaterThanSign, "unquoted-value-swallows-greater-than-sign", "tokenizer.attribute-value-unquoted.greater-than-sign", "`>` in an unquoted attribute value is part of the value"),
    m(Mutant::SelfClosingFlagNotSet, "self-closing-flag-not-set", "tokenizer.self-closing-start-tag.greater-than-sign", "`/>` does not set the self-closing flag"),
    m(Mutant::CommentEndBangDoesNotEnd, "comment-end-bang-does-not-end", "tokenizer.comment-end-bang.greater-than-sign", "`--!>` does not end a comment"),
    m(Mutant::DoctypeNameKeepsUpperCase, "doctype-name-keeps-upper-case", "tokenizer.doctype-name.ascii-upper-alpha", "ASCII upper alphas of a DOCTYPE name are not lowercased"),
    m(Mutant::NumericReferenceSkipsReplacementTable, "numeric-reference-skips-replacement-table", "tokenizer.numeric-character-reference-end.control", "`&#128;` and its kind are not mapped through the table of replacements (U+20AC …)"),
    m(Mutant::NamedReferenceInAttributeIgnoresEqualsSign, "named-reference-in-attribute-ignores-equals-sign", "tokenizer.named-character-reference.match", "in an attribute value, a reference without `;` followed by `=` or an alphanumeric is replaced anyway"),
    m(Mutant::RawtextEndsAtAnyEndTag, "rawtext-ends-at-any-end-tag", "tokenizer.rawtext-end-tag-name.greater-than-sign", "any end tag ends RAWTEXT, appropriate or not"),
    m(Mutant::ScriptDataEscapedDashDashEndsNothing, "script-data-escaped-dash-dash-ends-nothing", "tokenizer.script-data-escaped-dash-dash.greater-than-sign", "`-->` in escaped script data does not return to script data"),
    m(Mutant::CdataSectionBracketAlwaysEnds, "cdata-section-bracket-always-ends", "tokenizer.cdata-section-end.anything-else", "`]]` followed by anything ends a CDATA section"),
    m(Mutant::DataNullIsReplaced, "data-null-is-replaced", "tokenizer.data.null", "U+0000 in the data state becomes U+FFFD"),
    m(Mutant::ProcessingInstructionXmlTargetAllowed, "processing-instruction-xml-target-allowed", "tokenizer.processing-instruction-target.whitespace-question-mark-greater-than-sign", "a processing instruction whose target is `xml` or `xml-stylesheet` is kept rather than made a bogus comment"),
    m(Mutant::InitialIgnoresQuirksPublicIds, "initial-ignores-quirks-public-ids", "tree.initial.doctype", "a DOCTYPE's public identifier never sets quirks mode"),
    m(Mutant::BeforeHeadKeepsWhitespace, "before-head-keeps-whitespace", "tree.before-head.character-whitespace", "white space before the head is inserted"),
    m(Mutant::InHeadVoidElementNotPopped, "in-head-void-element-not-popped", "tree.in-head.start-tag-base-basefont-bgsound-etc", "`<meta>`, `<link>`, `<base>` and the like in head are not popped: what follows goes inside them"),
    m(Mutant::AfterHeadBodyAttributesIgnored, "after-head-body-attributes-ignored", "tree.after-head.start-tag-body", "the body start tag's attributes are dropped"),
    m(Mutant::InBodyBlockDoesNotCloseP, "in-body-block-does-not-close-p", "tree.in-body.start-tag-address-article-aside-etc", "a block start tag does not close a p element in button scope"),
    m(Mutant::InBodyLiDoesNotCloseLi, "in-body-li-does-not-close-li", "tree.in-body.start-tag-li", "`<li>` does not close an open li"),
    m(Mutant::InBodyDdDtDoesNotCloseDd, "in-body-dd-dt-does-not-close-dd", "tree.in-body.start-tag-li", "`<dd>` and `<dt>` do not close an open dd or dt"),
    m(Mutant::InBodyHeadingDoesNotCloseHeading, "in-body-heading-does-not-close-heading", "tree.in-body.start-tag-h1-h2-h3-etc", "a heading start tag does not close an open heading"),
    m(Mutant::InBodyAnchorWithoutAdoption, "in-body-anchor-without-adoption", "tree.in-body.start-tag-a", "`<a>` with an `a` in the list of active formatting elements runs no adoption agency"),
    m(Mutant::InBodyNobrWithoutAdoption, "in-body-nobr-without-adoption", "tree.in-body.start-tag-nobr", "`<nobr>` with a nobr in scope runs no adoption agency"),
    m(Mutant::InBodyAnyOtherEndTagPassesSpecial, "in-body-any-other-end-tag-passes-special", "tree.in-body.any-other-end-tag", "\"any other end tag\" walks past special elements"),
    m(Mutant::InBodyEndTagPInsertsNothing, "in-body-end-tag-p-inserts-nothing", "tree.in-body.end-tag-p", "`</p>` with no p in button scope inserts no empty p"),
    m(Mutant::InBodyEndTagBrIgnored, "in-body-end-tag-br-ignored", "tree.in-body.end-tag-br", "`</br>` is ignored rather than treated as `<br>`"),
    m(Mutant::InBodyImageNotRenamed, "in-body-image-not-renamed", "tree.in-body.start-tag-image", "`<image>` stays an image element"),
    m(Mutant::InBodyTableIgnoresQuirks, "in-body-table-ignores-quirks", "tree.in-body.start-tag-table", "`<table>` closes a p element in quirks mode too"),
    m(Mutant::InBodyTextareaKeepsLineFeed, "in-body-textarea-keeps-line-feed", "tree.in-body.start-tag-textarea", "the line feed right after `<textarea>` is kept"),
    m(Mutant::InBodyFormattingNotReconstructed, "in-body-formatting-not-reconstructed", "tree.in-body.character-whitespace", "characters in body do not reconstruct the active formatting elements"),
    m(Mutant::InBodyHtmlAttributesIgnored, "in-body-html-attributes-ignored", "tree.in-body.start-tag-html", "a second `<html>` start tag's attributes are not added"),
    m(Mutant::InTableTextWhitespaceFosterParented, "in-table-text-whitespace-foster-parented", "tree.in-table-text.anything-else", "pending table characters that are all white space are foster-parented"),
    m(Mutant::InTableHiddenInputNotKept, "in-table-hidden-input-not-kept", "tree.in-table.start-tag-input", "a hidden input in a table is foster-parented"),
    m(Mutant::InTableTrWithoutImpliedTbody, "in-table-tr-without-implied-tbody", "tree.in-table.start-tag-td-th-tr", "a tr in a table implies no tbody"),
    m(Mutant::InCellStartTagDoesNotCloseCell, "in-cell-start-tag-does-not-close-cell", "tree.in-cell.start-tag-caption-col-colgroup-etc", "a table part's start tag in a cell does not close the cell (it is processed as in body)"),
    m(Mutant::InCaptionEndTagKeepsCaption, "in-caption-end-tag-keeps-caption", "tree.in-caption.end-tag-caption", "`</caption>` does not pop the caption"),
    m(Mutant::InColumnGroupCharactersIgnored, "in-column-group-characters-ignored", "tree.in-column-group.character-whitespace", "white space in a column group is dropped"),
    m(Mutant::InTemplateColPushesTable, "in-template-col-pushes-table", "tree.in-template.start-tag-col", "`<col>` in template contents pushes \"in table\" rather than \"in column group\""),
    m(Mutant::AfterBodyCommentInBody, "after-body-comment-in-body", "tree.after-body.comment", "a comment after the body goes into the body, not the html element"),
    m(Mutant::InFramesetCharactersKept, "in-frameset-characters-kept", "tree.in-frameset.anything-else", "characters in a frameset other than white space are inserted"),
    m(Mutant::ResetModeCellIsRow, "reset-mode-cell-is-row", "tree.reset-the-insertion-mode.step-4-td-th", "resetting the insertion mode at a cell gives \"in row\""),
    m(Mutant::FosterParentingSkipped, "foster-parenting-skipped", "tree.appropriate-place.step-3-foster-parenting", "foster parenting inserts into the table rather than before it"),
    m(Mutant::TemplateContentsSkipped, "template-contents-skipped", "tree.appropriate-place.step-6-template-contents", "nodes for a template go into the element, not its contents"),
    m(Mutant::GenerateImpliedEndTagsSkipsOptgroup, "generate-implied-end-tags-skips-optgroup", "tree.in-body.end-tag-address-article-aside-etc", "generating implied end tags leaves optgroup, option and rb open"),
    m(Mutant::SvgTagNameNotAdjusted, "svg-tag-name-not-adjusted", "tree.in-foreign-content.any-other-start-tag", "SVG tag names keep their lowercase (foreignobject)"),
    m(Mutant::MathMlAttributeNotAdjusted, "mathml-attribute-not-adjusted", "tree.in-body.start-tag-math", "definitionurl is not adjusted to definitionURL"),
    m(Mutant::BreakoutIgnoresFontColor, "breakout-ignores-font-color", "tree.in-foreign-content.start-tag-breakout", "`<font color>` in foreign content does not break out"),
    m(Mutant::AnnotationXmlEncodingCaseSensitive, "annotation-xml-encoding-case-sensitive", "tree.in-foreign-content.any-other-start-tag", "annotation-xml is an HTML integration point only for encoding exactly `text/html`"),
    m(Mutant::ForeignSelfClosingNotAcknowledged, "foreign-self-closing-not-acknowledged", "tree.in-foreign-content.any-other-start-tag", "a self-closing foreign element stays open"),
    m(Mutant::ForeignEndTagIgnoresCase, "foreign-end-tag-ignores-case", "tree.in-foreign-content.any-other-end-tag", "a foreign end tag matches only elements of the same case"),
    m(Mutant::AdoptionOuterLoopStopsAtOne, "adoption-outer-loop-stops-at-one", "tree.adoption-agency.step-4-1-outer-loop-limit", "the outer loop runs once, not eight times"),
    m(Mutant::AdoptionInnerLoopRemovesEarly, "adoption-inner-loop-removes-early", "tree.adoption-agency.step-4-13-4-removed-from-the-list", "the inner loop removes nodes from the list after one pass, not three"),
    m(Mutant::AdoptionNoFurthestBlockKeepsEntry, "adoption-no-furthest-block-keeps-entry", "tree.adoption-agency.step-4-8-no-furthest-block", "with no furthest block the formatting element stays in the list"),
    m(Mutant::AdoptionBookmarkNotMoved, "adoption-bookmark-not-moved", "tree.adoption-agency.step-4-13-7-bookmark-moved", "the bookmark stays where the formatting element was"),
    m(Mutant::SelectInSelectNotClosed, "select-in-select-not-closed", "tree.in-body.start-tag-select", "`<select>` in a select does not close it"),
    m(Mutant::OptionSelectedAttributeIgnored, "option-selected-attribute-ignored", "tree.selectedcontent.maybe-clone-step-2-clone", "an option's selected attribute does not make it selected"),
    m(Mutant::SelectedcontentClonesOnlyFirstChild, "selectedcontent-clones-only-first-child", "tree.selectedcontent.maybe-clone-step-2-clone", "cloning an option into selectedcontent copies its first child only"),
    m(Mutant::HrInSelectIgnored, "hr-in-select-ignored", "tree.in-body.start-tag-hr", "`<hr>` in a select is ignored"),
    m(Mutant::TemplateEndTagKeepsFormatting, "template-end-tag-keeps-formatting", "tree.in-head.end-tag-template", "`</template>` does not clear the list of active formatting elements up to the last marker"),
    m(Mutant::FragmentTextareaNotRcdata, "fragment-textarea-not-rcdata", "tree.fragment-case.title-textarea", "a title or textarea context leaves the tokenizer in the data state"),
    m(Mutant::FragmentResetIgnoresContext, "fragment-reset-ignores-context", "tree.reset-the-insertion-mode.step-3-fragment-context", "resetting the insertion mode does not look at the fragment's context element"),
    m(Mutant::DuplicateAttributeErrorMissing, "duplicate-attribute-error-missing", "tokenizer.attribute-name.duplicate-attribute", "no duplicate-attribute parse error"),
    m(Mutant::EofInTagErrorMissing, "eof-in-tag-error-missing", "tokenizer.tag-name.eof", "no eof-in-tag parse error"),
    m(Mutant::NullCharacterErrorMissing, "null-character-error-missing", "tokenizer.data.null", "no unexpected-null-character parse error in the data state"),
];

/// The mutant with this id.
pub fn by_id(id: &str) -> Option<&'static MutantInfo> {
    MUTANTS.iter().find(|info| info.id == id)
}

#[cfg(feature = "mutants")]
thread_local! {
    /// The mutant switched on for this thread's parses.
    static ACTIVE: std::cell::Cell<Option<Mutant>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with `mutant` switched on for this thread's parses (and off again after).
/// Without the feature `mutants`, `f` runs the ordinary parser.
pub fn with_mutant<T>(mutant: Mutant, f: impl FnOnce() -> T) -> T {
    #[cfg(feature = "mutants")]
    {
        struct Off(Option<Mutant>);
        impl Drop for Off {
            fn drop(&mut self) {
                ACTIVE.with(|active| active.set(self.0));
            }
        }
        let _off = Off(ACTIVE.with(|active| active.replace(Some(mutant))));
        f()
    }
    #[cfg(not(feature = "mutants"))]
    {
        let _ = mutant;
        f()
    }
}

/// Whether this build has mutants (the cargo feature `mutants`).
pub fn enabled() -> bool {
    cfg!(feature = "mutants")
}

/// Whether `mutant` is on for this parse: the check each broken arm makes.
#[inline(always)]
pub(crate) fn mutant(mutant: Mutant) -> bool {
    #[cfg(feature = "mutants")]
    return ACTIVE.with(|active| active.get() == Some(mutant));
    #[cfg(not(feature = "mutants"))]
    {
        let _ = mutant;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mutant_is_listed_once_with_an_arm_of_the_tables() {
        let mut ids = std::collections::HashSet::new();
        let mut mutants = std::collections::HashSet::new();
        for info in MUTANTS {
            assert!(ids.insert(info.id), "{} twice", info.id);
            assert!(mutants.insert(info.mutant), "{:?} twice", info.mutant);
            assert!(
                crate::spec_arms::info_by_id(info.arm).is_some(),
                "{}: no arm {}",
                info.id,
                info.arm
            );
        }
        assert!(MUTANTS.len() >= 50, "{}", MUTANTS.len());
    }
}
