//! The three tokenizers, each driven from a [`TokenStart`] over the preprocessed
//! input stream and its tokens normalized through a [`Stream`]: what the engines that
//! offer them answer (`Engine::tokenize`, through the runner `tokenizers::run`), and
//! what [`answer`] gives by a tokenizer's name (`Engine::tokens`' default).

use super::tokens::{input_stream, render, StartState, Stream, Tok, TokenStart, Tokenizer};
use crate::case::{EngineOutput, ParseResult};
use std::cell::RefCell;

/// The tokens of the input stream `stream` from `start` by `tokenizer`: its library's
/// driver, as the engine that offers it tokenizes (`tokenizers.rs`).
pub fn by_name(tokenizer: Tokenizer, stream: &str, start: &TokenStart) -> Vec<Tok> {
    match tokenizer {
        Tokenizer::Html5ever => html5ever(stream, start),
        Tokenizer::Html5gum => html5gum(stream, start),
        _ => litmus(stream, start),
    }
}

/// `tokenizer`'s tokens of `input` (preprocessed here) from `start`, rendered one per
/// line as an answer's `tree`: the token level's answer in this process.
pub fn answer(tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
    Ok(EngineOutput {
        tree: render(&by_name(tokenizer, &input_stream(input), start)),
        serialization: None,
    })
}

/// The reference: `litmus_parser::tokenizer::Tokenizer` over the input stream, its
/// sink answering every token with "no state switch" and whether CDATA sections are
/// allowed (in foreign content). The tokenizer drops repeated attribute names
/// itself.
pub fn litmus(input: &str, start: &TokenStart) -> Vec<Tok> {
    use litmus_parser::tokenizer::{
        SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions,
    };

    struct Sink {
        stream: Stream,
        answer: SinkResult,
    }
    impl TokenSink for Sink {
        fn process_token(&mut self, token: Token<'_>, _offset: usize) -> SinkResult {
            let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
            match token {
                Token::Doctype(d) => self.stream.push(Tok::Doctype {
                    name: d.name.as_deref().map(text),
                    public_id: d.public_id.as_deref().map(text),
                    system_id: d.system_id.as_deref().map(text),
                    force_quirks: d.force_quirks,
                }),
                Token::StartTag(tag) => self.stream.push(Tok::StartTag {
                    name: text(tag.name()),
                    attributes: tag
                        .attributes()
                        .map(|(name, value)| (text(name), text(value)))
                        .collect(),
                    self_closing: tag.self_closing,
                }),
                Token::EndTag(tag) => self.stream.push(Tok::EndTag(text(tag.name()))),
                Token::Comment(data) => self.stream.push(Tok::Comment(text(data))),
                Token::Characters(run) => self.stream.push_characters(&text(run)),
                Token::ProcessingInstruction { target, data } => {
                    self.stream.push(Tok::ProcessingInstruction {
                        target: text(target),
                        data: text(data),
                    })
                }
                Token::Eof => {}
            }
            self.answer
        }
    }

    let initial_state = match start.state {
        StartState::Data => State::Data,
        StartState::Rcdata => State::Rcdata,
        StartState::Rawtext => State::Rawtext,
        StartState::ScriptData => State::ScriptData,
        StartState::Plaintext => State::Plaintext,
        StartState::CdataSection => State::CdataSection,
    };
    let options = TokenizerOptions {
        initial_state,
        last_start_tag: start.last_start_tag.as_ref().map(|t| t.as_bytes().to_vec()),
        deadline: None,
    };
    let mut tokenizer = Tokenizer::new(input.as_bytes(), options);
    tokenizer.set_cdata_allowed(start.foreign);
    let mut sink = Sink {
        stream: Stream::default(),
        answer: SinkResult {
            switch_to: None,
            cdata_allowed: start.foreign,
        },
    };
    // No deadline: the watch of the engine running it catches a hang.
    let _ = tokenizer.run(&mut sink);
    sink.stream.finish()
}

