"""Law numbers the audit found changed where they were right (a law start hidden behind
a misread stop, a cross-reference read as a law), and the garbled ones it found mended
right, which must stay so. Pages from the audit (Hoyle's Écarté, Piquet, Poker, Loo, Chess).
"""

from __future__ import annotations

import pytest

from wstools.laws.numbering import find_law_starts
from wstools.laws.parse import parse
from wstools.proofread import proofread
from wstools.repair.repair import Repairer

# Écarté p. 54 without blank lines between its laws; law 7 ends "a fresh cut," (the stop
# OCR'd as a comma), so law 8 opens a line after one that ends no sentence
COMMA = (
    '54 ÉCARTÉ\n'
    '1.—Each player has a right to shuffle both his own and his\n'
    "adversary's pack. The dealer has the right to shuffle last.\n"
    '2.—The pack must not be shuffled below the table, nor in\n'
    'such a manner as to expose the faces of the cards, nor\n'
    'during the play of the hand.\n'
    '3.—A cut must consist of at least two cards, and at least\n'
    'two must be left in the lower packet.\n'
    '4.—A player exposing more than one card when cutting for\n'
    'deal must cut again.\n'
    '5.—The player who cuts the highest Écarté card deals, and\n'
    'has choice of cards and seats. The choice determines both\n'
    'seats and cards during the play.\n'
    '6.—The cut for deal holds good even if the pack be\n'
    'incorrect.\n'
    '7.—If in cutting to the dealer a card be exposed, there must\n'
    'be a fresh cut,\n'
    '8.—The dealer must give five cards to his adversary and five\n'
    'to himself, by two at a time to each, and then by three at a\n'
    'time to each, or vice versâ. The dealer, having selected the\n'
    'order in which he will distribute the cards, must not change\n'
    'it during that game; nor may he change it at the\n'
    'commencement of any subsequent game, unless he inform the\n'
    'non-dealer before the pack is cut.\n'
    '9.—If the dealer give more or less than five cards to his\n'
    'adversary or to himself, or do not adhere to the order of\n'
    'distribution first selected, and the error be discovered\n'
    'before the trump card is turned, the non-dealer, before he\n'
    'looks at his hand, may require the dealer to rectify the\n'
    'error,\n'
)
# the same with law 4's stop lost ("must cut again")
NOBLANK = COMMA.replace("deal must cut again.\n", "deal must cut again\n")
# Piquet p. 71: "as provided in Law⏎14." and "provided by Law⏎21. If" are references
XREF = (
    'LAWS OF PIQUET 71\n'
    '19.—If a player, after having discarded, take back any of the\n'
    'cards he has put out, he is liable to a penalty of ten points,\n'
    'and the adversary may require him to play as provided in Law\n'
    '14. The penalty is not to be enforced if the adversary has\n'
    'seen the cards.\n'
    '\n'
    '20.—If the elder hand take in fewer than five cards, he may\n'
    'not afterwards take in the remainder; the cards left belong\n'
    'to the younger hand, who may take them in as provided by Law\n'
    '21. If either player take too many cards he loses the game.\n'
    '\n'
    '22.—A card exposed by the dealer while dealing gives the\n'
    'non-dealer the option of a fresh deal.\n'
    '\n'
    '23.—The younger hand must declare whether he will take in\n'
    'any cards, and how many, before the elder hand has looked at\n'
    'his cards.\n'
)
XREF14 = XREF.replace("to the younger hand, who may take them in as provided by Law\n21. If "
                      "either player take too many cards he loses the game.\n",
                      "to the younger hand, who may take them in at once.\n")
