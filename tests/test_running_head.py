"""The running head found from evidence (issue 19): capitals, a folio-like token at the start
or end of the first line or alone on a line near it, OCR noise between them; and never a
body line, a heading or prose."""

from __future__ import annotations

import pytest

from wstools.running_head import find_running_head


@pytest.mark.parametrize(("text", "number", "title", "header"), [
    ("WHIST = 603\n\nthe first trick", "603", "WHIST", "{{rh||WHIST|603}}"),
    ("602 -. WHIST\n\nthe first trick", "602", "WHIST", "{{rh|602|WHIST|}}"),
    ("76 KUCHRE\nthe first trick", "76", "KUCHRE", "{{rh|76|KUCHRE|}}"),
    ("6114 PRESIDENTIAL, DOCUMENTS\n\nSec. 2. The Secretary", "6114",
     "PRESIDENTIAL DOCUMENTS", "{{rh|6114|PRESIDENTIAL DOCUMENTS|}}"),
    ("HEARTS : 341\n\nother hand, the six", "341", "HEARTS", "{{rh||HEARTS|341}}"),
    ("1532 : EXECUTIVE ORDERS\n\n(xii) Secretary", "1532", "EXECUTIVE ORDERS",
     "{{rh|1532|EXECUTIVE ORDERS|}}"),
    ("' LAWS OF PIQUET 357\n\ndid not mark it", "357", "LAWS OF PIQUET",
     "{{rh||LAWS OF PIQUET|357}}"),
    ("TARIFF COMMISSION |\n\nexport control laws;", None, "TARIFF COMMISSION",
     "{{rh||TARIFF COMMISSION|}}"),
    ("xiv PREFACE\n\nThe rules", "xiv", "PREFACE", "{{rh|xiv|PREFACE|}}"),
])
def test_heads_with_ocr_noise(text: str, number: str | None, title: str,
                              header: str) -> None:
    head = find_running_head(text)
    assert head is not None
    assert (head.number, head.title, head.wikitext()) == (number, title, header)
    # the head's text is exactly the spans; the rest of the page is untouched
    assert text[head.spans[-1][1]:].lstrip().startswith(text.split("\n")[-1][:5])


def test_odd_page_folio_lost() -> None:
    head = find_running_head("LAWS OF WHIST\n\nthe first trick, which")
    assert head is not None
    assert (head.number, head.title, head.side) == (None, "LAWS OF WHIST", None)
    assert head.wikitext() == "{{rh||LAWS OF WHIST|}}"
    assert head.spans == [(0, len("LAWS OF WHIST\n"))]


def test_folio_first_and_alone() -> None:
    text = "1396\n\nSec. 3. Foreign assistance"
    head = find_running_head(text)
    assert head is not None
    assert (head.number, head.title, head.side) == ("1396", "", "left")
    assert head.wikitext() == "{{rh|1396||}}"
    assert text[head.end:] == "\nSec. 3. Foreign assistance"


def test_folio_on_a_later_line() -> None:
    text = "LAWS OF WHIST\n\n603\n\nthe first trick"
    head = find_running_head(text)
    assert head is not None
    assert (head.number, head.title, head.side) == ("603", "LAWS OF WHIST", "right")
    assert head.wikitext() == "{{rh||LAWS OF WHIST|603}}"
    assert len(head.spans) == 2
    assert [text[a:b] for a, b in head.spans] == ["LAWS OF WHIST\n", "\n603\n"]
    assert text[head.end:] == "\nthe first trick"


def test_fused_head_keeps_the_text() -> None:
    text = "600 WHIST the first trick"
    head = find_running_head(text)
    assert head is not None and text[head.end:] == "the first trick"


@pytest.mark.parametrize("text", [
    "53. After the dealer has dealt",
    "9. HIGHEST CARD. Where no hand has a pair",
    "CARDS LIABLE TO BE CALLED.\n\n53. All exposed cards",
    "THE LAWS OF WHIST.\n\n1. The rubber",
    "A card detached from the pack",
    "The game is ten points, and the rubber",
    "OF the first",
    "12 IT is",
    "600 A card",
    "EXECUTIVE ORDER 13926\n\nBy the authority",
    "WHIST\nthe first trick",  # capitals alone and run into the text: not set apart
    "(4) the Attorney General;",
    "",
])
def test_no_head(text: str) -> None:
    assert find_running_head(text) is None


