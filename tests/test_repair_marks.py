"""Witness repairs of marks and spacing (issue 20, the page benchmark's exact cell): what
OCR does to the marks and spaces of a passage the corpus holds, read from the witness."""

from __future__ import annotations

from wstools.repair import choose as choose_module
from wstools.repair.align import Unit
from wstools.repair.choose import Context, choose, choose_all
from wstools.repair.repair import Repairer

# awc-whist (the corpus' American Whist Congress laws), law 33 and 35
LAW_33 = ("33. The revoke can be claimed at any time before the cards have been presented "
          "and cut for the following deal, but not thereafter.")
LAW_35 = ("35. If any one, prior to his partner playing, calls attention in any manner to the "
          "trick or to the score, the adversary last to play to the trick may require the "
          "offender's partner to play his highest or lowest of the suit led; or, if he has "
          "none, to trump or not to trump the trick.")


def _context(repairer: Repairer, text: str) -> Context:
    return Context(repairer.index, repairer._is_word, text, "witness", repairer._rival)


def test_words_spaced_otherwise_are_judged_as_one_unit(repairer: Repairer) -> None:
    """'pre: sented.and' against 'presented and': as many words on each side, but they do
    not pair ('pre:' is no reading of 'presented'); the unit is the witness's spacing."""
    ocr = LAW_33.replace("presented and", "pre:\nsented.and")
    assert repairer.repair(ocr).text == LAW_33.replace("presented and", "presented\nand")
    assert choose_module.respaced("pre: sented.and", "presented and")
    assert not choose_module.respaced("only, exgept", "only (except")


def test_a_full_stop_the_witness_reads_on_from_is_dust(repairer: Repairer) -> None:
    """A full stop before a word in lower case where the witness has none goes with the
    witness's spacing ('in-any.' is 'in any', not 'in any.')."""
    ocr = LAW_35.replace("in any manner", "in-any. manner")
    assert repairer.repair(ocr).text == LAW_35


def test_an_abbreviations_stop_stays() -> None:
    """'viz.' keeps its stop though the witness has none there."""
    text = "the cards, viz. the"
    unit = Unit(11, 15, "viz.", "viz", 1)
    repairer = Repairer.load()
    assert choose(unit, _context(repairer, text)) is None


def test_a_space_ocr_put_beside_a_dash_goes(repairer: Repairer) -> None:
    text = "card. 7. Cutting. —In cutting, the ace is the lowest card."
    start = text.index("Cutting.")
    unit = Unit(start, start + len("Cutting. —In"), "Cutting. —In", "Cutting.—In", 2)
    edit = choose(unit, _context(repairer, text))
    assert edit is not None and edit.new == "Cutting.—In"
    # a dash the witness spaces is the witness's own: the OCR's close one stays
    unit = Unit(start, start + len("Cutting.—In"), "Cutting.—In", "Cutting. — In", 1)
    assert choose(unit, _context(repairer, text.replace(". —", ".—"))) is None


def test_several_words_glued_by_marks_take_the_witness_spaces(repairer: Repairer) -> None:
    text = "either by saying it-is:his, or without being requested"
    start = text.index("it-is")
    unit = Unit(start, start + len("it-is:his,"), "it-is:his,", "it is his,", 1)
    assert [e.new for e in choose_all(unit, _context(repairer, text))] == ["it is his,"]


def test_a_comma_before_a_sentence_capital_is_the_witness_full_stop(repairer: Repairer
                                                                     ) -> None:
    text = "those first in the room have the preference, If, by reason of two"
    start = text.index("preference,")
    unit = Unit(start, start + len("preference,"), "preference,", "preference.", 1)
    edit = choose(unit, _context(repairer, text))
    assert edit is not None and edit.new == "preference."
    # before a word in lower case the comma is a reading
    low = text.replace(", If", ", if")
    assert choose(unit, _context(repairer, low)) is None


def test_a_window_takes_in_the_boilerplate_next_to_what_matched() -> None:
    """A collection's boilerplate (a general provision that recurs in every order) has no
    trigram rare enough to be looked up; the window of the order found by its own words
    takes in the lines beside them that the segment reads all the same, so that the
    boilerplate is aligned to its own order's text (not cut off at the window's edge)."""
    from wstools.repair.witness import WitnessIndex, tokens
    boiler = ("This order is intended only to improve the internal management of the "
              "executive branch and it is not intended to, and does not, create any right or "
              "benefit, substantive or procedural, enforceable at law or in equity by a party "
              "against the United States, its departments, agencies, or entities.")
    items = []
    for n in range(60):
        items += [(f"o{n}:1", f"Sec. 1. The Board of order {n} shall meet on day {n}."),
                  (f"o{n}:2", f"Sec. 6. General Provisions. (a) {boiler}"),
                  (f"o{n}:3", f"(b) The Commission on topic number {n} shall terminate "
                              f"within {n} days after submitting its final report on "
                              f"{'weather' if n == 7 else 'fisheries'} and tides.")]
    index = WitnessIndex.from_passages(items, "orders")
    segment = tokens(f"Sec. 6. General Provisions. (a) {boiler.replace('order is', 'order. is')} "
                     "(b) The Commission on topic number 7 shall terminate within 7 days "
                     "after submitting its final report on weather and tides.")
    window = index.windows(segment, limit=1)[0]
    assert "Sec. 6. General Provisions. (a) This order is intended only" in window.text


