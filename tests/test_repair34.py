"""OCR repair, recall on the page benchmark's dev split (issue 20, branch rep34): marks
a witness reads that the OCR garbled in ways no printing differs by."""

from __future__ import annotations

import pytest

from tests.support.choosing import choose_reading
from wstools.repair.align import Unit
from wstools.repair.choose import Context, choose
from wstools.repair.repair import Repairer

LAW_78 = ("78. If any player lead out of turn and the three others follow, the trick is "
          "complete and the error cannot be rectified{} but if only the second, or second "
          "and third play to the false lead, their cards may be taken back{} there is no "
          "penalty against any except the original offender.")


def test_a_colon_for_the_witness_semicolon_is_its_lost_dot(repairer: Repairer) -> None:
    """Tesseract reads a semicolon whose lower dot is faint as a colon; where the witness
    prints a semicolon, the colon is that misreading (dev: 90 right, none wrong)."""
    result = repairer.repair(LAW_78.format(":", ":"), law=True)
    assert result.text == LAW_78.format(";", ";")


def test_a_colon_for_the_witness_semicolon_in_a_misread_word(repairer: Repairer) -> None:
    text = "their cards may be taken back: there is no penalty"
    assert choose_reading(repairer, text, "back:", "back;") == "back;"
    assert choose_reading(repairer, "on the table): or if either", "table):",
                          "table);") == "table);"


def test_a_semicolon_for_the_witness_colon_stays(repairer: Repairer) -> None:
    """The other way round is no misreading OCR makes: a printing's punctuation."""
    text = "they cut again; the lower of the new cut deals"
    assert choose_reading(repairer, text, "again;", "again:") is None


def test_a_colon_stays_where_the_window_reads_as_another_printing(repairer: Repairer
                                                                   ) -> None:
    """The Cyclopædia prints 'taken back : there is' where the witness has a semicolon:
    its window has words no misreading makes ('mistake' against 'error'), a comma the
    OCR lacks after a clean word, a dash: the colon may be the printing's."""
    text = "on discovery of the mistake, are taken back: there is no penalty"
    start = text.index("back:")
    unit = Unit(start, start + 5, "back:", "back;", 1)
    for other in (Unit(16, 23, "mistake", "error", 1), Unit(0, 2, "on", "on,", 1),
                  Unit(0, 12, "on discovery", "on—discovery", 2)):
        ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival,
                      (other, unit))
        assert choose(unit, ctx) is None
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival,
                  (Unit(16, 23, "mistako", "mistake", 1), unit))
    edit = choose(unit, ctx)
    assert edit is not None and edit.new == "back;"


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("as declared in Executive Order. 13338 and expanded", "Order.", "Order"),
    ("under the National Emergencies Act. (50 U.S.C. 1601 et seq.)", "Act.", "Act"),
    ("looked at (except under Law. 82) until the end", "Law.", "Law"),
])
def test_a_full_stop_before_a_number_the_line_goes_on_with_is_dust(
        repairer: Repairer, text: str, ocr: str, witness: str) -> None:
    """A full stop before a number or a bracket on the same line, where the witness reads
    on without one, is dust (dev: 45 right, none wrong)."""
    assert choose_reading(repairer, text, ocr, witness) == witness


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("the penalty is paid.\n(b) If the dealer", "paid.", "paid"),  # the line ends
    ("as provided in No. 5 of the rules", "No.", "No"),  # an abbreviation's
])
def test_a_full_stop_where_the_line_ends_or_an_abbreviation_stays(
        repairer: Repairer, text: str, ocr: str, witness: str) -> None:
    assert choose_reading(repairer, text, ocr, witness) is None


def test_a_full_stop_before_a_law_number_stays(repairer: Repairer) -> None:
    """The Cyclopædia's run-in heading 'The revoke. 71. A revoke': the stop before the
    law's number ends it; 'Section. 1.' is the section's number."""
    text = "may have meanwhile made. The revoke. 71. A revoke is when"
    assert choose_reading(repairer, text, "revoke.", "revoke") is None
    text = "hereby ordered as follows:\n\nSection. 1. Purpose. Recent"
    assert choose_reading(repairer, text, "Section.", "Section") == "Section"