ECARTE = (
    '54 ÉCARTÉ\n'
    '1.—Each player has a right to shuffle both his ovvn and his\n'
    "adversary's pack. The dealer has the right to shuffle last.\n"
    '\n'
    '2.—The pack rnust not be shuffled below the table, nor in\n'
    'such a manner as to expose the faces of the cards, nor\n'
    'during the play of the hand.\n'
    '\n'
    "3.—A cut must consist of at least two cards, and at least '\n"
    'two must be left in the 1ower packet.\n'
    '\n'
    '4.—A player exposing more than one card when cutting for\n'
    'deal . must cut again.\n'
    '\n'
    '5.—The player who cuts the highest Ecarte card deals, and\n'
    'has choice of cards and seats. The choice determines both\n'
    'seats and cards during the play.\n'
    '\n'
    'G.—The cut for deal holds good even if the pack be\n'
    'incorrect.\n'
    '\n'
    '7.—If in cutting to the dealer a card be exposed, there must\n'
    'be a fresh cut.\n'
    '\n'
    '8.—The dealer must give five cards to his adversary and five\n'
    'to himself, by two at a time to each, and then by three at a\n'
    'time to each, or vice versa. The dealer, having selected the\n'
    '0rder in which he will distribute the cards, must not change\n'
    'it during that game; nor may he change it at the\n'
    'commencement of any subsequent game, unless he inform the\n'
    'non-dealer before the pack is cut.\n'
    '\n'
    '9.—If the dealer give more or less than five cards to his\n'
    'adversary or to hirnself, or do not adhere to the order of\n'
    'distribution first selected, and the error be discovered\n'
    'before the trump card is turned, the non-dealer, before he\n'
    'looks at his hand, may require the dealer to rec-\n'
    'tify the error,\n'
)
CHESS = (
    'CHESS 339\n'
    '1. THE KING.\n'
    '\n'
    'The King, as the name denotes, is the rnost important piece\n'
    'on the board, inasmuch as the object of the game is to\n'
    'capture the King. It is, however, never actually "taken,"\n'
    'the game ending whenever (the opposing player having the\n'
    'move) the King remains liable to capture. The King may move\n'
    'from any square upon which it stands to any adjoining square\n'
    'not occupied by any piece or pawn of its own colour. If one\n'
    'of such adjoining squares is occupied by an undefended piece\n'
    'or pawn of the opposite colour, it rnay take such piece or\n'
    'pawn.\n'
    '\n'
    'An additional privilege of the King ("castling") will be\n'
    'explained in its proper place.\n'
    '\n'
    '2. THE ROOK.\n'
    '\n'
    'The Rook (or Castle) moves upon straight lines only, in a\n'
    'horizontal or vertical direction, to any square not occupied\n'
    'by any piece or pawn of its own colour. If the line on which\n'
    'it operates terminates in a piece or pawn of the opposite\n'
    'co1our, it can take such piece or pawn.\n'
    '\n'
    '8. THE BISHOP.\n'
    '\n'
    "The Bishops move and take upon diagona1s only: the King's\n"
    "Bishop upon the diagonals of its own colour, the Queen's\n"
    'Bishop on those of the opposite colour; stopping short,\n'
    'however, when it reaches a square occupied by any piece or\n'
    'pawn of its own colour.\n'
    '\n'
    '4. THE QUEEN.\n'
    '\n'
    'The Queen combines the power of Rook and Bishop—i.e., the\n'
    'Queen may move and take horizontally or vertically like a\n'
    'Rook, or upon diagonals like a Bishop. It is, therefore, the\n'
    'most powerful piece on the board, because not only has it\n'
    'the power of Rook and Bishop, but it has also the privilege\n'
    'to move like either of the two Bishops, according to the\n'
    'colour of the diagonal it may for the time being stand upon.\n'
    '\n'
    '5. THE KNIGHT.\n'
)
POKER = (
    '124 POKER\n'
    'At this point, it may be convenient to state wherein the\n'
    'strength of a poker hand lies, and what, therefore, is the\n'
    'object of the players. A poker hand is valuable in so far as\n'
    'it contains certain cards, or combinations of cards, ranking\n'
    'as under. We begin with the highest.\n'
    '\n'
    '1. A STRAIGHT FLUSH, i.e. a sequence of five cards, all of\n'
    'the same suit.\n'
    '\n'
    'N.B.—As between two sequences, that beginning with the\n'
    'highest card has the preferenee. The ace may be treated at\n'
    'pleasure either as the highest card or the lowest, and will,\n'
    'therefore, form a sequence either with king, queen, Ac., or\n'
    'with two, three, &c. Ace, king, queen, knave, ten is the\n'
    'highest possible sequence. Ace, two, three, four, five, the\n'
    '1owest.\n'
    '\n'
    '2. FOUES, i.e. four cards of the sarne denomination, with one\n'
    'indifferent card, the higher four having priority.\n'
    '\n'
    '[Aces in this case count as highest, so that a four of aces\n'
    'is the best possible.]\n'
    '\n'
    '3. A FULL, i.e, three cards of the same denomination, and a\n'
    'pair.\n'
    '\n'
    '[As between two fulls, the comparative value of the three\n'
    'cards in each case decides priority.]\n'
    '\n'
    '4. A FLUSH, i.e. five cards of the same suit.\n'
    '\n'
    'S. A STRAIGHT, i.e. five cards in sequence, but not of the\n'
    'same suit.\n'
    '\n'
    '6. THREES, i.e. three cards of like denomination, with two\n'
    'indifferent cards.\n'
)
LOO = (
    'LAWS OF LOO 91\n'
    'THE LAWS OF LOO.\n'
    '\n'
    'These may be briefly stated as follows:\n'
    '\n'
    '1.—Each player has a right to shuffle at the commencement of\n'
    'a deal, the dealer shuffling last. The cards shall then be\n'
    'cut by the player to the rigbt of the dealer. To constitute\n'
    'a valid cut, there shall be at least four cards in each\n'
    'portion of the pack.\n'
    '\n'
    '2.—The cards shall be dealt one at a time to each player\n'
    '[with one card extra in each round for miss]. This having\n'
    'been done, the card next following on the pack shall be\n'
    'turned up as trump. If a card be found faced in the dealt\n'
    'portions of the pack, the cards shall be reshuffled and\n'
    'recut, and there shall be a fresh deal by the sarne dealer.\n'
    '\n'
    '3.—If the dealer—\n'
    '\n'
    '(1) Deals without having the pack cut; or again shuffles\n'
    'after the pack has been duly cut;\n'
    '\n'
    '(2) Exposes a card in dealing; deals too many or too few\n'
    'cards to any player;\n'
    '\n'
    '(8) Misses a hand or deals a hand or part of a hand\n'
    'additional;\n'
    '\n'
    '(4) Or otherwise commits any irregularity in dealing, it is\n'
    'a rnisdeal, and the dealer forfeits a single to the pool. The\n'
    'cards are again shuffled and cut, and there is a fresh deal\n'
    'by the same dealer.\n'
    '\n'
    '4,—Players shall declare whether they play or pass in strict\n'
    'rotation, beginning with the elder hand.\n'
    '\n'
    '5.—Any player declaring before his turn, or looking at his\n'
    'cards before it is his turn to declare, forfeits a single to\n'
    'the pool.\n'
    '\n'
    '6.—Any player looking at miss before he has declared to take\n'
    'it, or exposing a card or cards of another player, forfeits\n'
    'a single to the pool, and must retire from the game for that\n'
    'round.\n'
    '\n'
    '7.—The dealer, taking miss against one player only, must\n'
    'declare before\n'
)


