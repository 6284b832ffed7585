#!/usr/bin/env bash
# Fuzz smoke test for CI: builds the cargo-fuzz targets, builds their seed corpora and
# replays every seed through its target once (libFuzzer -runs=0). Any crash, failed
# assertion or (in strict mode) unexplained divergence fails the run.
#
# Usage: scripts/fuzz-smoke.sh            (from anywhere; works on the repository root)
# Environment:
#   HTML5LIB_TESTS      html5lib-tests checkout (default ../shared/html5lib-tests)
#   FUZZ_TOOLCHAIN      "stable" (default; no sanitizer, -s none) or "nightly"
#                       (AddressSanitizer)
#   FUZZ_DIFFERENTIAL   "strict": the differential target aborts on divergences that
#                       corpus/known-differences.toml does not explain; "crash-only":
#                       every divergence counts as known, only crashes fail. Default:
#                       strict when corpus/known-differences.toml exists.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

export HTML5LIB_TESTS="${HTML5LIB_TESTS:-$root/../shared/html5lib-tests}"
toolchain="${FUZZ_TOOLCHAIN:-stable}"
targets=(parse fragment roundtrip tokenizer differential)

case "$toolchain" in
  stable) build=(cargo fuzz build -O -s none) ;;
  nightly) build=(cargo +nightly fuzz build -O) ;;
  *) echo "fuzz-smoke: FUZZ_TOOLCHAIN must be stable or nightly, not $toolchain" >&2; exit 2 ;;
esac

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --version 0.13.2 --locked
fi

echo "== unit tests of the fuzz crate"
cargo test --release --manifest-path fuzz/Cargo.toml --lib

echo "== building the fuzz targets (${build[*]})"
"${build[@]}"
# cargo fuzz builds into fuzz/target, or under $CARGO_TARGET_DIR when that is set.
bin="${CARGO_TARGET_DIR:-fuzz/target}/x86_64-unknown-linux-gnu/release"

echo "== building the seed corpora"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
cargo run --release --manifest-path fuzz/Cargo.toml --example build_seeds -- \
  "$HTML5LIB_TESTS" "$root/corpus" "$seeds"

mode="${FUZZ_DIFFERENTIAL:-}"
if [ -z "$mode" ]; then
  if [ -f corpus/known-differences.toml ]; then mode=strict; else mode=crash-only; fi
fi
if [ "$mode" = crash-only ]; then
  echo "== differential target in crash-only mode (every divergence counts as known)"
  cat > "$seeds/all-known.toml" <<'TOML'
[[class]]
id = "smoke-every-divergence"
engine = "*"
signatures = ["*"]
explanation = "fuzz-smoke.sh crash-only mode: only crashes fail."
spec = "https://html.spec.whatwg.org/#parsing"
right = "neither"
TOML
  export LITMUS_KNOWN_DIFFERENCES="$seeds/all-known.toml"
fi

failed=0
for target in "${targets[@]}"; do
  count=$(find "$seeds/$target" -type f | wc -l)
  echo "== replaying $count seeds through $target"
  if ! "$bin/$target" -runs=0 -rss_limit_mb=4096 -timeout=30 "$seeds/$target" \
      > "$seeds/$target.log" 2>&1; then
    echo "fuzz-smoke: $target FAILED; its log:" >&2
    tail -n 60 "$seeds/$target.log" >&2
    failed=$((failed + 1))
  else
    grep -E "^#[0-9]+[[:space:]]+DONE" "$seeds/$target.log" || true
  fi
done

# The html5ever yardstick of the nightly campaign, on the parse seeds.
echo "== replaying the parse seeds through the html5ever yardstick"
if ! "$bin/html5ever" -runs=0 -rss_limit_mb=4096 -timeout=30 "$seeds/parse" \
    > "$seeds/html5ever.log" 2>&1; then
  echo "fuzz-smoke: the html5ever yardstick FAILED; its log:" >&2
  tail -n 60 "$seeds/html5ever.log" >&2
  failed=$((failed + 1))
fi

passed=$(( ${#targets[@]} + 1 - failed ))
echo "fuzz-smoke: $passed passed, $failed failed (${#targets[@]} targets and the yardstick)"
[ "$failed" -eq 0 ]
