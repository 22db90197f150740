"""The shape every cleanup fix shares: a pure function ``text -> Fixed(text, edits)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import regex

from ..edits import Edit, apply_edits


class Fixed(NamedTuple):
    """A fix's result: the new text and the edits (spans in the fix's input)."""

    text: str
    edits: list[Edit]


def substitute(text: str, pattern: regex.Pattern, rule: str,
               replace: Callable[[regex.Match], tuple[str, float, str] | None]) -> Fixed:
    """Apply ``replace`` to every match; it returns (new, confidence, evidence) or None."""
    edits = []
    for m in pattern.finditer(text):
        result = replace(m)
        if result is None:
            continue
        new, confidence, evidence = result
        if new != m.group(0):
            edits.append(Edit(m.start(), m.end(), m.group(0), new, rule, confidence, evidence))
    return Fixed(apply_edits(text, edits) if edits else text, edits)