def _laws(result) -> list[int]:  # noqa: ANN001
    return [law.number for code in result.codes for law in code.laws]


def _edits(result, prefix: str = "law") -> list[tuple[str, str, str]]:  # noqa: ANN001
    return [(e.rule, e.old, e.new) for e in result.edits if e.rule.startswith(prefix)]


def _codes(result) -> list[str]:  # noqa: ANN001
    return [d.code for d in result.diagnostics]


def test_law_after_a_comma_is_found_not_its_neighbour_renumbered(repairer: Repairer) -> None:
    r = proofread(COMMA, repairer=repairer)
    assert _edits(r) == []  # was law-number '9' -> '8' ("sequence: after law 7")
    assert "\n\n8.—The dealer" in r.page.body and "\n\n9.—If the dealer" in r.page.body
    assert _laws(r) == list(range(1, 10))
    assert not any(c.startswith("law-") for c in _codes(r))


def test_law_after_a_lost_stop_is_found(repairer: Repairer) -> None:
    r = proofread(NOBLANK, repairer=repairer)
    assert [e for e in _edits(r) if e[0] == "law-number"] == []
    assert "\n\n5.—The player" in r.page.body
    assert _laws(r) == list(range(1, 10))
    assert "law-gap" not in _codes(r)  # was "law 5 missing before law 6"


