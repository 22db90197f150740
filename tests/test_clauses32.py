"""Clause labels on pages the page benchmark's label styles showed missed (stop 32).

Each case is a small page of its own, in the shapes OCR gives; each test fails without the
change it names."""

from __future__ import annotations

from wstools.page import read_page
from wstools.proofread import proofread_page


def _laws(text: str) -> list[tuple[str, list[str]]]:
    result = proofread_page(read_page(text))
    return [(law.label, [c.label for c in law.clauses])
            for code in result.codes for s in code.sections for law in s.laws]


def test_laws_in_lines_keep_their_clauses() -> None:
    """Laws each at a line's start with no blank line between (Tesseract lost the paragraph
    breaks) are laws in lines, not laws run together: their clauses are read too."""
    text = ("12.—A player who turns up a king is entitled to mark one.\n"
            "13.—A player winning the point marks one; the vole\n"
            "counts two.\n"
            "14.—(a) If the dealer play without proposing, and lose the\n"
            "point, his adversary marks two.\n"
            "(b) If the dealer refuse the proposal, and lose the point,\n"
            "the other marks two.\n"
            "15.—An overscore can be taken down at any time.\n")
    assert _laws(text) == [("12", []), ("13", []), ("14", ["a", "b"]), ("15", [])]


def test_letter_labels_at_line_starts_open_paragraphs() -> None:
    """``a.`` then ``b.`` at a line's start after a sentence's end, no blank line between:
    two clauses, not one paragraph run together (the unwrapping kept the line)."""
    text = ("17.—If the dealer has dealt himself six cards, the other\n"
            "may claim a fresh deal.\n\n"
            "a. Should he not claim a fresh deal, he draws the\n"
            "superfluous cards from the dealer's hand.\n"
            "b. Should the dealer have taken up his hand, the other\n"
            "may look at the cards he draws.\n\n"
            "18.—If a king be turned up, the dealer marks it.\n")
    assert _laws(text) == [("17", ["a", "b"]), ("18", [])]


def test_letter_labels_whose_stop_ocr_misread() -> None:
    """``b,`` ``a:`` ``b..``: letters whose stop OCR misread, read in their sequence and
    mended; alone (no ``a`` before), a ``b,`` is text."""
    text = ("28.—a: Each player, before taking cards, must put his\n"
            "discard face downward on the table.\n\n"
            "b, Cards once discarded must not be looked at.\n\n"
            "29.—a. If the non-dealer take more cards than he has\n"
            "discarded, the dealer may claim a fresh deal.\n\n"
            "b.. Should the non-dealer have taken up any of them, the\n"
            "dealer may look at them.\n")
    result = proofread_page(read_page(text))
    assert [(law.label, [c.label for c in law.clauses]) for code in result.codes
            for s in code.sections for law in s.laws] == [("28", ["a", "b"]), ("29", ["a", "b"])]
    assert "b, Cards" not in result.page.body and "b. Cards" in result.page.body
    assert "28.—a. Each" in result.page.body
    alone = "A player may pass.\n\nb, Cards once discarded must not be looked at.\n"
    assert "b, Cards" in proofread_page(read_page(alone)).page.body


def test_run_in_first_label_with_its_bracket_misread() -> None:
    """``31.—4a) If`` before ``(b)``: the law's first clause, its bracket mended."""
    text = ("31.—4a) If the dealer give his adversary more cards than he\n"
            "has asked for, the non-dealer may claim a fresh deal.\n\n"
            "(b) If the non-dealer elect to play the hand, he discards the\n"
            "superfluous cards.\n\n"
            "32.—(a) If the dealer give less cards than asked for, the\n"
            "non-dealer may claim a fresh deal.\n\n"
            "(b) If he elect to play, he has it completed from the stock.\n")
    result = proofread_page(read_page(text))
    assert "31.—(a) If" in result.page.body
    assert [(law.label, [c.label for c in law.clauses]) for code in result.codes
            for s in code.sections for law in s.laws] == [("31", ["a", "b"]), ("32", ["a", "b"])]


