"""Ninth new-user audit, the findings left open (M6, L1, L5–L10). Each test fails without
the change it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from wstools.book import proofread_book
from wstools.page import read_page
from wstools.proofread import Conventions, proofread_page

from .conftest import run


def _proofread(text: str, **conventions: object) -> str:
    result = proofread_page(read_page(text), conventions=Conventions(**conventions))  # type: ignore[arg-type]
    return result.page.wikitext()


# -- M6: a dictionary's guide words -------------------------------------------------------

_DICT = ("ABA 2 ABB\n\nABACUS, n. A counting frame. Pl. abaci.\nABAFT, adv. Toward the "
         "stern.\nABANDON, v. t. To give up wholly.\nABASE, v. t. To lower.\n")


def test_guide_words_either_side_of_the_folio_are_the_head() -> None:
    """M6: ``ABA 2 ABB`` is a three-part head, not a centred heading in the body."""
    out = _proofread(_DICT)
    assert "{{rh|ABA|2|ABB}}" in out
    assert "{{c|" not in out and "ABA 2 ABB" not in out


def test_a_dictionarys_entries_are_not_read_as_verse() -> None:
    """M6's page: its entries, each a line opening with a headword in capitals and a
    comma, were warned of as verse (wrap in <poem>)."""
    result = proofread_page(read_page(_DICT))
    assert not [d for d in result.diagnostics if d.code == "verse"]


def test_a_line_of_that_shape_out_of_order_or_in_a_table_stays_text() -> None:
    assert "{{rh|" not in _proofread(_DICT.replace("ABA 2 ABB", "ABB 2 ABA"))
    table = "BOSTON 12 CHICAGO\nDENVER 14 ELPASO\nFRESNO 16 GALVESTON\n"
    assert "{{rh|" not in _proofread(table)


def test_book_mode_keeps_each_pages_guide_words() -> None:
    """M6: guide words differ on every page; book mode does not make them agree, and reads
    the folio in the middle as the page's folio."""
    pages = [(f"p{k}.txt", read_page(f"{a} {n} {b}\n\n{a}ACUS, n. A counting frame.\n"))
             for k, (a, n, b) in enumerate([("ABA", 2, "ABB"), ("ABB", 3, "ABD"),
                                           ("ABD", 4, "ABE")])]
    results = proofread_book(pages)
    assert [r.page.header for r in results] == ["{{rh|ABA|2|ABB}}", "{{rh|ABB|3|ABD}}",
                                                "{{rh|ABD|4|ABE}}"]


# -- L1: the --report path is checked before any work --------------------------------------


def test_a_report_into_a_missing_folder_is_refused_before_the_pages_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """L1: book mode wrote every page, then failed on ``index-1.html``; the path asked
    for is named, and nothing is written."""
    book = tmp_path / "book"
    book.mkdir()
    for k in (1, 2):
        (book / f"p{k}.txt").write_text(f"{600 + k} WHIST\n\nthe first trick.\n", "utf-8")
    report = tmp_path / "nope" / "index.html"
    out = tmp_path / "out"
    code, _, err = run(capsys, "proofread", str(book), "--report", str(report), "-o", str(out))
    assert code == 2 and f"{report}: folder" in err and "index-1" not in err
    assert not out.exists()
    page = tmp_path / "one.wiki"
    code, _, err = run(capsys, "proofread", str(book / "p1.txt"), "--report", str(report),
                       "-o", str(page))
    assert code == 2 and not page.exists()


# -- L5: OCR with a heading line is OCR -----------------------------------------------------


def test_ocr_with_one_heading_line_and_a_running_head_is_proofread() -> None:
    """L5: ``== Note ==`` alone made the page "formatted wikitext", returned byte for byte
    with its running head in the body."""
    out = _proofread("THE REPUBLIC. 57\n\nThe senate was strong.\n== Note ==\nMore text here.\n")
    assert out.startswith("<noinclude><pagequality level=\"1\"")
    assert "{{rh||THE REPUBLIC|57}}" in out and "== Note ==" in out


def test_a_heading_line_with_no_sign_of_ocr_is_still_kept() -> None:
    text = "The senate was strong.\n\n== Note ==\n\nMore text here.\n"
    assert _proofread(text) == text
    marked = "THE REPUBLIC. 57\n\nThe [[senate]] was strong.\n== Note ==\nMore text.\n"
    assert _proofread(marked) == marked


# -- L6: a space before a full stop --------------------------------------------------------


def _clean(text: str, *rules: str) -> str:
    from wstools.text.pipeline import clean
    return clean(text, rules or ("space-before-punctuation",)).text


def test_a_space_before_a_sentences_full_stop_goes() -> None:
    """L6: ``had no share .`` is fixed as `` ,`` and `` ;`` are."""
    assert _clean("The people had no share .\nThe rest went . Then") == \
        "The people had no share.\nThe rest went. Then"


