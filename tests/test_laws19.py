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

