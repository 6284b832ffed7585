#!/usr/bin/env bash
# The nightly campaign: every fuzz target for a while in libFuzzer's fork mode on all
# cores, the corpora merged, a differential campaign, the fuzzers' artifacts triaged,
# and one report.
#
# Usage: scripts/nightly.sh [--per-target DURATION] [--campaign DURATION]
#                           [--sanitizer none|address] [--out DIR] [--targets "a b"]
#   --per-target  how long each fuzz target runs (seconds, or 90s/5m/1h; default 90s)
#   --campaign    how long `litmus run` runs (default 3m)
#   --sanitizer   none: stable toolchain, `cargo fuzz run -s none` (default);
#                 address: nightly toolchain with AddressSanitizer (`cargo +nightly fuzz`)
#   --out         the report folder (default reports/nightly-<UTC time>)
#   --targets     the fuzz targets (default: all five)
#   --input-timeout  libFuzzer's -timeout: an input that runs longer (seconds) is a
#                 timeout artifact (default 10, litmus run's --timeout; libFuzzer's own
#                 default is 1200)
#   --slow-unit   libFuzzer's -report_slow_units: an input slower than this (seconds)
#                 is reported and saved as slow-unit-* (default 1); the report lists
#                 them (the reference parser must not be the slow party), untriaged
#   --no-spec-coverage  build litmus without its feature `spec-coverage` and run the
#                 campaign without `--spec-coverage` (by default the campaign counts the
#                 arms of the standard the reference parser reached, and the report
#                 says "spec arms reached: N of M" with the cold arms)
# Environment: HTML5LIB_TESTS (default ../shared/html5lib-tests) for the seeds.
#
# The report: OUT/summary.md (one table of the fuzz targets — exec/s reached, corpus
# size before and after the merge, new artifacts; a table of the `parse` and
# `differential` targets' speed against the `html5ever` yardstick, a target that only
# parses with html5ever, run on the same starting corpus for the same time — then the
# campaign's and the triage's summaries), with OUT/campaign/ and OUT/triage/ holding
# their full reports and findings (the tracked corpus/ is never written) and
# OUT/logs/ every tool's output.
#
# Exit status: 0 when no target saved a crash, timeout or unexplained divergence and
# neither the campaign nor the triage found a new class; 1 otherwise; 2 for bad
# options. The last line of the output says which, for a scheduler to read:
#   nightly: PASS 0 artifacts, 0 new classes; report reports/nightly-…/summary.md
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

per_target=90s
campaign=3m
sanitizer=none
out=""
targets="parse fragment roundtrip tokenizer differential"
spec_coverage=1
input_timeout=10
slow_unit=1
while [ $# -gt 0 ]; do
  case "$1" in
    --per-target) per_target="$2"; shift 2 ;;
    --campaign) campaign="$2"; shift 2 ;;
    --sanitizer) sanitizer="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    --input-timeout) input_timeout="$2"; shift 2 ;;
    --slow-unit) slow_unit="$2"; shift 2 ;;
    --no-spec-coverage) spec_coverage=0; shift ;;
    -h|--help) sed -n '2,37p' "$0"; exit 0 ;;
    *) echo "nightly: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

seconds() {
  case "$1" in
    *h) echo $(( ${1%h} * 3600 )) ;;
    *m) echo $(( ${1%m} * 60 )) ;;
    *s) echo "${1%s}" ;;
    *[!0-9]*|"") echo "nightly: bad duration $1" >&2; exit 2 ;;
    *) echo "$1" ;;
  esac
}
per_target_seconds="$(seconds "$per_target")"
for value in "$input_timeout" "$slow_unit"; do
  case "$value" in
    ""|*[!0-9]*|0) echo "nightly: --input-timeout and --slow-unit are whole seconds from 1, not $value" >&2; exit 2 ;;
  esac
done
case "$sanitizer" in
  none) fuzz=(cargo fuzz run -O -s none); cmin=(cargo fuzz cmin -O -s none) ;;
  address) fuzz=(cargo +nightly fuzz run -O); cmin=(cargo +nightly fuzz cmin -O) ;;
  *) echo "nightly: --sanitizer is none or address, not $sanitizer" >&2; exit 2 ;;
esac
export HTML5LIB_TESTS="${HTML5LIB_TESTS:-$root/../shared/html5lib-tests}"
out="${out:-reports/nightly-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out/logs"
cores="$(nproc)"
started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
stamp="$out/logs/.started"
touch "$stamp"

step() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

build_litmus=(cargo build --release --bin litmus)
if [ "$spec_coverage" = 1 ]; then build_litmus+=(--features spec-coverage); fi

