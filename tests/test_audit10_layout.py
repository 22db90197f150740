"""Tenth new-user audit, its medium findings on page layout (M3, M5, M6, M7). Each test
fails without the change it names."""

from __future__ import annotations

from wstools.book import proofread_book
from wstools.page import read_page
from wstools.proofread import ProofreadResult, proofread_page
from wstools.text.whitespace import tidy_whitespace, unwrap_paragraphs


def _proofread(text: str) -> str:
    return proofread_page(read_page(text)).page.wikitext()


# -- M7: an account's table of £ s. d. ------------------------------------------------------

_MONEY = ("ACCOUNTS FOR THE YEAR. 17\n\n"
          "                              £   s.  d.\n"
          "Balance from last year ...    12  14   6\n"
          "Subscriptions received ...   104   3   0\n"
          "Sale of tickets ...            7  10   9½\n"
          "                             ———————————\n"
          "            Total ...        £124   8   3½\n\n"
          "The Treasurer reports a balance of £124 8s. 3½d., being an\n"
          "increase of £3 2s. 6d. on the year before.\n")
_ROWS = ("Balance from last year ...    12  14   6\n"
         "Subscriptions received ...   104   3   0\n"
         "Sale of tickets ...            7  10   9½\n")


def test_a_tables_rows_keep_their_lines_and_columns() -> None:
    """M7: the rows were run into one line, their spacing squeezed."""
    out = _proofread(_MONEY)
    assert _ROWS + "———————————\nTotal ...        £124   8   3½\n" in out
    assert "£   s.  d.\nBalance" in out
    assert "being an increase of £3" in out  # the prose under it is still unwrapped


def test_unwrap_keeps_a_tables_rows_and_its_total() -> None:
    """M7: the rule and the total row under the aligned rows are the table's too."""
    table = _MONEY.split("\n\n")[1]
    assert unwrap_paragraphs(table).text == table
    assert tidy_whitespace(table).text == table


def test_prose_whose_double_spaces_align_by_chance_is_still_unwrapped() -> None:
    """Aligned gaps alone do not keep prose's lines: a table's rows end in figures."""
    text = "The senate  was strong,\nand its  members were  chosen\nby the  people  each year."
    assert "\n" not in unwrap_paragraphs(text).text


# -- M5: book mode, a plate beside a page whose running title lost its folio ----------------

_BOOK = [("p043.txt", "THE LAWS OF WHIST 43\n\nner, the dealer taking up his cards.\n\n14. A "
          "misdeal loses the deal, unless the adversaries have\ntouched the cards during the "
          "deal.\n"),
         ("p044.txt", "44 THE LAWS OF WHIST\n\n15. If a player lead out of turn, the card may "
          "be called by\neither adversary.\n\n16. If a player play two cards to a trick, the "
          "adversaries\nmay elect which card he shall play.\n"),
         ("p045.txt", "THE LAWS OF WHIST\n\n17. If a player revoke, the adversaries may add "
          "three tricks\nto their score.\n\n18. A revoke is established when the trick is "
          "turned and\nquitted.\n"),
         ("p046.txt", ""),
         ("p047.txt", "THE LAWS OF WHIST 47\n\n19. Honours are the ace, king, queen and "
          "knave of trumps.\n"),
         ("p048.txt", "48 THE LAWS OF WHIST\n\n20. Honours cannot be scored by a side at "
          "the point of nine.\n")]


def _book(book: list[tuple[str, str]]) -> list[ProofreadResult]:
    return proofread_book([(n, read_page(t)) for n, t in book])


def test_a_plate_does_not_stop_a_running_title_being_read_as_the_head() -> None:
    """M5: with the empty plate p046 after it, p045's ``THE LAWS OF WHIST`` stayed in the
    body as a centred heading; without the plate it was mended."""
    page = _book(_BOOK)[2].page
    assert page.header == "{{rh||THE LAWS OF WHIST|45}}"
    assert "LAWS" not in page.body


def test_a_heading_beside_a_plate_is_still_a_heading() -> None:
    """The pages either side of the plate must still place the page between them: a page
    whose folios around it do not agree keeps its line."""
    book = [(n, t.replace("47", "49") if n == "p047.txt" else t) for n, t in _BOOK]
    page = _book(book)[2].page
    assert "THE LAWS OF WHIST" in page.body


# -- M6: a play's speaker labels ----------------------------------------------------------

_PLAY = ("HAMLET, PRINCE OF DENMARK. 67\n\nHAMLET.\nTo be, or not to be: that is the question:\n"
         "Whether 'tis nobler in the mind to suffer\nThe slings and arrows of outrageous "
         "fortune,\n\nOPHELIA.\nGood my lord,\nHow does your honour for this many a day?\n\n"
         "HAMLET.\nI humbly thank you; well, well, well.\n\n[Exeunt.\n")


def test_a_plays_speaker_labels_stay_text_over_their_speeches() -> None:
    """M6: ``HAMLET.`` over its speech became ``{{c|{{sc|HAMLET.}}}}``, a heading."""
    out = _proofread(_PLAY)
    assert "{{c|" not in out and "{{sc|" not in out
    assert "HAMLET.\nTo be, or not" in out and "OPHELIA.\nGood my lord," in out


def test_headings_over_text_are_still_headings() -> None:
    """Three headings, none of them twice, are a page's headings, not a play's speakers."""
    page = ("THE DEAL.\nThe cards are dealt one at a time.\n\nTHE PLAY.\nThe eldest hand "
            "leads.\n\nTHE SCORE.\nEach trick counts one.\n")
    assert _proofread(page).count("{{c|{{sc|") == 3


# -- M3: a running head holding a citation ------------------------------------------------

_ACT = ("1870. ELEMENTARY EDUCATION ACT. 33 & 34 VICT. c. 75. 5\n\n5. There shall be "
        "provided for every school district a sufficient amount of accommodation.\n")


def test_a_head_line_is_never_cut_in_the_middle() -> None:
    """M3: ``{{rh|1870.|ELEMENTARY EDUCATION ACT|33}}`` and a body opening ``& 34 VICT.``."""
    out = _proofread(_ACT)
    assert "& 34 VICT. c. 75. 5" in out
    assert "{{rh|1870.|ELEMENTARY EDUCATION ACT|33}}" not in out
    assert "\n& 34" not in out and "</noinclude>& 34" not in out


def test_heads_fused_into_the_text_are_still_read() -> None:
    """A head on a line with the text after it (no number ending the line) is still the head."""
    from wstools.running_head import find_running_head
    head = find_running_head("600 WHIST the first trick\nis won")
    assert head is not None and head.wikitext() == "{{rh|600|WHIST|}}"
    assert find_running_head("1798. THE LIFE OF NELSON. 133\n\nthe fleet") is not None


def test_a_plate_is_not_warned_of_a_lost_head() -> None:
    """M5's warning: the empty plate p046 was said to have lost its head."""
    plate = _book(_BOOK)[3]
    assert not [d for d in plate.diagnostics if d.code == "head-missing"]


def test_a_head_whose_folio_is_on_the_next_line_is_still_read() -> None:
    """M3's rule looks at the head's own line only: ``ABBESS—ABBEY`` over ``11``."""
    from wstools.running_head import find_running_head
    head = find_running_head("ABBESS—ABBEY\n11\n\nIstria, 56 m. S.E. of Trieste by rail.")
    assert head is not None and head.wikitext() == "{{rh||ABBESS—ABBEY|11}}"
