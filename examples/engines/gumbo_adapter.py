#!/usr/bin/env python3
"""gumbo (through html5-parser) as a litmus engine (see docs/engines.md, "External engines").

    persistent: python3 examples/engines/gumbo_adapter.py
    one-shot:   python3 examples/engines/gumbo_adapter.py [--fragment CONTEXT] --scripting off [--output tree]

html5-parser runs its fork of Google's gumbo and builds a libxml2 document, read here
through lxml: `html5_parser.parse(…, treebuilder="lxml", namespace_elements=True,
keep_doctype=True, sanitize_names=False)`, a fragment with the context element as
`fragment_context` (`td`, `svg:path`, `math:mi`). The tree is written as an html5lib
dump: elements in the SVG and MathML namespaces as `svg …` and `math …`, the
attributes in the XLink, XML and XMLNS namespaces as `xlink …`, `xml …`, `xmlns …`,
sorted by UTF-16 code units, and a template's children under `content` (gumbo gives a
template its contents as children).

What the engine or the way through libxml2 cannot show:

- The scripting flag: gumbo has none and parses as with scripting off (`<noscript>`
  contents are markup). Requests with scripting on are answered with `error`
  (litmus reports them as unsupported).
- `xmlns` and `xmlns:…` attributes: libxml2 keeps them as namespace declarations,
  not attributes, so they are missing from the dump.
- Where the doctype stands among comments before `<html>`: libxml2's document keeps
  its DTD apart from its children, so the doctype is written first.
- The serialization: html5-parser has no HTML serializer of its own (lxml's is
  libxml2's, not the standard's algorithm), so none is given and the serialization
  and round-trip levels are skipped.

Install: scripts/setup-more-engines.sh (a venv examples/engines/.venv-more with
examples/engines/requirements-more.txt; lxml built from source against the system's
libxml2, which html5-parser requires).
"""

import sys

import html5_parser
from html5_parser import parse
from lxml import etree

from litmus_protocol import Unsupported, main, utf16_key

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"
ELEMENT_PREFIX = {SVG: "svg", MATHML: "math"}
ATTRIBUTE_PREFIX = {
    "http://www.w3.org/1999/xlink": "xlink",
    "http://www.w3.org/XML/1998/namespace": "xml",
    "http://www.w3.org/2000/xmlns/": "xmlns",
}


def split(name):
    """`{namespace}local` into (namespace, local)."""
    if name.startswith("{"):
        namespace, local = name[1:].split("}", 1)
        return namespace, local
    return None, name


def attribute_lines(element):
    shown = []
    for name, value in element.attrib.items():
        namespace, local = split(name)
        prefix = ATTRIBUTE_PREFIX.get(namespace)
        shown.append(("%s %s" % (prefix, local) if prefix else local, value))
    return sorted(shown, key=utf16_key)


def dump(nodes):
    """The html5lib dump of `nodes` (an explicit stack, no recursion). Each stack
    entry is a node, or a text (a str) that lxml keeps in `text` and `tail`."""
    lines = []
    stack = [(node, 0) for node in reversed(nodes)]
    while stack:
        node, depth = stack.pop()
        prefix = "| " + "  " * depth
        if isinstance(node, str):
            lines.append('%s"%s"' % (prefix, node))
            continue
        if isinstance(node, etree._Comment):
            lines.append("%s<!-- %s -->" % (prefix, node.text or ""))
            continue
        if isinstance(node, etree._ProcessingInstruction):
            lines.append("%s<?%s %s?>" % (prefix, node.target, node.text or ""))
            continue
        namespace, local = split(node.tag)
        element_prefix = ELEMENT_PREFIX.get(namespace)
        lines.append("%s<%s>" % (prefix, "%s %s" % (element_prefix, local) if element_prefix else local))
        for shown, value in attribute_lines(node):
            lines.append('%s  %s="%s"' % (prefix, shown, value))
        depth += 1
        if namespace == HTML and local == "template":
            lines.append("%s  content" % prefix)
            depth += 1
        stack.extend((child, depth) for child in reversed(child_nodes(node)))
    return "".join(line + "\n" for line in lines)


def child_nodes(element):
    """An element's children, texts included, in order."""
    nodes = [element.text] if element.text else []
    for child in element:
        nodes.append(child)
        if child.tail:
            nodes.append(child.tail)
    return nodes


def doctype_line(tree):
    dtd = tree.docinfo.internalDTD
    if dtd is None:
        return None
    public, system = dtd.external_id or "", dtd.system_url or ""
    ids = ' "%s" "%s"' % (public, system) if public or system else ""
    return "| <!DOCTYPE %s%s>\n" % (dtd.name or "", ids)


def run(request):
    if request["scripting"]:
        raise Unsupported("gumbo has no scripting flag: it parses as with scripting off")
    context = request.get("fragment")
    if context is not None:
        context = context.replace(" ", ":", 1)
    tree = parse(
        request["input"],
        treebuilder="lxml",
        namespace_elements=True,
        keep_doctype=True,
        sanitize_names=False,
        return_root=False,
        fragment_context=context,
    )
    root = tree.getroot()
    if context is not None:
        # The fragment's nodes are the children of the html root html5-parser makes.
        return dump(child_nodes(root)), None
    before = list(reversed(list(root.itersiblings(preceding=True))))
    after = list(root.itersiblings())
    nodes = before + [root] + after
    return (doctype_line(tree) or "") + dump(nodes), None


VERSION = "gumbo (html5-parser %s.%s.%s, lxml %s, libxml2 %s, Python %s)" % (
    html5_parser.version.major,
    html5_parser.version.minor,
    html5_parser.version.patch,
    etree.__version__,
    ".".join(str(part) for part in etree.LIBXML_VERSION),
    sys.version.split()[0],
)

if __name__ == "__main__":
    main("gumbo", VERSION, run)