step "build litmus and the seed corpora"
"${build_litmus[@]}"
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --version 0.13.2 --locked
fi
cargo run --release --manifest-path fuzz/Cargo.toml --example build_seeds -- \
  "$HTML5LIB_TESTS" corpus fuzz/corpus > "$out/logs/seeds.log" 2>&1 || {
    echo "nightly: building the seed corpora failed (see $out/logs/seeds.log); fuzzing from what fuzz/corpus holds" >&2
  }

# The targets whose speed is measured against the yardstick.
yardstick_for="parse differential"
rows=""
speed_rows=""
for target in $targets; do
  step "fuzz $target for ${per_target_seconds}s on $cores cores (${fuzz[*]})"
  mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
  before="$(find "fuzz/corpus/$target" -type f | wc -l)"
  log="$out/logs/fuzz-$target.log"
  measure_yardstick=""
  case " $yardstick_for " in *" $target "*)
    measure_yardstick=1
    yardstick_corpus="$(mktemp -d)"
    cp -r "fuzz/corpus/$target/." "$yardstick_corpus/" ;;
  esac
  # Fork mode keeps going after a crash, timeout or out-of-memory input: each is
  # saved under fuzz/artifacts/TARGET/ and triaged below.
  "${fuzz[@]}" "$target" "fuzz/corpus/$target" -- \
    -fork="$cores" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$per_target_seconds" -dict=fuzz/html.dict \
    -timeout="$input_timeout" -report_slow_units="$slow_unit" \
    -artifact_prefix="fuzz/artifacts/$target/" > "$log" 2>&1 || true
  execs="$(grep -o 'exec/s: [0-9]*' "$log" | tail -1 | awk '{print $2}')"
  runs="$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')"
  step "merge the $target corpus"
  # An input that crashes during the merge is written under the artifacts folder too,
  # not into the working directory.
  "${cmin[@]}" "$target" "fuzz/corpus/$target" -- \
    -artifact_prefix="fuzz/artifacts/$target/" \
    > "$out/logs/cmin-$target.log" 2>&1 || echo "nightly: cmin of $target failed (see $out/logs/cmin-$target.log)" >&2
  after="$(find "fuzz/corpus/$target" -type f | wc -l)"
  artifacts="$(find "fuzz/artifacts/$target" -type f -newer "$stamp" -not -name 'slow-unit-*' | wc -l)"
  slow="$(find "fuzz/artifacts/$target" -type f -newer "$stamp" -name 'slow-unit-*' | wc -l)"
  rows="$rows| \`$target\` | ${execs:-?} | ${runs:-?} | $before | $after | $artifacts | $slow |\n"
  if [ -n "$measure_yardstick" ]; then
    step "the html5ever yardstick on the $target corpus as it was, ${per_target_seconds}s"
    ylog="$out/logs/fuzz-html5ever-on-$target.log"
    mkdir -p "fuzz/artifacts/html5ever"
    "${fuzz[@]}" html5ever "$yardstick_corpus" -- \
      -fork="$cores" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_total_time="$per_target_seconds" -dict=fuzz/html.dict \
    -timeout="$input_timeout" -report_slow_units="$slow_unit" \
      -artifact_prefix="fuzz/artifacts/html5ever/" > "$ylog" 2>&1 || true
    rm -rf "$yardstick_corpus"
    yexecs="$(grep -o 'exec/s: [0-9]*' "$ylog" | tail -1 | awk '{print $2}')"
    ratio="?"
    if [ -n "${execs:-}" ] && [ -n "${yexecs:-}" ] && [ "$yexecs" -gt 0 ]; then
      ratio="$(awk -v a="$execs" -v b="$yexecs" 'BEGIN { printf "%.0f %%", 100 * a / b }')"
    fi
    speed_rows="$speed_rows| \`$target\` | ${execs:-?} | ${yexecs:-?} | $ratio |\n"
  fi
done

step "differential campaign for $campaign"
campaign_status=0
coverage_flag=()
if [ "$spec_coverage" = 1 ]; then coverage_flag=(--spec-coverage); fi
# Built again: the fuzzing took a while, and the binary must be this build's.
"${build_litmus[@]}" > "$out/logs/build-litmus.log" 2>&1
./target/release/litmus run --time "$campaign" --out "$out/campaign" --fail-on-new \
  "${coverage_flag[@]}" > "$out/logs/campaign.log" 2>&1 || campaign_status=$?
case "$campaign_status" in
  0|1) ;;
  *) echo "nightly: the campaign failed (status $campaign_status, see $out/logs/campaign.log)" >&2 ;;
