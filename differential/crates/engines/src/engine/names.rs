//! The names the registry knows engines by (`registry.rs`), which no external engine
//! may take (`external::spec::check_name`).

/// The names `engine_by_name` knows.
pub const ENGINE_NAMES: [&str; 4] = ["litmus", "html5ever", "chaos", "ammonia"];

/// The names of the built-in sanitizers (engines whose answer is a sanitized
/// serialization, `engine/sanitizer.rs`), among [`ENGINE_NAMES`].
pub const SANITIZER_NAMES: [&str; 1] = ["ammonia"];
