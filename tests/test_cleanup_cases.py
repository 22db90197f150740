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
    # the cases are lines of law codes, too short to show it (two law numbers in sequence):
    # they are cleaned as law codes, where the law-only fixes (boilerplate) run
    options = Options(**{"law": True, **case.get("options", {})})
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


def test_law_only_fixes_skip_other_text(vocabulary):
    """Boilerplate judges a line by its words: on text that is no law code it does not run
    (a line of OCR read "plaver.co", an article naming a website), unless told the text is
    a law code."""
    article = ("The railway was opened in 1905.\nSee the website africa.org for the map.\n"
               "The line runs north.")
    assert clean(article, ["boilerplate"], Options(vocabulary=vocabulary)).text == article
    told = clean(article, ["boilerplate"], Options(vocabulary=vocabulary, law=True)).text
    assert "africa.org" not in told
    laws = "1. The dealer deals.\n\nBestNovel.com\n\n2. The cut.\n\n3. The deal.\n"
    assert "BestNovel" not in clean(laws, ["boilerplate"], Options(vocabulary=vocabulary)).text


def test_opt_in_fixes():
    from wstools.text.pipeline import OPT_IN_FIXES, default_fixes
    assert not OPT_IN_FIXES & set(default_fixes())
    assert "boilerplate" in default_fixes("+boilerplate")
    assert "dashes" not in default_fixes("-dashes")
    with pytest.raises(ValueError):
        default_fixes("+nonsense")
