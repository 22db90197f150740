"""Book mode after a new-user audit (tests/cases/book-audit: Hoyle's EUCHRE, pages 68-75
as OCR gives them, in four folders as the auditor cut them). Book mode must never make a
page worse than single-page mode: a chapter's heading is not made the running head from
the sequence alone; a folio printed cleanly is not changed on the word of one side; a page
missing from the folder splits the sequence; the closing summary counts what was done."""

from __future__ import annotations

from pathlib import Path

import pytest

from wstools.book import BOOK_RULES, apply_sequence, proofread_book
from wstools.page import read_page
from wstools.proofread import proofread_page
from wstools.repair.repair import Repairer

from .conftest import run

CASES = Path(__file__).resolve().parent / "cases" / "book-audit"


def _pages(folder: str) -> list[tuple[str, object]]:
    return [(p.name, read_page(p.read_text(encoding="utf-8")))
            for p in sorted((CASES / folder).glob("*.txt"))]


def _book(folder: str, repairer: Repairer):
    pages = _pages(folder)
    singles = [proofread_page(p, repairer=repairer, file=n) for n, p in pages]
    return pages, singles, apply_sequence(pages, singles, repairer=repairer)


def _rules(result) -> list[str]:  # noqa: ANN001
    return [e.rule for e in result.edits if e.rule in BOOK_RULES]


@pytest.mark.parametrize("folder", ["book", "book4", "book5"])
def test_a_chapter_heading_is_not_made_the_head(repairer: Repairer, folder: str) -> None:
    """p068 opens the chapter with its heading ``EUCHRE.`` (a stop, no folio with it, the
    first page of the run): single-page mode keeps it as a heading; book mode did make it
    the head ``{{rh|68|EUCHRE|}}`` from the running titles of the pages after it, and the
    heading vanished on transclusion."""
    pages, singles, books = _book(folder, repairer)
    assert pages[0][0] == "p068.txt"
    single, book = singles[0], books[0]
    assert "{{c|{{sc|EUCHRE.}}}}" in single.page.body
    assert book.page.header == single.page.header == ""
    assert book.page.body == single.page.body
    assert book.running_head is None and not _rules(book)


def test_a_title_line_without_folio_needs_both_sides(repairer: Repairer) -> None:
    """A line of the book's running title with no folio is the head only in the middle of a
    run: the pages on both sides with heads whose folios place the page between them, the
    same side's pages printing the title. Not at a run's end, and never with a stop."""
    def book(texts: list[str]) -> list:
        pages = [(f"p{k}", read_page(t)) for k, t in enumerate(texts)]
        return proofread_book(pages, repairer=repairer)

    tail = "\n\nthe players go on with the game here, and the dealer deals again.\n"
    new = "\n\nThe players go on with the game here, and the dealer deals again.\n"
    mid = ["70 EUCHRE" + tail, "EUCHRE 71" + tail, "72 EUCHRE" + tail, "EUCHRE" + new,
           "74 EUCHRE" + tail, "EUCHRE 75" + tail, "76 EUCHRE" + tail]
    alone = proofread_page(read_page(mid[3]), repairer=repairer)
    assert alone.page.header == "" and alone.page.body.startswith("{{c|{{sc|EUCHRE}}}}")
    got = book(mid)
    assert got[3].page.header == "{{rh||EUCHRE|73}}"  # the folio lost, the head in a run
    first = ["EUCHRE" + new] + mid[1:]
    assert book(first)[0].page.header == ""  # at the run's end: may be a heading
    stop = mid[:3] + ["EUCHRE." + new] + mid[4:]
    assert book(stop)[3].page.header == ""  # a stop: a heading
    other = mid[:1] + ["WHIST 71" + tail] + mid[2:5] + ["WHIST 75" + tail] + mid[6:]
    assert book(other)[3].page.header == ""  # its side prints another title


def test_a_clean_folio_is_not_changed_from_one_side(repairer: Repairer) -> None:
    """Pages 70, 72, 73, 74 (71 not in the folder): 70 is right, and was made 71 from the
    two pages after it, on the wrong side. A folio printed in digits changes only when the
    pages on both sides agree; the jump from 70 to 72 splits the sequence."""
    pages, singles, books = _book("book3", repairer)
    assert [n for n, _ in pages] == ["p070.txt", "p072.txt", "p073.txt", "p074.txt"]
    assert [b.page.header for b in books] == [s.page.header for s in singles] == [
        "{{rh|70|EUCHRE|}}", "{{rh|72|EUCHRE|}}", "{{rh||EUCHRE|73}}", "{{rh|74|EUCHRE|}}"]
    assert not any(_rules(b) for b in books)


