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