def test_known_heading_is_not_a_head() -> None:
    text = "REVOKE\n\nis a revoke"
    assert find_running_head(text) is not None
    assert find_running_head(text, headings=["REVOKE"]) is None
    assert find_running_head(text, headings=["THE REVOKE."]) is not None


def test_detached_folio_between_the_columns() -> None:
    text = ("LAWS OF WHIST\n\nthe first trick, which\nis won by the\n\n603\n\nhighest card "
            "of the suit\nled.\n")
    assert find_running_head(text).number is None  # not looked for unless asked
    head = find_running_head(text, detached=True)
    assert head is not None
    assert head.wikitext() == "{{rh||LAWS OF WHIST|603}}"
    assert [text[a:b] for a, b in head.spans] == ["LAWS OF WHIST\n", "603\n"]
    assert text[head.end:].startswith("\nthe first trick")  # end: the head at the top


def test_detached_title_between_the_columns() -> None:
    text = "602\n\nthe first trick\n\nWHIST\n\nis won.\n"
    head = find_running_head(text, detached=True)
    assert head is not None and head.wikitext() == "{{rh|602|WHIST|}}"
    assert text[head.spans[-1][0]:head.spans[-1][1]] == "WHIST\n"


@pytest.mark.parametrize("text", [
    "602\n\nthe first trick\n\nCARDS LIABLE TO BE CALLED.\n\n53. All exposed cards\n",
    "602\n\nthe first trick\nWHIST\nis won.\n",  # not a line alone
    "LAWS OF WHIST\n\nthe first trick\n\n603.\n\nis won.\n",  # a stop: a number, not a folio
    "LAWS OF WHIST\n\nthe first trick\n\n13926\n\nis won.\n",
])
def test_detached_part_not_taken(text: str) -> None:
    head = find_running_head(text, detached=True)
    assert head is not None and len(head.spans) == 1


