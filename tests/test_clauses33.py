"""Law numbers and clause labels on pages the page benchmark showed misread (stop 33).

Each case is a small page of its own, in the shapes OCR gives; each test fails without the
change it names."""

from __future__ import annotations

from wstools.laws.numbering import find_law_starts
from wstools.page import read_page
from wstools.proofread import proofread_page


def _run(text: str) -> tuple[str, list[tuple[str, list[str]]]]:
    result = proofread_page(read_page(text))
    laws = [(law.label, [c.label for c in law.clauses])
            for code in result.codes for s in code.sections for law in s.laws]
    return result.page.body, laws


def test_a_speck_after_a_stop_does_not_hide_the_next_law() -> None:
    """``called. /`` then a blank line then ``16.``: a speck after the stop that ends a
    paragraph; the law number after it is a law start, so the sequence need not take a
    clause's garbled ``Il.`` for law 15 and read the real ``15.`` as 16."""
    text = ("14. There must be a new deal by the same dealer:\n\n"
            "I. If any card except the last is faced in the pack.\n\n"
            "Il. If during the deal the pack is proved imperfect.\n\n"
            "15. I. If during the deal a card is exposed, a new deal may be had.\n\n"
            "II. If a new deal does not take place, the card is not called. /\n\n"
            "16. Any one dealing out of turn may be stopped before the trump is turned.\n\n"
            "17. It is a misdeal if the dealer omits to have the pack cut.\n")
    body, laws = _run(text)
    assert "Il. If during" in body or "II. If during" in body
    assert [n for n, _ in laws] == ["14", "15", "16", "17"]
    assert laws[0][1] == ["I", "II"]


def test_a_garbled_roman_label_after_its_first_is_no_law_number() -> None:
    """``u. I. If…`` (law 11 garbled) then ``IL. If…``: ``IL`` reads, stroke for stroke,
    as the label after ``I.``, so the sequence takes ``u`` for law 11 rather than turning
    the clause into ``11.``."""
    text = ("10. Cutting.—I. The dealer must present the pack to his right-hand adversary.\n\n"
            "II. At least four cards must be left in each packet.\n\n"
            "u. I. If in cutting a card is exposed, the pack must be reshuffled.\n\n"
            "IL. If there is any confusion of the cards, there must be a new cut.\n\n"
            "12. If the dealer reshuffles the pack after it has been cut, he loses his deal.\n")
    assert [(s.token, s.number) for s in find_law_starts(text)] == \
        [("10", 10), ("u", 11), ("12", 12)]
    body, laws = _run(text)
    assert "11. I. If in cutting" in body
    assert "11. If there is" not in body
    assert [n for n, _ in laws] == ["10", "11", "12"]
    assert laws[1][1] == ["I", "II"]


def test_a_law_number_read_with_its_stop_as_a_letter_between_two_laws() -> None:
    """``3L—Ist. If…`` between laws 30 and 32 whose numbers print a dash: law 31, its
    ``1.`` read as ``L``; the number is mended and its first ordinal read."""
    text = ("30.—If the non-dealer asks for less cards than he has discarded, the dealer "
            "counts them.\n\n"
            "3L—Ist. If the dealer give his adversary more cards than he has asked for, the "
            "non-dealer may claim a fresh deal.\n\n"
            "2d. If the non-dealer elect to play the hand, he discards the superfluous cards.\n\n"
            "32.—1st. If the dealer give his adversary less cards than he has asked for, the "
            "non-dealer may claim a fresh deal.\n\n"
            "2d. If the non-dealer elect to play the hand, it is completed from the stock.\n")
    body, laws = _run(text)
    assert laws == [("30", []), ("31", ["1st", "2d"]), ("32", ["1st", "2d"])]
    assert "31.—1st. If the dealer" in body