/// html5ever's tokenizer, given the whole input in one `feed`, then `end`. Its
/// `NullCharacterToken` is the character U+0000; its parse errors and EOF token are
/// not kept (the stream's end is its EOF).
pub fn html5ever(input: &str, start: &TokenStart) -> Vec<Tok> {
    use html5ever::tendril::StrTendril;
    use html5ever::tokenizer::states::{RawKind, State};
    use html5ever::tokenizer::{
        BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
    };

    struct Sink(RefCell<Stream>, bool);
    impl TokenSink for Sink {
        type Handle = ();
        fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
            self.1
        }
        fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
            let mut stream = self.0.borrow_mut();
            match token {
                Token::DoctypeToken(d) => stream.push(Tok::Doctype {
                    name: d.name.map(|s| s.to_string()),
                    public_id: d.public_id.map(|s| s.to_string()),
                    system_id: d.system_id.map(|s| s.to_string()),
                    force_quirks: d.force_quirks,
                }),
                Token::TagToken(tag) => match tag.kind {
                    TagKind::StartTag => stream.push(Tok::StartTag {
                        name: tag.name.to_string(),
                        attributes: tag
                            .attrs
                            .iter()
                            .map(|a| (a.name.local.to_string(), a.value.to_string()))
                            .collect(),
                        self_closing: tag.self_closing,
                    }),
                    TagKind::EndTag => stream.push(Tok::EndTag(tag.name.to_string())),
                },
                Token::CommentToken(text) => stream.push(Tok::Comment(text.to_string())),
                Token::CharacterTokens(text) => stream.push_characters(&text),
                Token::NullCharacterToken => stream.push_characters("\0"),
                Token::EOFToken | Token::ParseError(_) => {}
            }
            TokenSinkResult::Continue
        }
    }

    let initial_state = match start.state {
        StartState::Data => State::Data,
        StartState::Rcdata => State::RawData(RawKind::Rcdata),
        StartState::Rawtext => State::RawData(RawKind::Rawtext),
        StartState::ScriptData => State::RawData(RawKind::ScriptData),
        StartState::Plaintext => State::Plaintext,
        StartState::CdataSection => State::CdataSection,
    };
    let options = TokenizerOpts {
        // The input stream is the tokenizer's input: a U+FEFF in it is a character.
        discard_bom: false,
        initial_state: Some(initial_state),
        last_start_tag_name: start.last_start_tag.clone(),
        ..TokenizerOpts::default()
    };
    let tokenizer = Tokenizer::new(
        Sink(RefCell::new(Stream::default()), start.foreign),
        options,
    );
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(input));
    let _ = tokenizer.feed(&queue);
    tokenizer.end();
    tokenizer.sink.0.take().finish()
}

/// html5gum's tokenizer through its `CallbackEmitter`, whose events are folded into
/// tokens here: a start tag's name, attributes and close; a start tag cut off by the
/// end of the input (which the standard does not emit) and the attributes an end tag
/// reads are dropped. A [`Foreign`] emitter around it says whether `<![CDATA[` opens a
/// CDATA section, as html5gum asks its emitter.
pub fn html5gum(input: &str, start: &TokenStart) -> Vec<Tok> {
    use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
    use html5gum::{Emitter, Span, State, Tokenizer};

    /// The start tag being read, with its attributes so far.
    #[derive(Default)]
    struct Open {
        tag: Option<(String, Vec<(String, String)>)>,
    }
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let mut open = Open::default();
    let callback = move |event: CallbackEvent<'_>, _span: Span<()>| -> Option<Tok> {
        match event {
            CallbackEvent::OpenStartTag { name } => {
                open.tag = Some((text(name), Vec::new()));
                None
            }
            CallbackEvent::AttributeName { name } => {
                if let Some((_, attributes)) = open.tag.as_mut() {
                    attributes.push((text(name), String::new()));
                }
                None
            }
            CallbackEvent::AttributeValue { value } => {
                if let Some((_, attributes)) = open.tag.as_mut() {
                    if let Some(last) = attributes.last_mut() {
                        last.1.push_str(&text(value));
                    }
                }
                None
            }
            CallbackEvent::CloseStartTag { self_closing } => {
                let (name, attributes) = open.tag.take()?;
                Some(Tok::StartTag {
                    name,
                    attributes,
                    self_closing,
                })
            }
            CallbackEvent::EndTag { name } => {
                open.tag = None;
                Some(Tok::EndTag(text(name)))
            }
            CallbackEvent::String { value } => Some(Tok::Characters(text(value))),
            CallbackEvent::Comment { value } => Some(Tok::Comment(text(value))),
            CallbackEvent::Doctype {
                name,
                public_identifier,
                system_identifier,
                force_quirks,
            } => Some(Tok::Doctype {
                // html5gum keeps no "missing" name: an empty one stands for it.
                name: Some(text(name)).filter(|n| !n.is_empty()),
                public_id: public_identifier.map(text),
                system_id: system_identifier.map(text),
                force_quirks,
            }),
            CallbackEvent::Error(_) => None,
        }
    };
    let mut emitter = Foreign {
        inner: CallbackEmitter::new(callback),
        foreign: start.foreign,
    };
    emitter.set_last_start_tag(start.last_start_tag.as_deref().map(str::as_bytes));
    let state = match start.state {
        StartState::Data => State::Data,
        StartState::Rcdata => State::RcData,
        StartState::Rawtext => State::RawText,
        StartState::ScriptData => State::ScriptData,
        StartState::Plaintext => State::PlainText,
        StartState::CdataSection => State::CdataSection,
    };
    let mut tokenizer = Tokenizer::new_with_emitter(input, emitter);
    tokenizer.set_state(state);
    let mut stream = Stream::default();
    for token in tokenizer.flatten() {
        stream.push(token);
    }
    stream.finish()
}

/// An html5gum emitter that answers "is there an adjusted current node not in the
/// HTML namespace" with `foreign`, and forwards everything else.
struct Foreign<E> {
    inner: E,
    foreign: bool,
}

impl<E: html5gum::Emitter> html5gum::ForwardingEmitter for Foreign<E> {
    type Token = E::Token;

    fn inner(&mut self) -> &mut impl html5gum::Emitter<Token = Self::Token> {
        &mut self.inner
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&mut self) -> bool {
        self.foreign
    }
}
