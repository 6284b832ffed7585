#!/usr/bin/env bash
# A newcomer's first hour, replayed on a clean checkout in a few minutes: the README's
# two top commands (the main job shortened to --cases 2000; the test command built,
# not run, unless NEWCOMER_FULL_TESTS=1 — CI runs it in full just before), a clone
# with no conformance data beside it (the tests fetch them from a local mirror made
# from $HTML5LIB_TESTS, and fail at once, with one message, when they cannot), a fuzz
# target's seed replay, `litmus conformance` against litmus, a run from another
# folder, `| head`, Ctrl-C, and every exit code of the README. Each check prints
# `ok` or `FAILED` with what it saw; the last line is `newcomer: P passed, F failed`
# and the exit status is 1 when anything failed.
#
# Usage: scripts/newcomer.sh            (from anywhere; works on the repository root)
# Environment:
#   HTML5LIB_TESTS       html5lib-tests checkout (default ../shared/html5lib-tests;
#                        scripts/fetch-html5lib-tests.sh fetches it)
#   NEWCOMER_CASES       cases of the README's main job (default 2000)
#   NEWCOMER_FULL_TESTS  1: run the README's test command in full
#   NEWCOMER_FUZZ        0: skip the fuzz seed replay (it is skipped anyway when
#                        cargo-fuzz is not installed)
#   NEWCOMER_FRESH       0: skip the clone with no data beside it
# The checkout must be clean (git status --porcelain empty) and stays so: everything
# the checks write goes to a scratch folder or to ignored paths (reports/), and the
# README's main-job report is removed again unless it was there before.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root="$(pwd)"

export HTML5LIB_TESTS="${HTML5LIB_TESTS:-$root/../shared/html5lib-tests}"
export CARGO_TERM_COLOR=never
cases="${NEWCOMER_CASES:-2000}"

if [ -n "$(git status --porcelain)" ]; then
  echo "newcomer: the checkout has changes; run it on a clean clone (git status --porcelain is not empty)" >&2
  exit 2
fi

scratch="$(mktemp -d)"
readme_run_existed=0
[ -e reports/readme-run ] && readme_run_existed=1
cleanup() {
  rm -rf "$scratch"
  [ "$readme_run_existed" = 1 ] || rm -rf reports/readme-run
  # reports/ itself is ignored; leave it only if it holds something else.
  rmdir reports 2>/dev/null || true
}
trap cleanup EXIT

passed=0
failed=0
ok() { echo "  ok: $1"; passed=$((passed + 1)); }
bad() { echo "  FAILED: $1" >&2; failed=$((failed + 1)); }
# check WHAT COMMAND...: ok when COMMAND succeeds.
check() {
  local what="$1"
  shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}
step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
started=$(date +%s)

# The README's first ```sh block holds the two commands.
readme_block="$(awk '/^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' README.md)"
main_job="$(grep -E '^cargo run .* -- run ' <<<"$readme_block" | head -1)"
test_command="$(grep -E '^cargo test' <<<"$readme_block" | head -1)"

step "the README's main job: $main_job (--cases $cases)"
if [ -z "$main_job" ]; then
  bad "the README's first sh block has no 'cargo run … -- run' line"
else
  shortened="$(sed -E "s/--cases [0-9]+/--cases $cases/" <<<"$main_job")"
  bash -c "$shortened" >"$scratch/main.out" 2>"$scratch/main.err"
  status=$?
  grep -A 8 "^litmus run" "$scratch/main.out"
  check "the main job exits 0 (it did $status)" test "$status" = 0
  out_dir="$(grep -oE -- '--out [^ ]+' <<<"$main_job" | cut -d' ' -f2)"
  check "the main job wrote $out_dir/summary.md" test -s "$out_dir/summary.md"
  check "the main job found 0 new classes" grep -q ' 0 new classes' "$scratch/main.out"
fi

step "the README's test command: $test_command"
if [ -z "$test_command" ]; then
  bad "the README's first sh block has no 'cargo test' line"
elif [ "${NEWCOMER_FULL_TESTS:-0}" = 1 ]; then
  check "$test_command" bash -c "$test_command"
else
  check "$test_command --no-run (every test builds)" bash -c "$test_command --no-run --quiet"
fi

step "a clone with no conformance data beside it: the tests fetch them"
if [ "${NEWCOMER_FRESH:-1}" = 0 ]; then
  echo "  skipped (NEWCOMER_FRESH=0)"
elif [ ! -d "$HTML5LIB_TESTS/tree-construction" ]; then
  bad "no html5lib-tests at $HTML5LIB_TESTS to make a mirror of"
