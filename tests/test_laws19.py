"""Issue 19, law numbers and clause labels on unseen pages: synthetic OCR snippets (not
benchmark pages) for each cause fixed on the page benchmark's dev split."""

from __future__ import annotations

from wstools.page import read_page
from wstools.proofread import ProofreadResult, proofread_page


def _proofread(text: str) -> ProofreadResult:
    return proofread_page(read_page(text))


def _laws(result: ProofreadResult) -> list[str]:
    return [law.label for c in result.codes for s in c.sections for law in s.laws
            if law.number is not None]


def _labels(result: ProofreadResult) -> list[str]:
    def labels(clauses) -> list[str]:  # noqa: ANN001
        return [x for c in clauses for x in [c.label, *labels(c.clauses)]]
    return [x for code in result.codes for s in code.sections for law in s.laws
            for x in labels(law.clauses)]


def test_a_law_whose_first_clause_a_runs_in_after_its_number_is_a_law() -> None:
    # "28.—a. Each player…": the bare "a." in lower case after the number is the law's first
    # clause, not a sentence going on (a number before lower case is no law)
    text = ("28.—a. Each player, before taking cards, must put his discard aside.\n\n"
            "b. Cards once discarded must not be looked at.\n\n"
            "29. a. If the dealer take more cards than he has discarded, he loses.\n\n"
            "b. Should the dealer have taken up any of the cards, the other may look.\n\n"
            "30.—If the dealer give his adversary less cards, a fresh deal.")
    result = _proofread(text)
    assert _laws(result) == ["28", "29", "30"]
    assert _labels(result) == ["a", "b", "a", "b"]
    assert result.page.body.removesuffix("\n{{nop}}") == text  # nothing re-labelled or moved



def test_a_garbled_number_between_two_laws_after_a_lettered_clause_is_the_gaps_law() -> None:
    # "b." after "20.—a. …" is that law's second clause, not a garbled number: the one
    # token left between laws 20 and 22 ("zu.", old-style 21) is law 21
    text = ("20.—a. If a player lead out of turn, the card is taken back.\n\n"
            "b. Should the adversary have played to it, the trick stands.\n\n"
            "zu.—If the dealer expose a card, the adversary may claim a fresh deal.\n\n"
            "22.—If a player revoke, he loses the game.")
    result = _proofread(text)
    assert _laws(result) == ["20", "21", "22"]
    assert _labels(result) == ["a", "b"]
    assert result.page.body.removesuffix("\n{{nop}}") == text


def test_an_old_style_three_read_as_j_is_read_between_two_laws() -> None:
    # EB Garamond's 3 descends below the line: "jo.—" for "30.—", between laws 29 and 31
    # (after law 29's second clause "b.")
    text = ("29.—a. If the dealer take more cards than he has discarded, he loses.\n\n"
            "b. Should the dealer have taken up any of the cards, the other may look.\n\n"
            "jo.—If the non-dealer ask for fewer cards, the dealer counts them.\n\n"
            "31.—If the dealer give his adversary more cards, a fresh deal.")
    result = _proofread(text)
    assert _laws(result) == ["29", "30", "31"]
    assert _labels(result) == ["a", "b"]
    assert result.page.body.removesuffix("\n{{nop}}") == text


def test_the_pages_first_law_run_into_the_paragraph_before_is_its_own_when_the_next_follows(
        ) -> None:
    # the page opens inside law 21; OCR ran law 22 into that paragraph; law 23 below
    # anchors it (no law above it on the page to go on from)
    text = ("course of play, no penalty remains for the card so played.\n"
            "22. If a player leads a card better than any the adversaries\n"
            "hold of the suit, the others may be called.\n\n"
            "23. A player having a card liable to be called must not play another.")
    result = _proofread(text)
    assert _laws(result) == ["22", "23"]
    paras = [" ".join(p.split()) for p in result.page.body.split("\n\n")]
    assert paras[:2] == [
        "course of play, no penalty remains for the card so played.",
        "22. If a player leads a card better than any the adversaries hold of the suit, "
        "the others may be called."]


def test_a_number_after_a_sentence_with_no_next_law_below_stays_in_its_paragraph() -> None:
    # a year or a count at a line's start is no law unless the next law below follows it
    text = ("He wrote the rules in the year\nof the club's founding.\n"
            "1909. The club then met twice a week.\n\n"
            "23. A player having a card liable to be called must not play another.")
    result = _proofread(text)
    assert _laws(result) == ["23"]
    assert "founding.\n1909. The club" in result.page.body


def test_an_orders_section_after_the_sections_it_quoted_goes_back_in_number() -> None:
    # an amending order quotes sections 4 to 7 of the order it amends, then goes on with
    # its own section 4
    text = ("Sec. 6. Research. The entities named in the Act shall carry out the research.\n\n"
            "Sec. 7. Guidance. Officers shall ensure that all actions are consistent with:\n\n"
            "(a) the conduct of foreign affairs; and\n\n"
            "(b) the supervision of the unitary Executive Branch.”\n\n"
            "Sec. 4. Judicial Review. This order is not intended to create any right.")
    result = _proofread(text)
    assert _laws(result) == ["6", "7", "4"]
    assert _labels(result) == ["a", "b"]


def test_a_section_that_goes_back_with_no_quotation_closed_before_it_is_text() -> None:
    text = ("Sec. 6. Research. The entities named in the Act shall carry out the research.\n\n"
            "Sec. 7. Guidance. Officers shall ensure that all actions are consistent.\n\n"
            "Sec. 4. Judicial Review. This order is not intended to create any right.")
    assert _laws(_proofread(text)) == ["6", "7"]


def test_a_law_with_its_first_numeral_run_in_and_read_as_one_is_the_next_law() -> None:
    # "72. I. If either…" read "72.1. If either…", its "II." read "IL.": law 72, clause I
    text = ("71.—The dealer shall not look at the cards he deals.\n\n"
            "72.1. If either adversary throw his cards face upward, they are exposed.\n\n"
            "IL. Cards exposed by the declarer are not liable to be called.\n\n"
            "73.—The declarer may not call a card.")
    result = _proofread(text)
    assert _laws(result) == ["71", "72", "73"]
    assert _labels(result) == ["I", "II"]


def test_a_decimal_section_number_is_no_law_with_a_run_in_numeral() -> None:
    text = ("2.1. The contractor shall deliver the goods on the date agreed.\n\n"
            "2.2. The buyer shall pay within thirty days of delivery.")
    assert _laws(_proofread(text)) == []
