#!/bin/bash -eu
# Builds litmus's fuzz targets the OSS-Fuzz way and puts into $OUT, for each target:
# the binary, its dictionary (<target>.dict), its options (<target>.options) and its
# seed corpus (<target>_seed_corpus.zip).
#
# Environment (set by the OSS-Fuzz/ClusterFuzzLite builder; see fuzz/README.md to run
# it elsewhere): SRC (the folder holding the litmus checkout), OUT (where the results
# go), WORK (scratch space). Optional: LITMUS_SRC (the checkout; default $SRC/litmus),
# HTML5LIB_TESTS (an html5lib-tests checkout; default $SRC/html5lib-tests),
# CARGO_FUZZ_ARGS (extra arguments for `cargo fuzz build`, e.g. `-s none` on a stable
# toolchain).

LITMUS_SRC="${LITMUS_SRC:-$SRC/litmus}"
HTML5LIB_TESTS="${HTML5LIB_TESTS:-$SRC/html5lib-tests}"
TARGETS="parse fragment roundtrip tokenizer differential"

cd "$LITMUS_SRC"

# The fuzz crate is its own workspace with its own target folder (fuzz/target, or
# $CARGO_TARGET_DIR when set).
# shellcheck disable=SC2086
cargo fuzz build -O ${CARGO_FUZZ_ARGS:-}
FUZZ_TARGET_OUTPUT_DIR="${CARGO_TARGET_DIR:-fuzz/target}/x86_64-unknown-linux-gnu/release"

for target in $TARGETS; do
  cp "$FUZZ_TARGET_OUTPUT_DIR/$target" "$OUT/"
  cp fuzz/html.dict "$OUT/$target.dict"
  printf '[libfuzzer]\ndict = %s.dict\nmax_len = 4096\n' "$target" > "$OUT/$target.options"
done

# Seed corpora: html5lib-tests inputs (when there is a checkout), litmus's findings
# (corpus/divergences) and generator cases, in each target's input format.
SEEDS="$WORK/litmus-seeds"
rm -rf "$SEEDS"
if [ ! -d "$HTML5LIB_TESTS/tree-construction" ]; then
  echo "build.sh: no html5lib-tests at $HTML5LIB_TESTS; seeding from the generator and corpus/ only"
  HTML5LIB_TESTS="$WORK/no-html5lib-tests"
  mkdir -p "$HTML5LIB_TESTS/tree-construction" "$HTML5LIB_TESTS/tokenizer"
fi
# A plain (uninstrumented) build: the seeds only need the library. A failure here
# leaves the targets without seed zips rather than failing the build.
if env -u RUSTFLAGS -u CARGO_BUILD_TARGET \
  cargo run --release --manifest-path fuzz/Cargo.toml --example build_seeds -- \
  "$HTML5LIB_TESTS" "$LITMUS_SRC/corpus" "$SEEDS"; then
  for target in $TARGETS; do
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "$SEEDS/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  done
else
  echo "build.sh: building the seed corpora failed; the targets have no seed zips" >&2
fi