def test_a_gap_splits_the_sequence(repairer: Repairer) -> None:
    """A page missing from the folder (folios 70 then 72 73) breaks the sequence: no folio
    is mended across it. A misread folio between two pages that agree (69 22 71) is no
    break. A garbled folio at a run's end is set from one side only when what it shows
    fits the value: ``7O`` before 72 73 74 is not made 71."""
    from wstools.book import _breaks, _slot

    def slots(texts: list[str]) -> list:
        pages = [(f"p{k}", read_page(t)) for k, t in enumerate(texts)]
        singles = [proofread_page(p, repairer=repairer) for _, p in pages]
        return [_slot(n, p, r) for (n, p), r in zip(pages, singles, strict=True)]

    tail = "\n\nthe players go on with the game here, and the dealer deals again.\n"
    assert _breaks(slots(["70 EUCHRE" + tail, "72 EUCHRE" + tail, "EUCHRE 73" + tail,
                          "74 EUCHRE" + tail])) == {0}
    assert _breaks(slots(["EUCHRE 69" + tail, "22 EUCHRE" + tail, "EUCHRE 71" + tail])) == set()
    texts = ["7O EUCHRE" + tail, "72 EUCHRE" + tail, "EUCHRE 73" + tail, "74 EUCHRE" + tail]
    books = proofread_book([(f"p{k}", read_page(t)) for k, t in enumerate(texts)],
                           repairer=repairer)
    assert "71" not in books[0].page.header
    assert not any("folio-sequence" in e.rule for e in books[0].edits)


def test_a_garbled_folio_at_a_run_start_from_one_side(repairer: Repairer) -> None:
    """``EUCHRE 6g`` (the page before is a chapter's first page, no folio): the pages after
    give 69, and ``6g`` fits it; set at a lower confidence than from both sides. Before,
    the garbled folio was dropped (``{{rh||EUCHRE|}}``)."""
    _, _, books = _book("book", repairer)
    assert books[1].page.header == "{{rh||EUCHRE|69}}"
    edit = next(e for e in books[1].edits if "folio-sequence" in e.rule.split("+"))
    assert edit.confidence < 0.9 and "misread '6g'" in edit.evidence


def test_book_rules_hold_joined_rules() -> None:
    assert "running-head+folio-sequence" in BOOK_RULES
    assert "running-head+running-title" in BOOK_RULES
    assert "nop" in BOOK_RULES and "running-head" not in BOOK_RULES
    assert "unwrap" not in BOOK_RULES and 3 not in BOOK_RULES
    assert set(BOOK_RULES) == {"folio-sequence", "running-title", "hyphen-across-pages", "nop"}


@pytest.mark.parametrize(("folder", "want"), [
    ("book5", ["folio-sequence", "running-title"]), ("book3", None)])
def test_the_closing_summary_counts_what_was_done(capsys, tmp_path: Path, folder: str,
                                                   want: list[str] | None) -> None:
    """book5: a folio and a title mended from the sequence, and the summary said ``no
    changes from the sequence``; book3: nothing changed, and it says so."""
    code, _, err = run(capsys, "proofread", str(CASES / folder), "-o", str(tmp_path / "o"))
    assert "Traceback" not in err
    line = next(x for x in err.splitlines() if x.startswith("book of "))
    if want is None:
        assert line.endswith("no changes from the sequence")
    else:
        assert "no changes" not in line and all(w in line for w in want), line
        assert "+" not in line  # each book rule counted by its own name


def test_a_misread_title_beside_a_page_without_head(repairer: Repairer) -> None:
    """``EUCIIRE 71``: its same-side neighbours are 69 (EUCHRE) and 73, which shows no head
    (OCR lost it); 75 beyond it prints EUCHRE. Both sides agree: the title is mended. Then
    73 is told the head its neighbours give (``head-missing``), said, not written."""
    _, singles, books = _book("book", repairer)
    assert singles[3].page.header == "{{rh||EUCIIRE|71}}"
    assert books[3].page.header == "{{rh||EUCHRE|71}}"
    assert books[5].page.header == "" and books[5].running_head is None
    warned = [d.message for d in books[5].diagnostics if d.code == "head-missing"]
    assert warned and "{{rh||EUCHRE|73}}" in warned[0]
    # a neighbour beyond the headless page that prints another title: no agreement
    tail = "\n\nthe players go on with the game here, and the dealer deals again.\n"
    texts = ["EUCHRE 69" + tail, "70 EUCHRE" + tail, "EUCIIRE 71" + tail, "72 EUCHRE" + tail,
             "the text of a page whose head OCR lost, going on.\n", "74 EUCHRE" + tail,
             "WHIST 75" + tail]
    got = proofread_book([(f"p{k}", read_page(t)) for k, t in enumerate(texts)],
                         repairer=repairer)
    assert got[2].page.header == "{{rh||EUCIIRE|71}}"