def test_a_lost_law_leaves_the_next_number_as_printed(repairer: Repairer) -> None:
    # law 8 gone from the OCR: law 9, printed right, has a law before it and none after;
    # one side does not fix a number printed in digits: left, and the gap reported
    text = COMMA.replace("8.—The dealer must give", "The dealer must give")
    r = proofread(text, repairer=repairer)
    assert [e for e in _edits(r) if e[0] == "law-number"] == []
    assert "9.—If the dealer" in r.page.body and "8.—If the dealer" not in r.page.body
    assert any(d.code == "law-gap" and "law 8 missing" in d.message for d in r.diagnostics)


def test_flat_reading_keeps_a_number_one_side_fixes() -> None:
    text = "6.—A cut. 7.—If exposed, there must be a fresh cut. 9.—If the dealer give more."
    assert [(s.token, s.number) for s in find_law_starts(text)][-1] == ("9", 8)
    parsed = parse(text.replace(". ", ".\n"), "flat")
    assert [law.number for law in parsed.laws] == [6, 7, 9]
    assert [e.rule for e in parsed.edits if e.rule == "law-number"] == []
    assert [d.code for d in parsed.diagnostics] == ["law-gap"]


def test_hidden_law_in_paragraphs(repairer: Repairer) -> None:
    # the page in paragraphs (blank lines), law 8 joined to law 7 by a comma for its stop
    text = ECARTE.replace("be a fresh cut.\n\n8.—", "be a fresh cut,\n8.—")
    r = proofread(text, repairer=repairer)
    assert "fresh cut,\n\n8.—The dealer" in r.page.body
    assert "law-gap" not in _codes(r)
    assert ("law-number", "G", "6") in _edits(r)


def test_cross_reference_is_no_law_start(repairer: Repairer) -> None:
    r = proofread(XREF14, repairer=repairer)
    assert _edits(r) == []  # was law-number '19.—' -> '13.—'
    assert r.page.body.startswith("19.—If a player")
    assert "in Law 14. The penalty" in r.page.body
    assert not any("14 to 19" in d.message for d in r.diagnostics)


def test_cross_reference_gets_no_law_dash(repairer: Repairer) -> None:
    r = proofread(XREF, repairer=repairer)
    assert _edits(r) == []  # was law-dash ' ' -> '—' ("Law 21.—If either")
    assert "provided by Law 21. If either" in r.page.body


@pytest.mark.parametrize("word", ["Law", "Rule", "Section", "Sec.", "Art.", "No.", "§"])
def test_reference_words(repairer: Repairer, word: str) -> None:
    text = XREF14.replace("as provided in Law\n14.", f"as provided in {word}\n14.")
    r = proofread(text, repairer=repairer)
    assert [e for e in _edits(r) if e[0] == "law-number"] == []
    assert r.page.body.startswith("19.—If a player")
    flat = text.replace("\n\n", " ").replace("\n", " ")
    assert 14 not in [s.number for s in find_law_starts(flat)]


def test_section_after_a_sentence_still_opens_one() -> None:
    text = "Sec. 4. Duties. The board shall report. Sec. 5. General. (a) Nothing in this order."
    assert [s.number for s in find_law_starts(text)] == [4, 5]


@pytest.mark.parametrize(("text", "edit"), [
    (ECARTE, ("law-number", "G", "6")),
    (POKER, ("law-number", "S", "5")),
    (CHESS, ("law-number", "8", "3")),
    (LOO, ("law-mark", ",", ".")),
])
def test_garbled_numbers_still_mended(repairer: Repairer, text: str,
                                      edit: tuple[str, str, str]) -> None:
    assert edit in _edits(proofread(text, repairer=repairer))
