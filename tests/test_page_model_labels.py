"""Page model, issue 19 (generalisation): clause labels and law numbers as OCR misreads them
on pages it was not tuned on (EB Garamond's old-style figures, poor scans), and what must
stay as printed."""

from __future__ import annotations

import pytest

from wstools.page import read_page
from wstools.page_model import label_repairs
from wstools.proofread import ProofreadResult, proofread_page


def _mends(text: str) -> list[tuple[str, str]]:
    return [(e.old, e.new) for e in label_repairs(text)]


def _proofread(text: str) -> ProofreadResult:
    return proofread_page(read_page(text))


def _labels(result: ProofreadResult) -> list[str]:
    """The clause labels of the page's laws, nested ones after their parent, in order."""
    def labels(clauses) -> list[str]:  # noqa: ANN001
        return [x for c in clauses for x in [c.label, *labels(c.clauses)]]
    return [x for code in result.codes for s in code.sections for law in s.laws
            for x in labels(law.clauses)]


@pytest.mark.parametrize(("text", "want"), [
    # the last label of a page, its opening bracket read as f: (e) after (d) and its items
    ("(d) Nothing in this order shall:\n\n(1) authority granted; or\n\n(2) functions of the "
     "Director.\n\nfe) This order is not intended to, and", [("fe)", "(e)")]),
    # a numeral no printer sets, last of its list: (iii) after (ii)
    ("Sec. 2. Tax. (a) In furtherance:\n\n(i) impose an undue burden;\n\n(ii) add undue "
     "complexity; or\n\n(ili) exceed the statutory authority.\n\nThis interim report",
     [("(ili)", "(iii)")]),
    # a continuation in lower case between the clauses (a column break) does not end the list
    ("(c) Members shall serve;\n\n(d) Nothing in this\n\nshall be construed.\n\n"
     "(ej) The order is", [("(ej)", "(e)")]),
])
def test_a_garbled_last_label_is_mended_from_the_clauses_above(text: str, want: list) -> None:
    assert _mends(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # a label lost whole after an item its stop closes, one list open: its next
    ("(e) The Commission shall have a staff.\n\n() The Commission shall terminate.\n\n"
     "Sec. 5. General.", [("()", "(f)")]),
    # the page opens inside an item of the page before
    ("manner;\n\n(c) ensure the transparency;\n\n(d) as appropriate;\n\n() promote trade."
     "\n\nSec. 4. Regulatory.", [("()", "(e)")]),
    # the first label of the page, garbled, before its exact next
    ("2538\n\n(vy) the Secretary of Commerce;\n\n(vi) the Secretary of Labor;",
     [("(vy)", "(v)")]),
    # a number after a letter, where no list of numbers is open: the letter misread
    ("7.—(a) The candidates.\n\n(6) If there are", [("(6)", "(b)")]),
    # a zero is no label: the o after n
    ("(m) One;\n\n(n) two;\n\n(0) The next", [("(0)", "(o)")]),
])
def test_labels_lost_or_garbled_that_one_reading_fits(text: str, want: list) -> None:
    assert _mends(text) == want


@pytest.mark.parametrize("text", [
    # an empty label after an item that may open a list under it: left as printed
    "(e) The Commission shall have:\n\n() The Commission shall terminate.",
    # an empty label with two lists open: left as printed
    "(e) The Commission shall:\n\n(1) have a staff;\n\n() The Commission shall terminate.",
    # a well-formed label in its brackets is the printer's, even out of sequence
    "(a) One.\n\n(x) Two.",
    "(a) One.\n\n(e) Two.",
    # a number where a list of numbers is open is that list's
    "(a) One:\n\n(1) two;\n\n(6) Three.",
    # two labels the place allows fit the reading ((l) next of (k), or (1) a new list)
    "(k) One;\n\n(l) two:\n\n(1j) The next.",
    # no clause above it on the page: nothing to read it by
    "the rest of a law.\n\nfe) This order is not.",
    # text of the law between: the list may have ended
    "(c) One.\n\nThe Secretary shall report.\n\nfd) This order.",
    # the paragraph before does not end an item
    "(c) One and\n\nfd) This order.",
])
def test_what_stays_as_printed(text: str) -> None:
    assert _mends(text) == []


