"""The on-disk cache of the witness index (issue 23): what it returns is what a fresh build
returns, and a missing, damaged, stale, foreign or unwritable cache is never an error and
never wrong data: the index is built again."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

from wstools.corpus.index import load_index
from wstools.corpus.store import default_corpus_dir
from wstools.repair import witness
from wstools.repair.repair import Repairer
from wstools.repair.witness import WitnessIndex, build_witnesses, cache_path, tokens

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cyclopaedia-624.txt"
FILES = ("hoyle-1909-whist.txt", "awc-whist.txt", "hoyle-1909-dummy.txt")


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small corpus folder of its own, and a cache folder of its own."""
    monkeypatch.setenv("WSTOOLS_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_bytes((default_corpus_dir() / name).read_bytes())
    return folder


def same(a: WitnessIndex, b: WitnessIndex) -> None:
    """Every table of the two indexes equal, in the same order, with the same types."""
    assert a.passages == b.passages
    assert a.lines == b.lines
    assert type(a.postings) is type(b.postings) is defaultdict
    assert list(a.postings.items()) == list(b.postings.items())
    assert list(a._weighted().items()) == list(b._weighted().items())
    assert a.shingles == b.shingles


def test_the_cache_gives_what_a_fresh_build_gives(corpus: Path) -> None:
    fresh = build_witnesses(corpus, use_cache=False)
    first = build_witnesses(corpus)  # builds and writes the cache
    path = cache_path(corpus)
    assert path.is_file()
    cached = build_witnesses(corpus)  # reads it
    assert cached is not first
    same(first, fresh)
    same(cached, fresh)
    segment = tokens("If a player lead out of turn, the card may be called")
    assert cached.windows(segment) == fresh.windows(segment)
    assert cached.windows(segment)  # (the query does find witnesses)


def test_the_cache_is_read_not_rebuilt(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build_witnesses(corpus)

    def no_build(*args: object) -> WitnessIndex:
        raise AssertionError("rebuilt although the cache is current")
    monkeypatch.setattr(WitnessIndex, "from_printings", no_build)
    assert build_witnesses(corpus).passages


@pytest.mark.parametrize("damage", ["empty", "truncated", "flipped", "garbage", "other-key"])
def test_a_damaged_or_foreign_cache_is_ignored_and_rebuilt(corpus: Path, tmp_path: Path,
                                                           damage: str) -> None:
    fresh = build_witnesses(corpus, use_cache=False)
    build_witnesses(corpus)
    path = cache_path(corpus)
    data = path.read_bytes()
    if damage == "empty":
        bad = b""
    elif damage == "truncated":
        bad = data[:len(data) // 2]
    elif damage == "flipped":  # one byte of the payload: the digest no longer matches
        at = len(data) - 1000
        bad = data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1:]
    elif damage == "garbage":
        bad = os.urandom(4096)
    else:  # a good file of another corpus, under this corpus's name
        other = tmp_path / "other"
        other.mkdir()
        (other / FILES[2]).write_bytes((corpus / FILES[2]).read_bytes())
        build_witnesses(other)
        bad = cache_path(other).read_bytes()
    path.write_bytes(bad)
    os.chmod(path, 0o600)
    same(build_witnesses(corpus), fresh)
    assert path.read_bytes() == data  # written again, whole
    same(build_witnesses(corpus), fresh)


def test_a_corpus_change_makes_a_new_key(corpus: Path) -> None:
    before = build_witnesses(corpus)
    old = cache_path(corpus)
    name = corpus / FILES[2]
    name.write_text(name.read_text(encoding="utf-8")
                    + "\n5. A player who revokes forfeits the rubber outright.\n",
                    encoding="utf-8")
    assert cache_path(corpus) != old
    after = build_witnesses(corpus)
    same(after, build_witnesses(corpus, use_cache=False))
    assert len(after.passages) == len(before.passages) + 1
    assert any("forfeits the rubber" in p.text for p in after.passages)
    same(build_witnesses(corpus), after)


def test_a_code_change_makes_a_new_key(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = cache_path(corpus)
    monkeypatch.setattr(witness, "CACHE_FORMAT", witness.CACHE_FORMAT + 1)
    assert cache_path(corpus) != old
    monkeypatch.setattr(witness, "CACHE_FORMAT", witness.CACHE_FORMAT - 1)
    monkeypatch.setattr(witness, "_code_stamp", lambda: "an edited witness.py")
    assert cache_path(corpus) != old


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file owners are a POSIX notion")
def test_a_cache_others_may_write_is_not_read(corpus: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = build_witnesses(corpus, use_cache=False)
    build_witnesses(corpus)
    path = cache_path(corpus)
    os.chmod(path, 0o666)
    read: list[bytes] = []
    real = witness._from_cache
    monkeypatch.setattr(witness, "_from_cache",
                        lambda data, key: read.append(data) or real(data, key))
    same(build_witnesses(corpus), fresh)
    assert not read  # not even looked at
    assert not path.stat().st_mode & 0o022  # replaced by a file of our own


def test_an_unwritable_cache_is_not_an_error(corpus: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("WSTOOLS_CACHE", str(blocker / "cache"))  # under a file
    same(build_witnesses(corpus), build_witnesses(corpus, use_cache=False))


def test_repairs_with_the_cached_index_are_those_with_a_fresh_one(corpus: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    index = load_index(corpus)
    build_witnesses(corpus)
    cached = Repairer(index, build_witnesses(corpus)).repair(text)
    fresh = Repairer(index, build_witnesses(corpus, use_cache=False)).repair(text)
    assert cached.text == fresh.text
    assert cached.edits == fresh.edits and cached.flags == fresh.flags
    assert any(e.rule.startswith("witness") for e in cached.edits)
