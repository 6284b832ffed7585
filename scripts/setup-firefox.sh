#!/usr/bin/env bash
# Sets up headless Firefox as a litmus engine (examples/engines/firefox.mjs): Debian's
# firefox-esr package, the adapter's npm dependency (ws, from the committed
# package-lock.json), then one request through the adapter as a smoke test.
#
#   scripts/setup-firefox.sh            install (if missing) and smoke-test
#   SKIP_SMOKE_TEST=1 scripts/setup-firefox.sh
#
# Needs root (or sudo) for apt-get and Node.js >= 20 with npm, and reaches only the
# Debian and npm registries. $FIREFOX overrides the browser (default
# /usr/bin/firefox-esr), here and in the adapter.
set -euo pipefail

cd "$(dirname "$0")/.."
FIREFOX="${FIREFOX:-/usr/bin/firefox-esr}"
. scripts/browser-setup-common.sh

if [ ! -x "$FIREFOX" ]; then
    echo "setup-firefox: installing Debian's firefox-esr"
    apt_install firefox-esr
fi
echo "setup-firefox: $("$FIREFOX" --version 2>/dev/null | head -n 1)"

need_node setup-firefox
npm_ci
smoke_test setup-firefox examples/engines/firefox.mjs
