//! Variants: the reference parser with the cause of a known difference put in, for
//! the harness's counterfactual parses.
//!
//! A known-difference class names a cause ("x parses `<select>` by the older \"in
//! select\" insertion modes"). Where a class gives a [`Variant`], the harness asks
//! whether the cause explains a finding by parsing the finding's input again with
//! the variant switched on: if the variant departs from the standard at the same
//! token and arm as the engine did, the cause is at work there; if it departs
//! elsewhere, or not at all, the finding shows another cause (a bug the class would
//! otherwise hide). [`VARIANTS`] lists them.
//!
//! A variant is not the standard. With the cargo feature `variants`,
//! [`with_variant`] runs a parse with one switched on (on this thread only), and the
//! parser's `variant(Variant::…)` checks read it. Without the feature the checks are
//! constant `false` and the compiler removes them: the ordinary parser carries none.

/// One cause of a known difference, as the parser can put it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `<select>` parsed by the "in select" and "in select in table" insertion modes
    /// the standard had before its relaxed select (2025): only option, optgroup, hr
    /// and script-supporting elements are kept in a select, other tags are dropped,
    /// input, keygen, textarea and (in a table) table parts close it
    /// (`tree_builder::older_select`).
    OlderSelect,
    /// [`Variant::OlderSelect`] as the modes read before their "hr" entry (2019): an
    /// hr in a select is "anything else", ignored.
    OlderSelectWithoutHr,
    /// [`Variant::OlderSelectWithoutHr`], and "reset the insertion mode appropriately"
    /// giving "in cell" for a td or th fragment context too (step 4 without "last is
    /// false"), so a select in a td fragment is "in select in table"
    /// (`tree_builder::stack_steps`).
    OlderSelectWithCellFragmentsInCell,
    /// `<selectedcontent>` left as the input wrote it: "maybe clone an option into
    /// selectedcontent" (when an option is popped) and the selectedcontent element's
    /// insertion steps do nothing (`tree_builder::select`).
    SelectedcontentNeverCloned,
    /// No processing instructions, as the standard was before 2026: the tag open state
    /// on `?` is "an unexpected-question-mark-instead-of-tag-name parse error. Create a
    /// comment token whose data is the empty string. Reconsume in the bogus comment
    /// state." (`tokenizer::tags`).
    NoProcessingInstructions,
    /// A noscript fragment context read as RAWTEXT whether or not scripting is
    /// enabled (`tree_builder::fragment`).
    NoscriptFragmentAlwaysRawtext,
    /// The markup declaration open state's test for a CDATA section read on the
    /// current node instead of the adjusted current node: in a fragment with an SVG or
    /// MathML context and only the html root open, `<![CDATA[` starts a bogus comment
    /// (`tree_builder::TreeBuilder::cdata_allowed`).
    CdataByTheCurrentNode,
    /// A U+0000 NULL in a tag name, an attribute name or value, or a DOCTYPE's name or
    /// identifiers kept as it is, where the standard appends U+FFFD (`tokenizer`).
    NulKeptInNamesAndValues,
    /// The special category without main, search and summary, and without the MathML
    /// and SVG elements but SVG foreignObject: the adoption agency's furthest block,
    /// "any other end tag" and the li, dd and dt walks pass them
    /// (`tree_builder::open_elements`); and "any other end tag" in body stops at an
    /// element of any namespace with the token's tag name, not only an HTML one
    /// (`tree_builder::modes::in_body_steps`); and the adoption agency's "not in scope"
    /// step acts as "any other end tag" (`tree_builder::adoption_agency`). html5lib
    /// 1.1's list and walk.
    NarrowSpecialCategory,
    /// The special category without main (`tree_builder::open_elements`).
    MainNotSpecial,
    /// The special category with its HTML elements only (no MathML or SVG element),
    /// the default scope without MathML annotation-xml (`tree_builder::open_elements`),
    /// and the breakout in foreign content stopping at no annotation-xml
    /// (`tree_builder::foreign`). html5ever's tag sets.
    HtmlOnlySpecialCategory,
    /// A breakout start tag in foreign content, in the fragment case, acts as "any
    /// other start tag" (inserted in the adjusted current node's namespace), as the
    /// standard read before 2021; and so does the start tag "in body" makes of an
    /// end tag `</br>`, or `</p>` with no p in button scope, there (x/net/html hands
    /// the end tag to "in body", whose implied start tag goes back through the
    /// dispatcher), which stays open (`tree_builder::foreign`).
    BreakoutInAFragmentAsAnyOtherStartTag,
    /// The markup declaration open state's CDATA test also false where the adjusted
    /// current node is an HTML integration point or a MathML text integration point:
    /// `<![CDATA[` there starts a bogus comment (`tree_builder::TreeBuilder::cdata_allowed`).
    CdataNotAtIntegrationPoints,
    /// "Adjust foreign attributes" without its `xmlns` row: an `xmlns` attribute on an
    /// SVG or MathML element stays in no namespace (`tree_builder::foreign`).
    XmlnsNotAdjusted,
    /// The rules for foreign content without their entry "An end tag whose tag name
    /// is "br", "p"" (added in 2021): such an end tag is "any other end tag" there,
    /// whose walk reaches an HTML element and hands the token to the HTML rules, which
    /// insert the br or p inside the foreign element (`tree_builder::foreign`).
    BrPEndTagsAsAnyOtherEndTag,
    /// The "in table" insertion mode's start tag input reads its type from every copy
    /// of the attribute the tag was written with, a duplicate the tokenizer dropped
    /// included: any copy that is "hidden" keeps the input in the table
    /// (`tree_builder::modes::in_table`).
    InputTypeFromADroppedDuplicate,
    /// The Noah's Ark clause tells an attribute written without a value (`<b id>`)
    /// from one written with an empty value (`<b id="">`), which the standard's
    /// tokens do not (`tree_builder::active_formatting`).
    ValuelessAttributesUnlikeEmptyOnes,
    /// "Any other end tag" in "in body" compares tag names as an enumeration of the
    /// tags an engine knows, where every other name is one value: an end tag of a
    /// name outside it matches the nearest open HTML element whose name is outside it
    /// too (`</m>` closes an open `<fmi>`). gumbo's enumeration
    /// (`tree_builder::enumerated_tags`, `tree_builder::modes::in_body_steps`).
    UnknownTagNamesAlike,
    /// `<selectedcontent>` filled as a DOM that keeps selectedness on its options
    /// fills it: a `selected` attribute selects, the selectedness setting algorithm
    /// reads a narrow list of options (the select's option children, and options
    /// inside a select, datalist, hr or option child, not in an optgroup or any
    /// other element), and a popped selected option's children are copied into its
    /// select's first selectedcontent descendant, disabled or not, template contents
    /// left out; no insertion steps, and no clone at the end of a fragment
    /// (`tree_builder::select_narrow_list`). lexbor's, measured.
    SelectedcontentByANarrowListOfOptions,
    /// A character token in body whose first character is U+000A LF loses it when
    /// the current node is an HTML pre or listing with no child yet, whichever
    /// token came before (`tree_builder::modes::in_body`). x/net/html's rule for the
    /// newline after `<pre>`.
    NewlineDroppedAtTheStartOfAnEmptyPre,
    /// `<selectedcontent>` updated whenever an option's selectedness becomes true,
    /// as well as at the standard's steps: an option the parser inserts that becomes
    /// its select's selected option is cloned (with no children yet) into the
    /// select's enabled selectedcontent at once, which takes the option out of a
    /// selectedcontent it was inserted into (`tree_builder::select`). Chromium's,
    /// measured.
    SelectedcontentClonedWhenSelectednessChanges,
    /// The adoption agency algorithm's inner loop as the standard read before 2014:
    /// it ends after its third step ("if inner loop counter is greater than three, go
    /// to the next step in the overall algorithm"), with no step 4.13.4
    /// (`tree_builder::adoption_agency`).
    AdoptionInnerLoopOfThree,
    /// "Reset the insertion mode appropriately" reading each SVG or MathML element of
    /// the stack by its local name alone: one named td, table, frameset, html, … is
    /// taken for the HTML element of that name (not a template), and one named select
    /// starts the older "in select" mode (or "in select in table"), whose rules then
    /// apply (`tree_builder::stack_steps`, `tree_builder::older_select`). HTML elements
    /// are read as the standard reads them. x/net/html's reset switches on the
    /// element's atom, which carries no namespace.
    ResetTheInsertionModeByLocalName,
    /// A tag whose last attribute value, unquoted, ends with U+002F SOLIDUS right
    /// before the `>` is self-closing too (the value keeps its `/`): the attribute
    /// value (unquoted) state's U+003E GREATER-THAN SIGN arm, "Switch to the data
    /// state. Emit the current tag token.", sets the self-closing flag first
    /// (`tokenizer::attributes`). x/net/html's tokenizer reads a `/` before the `>`
    /// as self-closing whatever state it was read in.
    SlashEndingAnUnquotedValueSelfCloses,
    /// "Has a particular element in table scope" with the list "html, table" only:
    /// the standard's list is "html in the HTML namespace; table in the HTML
    /// namespace; template in the HTML namespace", so a table scope check inside
    /// template contents stops at the template; here it reaches past it to a table,
    /// section, row or cell outside (`tree_builder::open_elements`). parse5's stack of
    /// open elements gives a template no table-scope bit.
    TableScopeWithoutTemplate,
    /// A decimal character reference of one digit with no semicolon is text: the
    /// decimal character reference state's "Anything else" entry ("This is a
    /// missing-semicolon-after-character-reference parse error. Reconsume in the
    /// numeric character reference end state.") flushes `&#` and the digit as they
    /// were written instead, and reconsumes in the return state
    /// (`tokenizer::character_reference`). x/net/html's unescaping takes a numeric
    /// reference only when it spans more than three bytes (`&#9` does not).
    SingleDigitDecimalReferenceWithoutSemicolonIsText,
    /// The character reference code kept in 32 bits that wrap: the hexadecimal and
    /// decimal character reference states' "Multiply the character reference code by
    /// 16 [10]. Add a numeric version of the current input character" computed modulo
    /// 2^32, so that a code past 0xFFFFFFFF, which the standard has the numeric
    /// character reference end state replace ("If the number is greater than
    /// 0x10FFFF, then this is a character-reference-outside-unicode-range parse
    /// error. Set the character reference code to 0xFFFD."), becomes the code point
    /// its low 32 bits name (`&#x100010000` is U+10000) (`tokenizer::character_reference`).
    /// x/net/html accumulates the reference in a Go rune, an int32.
    NumericReferenceCodeWrapsAt32Bits,
    /// "In caption", a th start tag left out of the start tags that close the
    /// caption ("caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead",
    /// "tr"): it is "anything else", processed by the in-body rules, which ignore it
    /// (`tree_builder::modes::in_table`). x/net/html's in-caption list has no th.
    ThInCaptionAsAnythingElse,
    /// "Any other end tag" in foreign content returning when its walk reaches the
    /// topmost element, the fragment case's html root, even though that is an HTML
    /// element: step 7 ("Otherwise, process the token according to the rules given in
    /// the section corresponding to the current insertion mode in HTML content") is
    /// not taken there, so the end tag does nothing (`tree_builder::foreign`).
    /// html5ever's walk tests for the bottom of the stack before it tests the element.
    ForeignEndTagWalkStopsAtTheRoot,
    /// No search element (added in 2023): its start and end tags in body are "any other
    /// start tag" and "any other end tag", not the entries of address, article, …, and
    /// it is not special (`tree_builder::modes::in_body`, `tree_builder::open_elements`).
    NoSearchElement,
    /// Foster parenting ended for the rest of a token by an element its steps popped:
    /// the li, dd and dt start tags' closing of a list item or a p, and the option and
    /// optgroup start tags' popping of an option, in "in table"'s "anything else"
    /// (processed "using the rules for the "in body" insertion mode, except that
    /// whenever a node would be inserted into the current node when the current node
    /// is a table, tbody, tfoot, thead, or tr element, then it must instead be foster
    /// parented"), insert the element into the table
    /// (`tree_builder::modes::in_body_steps`).
    FosterParentingLostAfterAnImpliedEndTag,
    /// The adoption agency algorithm's inner loop leaving a node it removed from the
    /// list of active formatting elements (step 4.13.4, past the third iteration) on
    /// the stack of open elements: it goes on to the next node instead of step 4.13.5
    /// ("If node is not in the list of active formatting elements, then remove node
    /// from the stack of open elements and continue"), so the element stays open
    /// where the standard closes it (`tree_builder::adoption_agency`). x/net/html's
    /// step 14.5 ends with `continue`.
    AdoptionRemovedFromTheListStaysOnTheStack,
    /// The adoption agency algorithm's step 4.5 ("If formattingElement is in the
    /// stack of open elements, but the element is not in scope, then this is a parse
    /// error; return") asking for any HTML element of the subject's tag name in scope,
    /// not formattingElement itself (`tree_builder::adoption_agency`). x/net/html's
    /// step 8 calls `elementInScope(defaultScope, tagAtom)`.
    AdoptionScopeByTagName,
    /// The adoption agency algorithm keeping positions in the list of active
    /// formatting elements as numbers, indexes into an array of its entries. The
    /// standard's bookmark is a place between entries: step 4.10 "Let a bookmark note
    /// the position of formattingElement in the list of active formatting elements
    /// relative to the elements on either side of it in the list", step 4.13.7 "move
    /// the aforementioned bookmark to be immediately after the new node in the list of
    /// active formatting elements", and step 4.18 "Remove formattingElement from the
    /// list of active formatting elements, and insert the new element into the list of
    /// active formatting elements at the position of the aforementioned bookmark".
    /// Here the bookmark is formattingElement's index, then one more than the index of
    /// the first node the inner loop replaces; step 4.18 removes the entry at the
    /// index step 4.3 found formattingElement at, then inserts the new element at the
    /// bookmark's number (at the end when that is past it). Every removal before the
    /// bookmark leaves it one entry further: formattingElement's own at step 4.18, so
    /// the new element goes after the entry that followed the new node (or at the
    /// end), and each of step 4.13.4's. And when step 4.13.4 removed an entry before
    /// formattingElement's, step 4.18 removes an entry after it instead (or none,
    /// past the end), and formattingElement's entry stays
    /// (`tree_builder::adoption_agency`, `tree_builder::active_formatting`). lexbor's
    /// (`lxb_html_tree_adoption_agency_algorithm` in source/lexbor/html/tree.c),
    /// measured.
    AdoptionListPositionsAsIndexes,
    /// "In table"'s entry for a character token read without template: "A character
    /// token, if the current node is table, tbody, template, tfoot, thead, or tr
    /// element" does not take a template current node, so its characters are
    /// "anything else", the in-body rules with foster parenting, which reconstruct the
    /// active formatting elements even for white space (`tree_builder::modes::
    /// in_table`). html5ever's `process_chars_in_table`, parse5's
    /// `TABLE_STRUCTURE_TAGS`, and x/net/html's and lexbor's in-table text checks list
    /// no template.
    TableTextWithoutTemplate,
    /// "In row"'s `</tbody>`, `</tfoot>` and `</thead>` acting when either of its two
    /// conditions holds: an element with the token's tag name in table scope, or a tr
    /// in table scope (the standard asks for both, and ignores the token otherwise).
    /// The row's steps then run as they are: clear the stack back to a table row
    /// context, pop the current node, whatever it is, and reprocess in "in table
    /// body" (`tree_builder::modes::in_table_body`). parse5's `endTagInRow`
    /// (`hasInTableScope(tn) || hasInTableScope($.TR)`).
    RowSectionEndTagByEitherScope,
}

