"""Dumps read completely and safely: the Page namespace from siteinfo, other content models
skipped, entities never expanded nor fetched, faults that keep what was read, duplicate
titles, compression bombs, a time budget a page. The dumps are small and made here (the
ones of /work/shared/attack/dumps/make_dumps.py, in miniature)."""

from __future__ import annotations

import bz2
import gzip
import json
import multiprocessing
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lxml import etree

import wstools.proofread
from wstools.bulk import PageTimeout, proofread_dump, time_budget
from wstools.cli import main
from wstools.io.dumps import DumpError, DumpReader, read_dump

REAL = Path(__file__).resolve().parents[2] / "shared" / "real" / "dumps"
NS = "http://www.mediawiki.org/xml/export-0.11/"
HEAD = f'<mediawiki xmlns="{NS}" version="0.11" xml:lang="en">\n'
OCR = ("600 WHIST\n53. After the dealer has taken the trump card into his hand, it cannot be "
       "asked for ; a player naming it at any time during- the play of that hand is liable.\n")


def siteinfo(page_ns: int = 104) -> str:
    return ("  <siteinfo><sitename>Lab</sitename><namespaces>"
            '<namespace key="0" case="first-letter" />'
            f'<namespace key="{page_ns}" case="first-letter">Page</namespace>'
            f'<namespace key="{page_ns + 2}" case="first-letter">Index</namespace>'
            "</namespaces></siteinfo>\n")


def page(title: str, text: str, ns: int = 104, model: str = "wikitext", raw: bool = False
         ) -> str:
    if not raw:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (f"  <page><title>{title}</title><ns>{ns}</ns><id>1</id><revision><id>1</id>"
            f"<timestamp>2020-01-01T00:00:00Z</timestamp><contributor><username>U</username>"
            f"</contributor><model>{model}</model><format>text/x-wiki</format>"
            f'<text xml:space="preserve">{text}</text></revision></page>\n')


def dump(path: Path, *parts: str, doctype: str = "", end: bool = True) -> Path:
    xml = (doctype + HEAD + "".join(parts) + ("</mediawiki>\n" if end else "")).encode()
    if path.name.endswith(".bz2"):
        xml = bz2.compress(xml)
    elif path.name.endswith(".gz"):
        xml = gzip.compress(xml)
    path.write_bytes(xml)
    return path


def run(tmp_path: Path, source: Path, *args: str) -> tuple[int, dict, Path]:
    """``wstools proofread --dump source``: exit code, JSON report, output dump."""
    out = tmp_path / "out.xml"
    report = tmp_path / "report.json"
    for f in (out, report):
        f.unlink(missing_ok=True)
    code = main(["proofread", "--dump", str(source), "-o", str(out), "--report-json",
                 str(report), "--quiet", *args])
    return code, (json.loads(report.read_text("utf-8")) if report.exists() else {}), out


def titles(path: Path) -> list[str]:
    root = etree.parse(str(path)).getroot()  # well-formed, closed
    return [t.text for t in root.iter(f"{{{NS}}}title")]


# -- 1. the Page namespace from siteinfo; other content models skipped ---------------------


def test_page_namespace_comes_from_siteinfo(tmp_path: Path) -> None:
    src = dump(tmp_path / "lab.xml", siteinfo(250),
               page("Page:A.djvu/1", OCR, 250), page("Page:A.djvu/2", OCR, 250),
               page("Page:A.djvu/3", '{"a": 1}', 250, model="json"),
               page("Other:B/1", OCR, 104), page("Module:X", "return {}", 828, "Scribunto"))
    code, report, out = run(tmp_path, src)
    assert code == 0
    assert titles(out) == ["Page:A.djvu/1", "Page:A.djvu/2"]
    assert (report["namespace"], report["namespace_from"]) == (250, "siteinfo")
    assert (report["read"], report["pages"], report["other_namespaces"]) == (5, 2, 1)
    assert report["skipped_models"] == {"json": 1, "Scribunto": 1}
    assert {"title": "Page:A.djvu/3", "model": "json"} in report["skipped"]
    # --namespace still overrides
    code, report, out = run(tmp_path, src, "--namespace", "104")
    assert code == 0 and titles(out) == ["Other:B/1"]
    assert (report["namespace"], report["namespace_from"]) == (104, "given")


