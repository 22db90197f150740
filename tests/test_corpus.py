"""The committed corpus: it checks clean, and it is exactly what `wstools corpus build` makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from wstools.cli import main
from wstools.corpus.check import check
from wstools.corpus.index import load_index
from wstools.corpus.store import default_corpus_dir, load

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def test_corpus_check_passes(capsys):
    assert check() == []
    assert main(["corpus", "check"]) == 0


def test_required_printings_and_numbering():
    codes = {p.id: p.parse().code for p in load()}
    def numbers(i):
        return [law.label for law in codes[i].laws]
    assert numbers("awc-whist") == [str(n) for n in range(1, 40)]
    assert numbers("hoyle-1909-whist") == [str(n) for n in range(1, 13)] + ["12a"] + \
        [str(n) for n in range(13, 95)]
    assert numbers("hoyle-1909-dummy") == ["1", "2", "3", "4"]
    assert numbers("hoyle-1909-bridge") == [str(n) for n in range(1, 109)]
    assert numbers("work-auction-of-to-day") == [str(n) for n in range(62, 94)]
    auction = codes["hoyle-1909-auction-bridge"]
    assert auction.law(5).range_end == 10 and auction.law(91).range_end == 108
    whist = codes["awc-whist"]
    assert "faced in the pack" in whist.law(14).clauses[0].text


def test_corpus_never_holds_the_cyclopaedia_page():
    seed = next((SHARED / "seeds").glob("002_*.txt"), None)
    if seed is None:
        pytest.skip("../shared not present")
    ocr = seed.read_text(encoding="utf-8")
    for p in load():
        assert "002_" not in p.metadata["source"]
        assert "Miqnette" not in p.text and ocr[400:480] not in p.text


@pytest.mark.skipif(not (SHARED / "sources").is_dir(), reason="../shared not present")
def test_build_reproduces_committed_corpus(tmp_path, capsys):
    assert main(["corpus", "build", "--sources", str(SHARED), "--corpus", str(tmp_path)]) == 0
    log = capsys.readouterr().out
    assert "reviewed-correction: 'faced in the nack'" in log
    committed = {p.name: p.read_text() for p in default_corpus_dir().glob("*.txt")}
    built = {p.name: p.read_text() for p in tmp_path.glob("*.txt")}
    assert built == committed


def test_index_is_cached_and_rebuilt_on_change(tmp_path, monkeypatch):
    monkeypatch.setenv("WSTOOLS_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "corpus"
    folder.mkdir()
    src = default_corpus_dir() / "hoyle-1909-dummy.txt"
    (folder / src.name).write_text(src.read_text())
    first = load_index(folder)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    assert load_index(folder).key == first.key
    (folder / src.name).write_text(src.read_text() + "\n5. A new law about revokes.\n")
    second = load_index(folder)
    assert second.key != first.key and second.vocabulary.is_word("revokes")


def test_corpus_list_and_show(capsys):
    assert main(["corpus", "list"]) == 0
    out = capsys.readouterr().out
    assert "hoyle-1909-bridge\tbridge\t1909\t108 laws (1-108)" in out
    assert main(["corpus", "show", "hoyle-1909-whist", "12a"]) == 0
    # as the corpus prints it: the dash after the number kept
    assert "12a.—Any candidate may declare into any table" in capsys.readouterr().out
    assert main(["corpus", "show", "nope"]) == 2


def test_check_reports_junk_left(tmp_path):
    (tmp_path / "x.txt").write_text(
        "id: x\ntitle: t\nedition: e\nyear: 1\nsource: s\nlicence: pd\n---\n"
        "1. A card wis.h.i.+ng _to_ play--so.\n\nBestNovel.com\n\n3. A law.\n")
    found = [(d.code, d.line) for d in check(tmp_path)]
    assert found == [("law-gap", 12), ("scraper-dots", 8), ("italics", 8), ("dash", 8),
                     ("boilerplate", 10)]
