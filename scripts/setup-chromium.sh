#!/usr/bin/env bash
# Sets up headless Chromium as a litmus engine (examples/engines/chromium.mjs):
# Debian's chromium package, the adapter's npm dependencies (npm ci from the committed
# package-lock.json), then one request through the adapter as a smoke test.
#
#   scripts/setup-chromium.sh            install (if missing) and smoke-test
#   SKIP_SMOKE_TEST=1 scripts/setup-chromium.sh
#
# Needs root (or sudo) for apt-get, Node.js >= 20 with npm, and reaches only the
# Debian and npm registries: no browser is downloaded by a test tool. $CHROMIUM
# overrides the browser (default /usr/bin/chromium), here and in the adapter.
set -euo pipefail

cd "$(dirname "$0")/.."
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if [ ! -x "$CHROMIUM" ]; then
    echo "setup-chromium: installing Debian's chromium"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
# Debian's /usr/bin/chromium wrapper prints a shell warning on stderr; the first line
# of stdout is the version.
echo "setup-chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "setup-chromium: node and npm are needed (Node.js >= 20)" >&2
    exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
    echo "setup-chromium: Node.js >= 20 is needed, found $(node --version)" >&2
    exit 1
fi

npm ci --prefix examples/engines --no-audit --no-fund --loglevel=error

if [ "${SKIP_SMOKE_TEST:-}" != 1 ]; then
    reply="$(node examples/engines/chromium_drive.mjs '<p>One<p>Two')"
    case "$reply" in
        *'"tree":"| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n"'*)
            echo "setup-chromium: the adapter answers" ;;
        *)
            echo "setup-chromium: unexpected reply from the adapter: $reply" >&2
            exit 1 ;;
    esac
fi
