"""The program side of litmus's persistent engine protocol (docs/engines.md) for a
sanitizer (docs/sanitizers.md): a hello, then for each request a reply whose `html`
is the sanitized input and whose `tree` is empty (these sanitizers give no tree of
their own: litmus reads their output as the standard parses it). An exception of the
sanitizer is answered as a `panic`, which litmus records as a finding.

An adapter calls `serve(name, version, clean)`, where `clean(html)` returns the
sanitized HTML. Run from this folder's virtual environment (setup-sanitizers.sh).
"""

import json
import os
import struct
import sys
import traceback


def drop_own_folder():
    """This folder holds adapters named after their packages (bleach.py): take it out
    of the import path so that `import bleach` finds the package."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]


def write_frame(stdout, message):
    payload = json.dumps(message).encode("utf-8")
    stdout.write(struct.pack(">I", len(payload)) + payload)
    stdout.flush()


def serve(name, version, clean):
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    write_frame(stdout, {"protocol": 2, "engine": name, "version": version})
    while True:
        header = stdin.read(4)
        if len(header) < 4:
            return
        (length,) = struct.unpack(">I", header)
        request = json.loads(stdin.read(length).decode("utf-8"))
        try:
            reply = {"id": request["id"], "tree": "", "html": clean(request["input"])}
        except Exception as error:  # the sanitizer's own failure: a finding
            where = traceback.extract_tb(error.__traceback__)[-1]
            reply = {
                "id": request["id"],
                "panic": {
                    "message": "%s: %s" % (type(error).__name__, error),
                    "location": "%s:%d" % (os.path.basename(where.filename), where.lineno),
                },
            }
        write_frame(stdout, reply)
