//! Departures from the standard: mutants, variants and a planted fault, all one
//! mechanism (feature `departures`).
//!
//! A *departure* is a named change of one or more arms of the standard, made beside
//! it: the standard's modules name none; a departure reaches the algorithm only
//! through the seams of `crate::seams`, which a second instantiation of the parser,
//! [`Departed`], answers from the departures switched on for one parse. [`DEPARTURES`]
//! lists them, each with its id, its [`Kind`], the arms it changes (ids of
//! `docs/spec-arms.md`) and what it does:
//!
//! - a **mutant** is a deliberate bug in one arm (an arm skipped, a wrong branch
//!   taken, an error left out): a harness runs it as an engine under test, with every
//!   known class loaded, to show that no class would hide the same bug in a real
//!   parser (`litmus mutants`);
//! - a **variant** is the cause of another engine's known difference, read from that
//!   engine's source (or measured), with the engines whose cause it models: a class
//!   that names it (`variant = "…"`) is checked by a counterfactual parse with it put
//!   in, which must depart from the standard where the engine did;
//! - the **planted** fault makes a family of inputs take time that grows faster than
//!   their size, for the test that `litmus bench --only search` finds such a walk.
//!
//! [`parse`] and [`trace`] parse with a set of departures on; the ordinary entry
//! points of the crate are the standard, and pay nothing for this module.
//!
//! The departures' own code sits beside the standard's, each at the seam it uses:
//! `tokenizer/departures.rs` (tokenizer states, parse errors, attributes) and
//! `tree_builder/departures/` (insertion modes, foreign content, the adoption agency
//! algorithm, resetting the insertion mode, the appropriate place for inserting, the
//! stack's scopes, selectedcontent, the fragment case).

mod markdown;
mod registry;
mod seams;
pub(crate) mod state;

pub use markdown::render_markdown;

pub use registry::DEPARTURES;

use crate::dom::Document;
use crate::parse::run_with;
use crate::scratch::Scratch;
use crate::{FragmentContext, ParseFailure, ParseOptions};

