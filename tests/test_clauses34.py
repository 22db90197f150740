"""Law numbers and clause labels on the fresh pages of the page benchmark (``--fresh``,
issue 19): the failure classes they showed, each rule with a test that fails without it."""

from __future__ import annotations

from wstools.laws.numbering import candidates, find_law_starts
from wstools.page import read_page
from wstools.page_model import lay_out
from wstools.proofread import proofread_page

# law 10's first clause run in after its number, "10. 1st. If…" (Snooker, --fresh)
RUN_IN_ORDINAL = (
    "9. Ist. If a striker shall pocket a ball, and then cannon on to a coloured ball.\n\n"
    "2d. This does not apply in the case of Red balls.\n\n"
    "10. 1st. If a Red ball is covered by a coloured ball, and such ball cannot be hit.\n\n"
    "2d. Only the coloured ball aimed at may be taken.\n\n"
    "11. For making a miss, the striker pays one point.\n"
)


def test_an_ordinal_label_is_no_law_number() -> None:
    """``1st`` after ``10.`` is the law's first clause: the law sequence reads ``10`` (now a
    candidate, its ordinal after it) and never the ordinal as a garbled ``10``."""
    tokens = [t for _, _, t in candidates(RUN_IN_ORDINAL)]
    assert "1st" not in tokens and "Ist" not in tokens
    assert [(s.token, s.number) for s in find_law_starts(RUN_IN_ORDINAL)] == \
        [("9", 9), ("10", 10), ("11", 11)]


def test_run_in_ordinal_is_kept_and_labelled() -> None:
    result = proofread_page(read_page(RUN_IN_ORDINAL))
    assert "10. 1st. If a Red ball" in result.page.body
    assert not any(e.rule == "law-number" for e in result.edits)
    clauses = {law.label: [c.label for c in law.clauses]
               for c in result.codes for s in c.sections for law in s.laws}
    assert clauses["10"] == ["1st", "2d"]


def _clauses(text: str) -> dict[str, list[str]]:
    result = proofread_page(read_page(text))
    return {law.label: [c.label for c in law.clauses]
            for c in result.codes for s in c.sections for law in s.laws}


def test_run_in_first_numeral_read_as_one_l() -> None:
    """``14.—L If…`` before ``II.``: the I and its stop read as one L are the law's first
    numeral (Écarté, --fresh, EB Garamond), and the body prints ``I.``."""
    text = ("13.—If the dealer expose any of his own cards, the deal stands.\n\n"
            "14.—L If a player deal out of his turn, or with his adversary's pack, the deal "
            "may be stopped.\n\n"
            "II. After the trump card is turned up, it is too late to rectify the error.\n\n"
            "15.—If, after the trump card is turned up, the dealer err, he loses.\n")
    assert _clauses(text)["14"] == ["I", "II"]
    assert "14.—I. If a player" in proofread_page(read_page(text)).page.body


def test_numeral_whose_last_stroke_reads_as_a_bracket() -> None:
    """``I]. By agreement`` after the law's ``I.``: its ``II.``, the bracket a stroke; the
    repair writes ``II.`` (not ``II.].``)."""
    text = ("45.—A player may call for new cards at his own expense.\n\n"
            "46.—I. The game is five up.\n\n"
            "I]. By agreement, the game may count a treble if the adversary has not "
            "scored.\n\n"
            "47.—A player turning up a king marks one.\n")
    assert _clauses(text)["46"] == ["I", "II"]
    body = proofread_page(read_page(text)).page.body
    assert "II. By agreement" in body and "]" not in body


def test_run_in_first_label_in_braces() -> None:
    """``7.—{1} The dealer…`` then ``(2) In the latter case``: the braces are OCR's
    brackets of the law's first clause (Loo, --fresh)."""
    text = ("6.—Any player looking at miss forfeits a single to the pool.\n\n"
            "7.—{1} The dealer, taking miss against one player only, must declare before "
            "doing so.\n\n"
            "(2) In the latter case he cannot be looed.\n\n"
            "8.—If no one declares to play, the dealer is entitled to the pool.\n")
    assert _clauses(text)["7"] == ["1", "2"]


