#!/usr/bin/env python3
"""Prints the well-known local names table of parser/src/names.rs.

The names: every HTML element name the spec's parsing and serialization algorithms
mention (and a few common ones), the MathML names of foreign content, and the SVG
names whose case tree construction fixes, in both spellings. Sorted by bytes, so that
LocalName::well_known can binary-search them. Paste the output between the braces of
`well_known_names! { ... }`.
"""
import re

HTML = """a abbr address applet area article aside audio b base basefont bdi bdo bgsound big
blink blockquote body br button canvas caption center cite code col colgroup data datalist
dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer
form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input
ins isindex kbd keygen label legend li link listing main map mark marquee menu menuitem
meta meter nav nobr noembed noframes noscript object ol optgroup option output p param
picture plaintext pre progress q rb rp rt rtc ruby s samp script search section select
selectedcontent slot small source span strike strong style sub summary sup table tbody td
template textarea tfoot th thead time title tr track tt u ul var video wbr xmp"""
MATHML = "math mi mo mn ms mtext annotation-xml mglyph malignmark"
SVG = """svg desc foreignObject altGlyph altGlyphDef altGlyphItem animateColor animateMotion
animateTransform clipPath feBlend feColorMatrix feComponentTransfer feComposite
feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood
feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology
feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence glyphRef
linearGradient radialGradient textPath"""

names = set(HTML.split()) | set(MATHML.split())
for name in SVG.split():
    names.add(name)
    names.add(name.lower())


def constant(name):
    if name == name.lower():
        return name.upper().replace("-", "_")
    return re.sub(r"([A-Z])", r"_\1", name).upper()


for index, name in enumerate(sorted(names, key=lambda n: n.encode())):
    print(f'    {constant(name)} = {index} => "{name}",')