/// A variant's id (a class's `variant = "…"`) and what it puts in.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub variant: Variant,
    pub id: &'static str,
    pub what: &'static str,
    /// Whether the variant changes only what a token carries (a name, a value), so
    /// that its first effect is that token's own node: it shows a cause only where it
    /// makes there what the engine made, not merely departs at the same place.
    pub whole: bool,
}

/// Every variant.
pub const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        variant: Variant::OlderSelect,
        id: "older-select",
        what: "<select> by the older \"in select\" and \"in select in table\" insertion modes",
        whole: false,
    },
    VariantInfo {
        variant: Variant::OlderSelectWithoutHr,
        id: "older-select-without-hr",
        what: "older-select, from before the \"in select\" mode's hr entry: an hr in a select is ignored",
        whole: false,
    },
    VariantInfo {
        variant: Variant::OlderSelectWithCellFragmentsInCell,
        id: "older-select-with-cell-fragments-in-cell",
        what: "older-select-without-hr, and a td or th fragment starts \"in cell\" (a select there is \"in select in table\")",
        whole: false,
    },
    VariantInfo {
        variant: Variant::SelectedcontentNeverCloned,
        id: "selectedcontent-never-cloned",
        what: "no option is ever cloned into a <selectedcontent>",
        whole: false,
    },
    VariantInfo {
        variant: Variant::NoProcessingInstructions,
        id: "no-processing-instructions",
        what: "`<?` starts a bogus comment, as before the processing instruction states",
        whole: false,
    },
    VariantInfo {
        variant: Variant::NoscriptFragmentAlwaysRawtext,
        id: "noscript-fragment-always-rawtext",
        what: "a noscript fragment is RAWTEXT with scripting off too",
        whole: false,
    },
    VariantInfo {
        variant: Variant::CdataByTheCurrentNode,
        id: "cdata-by-the-current-node",
        what: "`<![CDATA[` opens a CDATA section by the current node, not the adjusted current node (a foreign fragment's root is HTML)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::NulKeptInNamesAndValues,
        id: "nul-kept-in-names-and-values",
        what: "a U+0000 in a tag or attribute name, an attribute value or a DOCTYPE stays U+0000 (not U+FFFD)",
        whole: true,
    },
    VariantInfo {
        variant: Variant::NarrowSpecialCategory,
        id: "narrow-special-category",
        what: "the special category without main, search, summary, and the MathML and SVG elements but svg foreignObject; \"any other end tag\" in body stops at a foreign element of its name too, and the adoption agency's \"not in scope\" acts as it",
        whole: false,
    },
    VariantInfo {
        variant: Variant::HtmlOnlySpecialCategory,
        id: "html-only-special-category",
        what: "the special category without its MathML and SVG elements, the default scope without annotation-xml, and no breakout stop at annotation-xml",
        whole: false,
    },
    VariantInfo {
        variant: Variant::MainNotSpecial,
        id: "main-not-special",
        what: "the special category without main",
        whole: false,
    },
    VariantInfo {
        variant: Variant::BreakoutInAFragmentAsAnyOtherStartTag,
        id: "breakout-in-a-fragment-as-any-other-start-tag",
        what: "in a fragment, a breakout start tag in foreign content acts as \"any other start tag\" (the older text)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::CdataNotAtIntegrationPoints,
        id: "cdata-not-at-integration-points",
        what: "`<![CDATA[` is a bogus comment at an HTML or MathML text integration point",
        whole: false,
    },
    VariantInfo {
        variant: Variant::XmlnsNotAdjusted,
        id: "xmlns-not-adjusted",
        what: "an xmlns attribute on an SVG or MathML element keeps no namespace",
        whole: true,
    },
    VariantInfo {
        variant: Variant::BrPEndTagsAsAnyOtherEndTag,
        id: "br-p-end-tags-as-any-other-end-tag",
        what: "in foreign content, </br> and </p> are \"any other end tag\" (no breakout, as before 2021)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::InputTypeFromADroppedDuplicate,
        id: "input-type-from-a-dropped-duplicate",
        what: "in a table, an input is hidden if any copy of its type attribute, a dropped duplicate too, is \"hidden\"",
        whole: false,
    },
    VariantInfo {
        variant: Variant::ValuelessAttributesUnlikeEmptyOnes,
        id: "valueless-attributes-unlike-empty-ones",
        what: "the Noah's Ark clause tells `<b id>` from `<b id=\"\">`",
        whole: false,
    },
    VariantInfo {
        variant: Variant::UnknownTagNamesAlike,
        id: "unknown-tag-names-alike",
        what: "\"any other end tag\" in body takes every tag name outside an enumeration of known tags (gumbo's) as one name: `</m>` closes an open `<fmi>`",
        whole: false,
    },
    VariantInfo {
        variant: Variant::SelectedcontentByANarrowListOfOptions,
        id: "selectedcontent-by-a-narrow-list-of-options",
        what: "<selectedcontent> filled by DOM selectedness over a narrow list of options (option children, and options in a nested select, datalist, hr or option), into the select's first selectedcontent descendant, only when an option is popped",
        whole: false,
    },
    VariantInfo {
        variant: Variant::NewlineDroppedAtTheStartOfAnEmptyPre,
        id: "newline-dropped-at-the-start-of-an-empty-pre",
        what: "a LF at the start of text in body is dropped where the current node is a pre or listing with no child yet, not only as the token after the start tag",
        whole: false,
    },
    VariantInfo {
        variant: Variant::SelectedcontentClonedWhenSelectednessChanges,
        id: "selectedcontent-cloned-when-selectedness-changes",
        what: "an option inserted as its select's selected option is cloned into the selectedcontent at once, as well as when popped",
        whole: false,
    },
    VariantInfo {
        variant: Variant::AdoptionInnerLoopOfThree,
        id: "adoption-inner-loop-of-three",
        what: "the adoption agency's inner loop ends after its third step, as the standard read before 2014",
        whole: false,
    },
    VariantInfo {
        variant: Variant::ResetTheInsertionModeByLocalName,
        id: "reset-the-insertion-mode-by-local-name",
        what: "resetting the insertion mode takes an SVG or MathML element for the HTML element of its local name (not a template; a select starts the older \"in select\" mode)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::SlashEndingAnUnquotedValueSelfCloses,
        id: "slash-ending-an-unquoted-value-self-closes",
        what: "a tag whose unquoted attribute value ends with `/` right before `>` is self-closing (the value keeps the `/`)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::TableScopeWithoutTemplate,
        id: "table-scope-without-template",
        what: "a table scope check reaches past a template (the list is html and table only)",
        whole: false,
    },
    VariantInfo {
        variant: Variant::SingleDigitDecimalReferenceWithoutSemicolonIsText,
        id: "single-digit-decimal-reference-without-semicolon-is-text",
        what: "`&#9` with no semicolon stays text (a decimal reference needs two digits or a semicolon)",
        whole: true,
    },
    VariantInfo {
        variant: Variant::NumericReferenceCodeWrapsAt32Bits,
        id: "numeric-reference-code-wraps-at-32-bits",
        what: "a numeric character reference's code is kept modulo 2^32: `&#x100010000` is U+10000, not U+FFFD",
        whole: true,
    },
    VariantInfo {
        variant: Variant::ThInCaptionAsAnythingElse,
        id: "th-in-caption-as-anything-else",
        what: "in caption, a th start tag does not close the caption: the in-body rules ignore it",
        whole: false,
    },
    VariantInfo {
        variant: Variant::ForeignEndTagWalkStopsAtTheRoot,
        id: "foreign-end-tag-walk-stops-at-the-root",
        what: "an end tag in foreign content whose walk reaches the fragment's html root is ignored, not handed to the insertion mode",
        whole: false,
    },
    VariantInfo {
        variant: Variant::NoSearchElement,
        id: "no-search-element",
        what: "search is an unknown element: its start tag does not close a p, its end tag is any other end tag, and it is not special",
        whole: false,
    },
    VariantInfo {
        variant: Variant::FosterParentingLostAfterAnImpliedEndTag,
        id: "foster-parenting-lost-after-an-implied-end-tag",
        what: "an li, dd, dt, option or optgroup start tag that closes an element first is inserted without foster parenting",
        whole: false,
    },
    VariantInfo {
        variant: Variant::AdoptionRemovedFromTheListStaysOnTheStack,
        id: "adoption-removed-from-the-list-stays-on-the-stack",
        what: "the adoption agency's inner loop leaves a node it removed from the list of active formatting elements on the stack of open elements",
        whole: false,
    },
    VariantInfo {
        variant: Variant::AdoptionScopeByTagName,
        id: "adoption-scope-by-tag-name",
        what: "the adoption agency's scope check asks for any element of the end tag's name in scope, not the formatting element",
        whole: false,
    },
    VariantInfo {
        variant: Variant::AdoptionListPositionsAsIndexes,
        id: "adoption-list-positions-as-indexes",
        what: "the adoption agency keeps formattingElement's position and the bookmark as indexes into the list of active formatting elements, which removals before them shift: the new formatting element goes one entry further, and another entry may be removed in its place",
        whole: false,
    },
    VariantInfo {
        variant: Variant::TableTextWithoutTemplate,
        id: "table-text-without-template",
        what: "in table, characters with a template as the current node are anything else (in-body rules with foster parenting), not table text",
        whole: false,
    },
    VariantInfo {
        variant: Variant::RowSectionEndTagByEitherScope,
        id: "row-section-end-tag-by-either-scope",
        what: "in row, a tbody, tfoot or thead end tag closes the row when an element of its name or a tr is in table scope, not only when both are",
        whole: false,
    },
];

