"""Ninth new-user audit, findings M7, M8 (``expand --to text``)."""

from __future__ import annotations

from wstools.wikitext.plain import to_text
from wstools.wikitext.registry import Registry


def _text(wikitext: str) -> str:
    return to_text(wikitext, Registry()).text


def test_table_header_row_before_first_row_mark_is_its_own_line() -> None:
    """M7: the cells before the first ``|-`` are a row of their own, tab-separated."""
    table = "{|\n! Name !! Page\n|-\n| Abbey || 12\n|-\n| Abbot || 14\n|}"
    assert _text(table) == "Name\tPage\nAbbey\t12\nAbbot\t14"


def test_table_caption_then_implicit_row() -> None:
    table = "{|\n|+ Abbeys\n! Name !! Page\n|-\n| Abbey || 12\n|}"
    assert _text(table) == "Abbeys\nName\tPage\nAbbey\t12"


def test_table_with_leading_row_mark_unchanged() -> None:
    assert _text("{|\n|-\n| Abbey || 12\n|-\n| Abbot || 14\n|}") == "Abbey\t12\nAbbot\t14"


def test_math_keeps_its_tex_as_the_math_extension_text_mode_shows_it() -> None:
    """M8: ``<math>`` is not dropped: ``$ TeX $``, newlines as spaces."""
    assert _text("Pythagoras: <math>a^2+b^2=c^2</math> holds.") \
        == "Pythagoras: $ a^2+b^2=c^2 $ holds."
    assert _text("<math>a\n+ b</math>") == "$ a + b $"


def test_score_keeps_its_code_as_a_block() -> None:
    """M8: ``<score>`` renders as an image (in a ``<div>``) whose ``alt`` is its code."""
    assert _text("Score: <score>c d e</score> end.") == "Score:\n\nc d e\n\nend."


def test_empty_math_gives_nothing() -> None:
    assert _text("a <math></math> b") == "a b"