def test_proofread_moves_the_detached_folio_to_the_header() -> None:
    """A two-column page's OCR reads the folio between the columns: proofread takes it out
    of the body (an edit of its own, at its place in the input) and into the header."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page, words_in_order
    text = ("LAWS OF WHIST\n\n53. After the dealer has taken the trump card into his hand, it "
            "cannot be asked for.\n\n603\n\n54. If the dealer take the trump card into his "
            "hand before it is his turn to play, he may be desired to lay it on the table.\n")
    result = proofread_page(read_page(text))
    assert result.page.header == "{{rh||LAWS OF WHIST|603}}"
    assert "603" not in result.page.body and "54. If the dealer" in result.page.body
    heads = [e for e in result.edits if "running-head" in e.rule.split("+")]
    assert [text[e.start:e.end].strip() for e in heads] == ["LAWS OF WHIST", "603"]
    assert all(text[e.start:e.end] == e.old for e in result.edits)
    assert words_in_order(text, result)


def test_three_part_head_with_a_section() -> None:
    """EB1911 prints the section beside the title, bracketed on the outer side."""
    odd = find_running_head("HISTORY] \n\n\n\nAFRICA \n\n\n\n33 1 \n\n\n\nIV. History")
    assert odd is not None and odd.wikitext() == "{{rh|HISTORY]|AFRICA|331}}"
    even = find_running_head("322 \n\n\n\nAFRICA \n\n\n\n[GEOGRAPHY \n\n\n\nlakes in the",
                             detached=True)
    assert even is not None and even.wikitext() == "{{rh|322|AFRICA|[GEOGRAPHY}}"
    assert find_running_head("33° \n\nAFRICA \n\n[ETHNOLOGY \n\nNEGROES", detached=True
                             ).wikitext() == "{{rh|330|AFRICA|[ETHNOLOGY}}"
    # a bracketed line alone, with no title and folio beside it, is no head
    assert find_running_head("HISTORY]\n\nthe origin of the name") is None


def test_real_africa_ocr_heads() -> None:
    """The real IA OCR of EB1911's AFRICA (37 printed pages): heads right on at least 90 %
    of pages alone and on all of them as a book; no words moved."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "pages" / "score_real.py"
    spec = importlib.util.spec_from_file_location("score_real", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not (module.REAL / "pages" / "eb1911-ocr-pair").is_dir():
        pytest.skip("../shared/real is not beside the checkout")
    for book, floor in ((False, 0.9), (True, 1.0)):
        rows = module.score(book=book)
        assert len(rows) == 37
        right = sum(1 for r in rows if r["folio_right"] and r["title_right"])
        assert right >= floor * len(rows)
        assert not any(r["moved"] or r["crashed"] for r in rows)


@pytest.mark.parametrize("text", [
    "PREFACE\n\nThe following pages were written in 1850.\n\niv\n",  # a drop folio
    "THE END\n",
    "12 MAY 1815\n\nDear Sir,\n\nI received yours of the 4th.",  # a dateline
    "CHAPTER IV\n\nThe next morning was fine.",
    "LAWS OF AUCTION BRIDGE\n\n1) The first law.",  # a list label closes no sentence
    "PREFACE\n\nThe book (1909) is new.",
])
def test_a_chapter_opening_is_no_head(text: str) -> None:
    assert find_running_head(text, detached=True) is None


def test_a_page_that_opens_inside_a_bracket_goes_on() -> None:
    """"Law 82) until…" closes a bracket the page did not open: the sentence began on the
    page before, so the capitals above it are the running head, its folio lost."""
    head = find_running_head("LAWS OF AUCTION BRIDGE\n\nLaw 82) until the end.", detached=True)
    assert head is not None and head.title == "LAWS OF AUCTION BRIDGE"


def test_title_kept_as_printed() -> None:
    assert find_running_head("MR. BENNET'S DAUGHTERS 25\n\ntext").wikitext() == \
        "{{rh||MR. BENNET'S DAUGHTERS|25}}"
    assert find_running_head("28 PRIDE AND PREJUDlCE\n\ntext").wikitext() == \
        "{{rh|28|PRIDE AND PREJUDlCE|}}"


def test_book_titles_read_a_damaged_top_line() -> None:
    """Book mode knows the running titles: a first line that is one of them give or take a
    misread folio (``yo``) or a letter is the head; a line of text that names the title's
    words is not."""
    titles = ["AUCTION OF TO-DAY"]
    head = find_running_head("yo AUCTION OF TO-DAY\n\nLEADS OUT OF TURN\n\n62. If", titles=titles)
    assert head is not None and head.title == "AUCTION OF TO-DAY" and head.number == "yo"
    head = find_running_head("yo AUCTION OF TO-DAV\n\nLEADS OUT", titles=titles)
    assert head is not None and head.title == "AUCTION OF TO-DAV" and head.number == "yo"
    head = find_running_head("AUCTION OF TO-DAV 91\n\nthe rest", titles=titles)
    assert head is not None and head.number == "91"
    assert find_running_head("The AUCTION OF TO-DAY is a book.\n", titles=titles) is None
    # a single page: the line stands apart, capitals and a short token of letters at one
    # end: the head, its folio misread (kept on its side for the reader to mend)
    assert find_running_head("yo AUCTION OF TO-DAY\n\nLEADS OUT").wikitext() == \
        "{{rh|yo|AUCTION OF TO-DAY|}}"
    assert find_running_head("LAWS OF WHIST nl\n\nafter him").wikitext() == \
        "{{rh||LAWS OF WHIST|nl}}"
    assert find_running_head("yo AUCTION OF TO-DAY\nLEADS OUT") is None  # not apart


def test_blank_lines_before_the_head() -> None:
    """A page cut from a book's text often opens with blank lines: the head is still the
    first line that has anything."""
    head = find_running_head("\n\n\n\n322 \n\n\n\nAFRICA \n\n[GEOGRAPHY\n\nlakes in the great",
                             detached=True)
    assert head is not None and (head.number, head.title) == ("322", "AFRICA")
    head = find_running_head("\n\n\n\nWHIST 603\n\ntext")
    assert head is not None and (head.number, head.title) == ("603", "WHIST")
