"""Wikisource's ``Page:`` namespace: a page's header, body, footer and proofreading level.

The stored wikitext of a Page: page (ProofreadPage's serialisation) is::

    <noinclude><pagequality level="L" user="NAME" />HEADER</noinclude>BODY<noinclude>
    FOOTER</noinclude>

(one line; broken here to fit)

:func:`read_page` splits any stored text into a :class:`Page` the way ProofreadPage does
(header and footer, header only, or body only; the legacy ``<div class="pagetext">``
wrapper and the ``{{PageQuality|N|user}}`` form), and :meth:`Page.wikitext` writes it back.
Reading and writing are lossless: an unchanged page gives back its exact input, whitespace and
legacy forms included; a page whose level or parts were changed is written in the canonical
form for the parts that changed.

>>> p = read_page('<noinclude><pagequality level="1" user="Bot" />{{rh|600|WHIST|}}</noinclude>'
...               'Text.<noinclude></noinclude>')
>>> p.level, p.level_name, p.header, p.body
(1, 'Not proofread', '{{rh|600|WHIST|}}', 'Text.')
>>> p.level = 3
>>> p.wikitext().split("</noinclude>")
['<noinclude><pagequality level="3" user="Bot" />{{rh|600|WHIST|}}', 'Text.<noinclude>', '']
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import regex

from .errors import WstoolsError

LEVELS: dict[int, str] = {
    0: "Without text",
    1: "Not proofread",
    2: "Problematic",
    3: "Proofread",
    4: "Validated",
}
DEFAULT_LEVEL = 1  # ProofreadPage's level when a page has none

_OPEN, _CLOSE = "<noinclude>", "</noinclude>"
_QUALITY = regex.compile(
    r"""\A(\s*)(?:<pagequality\s+level\s*=\s*["']?(?P<level>[0-4])["']?"""
    r"""(?:\s+user\s*=\s*(?:"(?P<user>[^"]*)"|'(?P<user>[^']*)'|(?P<user>[^\s/>]*)))?\s*"""
    r"""(?:/>|>\s*</pagequality>)"""
    r"""|\{\{\s*PageQuality\s*\|\s*(?P<level>[0-4])\s*(?:\|(?P<user>[^}|]*))?\}\})""",
    regex.IGNORECASE)
# the tag with its attributes in any order ("user" before "level", as hand-written pages and
# other tools have it), anywhere in the header (after a comment, or a running head)
_TAG = regex.compile(r"""<pagequality\b(?P<attrs>(?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|"""
                     r"""[^\s/>"']*))*)\s*(?:/>|>\s*</pagequality>)""", regex.IGNORECASE)
_ATTR = regex.compile(r"""([\w-]+)\s*=\s*(?:"(?P<v>[^"]*)"|'(?P<v>[^']*)'|(?P<v>[^\s/>"']*))""")
# any mark of a level, read or not ("{{PageQuality|100%|Ann}}", a tag without a level 0-4)
_ANY_QUALITY = regex.compile(r"<pagequality\b|\{\{\s*PageQuality\s*\|", regex.IGNORECASE)


def _tag_in(head: str) -> tuple[int, int, int, str] | None:
    """(start, end, level, user) of a readable ``<pagequality>`` tag anywhere in ``head``.

    >>> _tag_in('<!-- c --><pagequality user="Ann" level="4" />')
    (10, 46, 4, 'Ann')
    >>> _tag_in('<pagequality level="7" user="Ann" />') is None
    True
    """
    for m in _TAG.finditer(head):
        attrs = {a.group(1).lower(): a.group("v") for a in _ATTR.finditer(m.group("attrs"))}
        level = attrs.get("level", "")
        if len(level) == 1 and level in "01234":
            return m.start(), m.end(), int(level), html.unescape(attrs.get("user") or "")
    return None


_HEADER_DIV = regex.compile(r"""<div(?:\s+class\s*=\s*["']?pagetext["']?)?\s*>\s*\Z""")
_FOOTER_DIV = regex.compile(r"""</div>\s*\Z""")


# MediaWiki's redirect magic word, in English (every wiki reads it) and in the languages of
# the larger Wikisources (MessagesXx.php's 'redirect'): "#REDIRECT [[Page:…/13]]"
_REDIRECT = regex.compile(
    r"\A\s*#[ \t]*(?:REDIRECT\w*|WEITERLEITUNG|REDIRECTION|RINVIA|RINVIO|REDIRECCIÓN|"
    r"REDIRECCION|REDIRECIONAMENTO|REDIRECIONAR|PATRZ|PRZEKIERUJ|TAM|"
    r"ПЕРЕНАПРАВЛЕНИЕ|ПЕРЕНАПР|ПЕРЕНАПРАВЛЕННЯ|DOORVERWIJZING|OMDIRIGERING|"
    r"OHJAUS|ÁTIRÁNYÍTÁS|PŘESMĚRUJ|YÖNLENDİRME|ANTSOIN|תפניה|تحويل|"
    r"重定向|転送|リダイレクト|넘겨주기)\s*:?\s*\[\[",
    regex.IGNORECASE)


def is_redirect(text: str) -> bool:
    """Whether a page's text is a redirect (MediaWiki reads the magic word only at the
    text's start): a page to leave as it is, never proofread nor given a level.

    >>> is_redirect("#REDIRECT [[Page:Hugo - Les Misérables.djvu/13]]")
    True
    >>> is_redirect("#weiterleitung [[Seite:X.djvu/2]]"), is_redirect("See #REDIRECT [[X]]")
    (True, False)
    """
    return _REDIRECT.match(text) is not None


class PageFormatError(WstoolsError, ValueError):
    """A level outside 0–4 or a part that would break the serialisation."""

    def __init__(self, message: str) -> None:
        super().__init__("", message)


@dataclass
class Page:
    """One Page: page: ``header`` and ``footer`` are not transcluded; ``body`` is."""

    body: str = ""
    header: str = ""
    footer: str = ""
    level: int = DEFAULT_LEVEL
    user: str = ""
    # How the page was stored, so that an unchanged page is written back byte for byte.
    _stored: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def quality_unread(self) -> bool:
        """The page holds a level mark this module cannot read (``{{PageQuality|100%|Ann}}``,
        a tag without a level 0–4): its level is unknown, not 1."""
        return bool(self._stored.get("unread"))

    @property
    def level_name(self) -> str:
        """The level's English name (``Proofread`` for 3)."""
        return LEVELS[self.level]

    def wikitext(self) -> str:
        """The stored form; see the module docstring."""
        if self.level not in LEVELS:
            raise PageFormatError(f"proofreading level must be 0-4, not {self.level!r}")
        for name in ("header", "footer"):
            if _CLOSE in getattr(self, name):
                raise PageFormatError(f"the {name} may not contain {_CLOSE}")
        if _OPEN in self.footer:
            raise PageFormatError(f"the footer may not contain {_OPEN}")
        s = self._stored
        if s.get("bare") and self._same_as_stored():
            return self.body
        if s.get("bare") is None or s.get("bare"):
            s = {}
        quality = s.get("quality")
        if quality is None or (self.level, self.user) != (s.get("level"), s.get("user")):
            quality = quality_tag(self.level, self.user)
        at = s.get("quality_at", 0) if self.header == s.get("header") else 0
        out = [_OPEN, self.header[:at], quality, self.header[at:], s.get("header_div", ""),
               _CLOSE, self.body]
        if s.get("footer", True) or self.footer:
            out += [_OPEN, self.footer, s.get("footer_div", ""), _CLOSE]
        out.append(s.get("trailing", ""))
        return "".join(out)

    def _same_as_stored(self) -> bool:
        s = self._stored
        return (self.header, self.footer, self.level, self.user) == (
            s.get("header", ""), s.get("footer_text", ""), s.get("level"), s.get("user"))

    def to_dict(self) -> dict:
        """ProofreadPage's JSON content form."""
        return {"header": self.header, "body": self.body, "footer": self.footer,
                "level": {"level": self.level, "user": self.user or None}}

    @classmethod
    def from_dict(cls, d: dict) -> Page:
        level = d.get("level") or {}
        return cls(body=d.get("body", ""), header=d.get("header", ""),
                   footer=d.get("footer", ""), level=int(level.get("level", DEFAULT_LEVEL)),
                   user=level.get("user") or "")


def quality_tag(level: int, user: str = "") -> str:
    """``<pagequality level="3" user="Name" />``.

    >>> quality_tag(3, 'A "B"')
    '<pagequality level="3" user="A &quot;B&quot;" />'
    """
    return f'<pagequality level="{level}" user="{html.escape(user, quote=True)}" />'


def _split(text: str) -> tuple[str, str, str | None, str] | None:
    """(header part, body, footer part or None, trailing) when ``text`` has the Page: frame."""
    if not text.startswith(_OPEN):
        return None
    end = text.find(_CLOSE, len(_OPEN))
    if end < 0:
        return None
    head = text[len(_OPEN):end]
    rest = text[end + len(_CLOSE):]
    stripped = rest.rstrip()
    trailing = rest[len(stripped):]
    if stripped.endswith(_CLOSE):
        start = stripped.rfind(_OPEN)
        if start >= 0 and _CLOSE not in stripped[start:-len(_CLOSE)]:
            return head, stripped[:start], stripped[start + len(_OPEN):-len(_CLOSE)], trailing
    return head, rest, None, ""


def read_page(text: str) -> Page:
    """Split a Page: page's stored wikitext into a :class:`Page` (never raises).

    >>> read_page("plain OCR text").body
    'plain OCR text'
    >>> p = read_page("{{PageQuality|2|Eve}}54 ÉCARTE")
    >>> (p.level, p.user, p.wikitext())
    (2, 'Eve', '{{PageQuality|2|Eve}}54 ÉCARTE')
    >>> p = read_page('<noinclude>{{PageQuality|4|Ann}}<div class="pagetext">\\n\\n\\n</noinclude>'
    ...               'B<noinclude></div></noinclude>')
    >>> (p.level, p.user, p.header, p.body, p.footer)
    (4, 'Ann', '', 'B', '')
    >>> read_page(p.wikitext()) == p and p.wikitext().endswith('B<noinclude></div></noinclude>')
    True
    """
    parts = _split(text)
    if parts is None:
        # a bare page; one that opens with a quality mark outside the frame (an old page's
        # ``{{PageQuality|2|Eve}}``) has that level, and is written back as it was
        m = _QUALITY.match(text)
        level = int(m.group("level")) if m else DEFAULT_LEVEL
        user = html.unescape(m.group("user") or "") if m else ""
        unread = m is None and _ANY_QUALITY.match(text.lstrip()) is not None
        return Page(body=text, level=level, user=user,
                    _stored={"bare": True, "level": level, "user": user, "unread": unread})
    head, body, footer, trailing = parts
    m = _QUALITY.match(head)
    level, user, quality, quality_at = DEFAULT_LEVEL, "", "", 0
    unread = False
    if m:
        level = int(m.group("level"))
        user = html.unescape(m.group("user") or "")
        quality = m.group(0)
        head = head[m.end():]
    elif (tag := _tag_in(head)) is not None:
        # written back where it stood, as long as the header is unchanged
        start, end, level, user = tag
        quality, quality_at = head[start:end], start
        head = head[:start] + head[end:]
    else:
        unread = _ANY_QUALITY.search(head) is not None
    header_div = ""
    d = _HEADER_DIV.search(head)
    if d:
        header_div, head = head[d.start():], head[:d.start()]
    footer_div = ""
    if footer is not None:
        d = _FOOTER_DIV.search(footer)
        if d and header_div:
            footer_div, footer = footer[d.start():], footer[:d.start()]
    stored = {"bare": False, "quality": quality, "level": level, "user": user,
              "header": head, "header_div": header_div, "footer": footer is not None,
              "footer_text": footer or "", "footer_div": footer_div, "trailing": trailing,
              "quality_at": quality_at, "unread": unread}
    return Page(body=body, header=head, footer=footer or "", level=level, user=user,
                _stored=stored)


def new_page(body: str, header: str = "", footer: str = "", level: int = DEFAULT_LEVEL,
             user: str = "") -> Page:
    """A page in the canonical form (header and footer ``<noinclude>`` always written)."""
    if level not in LEVELS:
        raise PageFormatError(f"proofreading level must be 0-4, not {level!r}")
    return Page(body=body, header=header, footer=footer, level=level, user=user,
                _stored={"bare": False, "footer": True})