esac

step "triage the new artifacts"
# The yardstick's own artifacts (html5ever alone) are not litmus's to triage.
# Slow units are no failure: the report lists them below.
mapfile -t new_artifacts < <(find fuzz/artifacts -type f -newer "$stamp" -not -path '*/artifacts/html5ever/*' -not -name 'slow-unit-*' | sort)
mapfile -t slow_units < <(find fuzz/artifacts -type f -newer "$stamp" -not -path '*/artifacts/html5ever/*' -name 'slow-unit-*' | sort)
if [ "${#new_artifacts[@]}" -gt 0 ]; then
  ./target/release/litmus triage "${new_artifacts[@]}" --out "$out/triage" \
    > "$out/logs/triage.log" 2>&1 || echo "nightly: triage failed (see $out/logs/triage.log)" >&2
fi

step "report"
{
  echo "# Nightly campaign $(basename "$out")"
  echo
  echo "Started $started, finished $(date -u +%Y-%m-%dT%H:%M:%SZ) on $cores cores;"
  echo "fuzzing with \`${fuzz[*]}\`, ${per_target_seconds}s per target; a ${campaign} differential campaign."
  echo
  echo "## Fuzz targets"
  echo
  echo "Each input had ${input_timeout}s (\`-timeout\`); inputs slower than ${slow_unit}s were"
  echo "saved as slow units (\`-report_slow_units\`)."
  echo
  echo "| target | exec/s (last) | runs | corpus before | corpus after merge | new artifacts | slow units |"
  echo "|---|---|---|---|---|---|---|"
  printf "%b" "$rows"
  echo
  if [ -n "$speed_rows" ]; then
    echo "## Speed against the html5ever yardstick"
    echo
    echo "Each target against the \`html5ever\` target (html5ever alone parsing the input),"
    echo "run on the same starting corpus for the same time, in this run."
    echo
    echo "| target | exec/s | html5ever exec/s | ratio |"
    echo "|---|---:|---:|---:|"
    printf "%b" "$speed_rows"
    echo
  fi
  echo "## Artifacts triaged"
  echo
  if [ "${#new_artifacts[@]}" -gt 0 ]; then
    echo '```'
    cat "$out/logs/triage.log"
    echo '```'
    echo
    echo "Full report: [triage/summary.md](triage/summary.md)"
  else
    echo "None: no fuzz target saved a crash, timeout or unexplained divergence."
  fi
  echo
  echo "## Slow units"
  echo
  if [ "${#slow_units[@]}" -gt 0 ]; then
    echo "Inputs slower than ${slow_unit}s (\`litmus parse FILE\` or \`litmus bench --only search\` to look closer):"
    echo
    for unit in "${slow_units[@]}"; do
      echo "- \`$unit\` ($(wc -c < "$unit") bytes)"
    done
    echo
    echo '```'
    grep -h 'Slowest unit' "$out"/logs/fuzz-*.log | grep -v html5ever-on | head -20 || true
    echo '```'
  else
    echo "None: no input took longer than ${slow_unit}s."
  fi
  echo
  echo "## Differential campaign"
  echo
  echo '```'
  # The campaign's closing summary (its NEW lines included), after the per-finding
  # lines and the spec coverage figures.
  sed -n '/^litmus run /,$p' "$out/logs/campaign.log" | head -40
  echo '```'
  if [ "$spec_coverage" = 1 ]; then
    echo
    echo "## Spec coverage"
    echo
    echo '```'
    sed -n '/^spec arms reached/,/^hottest arms/p' "$out/logs/campaign.log" | sed '$d'
    echo '```'
  fi
  echo
  echo "Full report: [campaign/summary.md](campaign/summary.md), [campaign/index.html](campaign/index.html)"
} > "$out/summary.md"

# The verdict: crashes, hangs and unexplained divergences the targets saved, and new
# classes from the campaign and the triage.
artifact_count="${#new_artifacts[@]}"
new_classes=0
for report in "$out/campaign/findings.json" "$out/triage/findings.json"; do
  if [ -f "$report" ]; then
    n="$(grep -c '"status": "new"' "$report" || true)"
    new_classes=$((new_classes + n))
  fi
done
verdict=PASS
status=0
if [ "$artifact_count" -gt 0 ] || [ "$new_classes" -gt 0 ] || [ "$campaign_status" -gt 1 ]; then
  verdict=FAIL
  status=1
fi
echo "nightly: $verdict $artifact_count artifacts, $new_classes new classes; report $out/summary.md"
exit "$status"