else
  # A mirror of html5lib-tests in a local bare repository (the network is not needed),
  # and a clone of this checkout's HEAD with no ../shared beside it.
  mkdir -p "$scratch/mirror-source" "$scratch/fresh"
  cp -R "$HTML5LIB_TESTS/tree-construction" "$HTML5LIB_TESTS/tokenizer" \
    "$HTML5LIB_TESTS/serializer" "$HTML5LIB_TESTS/encoding" "$scratch/mirror-source/"
  git -C "$scratch/mirror-source" init -q
  git -C "$scratch/mirror-source" add .
  git -C "$scratch/mirror-source" -c user.name=newcomer -c user.email=newcomer@localhost \
    commit -q -m "html5lib-tests"
  mirror_commit="$(git -C "$scratch/mirror-source" rev-parse HEAD)"
  git clone -q --bare "$scratch/mirror-source" "$scratch/mirror.git"
  git clone -q "$root" "$scratch/fresh/litmus"
  # The shared target folder keeps the dependencies built; the clone's own crates
  # build again, and its cache of the data is its own (html5lib-tests-<commit>).
  fresh() {
    (cd "$scratch/fresh/litmus" && env -u HTML5LIB_TESTS \
      CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" \
      HTML5LIB_TESTS_COMMIT="$mirror_commit" "$@")
  }
  rm -rf "${CARGO_TARGET_DIR:-$root/target}/html5lib-tests-${mirror_commit:0:7}"
  begun=$(date +%s)
  fresh env HTML5LIB_TESTS_URL="$scratch/nowhere.git" \
    cargo test --release -p litmus-tests --test tree_construction \
    >"$scratch/fresh-fail.out" 2>&1
  status=$?
  took=$(($(date +%s) - begun))
  grep -A 3 -- '--- stderr' "$scratch/fresh-fail.out" | tail -n 2 | cut -c1-200
  check "with no mirror reachable, the tests fail in the build (exit $status, after $took s)" \
    test "$status" != 0
  check "one message, naming HTML5LIB_TESTS and the fetch script" \
    grep -q 'run the tests with HTML5LIB_TESTS=FOLDER' "$scratch/fresh-fail.out"
  check "no suite ran" bash -c "! grep -q '^     Running' '$scratch/fresh-fail.out'"
  fresh env HTML5LIB_TESTS_URL="$scratch/mirror.git" \
    cargo test --release -p litmus-tests --test tree_construction \
    >"$scratch/fresh.out" 2>&1
  status=$?
  grep -E 'fetched html5lib-tests|^tree-construction' "$scratch/fresh.out"
  check "with the mirror, the tests fetch the data and pass (exit $status)" test "$status" = 0
  check "the data fetched once into the target folder" \
    grep -q "fetched html5lib-tests ${mirror_commit:0:7} into" "$scratch/fresh.out"
  check "tree-construction: 0 failed" grep -qE '^tree-construction: [0-9]+ passed, 0 failed' "$scratch/fresh.out"
  check "the clone stays clean" test -z "$(git -C "$scratch/fresh/litmus" status --porcelain)"
  rm -rf "${CARGO_TARGET_DIR:-$root/target}/html5lib-tests-${mirror_commit:0:7}"
fi

bin_dir="${CARGO_TARGET_DIR:-$root/target}/release"
# An installed litmus: the binary alone, away from the repository.
mkdir -p "$scratch/bin"
cp "$bin_dir/litmus" "$scratch/bin/litmus"
litmus="$scratch/bin/litmus"

step "a fuzz target's seed replay (differential)"
if [ "${NEWCOMER_FUZZ:-1}" = 0 ]; then
  echo "  skipped (NEWCOMER_FUZZ=0)"
elif ! cargo fuzz --version >/dev/null 2>&1; then
  echo "  skipped (cargo-fuzz is not installed; scripts/fuzz-smoke.sh installs it)"
else
  cargo run --quiet --release --manifest-path fuzz/Cargo.toml --example build_seeds -- \
    "$HTML5LIB_TESTS" "$root/corpus" "$scratch/seeds" >"$scratch/seeds.log" 2>&1
  check "the seed corpora build" test -d "$scratch/seeds/differential"
  check "cargo fuzz run differential replays its seeds clean" \
    bash -c "cargo fuzz run -s none -O differential '$scratch/seeds/differential' -- -runs=0 >'$scratch/fuzz.log' 2>&1"
  grep -E '^#[0-9]+[[:space:]]+DONE' "$scratch/fuzz.log" || tail -n 20 "$scratch/fuzz.log"
fi

step "litmus conformance against litmus"
if [ ! -d "$HTML5LIB_TESTS/tree-construction" ]; then
  bad "no html5lib-tests at $HTML5LIB_TESTS (scripts/fetch-html5lib-tests.sh fetches them)"
else
  for suite in tree-construction tokenizer; do
    "$litmus" conformance --quiet "$HTML5LIB_TESTS/$suite" >"$scratch/$suite.out" 2>&1
    status=$?
    tail -n 1 "$scratch/$suite.out"
    check "litmus conformance $suite exits 0 (it did $status)" test "$status" = 0
    check "litmus conformance $suite: 0 failed" grep -q ', 0 failed' "$scratch/$suite.out"
    if [ "$suite" = tree-construction ]; then
      check "litmus conformance $suite: its parse errors, 0 failed" \
        grep -qE '^tree-construction errors: [0-9]+ passed, 0 failed$' "$scratch/$suite.out"
    fi
  done
fi

step "a run from another folder (cd $scratch/elsewhere && litmus run --cases 200)"
mkdir -p "$scratch/elsewhere"
(cd "$scratch/elsewhere" && "$litmus" run --cases 200 --seed 1 --fail-on-new --out r \
  >"$scratch/elsewhere.out" 2>"$scratch/elsewhere.err")
status=$?
check "exit 0 (it did $status)" test "$status" = 0
check "the built-in known differences, said on stderr" \
  grep -q 'known differences built into litmus' "$scratch/elsewhere.err"
check "0 new classes" grep -q ' 0 new classes' "$scratch/elsewhere.out"
check "reports written" test -s "$scratch/elsewhere/r/findings.json"
modes="$(find "$scratch/elsewhere/r" -type f -printf '%m\n' | sort -u | tr '\n' ' ')"
check "every file written 0644 (modes: $modes)" test "$modes" = "644 "

step "| head: output into a closed pipe ends quietly"
python3 -c "print('<p>x' * 50000)" >"$scratch/big.html"
pipe() {
  # pipe NAME ARGS…: litmus ARGS | head -1, exit 0, no panic on stderr.
  local name="$1"
  shift
  (cd "$scratch/elsewhere" && "$litmus" "$@" 2>"$scratch/pipe.err" | head -1 >/dev/null
   exit "${PIPESTATUS[0]}")
  local status=$?
  if [ "$status" = 0 ] && ! grep -q 'panicked' "$scratch/pipe.err"; then
    ok "litmus $name | head -1"
  else
    bad "litmus $name | head -1: exit $status; $(head -c 300 "$scratch/pipe.err")"
  fi
}
pipe "parse big.html" parse "$scratch/big.html"
pipe "run --cases 500" run --cases 500 --seed 1 --out piped
pipe "--help" --help
pipe "run --help" run --help

step "--quiet: errors and one closing line"
(cd "$scratch/elsewhere" && "$litmus" run --cases 2000 --seed 1 -q --out quiet \
  >"$scratch/quiet.out" 2>"$scratch/quiet.err")
status=$?
cat "$scratch/quiet.out"
lines=$(($(wc -l <"$scratch/quiet.out") + $(wc -l <"$scratch/quiet.err")))
check "exit 0 (it did $status)" test "$status" = 0
check "one line in all (it printed $lines)" test "$lines" = 1

step "Ctrl-C: the running cases finish, the reports are written, exit 130"
(cd "$scratch/elsewhere" && exec "$litmus" run --time 60s --seed 3 -q --out interrupted \
  >"$scratch/int.out" 2>"$scratch/int.err") &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
status=$?
cat "$scratch/int.out"
check "exit 130 (it did $status)" test "$status" = 130
check "findings.json says interrupted" \
  grep -q '"interrupted": true' "$scratch/elsewhere/interrupted/findings.json"
check "summary.md written" test -s "$scratch/elsewhere/interrupted/summary.md"

step "exit codes: 1 for new classes under --fail-on-new, 2 for usage and bad input"
: >"$scratch/none.toml"
expect() {
  # expect CODE ARGS…: litmus ARGS exits CODE.
  local code="$1"
  shift
  (cd "$scratch/elsewhere" && "$litmus" "$@" >/dev/null 2>"$scratch/expect.err" </dev/null)
  local status=$?
  if [ "$status" = "$code" ]; then
    ok "litmus $* -> $code"
  else
    bad "litmus $* -> $status, not $code: $(head -c 300 "$scratch/expect.err")"
  fi
}
expect 1 run --cases 200 --seed 1 -q --out none --known "$scratch/none.toml" --known-only --fail-on-new
expect 0 run --cases 200 --seed 1 -q --out added --known "$scratch/none.toml" --fail-on-new
expect 0 run --cases 200 --seed 1 -q --out known --fail-on-new
expect 2 run --jobs x
expect 2 run --corpus nowhere --cases 10
expect 2 parse missing.html
expect 2 frobnicate
printf '\0\0\0\5hello' >"$scratch/bad-frame"
(cd "$scratch/elsewhere" && "$litmus" serve <"$scratch/bad-frame" >/dev/null 2>&1)
status=$?
check "litmus serve < a bad frame -> 2 (it did $status)" test "$status" = 2

step "the checkout is as it was"
[ "$readme_run_existed" = 1 ] || rm -rf reports/readme-run
rmdir reports 2>/dev/null || true
changes="$(git status --porcelain)"
check "git status --porcelain is empty${changes:+: $changes}" test -z "$changes"

echo
echo "newcomer: $passed passed, $failed failed in $(($(date +%s) - started)) s"
[ "$failed" = 0 ]
