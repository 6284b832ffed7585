#!/usr/bin/env python3
"""lexbor (through selectolax) as a litmus engine (see docs/engines.md, "External engines").

    persistent: python3 examples/engines/lexbor_adapter.py
    one-shot:   python3 examples/engines/lexbor_adapter.py [--fragment CONTEXT] --scripting on|off [--output tree|html]

Documents and fragments go through selectolax's `LexborHTMLParser`, which runs
lexbor's own HTML parser: a fragment with `is_fragment=True` and the context element
as `fragment_tag` in `fragment_namespace` (`html`, `svg` or `math`), the scripting
flag as `scripting`. Every request is answered; nothing is refused.

selectolax shows neither an element's namespace nor an attribute's, nor a processing
instruction's or a doctype's fields, to Python. lexbor itself can write its tree in
the html5lib format (its serializer's "HTML5 test" mode, `html_pretty(html5test=True)`),
and that is where the names come from. That text cannot be read on its own (a text,
comment or attribute value may hold a newline followed by something that looks like
a node), so the adapter walks lexbor's tree through selectolax at the same time and
reads the text node by node: text and attribute values it knows from the tree and
steps over; element names (`svg path`), doctypes and processing instructions, which
cannot hold a `>`, it takes from the text up to their `>`; a comment up to ` -->`
(comment data never holds `-->`); an attribute's name (`xlink href`), which holds
no `=` but as its first character, up to its `="` (the value of an attribute lexbor
keeps twice, which selectolax's dict shows once, up to its closing `"`). Attributes
are sorted again by UTF-16 code units. Template contents come under `content`, as
lexbor writes them. Any mismatch between the two raises an error naming the place,
which litmus reports as a crash.

The serialization is selectolax's `html` (lexbor's serializer).

Install: scripts/setup-more-engines.sh (a venv examples/engines/.venv-more with
examples/engines/requirements-more.txt).
"""

import sys

import selectolax
import selectolax.lexbor as lexbor
from selectolax.lexbor import LexborHTMLParser

from litmus_protocol import main, utf16_key

NAMESPACES = {"svg": "svg", "math": "math"}


class Mismatch(Exception):
    pass


class Reader:
    """lexbor's html5test text, read node by node alongside the tree."""

    def __init__(self, text):
        self.text = text
        self.pos = 0

    def expect(self, literal, what):
        if not self.text.startswith(literal, self.pos):
            raise Mismatch(
                "lexbor's html5test text at %d: expected %s %r, found %r"
                % (self.pos, what, literal, self.text[self.pos : self.pos + 60])
            )
        self.pos += len(literal)

    def up_to(self, stop, what, start=0):
        """The text from here to the first `stop` at least `start` characters on;
        steps over it and the stop."""
        end = self.text.find(stop, self.pos + start)
        if end < 0:
            raise Mismatch("lexbor's html5test text at %d: no end of %s" % (self.pos, what))
        found = self.text[self.pos : end]
        self.pos = end + len(stop)
        return found


def children(node):
    child = node.first_child
    while child is not None:
        yield child
        child = child.next


def template_content(node):
    for fragment in node.template_fragments():
        if fragment.parent is not None and fragment.parent.mem_id == node.mem_id:
            return fragment
    return None


def dump(top_level, text):
    """The html5lib dump of `top_level` (the document's or fragment's children), read
    from lexbor's html5test `text` (an explicit stack, no recursion)."""
    reader = Reader(text)
    lines = []
    stack = [(node, 0) for node in reversed(list(top_level))]
    while stack:
        node, depth = stack.pop()
        indent = "  " * depth
        reader.expect(indent, "the indentation")
        prefix = "| " + indent
        if node.is_text_node:
            data = node.text_content or ""
            reader.expect('"' + data + '"\n', "the text")
            lines.append('%s"%s"' % (prefix, data))
        elif node.is_comment_node:
            # selectolax's comment_content strips white space, so the data is read
            # from the text: a comment's data never holds `-->` (the tokenizer ends
            # a comment there, and a bogus comment at any `>`).
            reader.expect("<!-- ", "a comment")
            data = reader.up_to(" -->\n", "a comment")
            lines.append("%s<!-- %s -->" % (prefix, data))
        elif node.is_element_node:
            reader.expect("<", "an element")
            name = reader.up_to(">\n", "an element's name")
            lines.append("%s<%s>" % (prefix, name))
            attributes = read_attributes(reader, node, depth + 1)
            for shown, value in sorted(attributes, key=utf16_key):
                lines.append('%s  %s="%s"' % (prefix, shown, value))
            kids = list(children(node))
            if name == "template":
                reader.expect(indent + "  content\n", "a template's content")
                lines.append("%s  content" % prefix)
                content = template_content(node)
                kids = list(children(content)) if content is not None else []
                stack.extend((kid, depth + 2) for kid in reversed(kids))
            else:
                stack.extend((kid, depth + 1) for kid in reversed(kids))
        else:
            # A doctype or a processing instruction: neither can hold a `>`.
            reader.expect("<", "a doctype or processing instruction")
            line = reader.up_to(">", "a doctype or processing instruction")
            reader.expect("\n", "the end of the line")
            lines.append("%s<%s>" % (prefix, line))
    if reader.pos != len(text):
        raise Mismatch("lexbor's html5test text goes on at %d: %r" % (reader.pos, text[reader.pos : reader.pos + 60]))
    return "".join(line + "\n" for line in lines)