@pytest.mark.parametrize("heading", ["LAWS OF EUCHRE.", "LAWS OF EUCHRE"])
def test_the_law_reading_across_pages_keeps_the_heading(repairer: Repairer,
                                                         heading: str) -> None:
    """A page read again for its first law (``4S.`` after law 44) is read knowing the book's
    running titles too: a heading that is one of them (with its stop; without, at the
    book's end where no same-side page after it prints the title) stays a heading, as the
    page alone has it; the law is still read."""
    texts = ["42 LAWS OF EUCHRE\n\n42. The dealer deals the cards.\n\n43. The last law on the "
             "page is this one, and it is long enough.\n",
             "LAWS OF EUCHRE 43\n\n44. The trump card is turned up after the deal, and it stays "
             "there.\n",
             f"{heading}\n\n4S. If the dealer exposes a card, the adversaries may call a new "
             "deal.\n",
             "LAWS OF EUCHRE 45\n\n46. The eldest hand leads to the first trick of the hand.\n"]
    pages = [(f"p{k}", read_page(t)) for k, t in enumerate(texts)]
    alone = proofread_page(pages[2][1], repairer=repairer)
    assert alone.page.header == "" and alone.page.body.startswith(f"{{{{c|{{{{sc|{heading}")
    books = proofread_book(pages, repairer=repairer)
    assert any(d.code == "law-across-pages" for d in books[2].diagnostics)
    assert books[2].page.header == "" and books[2].running_head is None
    assert books[2].page.body.startswith(f"{{{{c|{{{{sc|{heading}}}}}}}}}")


def test_the_folio_place_is_a_short_token_not_a_title_word() -> None:
    """What stands with the title where no folio was read is its place when short with a
    digit or a lower-case letter (``6g``, ``yo``), not a title word the reading spelt
    otherwise (``PREJUDlCE`` read as ``PREJUDICE``), nor the title's stop."""
    from wstools.book import _folio_token
    from wstools.running_head import RunningHead

    def token(line: str, title: str):  # noqa: ANN202
        return _folio_token(line + "\ntext", RunningHead(None, title, None, 0, len(line)))

    assert token("EUCHRE 6g", "EUCHRE") == (7, 9, "6g")
    assert token("LAWS OF ÉCARTÉ yo", "LAWS OF ECARTE")[2] == "yo"
    assert token("PREJUDlCE", "PREJUDICE") is None
    assert token("EUCHRE.", "EUCHRE") is None


def test_a_numbered_heading_read_as_the_head_goes_back_to_the_text(repairer: Repairer) -> None:
    """book6: Hoyle's Draughts, pages 442-446 (a third audit); page 445 opens with the
    heading ``POSITION 21``, which the page alone read as a head (title and folio), and
    book mode then renumbered 445 (that lost it); book mode first put it back in the text
    (``head-not-head``: the neighbours print HOYLE'S GAMES and give it folio 445), and now the
    page alone knows POSITION numbers what the text sets out. Either way its words stay in
    the text and the other pages' heads are the page's own."""
    pages, singles, book = _book("book6", repairer)
    assert singles[3].page.header == ""
    assert book[3].page.header == ""
    assert book[3].page.body.startswith("{{c|{{sc|POSITION 21}}}}")
    assert [r.page.header for k, r in enumerate(book) if k != 3] == \
        [r.page.header for k, r in enumerate(singles) if k != 3]


def test_a_head_title_with_the_books_own_stop_is_the_head(repairer: Repairer) -> None:
    """book7: Hoyle's Backgammon, pages 275-279 (a third audit, real Tesseract OCR); page
    277's top line is ``BACKGAMMON.`` (OCR put its folio at the foot). A stop is the sign of
    a heading, but this book prints its heads with one (``BACKGAMMON. 275``, ``… 279``), and
    the page goes on from the one before: the line is the running head, its folio 277 from
    the sequence."""
    pages, singles, book = _book("book7", repairer)
    assert singles[2].page.header == ""
    assert book[2].page.header == "{{rh||BACKGAMMON|277}}"
    assert book[2].page.body.startswith("either thrice")


def test_a_fused_head_keeps_the_words_after_the_books_title(repairer: Repairer) -> None:
    """book8: Hoyle's Backgammon, real Tesseract OCR (a fourth audit), pages 270-276; page
    272's head is fused into its first line, whose first word is in capitals
    (``272 HOYLE'S GAMES BLACK'S pair of dice…``). Book mode made the title HOYLE'S GAMES
    and deleted BLACK'S; the page is now read again knowing the book's title, and the word
    stays in the text."""
    pages, singles, book = _book("book8", repairer)
    assert singles[2].page.header == "{{rh|272|HOYLE'S GAMES BLACK'S|}}"
    assert book[2].page.header == "{{rh|272|HOYLE'S GAMES|}}"
    assert book[2].page.body.startswith("BLACK'S pair of dice")


def test_a_heading_read_as_a_head_under_another_title_goes_back(repairer: Repairer) -> None:
    """book9: Hoyle's Billiards, real Tesseract OCR (a fourth audit), pages 290-298 of a run
    whose page 296 lost its head and opens with the heading ``THE GAME`` over a page that
    goes on. The page alone takes the line for the head; book mode made it HOYLE'S GAMES,
    deleting the heading. The pages two before and two after print HOYLE'S GAMES and THE
    GAME is words, far from it: another title, so the line stays in the text."""
    pages, singles, book = _book("book9", repairer)
    k = [n for n, _ in pages].index("p027.txt")
    assert singles[k].page.header == "{{rh||THE GAME|}}"
    assert book[k].page.header == "" and book[k].page.body.startswith("THE GAME")
    assert any(d.code == "head-not-head" for d in book[k].diagnostics)