def test_run_in_first_label_one_character_off() -> None:
    """A law's run-in first label one character off the first of the sequence its next
    paragraph goes on with is mended (``(])`` before ``(2)``, ``I..`` before ``II.``,
    ``I1st.`` before ``2d.``); a word is never taken for a label."""
    cases = [
        ("7.—(]) The dealer, taking miss against one player only, plays.\n\n"
         "(2) In the latter case he cannot be looed.\n", "7.—(1) The dealer", ["1", "2"]),
        ("2.—I.. The cards shall be dealt one at a time to each player.\n\n"
         "II. If a card be found faced in the pack, there shall be a fresh deal.\n",
         "2.—I. The cards", ["I", "II"]),
        ("7.—I1st. The dealer, taking miss against one player only, plays.\n\n"
         "2d. In the latter case he cannot be looed.\n", "7.—1st. The dealer", ["1st", "2d"]),
    ]
    for text, want, labels in cases:
        result = proofread_page(read_page(text))
        assert want in result.page.body, result.page.body
        assert [c.label for code in result.codes for s in code.sections for law in s.laws
                for c in law.clauses] == labels
    word = ("7.—If Smith plays, he wins.\n\n"
            "II. If a card be found faced in the pack, there shall be a fresh deal.\n")
    assert "7.—If Smith" in proofread_page(read_page(word)).page.body


def test_run_in_first_numeral_and_its_second_both_misread() -> None:
    """``24. Leading Out of Turn.—1. If`` then ``IL. If``: the run-in ``I.`` and the next
    paragraph's ``II.``, each as OCR read it; the pair fixes both, and both are mended."""
    text = ("24. Leading Out of Turn.—1. If any player leads out of turn, a suit may be\n"
            "called from him or his partner the first time it is their turn to lead.\n\n"
            "IL. If a player called on to lead a suit has none of it, no penalty can be\n"
            "enforced.\n\n"
            "25. Playing Out of Turn.—If the third hand plays before the second, the\n"
            "fourth hand may also play before the second.\n")
    result = proofread_page(read_page(text))
    assert "Turn.—I. If any" in result.page.body and "\n\nII. If a player" in result.page.body
    assert [(law.label, [c.label for c in law.clauses]) for code in result.codes
            for s in code.sections for law in s.laws] == [("24", ["I", "II"]), ("25", [])]


def test_law_with_its_run_in_first_label_after_a_line() -> None:
    """``3. There is no misdeal.`` then ``4. a. Dummy…`` on the next line (no blank line):
    the unwrapping keeps the line, and law 4 opens with its clause a."""
    text = ("3. There is no misdeal.\n"
            "4. a. Dummy being blind and deaf, his partner is not liable to any\n"
            "penalty for an error whence he can gain no advantage.\n\n"
            "b. Thus he may expose some or all of his cards without penalty.\n")
    assert _laws(text) == [("3", []), ("4", ["a", "b"])]


def test_run_in_one_read_without_its_stop() -> None:
    """``4.1 If three players…`` before ``Il. If the fourth…``: law 4, its first clause I.
    (the 1 is OCR's I, the space and the stop lost), mended to ``4. I. If``."""
    text = ("3. If two players cut cards of equal value, they cut again.\n\n"
            "4.1 If three players cut cards of equal value, they cut again.\n\n"
            "Il. If the fourth has cut the highest card, the lowest two cut again.\n\n"
            "5. At the end of a game, the players cut again.\n")
    result = proofread_page(read_page(text))
    assert "4. I. If three" in result.page.body
    assert [law.label for code in result.codes for s in code.sections for law in s.laws] \
        == ["3", "4", "5"]