def test_without_siteinfo_the_namespace_is_104(tmp_path: Path) -> None:
    src = dump(tmp_path / "plain.xml", page("Page:A.djvu/1", OCR), page("Main", OCR, 0))
    code, report, out = run(tmp_path, src)
    assert code == 0 and titles(out) == ["Page:A.djvu/1"]
    assert (report["namespace"], report["namespace_from"]) == (104, "default")


def test_real_pages_are_all_counted(tmp_path: Path) -> None:
    src = REAL / "real-pages-export-0.11.xml"
    if not src.exists():
        pytest.skip("../shared not beside the checkout")
    expected = len(re.findall(r"<page>", src.read_text("utf-8")))
    code, report, out = run(tmp_path, src)
    assert code == 0
    assert report["read"] == report["pages"] == report["proofread"] == expected == 23
    assert report["namespace"] == 104 and report["failed"] == 0 and report["fault"] is None
    assert len(titles(out)) == expected


def test_real_lab_config_finds_namespace_250_and_skips_json(tmp_path: Path) -> None:
    src = REAL / "prp-lab-config-export-0.11.xml"
    if not src.exists():
        pytest.skip("../shared not beside the checkout")
    code, report, out = run(tmp_path, src)
    assert code == 0
    assert (report["namespace"], report["namespace_from"]) == (250, "siteinfo")
    assert report["skipped_models"] == {"json": 2} and report["read"] == 6
    json_pages = {"MediaWiki:Proofreadpage index data config",
                  "MediaWiki:Proofreadpage pagelist dropdown values.json"}
    assert {s["title"] for s in report["skipped"]} == json_pages
    assert titles(out) == []
    # the json pages are skipped in their own namespace too
    code, report, out = run(tmp_path, src, "--namespace", "8")
    assert code == 0 and report["pages"] == 4 and len(titles(out)) == 4
    assert not json_pages & set(titles(out))


# -- 2. entities: kept as text, never expanded nor fetched -------------------------------


