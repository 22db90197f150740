"""Harms an eighth new-user audit found (stop 32); each test fails without its fix."""

from __future__ import annotations

import pytest

from wstools.page import read_page
from wstools.proofread import proofread_page

VALIDATED = [
    # user before level, as hand-written pages and other tools write it
    '<noinclude><pagequality user="Alice" level="4" />{{rh|12|X|}}</noinclude>'
    "The curfew tolls the knell , of parting day.<noinclude></noinclude>",
    # a comment before the tag
    '<noinclude><!-- c --><pagequality level="4" user="A" /></noinclude>'
    "The curfew tolls the knell , of parting day.<noinclude></noinclude>",
    # the running head before the tag
    '<noinclude>{{rh|12|X|}}<pagequality level="4" user="A" /></noinclude>'
    "The curfew tolls the knell , of parting day.<noinclude></noinclude>",
    # the legacy wrapper, user first
    '<noinclude><pagequality user="Alice" level="4" /><div class="pagetext">{{rh|12|X|}}'
    "\n\n\n</noinclude>The curfew tolls the knell , of parting day.<noinclude><references/>"
    "</div></noinclude>",
]


@pytest.mark.parametrize("text", VALIDATED)
def test_validated_page_read_whatever_the_tag_order(text: str) -> None:
    """A validated page is read at level 4 and left byte for byte, wherever its tag stands
    in the header and whatever the order of its attributes."""
    page = read_page(text)
    assert page.level == 4
    assert page.wikitext() == text
    result = proofread_page(page)
    assert result.page.wikitext() == text and not result.edits


def test_tag_kept_where_it_stood_when_the_header_is_unchanged() -> None:
    text = VALIDATED[2]
    page = read_page(text)
    assert (page.header, page.user) == ("{{rh|12|X|}}", "A")
    page.level = 3  # a level asked for: the tag is rewritten, first in the header
    assert page.wikitext().startswith('<noinclude>{{rh|12|X|}}<pagequality level="3" user="A" />')


@pytest.mark.parametrize("mark", ["{{PageQuality|100%|Alice}}", "{{PageQuality|75%|Alice}}",
                                  '<pagequality level="9" user="A" />'])
def test_unread_level_mark_leaves_the_page(mark: str) -> None:
    """A level mark that names no level 0-4 (the old percentages): the page's level is
    unknown, so it is left as it is, with a diagnostic, never proofread at level 1."""
    text = (f"<noinclude>{mark}{{{{rh|12|X|}}}}</noinclude>The curfew tolls the knell , of "
            "parting day.<noinclude></noinclude>")
    page = read_page(text)
    assert page.quality_unread
    result = proofread_page(page)
    assert result.page.wikitext() == text and not result.edits
    assert any(d.code == "quality-unread" for d in result.diagnostics)
    assert "level mark unread" in result.summary()
    bare = f"{mark}The curfew tolls the knell , of parting day."
    assert proofread_page(read_page(bare)).page.wikitext() == bare


def test_braces_in_ocr_are_text_not_page_marks() -> None:
    """``{i}``, ``{v}``, ``{12}``, ``f{x}`` in OCR (a formula) are the text's; a page mark
    is Project Gutenberg's only alone on its line, beside its neighbour pages, or of three
    figures."""
    text = ("Let the set be {i} or {v} or {a} or {xi} or {12}, and the function f{x} be\n"
            "continuous on the interval.\n")
    body = proofread_page(read_page(text)).page.body
    for kept in ("{i}", "{v}", "{xi}", "{12}", "f{x}"):
        assert kept in body
    from wstools.text.web import remove_page_marks
    assert remove_page_marks("the exact {171} place, and {172} more").text == \
        "the exact place, and more"


def test_archaic_spelling_is_the_prints() -> None:
    """``shewn`` in an old law code is the printing's spelling: the corpus's word list
    ("shown") never replaces it, in either place."""
    text = ("1.—The ace is the lowest card.\n\n"
            "2.—The cards must be shewn to the adversaries before the deal.\n\n"
            "3.—Any card so shewn may be called.\n")
    result = proofread_page(read_page(text))
    assert result.page.body.count("shewn") == 2
    assert not [e for e in result.edits if "shewn" in e.old]


def test_number_at_the_foot_among_the_texts_figures() -> None:
    """``472`` at the foot of a page whose text sets figures alone on their lines is the
    text's (the sum), not a folio for the footer."""
    text = ("Example. Add together the following numbers:\n\n125\n347\n\n"
            "The sum of these two numbers is\n\n472\n")
    result = proofread_page(read_page(text))
    assert "472" in result.page.body and "472" not in result.page.footer
