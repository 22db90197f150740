"""HTML in wikitext, made safe as MediaWiki's Sanitizer does, plus a final tree check.

Two layers:

- :func:`sanitize_tags` works on wikitext before it is parsed (MediaWiki's
  ``removeHTMLtags``): a tag on the whitelist keeps only its allowed attributes, with
  ``style`` checked; any other tag (``<script>``, ``<iframe>``, ``<a>``…) is shown as text.
- :func:`clean_tree` works on the final lxml tree, whatever produced it: elements not on
  the output whitelist are removed (their text kept, or dropped for ``script``/``style``),
  attributes not on the whitelist and ``on*`` handlers are dropped, URLs are limited to safe
  schemes, and ``style`` is checked again. It is the gate no input passes around.

>>> sanitize_tags('<span onclick="x()" style="color:red">a</span><script>b</script>')
'<span style="color:red">a</span>&lt;script&gt;b&lt;/script&gt;'
>>> check_css("background: url(javascript:alert(1))")
'/* insecure input */'
>>> check_css("ex\\\\70 ression(alert(1))")
'/* insecure input */'
"""

from __future__ import annotations

import html
import html.entities
import re
import unicodedata

from lxml import etree

# MediaWiki's Sanitizer lists (1.39): tags allowed in wikitext
PAIRED_TAGS = frozenset("""
b bdi del i ins u font big small sub sup h1 h2 h3 h4 h5 h6 cite code em s strike strong tt
var div center blockquote ol ul dl table caption pre ruby rb rp rt rtc p span abbr dfn kbd
samp data time mark q bdo
""".split())
SINGLE_TAGS = frozenset("br wbr hr li dt dd".split())
SINGLE_ONLY_TAGS = frozenset("br wbr hr".split())
WIKITEXT_TAGS = PAIRED_TAGS | SINGLE_TAGS | {"td", "th", "tr", "tbody", "thead", "tfoot"}

_COMMON = frozenset("id class style lang dir title tabindex role about property resource "
                    "datatype typeof itemid itemprop itemref itemscope itemtype".split())
_BLOCK = _COMMON | {"align"}
_TABLE_CELL = _COMMON | frozenset("abbr axis headers scope rowspan colspan nowrap width "
                                  "height bgcolor align valign".split())
ATTRIBUTES: dict[str, frozenset[str]] = {
    **{t: _COMMON for t in WIKITEXT_TAGS},
    **{t: _BLOCK for t in ("div", "center", "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
                           "caption", "tr", "tbody", "thead", "tfoot")},
    "blockquote": _COMMON | {"cite"}, "q": _COMMON | {"cite"},
    "del": _COMMON | {"cite", "datetime"}, "ins": _COMMON | {"cite", "datetime"},
    "br": _COMMON | {"clear"}, "hr": _COMMON | {"width", "noshade", "size", "align"},
    "font": _COMMON | {"size", "color", "face"},
    "table": _COMMON | frozenset("summary width border frame rules cellspacing cellpadding "
                                 "align bgcolor".split()),
    "td": _TABLE_CELL, "th": _TABLE_CELL,
    "ol": _COMMON | {"type", "start", "reversed"}, "ul": _COMMON | {"type"},
    "li": _COMMON | {"type", "value"}, "time": _COMMON | {"datetime"},
    "data": _COMMON | {"value"}, "bdo": _COMMON,
}
# what the renderer itself may emit on top (links, references, the standalone page)
OUTPUT_ATTRIBUTES: dict[str, frozenset[str]] = {
    **ATTRIBUTES,
    "a": _COMMON | {"href", "rel"},
    "sup": _COMMON,
}
# never in a fragment, whatever produced it: scripts, styles, embedded documents and the
# page-level elements that load or redirect things (link, meta, base); the standalone
# page's own head is written around the cleaned fragment
DROP_WITH_CONTENT = frozenset({"script", "style", "iframe", "object", "embed", "applet",
                               "noscript", "template", "svg", "math", "xml", "frame",
                               "frameset", "base", "form", "textarea", "select", "button",
                               "input", "link", "meta", "title", "head", "portal",
                               "noembed", "noframes", "xmp", "plaintext", "param"})
