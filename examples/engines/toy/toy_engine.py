"""A toy HTML engine for litmus, written from docs/engines.md alone ("A toy engine,
from nothing to a first campaign"): Python's standard library only.

Its parser is `html.parser.HTMLParser` with a tree builder of a few lines, which is
nowhere near the standard's algorithm: it agrees with the reference parser on
well-formed markup (nested elements, text and character references, attributes,
comments, a doctype, templates, SVG with xlink attributes) and on little else. That
is the point: litmus finds where it does not agree.

It speaks the persistent protocol, version 2, and has no serializer (it answers
`"html": null`, so litmus compares no serializations and only the reference's round
trips). Fragments are answered for HTML contexts; SVG and MathML contexts are refused
as unsupported.

    litmus engine check cmd:'python3 examples/engines/toy/toy_engine.py'
    echo '<p>Hello' | litmus diff --engine cmd:'python3 examples/engines/toy/toy_engine.py'
    litmus run --engine cmd:'python3 examples/engines/toy/toy_engine.py' --cases 500
"""

import json
import struct
import sys
from html.parser import HTMLParser

NAME = "toy"
VERSION = "toy 0.1 (Python html.parser)"

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
HEAD = {"base", "link", "meta", "script", "style", "title", "noscript", "template"}
# Attributes of SVG and MathML elements in other namespaces (the standard's "adjust
# foreign attributes"): the dump shows them as `xlink href`, `xml lang`, `xmlns xlink`.
FOREIGN_ATTRIBUTES = {
    "xlink:actuate": "xlink actuate", "xlink:arcrole": "xlink arcrole",
    "xlink:href": "xlink href", "xlink:role": "xlink role", "xlink:show": "xlink show",
    "xlink:title": "xlink title", "xlink:type": "xlink type", "xml:lang": "xml lang",
    "xml:space": "xml space", "xmlns": "xmlns xmlns", "xmlns:xlink": "xmlns xlink",
}


class Node:
    def __init__(self, kind, name="", namespace="html", data=""):
        self.kind = kind            # "document", "element", "text", "comment", "doctype"
        self.name = name
        self.namespace = namespace  # "html", "svg", "math"
        self.data = data
        self.attributes = []        # (shown name, value), first of each name kept
        self.children = []
        self.content = None         # a template's contents: a Node("fragment")


class TreeBuilder(HTMLParser):
    def __init__(self, fragment):
        super().__init__(convert_charrefs=True)
        self.root = Node("fragment" if fragment else "document")
        self.in_head = False
        if fragment:
            self.html = Node("element", "html")
            self.stack = [self.html]
        else:
            self.html = Node("element", "html")
            self.head = Node("element", "head")
            self.body = Node("element", "body")
            self.html.children = [self.head, self.body]
            self.root.children.append(self.html)
            self.stack = [self.html, self.body]
            self.in_head = True

    def parent(self):
        node = self.stack[-1]
        return node.content if node.content is not None else node

    def insert(self, node):
        parent = self.parent()
        # Rule: adjacent text nodes are one text.
        if node.kind == "text" and parent.children and parent.children[-1].kind == "text":
            parent.children[-1].data += node.data
        else:
            parent.children.append(node)

    def handle_decl(self, decl):
        # The name is the word after DOCTYPE (none: `<!DOCTYPE >`); the toy drops
        # public and system identifiers.
        words = decl.split()
        name = words[1].lower() if len(words) > 1 else ""
        self.root.children.insert(0, Node("doctype", name))

    def base(self):
        """How many open elements end tags never close: html (and body)."""
        return 1 if self.root.kind == "fragment" else 2

    def handle_starttag(self, tag, attrs):
        if tag in ("html", "head", "body") and self.stack[-1].namespace == "html":
            if tag == "body":
                self.in_head = False
            return
        namespace = self.stack[-1].namespace
        if tag == "svg":
            namespace = "svg"
        elif tag == "math":
            namespace = "math"
        node = Node("element", tag, namespace)
        seen = set()
        for name, value in attrs:
            if name in seen:
                continue
            seen.add(name)
            shown = FOREIGN_ATTRIBUTES.get(name, name) if namespace != "html" else name
            node.attributes.append((shown, value if value is not None else ""))
        if tag == "template" and namespace == "html":
            node.content = Node("fragment")
        if self.root.kind == "fragment":
            self.insert(node)
        elif self.in_head and tag in HEAD and len(self.stack) == 2:
            self.head.children.append(node)
            if tag not in VOID:
                self.stack.append(node)
            return
        else:
            self.in_head = False
            self.insert(node)
        if tag not in VOID or namespace != "html":
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.stack[-1].name == tag and self.stack[-1].namespace != "html":
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, self.base() - 1, -1):
            if self.stack[i].name == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if self.root.kind == "document" and self.in_head and len(self.stack) == 2:
            if not data.strip():
                return
            self.in_head = False
        self.insert(Node("text", data=data))

    def handle_comment(self, data):
        self.insert(Node("comment", data=data))


def utf16(name):
    # Rule: attributes sorted by their shown name in UTF-16 code unit order.
    return name.encode("utf-16-be")


def dump(root):
    """The tree dump: one line per node, `| ` and two spaces per level."""
    lines = []
    stack = [(child, 0) for child in reversed(root.children)]
    while stack:
        node, depth = stack.pop()
        pad = "| " + "  " * depth
        if node.kind == "doctype":
            lines.append(pad + "<!DOCTYPE " + node.name + ">")
        elif node.kind == "comment":
            lines.append(pad + "<!-- " + node.data + " -->")
        elif node.kind == "text":
            lines.append(pad + '"' + node.data + '"')
        elif node.kind == "element":
            prefix = "" if node.namespace == "html" else node.namespace + " "
            lines.append(pad + "<" + prefix + node.name + ">")
            for name, value in sorted(node.attributes, key=lambda a: utf16(a[0])):
                lines.append(pad + "  " + name + '="' + value + '"')
            children = [(child, depth + 1) for child in node.children]
            if node.content is not None:
                # Rule: a template's contents under `content`, one level below it.
                lines.append(pad + "  content")
                children = [(child, depth + 2) for child in node.content.children]
            stack.extend(reversed(children))
    return "".join(line + "\n" for line in lines)


def parse(request):
    fragment = request.get("fragment")
    if fragment is not None and " " in fragment:
        raise ValueError("only HTML fragment contexts are supported")
    builder = TreeBuilder(fragment is not None)
    builder.feed(request["input"])
    builder.close()
    # Rule: a fragment's dump is the nodes of the fragment (the html root's children).
    return dump(builder.html if fragment is not None else builder.root)


def write_frame(message):
    payload = json.dumps(message).encode("utf-8")
    sys.stdout.buffer.write(struct.pack(">I", len(payload)) + payload)
    sys.stdout.buffer.flush()


def main():
    write_frame({"protocol": 2, "engine": NAME, "version": VERSION})
    stdin = sys.stdin.buffer
    while True:
        header = stdin.read(4)
        if len(header) < 4:
            return
        (length,) = struct.unpack(">I", header)
        request = json.loads(stdin.read(length).decode("utf-8"))
        try:
            reply = {"id": request["id"], "tree": parse(request), "html": None}
        except ValueError as refusal:
            reply = {"id": request["id"], "error": str(refusal)}
        write_frame(reply)


if __name__ == "__main__":
    main()