def test_a_dash_ocr_spaced_after_a_colon_closes_up(repairer: Repairer) -> None:
    """'exceptions: —' where the witness prints 'exceptions:—' (dev: 13 right, none
    wrong); a dash across a line break is the layout's."""
    text = "whist, with the following exceptions: —\n\n1. Dummy deals at the"
    assert choose_reading(repairer, text, "exceptions: —", "exceptions:—") == "exceptions:—"
    text = "whist, with the following exceptions:\n—\n\n1. Dummy deals at the"
    assert choose_reading(repairer, text, "exceptions:\n—", "exceptions:—") is None


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("authority granted by law to an- executive department", "an-", "an"),
    ("the Chair of the Task Force shall- rotate annually", "shall-", "shall"),
])
def test_a_hyphen_after_a_whole_word_the_witness_reads_is_a_speck(
        repairer: Repairer, text: str, ocr: str, witness: str) -> None:
    """Not the first part of a broken word: the witness reads the part as a word of its
    own, and the next word as the next (dev: 24 more right, none wrong)."""
    assert choose_reading(repairer, text, ocr, witness) == witness


def test_the_first_part_of_a_broken_word_is_still_the_joins(repairer: Repairer) -> None:
    assert choose_reading(repairer, "can be establi- shed;", "establi-", "established") is None


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("the fourth hand may also play bet-ore the second", "bet-ore", "before"),
    ("the cards are again shu-fled and cut", "shu-fled", "shuffled"),
])
def test_a_letter_read_as_a_hyphen_inside_a_word(repairer: Repairer, text: str, ocr: str,
                                                 witness: str) -> None:
    """'bet' and 'ore' are words, 'betore' is none: one word misread, not two."""
    assert choose_reading(repairer, text, ocr, witness) == witness


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("have made. The revoke A-revoke occurs when", "A-revoke", "revoke"),
    ("we shall meet to-day at noon", "to-day", "today"),
])
def test_a_hyphen_between_words_stays(repairer: Repairer, text: str, ocr: str,
                                      witness: str) -> None:
    assert choose_reading(repairer, text, ocr, witness) is None


def test_rn_read_as_m(repairer: Repairer) -> None:
    """Tesseract reads a printed 'rn' as 'm' ('tum' for 'turn'), as it reads 'm' as 'rn'."""
    from wstools.repair.confusion import cost
    assert cost("tum", "turn") < 0.6
    text = "a card to the adversary whose tum it is next to lead"
    assert choose_reading(repairer, text, "tum", "turn") == "turn"


@pytest.mark.parametrize(("text", "ocr", "witness"), [
    ("play his highest or his lowest rump called by either adversary", "rump", "trump"),
    ("a card faced upon his ow or any other player's cards", "ow", "own"),
])
def test_a_word_the_corpus_never_uses_with_a_letter_lost(repairer: Repairer, text: str,
                                                         ocr: str, witness: str) -> None:
    """'rump' is a word of English the corpus never uses; the slot calls for 'trump' (the
    corpus has 'lowest trump' and 'trump called'), a letter OCR lost away."""
    assert choose_reading(repairer, text, ocr, witness) == witness


def test_a_word_the_witness_has_with_an_ending_stays(repairer: Repairer) -> None:
    """'upward'/'upwards': an ending is how printings differ."""
    text = "the card is turned face upward on the table"
    assert choose_reading(repairer, text, "upward", "upwards") is None


@pytest.mark.parametrize(("text", "ocr", "witness", "gold"), [
    ("to trump or not to (rump the trick.", "(rump", "trump", "trump"),
    ("if they wish to cal] the card liable to be called", "cal]", "call", "call"),
    ("the (wo lowest of the new draw are partners", "(wo", "two", "two"),
    # a bracket something closes is the text's
    ("to trump or not to (rump the trick) or", "(rump", "trump", "(trump"),
])
def test_a_letter_read_as_a_bracket_nothing_closes(repairer: Repairer, text: str, ocr: str,
                                                   witness: str, gold: str) -> None:
    assert choose_reading(repairer, text, ocr, witness) == gold


