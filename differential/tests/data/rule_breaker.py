#!/usr/bin/env python3
"""An engine whose dumps break one rule of the tree dump, for testing `litmus engine
check` (tests/engine_check.rs): the reference parser's dumps, each rewritten as an
adapter with one mistake would write it.

    python3 rule_breaker.py RULE

RULE is a rule's number in docs/engines.md ("The tree dump"), or 0 for none. The
program speaks the persistent protocol, version 2, relaying each request to `litmus
serve` (the reference parser behind the same protocol) and rewriting the tree of its
answer. The litmus binary is $LITMUS, else `litmus` on the PATH. Python's standard
library only.
"""

import json
import os
import shutil
import struct
import subprocess
import sys


def litmus_binary():
    return os.environ.get("LITMUS") or shutil.which("litmus") or "litmus"


def entries_of(tree):
    """The dump as [depth, text] entries (a text's later lines joined to it)."""
    entries = []
    for line in tree.split("\n")[:-1]:
        if line.startswith("| "):
            body = line[2:]
            text = body.lstrip(" ")
            entries.append([(len(body) - len(text)) // 2, text])
        else:
            entries[-1][1] += "\n" + line
    return entries


def dump_of(entries, indent="  "):
    return "".join("| %s%s\n" % (indent * depth, text) for depth, text in entries)


def is_attribute(text):
    return not text.startswith(("<", '"')) and text != "content" and '="' in text


def utf16(entry):
    return entry[1].split('="')[0].encode("utf-16-be")


def sort_attribute_runs(entries, key):
    """Sorts each run of attributes of one element by `key`."""
    out, run = [], []
    for entry in entries + [[-1, ""]]:
        if is_attribute(entry[1]) and (not run or run[0][0] == entry[0]):
            run.append(entry)
            continue
        out.extend(sorted(run, key=key))
        run = [entry] if is_attribute(entry[1]) else []
        if not run:
            out.append(entry)
    return out[:-1]


def without_content(entries):
    """A template's contents as its children: each `content` line gone, what it held
    one level up."""
    out, lifted = [], []  # lifted: the depths of `content` lines being left out
    for depth, text in entries:
        while lifted and depth <= lifted[-1]:
            lifted.pop()
        if text == "content":
            lifted.append(depth)
            continue
        out.append([depth - len(lifted), text])
    return out


def rewrite(tree, rule, fragment):
    entries = entries_of(tree)
    if rule == 1:
        # Attributes two levels below their element, not one.
        entries = [[d + 1 if is_attribute(t) else d, t] for d, t in entries]
    if rule == 2 and fragment:
        entries = [[0, "<html>"]] + [[d + 1, t] for d, t in entries]
    if rule == 3:
        entries = [[d, "<" + t.split(" ", 1)[1] if t.startswith(("<svg ", "<math ")) else t] for d, t in entries]
    if rule == 4:
        entries = [e for entry in entries for e in ([entry, entry] if is_attribute(entry[1]) else [entry])]
    if rule == 5:
        # By code points (Python's order of strings), not UTF-16 code units.
        entries = sort_attribute_runs(entries, key=lambda e: e[1].split('="')[0])
    if rule == 6:
        # `xmlns` without its namespace, then sorted as the rules say.
        entries = [[d, t.replace("xmlns xmlns=", "xmlns=", 1)] for d, t in entries]
        entries = sort_attribute_runs(entries, key=utf16)
    if rule == 7:
        escape = lambda t: t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        entries = [[d, '"' + escape(t[1:-1]) + '"' if t.startswith('"') else t] for d, t in entries]
    if rule == 8:
        split = []
        for depth, text in entries:
            if text.startswith('"') and len(text) > 3:
                split += [[depth, text[:2] + '"'], [depth, '"' + text[2:]]]
            else:
                split.append([depth, text])
        entries = split
    if rule == 9:
        entries = [[d, "<!--" + t[5:-4] + "-->" if t.startswith("<!-- ") else t] for d, t in entries]
    if rule == 10:
        entries = [[d, t[:-2] + ">" if t.startswith("<?") else t] for d, t in entries]
    if rule == 11:
        entries = [[d, t[:-1] + ' "" "">' if t.startswith("<!DOCTYPE") and '"' not in t else t] for d, t in entries]
    if rule == 12:
        entries = without_content(entries)
    return dump_of(entries)


def read_frame(stream):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack(">I", header)
    return stream.read(length)


def write_frame(stream, message):
    payload = json.dumps(message).encode("utf-8")
    stream.write(struct.pack(">I", len(payload)) + payload)
    stream.flush()


def main():
    rule = int(sys.argv[1])
    reference = subprocess.Popen([litmus_binary(), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    read_frame(reference.stdout)  # its hello
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    write_frame(stdout, {"protocol": 2, "engine": "rule-breaker", "version": "rule-breaker %d" % rule})
    while True:
        request = read_frame(stdin)
        if request is None:
            return
        reference.stdin.write(struct.pack(">I", len(request)) + request)
        reference.stdin.flush()
        reply = json.loads(read_frame(reference.stdout))
        if "tree" in reply:
            fragment = json.loads(request).get("fragment") is not None
            reply["tree"] = rewrite(reply["tree"], rule, fragment)
            reply["html"] = None
        write_frame(stdout, reply)


if __name__ == "__main__":
    main()
