"""OCR repair, recall on the page benchmark's dev split (issue 20, branch rep33)."""

from __future__ import annotations

import pytest

from wstools.repair.repair import Repairer


@pytest.mark.parametrize(("ocr", "gold"), [
    ("as soon as the trick is complete, turned and. quitted, it must not be seen",
     "as soon as the trick is complete, turned and quitted, it must not be seen"),
    ("the player who has the game or. trick, and who may call",
     "the player who has the game or trick, and who may call"),
    ("he must lead it to do so when. he can, and if he fail",
     "he must lead it to do so when he can, and if he fail"),
    ("of the pack. If. having a perfect pack, the dealer",
     "of the pack. If, having a perfect pack, the dealer"),
    ("of the pack. If. he has played, the dealer",
     "of the pack. If he has played, the dealer"),
])
def test_a_full_stop_after_a_conjunction_is_dust_or_a_comma(repairer: Repairer, ocr: str,
                                                             gold: str) -> None:
    """A conjunction or a word that opens a clause ends none: a full stop after it before
    a word in lower case is a speck; after 'if' before an aside, a comma misread."""
    assert repairer.repair(ocr, law=True, witness=False).text == gold


def test_a_full_stop_after_a_conjunction_before_a_clause_is_a_comma(repairer: Repairer
                                                                    ) -> None:
    result = repairer.repair("the cards are shuffled and. if the pack be found", law=True,
                             witness=False)
    assert result.text == "the cards are shuffled and, if the pack be found"


def test_a_full_stop_after_a_conjunction_after_a_comma_stays(repairer: Repairer) -> None:
    """'seats, and. having once made': the aside's comma, misread; no guess."""
    text = "has choice of cards and seats, and. having once made his selection"
    assert repairer.repair(text, law=True, witness=False).text == text


@pytest.mark.parametrize(("ocr", "gold"), [
    ("played to the false lead, no pena-\nIty can be enforced",
     "played to the false lead, no penalty can be enforced"),
    ("if he simu-\nItaneously touch two cards", "if he simultaneously touch two cards"),
])
def test_a_broken_word_whose_l_is_read_as_capital_i_is_joined(repairer: Repairer, ocr: str,
                                                               gold: str) -> None:
    assert repairer.repair(ocr, law=True, witness=False).text == gold


def test_a_broken_word_that_is_a_word_with_i_stays(repairer: Repairer) -> None:
    """Where the next line's I opens a word of its own ('see-⏎It is') nothing is joined."""
    text = "what they see-\nIt is the rule"
    edits = repairer.repair(text, law=True, witness=False).all_edits()
    assert "hyphen-ell" not in {e.rule for e in edits}


@pytest.mark.parametrize(("ocr", "gold"), [
    ("he names the card or may 'call a suit as soon as he",
     "he names the card or may call a suit as soon as he"),
    ("with or 'without his partner's consent, demands a penalty",
     "with or without his partner's consent, demands a penalty"),
    ("a misdeal: if the dealer' omits to have the pack cut",
     "a misdeal: if the dealer omits to have the pack cut"),
])
def test_a_quotation_mark_nothing_closes_or_opens_is_a_speck(repairer: Repairer, ocr: str,
                                                             gold: str) -> None:
    assert repairer.repair(ocr, law=True, witness=False).text == gold


@pytest.mark.parametrize("text", [
    "the player holding the 'dummy' hand shall lay it down",
    "the term 'revoke' means a renounce",
    "if both adversaries' cards are exposed",
    "the rule of 'one card at a time' holds good",
])
def test_a_quotation_that_is_closed_or_opened_stays(repairer: Repairer, text: str) -> None:
    edits = repairer.repair(text, law=True, witness=False).all_edits()
    assert "stray-quote" not in {e.rule for e in edits}


def test_an_elision_keeps_its_apostrophe(repairer: Repairer) -> None:
    """'during the 'eighties, as' (AFRICA): the apostrophe stands for the century."""
    text = "commenced and completed during the 'eighties, while the first section"
    edits = repairer.repair(text, law=True, witness=False).all_edits()
    assert "stray-quote" not in {e.rule for e in edits}