def test_a_run_in_first_ordinal_with_a_stroke_before_it() -> None:
    """``7.—I1st. The dealer…`` then ``2d.``: the law's run-in first ordinal, a stroke read
    before its 1 (and ``lIst.``, the 1 read as two strokes): mended to ``1st.``."""
    for first in ("I1st", "lIst"):
        text = ("6.—Any player looking at miss before he has declared forfeits a single.\n\n"
                f"7.—{first}. The dealer, taking miss against one player only, must declare "
                "whether he play for himself.\n\n"
                "2d. If he play for the pool, he must play the hand out.\n\n"
                "8.—A player who has declared must play.\n")
        body, laws = _run(text)
        assert laws == [("6", []), ("7", ["1st", "2d"]), ("8", [])], first
        assert "7.—1st. The dealer" in body, first


def test_a_page_goes_on_with_a_clause_then_a_law_in_one_ocr_paragraph() -> None:
    """A page whose OCR is one paragraph: the end of a clause from the page before, ``b.``
    at a line's start after a sentence's end, then law ``23.`` the same way: a clause the
    page before began and the law after it, each its own paragraph."""
    text = ("spot is occupied, it is to be placed on the nearest vacant spot.\n"
            "b. In the case of the Brown, if the green and yellow spots\n"
            "are vacant, it is to be put on the green spot.\n"
            "23. All disputes are to be decided by a majority of the play-\n"
            "ers or by the referee.\n")
    body, laws = _run(text)
    assert body.startswith("spot is occupied, it is to be placed on the nearest vacant spot."
                           "\n\nb. In the case")
    assert "green spot.\n\n23. All disputes" in body
    assert laws[-1][0] == "23"
    assert [c for _, cs in laws for c in cs] == ["b"]


def test_a_law_number_whose_one_and_stop_read_as_l_between_two_laws() -> None:
    """``IL For making a miss`` between laws 10 and 12: law 11, its ``1.`` read as L."""
    text = ("10. If a Red ball is covered by a coloured ball, the coloured ball is taken.\n\n"
            "IL For making a miss, or making a miss and running in, the striker shall lose "
            "one point.\n\n"
            "12. When playing on a Red ball, if the striker misses, he loses the value.\n")
    body, laws = _run(text)
    assert [n for n, _ in laws] == ["10", "11", "12"]
    assert "11. For making a miss" in body


def test_the_next_law_after_the_last_with_its_stop_read_as_a_colon() -> None:
    """``14: When. the Red balls…`` right after laws 12 and ``13..``: law 14, its stop
    misread (the law before, its stop doubled, reads as a law only by its digits)."""
    text = ("12. When playing on a Red ball, if the striker misses, he loses the value.\n\n"
            "13.. For striking a wrong ball, the striker shall pay the value of the ball hit."
            "\n\n14: When. the Red balls are all pocketed, if the player shall pocket a "
            "coloured ball, he scores it.\n")
    body, laws = _run(text)
    assert [n for n, _ in laws] == ["12", "13", "14"]
    assert "14. When. the Red balls" in body


def test_a_garbled_law_with_its_dash_run_into_the_paragraph_above() -> None:
    """``…of those⏎remaining.⏎1L—lIst. If the dealer…`` with no blank line, before
    ``12.—``: law 11 (its ``1.`` read as L) with its run-in 1st., a paragraph of its own;
    the unwrapping keeps its line."""
    text = ("dealt, the dealer must turn up for\ntrumps the top card of those\nremaining.\n"
            "1L—lIst. If the dealer turn up\nmore than one card, the\nnon-dealer may claim "
            "a fresh deal.\n2d. Should the non-dealer\nhave looked at his hand, there\n"
            "must be a fresh deal.\n12.—If, before the trump card\nis turned up, a faced "
            "card be\ndiscovered, there must be a fresh deal.\n\n13.—1st. If the dealer "
            "expose\nany of his own cards the deal stands good.\n\n2d. If he expose any of "
            "his\nadversary's cards, the non-dealer may claim a fresh deal.\n")
    body, laws = _run(text)
    assert laws == [("11", ["1st", "2d"]), ("12", []), ("13", ["1st", "2d"])]
    assert "remaining.\n\n11.—1st. If the dealer" in body


