"""The running head of a printed page: its folio (page number) and running title, found at
the top of a page's OCR text and written as the header template (``{{rh}}``, ``{{rvh}}``).

>>> h = find_running_head("600 WHIST the first trick")
>>> h.number, h.title, h.side, h.wikitext()
('600', 'WHIST', 'left', '{{rh|600|WHIST|}}')
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

# a printed page number (arabic, or lower-case roman) and a title in capitals
_NUMBER = r"(?P<number>\d{1,4}|[ivxlc]{1,6})"
_TITLE = r"(?P<title>(?:\p{Lu}[\p{Lu}&'’.\-]*[ \t]+)*\p{Lu}[\p{Lu}&'’\-]*\p{Lu}[.,]?)"
_HEAD_LEFT = regex.compile(rf"\A[ \t]*{_NUMBER}\.?[ \t]+{_TITLE}(?=\s|\Z)")
_HEAD_RIGHT = regex.compile(rf"\A[ \t]*{_TITLE}[ \t]+{_NUMBER}\.?(?=\s|\Z)")


@dataclass
class RunningHead:
    """The running head as printed: ``number`` (``None`` when absent), ``title``, ``side``
    (``"left"`` on an even, verso page; ``"right"`` on an odd, recto page)."""

    number: str | None
    title: str
    side: str | None
    start: int
    end: int

    def wikitext(self, style: str = "rh") -> str:
        """The header template for this head."""
        number = self.number or ""
        if style == "rvh":
            return f"{{{{rvh|{number}|{self.title}}}}}"
        if self.side == "right":
            return f"{{{{rh||{self.title}|{number}}}}}"
        return f"{{{{rh|{number}|{self.title}|}}}}"


def _roman(s: str) -> int | None:
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
    total = 0
    for a, b in zip(s, s[1:] + " ", strict=True):
        if a not in values:
            return None
        total += -values[a] if b in values and values[b] > values[a] else values[a]
    return total


def find_running_head(text: str) -> RunningHead | None:
    """The running head at the start of ``text``, alone on its line or fused into the text.

    >>> h = find_running_head("600 WHIST the first trick")
    >>> h.number, h.title, h.side, h.wikitext()
    ('600', 'WHIST', 'left', '{{rh|600|WHIST|}}')
    >>> find_running_head("THE LAWS OF WHIST 601\\nText").wikitext()
    '{{rh||THE LAWS OF WHIST|601}}'
    >>> find_running_head("53. After the dealer") is None
    True
    """
    for pattern in (_HEAD_LEFT, _HEAD_RIGHT):
        m = pattern.match(text)
        if not m:
            continue
        title = m.group("title").rstrip(".,")
        number = m.group("number")
        value = int(number) if number.isdigit() else _roman(number)
        if value is None or len(regex.sub(r"[^\p{Lu}]", "", title)) < 3:
            continue
        side = "left" if value % 2 == 0 else "right"
        end = m.end()
        while end < len(text) and text[end] in " \t":
            end += 1
        if end < len(text) and text[end] == "\n":
            end += 1
        return RunningHead(number, title, side, m.start(), end)
    return None


