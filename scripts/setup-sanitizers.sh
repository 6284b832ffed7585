#!/usr/bin/env bash
# Installs the sanitizers of `litmus sanitize` that run as external programs
# (docs/sanitizers.md), pinned, then checks each adapter with one request:
#
#   bleach, nh3, lxml_html_clean   a virtual environment examples/engines/sanitizers/.venv
#                                  with examples/engines/sanitizers/requirements.txt
#   dompurify, sanitize_html,      npm ci in examples/engines/sanitizers (the committed
#   dompurify_2_0_16, _2_0_17      package-lock.json)
#
# Both folders are ignored by git. Needs Node.js >= 20 with npm, and Python 3 with
# venv; reaches only the npm registry and PyPI. ammonia is built into litmus.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=examples/engines/sanitizers

echo "setup-sanitizers: npm ci in $dir"
(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)

echo "setup-sanitizers: python venv in $dir/.venv"
if [ ! -x "$dir/.venv/bin/python" ]; then
    python3 -m venv "$dir/.venv"
fi
"$dir/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"

# One request through each adapter's protocol: a broken install fails here, loudly.
check() {
    local name="$1"
    shift
    python3 - "$name" "$@" <<'PY'
import json, struct, subprocess, sys
name, command = sys.argv[1], sys.argv[2:]
request = json.dumps({"id": 1, "input": "<p onclick=f()>x<script>y</script>",
                      "fragment": None, "scripting": True}).encode()
child = subprocess.run(command, input=struct.pack(">I", len(request)) + request,
                       capture_output=True, timeout=60)
frames, data = [], child.stdout
while len(data) >= 4:
    (length,) = struct.unpack(">I", data[:4])
    frames.append(json.loads(data[4:4 + length]))
    data = data[4 + length:]
html = frames[1].get("html") if len(frames) == 2 else None
# Cleaned: no script element, no handler left as markup (bleach escapes them as text).
if html is None or "<script" in html or "<p onclick" in html or "x" not in html:
    sys.exit("setup-sanitizers: %s answered %r\n%s" % (name, frames, child.stderr.decode()))
print("setup-sanitizers: %s works (%s)" % (name, frames[0]["version"]))
PY
}
check bleach "$dir/.venv/bin/python" "$dir/bleach.py"
check nh3 "$dir/.venv/bin/python" "$dir/nh3.py"
check lxml_html_clean "$dir/.venv/bin/python" "$dir/lxml_html_clean.py"
check dompurify node "$dir/dompurify.mjs"
check sanitize_html node "$dir/sanitize_html.mjs"
check dompurify_2_0_16 node "$dir/dompurify_2_0_16.mjs"
check dompurify_2_0_17 node "$dir/dompurify_2_0_17.mjs"