def test_ellipses_decimals_abbreviations_and_leaders_keep_their_spaces() -> None:
    for text in ("and so . . . The end", "at .5 of an inch", "see No . 5 here", "Mr . Smith",
                 "Preface . . . . . . 5", "Contents . . . . . v\nChapter I . . . 1",
                 "A . B . C", "the man . the dog", "the cards .\nare dealt",
                 "the United . States", "Report on .\nInternational Freedom",
                 "of the Office .\n\nof Management"):
        assert _clean(text) == text, text


# -- L7: a spaced ``--`` -------------------------------------------------------------------


def test_a_spaced_double_hyphen_between_words_becomes_a_spaced_dash() -> None:
    """L7: ``Then -- silence.`` keeps its spaces, the dash changes (as ``war--which``)."""
    assert _clean("The war--which lasted--ended. Then -- silence.", "dash") == \
        "The war—which lasted—ended. Then — silence."
    # (after a closing quote or guillemet, before an opening one: one line, one way)
    assert _clean("of times\" -- and « non » -- ''truly'' so.", "dash") == \
        "of times\" — and « non » — ''truly'' so."


def test_a_spaced_double_hyphen_in_a_table_or_between_figures_stays() -> None:
    for text in ("|    --      |  8  |", "pages 5 -- 12", "-- A. B.", "A  --  B", "end --\nnext"):
        assert _clean(text, "dash") == text, text


# -- L8: an OCR table's columns ------------------------------------------------------------

_TABLE = ("TABLE OF POPULATION. 77\n\nTown          1790     1800     1810\n"
          "Boston       18,038   24,937   33,250\nSalem         7,921    9,457   12,613\n"
          "Newport       6,716    6,739    7,907\n")


def test_the_spacing_that_aligns_a_tables_columns_stays() -> None:
    """L8: runs of spaces that line up cells on consecutive lines are the table's columns;
    proofread, clean and repair keep them."""
    rows = _TABLE.split("\n\n", 1)[1].rstrip("\n")
    assert rows in _proofread(_TABLE)
    assert _clean(rows, "whitespace") == rows
    from wstools.repair.repair import Repairer
    assert rows in Repairer.load().repair(_TABLE).text


def test_double_spaces_in_prose_still_go() -> None:
    text = "The senate  was strong,\nand its  members were  chosen."
    assert _clean(text, "whitespace") == "The senate was strong,\nand its members were chosen."


# -- L9: parse's text and wikitext of a wikitext code ---------------------------------------

_LAW_WIKI = ("{{c|{{sc|Laws of Whist}}}}\n\n'''1.''' The game is played by four.<ref>In some "
             "clubs, five.</ref> See [[Whist|the game]].\n\n'''2.''' Each player has thirteen "
             "cards, ''viz.'':\n{|\n| Spades || 13\n|}\n\n'''3.''' The deal passes to the "
             "left.{{nop}}\n")


def _export(to: str) -> str:
    from wstools import export_laws, parse_laws
    parsed = parse_laws(_LAW_WIKI)
    return export_laws(parsed.codes, to, markup=parsed.shape == "wikitext")


def test_text_of_a_wikitext_code_is_what_a_reader_copies() -> None:
    """L9: no ``<ref>``, link brackets, ``{{nop}}`` or raw table lines in ``--to text``."""
    out = _export("text")
    for markup in ("<ref>", "[[", "{{", "{|", "|}", "''"):
        assert markup not in out, markup
    assert "four.[1] See the game." in out and "Spades\t13" in out
    assert out.rstrip().endswith("[1] In some clubs, five.")


def test_wikitext_of_a_wikitext_code_keeps_its_table_lines_together() -> None:
    """L9: ``{|⏎⏎| Spades || 13⏎⏎|}`` had blank lines between a table's lines."""
    assert "{|\n| Spades || 13\n|}" in _export("wikitext")


def test_text_of_plain_ocr_laws_is_unchanged() -> None:
    from wstools import export_laws, parse_laws
    codes = parse_laws("12. Two packs are used.\n13. The deal.\n").codes
    assert export_laws(codes, "text") == "12. Two packs are used.\n\n13. The deal.\n"


# -- L10: what book mode saw where it leaves out a {{nop}} ----------------------------------


def test_the_nop_message_says_what_the_next_page_opens_with() -> None:
    """L10: "opens a new document" said nothing of what was seen."""
    pages = [("p04.txt", read_page("THE REPUBLIC. 57\n\nCicero tells us that as a boy he "
                                   "learned\nthem by heart.\n")),
             ("p05.txt", read_page("CHAPTER IV.\n\nTHE CONQUEST OF ITALY.\n\nThe wars of "
                                   "Rome with her neighbours went on.\n"))]
    first = proofread_book(pages)[0]
    said = [d.message for d in first.diagnostics if d.code == "nop"]
    said += [e.evidence for e in first.edits if e.rule == "nop"]
    assert said and all("'CHAPTER IV.', a new chapter" in m for m in said)
