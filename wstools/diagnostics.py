"""Diagnostics: what a check found, where, in compiler style (``file:line:col: CODE msg``).

The one JSON shape of ``--format json`` (every command): each finding and each edit is an
object with ``file``, ``line`` and ``column`` (1-based, in the text the command read), then
``code``, ``severity``, ``message`` (a finding, :func:`finding_item`) or ``rule``, ``old``,
``new``, ``confidence``, ``evidence`` (an edit or a flag, :func:`edit_item`), and its offsets
(``offset``; ``start``, ``end``).

>>> finding_item(Diagnostic("unknown-template", "Template:X does not exist", 4, "warning",
...                         "p.wiki", 1, 5))["column"]
5
>>> from wstools.edits import Edit
>>> list(edit_item(Edit(0, 2, "tbe", "the", "witness", 0.9, line=1, column=1), "p.txt"))
['file', 'line', 'column', 'rule', 'old', 'new', 'confidence', 'evidence', 'start', 'end']
"""

from __future__ import annotations

import bisect
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .edits import Edit


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


def finding_item(d: Diagnostic) -> dict:
    """A finding in the one JSON shape."""
    return {"file": d.file, "line": d.line, "column": d.column, "code": d.code,
            "severity": d.severity, "message": d.message, "offset": d.offset}


def edit_item(e: Edit, file: str, line: int | None = None, column: int | None = None,
              start: int | None = None, end: int | None = None) -> dict:
    """An edit (or a flag: an edit that proposes nothing) in the one JSON shape; ``line``,
    ``column``, ``start`` and ``end`` override the edit's own where it was made on another
    text than the input (a repair of the cleaned text)."""
    return {"file": file, "line": e.line if line is None else line,
            "column": e.column if column is None else column, "rule": e.rule, "old": e.old,
            "new": e.new, "confidence": e.confidence, "evidence": e.evidence,
            "start": e.start if start is None else start, "end": e.end if end is None else end}
