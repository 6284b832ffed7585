#!/usr/bin/env bash
# Fetches the conformance data litmus is measured against: clones
# https://github.com/html5lib/html5lib-tests and checks out the pinned commit 9329e64
# (detached) into FOLDER. With --wpt, web-platform-tests instead, where the
# tree-construction tests are maintained since 9329e64: a sparse checkout of its
# html/syntax/parsing/resources (the same .dat format) at a pinned commit, for
# `litmus conformance --wpt`.
#
# Usage: scripts/fetch-html5lib-tests.sh [--wpt] [FOLDER]
#   FOLDER  where the checkout goes. Default: ../shared/html5lib-tests beside the
#           repository root, where the test suites and `litmus conformance` look when
#           HTML5LIB_TESTS is not set; for another folder, set HTML5LIB_TESTS=FOLDER.
#           With --wpt: ../shared/wpt, where `litmus conformance --wpt` looks when
#           WPT_TESTS is not set.
#
# Running it again is safe: a checkout already at the pinned commit is left alone, and a
# clean checkout of the same repository at another commit is moved to it (fetching
# first when it lacks the commit). It changes nothing and fails, saying why, when FOLDER
# is a file, a folder that is neither empty nor a git checkout, a checkout of another
# repository, or a checkout with local changes or untracked files (the suites would run
# them).
#
# Environment, for a mirror or for trying another commit before moving the pin:
#   HTML5LIB_TESTS_URL     the repository (default https://github.com/html5lib/html5lib-tests)
#   HTML5LIB_TESTS_COMMIT  the commit (default 9329e64)
#   WPT_URL                with --wpt (default https://github.com/web-platform-tests/wpt)
#   WPT_COMMIT             with --wpt (default b7079d6b38af600dd188a75c524207381c35dcb6)
#
# Exit status: 0 when FOLDER holds the commit, 1 when it could not, 2 on bad usage.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wpt=no
if [ "${1:-}" = "--wpt" ]; then
    wpt=yes
    shift
fi
if [ "$wpt" = yes ]; then
    url="${WPT_URL:-https://github.com/web-platform-tests/wpt}"
    commit="${WPT_COMMIT:-b7079d6b38af600dd188a75c524207381c35dcb6}"
    name=wpt
    variable=WPT_TESTS
    # The only folder checked out of web-platform-tests (with the files at its root).
    sparse=html/syntax/parsing/resources
    wanted="$sparse"
else
    url="${HTML5LIB_TESTS_URL:-https://github.com/html5lib/html5lib-tests}"
    commit="${HTML5LIB_TESTS_COMMIT:-9329e64}"
    name=html5lib-tests
    variable=HTML5LIB_TESTS
    sparse=
    wanted=tree-construction
fi

say() { echo "fetch-html5lib-tests: $*"; }
fail() {
    echo "fetch-html5lib-tests: $*" >&2
    exit 1
}
usage() {
    echo "usage: $0 [--wpt] [FOLDER]   (default FOLDER: $root/../shared/html5lib-tests, with --wpt $root/../shared/wpt)" >&2
    exit 2
}

case "${1:-}" in
    -h | --help)
        sed -n '2,/^set -euo pipefail$/p' "$0" | sed '$d; s/^# \{0,1\}//'
        exit 0
        ;;
    -*) usage ;;
esac
[ "$#" -le 1 ] || usage
dir="${1:-$root/../shared/$name}"

command -v git >/dev/null 2>&1 || fail "git is needed, and it is not on PATH"

# Whether a folder is the top level of a git checkout (not a folder inside one).
is_checkout_top() {
    local top
    top="$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)" || return 1
    [ "$(cd "$1" && pwd -P)" = "$(cd "$top" && pwd -P)" ]
}

fresh=no
if [ -e "$dir" ] && [ ! -d "$dir" ]; then
    fail "$dir exists and is not a folder"
elif [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    if ! is_checkout_top "$dir"; then
        fail "$dir is neither empty nor a git checkout: move it away or name another folder, then run this again (a copy of $name $commit without its git history works as it is: $variable=$dir)"
    fi
    origin="$(git -C "$dir" remote get-url origin 2>/dev/null || true)"
    if [ "$origin" != "$url" ]; then
        fail "$dir is a checkout of ${origin:-a repository without an origin}, not of $url: move it away or name another folder"
    fi
    if [ -n "$(git -C "$dir" status --porcelain)" ]; then
        fail "$dir has local changes or untracked files (git -C $dir status shows them): commit, discard or move them, then run this again"
    fi
else
    say "cloning $url into $dir"
    if [ -n "$sparse" ]; then
        # web-platform-tests is large: no blobs but those of the one folder checked out.
        git clone --quiet --no-checkout --filter=blob:none "$url" "$dir" 2>&1 |
            grep -v -e 'filtering not recognized by server' -e 'filter is ignored in local clones' >&2 || true
        [ -d "$dir/.git" ] ||
            fail "cannot clone $url into $dir (is the network reachable? a mirror can be given as ${variable%_TESTS}_URL)"
        git -C "$dir" sparse-checkout set "$sparse" ||
            fail "cannot set a sparse checkout of $sparse in $dir"
    else
        git clone --quiet --no-checkout "$url" "$dir" ||
            fail "cannot clone $url into $dir (is the network reachable? a mirror can be given as HTML5LIB_TESTS_URL)"
    fi
    fresh=yes
fi

if ! git -C "$dir" rev-parse --quiet --verify "$commit^{commit}" >/dev/null; then
    say "fetching from $url: $dir does not have commit $commit"
    git -C "$dir" fetch --quiet origin ||
        fail "cannot fetch from $url (is the network reachable?)"
    git -C "$dir" rev-parse --quiet --verify "$commit^{commit}" >/dev/null ||
        fail "$url has no commit $commit"
fi
want="$(git -C "$dir" rev-parse "$commit^{commit}")"
have="$(git -C "$dir" rev-parse --quiet --verify HEAD || true)"

if [ "$fresh" = no ] && [ "$have" = "$want" ]; then
    say "$dir is already at $commit ($want): nothing to do"
else
    say "checking out $commit in $dir"
    git -C "$dir" -c advice.detachedHead=false checkout --quiet --detach "$want" ||
        fail "cannot check out $commit in $dir"
    [ "$(git -C "$dir" rev-parse HEAD)" = "$want" ] ||
        fail "$dir is not at $commit after the checkout"
    say "$dir is at $commit ($want)"
fi

[ -d "$dir/$wanted" ] || fail "$dir has no $wanted folder at $commit"

default="$(cd "$root/.." && pwd -P)/shared/$name"
if [ "$(cd "$dir" && pwd -P)" != "$default" ]; then
    if [ "$wpt" = yes ]; then
        say "this is not the default folder: run litmus conformance --wpt with WPT_TESTS=$(cd "$dir" && pwd -P)"
    else
        say "this is not the default folder: run the tests and litmus conformance with HTML5LIB_TESTS=$(cd "$dir" && pwd -P)"
    fi
fi
