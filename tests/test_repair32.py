"""OCR repair, recall on the page benchmark's dev split (issue 20, branch rep32): witness
readings of words glued by any marks, of words run together that happen to be tokens of
the language, of common words the slot calls against; and, without a witness, words
glued by stacks of specks and specks after words no clause ends with."""

from __future__ import annotations

from tests.support.choosing import choose_reading
from wstools.repair.repair import Repairer

# -- with a witness -------------------------------------------------------------------------

def test_words_glued_by_a_quote_take_the_witness_space(repairer: Repairer) -> None:
    text = "the other cards to the current trick,'and the other card or cards"
    assert choose_reading(repairer, text, "trick,'and", "trick, and") == "trick, and"


def test_numbers_glued_by_marks_take_the_witness_space(repairer: Repairer) -> None:
    text = "any infractions of laws 9, 10,.11, 12, 13, or 14, must leave"
    assert choose_reading(repairer, text, "10,.11,", "10, 11,") == "10, 11,"


def test_the_ocr_apostrophe_is_kept_where_the_witness_is_plain_text(repairer: Repairer
                                                                      ) -> None:
    """'the.declarer’s' against a plain-text copy's "the declarer's": the letters agree
    once the apostrophe is the same; the OCR's curly one stays."""
    text = "76. If either of the.declarer’s adversaries lead out of turn"
    assert choose_reading(repairer, text, "the.declarer’s", "the declarer's") == "the declarer’s"


def test_two_words_run_together_into_a_rare_token_are_parted(repairer: Repairer) -> None:
    """'ata' (web text has it at Zipf 3) is 'at a' where the witness reads so and the
    corpus has 'at a' side by side; 'cannot', a word of the corpus, stays."""
    text = "distribute the cards, one ata time, to each player"
    assert choose_reading(repairer, text, "ata", "at a") == "at a"
    text = "he cannot revoke"
    assert choose_reading(repairer, text, "cannot", "can not") is None


def test_a_common_word_the_slot_calls_against_is_the_witness_word(repairer: Repairer
                                                                   ) -> None:
    """'lead our of turn': the corpus has 'lead out' and 'out of' often, 'lead our' and
    'our of' never. 'more of less' stays (the corpus has 'more of')."""
    text = "if any player lead our of turn and the"
    assert choose_reading(repairer, text, "our", "out") == "out"
    text = "to have either more of less than his correct number"
    assert choose_reading(repairer, text, "of", "or") is None


# -- without a witness ----------------------------------------------------------------------

def _guess(repairer: Repairer, text: str) -> str:
    return repairer.repair(text, law=True, witness=False).text


def test_words_glued_by_a_stack_of_specks_are_parted(repairer: Repairer) -> None:
    """A stack of marks between two words (the comma kept), and three words glued."""
    assert _guess(repairer, "a card before all have declared,.or exposes a card") == \
        "a card before all have declared, or exposes a card"
    assert _guess(repairer, "if called upon to win or lose.a.trick, fail to do so") == \
        "if called upon to win or lose a trick, fail to do so"


def test_an_abbreviation_glued_keeps_its_stop(repairer: Repairer) -> None:
    assert _guess(repairer, "the cards, viz.,the ace") == "the cards, viz.,the ace"


def test_a_stop_after_a_word_no_clause_ends_with_is_a_speck(repairer: Repairer) -> None:
    assert _guess(repairer, "the penalty, if any. player lead out of turn") == \
        "the penalty, if any player lead out of turn"
    assert _guess(repairer, "the dealer and. the adversaries may") == \
        "the dealer and the adversaries may"


def test_a_colon_after_a_word_no_clause_ends_with_is_a_speck(repairer: Repairer) -> None:
    assert _guess(repairer, "the dealer shall: not deal again") == \
        "the dealer shall not deal again"
    # a preposition may end a clause: "played to; after it"
    assert _guess(repairer, "to its being played to; after it has been played") == \
        "to its being played to; after it has been played"


