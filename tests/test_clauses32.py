"""Clause labels on pages the page benchmark's label styles showed missed (stop 32).

Each case is a small page of its own, in the shapes OCR gives; each test fails without the
change it names."""

from __future__ import annotations

from wstools.page import read_page
from wstools.proofread import proofread_page


def _laws(text: str) -> list[tuple[str, list[str]]]:
    result = proofread_page(read_page(text))
    return [(law.label, [c.label for c in law.clauses])
            for code in result.codes for s in code.sections for law in s.laws]


def test_laws_in_lines_keep_their_clauses() -> None:
    """Laws each at a line's start with no blank line between (Tesseract lost the paragraph
    breaks) are laws in lines, not laws run together: their clauses are read too."""
    text = ("12.—A player who turns up a king is entitled to mark one.\n"
            "13.—A player winning the point marks one; the vole\n"
            "counts two.\n"
            "14.—(a) If the dealer play without proposing, and lose the\n"
            "point, his adversary marks two.\n"
            "(b) If the dealer refuse the proposal, and lose the point,\n"
            "the other marks two.\n"
            "15.—An overscore can be taken down at any time.\n")
    assert _laws(text) == [("12", []), ("13", []), ("14", ["a", "b"]), ("15", [])]