def test_internal_entity_is_kept_as_text_not_truncated(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    src = dump(tmp_path / "entity.xml",
               page("Page:T.djvu/1", "53. After &who; has taken the trump card, it cannot be "
                    "asked for.", raw=True), page("Page:T.djvu/2", OCR),
               doctype='<?xml version="1.0"?>\n<!DOCTYPE mediawiki [\n'
                       '  <!ENTITY who "the dealer">\n]>\n')
    pages = list(read_dump(src))
    assert pages[0].text == ("53. After &who; has taken the trump card, it cannot be asked "
                             "for.")
    assert pages[0].warnings and "&who;" in pages[0].warnings[0] and not pages[1].warnings
    code, report, out = run(tmp_path, src)
    assert code == 1  # reported
    assert "Page:T.djvu/1: entity references kept as text" in capsys.readouterr().err
    assert report["warnings"][0]["title"] == "Page:T.djvu/1"
    text = next(p.text for p in read_dump(out) if p.title == "Page:T.djvu/1")
    assert "&who; has taken the trump card, it cannot be asked for." in text


XXE = ('<?xml version="1.0"?>\n<!DOCTYPE mediawiki [\n'
       '  <!ENTITY xxe SYSTEM "secret.txt">\n  <!ENTITY pw SYSTEM "file:///etc/passwd">\n'
       '  <!ENTITY net SYSTEM "http://10.255.255.1/x.txt">\n]>\n')


def test_external_entities_are_not_read_nor_fetched(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("SECRET-MARKER-7f3a\n")
    src = dump(tmp_path / "xxe.xml",
               page("Page:T.djvu/1", "53. Before &xxe; after &pw; and &net; end.", raw=True),
               page("Page:T.djvu/2", OCR), doctype=XXE)
    started = time.monotonic()
    code, report, out = run(tmp_path, src)
    assert time.monotonic() - started < 10  # no network wait
    assert code == 1 and report["pages"] == 2 and len(report["warnings"]) == 1
    written = out.read_text("utf-8")
    assert "SECRET-MARKER" not in written and "root:" not in written
    assert "53. Before &amp;xxe; after &amp;pw; and &amp;net; end." in written


def test_billion_laughs_and_parameter_entities_are_refused_cleanly(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    (tmp_path / "secret.txt").write_text("SECRET-MARKER-7f3a\n")
    lol = ['<!ENTITY lol "lol">', '<!ENTITY lol1 "' + "&lol;" * 10 + '">'] + [
        f'<!ENTITY lol{i} "' + f"&lol{i - 1};" * 10 + '">' for i in range(2, 10)]
    laughs = dump(tmp_path / "laughs.xml", page("Page:T.djvu/1", "53. &lol9;", raw=True),
                  doctype='<?xml version="1.0"?>\n<!DOCTYPE mediawiki [\n' + "\n".join(lol)
                  + "\n]>\n")
    (tmp_path / "evil.dtd").write_text('<!ENTITY % file SYSTEM "secret.txt">\n'
                                       '<!ENTITY % wrap "<!ENTITY leak \'%file;\'>">\n%wrap;\n')
    param = dump(tmp_path / "param.xml", page("Page:T.djvu/1", "A &leak; B &leak2; C", raw=True),
                 doctype='<?xml version="1.0"?>\n<!DOCTYPE mediawiki [\n'
                 '  <!ENTITY % file SYSTEM "secret.txt">\n'
                 '  <!ENTITY % wrap "<!ENTITY leak2 \'%file;\'>">\n  %wrap;\n'
                 '  <!ENTITY % ext SYSTEM "evil.dtd">\n  %ext;\n]>\n')
    for src in (laughs, param):
        started = time.monotonic()
        code, _, out = run(tmp_path, src)
        err = capsys.readouterr().err
        assert time.monotonic() - started < 5
        assert code == 2 and "input-error malformed XML" in err and "Traceback" not in err
        assert "before the first page" in err and not out.exists()
        assert "SECRET" not in err


def test_a_page_after_an_expanded_entity_is_still_read(tmp_path: Path) -> None:
    """After a billion-laughs page, later pages are not read; the ones before are written."""
    lol = '<!ENTITY lol "lol">\n<!ENTITY lol1 "' + "&lol;" * 10 + '">\n' + "\n".join(
        f'<!ENTITY lol{i} "' + f"&lol{i - 1};" * 10 + '">' for i in range(2, 10))
    src = dump(tmp_path / "laughs2.xml", page("Page:T.djvu/1", OCR),
               page("Page:T.djvu/2", "53. &lol9;", raw=True), page("Page:T.djvu/3", OCR),
               doctype=f'<?xml version="1.0"?>\n<!DOCTYPE mediawiki [\n{lol}\n]>\n')
    code, report, out = run(tmp_path, src)
    assert code == 1 and titles(out) == ["Page:T.djvu/1"]
    assert report["fault"]["after"] == "Page:T.djvu/1"


# -- 3. faults keep what was read ------------------------------------------------------


def test_malformed_midway_keeps_the_pages_before(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    good = [page(f"Page:T.djvu/{i}", OCR) for i in range(1, 4)]
    src = dump(tmp_path / "midway.xml", *good,
               "  <page><title>Broken</title><ns>104<ns></page>\n", page("Page:T.djvu/9", OCR))
    code, report, out = run(tmp_path, src)
    err = capsys.readouterr().err
    assert code == 1
    assert titles(out) == ["Page:T.djvu/1", "Page:T.djvu/2", "Page:T.djvu/3"]
    fault = report["fault"]
    line = src.read_text("utf-8").split("<ns>104<ns></page>")[0].count("\n") + 1
    assert fault["file"] == str(src) and fault["line"] == line and fault["column"] > 0
    assert fault["after"] == "Page:T.djvu/3" and "malformed XML" in fault["message"]
    assert "reading stopped: malformed XML" in err and f"line {line}, column" in err
    assert "stopped early by a fault" in err


def _varied_pages(count: int) -> list[str]:
    rng = random.Random(17)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
             for _ in range(3000)]
    return [page(f"Page:V.djvu/{i}", " ".join(rng.choice(words) for _ in range(600)) + ".\n")
            for i in range(1, count + 1)]


@pytest.mark.parametrize("suffix", [".bz2", ".gz"])
def test_truncated_compressed_dump_keeps_the_pages_before(tmp_path: Path, suffix: str) -> None:
    xml = (HEAD + "".join(_varied_pages(120)) + "</mediawiki>\n").encode()
    # bz2 with 100 kB blocks, so that whole blocks survive the cut
    data = bz2.compress(xml, 1) if suffix == ".bz2" else gzip.compress(xml)
    src = tmp_path / f"cut.xml{suffix}"
    src.write_bytes(data[: len(data) * 3 // 4])
    reader = DumpReader(src, tolerant=True)
    read = [p.title for p in reader]
    assert 10 < len(read) < 120 and reader.fault is not None
    assert "truncated or corrupt compressed data" in str(reader.fault)
    code, report, out = run(tmp_path, src, "--page-timeout", "0")
    assert code == 1 and titles(out) == read  # nothing that was read is lost
    assert report["read"] == report["pages"] == len(read)
    assert report["fault"]["after"] == read[-1] and report["fault"]["offset"] > 0
    with pytest.raises(DumpError, match="truncated"):  # not tolerant: raises
        list(read_dump(src))


def test_a_fault_before_the_first_page_writes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "early.xml.gz"
    src.write_bytes(gzip.compress((HEAD + "".join(_varied_pages(3))).encode())[:60])
    code, report, out = run(tmp_path, src)
    assert code == 2 and not out.exists() and report == {}


# -- 4. duplicate titles ---------------------------------------------------------------


def test_duplicate_titles_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = dump(tmp_path / "dup.xml", page("Page:T.djvu/1", OCR),
               page("Page:T.djvu/2", OCR), page("Page:T.djvu/1", OCR.replace("53.", "54.")))
    code, report, out = run(tmp_path, src)
    err = capsys.readouterr().err
    assert code == 1
    assert report["duplicates"] == ["Page:T.djvu/1"]
    assert "Page:T.djvu/1: duplicate title" in err and "1 duplicate titles" in err
    assert len(titles(out)) == 3  # both are kept, as in the input


# -- 5. compression bombs --------------------------------------------------------------


def _measured(args: list[str]) -> tuple[int, str, float, float]:
    """Run the CLI in a child process: exit code, stderr, seconds, peak RSS in MB."""
    code = ("import resource, sys\nfrom wstools.cli import main\ncode = main(sys.argv[1:])\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\nsys.exit(code)\n")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=120, check=False)
    seconds = time.monotonic() - started
    return done.returncode, done.stderr, seconds, int(done.stdout.split()[-1]) / 1024


def _bomb(path: Path, prefix: str, filler: bytes, size: int, suffix: str) -> Path:
    c = bz2.BZ2Compressor(9)
    with open(path, "wb") as f:
        f.write(c.compress(prefix.encode()))
        chunk = filler * (1 << 20)
        for _ in range(size >> 20):
            f.write(c.compress(chunk))
        f.write(c.compress(suffix.encode()))
        f.write(c.flush())
    return path


def test_bombs_stop_in_bounded_time_and_memory(tmp_path: Path) -> None:
    """40 MiB in a page's text, and 40 MiB of blanks between pages, both in ~1 KB of bz2:
    over the 32 MiB a text may run, with the default limits."""
    text = _bomb(tmp_path / "text.xml.bz2", HEAD + "  <page><title>Page:B.djvu/1</title>"
                 "<ns>104</ns><revision><text>", b"a", 40 << 20,
                 "</text></revision></page>\n</mediawiki>\n")
    blanks = _bomb(tmp_path / "blanks.xml.bz2", HEAD + page("Page:T.djvu/1", OCR), b" ",
                   40 << 20, page("Page:T.djvu/2", OCR) + "</mediawiki>\n")
    assert text.stat().st_size < 10_000 and blanks.stat().st_size < 10_000
    out = tmp_path / "out.xml"
    code, err, seconds, mb = _measured(["proofread", "--dump", str(text), "-o", str(out),
                                        "--quiet"])
    assert code == 2 and "more than 33554432 bytes of XML without a tag" in err
    assert seconds < 10 and mb < 500, (seconds, mb)
    code, err, seconds, mb = _measured(["proofread", "--dump", str(blanks), "-o", str(out),
                                        "--quiet"])
    assert code == 1 and "reading stopped: more than 33554432 bytes" in err
    assert seconds < 10 and mb < 500, (seconds, mb)
    assert titles(out) == ["Page:T.djvu/1"]


def test_decompressed_size_limit(tmp_path: Path) -> None:
    # a Page: page, then 300 pages of another namespace (read, not proofread): ~6 MB of XML
    src = dump(tmp_path / "many.xml.bz2", page("Page:Z.djvu/1", OCR),
               *[page(f"Z/{i}", " " * 20_000 + "x", ns=0) for i in range(300)])
    assert src.stat().st_size < 50_000
    code, report, out = run(tmp_path, src, "--max-decompressed", "1")
    assert code == 1 and report["fault"] is not None
    assert "decompresses to more than 1048576 bytes" in report["fault"]["message"]
    assert titles(out) == ["Page:Z.djvu/1"] and 1 < report["read"] < 301
    reader = DumpReader(src, max_decompressed=0)  # 0: no limit
    assert sum(1 for _ in reader) == 301 and reader.bytes_read > 6_000_000


def test_uncompressed_dumps_have_no_decompressed_limit(tmp_path: Path) -> None:
    src = dump(tmp_path / "plain.xml", *[page(f"Page:Z.djvu/{i}", "y " * 5000)
                                         for i in range(300)])
    assert sum(1 for _ in DumpReader(src, max_decompressed=1024)) == 300


# -- 6. a time budget a page -----------------------------------------------------------


def test_time_budget_interrupts_python_and_regex() -> None:
    import regex
    for work in (lambda: regex.match(r"(a|aa)+$", "a" * 60 + "b"),
                 lambda: re.match(r"(a|aa)+$", "a" * 60 + "b")):
        started = time.monotonic()
        with pytest.raises(PageTimeout), time_budget(0.3):
            work()
        assert time.monotonic() - started < 2
    with time_budget(0):  # 0: none
        pass


@pytest.fixture
def slow_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Page:Slow.* loops until stopped (in this process and in forked workers)."""
    real = wstools.proofread.proofread_page

    def proofread_page(page, title: str = "", **kw):  # noqa: ANN001, ANN202
        while title.startswith("Page:Slow"):
            pass
        return real(page, title=title, **kw)

    monkeypatch.setattr(wstools.proofread, "proofread_page", proofread_page)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_page_over_budget_is_skipped_and_the_run_goes_on(
        tmp_path: Path, slow_page: None, jobs: int, capsys: pytest.CaptureFixture) -> None:
    if jobs > 1 and multiprocessing.get_start_method() != "fork":
        pytest.skip("the slow page is patched in: needs forked workers")
    src = dump(tmp_path / "slow.xml", page("Page:T.djvu/1", OCR), page("Page:Slow.djvu/2", OCR),
               page("Page:T.djvu/3", OCR))
    started = time.monotonic()
    code, report, out = run(tmp_path, src, "--page-timeout", "1", "--jobs", str(jobs))
    assert time.monotonic() - started < 30
    assert code == 1 and titles(out) == ["Page:T.djvu/1", "Page:T.djvu/3"]
    assert report["timed_out"] == 1
    assert report["failures"] == [{"title": "Page:Slow.djvu/2",
                                   "error": "over the time budget of 1 s a page"}]
    assert "Page:Slow.djvu/2: skipped: over the time budget" in capsys.readouterr().err


def test_the_backtracking_page_of_make_dumps(tmp_path: Path) -> None:
    """The cubic ``[NOTE—…`` page: either proofread within the budget or reported."""
    src = dump(tmp_path / "redos.xml", page("Page:T.djvu/1", OCR),
               page("Page:Slow.djvu/2", "1.—The game.\n[NOTE" + "—" * 1500 + "x\n2.—Next.\n"),
               page("Page:T.djvu/3", OCR))
    started = time.monotonic()
    summary = proofread_dump(src, tmp_path / "out.xml", page_timeout=1.5)
    assert time.monotonic() - started < 20
    assert summary.pages == 3 and summary.proofread + summary.timed_out == 3
    written = [p.title for p in read_dump(tmp_path / "out.xml")]
    assert [t for t in written if t.startswith("Page:T")] == ["Page:T.djvu/1", "Page:T.djvu/3"]
    assert ("Page:Slow.djvu/2" in written) == (summary.timed_out == 0)


# -- pages whose text is not in the dump are not blanked ------------------------------------


def test_pages_without_their_text_are_reported_not_blanked(tmp_path: Path) -> None:
    src = dump(tmp_path / "stub.xml", page("Page:T.djvu/1", OCR),
               "  <page><title>Page:T.djvu/2</title><ns>104</ns><revision><model>wikitext"
               '</model><text bytes="120" id="77" /></revision></page>\n',
               "  <page><title>Page:T.djvu/3</title><ns>104</ns><revision><model>wikitext"
               '</model><text deleted="deleted" /></revision></page>\n',
               "  <page><title>Page:T.djvu/4</title><ns>104</ns></page>\n",
               page("Page:T.djvu/5", ""))
    code, report, out = run(tmp_path, src)
    assert code == 1 and titles(out) == ["Page:T.djvu/1", "Page:T.djvu/5"]
    assert report["read"] == report["pages"] == 5 and report["failed"] == 3
    assert [f["error"] for f in report["failures"]] == [
        "the text is not in the dump (a stub dump?)", "the revision's text is hidden (deleted)",
        "no revision in the dump"]
