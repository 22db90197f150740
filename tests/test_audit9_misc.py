"""Ninth new-user audit, findings M7, M8 (``expand --to text``) and M11 (``eo format``)."""

from __future__ import annotations

from wstools.eo.format import to_wikitext
from wstools.eo.model import ExecutiveOrder
from wstools.eo.read import read_order
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


_ORDER = """Executive Order 10000 of September 16, 1948

Regulations Governing Additional Compensation and Credit Granted Certain Employees of the \
Federal Government Serving Outside the United States

By virtue of the authority vested in me by section 205 of the act of June 26, 1948, it is \
hereby ordered as follows:

Section 1. Definitions. As used in these regulations—(a) The term "employee" means any \
civilian officer or employee.
(b) The term "area" means any foreign country.

Sec. 2. {second}

HARRY S. TRUMAN

The White House,
September 16, 1948.
"""


def _order(second: str) -> tuple[ExecutiveOrder, str]:
    order = read_order(_ORDER.format(second=second))
    return order, to_wikitext(order)


def test_sentence_case_caption_before_a_sentence_is_templated() -> None:
    """M11: ``Additional compensation.`` is a caption as ``Compensation.`` is."""
    _, wiki = _order("Additional compensation. Each employee shall receive 25 per cent.")
    assert "{{EOsection|2|Additional compensation}} Each employee shall" in wiki
    _, wiki = _order("Compensation. Each employee shall receive 25 per cent.")
    assert "{{EOsection|2|Compensation}} Each employee shall" in wiki


def test_a_first_sentence_is_not_a_caption() -> None:
    for text in ("The Secretary shall pay. Each employee shall receive 25 per cent.",
                 "Pay and allowances, as fixed. Each employee shall receive 25 per cent.",
                 "Additional compensation for. Each employee shall receive 25 per cent.",
                 "Additional compensation. each employee shall receive 25 per cent."):
        _, wiki = _order(text)
        assert "{{EOsection|2}} " + text in wiki, text


def test_a_run_in_a_after_a_dash_is_a_subsection_kept_as_printed() -> None:
    """M11: ``…regulations—(a) The term …`` then ``(b)``: (a) is the section's first
    subsection (run in, as printed and as after ``Caption. (a)``), with no space added."""
    order, wiki = _order("Compensation. Each employee shall receive 25 per cent.")
    assert [b.label for b in order.subsections] == ["a", "b"]
    assert "{{EOsection|1|Definitions}} As used in these regulations—(a) The term " in wiki
    assert "{{EOsubsection|b|The term \"area\" means any foreign country.}}" in wiki
