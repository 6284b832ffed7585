"""lxml-html-clean with its default Cleaner (`lxml_html_clean.clean_html`), as a
litmus sanitizer. An input lxml cannot parse (empty, or only what the cleaner
drops) raises `ParserError`: reported as the empty string, as a page would insert
nothing."""

import os
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sanitizer_protocol  # noqa: E402

sanitizer_protocol.drop_own_folder()
import lxml.etree  # noqa: E402
import lxml_html_clean  # noqa: E402


def clean(html):
    try:
        return lxml_html_clean.clean_html(html)
    except lxml.etree.ParserError:
        return ""


sanitizer_protocol.serve(
    "lxml_html_clean", "lxml-html-clean %s (lxml %s)" % (version("lxml-html-clean"), version("lxml")), clean
)
