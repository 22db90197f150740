"""Law numbers and clause labels on the fresh pages of the page benchmark (``--fresh``,
issue 19): the failure classes they showed, each rule with a test that fails without it."""

from __future__ import annotations

from wstools.laws.numbering import candidates, find_law_starts
from wstools.page import read_page
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
