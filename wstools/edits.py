"""Explainable edits: every automatic change is an :class:`Edit` a proofreader can review.

An edit replaces ``old`` at ``[start, end)`` of some text by ``new``. Fixes return the edits
they made relative to the text they were given; :func:`apply_edits` performs them and
:func:`map_to_source` carries spans back through a chain of fixes to the original input.

>>> e = Edit(4, 7, "arc", "are", "confusion", 0.9)
>>> apply_edits("All arc here", [e])
'All are here'
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True)
class Edit:
    """One change: ``text[start:end] == old`` became ``new``, by ``rule``."""

    start: int
    end: int
    old: str
    new: str
    rule: str
    confidence: float = 1.0
    evidence: str = ""
    line: int = 0
    column: int = 0

    def as_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        where = f"{self.line}:{self.column}" if self.line else f"@{self.start}"
        text = f"{where} {self.rule}: {self.old!r} -> {self.new!r} ({self.confidence:.2f})"
        return f"{text} {self.evidence}" if self.evidence else text


def edit_at(e: Edit, start: int, end: int, old: str, line: int = 0, column: int = 0) -> Edit:
    """``e`` at another span (and position): ``dataclasses.replace`` without its look-up
    of the fields at every call (a page maps thousands of edits).

    >>> edit_at(Edit(4, 7, "arc", "are", "confusion", 0.9), 0, 3, "arc", 1, 1)
    Edit(start=0, end=3, old='arc', new='are', rule='confusion', confidence=0.9, \
evidence='', line=1, column=1)
    """
    if type(e) is not Edit:  # (a subclass: its own fields too)
        return replace(e, start=start, end=end, old=old, line=line, column=column)
    return Edit(start, end, old, e.new, e.rule, e.confidence, e.evidence, line, column)


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits (any order) to ``text``.

    >>> apply_edits("abcdef", [Edit(4, 5, "e", "E", "r"), Edit(0, 1, "a", "", "r")])
    'bcdEf'
    """
    out: list[str] = []
    pos = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < pos:
            raise ValueError(f"overlapping edits at {e.start}")
        if text[e.start:e.end] != e.old:
            raise ValueError(f"edit {e.rule} expects {e.old!r} at {e.start}, "
                             f"found {text[e.start:e.end]!r}")
        out.append(text[pos:e.start])
        out.append(e.new)
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


class OffsetMap:
    """Maps offsets in the output of a set of edits back to offsets in their input.

    >>> m = OffsetMap([Edit(2, 4, "xx", "", "r")])
    >>> m.to_input(2), m.to_input(3)
    (4, 5)
    """

    def __init__(self, edits: Sequence[Edit]) -> None:
        self._out_starts: list[int] = []
        self._in_starts: list[int] = []
        self._rows: list[tuple[int, int, int, int]] = []  # out_start, out_end, in_start, in_end
        shift = 0
        for e in sorted(edits, key=lambda e: e.start):
            out_start = e.start + shift
            out_end = out_start + len(e.new)
            self._out_starts.append(out_start)
            self._in_starts.append(e.start)
            self._rows.append((out_start, out_end, e.start, e.end))
            shift += len(e.new) - (e.end - e.start)

    def to_output(self, pos: int) -> int:
        """Output offset for input offset ``pos`` (a replaced span maps to its start)."""
        i = bisect.bisect_right(self._in_starts, pos) - 1
        if i < 0:
            return pos
        out_start, out_end, in_start, in_end = self._rows[i]
        if pos < in_end:
            return out_start
        return pos + out_end - in_end

    def to_input(self, pos: int, end: bool = False) -> int:
        """Input offset for output offset ``pos`` (``end`` picks the end of a replaced span)."""
        i = bisect.bisect_right(self._out_starts, pos) - 1
        if i < 0:
            return pos
        out_start, out_end, in_start, in_end = self._rows[i]
        if pos == out_start and end and out_start != out_end:
            return in_start  # a span that ends where a replacement begins stops before it
        if pos == out_start:
            return in_end if out_start == out_end else in_start
        if pos < out_end or (pos == out_end and end):
            return in_end if end else in_start
        return in_end + (pos - out_end)


