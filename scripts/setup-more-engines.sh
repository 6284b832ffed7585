#!/usr/bin/env bash
# Installs three more external engines (docs/engines.md, "More engines") and checks
# each adapter with one parse:
#
#   lexbor   selectolax (PyPI), for examples/engines/lexbor_adapter.py
#   gumbo    html5-parser (PyPI), for examples/engines/gumbo_adapter.py
#   go-html  golang.org/x/net/html (Debian's golang-golang-x-net-dev), for
#            examples/engines/go-html/main.go, built here into
#            examples/engines/go-html/go-html-engine
#
# The Python packages go into a virtual environment examples/engines/.venv-more
# (examples/engines/requirements-more.txt); lxml is built from source against the
# system's libxml2, as html5-parser requires (a few minutes, once). Debian packages
# (golang-go, golang-golang-x-net-dev, libxml2-dev, libxslt1-dev, python3-dev) are
# installed with apt-get when missing, which needs root. The Go adapter is built
# offline: GOPATH=/usr/share/gocode, GO111MODULE=off, no module download. The venv and
# the binary are ignored by git. Reaches only PyPI and Debian's archive.
#
# Then LITMUS_MORE_ENGINES=1 makes the adapter tests of
# differential/tests/more_engines.rs mandatory (they fail, rather than skip, when an
# adapter does not work).
set -euo pipefail
cd "$(dirname "$0")/.."

engines=examples/engines
debs=(golang-go golang-golang-x-net-dev libxml2-dev libxslt1-dev python3-dev pkg-config)

missing=()
for deb in "${debs[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$deb")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup-more-engines: apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "setup-more-engines: python venv in $engines/.venv-more"
if [ ! -x "$engines/.venv-more/bin/python" ]; then
    python3 -m venv "$engines/.venv-more"
fi
"$engines/.venv-more/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-binary lxml -r "$engines/requirements-more.txt"

echo "setup-more-engines: go build in $engines/go-html"
net_version="$(dpkg-query -W -f='${Version}' golang-golang-x-net-dev)"
upstream="${net_version#*:}"
upstream="${upstream%%+*}"
(
    cd "$engines/go-html"
    GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= go build \
        -ldflags "-X 'main.netVersion=$upstream' -X 'main.netPackage=Debian golang-golang-x-net-dev $net_version'" \
        -o go-html-engine .
)

# One parse through each adapter, one-shot: a broken install fails here, loudly.
expected='| <html>
|   <head>
|   <body>
|     <p>
|       "x"
|       <svg svg>
|         xlink href="y"
|       <template>
|         content
|           "t"'
check() {
    local name="$1"
    shift
    local got
    got="$(printf '<p>x<svg xlink:href=y></svg><template>t' | "$@" --scripting off)"
    if [ "$got" != "$expected" ]; then
        echo "setup-more-engines: $name answered:" >&2
        echo "$got" >&2
        exit 1
    fi
    echo "setup-more-engines: $name works"
}
check lexbor "$engines/.venv-more/bin/python" "$engines/lexbor_adapter.py"
check gumbo "$engines/.venv-more/bin/python" "$engines/gumbo_adapter.py"
check go-html "$engines/go-html/go-html-engine"
