#!/usr/bin/env python3
"""html5lib (Python) as a litmus engine (see docs/engines.md, "External engines").

    persistent: python3 examples/engines/html5lib_adapter.py
    one-shot:   python3 examples/engines/html5lib_adapter.py [--fragment CONTEXT] --scripting on|off [--output tree|html]

Documents go through `HTMLParser.parse`, fragments through `parseFragment` with the
context element's name as html5lib's container (html5lib takes HTML containers only:
an `svg …` or `math …` context is answered as unsupported); scripting is html5lib's
`scripting` argument. The tree (html5lib's `dom` tree builder, xml.dom.minidom) is
written as an html5lib dump; the serialization is html5lib's own serializer.

Install html5lib first: `pip install -r examples/engines/requirements.txt` (or
scripts/setup-engines.sh, which makes examples/engines/.venv).
"""

import json
import struct
import sys

import html5lib
from html5lib import treebuilders, treewalkers
from html5lib.serializer import HTMLSerializer

SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"
ELEMENT_PREFIX = {SVG: "svg", MATHML: "math"}
ATTRIBUTE_PREFIX = {
    "http://www.w3.org/1999/xlink": "xlink",
    "http://www.w3.org/XML/1998/namespace": "xml",
    "http://www.w3.org/2000/xmlns/": "xmlns",
}

ELEMENT, TEXT, COMMENT, DOCTYPE = 1, 3, 8, 10


class Unsupported(Exception):
    pass


def utf16_key(pair):
    """The html5lib format sorts attributes by UTF-16 code units."""
    return pair[0].encode("utf-16-be")


def dump(root):
    """The html5lib tree dump of a node's children (an explicit stack, no recursion)."""
    lines = []
    stack = [(child, 0) for child in reversed(root.childNodes)]
    while stack:
        node, depth = stack.pop()
        indent = "| " + "  " * depth
        if node.nodeType == DOCTYPE:
            public, system = node.publicId or "", node.systemId or ""
            ids = ' "%s" "%s"' % (public, system) if public or system else ""
            lines.append('%s<!DOCTYPE %s%s>' % (indent, node.name or "", ids))
        elif node.nodeType == COMMENT:
            lines.append("%s<!-- %s -->" % (indent, node.data))
        elif node.nodeType == TEXT:
            lines.append('%s"%s"' % (indent, node.data))
        elif node.nodeType == ELEMENT:
            prefix = ELEMENT_PREFIX.get(node.namespaceURI)
            name = node.localName or node.nodeName
            lines.append("%s<%s>" % (indent, "%s %s" % (prefix, name) if prefix else name))
            attributes = []
            for attr in node.attributes.values():
                attr_prefix = ATTRIBUTE_PREFIX.get(attr.namespaceURI)
                local = attr.localName or attr.name
                shown = "%s %s" % (attr_prefix, local) if attr_prefix else attr.name
                attributes.append((shown, attr.value))
            for shown, value in sorted(attributes, key=utf16_key):
                lines.append('%s  %s="%s"' % (indent, shown, value))
            for child in reversed(node.childNodes):
                stack.append((child, depth + 1))
    return "".join(line + "\n" for line in lines)


def serialize(root):
    walker = treewalkers.getTreeWalker("dom")
    serializer = HTMLSerializer(
        quote_attr_values="always",
        minimize_boolean_attributes=False,
        use_trailing_solidus=False,
        escape_lt_in_attrs=True,
        omit_optional_tags=False,
        resolve_entities=False,
        alphabetical_attributes=False,
    )
    return serializer.render(walker(root))


def run(request):
    parser = html5lib.HTMLParser(tree=treebuilders.getTreeBuilder("dom"))
    context = request.get("fragment")
    if context is None:
        root = parser.parse(request["input"], scripting=request["scripting"])
    else:
        if " " in context:
            raise Unsupported("only HTML fragment contexts are supported, not %r" % context)
        root = parser.parseFragment(request["input"], container=context, scripting=request["scripting"])
    return dump(root), serialize(root)


def serve_persistent():
    """Protocol 2: a hello first, then one reply per request, in order (requests
    are read as they arrive, so they may come ahead of the replies)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    hello = {
        "protocol": 2,
        "engine": "html5lib",
        "version": "html5lib %s (Python %s)" % (html5lib.__version__, sys.version.split()[0]),
    }
    payload = json.dumps(hello).encode("utf-8")
    stdout.write(struct.pack(">I", len(payload)) + payload)
    stdout.flush()
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
        payload = json.dumps(reply).encode("utf-8")
        stdout.write(struct.pack(">I", len(payload)) + payload)
        stdout.flush()


def one_shot(args):
    request = {"fragment": None, "scripting": True}
    output = "tree"
    options = iter(args)
    for option in options:
        value = next(options, None)
        if option == "--fragment":
            request["fragment"] = value
        elif option == "--scripting" and value in ("on", "off"):
            request["scripting"] = value == "on"
        elif option == "--output" and value in ("tree", "html"):
            output = value
        else:
            sys.exit("html5lib_adapter: bad argument %r %r" % (option, value))
    request["input"] = sys.stdin.buffer.read().decode("utf-8")
    try:
        tree, html = run(request)
    except Unsupported as refusal:
        sys.exit("html5lib_adapter: unsupported: %s" % refusal)
    sys.stdout.buffer.write((html + "\n" if output == "html" else tree).encode("utf-8"))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        one_shot(sys.argv[1:])
    else:
        serve_persistent()