def _laws(text: str) -> list[str]:
    from wstools.page_model import lay_out
    return [law.label for code in lay_out(text).codes for law in code.laws]


@pytest.mark.parametrize(("text", "want"), [
    # EB Garamond's old-style 11 read as letters, between two laws that leave its place
    ("10. Cutting.\n\ntu. For making a miss.\n\n12. When playing.", ["10", "11", "12"]),
    ("10. Cutting.\n\nu. For making a miss.\n\n12. When playing.", ["10", "11", "12"]),
    # two in a row, exactly the two places the laws around leave
    ("10. If a Red ball.\n\nut. For making a miss.\n\n1. When playing.\n\n13. For striking.",
     ["10", "11", "12", "13"]),
    # the stop and dash misread: digits that are exactly the place left
    ("17.—If, after the trump.\n\n18,[F, after the trump.\n\n19.—If a fresh deal.",
     ["17", "18", "19"]),
    ("72. If either.\n\n73-1F a player who.\n\n74. A player cannot.", ["72", "73", "74"]),
    ("10. Cutting.\n\ni. If in cutting a card is exposed.\n\n12.1 f the dealer reshuffles."
     "\n\n13. Dealing.", ["10", "11", "12", "13"]),
])
def test_a_garbled_law_number_in_the_place_two_laws_leave(text: str, want: list) -> None:
    assert _laws(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # one place, two paragraphs that might fill it: left as printed
    ("10. Cutting.\n\ntu. For making.\n\nut. For making.\n\n12. When.", ["10", "12"]),
    # a word, not a number
    ("10. Cutting.\n\nIn. For making.\n\n12. When.", ["10", "12"]),
    # a reference, and a decimal
    ("10. As in Law\n11, The penalty.\n\n12. When.", ["10", "12"]),
    ("10. Cutting.\n\n11.50 Dollars are paid.\n\n12. When.", ["10", "12"]),
    # a token far from the number
    ("10. Cutting.\n\nXy. For making.\n\n12. When.", ["10", "12"]),
])
def test_a_gap_that_no_paragraph_fills_alone_stays(text: str, want: list) -> None:
    assert _laws(text) == want


def test_a_run_of_laws_in_one_ocr_paragraph_is_split() -> None:
    text = ("These may be stated as follows:\n1.—Each player has a right to shuffle.\n"
            "2.—The cards shall be dealt.\n3.—If the dealer—\n(1) Deals without a cut;\n"
            "(2) Exposes a card.")
    assert _laws(text) == ["1", "2", "3"]
    # one number alone after a sentence is no run: the paragraph stays as printed
    assert _laws("These are stated as follows:\n1.—Each player has a right.") == []


def test_old_style_two_and_an_italic_b_between_exact_labels() -> None:
    assert _mends("15.—If a player—\n\n(1) Exposes a card, or\n\n(z) Plays out of turn, or"
                  "\n\n(3) Plays a card.") == [("(z)", "(2)")]
    assert _mends("(a) One.\n\n(8) Two.\n\n(c) Three.") == [("(8)", "(b)")]


def test_an_old_style_eleven_at_the_page_foot_goes_on_from_ten() -> None:
    assert _laws("9.—If the dealer give more.\n\n10.—The hands having been dealt.\n\n"
                 "u.—lf the dealer turn up more") == ["9", "10", "11"]


def test_section_one_read_as_a_letter() -> None:
    from wstools.page_model import lay_out
    text = ("I, BARACK OBAMA, find that the actions.\n\nSection L (a) All property and "
            "interests in property.\n\n(i) to be responsible for.")
    law = lay_out(text).codes[0].laws[0]
    assert (law.label, [c.label for c in law.clauses]) == ("1", ["a"])
    assert _laws("Preamble.\n\nSection L (a) All property.\n\nSec. 2. Definitions.") == \
        ["1", "2"]
    # not after a law of the page, nor before a next law other than 2
    assert _laws("Sec. 4. Duties.\n\nSection L (a) All property.") == ["4"]
    assert _laws("Section L (a) All property.\n\nSec. 5. Definitions.") == ["5"]