/// Every departure, named after what it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Departure {
    // Mutants: one deliberate bug each (`Kind::Mutant`).
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
    SvgTagNameNotAdjusted,
    MathMlAttributeNotAdjusted,
    BreakoutIgnoresFontColor,
    AnnotationXmlEncodingCaseSensitive,
    ForeignSelfClosingNotAcknowledged,
    ForeignEndTagIgnoresCase,
    AdoptionOuterLoopStopsAtOne,
    AdoptionInnerLoopRemovesEarly,
    AdoptionNoFurthestBlockKeepsEntry,
    AdoptionChildrenStayInTheFurthestBlock,
    SelectInSelectNotClosed,
    OptionSelectedAttributeIgnored,
    SelectedcontentClonesOnlyFirstChild,
    HrInSelectIgnored,
    TemplateEndTagKeepsFormatting,
    FragmentTextareaNotRcdata,
    FragmentResetIgnoresContext,
    DuplicateAttributeErrorMissing,
    EofInTagErrorMissing,
    NullCharacterErrorMissing,
    // Variants: causes of other engines' known differences (`Kind::Variant`).
    /// `<select>` parsed by the "in select" and "in select in table" insertion modes the
    /// standard had before its relaxed select (2025): only option, optgroup, hr and
    /// script-supporting elements are kept in a select, other tags are dropped, input,
    /// keygen, textarea and (in a table) table parts close it
    /// (`tree_builder::older_select`).
    OlderSelect,
    /// [`Variant::OlderSelect`] as the modes read before their "hr" entry (2019): an hr in
    /// a select is "anything else", ignored.
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
    /// No processing instructions, as the standard was before 2026: the tag open state on
    /// `?` is "an unexpected-question-mark-instead-of-tag-name parse error. Create a
    /// comment token whose data is the empty string. Reconsume in the bogus comment state."
    /// (`tokenizer::tags`).
    NoProcessingInstructions,
    /// A noscript fragment context read as RAWTEXT whether or not scripting is enabled
    /// (`tree_builder::fragment`).
    NoscriptFragmentAlwaysRawtext,
    /// The markup declaration open state's test for a CDATA section read on the current
    /// node instead of the adjusted current node: in a fragment with an SVG or MathML
    /// context and only the html root open, `<![CDATA[` starts a bogus comment
    /// (`tree_builder::TreeBuilder::cdata_allowed`).
    CdataByTheCurrentNode,
    /// A U+0000 NULL in a tag name, an attribute name or value, or a DOCTYPE's name or
    /// identifiers kept as it is, where the standard appends U+FFFD (`tokenizer`).
    NulKeptInNamesAndValues,
    /// The special category without main, search and summary, and without the MathML and
    /// SVG elements but SVG foreignObject: the adoption agency's furthest block, "any other
    /// end tag" and the li, dd and dt walks pass them (`tree_builder::open_elements`); and
    /// "any other end tag" in body stops at an element of any namespace with the token's
    /// tag name, not only an HTML one (`tree_builder::modes::in_body_steps`); and the
    /// adoption agency's "not in scope" step acts as "any other end tag"
    /// (`tree_builder::adoption_agency`). html5lib 1.1's list and walk.
    NarrowSpecialCategory,
    /// The special category with its HTML elements only (no MathML or SVG element), the
    /// default scope without MathML annotation-xml (`tree_builder::open_elements`), and the
    /// breakout in foreign content stopping at no annotation-xml (`tree_builder::foreign`).
    /// html5ever's tag sets.
    HtmlOnlySpecialCategory,
    /// The special category without main (`tree_builder::open_elements`).
    MainNotSpecial,
    /// A breakout start tag in foreign content, in the fragment case, acts as "any other
    /// start tag" (inserted in the adjusted current node's namespace), as the standard read
    /// before 2021; and so does the start tag "in body" makes of an end tag `</br>`, or
    /// `</p>` with no p in button scope, there (x/net/html hands the end tag to "in body",
    /// whose implied start tag goes back through the dispatcher), which stays open
    /// (`tree_builder::foreign`).
    BreakoutInAFragmentAsAnyOtherStartTag,
    /// The markup declaration open state's CDATA test also false where the adjusted current
    /// node is an HTML integration point or a MathML text integration point: `<![CDATA[`
    /// there starts a bogus comment (`tree_builder::TreeBuilder::cdata_allowed`).
    CdataNotAtIntegrationPoints,
    /// "Adjust foreign attributes" without its `xmlns` row: an `xmlns` attribute on an SVG
    /// or MathML element stays in no namespace (`tree_builder::foreign`).
    XmlnsNotAdjusted,
    /// The rules for foreign content without their entry "An end tag whose tag name is
    /// "br", "p"" (added in 2021): such an end tag is "any other end tag" there, whose walk
    /// reaches an HTML element and hands the token to the HTML rules, which insert the br
    /// or p inside the foreign element (`tree_builder::foreign`).
    BrPEndTagsAsAnyOtherEndTag,
    /// The "in table" insertion mode's start tag input reads its type from every copy of
    /// the attribute the tag was written with, a duplicate the tokenizer dropped included:
    /// any copy that is "hidden" keeps the input in the table
    /// (`tree_builder::modes::in_table`).
    InputTypeFromADroppedDuplicate,
    /// The Noah's Ark clause tells an attribute written without a value (`<b id>`) from one
    /// written with an empty value (`<b id="">`), which the standard's tokens do not
    /// (`tree_builder::active_formatting`).
    ValuelessAttributesUnlikeEmptyOnes,
    /// "Any other end tag" in "in body" compares tag names as an enumeration of the tags an
    /// engine knows, where every other name is one value: an end tag of a name outside it
    /// matches the nearest open HTML element whose name is outside it too (`</m>` closes an
    /// open `<fmi>`). gumbo's enumeration (`tree_builder::enumerated_tags`,
    /// `tree_builder::modes::in_body_steps`).
    UnknownTagNamesAlike,
    /// `<selectedcontent>` filled as a DOM that keeps selectedness on its options fills it:
    /// a `selected` attribute selects, the selectedness setting algorithm reads a narrow
    /// list of options (the select's option children, and options inside a select,
    /// datalist, hr or option child, not in an optgroup or any other element), and a popped
    /// selected option's children are copied into its select's first selectedcontent
    /// descendant, disabled or not, template contents left out; no insertion steps, and no
    /// clone at the end of a fragment (`tree_builder::select_narrow_list`). lexbor's,
    /// measured.
    SelectedcontentByANarrowListOfOptions,
    /// A character token in body whose first character is U+000A LF loses it when the
    /// current node is an HTML pre or listing with no child yet, whichever token came
    /// before (`tree_builder::modes::in_body`). x/net/html's rule for the newline after
    /// `<pre>`.
    NewlineDroppedAtTheStartOfAnEmptyPre,
    /// `<selectedcontent>` updated whenever an option's selectedness becomes true, as well
    /// as at the standard's steps: an option the parser inserts that becomes its select's
    /// selected option is cloned (with no children yet) into the select's enabled
    /// selectedcontent at once, which takes the option out of a selectedcontent it was
    /// inserted into (`tree_builder::select`). Chromium's, measured.
    SelectedcontentClonedWhenSelectednessChanges,
    /// The adoption agency algorithm's inner loop as the standard read before 2014: it ends
    /// after its third step ("if inner loop counter is greater than three, go to the next
    /// step in the overall algorithm"), with no step 4.13.4
    /// (`tree_builder::adoption_agency`).
    AdoptionInnerLoopOfThree,
    /// "Reset the insertion mode appropriately" reading each SVG or MathML element of the
    /// stack by its local name alone: one named td, table, frameset, html, … is taken for
    /// the HTML element of that name (not a template), and one named select starts the
    /// older "in select" mode (or "in select in table"), whose rules then apply
    /// (`tree_builder::stack_steps`, `tree_builder::older_select`). HTML elements are read
    /// as the standard reads them. x/net/html's reset switches on the element's atom, which
    /// carries no namespace.
    ResetTheInsertionModeByLocalName,
    /// A tag whose last attribute value, unquoted, ends with U+002F SOLIDUS right before
    /// the `>` is self-closing too (the value keeps its `/`): the attribute value
    /// (unquoted) state's U+003E GREATER-THAN SIGN arm, "Switch to the data state. Emit the
    /// current tag token.", sets the self-closing flag first (`tokenizer::attributes`).
    /// x/net/html's tokenizer reads a `/` before the `>` as self-closing whatever state it
    /// was read in.
    SlashEndingAnUnquotedValueSelfCloses,
    /// "Has a particular element in table scope" with the list "html, table" only: the
    /// standard's list is "html in the HTML namespace; table in the HTML namespace;
    /// template in the HTML namespace", so a table scope check inside template contents
    /// stops at the template; here it reaches past it to a table, section, row or cell
    /// outside (`tree_builder::open_elements`). parse5's stack of open elements gives a
    /// template no table-scope bit.
    TableScopeWithoutTemplate,
    /// A decimal character reference of one digit with no semicolon is text: the decimal
    /// character reference state's "Anything else" entry ("This is a
    /// missing-semicolon-after-character-reference parse error. Reconsume in the numeric
    /// character reference end state.") flushes `&#` and the digit as they were written
    /// instead, and reconsumes in the return state (`tokenizer::character_reference`).
    /// x/net/html's unescaping takes a numeric reference only when it spans more than three
    /// bytes (`&#9` does not).
    SingleDigitDecimalReferenceWithoutSemicolonIsText,
    /// The character reference code kept in 32 bits that wrap: the hexadecimal and decimal
    /// character reference states' "Multiply the character reference code by 16 [10]. Add a
    /// numeric version of the current input character" computed modulo 2^32, so that a code
    /// past 0xFFFFFFFF, which the standard has the numeric character reference end state
    /// replace ("If the number is greater than 0x10FFFF, then this is a
    /// character-reference-outside-unicode-range parse error. Set the character reference
    /// code to 0xFFFD."), becomes the code point its low 32 bits name (`&#x100010000` is
    /// U+10000) (`tokenizer::character_reference`). x/net/html accumulates the reference in
    /// a Go rune, an int32.
    NumericReferenceCodeWrapsAt32Bits,
    /// "In caption", a th start tag left out of the start tags that close the caption
    /// ("caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"): it is
    /// "anything else", processed by the in-body rules, which ignore it
    /// (`tree_builder::modes::in_table`). x/net/html's in-caption list has no th.
    ThInCaptionAsAnythingElse,
    /// "Any other end tag" in foreign content returning when its walk reaches the topmost
    /// element, the fragment case's html root, even though that is an HTML element: step 7
    /// ("Otherwise, process the token according to the rules given in the section
    /// corresponding to the current insertion mode in HTML content") is not taken there, so
    /// the end tag does nothing (`tree_builder::foreign`). html5ever's walk tests for the
    /// bottom of the stack before it tests the element.
    ForeignEndTagWalkStopsAtTheRoot,
    /// No search element (added in 2023): its start and end tags in body are "any other
    /// start tag" and "any other end tag", not the entries of address, article, …, and it
    /// is not special (`tree_builder::modes::in_body`, `tree_builder::open_elements`).
    NoSearchElement,
    /// Foster parenting ended for the rest of a token by an element its steps popped: the
    /// li, dd and dt start tags' closing of a list item or a p, and the option and optgroup
    /// start tags' popping of an option, in "in table"'s "anything else" (processed "using
    /// the rules for the "in body" insertion mode, except that whenever a node would be
    /// inserted into the current node when the current node is a table, tbody, tfoot,
    /// thead, or tr element, then it must instead be foster parented"), insert the element
    /// into the table (`tree_builder::modes::in_body_steps`).
    FosterParentingLostAfterAnImpliedEndTag,
    /// The adoption agency algorithm's inner loop leaving a node it removed from the list
    /// of active formatting elements (step 4.13.4, past the third iteration) on the stack
    /// of open elements: it goes on to the next node instead of step 4.13.5 ("If node is
    /// not in the list of active formatting elements, then remove node from the stack of
    /// open elements and continue"), so the element stays open where the standard closes it
    /// (`tree_builder::adoption_agency`). x/net/html's step 14.5 ends with `continue`.
    AdoptionRemovedFromTheListStaysOnTheStack,
    /// The adoption agency algorithm's step 4.5 ("If formattingElement is in the stack of
    /// open elements, but the element is not in scope, then this is a parse error; return")
    /// asking for any HTML element of the subject's tag name in scope, not
    /// formattingElement itself (`tree_builder::adoption_agency`). x/net/html's step 8
    /// calls `elementInScope(defaultScope, tagAtom)`.
    AdoptionScopeByTagName,
    /// The adoption agency algorithm keeping positions in the list of active formatting
    /// elements as numbers, indexes into an array of its entries. The standard's bookmark
    /// is a place between entries: step 4.10 "Let a bookmark note the position of
    /// formattingElement in the list of active formatting elements relative to the elements
    /// on either side of it in the list", step 4.13.7 "move the aforementioned bookmark to
    /// be immediately after the new node in the list of active formatting elements", and
    /// step 4.18 "Remove formattingElement from the list of active formatting elements, and
    /// insert the new element into the list of active formatting elements at the position
    /// of the aforementioned bookmark". Here the bookmark is formattingElement's index,
    /// then one more than the index of the first node the inner loop replaces; step 4.18
    /// removes the entry at the index step 4.3 found formattingElement at, then inserts the
    /// new element at the bookmark's number (at the end when that is past it). Every
    /// removal before the bookmark leaves it one entry further: formattingElement's own at
    /// step 4.18, so the new element goes after the entry that followed the new node (or at
    /// the end), and each of step 4.13.4's. And when step 4.13.4 removed an entry before
    /// formattingElement's, step 4.18 removes an entry after it instead (or none, past the
    /// end), and formattingElement's entry stays (`tree_builder::adoption_agency`,
    /// `tree_builder::active_formatting`). lexbor's
    /// (`lxb_html_tree_adoption_agency_algorithm` in source/lexbor/html/tree.c), measured.
    AdoptionListPositionsAsIndexes,
    /// "In table"'s entry for a character token read without template: "A character token,
    /// if the current node is table, tbody, template, tfoot, thead, or tr element" does not
    /// take a template current node, so its characters are "anything else", the in-body
    /// rules with foster parenting, which reconstruct the active formatting elements even
    /// for white space (`tree_builder::modes:: in_table`). html5ever's
    /// `process_chars_in_table`, parse5's `TABLE_STRUCTURE_TAGS`, and x/net/html's and
    /// lexbor's in-table text checks list no template.
    TableTextWithoutTemplate,
    /// "In row"'s `</tbody>`, `</tfoot>` and `</thead>` acting when either of its two
    /// conditions holds: an element with the token's tag name in table scope, or a tr in
    /// table scope (the standard asks for both, and ignores the token otherwise). The row's
    /// steps then run as they are: clear the stack back to a table row context, pop the
    /// current node, whatever it is, and reprocess in "in table body"
    /// (`tree_builder::modes::in_table_body`). parse5's `endTagInRow` (`hasInTableScope(tn)
    /// || hasInTableScope($.TR)`).
    RowSectionEndTagByEitherScope,
    /// The adoption agency algorithm keeping the bookmark as an index into the list
    /// of active formatting elements, as the list was before step 4.18, which then
    /// removes formattingElement's own entry ("by value") and inserts the new
    /// element's at that index: where the bookmark moved after formattingElement's
    /// entry (step 4.13.7), the new entry lands one place further than the standard's
    /// (`tree_builder/departures/adoption_agency.rs`). html5lib 1.1's step 14
    /// (`activeFormattingElements.remove(formattingElement)`, then
    /// `insert(bookmark, clone)`).
    AdoptionBookmarkAsAnIndex,
    /// [`Departure::OlderSelectWithoutHr`], whose "in select" mode has no entries for
    /// template either: a template start or end tag in a select is "anything else",
    /// a parse error, ignored (`tree_builder/departures/older_select.rs`). html5lib
    /// 1.1's in-select phase.
    OlderSelectWithoutHrOrTemplate,
    /// The table end tags looking for their element anywhere on the stack of open
    /// elements, not in table scope: "in table", an end tag table pops up to the last
    /// table element on the stack, past a template (a table scope boundary), and resets
    /// the insertion mode; "in table body", an end tag tbody, tfoot or thead pops up to
    /// the last element of its name on the stack, past a cell or caption of an outer
    /// table, and switches to "in table" (`tree_builder/departures/modes.rs`). The
    /// standard ignores both when the element is not in table scope. Firefox's
    /// `nsHtml5TreeBuilder::endTag` (`findLast` in IN_TABLE, `findLastOrRoot` in
    /// IN_TABLE_BODY).
    TableEndTagsByTheWholeStack,
    /// The adoption agency algorithm whose bookmark never moves: step 4.13.7 ("If lastNode
    /// is furthestBlock, then move the aforementioned bookmark to be immediately after the
    /// new node in the list of active formatting elements") does nothing, so step 4.18
    /// puts the new element in formattingElement's place in the list
    /// (`tree_builder/departures/adoption_agency.rs`). Firefox's
    /// `nsHtml5TreeBuilder::adoptionAgencyEndTag` moves its bookmark only when
    /// `nodePos == furthestBlockPos`, which the inner loop's nodes, all above the
    /// furthest block, never are.
    AdoptionBookmarkNeverMoved,
    /// The adoption agency algorithm whose step 4.18 puts the new element immediately
    /// before the new node that step 4.13.7 moved the bookmark to, not after it; where
    /// the bookmark did not move, in formattingElement's place, as the standard does
    /// (`tree_builder/departures/adoption_agency.rs`). Where the new node's entry is the
    /// first of the list, the variant too leaves the new element in formattingElement's
    /// place (WebKit puts it first; no case has shown it). WebKit's
    /// `HTMLFormattingElementList::swapTo` inserts at the index of the bookmark's entry,
    /// which `Bookmark::moveToAfter` set to the new node's own.
    AdoptionBookmarkBeforeTheNewNode,
    /// The special category without search (`tree_builder/departures/steps.rs`): the
    /// adoption agency's furthest block, "any other end tag" and the li, dd and dt walks
    /// pass it. The search start tag still closes a p, as the standard's other block
    /// elements do. Chromium and WebKit, measured (`<b><search></b>x`: no furthest block,
    /// so the b and the search are popped and the x goes into the body).
    SearchNotSpecial,
    /// The planted fault of the harness's tests (`Kind::Planted`).
    PlantedQuadraticWalk,
}

