#!/usr/bin/env python3
"""A deliberately broken engine, for testing litmus itself: the reference parser with
one planted bug, the `class` attribute of `<b>` elements dropped from the tree.

It speaks the persistent protocol of docs/engines.md (stdlib only), relaying each
request to `litmus serve` (the reference parser behind the same protocol) and
removing the attribute from the answer:

    litmus run --engine cmd:'python3 examples/engines/planted_bug.py'

A campaign should find exactly one class of divergence that no known class explains,
minimized to a few bytes such as `<b class>x`. The litmus binary is $LITMUS, else
target/release/litmus in this repository, else `litmus` on the PATH. The element and
attribute can be changed with $PLANTED_ELEMENT and $PLANTED_ATTRIBUTE.
"""

import os
import shutil
import struct
import subprocess
import sys
import json

BROKEN_ELEMENT = "<%s>" % os.environ.get("PLANTED_ELEMENT", "b")
DROPPED_ATTRIBUTE = os.environ.get("PLANTED_ATTRIBUTE", "class")


def litmus_binary():
    if os.environ.get("LITMUS"):
        return os.environ["LITMUS"]
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "target", "release", "litmus")
    if os.path.exists(built):
        return built
    return shutil.which("litmus") or "litmus"


def drop_attribute(tree):
    """Removes `class="…"` entries directly under `<b>` entries. An attribute value may
    span lines: a line that does not start with `| ` continues the entry before."""
    kept = []
    element_depth = None  # the indentation of the last <b>, while reading its attributes
    dropping = False
    for line in tree.split("\n"):
        if not line.startswith("| "):
            if not dropping:
                kept.append(line)
            continue
        body = line[2:]
        depth = len(body) - len(body.lstrip(" "))
        text = body.lstrip(" ")
        dropping = False
        if element_depth is not None and depth == element_depth + 2 and not text.startswith(("<", '"')):
            if text.startswith(DROPPED_ATTRIBUTE + '="'):
                dropping = True
                continue
        else:
            element_depth = None
        if text == BROKEN_ELEMENT:
            element_depth = depth
        kept.append(line)
    return "\n".join(kept)


def read_frame(stream):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack(">I", header)
    return stream.read(length)


def write_frame(stream, payload):
    stream.write(struct.pack(">I", len(payload)) + payload)
    stream.flush()


def main():
    reference = subprocess.Popen([litmus_binary(), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    # `litmus serve` speaks protocol 2 and says hello first; this adapter speaks
    # protocol 1 to litmus (no hello, one request at a time), so it keeps that to itself.
    hello = json.loads(read_frame(reference.stdout).decode("utf-8"))
    assert hello.get("protocol") == 2, hello
    while True:
        request = read_frame(stdin)
        if request is None:
            reference.stdin.close()
            reference.wait()
            return
        write_frame(reference.stdin, request)
        reply = json.loads(read_frame(reference.stdout).decode("utf-8"))
        if "tree" in reply:
            reply["tree"] = drop_attribute(reply["tree"])
        write_frame(stdout, json.dumps(reply).encode("utf-8"))


if __name__ == "__main__":
    main()
