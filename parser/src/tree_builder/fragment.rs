//! The set-up of the HTML fragment parsing algorithm.
//!
//! <https://html.spec.whatwg.org/#html-fragment-parsing-algorithm>
//!
//! The driver (`parse.rs`) runs the tokenizer from [`tokenizer_state_for_context`] and
//! returns the children of the `html` root element made here. The context element is
//! a detached element of the document, with no attributes (litmus's fragment contexts
//! are a namespace and a name), in a document in no-quirks mode. AD-HOC: the standard
//! takes the context element's own attributes and its node document's mode; litmus's
//! callers give only a name, so it takes the plainest of each.

use super::open_elements::StackEntry;
use super::{foreign, FragmentContextElement, InsertionMode, TagToken, TreeBuilder, TreeSink};
use crate::dom::{Namespace, QualName};
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tokenizer::State;
use crate::tree_builder::Seams;

/// "Set the state of the HTML parser's tokenization stage as follows, switching on
/// context".
pub(crate) fn tokenizer_state_for_context<D: Seams>(context: QualName, scripting: bool) -> State {
    if context.ns != Namespace::Html {
        D::spec_arm(Arm::FragmentCaseForeignContext);
        return State::Data;
    }
    match context.local {
        // -> "title", "textarea": "Switch the tokenizer to the RCDATA state."
        local::TITLE | local::TEXTAREA => {
            D::spec_arm(Arm::FragmentCaseTitleTextarea);
            State::Rcdata
        }
        // -> "style", "xmp", "iframe", "noembed", "noframes": "Switch the tokenizer to
        //    the RAWTEXT state."
        local::STYLE | local::XMP | local::IFRAME | local::NOEMBED | local::NOFRAMES => {
            D::spec_arm(Arm::FragmentCaseStyleXmpIframeNoembedNoframes);
            State::Rawtext
        }
        // -> "script": "Switch the tokenizer to the script data state."
        local::SCRIPT => {
            D::spec_arm(Arm::FragmentCaseScript);
            State::ScriptData
        }
        // -> "noscript": "If the scripting flag is enabled, switch the tokenizer to the
        //    RAWTEXT state. Otherwise, leave the tokenizer in the data state."
        local::NOSCRIPT if scripting => {
            D::spec_arm(Arm::FragmentCaseNoscript);
            State::Rawtext
        }
        // -> "plaintext": "Switch the tokenizer to the PLAINTEXT state."
        local::PLAINTEXT => {
            D::spec_arm(Arm::FragmentCasePlaintext);
            State::Plaintext
        }
        // -> "Any other element": "Leave the tokenizer in the data state."
        _ => {
            D::spec_arm(Arm::FragmentCaseAnyOtherElement);
            State::Data
        }
    }
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// The steps of the fragment parsing algorithm that set the parser up, once it has
    /// been created with `context` as its fragment context element.
    pub(crate) fn set_up_the_fragment_parse(&mut self, context: FragmentContextElement) {
        let name = QualName {
            ns: context.ns,
            local: context.local_name,
        };
        // "Create a start tag token whose name is the local name of context and whose
        // attributes are the attributes of context. Let this start tag token be the start
        // tag token of context; e.g. for the purposes of determining if it is an HTML
        // integration point."
        let token = TagToken::named(context.local_name);
        let element = self.sink.create_element(name, std::iter::empty());
        self.context_element = Some(StackEntry {
            node: element,
            name,
            html_integration_point: foreign::is_html_integration_point_for_token(name, &token),
        });
        // "Let root be the result of creating an element given document, "html", the
        // HTML namespace, ...". "Append root to document." "Set up the HTML parser's
        // stack of open elements so that it contains just the single element root."
        let html = QualName::html(local::HTML);
        let root = self.sink.create_element(html, std::iter::empty());
        let document = self.sink.document();
        self.sink.append(document, root);
        self.open_elements.push(StackEntry {
            node: root,
            name: html,
            html_integration_point: false,
        });
        // "If context is a template element, then push "in template" onto the stack of
        // template insertion modes so that it is the new current template insertion
        // mode."
        if name == QualName::html(local::TEMPLATE) {
            D::spec_arm(Arm::FragmentCaseTemplate);
            self.template_modes.push(InsertionMode::InTemplate);
        }
        // "Reset the parser's insertion mode appropriately."
        self.reset_the_insertion_mode_appropriately();
        // "Set the HTML parser's form element pointer to the nearest node to context that
        // is a form element (going straight up the ancestor chain, and including the
        // element itself, if it is a form element), if any." The context has no
        // ancestors.
        if name == QualName::html(local::FORM) {
            D::spec_arm(Arm::FragmentCaseForm);
            self.form_element = Some(element);
        }
    }
}