/// What a departure is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A deliberate bug, to show that a harness's classes hide nothing.
    Mutant,
    /// The cause of another engine's known difference, for counterfactual parses.
    Variant,
    /// A fault planted for a test of the harness.
    Planted,
}

impl Kind {
    /// `mutant`, `variant` or `planted`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Mutant => "mutant",
            Kind::Variant => "variant",
            Kind::Planted => "planted",
        }
    }
}

/// A seam: a step of the standard at whose entry a departure may act (the methods of
/// the tokenizer's `TokenizerSeams` and tree construction's `Seams`, one each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seam {
    TokenizerState,
    TokenizerParseError,
    AttributeComplete,
    InsertionMode,
    ForeignContent,
    AnyOtherEndTag,
    AdoptionAgencyAlgorithm,
    ResetTheInsertionMode,
    GenerateImpliedEndTags,
    AppropriatePlaceForInsertingANode,
    CreateAnElementForTheToken,
    PushOntoTheListOfActiveFormattingElements,
    OptionInsertionSteps,
    SelectedcontentInsertionSteps,
    MaybeCloneAnOptionIntoSelectedcontent,
    CloneAnOptionIntoASelectedcontent,
    TokenizerStateForTheContext,
    CdataAllowed,
    ScopeList,
}

impl Seam {
    /// Every seam, in the order of the tokenizer's and tree construction's traits.
    pub const ALL: [Seam; 19] = [
        Seam::TokenizerState,
        Seam::TokenizerParseError,
        Seam::AttributeComplete,
        Seam::InsertionMode,
        Seam::ForeignContent,
        Seam::AnyOtherEndTag,
        Seam::AdoptionAgencyAlgorithm,
        Seam::ResetTheInsertionMode,
        Seam::GenerateImpliedEndTags,
        Seam::AppropriatePlaceForInsertingANode,
        Seam::CreateAnElementForTheToken,
        Seam::PushOntoTheListOfActiveFormattingElements,
        Seam::OptionInsertionSteps,
        Seam::SelectedcontentInsertionSteps,
        Seam::MaybeCloneAnOptionIntoSelectedcontent,
        Seam::CloneAnOptionIntoASelectedcontent,
        Seam::TokenizerStateForTheContext,
        Seam::CdataAllowed,
        Seam::ScopeList,
    ];