HEADINGS = ("is subject to call.\nCarps Exposep DurInG Play\n\n67. All cards\n\n"
            "the penalty is paid.\nCarps PLayep tN ERROR\n\n80. Should the\n\n"
            "may have made.\n\nTue REvoke\n\n83. A revoke occurs\n\n"
            "Leaps Out oF TurN\n\n76. If either")


def test_a_heading_line_takes_the_corpus_headings_words(repairer: Repairer) -> None:
    """Small capitals Tesseract misread, on a line of their own: the corpus heading of as
    many words, one or more of them the same (dev: 27 right, none wrong)."""
    edits = repairer._heading_lines(HEADINGS)
    assert [(e.old, e.new) for e in edits] == [
        ("Carps", "Cards"), ("Exposep", "Exposed"), ("Carps", "Cards"), ("PLayep", "Played"),
        ("tN", "in"), ("Tue", "The"), ("Leaps", "Leads")]
    text = repairer.repair(HEADINGS, law=True).text
    assert "Cards Exposed DurInG Play" in text and "The REvoke" in text


@pytest.mark.parametrize("text", [
    "the cards are\nCarps Exposep DurInG Play\nand then",  # not a line of its own
    "is subject to call.\n\nCARDS EXPOSED BY PLAY\n\n67. All",  # a word of the corpus
    "is subject to call.\n\nGrnrrar Rus\n\n90. Once",  # no word the heading's
])
def test_a_line_that_is_no_misread_heading_stays(repairer: Repairer, text: str) -> None:
    assert repairer._heading_lines(text) == []


def test_a_slash_alone_after_a_stop_is_a_speck(repairer: Repairer) -> None:
    """'there must be a new cut. /' (dev: 13 right, none wrong); 'and / or' stays."""
    text = "there must be a new cut. /\n\n12. If the dealer"
    start = text.index("/")
    unit = Unit(start, start + 1, "/", "", 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival)
    edit = choose(unit, ctx)
    assert edit is not None and edit.new == "" and edit.old == " /"
    text = "the Secretary and / or the Director"
    start = text.index("/")
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival)
    assert choose(Unit(start, start + 1, "/", "", 1), ctx) is None


@pytest.mark.parametrize(("text", "gold"), [
    ("understood religious — freedom not as a creation",
     "understood religious freedom not as a creation"),
    ("the United States, its departments, — agencies, or entities",
     "the United States, its departments, agencies, or entities"),
])
def test_a_dash_alone_inside_a_sentence_is_noise(repairer: Repairer, text: str, gold: str
                                                 ) -> None:
    """Where the witness has nothing (dev: 13 right, none wrong)."""
    start = text.index("—")
    unit = Unit(start, start + 1, "—", "", 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival, (unit,))
    edit = choose(unit, ctx)
    assert edit is not None
    assert text[:edit.start] + edit.new + text[edit.end:] == gold


def test_a_dash_alone_stays_where_the_window_reads_as_another_printing(
        repairer: Repairer) -> None:
    text = "understood religious — freedom not as a creation of the mistake"
    start = text.index("—")
    unit = Unit(start, start + 1, "—", "", 1)
    other = Unit(text.index("mistake"), len(text), "mistake", "error", 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival,
                  (unit, other))
    assert choose(unit, ctx) is None
    text = "may meanwhile have made. —\n\nTHE REVOKE"  # (between sentences: no rule)
    start = text.index("—")
    unit = Unit(start, start + 1, "—", "", 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival, (unit,))
    assert choose(unit, ctx) is None


def test_a_copyright_sign_alone_inside_a_sentence_is_noise(repairer: Repairer) -> None:
    text = "protect employees and members of © the public from exposure"
    start = text.index("©")
    unit = Unit(start, start + 1, "©", "", 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival, (unit,))
    edit = choose(unit, ctx)
    assert edit is not None and edit.old == " ©" and edit.new == ""


def test_a_capital_i_read_as_t_before_f(repairer: Repairer) -> None:
    """'Tf he deals' for 'If he deals': Tesseract reads the capital I as T (dev: 7 right,
    none wrong), as it reads it as t."""
    text = "before looking at any of their cards.\n\nTf he deals a card incorrectly"
    assert repairer.repair(text, law=True, witness=False).text == text.replace("Tf", "If")