def test_a_label_with_a_speck_alone_is_no_clause() -> None:
    from wstools.page_model import lay_out
    text = "Sec. 3. Powers.\n\n(c)\n\nrecommend measures;\n\n(d) .\n\nsupervise the Branch."
    assert [c.label for law in lay_out(text).codes[0].laws for c in law.clauses] == []


def _clauses(text: str) -> list[tuple[str, list[str]]]:
    from wstools.page_model import lay_out

    def flat(cs):  # noqa: ANN001, ANN202
        return [x for c in cs for x in [c.label, *flat(c.clauses)]]
    return [(law.label, flat(law.clauses)) for code in lay_out(text).codes for law in code.laws]


_DEAL = "10.—There must be a new deal—\n\nI. If the pack be incorrect.\n\n"


@pytest.mark.parametrize(("text", "want", "mends"), [
    # II. read as 11.: between I. and III. a clause, not law 11 (whose own number follows)
    (_DEAL + "11. If a card be faced.\n\nIII. If a player.\n\n11.—If a card be exposed.",
     [("10", ["I", "II", "III"]), ("11", [])], [("11", "II")]),
    # the last I and its stop read as L ("VL If"), and a numeral no printer sets (VIL.)
    (_DEAL + "II. If a card.\n\nIII. If a player.\n\nIV. If a card.\n\nV. If the dealer.\n\n"
     "VL If the pack.\n\nVIL. If a card.\n\n11.—If a card be exposed.",
     [("10", ["I", "II", "III", "IV", "V", "VI", "VII"]), ("11", [])],
     [("VL", "VI."), ("VIL", "VII")]),
])
def test_capital_numerals_as_ocr_reads_them(text: str, want: list, mends: list) -> None:
    assert _clauses(text) == want
    assert _mends(text) == mends


def test_what_is_no_capital_numeral() -> None:
    # a law 11 after a numeral clause, with no III. after it, is law 11
    assert _clauses(_DEAL + "II. If a card.\n\n11. If a card be exposed.") == \
        [("10", ["I", "II"]), ("11", [])]
    # a word in capitals is no numeral out of its sequence
    assert _clauses(_DEAL + "ILL. Players shall.") == [("10", ["I"])]


def test_a_section_named_in_a_sentence_is_no_section() -> None:
    text = ("Section 1. Each committee is continued:\n\n(b). National Council:\n"
            "Section 3. of Executive Order 13231.\n\n(c) Federal Council.")
    assert _laws(text) == ["1"]


def test_the_first_clause_after_a_title_a_column_break_cut() -> None:
    text = ("Sec. 6. Review of Current Authorities, Regulations,\n\nand Guidance. (a) Each of "
            "the agencies shall review.\n\n(b) The Secretary shall.")
    assert _clauses(text) == [("6", ["a", "b"])]


def test_labels_that_lost_their_bracket_after_a_garbled_one() -> None:
    text = ("(ii) Secretary of State;\n\niti) Attorney General;\n\niv) Secretary of the "
            "Interior;\n\nv) Secretary of Agriculture;\n\nvi) Secretary of Commerce;")
    assert ("v)", "(v)") in _mends(text)


