"""The program side of litmus's external engine protocol (docs/engines.md), shared by
the Python adapters in this folder that import it (lexbor_adapter.py,
gumbo_adapter.py).

An adapter calls `main(engine, version, run)`, where `run(request)` takes a request
(a dict with `input`, `fragment` — None or an html5lib context such as `td`,
`svg path` — and `scripting`) and returns `(tree, html)`: the html5lib tree dump and
the engine's serialization (or None), or raises `Unsupported` for a request the
engine cannot answer. Given arguments, `main` answers one request one-shot
(`[--fragment CONTEXT] --scripting on|off [--output tree|html]`, the input on
stdin); given none, it speaks the persistent protocol, version 2.
"""

import json
import struct
import sys


class Unsupported(Exception):
    """The engine cannot answer this request (an option it does not have)."""


def utf16_key(pair):
    """The html5lib format sorts attributes by their shown name's UTF-16 code units."""
    return pair[0].encode("utf-16-be")


def write_frame(stdout, message):
    payload = json.dumps(message).encode("utf-8")
    stdout.write(struct.pack(">I", len(payload)) + payload)
    stdout.flush()


def serve_persistent(engine, version, run):
    """Protocol 2: a hello first, then one reply per request, in order (requests
    are read as they arrive, so they may come ahead of the replies)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    write_frame(stdout, {"protocol": 2, "engine": engine, "version": version})
    while True:
        header = stdin.read(4)
        if len(header) < 4:
            return
        (length,) = struct.unpack(">I", header)
        request = json.loads(stdin.read(length).decode("utf-8"))
        try:
            tree, html = run(request)
            reply = {"id": request["id"], "tree": tree, "html": html}
        except Unsupported as refusal:
            reply = {"id": request["id"], "error": str(refusal)}
        write_frame(stdout, reply)


def one_shot(name, args, run):
    request = {"fragment": None, "scripting": True}
    output = "tree"
    options = iter(args)
    for option in options:
        value = next(options, None)
        if option == "--fragment" and value is not None:
            request["fragment"] = value
        elif option == "--scripting" and value in ("on", "off"):
            request["scripting"] = value == "on"
        elif option == "--output" and value in ("tree", "html"):
            output = value
        else:
            sys.exit("%s: bad argument %r %r" % (name, option, value))
    request["input"] = sys.stdin.buffer.read().decode("utf-8")
    try:
        tree, html = run(request)
    except Unsupported as refusal:
        sys.exit("%s: unsupported: %s" % (name, refusal))
    if output == "html":
        if html is None:
            sys.exit("%s: this engine has no serializer" % name)
        sys.stdout.buffer.write((html + "\n").encode("utf-8"))
    else:
        sys.stdout.buffer.write(tree.encode("utf-8"))


def main(engine, version, run):
    if len(sys.argv) > 1:
        one_shot(engine, sys.argv[1:], run)
    else:
        serve_persistent(engine, version, run)