    /// The method of the seams' traits that is the seam.
    pub fn method(self) -> &'static str {
        match self {
            Seam::TokenizerState => "tokenizer_state",
            Seam::TokenizerParseError => "tokenizer_parse_error",
            Seam::AttributeComplete => "attribute_complete",
            Seam::InsertionMode => "insertion_mode",
            Seam::ForeignContent => "foreign_content",
            Seam::AnyOtherEndTag => "any_other_end_tag",
            Seam::AdoptionAgencyAlgorithm => "adoption_agency_algorithm",
            Seam::ResetTheInsertionMode => "reset_the_insertion_mode",
            Seam::GenerateImpliedEndTags => "generate_implied_end_tags",
            Seam::AppropriatePlaceForInsertingANode => "appropriate_place_for_inserting_a_node",
            Seam::CreateAnElementForTheToken => "create_an_element_for_the_token",
            Seam::PushOntoTheListOfActiveFormattingElements => {
                "push_onto_the_list_of_active_formatting_elements"
            }
            Seam::OptionInsertionSteps => "option_insertion_steps",
            Seam::SelectedcontentInsertionSteps => "selectedcontent_insertion_steps",
            Seam::MaybeCloneAnOptionIntoSelectedcontent => {
                "maybe_clone_an_option_into_selectedcontent"
            }
            Seam::CloneAnOptionIntoASelectedcontent => "clone_an_option_into_a_selectedcontent",
            Seam::TokenizerStateForTheContext => "tokenizer_state_for_the_context",
            Seam::CdataAllowed => "cdata_allowed",
            Seam::ScopeList => "scope_list",
        }
    }

    /// The step of the standard it stands at.
    pub fn step(self) -> &'static str {
        match self {
            Seam::TokenizerState => "a tokenizer state's step, before it consumes the next input character",
            Seam::TokenizerParseError => "\"this is a … parse error\" in the tokenizer",
            Seam::AttributeComplete => "an attribute complete, kept or removed as a duplicate (\"when the user agent leaves the attribute name state\")",
            Seam::InsertionMode => "\"process the token using the rules for\" an insertion mode",
            Seam::ForeignContent => "\"the rules for parsing tokens in foreign content\"",
            Seam::AnyOtherEndTag => "\"any other end tag\" in \"in body\"",
            Seam::AdoptionAgencyAlgorithm => "\"the adoption agency algorithm\"",
            Seam::ResetTheInsertionMode => "\"reset the insertion mode appropriately\"",
            Seam::GenerateImpliedEndTags => "\"generate implied end tags\"",
            Seam::AppropriatePlaceForInsertingANode => "\"the appropriate place for inserting a node\"",
            Seam::CreateAnElementForTheToken => "\"create an element for a token\" (with the attribute adjustments)",
            Seam::PushOntoTheListOfActiveFormattingElements => "\"push onto the list of active formatting elements\"",
            Seam::OptionInsertionSteps => "\"the option HTML element insertion steps\"",
            Seam::SelectedcontentInsertionSteps => "\"the selectedcontent element's insertion steps\"",
            Seam::MaybeCloneAnOptionIntoSelectedcontent => "\"maybe clone an option into selectedcontent\"",
            Seam::CloneAnOptionIntoASelectedcontent => "\"clone an option into a selectedcontent\"",
            Seam::TokenizerStateForTheContext => "the fragment case's tokenizer state, switching on the context element",
            Seam::CdataAllowed => "the markup declaration open state's test for a CDATA section",
            Seam::ScopeList => "the element types of a scope's list (\"has an element in the specific scope\")",
        }
    }
}

