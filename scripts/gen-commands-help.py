#!/usr/bin/env python3
"""Rewrites the `--help` blocks of docs/commands.md from the litmus binary.

Each block follows a line "`litmus COMMAND… --help`:" and a blank line, fenced as
```text; the block is replaced with what that command prints now.
differential/tests/docs.rs checks that every block equals the binary's output.

usage: scripts/gen-commands-help.py [PATH-TO-LITMUS]   (default target/release/litmus)
"""
import re
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
litmus = sys.argv[1] if len(sys.argv) > 1 else str(root / "target/release/litmus")
page = root / "docs/commands.md"
text = page.read_text()
block = re.compile(r"(`litmus ((?:[a-z-]+ ?)*)--help`:\n\n```text\n)(.*?)(```\n)", re.S)


def replace(match: re.Match) -> str:
    words = match.group(2).split()
    out = subprocess.run([litmus, *words, "--help"], capture_output=True, text=True, check=True)
    return match.group(1) + out.stdout.rstrip("\n") + "\n" + match.group(4)


new, count = block.subn(replace, text)
if count == 0:
    sys.exit("docs/commands.md: no `litmus … --help` blocks found")
page.write_text(new)
print(f"docs/commands.md: {count} --help blocks written")