@pytest.mark.parametrize(("text", "want"), [
    # I. misread as 1. or l. on the line after the lead-in's dash, before an exact II.
    (_DEAL.replace("\n\nI.", "\n1.") + "II. If a card.\n\nIII. If a player.\n\n11.—If a card.",
     [("10", ["I", "II", "III"]), ("11", [])]),
    (_DEAL.replace("\n\nI.", "\nl.") + "II. If a card.\n\nIII. If a player.\n\n11.—If a card.",
     [("10", ["I", "II", "III"]), ("11", [])]),
    # a lower-case i inside a capital numeral (Vi., Vil.), read by the sequence
    (_DEAL + "II. If a card.\n\nIII. If.\n\nIV. If.\n\nV. If.\n\nVi. If.\n\nVil. If.",
     [("10", ["I", "II", "III", "IV", "V", "VI", "VII"])]),
    # the first numeral run in after the lead-in's colon, before an exact II.
    ("29.—There must be a new deal: I. If the pack be incorrect.\n\nII. If a card be faced."
     "\n\n30.—If a card", [("29", ["I", "II"]), ("30", [])]),
])
def test_capital_numerals_in_their_sequence(text: str, want: list) -> None:
    assert _clauses(text) == want


def test_a_run_in_numeral_needs_its_next() -> None:
    assert _clauses("29.—Two cases: I. If the pack.\n\n30.—If a card") == [("29", []), ("30", [])]


def test_a_numeral_at_the_page_top_goes_on_with_the_list_before() -> None:
    assert _clauses("be faced.\n\nV. If a player.\n\n30.—If a card.") == [("", ["V"]), ("30", [])]
    # not in prose, nor after the page's first law
    assert _clauses("be faced.\n\nV. If a player.") == []
    assert _clauses("29.—If a card.\n\nV. If a player.\n\n30.—If a card.") == \
        [("29", []), ("30", [])]


@pytest.mark.parametrize(("text", "want"), [
    ("4. A card.\n\n5 to 1o. As in Bridge.\n\n11. B card.", ["4", "5 to 10", "11"]),
    ("4. A card.\n\ns to 10. As in Bridge.\n\n11. B card.", ["4", "5 to 10", "11"]),
    ("4. A card.\n\n5 t0 10. As in Bridge.\n\n11. B card.", ["4", "5 to 10", "11"]),
    # a sentence, not a range; both ends garbled; not the gap's ends
    ("4. A card.\n\nAs to 10. The Bridge.\n\n11. B card.", ["4", "11"]),
    ("4. A card.\n\ns to 1o. As in Bridge.\n\n11. B card.", ["4", "11"]),
    ("4. A card.\n\n5 to 8o. As in Bridge.\n\n11. B card.", ["4", "11"]),
])
def test_a_range_of_laws_garbled(text: str, want: list) -> None:
    assert _laws(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # the page's laws print a dash after their number; at the page's edges a garbled
    # number with that dash is the law the sequence puts there
    ("the end of a law.\n\n2iu—If a card.\n\n22.—The next.\n\n23.—If.", ["21", "22", "23"]),
    ("20.—A.\n\n21.—B.\n\nzz—If the dealer", ["20", "21", "22"]),
    # not a reading of that number; not on a page whose laws print no dash; a word
    ("the end.\n\nzz—If a card.\n\n22.—The next.\n\n23.—If.", ["22", "23"]),
    ("20. A.\n\n21. B.\n\nzz—If the dealer", ["20", "21"]),
    ("20.—A.\n\n21.—B.\n\nAs—If the dealer", ["20", "21"]),
])
def test_a_garbled_number_with_the_pages_dash_at_its_edges(text: str, want: list) -> None:
    assert _laws(text) == want


@pytest.mark.parametrize(("text", "want", "mends"), [
    ("10.—A new deal—\n\nI. If a.\n\nI. If b.\n\nIII. If c.\n\n11.—X.",
     [("10", ["I", "II", "III"]), ("11", [])], [("I", "II")]),
    ("10.—A new deal—\n\nIV. If a.\n\nV. If b.\n\nV. If c.\n\nVII. If d.\n\n11.—X.",
     [("10", ["IV", "V", "VI", "VII"]), ("11", [])], [("V", "VI")]),
    # not one stroke from the place's numeral: as printed
    ("10.—A new deal—\n\nI. If a.\n\nV. If b.\n\nIII. If c.\n\n11.—X.",
     [("10", ["I", "V", "III"]), ("11", [])], []),
])
def test_a_numeral_that_lost_or_gained_a_stroke(text: str, want: list, mends: list) -> None:
    assert _clauses(text) == want
    assert _mends(text) == mends


