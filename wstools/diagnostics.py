"""Diagnostics: what a check found, where, in compiler style (``file:line:col: CODE msg``)."""

from __future__ import annotations

import bisect
from dataclasses import asdict, dataclass


@dataclass(slots=True)
class Diagnostic:
    """One finding. ``offset`` is a character offset into the checked text; ``line`` and
    ``column`` (1-based) are filled in by :func:`locate`."""

    code: str
    message: str
    offset: int = 0
    severity: str = "error"
    file: str = "-"
    line: int = 0
    column: int = 0

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.code} {self.message}"

    def as_dict(self) -> dict:
        return asdict(self)


class LineIndex:
    """Maps character offsets of one text to 1-based (line, column).

    >>> LineIndex("ab\\ncd").position(4)
    (2, 2)
    """

    def __init__(self, text: str) -> None:
        self._starts = [0]
        pos = text.find("\n")
        while pos >= 0:
            self._starts.append(pos + 1)
            pos = text.find("\n", pos + 1)

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset) - 1
        return line + 1, offset - self._starts[line] + 1


def locate(diagnostics: list[Diagnostic], text: str, file: str = "-") -> list[Diagnostic]:
    """Fill in file, line and column of each diagnostic from its offset into ``text``."""
    index = LineIndex(text)
    for d in diagnostics:
        d.file = file
        d.line, d.column = index.position(max(0, min(d.offset, len(text))))
    return diagnostics