def test_first_ordinal_one_character_off_before_its_second() -> None:
    """``Ast. If either…`` right before an exact ``2d.``: the list's ``1st`` (AWC Whist,
    --fresh, Caladea); a word that is no ordinal's reading (``Last.``) stays text."""
    text = ("39.—In all cases where a penalty has been incurred, the offender must await "
            "the decision of the adversaries.\n\n"
            "Ast. If either of them demands a penalty to which they are entitled, such "
            "decision is final.\n\n"
            "2d. If the wrong adversary demands a penalty, neither may do so.\n")
    assert _clauses(text)["39"] == ["1st", "2d"]
    assert _clauses(text.replace("Ast.", "Last."))["39"] == ["2d"]


def test_letters_after_numerals_nested_under_them() -> None:
    """``(ii) Every card…`` then, on the next line, ``(b) All the cards``: back to the
    letters the numerals were nested under, a clause of its own (AWC Whist, --fresh, a
    clean page)."""
    text = ("20. Cards Liable to be Called.—The following cards are liable to be called:\n"
            "(a) Every card faced upon the table otherwise than in the regular course of play.\n"
            "(i) Every card thrown with the one led or played to the current trick.\n"
            "(ii) Every card so held by a player that his partner sees any portion\n"
            "of its face.\n"
            "(b) All the cards in a hand lowered or shown by a player so that his\n"
            "partner sees more than one card of it.\n"
            "(c) Every card named by the player holding it.\n\n"
            "21. All cards liable to be called must be placed face upward on the table.\n")
    labels = [c.label for c in proofread_page(read_page(text)).codes[0].sections[0].laws[0]
              .clauses]
    assert labels == ["a", "b", "c"]


def _model_clauses(text: str) -> dict[str, list[str]]:
    """The page model's reading alone (a page of OCR lines, as the benchmark's are)."""
    return {law.label: [c.label for c in law.clauses] for law in lay_out(text).laws}


def test_item_of_a_list_in_one_sentence() -> None:
    """``(3) Plays a card…, or`` then ``(4) Exposes a card``: the list's next item, though
    the line before it ends with a comma and ``or`` (Loo, --fresh)."""
    text = ("15.—If any player—\n\n"
            "(1) Exposes a card before it is his turn to play, or\n\n"
            "(2) Plays a card out of turn, or\n"
            "(3) Plays a card before all have declared, or\n"
            "(4) Exposes a card while playing, so as to be named by\n"
            "any other declared player,\n"
            "He shall be compelled to throw up his cards.\n\n"
            "16.—In the case of a revoke, the option is any player's.\n")
    assert _model_clauses(text)["15"] == ["1", "2", "3", "4"]
    assert _model_clauses(text.replace("declared, or\n", "declared, the\n"))["15"] == \
        ["1", "2", "3"]


def test_bracketed_label_after_dust_and_a_space() -> None:
    """``. (2) Exposes a card…`` after ``(1)``: the dust and its space before the brackets
    are read past when the sequence has that label (Loo and Dummy, --fresh); alone, such a
    paragraph stays text."""
    text = ("3.—If the dealer—\n\n"
            "(1) Deals without having the pack cut.\n\n"
            ". (2) Exposes a card in dealing.\n\n"
            "(3) Misses a hand.\n\n"
            "4.—Players shall declare whether they play or pass.\n")
    assert _clauses(text)["3"] == ["1", "2", "3"]
    alone = "4.—Players shall declare.\n\n. (7) Exposes a card in dealing.\n"
    assert _clauses(alone)["4"] == []