def test_a_garbled_first_label_inside_a_paragraph_opens_its_run() -> None:
    """``(ij)`` on a line of its own inside the section's paragraph (no blank line), before
    an exact ``(ii)``: the run's first, so both items are clauses (both were lost)."""
    text = ("Sec. 5. General Provisions. (a) Nothing in this\norder shall be construed to\n"
            "impair or otherwise affect:\n(ij) authority granted by\nlaw; or\n"
            "(ii) functions of the Director.\n\n(b) This order shall be\nimplemented.\n")
    result = _proofread(text)
    assert _labels(result) == ["a", "i", "ii", "b"]
    assert "\n\n(i) authority granted by law; or\n\n(ii) functions" in result.page.body


@pytest.mark.parametrize("text", [
    # law 41 is printed (".41—a.": a speck before it kept it from the anchors); the clause
    # label "b." after it is no garbled 41
    "40.—The dealer deals.\n\n.41—a. If the leader name one suit.\n\nb. If the leader have "
    "none of it, he plays.\n\n42.—A card played stands.\n",
    # "Il." is the print's II. (law 72 is read "72.1."): no character of it reads as 72
    "71. If a player throws down his cards.\n\n72.1. If either of the adversaries.\n\n"
    "Il. Cards exposed by the declarer are not liable.\n\n73. If the declarer.\n",
])
def test_a_clause_label_is_never_made_a_law_number(text: str) -> None:
    """The sequence of law numbers does not turn a clause label into the law it lacks."""
    result = _proofread(text)
    assert not [e for e in result.edits if e.rule == "law-number"], result.page.body


def _page_labels(text: str) -> list[str]:
    return _labels(_proofread(text))


@pytest.mark.parametrize(("text", "want"), [
    ("6.—The cut holds.\n\n7.—a. Each player has a right to shuffle.\n\nb. The dealer has "
     "the right to shuffle last.\n\n8.—The dealer deals.\n", ["a", "b"]),
    ("3. The player plays.\n\n4. Ist. A player having taken a Red ball.\n\n2d. A player "
     "having taken a coloured ball.\n\n5. The game ends.\n", ["1st", "2d"]),
    ("1. The Game.—I. Those first in the room have the preference.\n\nII. Those who have "
     "played before.\n\n2. The deal.\n", ["I", "II"]),
    # an article or a pronoun inside the law's sentence is no label
    ("3. The player named a. B. Smith as his partner.\n\n4. The deal.\n", []),
])
def test_a_first_label_without_brackets_runs_in_after_the_number(text: str, want: list
                                                                 ) -> None:
    """``7.—a. Each…`` then ``b. The…``: the law's first clause runs in after its number (or
    its run-in title and dash) without brackets; it was lost, its second kept."""
    assert _page_labels(text) == want


def test_a_garbled_second_numeral_after_a_run_in_first() -> None:
    """``5. I. A player…`` (the first numeral run in after the law's number) then ``Il. If``:
    the second is II, read by the sequence as after an ``I.`` of its own paragraph."""
    text = ("5. I. A player is responsible that the balls are placed.\n\nIl. If the balls be "
            "moved, the stroke is foul.\n\n6. The game ends.\n")
    assert _page_labels(text) == ["I", "II"]


@pytest.mark.parametrize(("text", "want"), [
    ("7. Cutting.—{a).In cutting, the ace is the lowest card.\n\n(b) Ties cut again.\n\n"
     "8. Shuffling.—Before every deal the cards are shuffled.\n", ["a", "b"]),
    ("10. The deal.\n\n{a) The dealer must present the pack.\n\n(b) If he fail.\n\n11. The "
     "cut.\n", ["a", "b"]),
])
def test_an_opening_bracket_read_as_a_brace(text: str, want: list) -> None:
    """``{a)``: OCR's brace for the opening bracket, run in or opening its paragraph."""
    assert _page_labels(text) == want
