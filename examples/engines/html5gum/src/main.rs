//! `html5gum`: html5gum's tokenizer and html5ever's tree builder, served to litmus over
//! its persistent engine protocol (`litmus run --engine cmd:target/release/html5gum`).

use std::process::ExitCode;

fn main() -> ExitCode {
    litmus_engine_api::serve(litmus_engine_html5gum::Html5gumEngine)
}
