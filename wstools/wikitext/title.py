"""Page titles as MediaWiki normalises them (namespaces, first-letter case, underscores).

>>> t = Title.parse("page:The_American Cyclopædia (1879) Volume XVI.djvu/624")
>>> t.namespace, t.full
('Page', 'Page:The American Cyclopædia (1879) Volume XVI.djvu/624')
>>> t.subpage, t.base
('624', 'The American Cyclopædia (1879) Volume XVI.djvu')
>>> Title.parse("rh", default_namespace="Template").full
'Template:Rh'
>>> Title.parse(":rh", default_namespace="Template").full
'Rh'
>>> Title.parse("a|b") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# English Wikisource's namespaces (canonical names, numbers) and common aliases.
NAMESPACES: dict[str, int] = {
    "": 0, "Talk": 1, "User": 2, "User talk": 3, "Wikisource": 4, "Wikisource talk": 5,
    "File": 6, "File talk": 7, "MediaWiki": 8, "MediaWiki talk": 9, "Template": 10,
    "Template talk": 11, "Help": 12, "Help talk": 13, "Category": 14, "Category talk": 15,
    "Portal": 100, "Portal talk": 101, "Author": 102, "Author talk": 103, "Page": 104,
    "Page talk": 105, "Index": 106, "Index talk": 107, "Translation": 114,
    "Translation talk": 115, "Module": 828, "Module talk": 829, "Special": -1, "Media": -2,
}
_ALIASES = {"image": "File", "project": "Wikisource", "ws": "Wikisource", "t": "Template"}
_BY_LOWER = {k.lower(): k for k in NAMESPACES if k}
_INVALID = re.compile(r"[<>\[\]{}|]|~{3}")
# MediaWiki refuses titles that are or hold relative path steps: ".", "..", "./…",
# "../…", "…/./…", "…/../…", "…/.", "…/.."
_RELATIVE = re.compile(r"^\.\.?(?:/|$)|/\.\.?(?:/|$)")
_SPACES = re.compile(r"[ _\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")


def ucfirst(s: str) -> str:
    """Upper-case the first character, as MediaWiki's capital-links rule does."""
    return s[:1].upper() + s[1:] if s else s


@dataclass(frozen=True, slots=True)
class Title:
    """A normalised page title: namespace name (canonical) and text within it."""

    namespace: str
    text: str

    @property
    def full(self) -> str:
        return f"{self.namespace}:{self.text}" if self.namespace else self.text

    @property
    def namespace_number(self) -> int:
        return NAMESPACES[self.namespace]

    @property
    def subpage(self) -> str:
        return self.text.rsplit("/", 1)[-1]

    @property
    def base(self) -> str:
        return self.text.rsplit("/", 1)[0]

    @property
    def root(self) -> str:
        return self.text.split("/", 1)[0]

    def talk_page(self) -> str | None:
        """The talk page's full title (None for Special: and Media:)."""
        number = self.namespace_number
        if number < 0:
            return None
        talk = number if number % 2 else number + 1
        return _join(_BY_NUMBER.get(talk, ""), self.text)

    def subject_page(self) -> str | None:
        number = self.namespace_number
        if number < 0:
            return None
        return _join(_BY_NUMBER.get(number - number % 2, ""), self.text)

    @classmethod
    def parse(cls, text: str, default_namespace: str = "") -> Title | None:
        """Normalise ``text``; ``None`` when it is not a valid title."""
        text = _SPACES.sub(" ", text).strip()
        if "#" in text:
            text = text.split("#", 1)[0].rstrip()
        if not text or _INVALID.search(text):
            return None
        namespace = default_namespace
        if text.startswith(":"):
            namespace = ""
            text = text[1:].lstrip()
        if ":" in text:
            prefix, rest = text.split(":", 1)
            key = prefix.strip().lower()
            canonical = _BY_LOWER.get(key) or _ALIASES.get(key)
            if canonical:
                namespace = canonical
                text = rest.strip()
        if not text or _RELATIVE.search(text):
            return None
        return cls(namespace, ucfirst(text))


_BY_NUMBER = {v: k for k, v in NAMESPACES.items()}


def _join(namespace: str, text: str) -> str:
    return f"{namespace}:{text}" if namespace else text


_ESCAPES = {
    '"': "&#34;", "&": "&#38;", "'": "&#39;", "<": "&#60;", "=": "&#61;", ">": "&#62;",
    "[": "&#91;", "]": "&#93;", "{": "&#123;", "|": "&#124;", "}": "&#125;", ";": "&#59;",
    "!!": "&#33;!", "\n!": "\n&#33;", "\n#": "\n&#35;", "\n*": "\n&#42;", "\n:": "\n&#58;",
    "\n ": "\n&#32;", "\n\n": "\n&#10;", "\n\t": "\n&#9;", "\n----": "\n&#45;---",
    "__": "_&#95;", "://": "&#58;//", "~~~": "~~&#126;",
}
_ESCAPE_RE = re.compile("|".join(re.escape(k) for k in sorted(_ESCAPES, key=len, reverse=True)))


def escape_wikitext(text: str) -> str:
    """Escape characters that would be markup, as MediaWiki does for ``{{PAGENAME}}``.

    >>> escape_wikitext("Hoyle's Games")
    'Hoyle&#39;s Games'
    >>> escape_wikitext("*star")
    '&#42;star'
    """
    return _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(0)], "\n" + text)[1:]