def test_law_number_with_dust_after_its_stop() -> None:
    """``10.°If`` and ``12.:(a) When``: laws 10 and 12 (their numbers run on), the dust
    gone."""
    text = ("9. If the player strikes a wrong ball, he pays its value.\n\n"
            "10.°If a Red ball is covered by a coloured ball, it is replaced.\n\n"
            "11. For making a miss, the striker loses one point.\n\n"
            "12.:(a) When playing on a Red ball, if the striker misses, he pays.\n\n"
            "(b) When playing on a coloured ball, he pays its value.\n")
    result = proofread_page(read_page(text))
    assert [(law.label, [c.label for c in law.clauses]) for code in result.codes
            for s in code.sections for law in s.laws] == [
        ("9", []), ("10", []), ("11", []), ("12", ["a", "b"])]
    assert "\n10. If a Red" in result.page.body and "\n12. (a) When" in result.page.body


def test_small_capitals_heading_as_ocr_reads_it() -> None:
    """A heading in small capitals that OCR read in mixed case (``Tue REVOKE``, ``Carps
    Expostp BEFORE PLAY``), a paragraph of its own between laws, is a heading, mended from
    the corpus's; a word with its case changing twice (``EmtryWallMf``) is no sign of it."""
    text = ("82. When any one plays two cards to the same trick, he is answerable for any "
            "revoke he may have made.\n\nTue REVOKE\n\n83. A revoke occurs when a player, "
            "other than dummy, holding one or more cards of the suit led, plays a card of a "
            "different suit.\n\nCarps Expostp BEFORE PLAY\n\n84. If a card is exposed before "
            "play, it is liable to be called.\n")
    body = proofread_page(read_page(text)).page.body
    # (repair's heading-line mends the words, the layout the small capitals' case)
    assert "\n\n{{c|{{sc|The Revoke}}}}\n\n83." in body
    assert "\n\n{{c|{{sc|Cards Exposed Before Play}}}}\n\n84." in body
    dust = text.replace("Tue REVOKE", "EmtryWallMf SC")
    assert "\n\nEmtryWallMf SC\n\n83." in proofread_page(read_page(dust)).page.body


def test_heading_line_between_laws_without_blank_lines() -> None:
    """Text a paragraph a line (a web page's), a heading in capitals on its own line between
    two laws: a heading, not the end of the law before it."""
    text = ("CUTTING OR DRAWING.\n"
            "4.--The ace is the lowest card in cutting or drawing.\n"
            "5.--In all cases, every one must cut or draw from the same pack.\n"
            "6.--Should a player expose more than one card, he must cut again.\n"
            "FORMATION OF TABLE.\n"
            "7.--The candidates first in the room have the preference.\n"
            "PARTNERS.\n"
            "8.--The four who play first again draw to decide on partners.\n")
    body = proofread_page(read_page(text)).page.body
    assert "cut again.\n\n{{c|{{sc|FORMATION OF TABLE.}}}}\n\n7.—" in body
    assert "preference.\n\n{{c|{{sc|PARTNERS.}}}}\n\n8.—" in body


def test_ordinal_labels_are_no_law_numbers_and_a_garbled_one_is_read() -> None:
    """``3d.`` opens a clause, not law 3: the law after the ordinals (69 after 68) is still
    the next law; ``Ath.`` after ``3d.`` is ``4th.``, mended."""
    text = ("68. The following are exposed cards:—\n\n"
            "3d. Any card so held by a player that his partner sees\n"
            "any portion of its face.\n"
            "Ath. Any card mentioned by either adversary as being\n"
            "held by him or his partner.\n"
            "69. A card dropped on the floor is not an exposed card.\n")
    result = proofread_page(read_page(text))
    assert [(law.label, [c.label for c in law.clauses]) for code in result.codes
            for s in code.sections for law in s.laws] == [("68", ["3d", "4th"]), ("69", [])]
    assert "\n\n4th. Any card" in result.page.body