SAFE_REL = frozenset({"nofollow", "noopener", "noreferrer", "external", "license",
                      "author", "help", "tag", "bookmark", "next", "prev"})
SAFE_SCHEMES = ("http:", "https:", "mailto:", "ftp:", "ftps:", "news:", "irc:", "ircs:",
                "gopher:", "nntp:", "telnet:", "worldwind:", "svn:", "git:", "mms:", "sftp:",
                "ssh:", "redis:", "sip:", "sips:", "sms:", "tel:", "urn:", "xmpp:", "geo:",
                "bitcoin:", "magnet:", "matrix:")

# a piece of text after a "<" (MediaWiki's ELEMENT_BITS_REGEX): closing slash, name,
# attributes, "/>" or ">", then text up to the next "<"; the name is possessive, so a
# piece without ">" fails in linear time (PCRE's \v is \n \x0b \x0c \r)
_ELEMENT_BITS = re.compile(r"(/?)([A-Za-z][^\t\n\x0b\x0c\r />\0]*+)([^>]*?)(/?>)(.*)", re.S)
_ATTR = re.compile(
    r"""([^\s/>=\x00"'`][^\s/>=\x00"'`]*|/)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"'`]+)))?""")
_CSS_ESCAPE = re.compile(r"\\(?:(\n)|([0-9A-Fa-f]{1,6})[ \t\r\n\f]?|(.))", re.S)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|$)", re.S)
_CSS_BAD = re.compile(
    r"expression|filter\s*:|accelerator\s*:|-o-link\s*:|-o-link-source\s*:|-o-replace\s*:"
    r"|url\s*\(|image\s*\(|image-set\s*\(|behavior\s*:|-moz-binding"
    r"|javascript\s*:|vbscript\s*:", re.I)
# MediaWiki's attr\s*\([^)]+[\s,]+url, checked per ")"-free run in linear time (the regex
# backtracks quadratically on "attr(" and a long run of spaces)
_CSS_ATTR = re.compile(r"attr\s*\(", re.I)
_CSS_ATTR_URL = re.compile(r"[\s,]url", re.I)
# a scheme before "//" (its ":" is encoded so that no later pass makes a link of it); the
# match starts at a word's start, so a long word without ":" is scanned once, not per letter
_SCHEME_BEFORE_SLASHES = re.compile(r"(?<!\w)(\w+):(?=//)")
_ATTRIBUTE_NAME = re.compile(r"[a-z][a-z0-9_.\-]*")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _css_unescape(m: re.Match[str]) -> str:
    if m.group(1):
        return ""
    if m.group(2):
        code = int(m.group(2), 16)
        return chr(code) if 0 < code <= 0x10FFFF else "\ufffd"
    return m.group(3)


def normalise_css(value: str) -> str:
    """Decode entities and CSS escapes, drop comments and fold full-width letters, so that
    a check sees what a browser would.

    >>> normalise_css("co\\\\6cor: /* x */ red")
    'color:   red'
    """
    value = html.unescape(value)
    value = _CSS_ESCAPE.sub(_css_unescape, value)
    value = _CSS_COMMENT.sub(" ", value)
    # full-width and other compatibility forms (ｅｘｐｒｅｓｓｉｏｎ)
    return unicodedata.normalize("NFKC", value)


def check_css(value: str) -> str:
    """``value`` if it is a harmless declaration list, else a CSS comment saying why."""
    value = normalise_css(value)
    if _CONTROL.search(value) or "\ufffd" in value:
        return "/* invalid control char */"
    if _CSS_BAD.search(value) or "\\" in value or _attr_url(value):
        return "/* insecure input */"
    return value


def _attr_url(value: str) -> bool:
    """Whether ``value`` has ``attr(`` followed, before any ``)``, by something and then
    ``url`` after white space or a comma (``attr(x url)``)."""
    for run in value.split(")"):
        m = _CSS_ATTR.search(run)
        if m and _CSS_ATTR_URL.search(run, m.end() + 1):
            return True
    return False