def test_a_run_in_first_ordinal_with_its_stop_misread() -> None:
    """``35.—Ist: If`` and ``39.—Ist..A card`` before their ``2d.``: the run-in 1st."""
    text = ("35.—Ist: If a faced card be found in the stock, both players may see it.\n\n"
            "2d. The faced card must be thrown aside.\n\n"
            "36.—If the dealer accept when there are not cards enough, he plays.\n\n"
            "37.—Ist..A card led in turn cannot be taken up again.\n\n"
            "2d. A card played to a lead may be taken up again to save a revoke.\n")
    body, laws = _run(text)
    assert laws == [("35", ["1st", "2d"]), ("36", []), ("37", ["1st", "2d"])]
    assert "35.—1st. If a faced" in body and "37.—1st. A card led" in body


def test_a_run_in_roman_first_after_a_title_read_as_a_letter() -> None:
    """``24. Leading Out of Turn.—l. If…``: after the law's run-in title, on a page of
    capital roman labels, ``l.`` is OCR's reading of ``I.`` (before its ``II.``, and at the
    page's foot, where its II. is on the next page)."""
    text = ("22. If a player leads a card better than any his adversaries hold.\n\n"
            "23. I. A player having a card liable to be called must not play another.\n\n"
            "II. If he plays another card, that card also is liable to be called.\n\n"
            "24. Leading Out of Turn.—l. If any player leads out of turn, a suit may be "
            "called.\n")
    body, laws = _run(text)
    assert "Turn.—I. If any player" in body
    assert laws[-1] == ("24", ["I"])
    text += "\nII. If it is the adversaries' turn, the card may be called.\n"
    body, laws = _run(text)
    assert "Turn.—I. If any player" in body
    assert laws[-1] == ("24", ["I", "II"])


def test_a_roman_label_that_repeats_the_one_before_lost_a_stroke() -> None:
    """``28. Revoking.—I. A revoke…`` then ``I. A renounce…``: two I.'s in one law; the
    second is II. with a stroke lost (and ``IL.`` after ``IL.`` read as II.: III.)."""
    text = ("28. Revoking.—I. A revoke is a renounce in error not corrected in time.\n\n"
            "I. A renounce in error may be corrected by the player making it.\n\n"
            "29. If a player corrects his mistake in time to save a revoke, the card is "
            "called.\n")
    body, laws = _run(text)
    assert laws[0] == ("28", ["I", "II"])
    assert "\n\nII. A renounce in error" in body
    text = ("4. I. If three players cut cards of equal value, they cut again.\n\n"
            "IL. If the fourth has cut the highest card, the lowest two cut again.\n\n"
            "IL. If the fourth has cut the lowest card, he deals, and the highest two cut "
            "again.\n\n"
            "5. At the end of a game, the players cut for the new table.\n")
    body, laws = _run(text)
    assert laws[0] == ("4", ["I", "II", "III"])
    assert "\n\nIII. If the fourth has cut the lowest" in body


def test_a_run_in_one_before_a_second_numeral_with_a_speck() -> None:
    """``82.1. When…`` (law 82, its run-in I. read as 1. and glued) before ``II]. When…``
    (II. with a bracket for a speck): law 82 with I. and II."""
    text = ("81. If any one, not being dummy, omit playing to a trick, the error may be "
            "corrected.\n\n"
            "82.1. When any one, except dummy, plays two or more cards to the same trick, "
            "the adversaries may call one.\n\n"
            "II]. When during the play the error is detected, the tricks may be counted.\n")
    body, laws = _run(text)
    assert laws == [("81", []), ("82", ["I", "II"])]


def test_a_continued_page_with_one_law_after_the_end_of_the_last() -> None:
    """A page in one OCR paragraph: the end of a law the page before began, then
    ``23. All disputes…`` at a line's start after a sentence's end: law 23, its own
    paragraph (the page's only law: nothing else anchors it)."""
    text = ("occupied, then as near as possible to its own spot in the direction of\n"
            "the top of the table.\n"
            "23. All disputes are to be decided by a majority of the play-\n"
            "ers or by the referee.\n")
    body, laws = _run(text)
    assert [n for n, _ in laws] == ["23"]
    assert "of the table.\n\n23. All disputes" in body


