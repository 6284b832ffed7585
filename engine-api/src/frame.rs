//! Frames: the one wire format between litmus and the processes it talks to — its
//! own workers (`litmus __worker`) and persistent external engines
//! (`docs/engines.md`), among them the Rust engines of [`crate::serve`]. litmus uses
//! this module as `litmus_differential::frame`. A frame is a 4-byte unsigned big-endian length N and N bytes
//! of payload (UTF-8 JSON in both protocols).
//!
//! Readers take the largest payload they accept, and read a payload as it arrives:
//! nothing is allocated from a length alone, so a hostile length costs nothing.

use std::fmt;
use std::io::{self, Read, Write};

/// The largest frame the encoder writes: the length must fit its 4 bytes.
pub const MAX_ENCODED_BYTES: usize = u32::MAX as usize;

/// Why no frame could be read.
#[derive(Debug, PartialEq, Eq)]
pub enum FrameError {
    /// The stream ended inside a frame.
    Truncated,
    /// The length looks like text: the other side writes something other than frames.
    NotAFrame(String),
    /// The length is over the reader's limit (the payload is left unread).
    TooLarge(u64),
    Io(String),
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::Truncated => f.write_str("the output ended inside a frame"),
            FrameError::NotAFrame(message) | FrameError::Io(message) => f.write_str(message),
            FrameError::TooLarge(length) => {
                write!(f, "a frame of {length} bytes is over the limit")
            }
        }
    }
}

impl std::error::Error for FrameError {}

/// A frame as bytes: the length, then the payload.
pub fn encode(payload: &[u8]) -> io::Result<Vec<u8>> {
    let length = u32::try_from(payload.len()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a message of {} bytes is too large for a frame",
                payload.len()
            ),
        )
    })?;
    let mut frame = Vec::with_capacity(4 + payload.len());
    frame.extend_from_slice(&length.to_be_bytes());
    frame.extend_from_slice(payload);
    Ok(frame)
}

/// Writes one frame and flushes.
pub fn write_frame(out: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    out.write_all(&encode(payload)?)?;
    out.flush()
}

/// The next frame's payload, at most `max_bytes` long; `Ok(None)` at a clean end (no
/// byte of a new frame).
pub fn read_frame(input: &mut impl Read, max_bytes: usize) -> Result<Option<Vec<u8>>, FrameError> {
    let mut header = [0u8; 4];
    let mut filled = 0;
    while filled < 4 {
        match input.read(&mut header[filled..]) {
            Ok(0) if filled == 0 => return Ok(None),
            Ok(0) => return Err(FrameError::Truncated),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(FrameError::Io(e.to_string())),
        }
    }
    let length = u32::from_be_bytes(header) as usize;
    if length > max_bytes {
        let text = header.iter().all(|b| b.is_ascii_graphic() || *b == b' ');
        if !text {
            return Err(FrameError::TooLarge(length as u64));
        }
        return Err(FrameError::NotAFrame(format!(
            "the engine wrote text ({:?}…) where a frame's 4-byte length belongs: a persistent engine writes only frames to stdout",
            String::from_utf8_lossy(&header)
        )));
    }
    let mut payload = Vec::new();
    match input.take(length as u64).read_to_end(&mut payload) {
        Ok(n) if n == length => Ok(Some(payload)),
        Ok(_) => Err(FrameError::Truncated),
        Err(e) => Err(FrameError::Io(e.to_string())),
    }
}

/// Reads up to and including `magic`, skipping at most `max_skipped` bytes before
/// it (a test harness's banner). `Ok(false)` at the end of the stream.
pub fn skip_to_magic(input: &mut impl Read, magic: &[u8], max_skipped: usize) -> io::Result<bool> {
    let mut window: Vec<u8> = Vec::with_capacity(magic.len());
    let mut skipped = 0usize;
    let mut byte = [0u8; 1];
    loop {
        match input.read(&mut byte) {
            Ok(0) => return Ok(false),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        if window.len() == magic.len() {
            window.remove(0);
        }
        window.push(byte[0]);
        if window == magic {
            return Ok(true);
        }
        skipped += 1;
        if skipped > max_skipped {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{max_skipped} bytes of output without the protocol's opening bytes"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_a_clean_end_is_none() {
        let mut bytes = Vec::new();
        write_frame(&mut bytes, b"{\"id\":1}").unwrap();
        write_frame(&mut bytes, b"").unwrap();
        let mut input = &bytes[..];
        assert_eq!(read_frame(&mut input, 64), Ok(Some(b"{\"id\":1}".to_vec())));
        assert_eq!(read_frame(&mut input, 64), Ok(Some(Vec::new())));
        assert_eq!(read_frame(&mut input, 64), Ok(None));
        assert_eq!(read_frame(&mut &bytes[..6], 64), Err(FrameError::Truncated));
        assert_eq!(read_frame(&mut &bytes[..2], 64), Err(FrameError::Truncated));
    }

    #[test]
    fn a_length_over_the_limit_or_text_is_not_a_frame() {
        match read_frame(&mut &b"| <html>\n"[..], 1 << 20) {
            Err(FrameError::NotAFrame(message)) => {
                assert!(message.contains("wrote text (\"| <h\""), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_frame(&mut &[0x7f, 0, 0, 0][..], 1 << 20),
            Err(FrameError::TooLarge(0x7f00_0000))
        );
        // A huge length with no payload behind it allocates nothing and is truncated.
        assert_eq!(
            read_frame(&mut &[0x10, 0, 0, 0][..], usize::MAX),
            Err(FrameError::Truncated)
        );
    }

    #[test]
    fn a_banner_before_the_magic_is_skipped() {
        let mut bytes = b"running 1 test\n".to_vec();
        bytes.extend_from_slice(b"\0magic\0");
        write_frame(&mut bytes, b"hello").unwrap();
        let mut input = &bytes[..];
        assert!(skip_to_magic(&mut input, b"\0magic\0", 1024).unwrap());
        assert_eq!(read_frame(&mut input, 64), Ok(Some(b"hello".to_vec())));
        assert!(!skip_to_magic(&mut &b"no magic here"[..], b"\0magic\0", 1024).unwrap());
        assert!(skip_to_magic(&mut &[b'x'; 100][..], b"\0magic\0", 10).is_err());
    }
}