def test_a_token_the_slot_calls_against_is_the_near_word_the_page_misreads(
        repairer: Repairer) -> None:
    """'co' (English has it, the corpus never): the corpus has 'liable to' and 'to be'
    again and again, no other near word fits; where the page reads 't' as 'c' in other
    words too ('noc', 'cuc') or the slot calls for it loudly, it is 'to'."""
    from wstools.repair.repair import _Lazy
    from wstools.repair.witness import tokens

    text = "the cards are liable co be called"
    toks = tokens(text)
    page = _Lazy(lambda: {("c", "t"): {"noc", "cuc"}})
    found = repairer._typesetting(toks, set(), bytearray(len(text)), text, page)
    assert [(e.old, e.new, e.rule) for e in found] == [("co", "to", "context")]
    # no page evidence and a slot that calls for it softly: left
    assert repairer._slot_reading("co", "turn", "declare", _Lazy(dict)) is None


def test_page_confusions_are_read_from_witness_edits_and_lone_non_words(
        repairer: Repairer) -> None:
    from wstools.edits import Edit
    from wstools.repair.repair import _page_confusions
    from wstools.repair.witness import tokens

    edits = [Edit(0, 4, "curn", "turn", "witness", 0.9, "")]
    page = _page_confusions(edits, tokens("the side noc in fault"), repairer._is_word,
                            repairer.index.vocabulary.count)
    assert page[("c", "t")] == {"curn", "noc"}


def test_a_roman_clause_label_ocr_garbled_is_read_as_the_page_labels(repairer: Repairer
                                                                      ) -> None:
    """'IL.' for 'II.' on a page with clean roman labels; 'Ist.' for '1st.' after a law
    number; a page with no clean roman label keeps 'IL.' (whose style?)."""
    text = ("3. The cards.\n\nI. The dealer must deal again.\n\nIL. If a card is exposed, "
            "the dealer must deal again.\n\n7.—Ist. The player may call")
    out = _guess(repairer, text)
    assert "\n\nII. If a card" in out and "7.—1st. The player" in out
    alone = "3. The cards.\n\nIL. If a card is exposed, the dealer must deal again."
    assert "IL. If" in _guess(repairer, alone)


def test_the_capital_i_read_as_a_mark_or_digit(repairer: Repairer) -> None:
    assert _guess(repairer, "the dealer must deal again. [f the adversaries") == \
        "the dealer must deal again. If the adversaries"
    assert _guess(repairer, "in law 76.\n\n79. [fa player called on to") == \
        "in law 76.\n\n79. If a player called on to"
    # inside a sentence it is no sentence's first word
    assert "and [f the" in _guess(repairer, "the dealer and [f the adversaries")


def test_a_long_token_one_letter_from_a_single_corpus_word_is_that_word(repairer: Repairer
                                                                         ) -> None:
    """'adversanies': n for r is no cheap confusion, but no other corpus word is within
    one letter; 'loweste' keeps its last letter (a mark misread: 'lowest;')."""
    tail = " to the trick, and the dealer must deal again."
    assert _guess(repairer, "the player and his adversanies must play" + tail) == \
        "the player and his adversaries must play" + tail
    assert "loweste" in _guess(repairer, "the two loweste the new draw decides" + tail)


def test_a_stop_before_a_short_preposition_or_after_a_short_word_is_dust(
        repairer: Repairer) -> None:
    assert _guess(repairer, "the player must await. the decision of the adversaries; "
                            "an omission to play. to a trick") == \
        "the player must await. the decision of the adversaries; an omission to play to a trick"
    tail = " to the players who cut the cards first."
    assert _guess(repairer, "a lower cut. giving the preference" + tail) == \
        "a lower cut giving the preference" + tail
    # a conjunction's stop may be its comma misread ("seats, and, having once")
    assert "and. having" in _guess(repairer, "cards and seats, and. having once made" + tail)


def test_a_speck_read_as_an_underscore_does_not_hide_a_glue(repairer: Repairer) -> None:
    text = "other cards thus improperly _played'-are liable to be called"
    assert choose_reading(repairer, text, "_played'-are", "played are") == "played are"


def test_two_words_of_a_heading_in_capitals_glued_by_a_stop(repairer: Repairer) -> None:
    text = "the penalty is paid.\n\nCARDS PLAYED.IN ERROR\n\n80. Should the third hand not play"
    assert "PLAYED IN ERROR" in _guess(repairer, text)
