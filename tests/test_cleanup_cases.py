"""Cleanup cases are data (tests/cases/cleanup/*.json: in the wild, synthetic, negative):
each gives the fixes to run (default: all), options, the input and the expected output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wstools.corpus.index import load_index
from wstools.edits import apply_edits
from wstools.text.pipeline import DEFAULT_FIXES, Options, clean

CASES = Path(__file__).parent / "cases" / "cleanup"


def _cases() -> list:
    out = []
    for path in sorted(CASES.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            out.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return out


@pytest.fixture(scope="module")
def vocabulary():
    return load_index(use_cache=False).vocabulary


@pytest.mark.parametrize("case", _cases())
def test_cleanup_case(case, vocabulary):
    options = Options(**case.get("options", {}))
    options.vocabulary = vocabulary
    result = clean(case["input"], case.get("fixes", DEFAULT_FIXES), options)
    assert result.text == case["output"]
    # every change is explained: the edits alone rebuild the output from the input
    if case["input"] == case["output"]:
        assert result.edits == []
    for e in result.edits:
        assert case["input"][e.start:e.end] == e.old and e.rule and 0 < e.confidence <= 1


def test_case_counts():
    counts = {p.stem: len(json.loads(p.read_text())) for p in CASES.glob("*.json")}
    total = sum(counts.values())
    assert total >= 120 and counts["negative"] * 3 >= total


def test_edits_rebuild_single_fix_output(vocabulary):
    text = "the de- tached card ; Ac., const.i.tute {241} it--so."
    for fix in DEFAULT_FIXES:
        r = clean(text, [fix], Options(vocabulary=vocabulary))
        assert apply_edits(text, r.edits) == r.text
