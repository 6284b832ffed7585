#!/usr/bin/env python3
"""An engine that answers as a recording says: for testing litmus on an engine version
that is not installed (tests/external_engines.rs, "versions").

    python3 recorded_engine.py RECORDING.json [VERSION]

RECORDING.json is `{"version": TEXT, "answers": [{"input", "fragment", "scripting",
"tree", "html"}, ...]}`. The program speaks the persistent protocol, version 2
(docs/engines.md), and says hello with the recording's version, or VERSION when given.
A request the recording answers gets its recorded tree and serialization; any other
is relayed to `litmus serve`, the reference parser behind the same protocol (so a
minimizer's other candidates show no divergence and the recorded input stays the
finding). The litmus binary is $LITMUS, else target/release/litmus in this
repository, else `litmus` on the PATH. Python's standard library only.
"""

import json
import os
import shutil
import struct
import subprocess
import sys


def litmus_binary():
    if os.environ.get("LITMUS"):
        return os.environ["LITMUS"]
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "..", "target", "release", "litmus")
    if os.path.exists(built):
        return built
    return shutil.which("litmus") or "litmus"


def read_frame(stream):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack(">I", header)
    return stream.read(length)


def write_frame(stream, payload):
    stream.write(struct.pack(">I", len(payload)) + payload)
    stream.flush()


def key(request):
    return (request["input"], request.get("fragment"), bool(request.get("scripting")))


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        recording = json.load(file)
    version = sys.argv[2] if len(sys.argv) > 2 else recording["version"]
    answers = {key(a): a for a in recording["answers"]}
    reference = subprocess.Popen([litmus_binary(), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    hello = json.loads(read_frame(reference.stdout).decode("utf-8"))
    assert hello.get("protocol") == 2, hello
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    write_frame(stdout, json.dumps({"protocol": 2, "engine": "recorded", "version": version}).encode("utf-8"))
    while True:
        frame = read_frame(stdin)
        if frame is None:
            reference.stdin.close()
            reference.wait()
            return
        request = json.loads(frame.decode("utf-8"))
        recorded = answers.get(key(request))
        if recorded is not None:
            reply = {"id": request["id"], "tree": recorded["tree"], "html": recorded["html"]}
            write_frame(stdout, json.dumps(reply).encode("utf-8"))
            continue
        write_frame(reference.stdin, frame)
        write_frame(stdout, read_frame(reference.stdout))


if __name__ == "__main__":
    main()
