#!/usr/bin/env bash
# Sets up WebKit as a litmus engine (examples/engines/webkit.mjs): Debian's
# webkit2gtk-driver (WebKitWebDriver and WebKitGTK's MiniBrowser) and xvfb (the
# display MiniBrowser needs), the adapter's npm dependency (selenium-webdriver, from
# the committed package-lock.json), then one request through the adapter as a smoke
# test.
#
#   scripts/setup-webkit.sh            install (if missing) and smoke-test
#   SKIP_SMOKE_TEST=1 scripts/setup-webkit.sh
#
# Needs root (or sudo) for apt-get and Node.js >= 20 with npm, and reaches only the
# Debian and npm registries. $WEBKIT_WEBDRIVER and $WEBKIT_MINIBROWSER override the
# driver and the browser, $WEBKIT_DISPLAY names a display to use instead of Xvfb.
set -euo pipefail

cd "$(dirname "$0")/.."
. scripts/browser-setup-common.sh

missing=()
[ -x "${WEBKIT_WEBDRIVER:-/usr/bin/WebKitWebDriver}" ] || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup-webkit: installing Debian's ${missing[*]}"
    apt_install "${missing[@]}"
fi
echo "setup-webkit: WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo '(version unknown)')"

need_node setup-webkit
npm_ci
smoke_test setup-webkit examples/engines/webkit.mjs
