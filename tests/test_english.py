"""wstools.text.english: wordfreq's English Zipf frequencies from a compact cache, the same
to the last digit, wordfreq imported only when the cache is cold (issue 23, start-up)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from wordfreq import get_frequency_list, zipf_frequency

from wstools.text import english


@pytest.fixture
def cold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WSTOOLS_CACHE", str(tmp_path))
    english._table.cache_clear()
    english.zipf.cache_clear()
    yield tmp_path
    english._table.cache_clear()
    english.zipf.cache_clear()


def test_same_as_wordfreq(cold: Path) -> None:
    words = [w for bucket in get_frequency_list("en") for w in bucket]
    rng = random.Random(23)
    sample = rng.sample(words, 3000)
    ocr = Path(__file__).resolve().parents[1] / "examples" / "cyclopaedia-624.txt"
    cases = (sample + [w.capitalize() for w in sample[:500]] + [w + "’s" for w in sample[:300]]
             + [w.upper() + "." for w in sample[:300]] + ["l'" + w for w in sample[:200]]
             + ocr.read_text(encoding="utf-8").split()
             + ["", "--", "1909", "a1", "Bézique", "ſome", "STRASSE", "straße", "中文x", "o'clock"])
    wrong = [w for w in cases if english.zipf(w) != zipf_frequency(w, "en")]
    assert wrong == []


def test_the_cache_is_written_once_and_read(cold: Path) -> None:
    assert english.zipf("detached") == zipf_frequency("detached", "en")
    files = list(cold.glob("wordfreq-en-*.tsv"))
    assert len(files) == 1 and files[0].stat().st_size > 1_000_000
    english._table.cache_clear()
    english.zipf.cache_clear()
    before = files[0].stat().st_mtime_ns
    assert english.zipf("plaver") == zipf_frequency("plaver", "en")
    assert files[0].stat().st_mtime_ns == before


def test_a_damaged_cache_is_rebuilt(cold: Path) -> None:
    english.zipf("the")
    path = next(cold.glob("wordfreq-en-*.tsv"))
    path.write_bytes(b"not json\nthe\t1\n")
    english._table.cache_clear()
    english.zipf.cache_clear()
    assert english.zipf("the") == zipf_frequency("the", "en")


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("WSTOOLS_CACHE", str(blocker / "cache"))  # under a file: not a folder
    english._table.cache_clear()
    english.zipf.cache_clear()
    try:
        assert english.zipf("floodwater") == zipf_frequency("floodwater", "en")
    finally:
        english._table.cache_clear()
        english.zipf.cache_clear()


def test_wordfreq_is_not_imported_when_the_cache_is_warm(cold: Path) -> None:
    english.zipf("warm")  # builds the cache
    code = ("import sys\nfrom wstools.text.english import zipf\n"
            "values = [zipf(w) for w in ('the', 'card*', \"end'of\", 'Bézique', 'plaver')]\n"
            "print('wordfreq' in sys.modules, 'ftfy' in sys.modules, 'langcodes' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**__import__("os").environ, "WSTOOLS_CACHE": str(cold)},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "False"]
