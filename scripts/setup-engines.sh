#!/usr/bin/env bash
# Installs the example external engines' dependencies (docs/engines.md), then checks
# each adapter with one parse:
#
#   parse5    npm ci in examples/engines (the committed package-lock.json), for
#             examples/engines/parse5.mjs
#   html5lib  a virtual environment examples/engines/.venv with
#             examples/engines/requirements.txt, for examples/engines/html5lib_adapter.py
#
# Both folders are ignored by git. Needs Node.js >= 20 with npm, and Python 3 with
# venv; reaches only the npm registry and PyPI. CI runs this, then the tests with
# LITMUS_EXTERNAL_ENGINES=1, which makes the adapter tests mandatory (they fail,
# rather than skip, when an adapter does not work).
set -euo pipefail
cd "$(dirname "$0")/.."

engines=examples/engines

echo "setup-engines: npm ci in $engines"
(cd "$engines" && npm ci --no-audit --no-fund --loglevel=error)

echo "setup-engines: python venv in $engines/.venv"
if [ ! -x "$engines/.venv/bin/python" ]; then
    python3 -m venv "$engines/.venv"
fi
"$engines/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$engines/requirements.txt"

# One parse through each adapter, one-shot: a broken install fails here, loudly.
expected='| <html>
|   <head>
|   <body>
|     <p>
|       "x"'
check() {
    local name="$1"
    shift
    local got
    got="$(printf '<p>x' | "$@" --scripting on)"
    if [ "$got" != "$expected" ]; then
        echo "setup-engines: $name answered:" >&2
        echo "$got" >&2
        exit 1
    fi
    echo "setup-engines: $name works"
}
check parse5 node "$engines/parse5.mjs"
check html5lib "$engines/.venv/bin/python" "$engines/html5lib_adapter.py"