/// What [`DEPARTURES`] says of a departure.
#[derive(Clone, Copy, Debug)]
pub struct DepartureInfo {
    pub departure: Departure,
    /// A stable kebab-case id (`in-body-block-does-not-close-p`, `older-select`).
    pub id: &'static str,
    pub kind: Kind,
    /// The seams through which it acts.
    pub seams: &'static [Seam],
    /// The arms it changes, by their ids in `docs/spec-arms.md`.
    pub arms: &'static [&'static str],
    /// What it does.
    pub what: &'static str,
    /// For a variant, the engines whose cause it models (as litmus names them).
    pub engines: &'static [&'static str],
    /// For a variant, where it was read from: an engine's source, an older text of
    /// the standard, or a measurement.
    pub source: &'static str,
    /// For a variant, whether it changes only what a token carries (a name, a
    /// value), so that its first effect is that token's own node: it shows a cause
    /// only where it makes there what the engine made, not merely departs at the same
    /// place.
    pub whole: bool,
}

/// The departure with this id.
pub fn by_id(id: &str) -> Option<&'static DepartureInfo> {
    DEPARTURES.iter().find(|info| info.id == id)
}

/// The departures of one kind, in the order of [`DEPARTURES`].
pub fn of_kind(kind: Kind) -> impl Iterator<Item = &'static DepartureInfo> {
    DEPARTURES.iter().filter(move |info| info.kind == kind)
}

