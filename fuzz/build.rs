//! Embeds `corpus/known-differences.toml` into the fuzz targets at build time, so that
//! the `differential` target classifies divergences the same way wherever its binary
//! runs (ClusterFuzzLite and OSS-Fuzz run it away from the source tree). A missing file
//! embeds as empty, with a warning: then every divergence is new.

use std::path::Path;

fn main() {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let source = Path::new(&manifest_dir).join("../corpus/known-differences.toml");
    println!("cargo:rerun-if-changed={}", source.display());
    let text = match std::fs::read_to_string(&source) {
        Ok(text) => text,
        Err(e) => {
            println!(
                "cargo:warning={} cannot be read ({e}): the differential target will treat every divergence as new",
                source.display()
            );
            String::new()
        }
    };
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("known-differences.toml"), text)
        .expect("OUT_DIR is writable");
}
