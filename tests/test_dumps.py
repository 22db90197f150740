"""XML dumps: streamed reading and writing, bulk proofreading in processes and on Dask."""

from __future__ import annotations

import bz2
import gzip
import json
import tracemalloc
from pathlib import Path

import pytest
from lxml import etree

from tests.support.generate import generated_pages, tesseract_confusions
from wstools.bulk import proofread_dump
from wstools.cli import main
from wstools.io.dumps import DumpError, DumpPage, DumpWriter, read_dump, sha1_base36
from wstools.page import read_page

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "design" / "mediawiki" / \
    "sample-dump.xml"


def _write(path: Path, pages: list[DumpPage]) -> None:
    with DumpWriter(path) as w:
        for p in pages:
            w.write(p)


@pytest.mark.parametrize("name", ["out.xml", "out.xml.bz2", "out.xml.gz"])
def test_write_and_read_back(tmp_path: Path, name: str) -> None:
    pages = [DumpPage("Page:A.djvu/1", 104, "a <b> & 'c'\n\n  ", id="7"),
             DumpPage("Page:A.djvu/2", 104, ""), DumpPage("Main page", 0, "x")]
    _write(tmp_path / name, pages)
    raw = (tmp_path / name).read_bytes()
    if name.endswith(".bz2"):
        raw = bz2.decompress(raw)
    elif name.endswith(".gz"):
        raw = gzip.decompress(raw)
    root = etree.fromstring(raw)
    assert root.tag == "{http://www.mediawiki.org/xml/export-0.11/}mediawiki"
    back = list(read_dump(tmp_path / name))
    assert [(p.title, p.ns, p.text) for p in back] == [(p.title, p.ns, p.text) for p in pages]
    assert [p.title for p in read_dump(tmp_path / name, 104)] == ["Page:A.djvu/1",
                                                                  "Page:A.djvu/2"]


def test_reads_mediawiki_sample() -> None:
    if not SAMPLE.exists():
        pytest.skip("../shared not beside the checkout")
    pages = list(read_dump(SAMPLE))
    assert [p.title for p in pages] == ["Template:Center", "Page:Imported.djvu/3"]
    assert pages[1].ns == 104 and pages[1].contributor == "Importer"


def test_sha1_matches_mediawiki() -> None:
    # MediaWiki's sha1 of the empty text
    assert sha1_base36("") == "phoiac9h4m842xq45sp7s6u21eteeq1"