def test_a_law_number_read_as_il_before_its_run_in_first_clause() -> None:
    """``IL (a) If in cutting…`` between laws 10 and 12: law 11 (its ``1.`` read as L)
    with its run-in ``(a)``."""
    text = ("10. Cutting to the Dealer.—(a) The dealer must present the pack to his right.\n\n"
            "(b) At least four cards must be left in each packet.\n\n"
            "IL (a) If in cutting or reuniting the separate packets a card is exposed, the "
            "pack is reshuffled.\n\n"
            "(b) If there is any confusion of the cards, there must be a new cut.\n\n"
            "12. If the dealer reshuffles the pack after it has been cut, he loses his deal.\n")
    body, laws = _run(text)
    assert laws == [("10", ["a", "b"]), ("11", ["a", "b"]), ("12", [])]
    assert "11. (a) If in cutting" in body


def test_no_witness_word_replaces_a_clause_label() -> None:
    """A printing that labels its clauses where the corpus's printing does not: the
    witness aligns ``Il.`` with a word of its text (``it.``, ``If``). A clause's label
    opening a paragraph is never replaced by a witness's word; the sequence reads it
    (``Il.`` after ``Il.``: II. then III.)."""
    text = ("71. If, without waiting for his partner to play, either adversary leads a "
            "winning card, the declarer may demand a trick.\n\n"
            "72.1. If either or both of the declarer's adversaries throw his or their\n"
            "cards on the table face upward, such cards are exposed and are liable\n"
            "to be called: but if either adversary retain his hand he cannot be for-\n"
            "ced to abandon it.\n\n"
            "Il. Cards exposed by the declarer are not liable to be called.\n\n"
            "Il. If the declarer say, “I have the rest.” or any other words indi-\n"
            "cating that the remaining tricks or any number thereof are his, he\n"
            "may be required to place his cards face upward on the table.\n\n"
            "IV. His adversaries are not liable to have any of their cards called\n"
            "should they thereupon expose them.\n")
    body, laws = _run(text)
    assert "\n\nII. Cards exposed" in body and "\n\nIII. If the declarer" in body
    assert laws[-1] == ("72", ["I", "II", "III", "IV"])


def test_no_witness_word_replaces_a_label_on_benchmark_pages() -> None:
    """Two dev pages of the page benchmark where the witness aligned a clause's label with
    a word of its own text: ``Il. Cards…`` became ``it. Cards…`` (witness-context) and
    ``IL. Ifa player…`` became ``IF If a player…`` (witness-model)."""
    from pathlib import Path
    pages = Path(__file__).resolve().parents[1] / "benchmarks" / "pages" / "pages"
    body, _ = _run((pages / "work-auction-of-to-day-sty2-p002.ocr.txt").read_text("utf-8"))
    assert "it. Cards exposed" not in body and "II. Cards exposed" in body
    body, _ = _run((pages / "awc-whist-sty1-p005.ocr.txt").read_text("utf-8"))
    assert "IF If a player" not in body and "II. If a player called" in body


def test_a_specked_stopless_law_between_two_before_its_second_clause() -> None:
    """``.41—a. If…`` (a speck before law 41, its stop lost) then ``b. If…``, between laws
    40 and 42: law 41 with a. and b. (the b. is its second clause, not a second garbled
    law number)."""
    text = ("40.—If a card be led out of turn, it may be taken up again.\n\n"
            ".41—a. If the leader name one suit and play another, the adversary may take "
            "the trick.\n\n"
            "b. If the leader have none of the suit named, the card led cannot be taken up."
            "\n\n42.—a. If a player abandon his hand, the adversary marks the points.\n\n"
            "b. But if a player throw down his cards, claiming to score, he is bound.\n")
    body, laws = _run(text)
    assert laws == [("40", []), ("41", ["a", "b"]), ("42", ["a", "b"])]
