//! The names the registry knows engines by (`registry.rs`), which no external engine
//! may take (`external::spec::check_name`).

/// The names `engine_by_name` knows.
pub const ENGINE_NAMES: [&str; 3] = ["litmus", "html5ever", "chaos"];