def test_indented_law_opens_its_paragraph() -> None:
    """`` 19.—If`` indented at a line's start after the page's first paragraph is law 19."""
    text = ("ler to complete his hand from the\nstock, or may claim a fresh deal.\n"
            " 19.—If a fresh deal be not claimed, the dealer cannot\nmark the king.\n\n"
            "20.—If the non-dealer play without taking cards, he loses.\n")
    assert [law for law, _ in _laws(text)] == ["19", "20"]


def test_run_in_title_whose_capital_ocr_lost() -> None:
    """``19. irregularities in the Hands.—If``: law 19, its title's capital lost."""
    text = ("of the trick, as the adversaries may decide.\n\n"
            "19. irregularities in the Hands.—If, at any time after all have played, a\n"
            "hand is found to hold too many cards, there must be a new deal.\n\n"
            "20. If a player is found to hold too few cards, the others are right.\n")
    assert [law for law, _ in _laws(text)] == ["19", "20"]


def test_ordinal_at_a_page_top_is_no_law_2d() -> None:
    """``2d.-If the player…`` at a page's top is the list's second item (the page before
    began it), not a law ``2d`` from which 87 would be too far to be the next law."""
    text = ("withdraw their cards and substitute others.\n\n"
            "2d.-If the player in fault is one of the declarer's adversaries, the card\n"
            "played in error is exposed.\n\n"
            "87. (1) At the end of a hand the claimants of a revoke may search the tricks.\n\n"
            "(2) If the cards have been mixed the claim may be urged and proved.\n\n"
            "88. A revoke must be claimed before the cards have been cut.\n")
    # (the 2d item goes on the law the page before began: a law without a number here)
    assert _laws(text) == [("", ["2d"]), ("87", ["1", "2"]), ("88", [])]


def test_law_and_its_run_in_ordinal_in_lines() -> None:
    """``13.—Ist. If`` in laws set a paragraph a line: law 13 with its first clause, the
    chain of ordinals not cutting the law's number off its text."""
    text = ("12.—If, before the trump card is turned up, a faced card be\n"
            "discovered in the pack, there must be a fresh deal.\n"
            "13.—Ist. If the dealer expose any of his own cards the deal stands\n"
            "good.\n"
            "2d. If he expose any of his adversary's cards, the non-dealer may\n"
            "claim a fresh deal.\n"
            "14.—Ist. If a player deal out of his turn, the deal is void.\n"
            "2d. After the trump card is turned up, it is too late.\n")
    assert _laws(text) == [("12", []), ("13", ["1st", "2d"]), ("14", ["1st", "2d"])]


def test_garbled_numeral_at_a_page_of_laws_top() -> None:
    """``Il. At the end of the hand`` at a page's top, after the end of the item the page
    before began and before the page's first law: the list's II., as an exact ``II.`` is."""
    text = ("up before the dealer.\n\n"
            "Il. At the end of the hand, the deal passes to the player on the left.\n\n"
            "14. There must be a new deal by the same dealer if the pack is wrong.\n\n"
            "15. A player dealing out of turn may be stopped before the trump is turned.\n")
    assert _laws(text)[0] == ("", ["II"])


def test_law_number_with_dust_before_its_run_in_label() -> None:
    """``2..a. Dummy`` and ``7._I. The``: laws 2 and 7 (their numbers run on), their run-in
    first labels read."""
    text = ("1. Dummy deals at the commencement of each rubber.\n\n"
            "2..a. Dummy is not liable to the penalty for a revoke, as his adversaries\n"
            "see his cards.\n\n"
            "b. Should he revoke, and the error not be discovered, the trick stands.\n\n"
            "3. There is no misdeal.\n")
    assert _laws(text) == [("1", []), ("2", ["a", "b"]), ("3", [])]
    text = ("6. Any player looking at miss before he has declared forfeits a single.\n\n"
            "7._I. The dealer, taking miss against one player only, plays alone.\n\n"
            "II. In the latter case he cannot be looed.\n\n"
            "8. If no one declares to play, the dealer takes the pool.\n")
    assert _laws(text) == [("6", []), ("7", ["I", "II"]), ("8", [])]