def safe_url(url: str) -> bool:
    """Whether ``url`` may be an ``href``: a relative reference or a whitelisted scheme,
    judged after entities, control characters and whitespace are removed.

    >>> safe_url("/wiki/Foo"), safe_url("https://x.org"), safe_url(" jav&#x09;ascript:x")
    (True, True, False)
    """
    decoded = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(html.unescape(url))).lower()
    scheme = re.match(r"^([a-z][a-z0-9+.\-]*):", decoded)
    if scheme is None:  # relative, fragment or protocol-relative
        return True
    return decoded.startswith(SAFE_SCHEMES)


_CHAR_REFERENCE = re.compile(r"&(?:([A-Za-z][A-Za-z0-9]*)|#([0-9]+)|#[xX]([0-9A-Fa-f]+));")


def valid_code_point(code: int) -> bool:
    """Whether a character reference to ``code`` is decoded (MediaWiki's
    ``validateCodepoint``: characters XML can hold)."""
    return (code in (0x09, 0x0A, 0x0D) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
            or 0x10000 <= code <= 0x10FFFF)


def decode_char_references(text: str) -> str:
    """Character references decoded as MediaWiki's ``decodeCharReferences`` does: only
    complete ones (``&name;``, ``&#n;``, ``&#xh;``) naming a valid character; any other
    ``&`` is text (``html.unescape`` would read ``&notx`` as ``¬x``).

    >>> decode_char_references("&lt;&#60;&#x3C; &notx &notit; &bogus; &#0;")
    '<<< &notx &notit; &bogus; &#0;'
    """
    def one(m: re.Match[str]) -> str:
        name, dec, hexa = m.groups()
        if name is not None:
            return html.entities.html5.get(name + ";", m.group(0))
        digits = (dec or hexa).lstrip("0")
        code = -1 if len(digits) > 8 else int(dec) if dec is not None else int(hexa, 16)
        return chr(code) if valid_code_point(code) else m.group(0)
    return _CHAR_REFERENCE.sub(one, text)


def decode_attributes(text: str) -> list[tuple[str, str]]:
    """Attribute pairs of a tag's attribute text, names lower-cased, entities decoded,
    first occurrence kept (as browsers do)."""
    seen: dict[str, str] = {}
    for m in _ATTR.finditer(text):
        name = m.group(1).lower()
        if name == "/" or name in seen:
            continue
        value = next((g for g in m.group(2, 3, 4) if g is not None), None)
        if value is None:
            value = ""
        seen[name] = decode_char_references(value)
    return list(seen.items())


def allowed_attribute(tag: str, name: str, value: str,
                      table: dict[str, frozenset[str]] = ATTRIBUTES) -> str | None:
    """The value to keep for attribute ``name`` of ``tag``, or None to drop it."""
    if name.startswith("on"):
        return None
    if name.startswith("data-"):
        if name.startswith(("data-ooui", "data-mw", "data-parsoid")) or not re.fullmatch(
                r"data-[a-z0-9_.\-]+", name):
            return None
    elif name.startswith("aria-"):
        if not re.fullmatch(r"aria-[a-z]+", name):
            return None
    elif name not in table.get(tag, ()):
        return None
    if name == "style":
        return check_css(value)
    if name in ("href", "src", "cite", "action", "formaction", "xlink:href", "background"):
        return value if safe_url(value) else None
    if name == "rel":  # only link types that load nothing (no stylesheet, preload…)
        kept = " ".join(t for t in value.lower().split() if t in SAFE_REL)
        return kept or None
    if name == "id":
        return value.strip().replace(" ", "_") if value.strip() else None
    return value


def fix_attributes(tag: str, text: str) -> str:
    """The attribute text of ``<tag text>``, whitelisted and re-serialised with double
    quotes (MediaWiki's ``fixTagAttributes``)."""
    out = []
    for name, value in decode_attributes(text):
        kept = allowed_attribute(tag, name, value)
        if kept is None:
            continue
        out.append(f' {name}="{encode_attribute(kept)}"')
    return "".join(out)


