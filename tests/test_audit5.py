"""A fifth new-user audit (pages unlike the law codes: tables, notes, verse, indexes, plays,
three-part running heads; rendered and read with Tesseract): what the tool did harm with.
Each case is the page as OCR gave it and what a proofreader expects; every case failed
before its fix."""

from __future__ import annotations

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer

ROWS = "1801 ENGLAND 8,892,536\n1811 SCOTLAND 1,608,420\n1821 IRELAND 6,801,827\n"
AFTER = "\nThe increase in the ten years was thus about fourteen per cent.\n"

CASES = [
    # (name, page, header, body's start)
    ("a table's rows under the head keep their lines, no heading",
     "56 POPULATION.\n\n" + ROWS + AFTER, "{{rh|56|POPULATION|}}", ROWS),
    ("a table's first row is no running head", ROWS + AFTER, "", ROWS),
    # three-part heads: a bracketed year at the outer side
    ("a year in brackets after the title, the folio at the left",
     "128 LIFE OF JOHNSON. [1763.\n\nThe text of the page begins here.\n",
     "{{rh|128|LIFE OF JOHNSON|[1763.}}", "The text of the page"),
    ("a year in brackets before the title, the folio at the right",
     "1763.] LIFE OF JOHNSON. 129\n\nThe text of the page begins here.\n",
     "{{rh|1763.]|LIFE OF JOHNSON|129}}", "The text of the page"),
    ("a head with a year at its outer side, not joined into the prose under it",
     "132 THE LIFE OF NELSON. 1798\n\nthe fleet then sailed for Aboukir.\n",
     "{{rh|132|THE LIFE OF NELSON|1798}}", "the fleet"),
    ("an index's entries across a blank line stay apart",
     "390 INDEX.\n\nEuchre, 68\nfour-handed, 70\nthree-handed, 72\n\nlaws of, 91\n\n"
     "five-card, 89\nNapoleon, 94\n", "{{rh|390|INDEX|}}",
     "Euchre, 68\nfour-handed, 70\nthree-handed, 72\n\nlaws of, 91\n\nfive-card, 89\n"),
]


def test_an_equation_number_at_the_foot_is_the_texts(repairer: Repairer) -> None:
    """A number in brackets on the page's last line ('(12)', an equation's) is no folio:
    it stays in the text (it went to the footer, out of the transcluded text)."""
    r = proofread("CHAPTER III.\n\nwe find that the number of the equation is\n\n(12)\n",
                  repairer=repairer)
    assert r.page.footer == ""
    assert r.page.body.rstrip().endswith("(12)")


@pytest.mark.parametrize(("name", "page", "header", "start"), CASES, ids=[c[0] for c in CASES])
def test_audit5_page(repairer: Repairer, name: str, page: str, header: str, start: str) -> None:
    r = proofread(page, repairer=repairer)
    assert r.page.header == header
    assert r.page.body.startswith(start), r.page.body
    assert "{{c|" not in r.page.body


HYMN = ("1.\nO God, our help in ages past,\nOur hope for years to come,\nOur shelter from the "
        "stormy blast,\nAnd our eternal home.\n\n2.\nUnder the shadow of Thy throne\nThy saints "
        "have dwelt secure;\nSufficient is Thine arm alone,\nAnd our defence is sure.\n")
MARGIN = ("Ill fares the land, to hastening ills a prey,\nWhere wealth accumulates, and men "
          "decay:\n12 Princes and lords may flourish, or may fade;\n")


@pytest.mark.parametrize("page", [HYMN, MARGIN], ids=["stanza numbers", "margin line numbers"])
def test_audit5_verse_keeps_its_lines(repairer: Repairer, page: str) -> None:
    """Verse with its stanzas' numbers or its lines' numbers in the margin: every line kept
    (a proofreader needs them for <poem>); they were joined into one line a stanza."""
    r = proofread(page, repairer=repairer)
    assert [line for line in r.page.body.split("\n") if line.strip() and "{{nop}}" not in line] \
        == [line for line in page.split("\n") if line.strip()]


LOO = ("(3) Misses a hand or deals a hand or part of a hand additional;\nis a misdeal,\n\n"
       "(4) Or otherwise commits any irregularity in dealing, i\nand the dealer forfeits a "
       "single to the pool. The cards.are again shutHed and\ncut, and there is a fresh deal by "
       "the same dealer.\n")


def test_words_a_witness_puts_back_pass_the_order_check() -> None:
    """Tesseract set 'is a misdeal,' a line too high; the witness (Hoyle's Loo in the
    corpus) puts it back in item (4), where it has it (rule witness-move, an edit with its
    evidence). The order check, which refuses a page whose text moved, holds the rest of
    the page to the order and lets these moves stand (it refused the whole page)."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    r = proofread_page(read_page(LOO))
    assert not [d for d in r.diagnostics if d.code == "order-check"]
    assert [e.rule for e in r.edits].count("witness-move") == 2
    assert "is a misdeal" in r.page.body.split("(4)")[1]


def test_a_folio_moved_to_the_foot_is_the_heads_once_the_sequence_gives_it(
        repairer: Repairer) -> None:
    """Tesseract read an odd page's right-hand folio at the foot: the page alone has the
    title without its folio and the folio in the footer; book mode gives the head its folio
    from the sequence, and the footer's copy goes (it was printed once: it stood in both)."""
    from wstools.book import proofread_book
    from wstools.page import read_page
    text = ("the player on the left of the dealer leads, and the\ngame goes on in the usual "
            "way until the end of it\n")
    pages = []
    for n in range(66, 73):
        if n == 69:
            page = "EUCHRE.\n\n" + text + "\n69\n"
        else:
            page = (f"{n} HOYLE'S GAMES." if n % 2 == 0 else f"EUCHRE. {n}") + "\n\n" + text
        pages.append((f"p{n}", read_page(page)))
    results = proofread_book(pages, repairer=repairer)
    assert results[3].page.header == "{{rh||EUCHRE|69}}"
    assert "69" not in results[3].page.footer