def test_law_number_whose_stop_is_lost_before_its_first_label() -> None:
    """``1—a. Each player…`` before ``2.—(1)``: the page's first law, its stop lost before
    its run-in first label (Loo, --fresh), read as the next law's number fixes it; alone
    (no law 2 after it) it stays text."""
    text = ("These may be briefly stated as follows:\n\n"
            "1—a. Each player has a right to shuffle at the commencement of a deal.\n\n"
            "b. The cards shall then be cut by the player to the dealer's right.\n\n"
            "2.—(1) The cards shall be dealt one at a time to each player.\n\n"
            "(2) If a card be found faced in the pack, there shall be a fresh deal.\n")
    assert _model_clauses(text) == {"1": ["a", "b"], "2": ["1", "2"]}
    alone = text.split("2.—(1)")[0]
    assert "1" not in _model_clauses(alone)


def test_garbled_number_with_a_doubled_stop_between_two_laws() -> None:
    """``L8..1f a player…`` between laws 17 and 19: its stop and a speck, the space lost
    (Snooker, --fresh); the gap between the laws reads it as 18."""
    text = ("17. (a) If more than one error be committed, the highest penalty is paid.\n\n"
            "(b) Penalties shall not hold good after one complete round.\n\n"
            "L8..1f a player force a ball off the table, he shall pay the value of that "
            "ball.\n\n"
            "19. For making a foul stroke, the striker pays one point.\n")
    assert [law.label for law in lay_out(text).laws] == ["17", "18", "19"]
    assert [law.label for law in lay_out(text.replace("19.", "20.")).laws] == ["17", "20"]


def test_run_in_first_numeral_read_as_lt() -> None:
    """``10. Cutting to the Dealer—lt. The dealer…`` before ``Il. At least…``: the run-in
    ``I.`` read with a t, the pair fixing both (AWC Whist, --poor --styles); the repair
    writes ``I.``, not ``I.t.``."""
    text = ("9. The pack must not be shuffled during the play of a hand.\n\n"
            "10. Cutting to the Dealer—lt. The dealer must present the pack to his "
            "right-hand adversary to be cut.\n\n"
            "Il. At least four cards must be left in each packet.\n\n"
            "11. If the dealer reshuffles the pack, he loses the deal.\n")
    assert _model_clauses(text)["10"] == ["I", "II"]
    body = proofread_page(read_page(text)).page.body
    assert "Dealer—I. The dealer" in body


def test_numeral_with_a_speck_for_its_space() -> None:
    """``II..When during the play…`` after the law's ``82. I.``: its stop, a speck and no
    space, read as the law's second numeral (Work's Auction, --fresh)."""
    text = ("81. If any one omit playing to a trick, he may correct the error.\n\n"
            "82. I. When any one plays two or more cards to the same trick, he is answerable "
            "for any consequent revokes.\n\n"
            "II..When during the play the error is detected, the tricks may be counted.\n\n"
            "83. A revoke occurs when a player renounces in error.\n")
    assert _model_clauses(text)["82"] == ["I", "II"]
    assert _model_clauses(text.replace("82. I. When", "82. When"))["82"] == []


def test_second_ordinal_garbled_after_a_run_in_first() -> None:
    """``27. Abandoned Hand.—1st. If…`` then ``zd: The result…``: the law's run-in ``1st``
    is the ordinal before it, and ``zd:`` (EB Garamond's old-style 2, its stop a colon) is
    ``2d.`` (AWC Whist, --fresh); the repair writes ``2d.``."""
    text = ("26. If the third hand has not played, the fourth hand may play.\n\n"
            "27. Abandoned Hand.—1st. If all four players throw their cards on the table, "
            "the hands may not be played out.\n\n"
            "zd: The result of the hand, as then claimed or admitted, is established.\n\n"
            "28. A revoke is a renounce in error.\n")
    assert _model_clauses(text)["27"] == ["1st", "2d"]
    assert "2d. The result" in proofread_page(read_page(text)).page.body
