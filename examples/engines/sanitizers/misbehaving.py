"""A sanitizer that misbehaves on purpose, for litmus's tests (differential/tests/
sanitize.rs): it hangs on an input holding `<table` whose length is a multiple of
five (hangs cost a time limit each: a few are enough), dies on one holding `<svg`,
answers bytes that are not UTF-8 for `<math`, 20 MiB for `<template`, and otherwise
returns its input unchanged (so `<img onerror=…>` comes back script-capable)."""

import json
import os
import struct
import sys
import time


def frame(stdout, payload):
    stdout.write(struct.pack(">I", len(payload)) + payload)
    stdout.flush()


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    frame(stdout, json.dumps({"protocol": 2, "engine": "misbehaving", "version": "misbehaving 1"}).encode())
    while True:
        header = stdin.read(4)
        if len(header) < 4:
            return
        (length,) = struct.unpack(">I", header)
        request = json.loads(stdin.read(length).decode("utf-8"))
        text = request["input"]
        if "<table" in text and len(text) % 5 == 0:
            time.sleep(3600)
        if "<svg" in text:
            os._exit(3)
        if "<math" in text:
            frame(stdout, b'{"id": %d, "tree": "", "html": "\xff\xfe"}' % request["id"])
            continue
        html = "x" * (20 << 20) if "<template" in text else text
        frame(stdout, json.dumps({"id": request["id"], "tree": "", "html": html}).encode())


main()
