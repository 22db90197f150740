"""perf33: the faster paths give the answers of the plain ones."""

from __future__ import annotations

import re

from wstools.repair.align import _key, runs
from wstools.repair.twins import _twin, ocr_twin
from wstools.repair.witness import _segment_grams, _trigrams, tokens

FREQ = {"the": 7.7, "tbe": 1.0, "same": 6.0, "sarne": 0.5, "presbyters": 2.0}


def test_ocr_twin_takes_a_zipf_that_is_no_cache_key() -> None:
    assert ocr_twin("tbe", _Unhashable()) == "the"
    assert ocr_twin("presbyters", _Unhashable()) is None


class _Unhashable:
    __hash__ = None  # type: ignore[assignment]

    def __call__(self, word: str) -> float:
        return FREQ.get(word, 0.0)


def test_ocr_twin_cached_equals_plain() -> None:
    zipf = _Unhashable()
    for word in ("tbe", "sarne", "presbyters", "xyz", ""):
        assert ocr_twin(word, _plain) == _twin(word, zipf)


def _plain(word: str) -> float:
    return FREQ.get(word, 0.0)


def test_segment_grams_are_the_trigrams_of_the_keys() -> None:
    text = "If any one, play (two) cards 1.5 to the same trick; the 'dealer' deals İt"
    toks = tokens(text)
    assert _segment_grams(toks) == set(_trigrams(t.key for t in toks))


def test_runs_keys_inline_as_key() -> None:
    text = "Alpha, bravo charlie_x dé-lta echo foxtrot"
    wit = "alpha bravo charlie delta echo foxtrot golf"
    found = runs(text, wit)
    assert all(r.keys == " ".join(_key(w) for w in r.words.split() if _key(w))
               for r in found if r.at < 0)


def test_key_fast_paths_are_the_pattern() -> None:
    for word in ("cards,", "trick.", "A", "a_", "_a", "x__", "(a)", "dé-lta", "İt;", "12.",
                 "b2b;", "’s", "a.", "..", "word—", "ab_c,", "½,"):
        assert _key(word) == "".join(re.findall(r"[^\W_]+", word)).lower(), word
