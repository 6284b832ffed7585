//! A command's input: a file, or standard input for `-` or no path, within the
//! input size limit.

use super::error::CliError;

/// Reads a whole input: a file, or standard input for `-` or no path. A missing file, a
/// directory, or bytes that are not UTF-8 are bad input.
pub fn read_input_text(path: Option<&std::path::Path>) -> Result<String, CliError> {
    let bytes = read_input_bytes(path)?;
    let name = match path {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".to_owned(),
    };
    String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{name} is not UTF-8 (invalid byte sequence at byte {}); give UTF-8 text, or have its encoding determined by the standard's sniffing algorithm with `litmus parse --bytes` (`litmus run --bytes` for byte cases)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a whole input as bytes: a file, or standard input for `-` or no path.
pub fn read_input_bytes(path: Option<&std::path::Path>) -> Result<Vec<u8>, CliError> {
    match path {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => {
            if p.is_dir() {
                return Err(CliError::input(format!(
                    "{} is a directory; give a file or - for standard input",
                    p.display()
                )));
            }
            litmus_engines::limits::read_file(p, litmus_engines::limits::MAX_INPUT_BYTES)
                .map_err(|e| CliError::input(format!("{}: cannot read: {e}", p.display())))
        }
    }
}

fn read_stdin() -> Result<Vec<u8>, CliError> {
    litmus_engines::limits::read_bounded(std::io::stdin(), litmus_engines::limits::MAX_INPUT_BYTES)
        .map_err(|e| CliError::input(format!("standard input: cannot read: {e}")))
}