def encode_attribute(value: str) -> str:
    """An attribute value that cannot break out of its quotes nor start wiki markup."""
    value = html.escape(value, quote=True)
    for char, ref in (("{", "&#123;"), ("}", "&#125;"), ("[", "&#91;"), ("]", "&#93;"),
                      ("|", "&#124;"), ("''", "&#39;&#39;"), ("\n", "&#10;"),
                      ("\r", "&#13;"), ("\t", "&#9;")):
        value = value.replace(char, ref)
    return _SCHEME_BEFORE_SLASHES.sub(r"\1&#58;", value)


def sanitize_tags(text: str) -> str:
    """Whitelisted HTML tags cleaned; every other ``<`` and ``>`` escaped to show as text
    (MediaWiki's ``removeHTMLtags``: the text is split at ``<``, a piece that starts with
    a whitelisted tag keeps it, any other ``<`` becomes ``&lt;``, any ``>`` outside a tag
    ``&gt;``). A ``<`` without a ``>`` is text, so no character of it is lost.

    >>> sanitize_tags('<div class="a" onmouseover="x">t</div><iframe src=x></iframe>')
    '<div class="a">t</div>&lt;iframe src=x&gt;&lt;/iframe&gt;'
    >>> sanitize_tags('<br/> <hr> </br>')
    '<br /> <hr /> <br />'
    >>> sanitize_tags('If x <y the deal is lost; <b>a</b> > b')
    'If x &lt;y the deal is lost; <b>a</b> &gt; b'
    """
    bits = text.split("<")
    out = [bits[0].replace(">", "&gt;")]
    for bit in bits[1:]:
        m = _ELEMENT_BITS.fullmatch(bit)
        tag = _clean_tag(*m.group(1, 2, 3, 4)) if m else None
        if tag is None:
            out.append("&lt;" + bit.replace(">", "&gt;"))
        else:
            assert m is not None  # a tag comes from a match
            out.append(tag + m.group(5).replace(">", "&gt;"))
    return "".join(out)


def _clean_tag(closing: str, name: str, attrs: str, brace: str) -> str | None:
    """The tag ``<{closing}{name}{attrs}{brace}`` cleaned, or None if it is shown as
    text."""
    lname = name.lower()
    if lname not in WIKITEXT_TAGS:
        return None
    if closing:
        if lname == "br":  # </br> is read as <br>
            return "<br />"
        if attrs.strip():
            return None
        return "" if lname in SINGLE_ONLY_TAGS else f"</{lname}>"
    fixed = fix_attributes(lname, attrs)
    if lname in SINGLE_ONLY_TAGS:
        return f"<{lname}{fixed} />"
    if brace == "/>":
        return f"<{lname}{fixed}></{lname}>"
    return f"<{lname}{fixed}>"


def clean_tree(root: etree._Element,
               attributes: dict[str, frozenset[str]] = OUTPUT_ATTRIBUTES) -> None:
    """Make an lxml HTML tree safe in place (the last gate before output)."""
    for element in list(root.iter()):
        if element is root:
            continue
        if not isinstance(element.tag, str):  # comments, processing instructions
            _remove(element, keep_content=False)
            continue
        name = element.tag.lower()
        if name in DROP_WITH_CONTENT:
            _remove(element, keep_content=False)
        elif name not in attributes:
            _remove(element, keep_content=True)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        tag = element.tag.lower()
        table = {tag: attributes.get(tag, frozenset())}
        # items() reads names lxml cannot look up one by one ("{x}" is read as a namespace)
        items = list(element.items())
        keep = []
        for name, value in items:
            lname = name.lower()
            kept = allowed_attribute(tag, lname, value, table) \
                if _ATTRIBUTE_NAME.fullmatch(lname) else None
            if kept is not None:
                keep.append((lname, kept))
        if keep != items:
            element.attrib.clear()
            for name, value in keep:
                element.set(name, value)


def _remove(element: etree._Element, keep_content: bool) -> None:
    parent = element.getparent()
    if parent is None:
        return
    if keep_content:
        element.drop_tag() if hasattr(element, "drop_tag") else parent.remove(element)
        return
    tail = element.tail
    previous = element.getprevious()
    if tail:
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(element)
