"""The shape every cleanup fix shares: a pure function ``text -> Fixed(text, edits)``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

import regex

from ..edits import Edit, apply_edits


class Fixed(NamedTuple):
    """A fix's result: the new text and the edits (spans in the fix's input)."""

    text: str
    edits: list[Edit]


def substitute(text: str, pattern: re.Pattern | regex.Pattern, rule: str,
               replace: Callable[[regex.Match], tuple[str, float, str] | None],
               start_group: int = 0) -> Fixed:
    """Apply ``replace`` to every match; it returns (new, confidence, evidence) or None.

    The text replaced runs from the start of group ``start_group`` to the match's end: a
    pattern that captures in a lookbehind (found from a rare character, which is much
    faster than trying every position) still replaces what it captured there; a match
    whose captured start falls in the text an earlier edit replaced is left alone.

    >>> import regex
    >>> join = regex.compile(r"(?<=(\\w+))- (\\w+)")
    >>> substitute("non- compli- ant", join, "join", lambda m: (m.group(1) + m.group(2),
    ...            1.0, ""), start_group=1).text
    'noncompli- ant'
    """
    edits: list[Edit] = []
    for m in pattern.finditer(text):
        start = m.start(start_group)
        if edits and start < edits[-1].end:
            continue  # what a lookbehind captured was replaced already ("non- compli-\nant")
        result = replace(m)
        if result is None:
            continue
        new, confidence, evidence = result
        old = text[start:m.end()]
        if new != old:
            edits.append(Edit(start, m.end(), old, new, rule, confidence, evidence))
    return Fixed(apply_edits(text, edits) if edits else text, edits)