def read_attributes(reader, node, depth):
    """The attribute lines of an element: (shown name, value) pairs. A name cannot
    hold `=` but as its first character, so it ends at the first `="` after that;
    the value is one of the element's values, known from the tree.

    selectolax gives the attributes as a dict, so an attribute lexbor keeps twice
    (it does, for a repeated `xmlns` on an SVG or MathML element) is there once, with
    its last value: a line whose name is one of the element's but whose value is not
    left is such a duplicate, read up to its `"` and the end of the line."""
    attributes = node.attributes
    remaining = [(name, value if value is not None else "") for name, value in attributes.items()]
    names = set(attributes) | set(name.replace(":", " ", 1) for name in attributes)

    def shows(name, shown):
        return shown in (name, name.replace(":", " ", 1))
    found = []
    indent = "  " * depth
    # A first child that is text shows as `"data"` at the attributes' indentation,
    # so its line can look like a repeated attribute whose name starts with `"`
    # (`<s/">=` has the attribute `"` and the text `=`: the lines `"=""` and `"="`).
    first = node.first_child
    text_line = None
    if first is not None and first.is_text_node:
        text_line = indent + '"' + (first.text_content or "") + '"\n'
    while True:
        if not remaining:
            if text_line is not None and reader.text.startswith(text_line, reader.pos):
                return found
            duplicate = any(reader.text.startswith(indent + name + '="', reader.pos) for name in names)
            if not duplicate:
                return found
        reader.expect(indent, "an attribute's indentation")
        shown = reader.up_to('="', "an attribute's name", start=1)
        candidates = [i for i, (_, value) in enumerate(remaining) if reader.text.startswith(value + '"\n', reader.pos)]
        same_name = [i for i in candidates if shows(remaining[i][0], shown)]
        if same_name or (candidates and shown not in names):
            _, value = remaining.pop((same_name or candidates)[0])
            reader.pos += len(value) + 2
        elif shown in names:
            value = reader.up_to('"\n', "a repeated attribute's value")
        else:
            raise Mismatch("lexbor's html5test text at %d: no attribute value fits" % reader.pos)
        found.append((shown, value))


def parse_context(context):
    if " " in context:
        prefix, local = context.split(" ", 1)
        return NAMESPACES[prefix], local
    return "html", context


def run(request):
    source = request["input"]
    context = request.get("fragment")
    scripting = bool(request["scripting"])
    if context is None:
        parser = LexborHTMLParser(source, scripting=scripting)
        top_level = children(parser.root.parent)
    else:
        namespace, local = parse_context(context)
        parser = LexborHTMLParser(
            source,
            is_fragment=True,
            fragment_tag=local,
            fragment_namespace=namespace,
            scripting=scripting,
        )
        first = parser.root

        def siblings(node):
            while node is not None:
                yield node
                node = node.next

        top_level = siblings(first)
    text = parser.html_pretty(html5test=True) or ""
    try:
        tree = dump(top_level, text)
    except Mismatch as mismatch:
        raise RuntimeError("%s\n--- lexbor's html5test text\n%s" % (mismatch, text)) from None
    return tree, parser.html or ""


VERSION = "lexbor %s.%s (selectolax %s, Python %s)" % (
    lexbor.LEXBOR_VERSION_MAJOR,
    lexbor.LEXBOR_VERSION_MINOR,
    selectolax.__version__,
    sys.version.split()[0],
)

if __name__ == "__main__":
    main("lexbor", VERSION, run)
