#!/usr/bin/env bash
# Sets up headless Chromium as a litmus engine (examples/engines/chromium.mjs):
# Debian's chromium package, then one request through the adapter as a smoke test.
# The adapter drives the browser over the DevTools pipe itself: it needs Node.js and
# no npm package.
#
#   scripts/setup-chromium.sh            install (if missing) and smoke-test
#   SKIP_SMOKE_TEST=1 scripts/setup-chromium.sh
#
# Needs root (or sudo) for apt-get and Node.js >= 20, and reaches only Debian's
# registry: no browser is downloaded by a test tool. $CHROMIUM overrides the browser
# (default /usr/bin/chromium), here and in the adapter.
set -euo pipefail

cd "$(dirname "$0")/.."
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
. scripts/browser-setup-common.sh

if [ ! -x "$CHROMIUM" ]; then
    echo "setup-chromium: installing Debian's chromium"
    apt_install chromium
fi
# Debian's /usr/bin/chromium wrapper prints a shell warning on stderr; the first line
# of stdout is the version.
echo "setup-chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

need_node setup-chromium
smoke_test setup-chromium examples/engines/chromium.mjs
