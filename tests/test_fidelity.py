"""Fidelity: wstools against MediaWiki's own answers.

Offline, every page is compared with MediaWiki's recorded answer
(tests/cases/fidelity/recorded.json). In the ``mediawiki`` tier the pages are sent to a
real MediaWiki (the lab wiki) and both wstools and the record must agree with it.
"""

from __future__ import annotations

import pytest

from tests.support.compare import difference
from tests.support.fidelity import (
    agrees,
    load_cases,
    load_known_differences,
    load_recorded,
    registry,
    render,
)

CASES = load_cases()
RECORDED = load_recorded()
KNOWN = load_known_differences()


@pytest.fixture(scope="module")
def fidelity_registry():
    return registry()


def test_enough_pages() -> None:
    expand = [c for c in CASES if c.kind == "expand"]
    html = [c for c in CASES if c.kind == "html"]
    assert len(expand) >= 120 and len(html) >= 40
    assert len({c.id for c in CASES}) == len(CASES), "case ids must be unique"


def test_whole_pages_are_half_the_set() -> None:
    whole = [c for c in CASES if ": whole " in c.id]
    assert len({c.input for c in whole}) >= 400  # the 23 real pages and 400 chapters
    assert len(whole) >= len(CASES) / 2
    assert sum(c.toc for c in CASES if c.kind == "html") >= 250


def test_record_is_complete() -> None:
    missing = [c.id for c in CASES if c.id not in RECORDED]
    assert not missing, f"run scripts/record-oracle.py; not recorded: {missing[:5]}"
    assert set(KNOWN) <= {c.id for c in CASES}, "known differences name unknown cases"


def _explain(case, ours: str, theirs: str) -> str:
    if case.kind == "expand":
        return f"\nMediaWiki: {theirs!r}\nwstools:   {ours!r}"
    return "\n" + difference(theirs, ours)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_agrees_with_recorded_mediawiki(case, fidelity_registry) -> None:
    ours = render(case, fidelity_registry)
    ok = agrees(case, ours, RECORDED[case.id])
    if case.id in KNOWN:
        assert not ok, f"{case.id} now agrees: remove it from known-differences.txt"
    else:
        assert ok, _explain(case, ours, RECORDED[case.id])


@pytest.mark.mediawiki
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_agrees_with_live_mediawiki(case, fidelity_registry, lab_wiki) -> None:
    if case.kind == "expand":
        theirs = lab_wiki.expand(case.input, case.title)
    else:
        theirs = lab_wiki.parse(case.input, case.title, toc=case.toc)
    assert agrees(case, RECORDED[case.id], theirs), (
        "the recorded answer is stale; run scripts/record-oracle.py" + _explain(
            case, RECORDED[case.id], theirs))
    ours = render(case, fidelity_registry)
    if case.id in KNOWN:
        assert not agrees(case, ours, theirs)
    else:
        assert agrees(case, ours, theirs), _explain(case, ours, theirs)