def test_a_word_the_alignment_left_out_is_not_deleted(repairer: Repairer) -> None:
    text = "lose the trick. 81. IFany one, not being dummy, omit playing"
    start = text.index("IFany")
    unit = Unit(start, start + len("IFany one,"), "IFany one,", "anyone,", 2)
    assert choose(unit, _context(repairer, text)) is None


def test_words_read_out_of_order_go_back_where_the_witness_has_them(repairer: Repairer
                                                                     ) -> None:
    """A line Tesseract read below the next one (a column's line read into the other's)
    goes back where the witness has it: its words taken out there and put back, as the
    OCR reads them, before the witness's next word."""
    lines = ["35. If any one, prior to his partner playing, calls attention",
             "in any manner to the trick or to the score, the adversary",
             "last to play to the trick may require the offender's partner",
             "to play his highest or lowest of the suit led; or, if he has",
             "none, to trump or not to trump the trick."]
    ocr = "\n".join([lines[0], lines[2], lines[1], lines[3], lines[4]])
    result = repairer.repair(LAW_33 + "\n\n" + ocr)
    assert " ".join(result.text.split()) == " ".join((LAW_33 + " " + LAW_35).split())
    assert {e.rule for e in result.all_edits()} == {"witness-move"}
    # a printing's own order is kept where no witness reads the words elsewhere
    assert repairer.repair(LAW_33 + "\n\n" + LAW_35).all_edits() == []


def test_a_full_stop_before_a_word_in_lower_case_is_a_speck_on_a_law_code(
        repairer: Repairer) -> None:
    """Without a witness, on a law code: a full stop after a word of four letters or more
    before a word in lower case that the corpus reads after it is a speck ('the cards.
    must be'); not before a clause's first word (a comma misread, the other rule's), nor
    before a short token with a stop of its own (a law's number garbled: 'stroke. tu.
    For')."""
    text = "9. Before every deal the cards. must be shuffled by the players in turn."
    assert repairer.repair(text, law=True).text == text.replace("cards.", "cards")
    # before a preposition, though the corpus never has the two words side by side
    text = "9. A referee who is chosen. under these rules may settle any dispute at once."
    assert repairer.repair(text, law=True).text == text.replace("chosen.", "chosen")
    kept = "10. Three points are taken at the same stroke. tu. For making a miss, one."
    assert "stroke. tu." in repairer.repair(kept, law=True).text


def test_a_colon_the_witness_reads_on_from_is_dust(repairer: Repairer) -> None:
    text = "(a) Nothing: in this order shall be construed to impair"
    start = text.index("Nothing:")
    unit = Unit(start, start + len("Nothing:"), "Nothing:", "Nothing", 1)
    edit = choose(unit, _context(repairer, text))
    assert edit is not None and edit.new == "Nothing"


def test_a_list_item_before_and_and_its_next_label_is_a_candidate(repairer: Repairer
                                                                   ) -> None:
    """An item OCR ended with a colon before the list's last label, after 'and' or a
    speck, or with its bracket read as a brace, is a candidate for the witness's
    semicolon (the model decides)."""
    from wstools.repair.model import raw_candidate
    for after in (" and (5) participate", " |\n\n(iii) Criteria", "\n\n(o} The Assistant"):
        text = "as approved by the committee:" + after
        start = text.index("committee:")
        unit = Unit(start, start + len("committee:"), "committee:", "committee;", 1)
        edit = raw_candidate(unit, text, repairer._is_word)
        assert edit is not None and edit.new == "committee;", after


def test_an_apostrophe_no_quotation_explains_is_a_speck(repairer: Repairer) -> None:
    """A mark read as an apostrophe after a word ('during' the play') or before one
    (''call for') goes where the witness has none and no quotation opens or closes in
    the sentence; a plural's apostrophe and a quotation's mark stay."""
    text = "any one during' the play of a trick may demand"
    start = text.index("during'")
    unit = Unit(start, start + len("during'"), "during'", "during", 1)
    edit = choose(unit, _context(repairer, text))
    assert edit is not None and edit.new == "during"
    text = "he may 'call for new cards at any time"
    start = text.index("'call")
    unit = Unit(start, start + len("'call"), "'call", "call", 1)
    edit = choose(unit, _context(repairer, text))
    assert edit is not None and edit.new == "call"
    quoted = "he may say 'call for new cards' at any time"
    start = quoted.index("'call")
    assert choose(Unit(start, start + 5, "'call", "call", 1), _context(repairer, quoted)) is None


def test_the_rest_of_a_broken_word_is_not_read_alone(repairer: Repairer) -> None:
    """'adve- rsaries,': the witness's 'adversaries,' for the rest alone would leave the
    first part twice ('adve- adversaries,'); the join is the hyphen rule's."""
    text = "the declarer's-adve- rsaries, prior to his partner playing"
    start = text.index("rsaries,")
    unit = Unit(start, start + len("rsaries,"), "rsaries,", "adversaries,", 1)
    assert choose(unit, _context(repairer, text)) is None