/// The variant with this id.
pub fn by_id(id: &str) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|info| info.id == id)
}

/// A set of variants, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VariantSet(u64);

// One bit per variant.
const _: () = assert!(VARIANTS.len() <= 64);

impl VariantSet {
    /// The set of `variants`.
    pub fn of(variants: &[Variant]) -> VariantSet {
        VariantSet(
            variants
                .iter()
                .fold(0, |bits, &v| bits | VariantSet::bit(v)),
        )
    }

    #[inline(always)]
    fn bit(variant: Variant) -> u64 {
        1 << (variant as u32)
    }

    /// Whether `variant` is in the set.
    #[inline(always)]
    pub fn has(self, variant: Variant) -> bool {
        self.0 & VariantSet::bit(variant) != 0
    }

    /// Whether the set is empty (the standard).
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(feature = "variants")]
thread_local! {
    /// The variants switched on for this thread's parses.
    static ACTIVE: std::cell::Cell<VariantSet> = const { std::cell::Cell::new(VariantSet(0)) };
}

/// Runs `f` with `variant` switched on for this thread's parses (and off again after).
/// Without the feature `variants`, `f` runs the ordinary parser.
pub fn with_variant<T>(variant: Variant, f: impl FnOnce() -> T) -> T {
    with_variants(&[variant], f)
}