def map_to_source(edits: Sequence[Edit], maps: Sequence[OffsetMap]) -> list[Edit]:
    """Re-express edits made on a later text in the coordinates of the first input."""
    out = []
    for e in edits:
        start, end = e.start, e.end
        for m in reversed(maps):
            start, end = m.to_input(start), m.to_input(end, end=True)
        out.append(edit_at(e, start, end, e.old, e.line, e.column))
    return out


def compose(text: str, edits: Sequence[Edit], result: str) -> list[Edit] | None:
    """Edits that turn ``text`` into ``result`` and do not overlap, from the edits of the
    stages that made ``result`` (each in ``text``'s coordinates, but one stage's edit may
    overlap another's: a repair's and the layout's over the same line end). Overlapping
    edits become one edit over their joint span, its rule the stages' rules joined by ``+``
    and its evidence theirs; the others are kept as they are. ``None`` when the edits do not
    account for ``result``.

    >>> t = "a wor- d here"
    >>> stages = [Edit(5, 7, "- ", "", "hyphen-join"), Edit(2, 8, "wor- d", "word", "witness")]
    >>> [(e.old, e.new, e.rule) for e in compose(t, stages, "a world here")]
    [('wor- d', 'world', 'witness+hyphen-join')]
    >>> compose("abc", [Edit(0, 1, "a", "A", "case")], "Abc") == [Edit(0, 1, "a", "A", "case")]
    True
    """
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    groups: list[list[Edit]] = []
    end = -1
    for e in ordered:
        if groups and e.start < end:
            groups[-1].append(e)
            end = max(end, e.end)
        else:
            groups.append([e])
            end = e.end
    if all(len(g) == 1 and text[g[0].start:g[0].end] == g[0].old for g in groups):
        out = [g[0] for g in groups]
        return out if apply_edits(text, out) == result else None
    # the pieces of the result: text between groups as it was, a kept edit's new text, and
    # the unknown output of a merged group, found between the known pieces around it
    pieces: list[tuple[str | None, list[Edit], int, int]] = []
    pos = 0
    for g in groups:
        start, stop = min(e.start for e in g), max(e.end for e in g)
        if start > pos:
            pieces.append((text[pos:start], [], pos, start))
        single = len(g) == 1 and text[g[0].start:g[0].end] == g[0].old
        pieces.append((g[0].new if single else None, g, start, stop))
        pos = stop
    if pos < len(text):
        pieces.append((text[pos:], [], pos, len(text)))
    composed: list[Edit] = []
    at = 0
    for i, (known, group, start, stop) in enumerate(pieces):
        if known is not None:
            if not result.startswith(known, at):
                return None
            at += len(known)
            if group:
                composed.append(group[0])
            continue
        anchor = ""
        for later, _, _, _ in pieces[i + 1:]:
            if later is None:
                break
            anchor += later
            if len(anchor) >= 12:
                break
        if i + 1 == len(pieces) or all(p[0] is not None for p in pieces[i + 1:]) \
                and len(anchor) == sum(len(p[0] or "") for p in pieces[i + 1:]):
            stop_at = len(result) - len(anchor)  # the rest is known: it ends the result
        else:
            stop_at = result.find(anchor, at) if anchor else at
        if stop_at < at:
            return None
        new = result[at:stop_at]
        rules = list(dict.fromkeys(e.rule for e in group))
        composed.append(Edit(start, stop, text[start:stop], new, "+".join(rules),
                             min(e.confidence for e in group),
                             "; ".join(f"{e.rule}: {e.evidence}" for e in group if e.evidence)))
        at = stop_at
    composed = [e for e in composed if e.old != e.new]
    return composed if apply_edits(text, composed) == result else None


def with_positions(edits: Sequence[Edit], text: str) -> list[Edit]:
    """Fill in 1-based line and column of each edit's start in ``text``."""
    line_starts = [0]
    pos = text.find("\n")
    while pos >= 0:
        line_starts.append(pos + 1)
        pos = text.find("\n", pos + 1)
    out = []
    for e in edits:
        i = bisect.bisect_right(line_starts, e.start) - 1
        out.append(edit_at(e, e.start, e.end, e.old, i + 1, e.start - line_starts[i] + 1))
    return out
