"""Findings of the ninth new-user audit (stop 33): running heads, page headers, redirects.
Each test fails without the change it names."""

from __future__ import annotations

from wstools.page import read_page
from wstools.proofread import Conventions, proofread_page


def _proofread(text: str, **conventions: object) -> str:
    result = proofread_page(read_page(text), conventions=Conventions(**conventions))  # type: ignore[arg-type]
    return result.page.wikitext()


def test_a_redirect_is_left_as_it_is_even_with_a_level() -> None:
    """H3: ``#REDIRECT [[…]]`` must stay the text's start, or MediaWiki no longer reads it
    as a redirect: never wrapped in ``<pagequality>``, whatever level is asked for."""
    text = "#REDIRECT [[Page:Hugo - Les Misérables.djvu/13]]"
    assert _proofread(text, level=3) == text
    assert _proofread("#WEITERLEITUNG [[Seite:X.djvu/2]]\n", level=1) == \
        "#WEITERLEITUNG [[Seite:X.djvu/2]]\n"


def test_rvh_keeps_the_side_text_of_the_running_head() -> None:
    """H5: ``{{rvh}}`` has no place for ``CHAP. IV.]``: the head is written as ``{{rh}}``
    rather than losing printed text."""
    out = _proofread("CHAP. IV.] THE REPUBLIC. 57\n\nThe senate, which had been the council "
                     "of the kings,\nremained the chief power in the state.\n", header="rvh")
    assert "CHAP. IV.]" in out


def test_a_fused_head_keeps_its_bracketed_section() -> None:
    """M2: ``58 THE HISTORY OF ROME [CHAP. The senate…``: the section goes to the header
    with its bracket and stop, as when the head has its own line."""
    out = _proofread("58 THE HISTORY OF ROME [CHAP. The senate was the chief power in the "
                     "state,\nand its members were chosen by the consuls.\n")
    assert "{{rh|58|THE HISTORY OF ROME|[CHAP.}}" in out


def test_a_head_the_pages_own_header_does_not_hold_stays_in_the_text() -> None:
    """L2: the page has its own header (the Index's), ``HISTORY`` only: the line
    ``12 HISTORY OF ROME`` is not deleted as if moved there (``OF ROME`` was lost)."""
    text = ("<noinclude><pagequality level=\"1\" user=\"Eve\" />{{running header|left=12|"
            "center=HISTORY}}</noinclude>12 HISTORY OF ROME\n\nBody text of the page.\n"
            "<noinclude></noinclude>")
    assert "OF ROME" in _proofread(text)
    same = text.replace("center=HISTORY", "center=HISTORY OF ROME")
    assert "12 HISTORY OF ROME" not in _proofread(same).split("</noinclude>", 1)[1]


def test_a_superscript_or_figure_note_at_the_foot_is_no_paragraph_end() -> None:
    """M1: the text ends mid-sentence (``…and afterwards by the``) above a note marked
    ``¹`` (or ``1``, the mark the text carries glued to a word, ``senate,1``): no
    ``{{nop}}``, which would break the sentence the next page goes on with."""
    for mark in ("¹", "1"):
        text = (f"The senate,{mark} which had been the council of the kings,\nremained the "
                "chief power in the state. Its members were\nchosen by the consuls, and "
                f"afterwards by the\n\n{mark} See Livy, ii. 1.\n")
        assert "{{nop}}" not in _proofread(text), mark
    # a figure the text does not carry as a mark opens no note
    text = ("The senate had been the council of the kings. Its members were\nchosen by the "
            "consuls.\n\n1 See the table below for the consuls of the year.\n")
    assert "{{nop}}" in _proofread(text)


def test_a_page_without_text_is_not_made_proofread_by_level() -> None:
    """L4: ``--level 3`` on an empty page: it is not "Proofread" (there is nothing to
    proofread), but level 0, "Without text"; a page with its own level keeps it. Levels
    that claim no proofreading (1, 2) are the user's to set."""
    assert 'level="0"' in _proofread("", level=3)
    assert 'level="0"' in _proofread("\n\n", level=4)
    assert 'level="2"' in _proofread("\n\n", level=2)  # (Problematic: the user's say)
    stored = ("<noinclude><pagequality level=\"1\" user=\"Eve\" /></noinclude>"
              "<noinclude></noinclude>")
    assert 'level="1"' in _proofread(stored, level=3)


def test_a_short_french_page_keeps_its_spaces_before_marks() -> None:
    """M10: a short French page (too few words for the old count) keeps the space French
    printers set before ``;``; the space before a comma, no French usage, still goes."""
    out = _proofread("Monseigneur Bienvenu , c'était un homme de soixante-\nquinze ans ; il "
                     "habitait Digne depuis 1806.\n")
    assert "ans ; il" in out and "Bienvenu, c'était" in out