/// Runs `f` with all of `variants` switched on at once: two causes of one engine at
/// work together. Without the feature `variants`, `f` runs the ordinary parser.
pub fn with_variants<T>(variants: &[Variant], f: impl FnOnce() -> T) -> T {
    #[cfg(feature = "variants")]
    {
        struct Off(VariantSet);
        impl Drop for Off {
            fn drop(&mut self) {
                ACTIVE.with(|active| active.set(self.0));
            }
        }
        let _off = Off(ACTIVE.with(|active| active.replace(VariantSet::of(variants))));
        f()
    }
    #[cfg(not(feature = "variants"))]
    {
        let _ = variants;
        f()
    }
}

/// Whether this build has variants (the cargo feature `variants`).
#[inline(always)]
pub fn enabled() -> bool {
    cfg!(feature = "variants")
}

/// The variants on for this parse: one switch read where a step asks about several
/// variants. Empty without the feature.
#[inline(always)]
pub(crate) fn active() -> VariantSet {
    #[cfg(feature = "variants")]
    return ACTIVE.with(|active| active.get());
    #[cfg(not(feature = "variants"))]
    VariantSet(0)
}

/// Whether `variant` is on for this parse.
#[inline(always)]
pub(crate) fn variant(variant: Variant) -> bool {
    active().has(variant)
}