/// The variant with this id (a class's `variant = "…"`).
pub fn variant_by_id(id: &str) -> Option<&'static DepartureInfo> {
    by_id(id).filter(|info| info.kind == Kind::Variant)
}

/// The mutant with this id (the engine `mutant:ID`).
pub fn mutant_by_id(id: &str) -> Option<&'static DepartureInfo> {
    by_id(id).filter(|info| info.kind == Kind::Mutant)
}

impl Departure {
    /// What [`DEPARTURES`] says of it.
    pub fn info(self) -> &'static DepartureInfo {
        DEPARTURES
            .iter()
            .find(|info| info.departure == self)
            .expect("every departure is listed")
    }
}

/// The departures of one parse, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DepartureSet(u128);

// One bit per departure.
const _: () = assert!(DEPARTURES.len() <= 128);

impl DepartureSet {
    /// The set of `departures`.
    pub fn of(departures: &[Departure]) -> DepartureSet {
        DepartureSet(departures.iter().fold(0, |bits, &d| bits | (1 << d as u32)))
    }

    /// Whether `departure` is in the set.
    #[inline]
    pub fn has(self, departure: Departure) -> bool {
        self.0 & (1 << departure as u32) != 0
    }

    /// Whether the set is empty (the standard).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the fast paths may run: they stand in for the standard's own steps,
    /// which a mutant or a variant changes; the planted fault changes none.
    fn allows_fast_paths(self) -> bool {
        DEPARTURES
            .iter()
            .all(|info| info.kind == Kind::Planted || !self.has(info.departure))
    }
}