@pytest.mark.parametrize(("data", "message"), [
    (b"<mediawiki><page><title>A</title>", "malformed XML"),
    (b"<html><body/></html>", "not a MediaWiki export"),
    (b"", "empty|no element found"),
    (b"\x00\x01binary", "malformed XML"),
])
def test_bad_dumps_raise_with_position(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(data)
    with pytest.raises(DumpError, match=message):
        list(read_dump(path))


def test_failed_write_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    with pytest.raises(RuntimeError), DumpWriter(out) as w:
        w.write(DumpPage("A", 0, "x"))
        raise RuntimeError("stop")
    assert not out.exists() and not list(tmp_path.iterdir())


def test_reading_keeps_memory_flat(tmp_path: Path) -> None:
    """Reading 20× more pages must not need much more memory (pages are freed as read)."""
    def peak(count: int) -> int:
        path = tmp_path / f"{count}.xml"
        _write(path, [DumpPage(f"Page:B.djvu/{i}", 104, "text " * 400) for i in range(count)])
        tracemalloc.start()
        n = sum(1 for _ in read_dump(path))
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert n == count
        return top

    small, large = peak(100), peak(2000)
    assert large < small * 3, (small, large)


def test_generated_pages_are_deterministic() -> None:
    a = [p.text for p in generated_pages(30)]
    assert a == [p.text for p in generated_pages(30)]
    assert len(set(a)) == 30 and all(read_page(t).level == 1 for t in a)
    assert len(tesseract_confusions()) > 100


@pytest.fixture(scope="module")
def dump(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dump") / "pages.xml.bz2"
    pages = list(generated_pages(40))
    # a page that cannot be proofread must be reported and skipped, not stop the run
    pages.insert(5, DumpPage("Page:Broken.djvu/1", 104, "x" * (2 * 1024 * 1024 + 1)))
    pages.append(DumpPage("Talk:Other", 1, "not in the Page: namespace"))
    _write(path, pages)
    return path


def test_bulk_jobs_1_and_2_agree(dump: Path, tmp_path: Path) -> None:
    one = proofread_dump(dump, tmp_path / "one.xml", jobs=1)
    two = proofread_dump(dump, tmp_path / "two.xml", jobs=2)
    assert (one.pages, one.proofread, one.failed) == (41, 40, 1)
    assert one.failures[0]["title"] == "Page:Broken.djvu/1"
    a = [(p.title, p.text) for p in read_dump(tmp_path / "one.xml")]
    b = [(p.title, p.text) for p in read_dump(tmp_path / "two.xml")]
    assert a == b and len(a) == 40
    assert one.edits == two.edits > 0 and one.laws > 100
    first = read_page(a[0][1])
    assert first.header.startswith("{{rh|") and "\n\n" in first.body


def test_bulk_on_dask(dump: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        summary = proofread_dump(dump, tmp_path / "dask.xml", engine="dask", client=client)
    local = proofread_dump(dump, tmp_path / "local.xml", jobs=1)
    assert (summary.pages, summary.failed) == (41, 1)
    assert [p.text for p in read_dump(tmp_path / "dask.xml")] == \
        [p.text for p in read_dump(tmp_path / "local.xml")]
    assert summary.edits == local.edits


def test_cli_dump(dump: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "out.xml.gz"
    code = main(["proofread", "--dump", str(dump), "-o", str(out), "--jobs", "2",
                 "--limit", "12"])
    err = capsys.readouterr().err
    assert code == 1  # one page failed (and was skipped)
    assert "Page:Broken.djvu/1: skipped" in err and "12 pages: 11 proofread, 1 failed" in err
    assert len(list(read_dump(out))) == 11
    summary = json.loads(Path(f"{out}.summary.json").read_text("utf-8"))
    assert summary["pages"] == 12 and summary["failed"] == 1
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<mediawiki><page>")
    assert main(["proofread", "--dump", str(bad), "-o", str(tmp_path / "x.xml")]) == 2
    assert "input-error malformed XML" in capsys.readouterr().err
    assert not (tmp_path / "x.xml").exists()
    assert main(["proofread", "--dump", str(dump)]) == 2  # no -o
    assert main(["proofread", "--dump", str(dump), "-o", str(dump)]) == 2


def test_summary_counts_edits_by_rule_and_per_page(tmp_path: Path) -> None:
    """Summary.rules (the dump index's chart) is filled; per_page only when asked."""
    dump = tmp_path / "in.xml"
    pages = list(generated_pages(3))
    _write(dump, pages)
    plain = proofread_dump(dump, tmp_path / "a.xml")
    assert plain.rules and sum(plain.rules.values()) == plain.edits
    assert plain.per_page is None and plain.as_dict()["rules"] == plain.rules
    detailed = proofread_dump(dump, tmp_path / "b.xml", per_page=True, jobs=2)
    assert detailed.rules == plain.rules
    assert [p["title"] for p in detailed.per_page or []] == [p.title for p in pages]
    assert sum(p["edits"] for p in detailed.per_page or []) == detailed.edits
    assert all(sum(p["rules"].values()) == p["edits"] for p in detailed.per_page or [])


def test_a_page_left_as_it_was_keeps_its_revision(tmp_path: Path) -> None:
    """A validated page comes out of a dump run as it came in, revision and all (an import
    of the output makes no new revision of it); a proofread one is a new revision."""
    kept = DumpPage("Page:Book.djvu/1", 104,
                    '<noinclude><pagequality level="4" user="Ann" /></noinclude>Text.'
                    "<noinclude></noinclude>", id="7", revision_id="70",
                    timestamp="2020-01-02T03:04:05Z", contributor="Ann", comment="validated")
    ocr = next(iter(generated_pages(1)))
    ocr = DumpPage("Page:Book.djvu/2", 104, ocr.text, id="8", revision_id="80",
                   timestamp="2020-01-02T03:04:05Z", contributor="OCR bot")
    _write(tmp_path / "in.xml", [kept, ocr])
    proofread_dump(tmp_path / "in.xml", tmp_path / "out.xml")
    got = {p.title: p for p in read_dump(tmp_path / "out.xml")}
    same = got["Page:Book.djvu/1"]
    assert (same.text, same.revision_id, same.timestamp, same.contributor, same.comment) == \
        (kept.text, "70", "2020-01-02T03:04:05Z", "Ann", "validated")
    new = got["Page:Book.djvu/2"]
    assert new.text != ocr.text and new.revision_id == "" and new.contributor == "wstools"
    assert new.timestamp != ocr.timestamp