/// The parser's second instantiation (see `crate::seams`): the standard with the
/// departures of its set put in.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Departed(pub(crate) DepartureSet);

impl Departed {
    /// Whether `departure` is on for this parse.
    #[inline]
    pub(crate) fn on(self, departure: Departure) -> bool {
        self.0.has(departure)
    }

    /// Whether one of the older select modes' variants is on.
    pub(crate) fn older_select(self) -> bool {
        self.on(Departure::OlderSelect)
            || self.on(Departure::OlderSelectWithoutHr)
            || self.on(Departure::OlderSelectWithCellFragmentsInCell)
            || self.on(Departure::OlderSelectWithoutHrOrTemplate)
    }
}

/// Parses `input` (a document, or a fragment in `context`) with `departures` put in.
/// The fast paths are off unless the departures change no step of the standard.
pub fn parse(
    input: &str,
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    departures: &[Departure],
) -> Result<Document, ParseFailure> {
    let set = DepartureSet::of(departures);
    state::begin();
    let (document, _) = run_with(
        input.as_bytes(),
        context,
        options,
        set.allows_fast_paths(),
        Departed(set),
        Box::<Scratch<Departed>>::default(),
    );
    document
}

/// [`parse`], recording its provenance trace (an empty one without the feature
/// `provenance`; see `crate::provenance`).
pub fn trace(
    input: &str,
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    departures: &[Departure],
) -> Result<(Document, crate::provenance::Trace), ParseFailure> {
    crate::provenance::traced(|| parse(input, context, options, departures), input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_departure_is_listed_once_with_arms_of_the_tables() {
        let mut ids = std::collections::HashSet::new();
        let mut departures = std::collections::HashSet::new();
        for info in DEPARTURES {
            assert!(ids.insert(info.id), "{} twice", info.id);
            assert!(
                departures.insert(info.departure),
                "{:?} twice",
                info.departure
            );
            assert!(!info.arms.is_empty(), "{}", info.id);
            for arm in info.arms {
                assert!(
                    crate::spec_arms::info_by_id(arm).is_some(),
                    "{}: no arm {arm}",
                    info.id
                );
            }
            assert_eq!(
                info.kind == Kind::Variant,
                !info.engines.is_empty() && !info.source.is_empty(),
                "{}: a variant, and only a variant, names its engines and source",
                info.id
            );
        }
        assert_eq!(of_kind(Kind::Mutant).count(), 66);
        for seam in Seam::ALL {
            assert!(
                DEPARTURES.iter().any(|info| info.seams.contains(&seam)),
                "no departure uses {seam:?}"
            );
        }
        for info in DEPARTURES {
            assert!(!info.seams.is_empty(), "{} uses no seam", info.id);
        }
        assert_eq!(of_kind(Kind::Variant).count(), 42);
    }

    /// Every seam is a method of the seams' two traits, and they have no other.
    #[test]
    fn the_seams_are_the_methods_of_the_trait() {
        let text = [
            include_str!("../tokenizer/seams.rs"),
            include_str!("../tree_builder/seams.rs"),
        ]
        .concat();
        let methods: Vec<&str> = text
            .lines()
            .filter_map(|line| line.trim().strip_prefix("fn "))
            .filter_map(|rest| rest.split(['(', '<']).next())
            // The hooks each arm opens with are no seams.
            .filter(|method| !matches!(*method, "spec_arm" | "spec_arm_if"))
            .collect();
        let seams: Vec<&str> = Seam::ALL.iter().map(|seam| seam.method()).collect();
        assert_eq!(methods, seams);
    }

    /// The older select modes' "in body" has no select among its block end tags: a
    /// `</select>` there is "any other end tag", whose walk, with html5lib's narrow
    /// special category, passes an SVG title and pops an SVG select; the standard's
    /// block end tag rule finds no HTML select in scope and ignores it.
    #[test]
    fn older_select_in_body_walks_a_select_end_tag_as_any_other() {
        let input = "<svg><select><title><option></select><svg>";
        let context = FragmentContext::parse("td");
        let tree = |departures: &[Departure]| {
            let document = parse(
                input,
                context.as_ref(),
                &ParseOptions::default(),
                departures,
            )
            .expect("parses");
            crate::dump::dump(&document)
        };
        let standard = tree(&[]);
        assert!(
            standard.ends_with("|       <option>\n|         <svg svg>\n"),
            "{standard}"
        );
        // Either departure alone: the SVG title still stops the walk (or the block rule
        // ignores the end tag), so the second svg stays in the option.
        assert_eq!(tree(&[Departure::OlderSelectWithoutHr]), standard);
        assert_eq!(tree(&[Departure::NarrowSpecialCategory]), standard);
        let both = tree(&[
            Departure::OlderSelectWithoutHr,
            Departure::NarrowSpecialCategory,
        ]);
        assert!(
            both.ends_with("|       <option>\n|   <svg svg>\n"),
            "{both}"
        );
    }

    /// `docs/departures.md` is the rendering of the registry;
    /// `LITMUS_WRITE_DEPARTURES=1` rewrites it.
    #[test]
    fn docs_departures_md_is_up_to_date() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/departures.md");
        let rendered = render_markdown();
        if std::env::var_os("LITMUS_WRITE_DEPARTURES").is_some() {
            std::fs::write(&path, &rendered).expect("docs/departures.md writes");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == rendered,
            "docs/departures.md is stale: run LITMUS_WRITE_DEPARTURES=1 cargo test -p \
             litmus-parser --features departures departures"
        );
    }
}
