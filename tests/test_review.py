"""The review page of ``proofread --report`` (issue 24): the accept/reject model gives a
correct page for any choice, and the page is safe with hostile OCR."""

from __future__ import annotations

import html
import json
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.edits import Edit
from wstools.page import read_page
from wstools.proofread import proofread_page
from wstools.review import apply_changes, build_changes, index_html, make_review, review_html

from .conftest import ROOT

EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"
XSS = Path(__file__).resolve().parents[2] / "shared" / "attack" / "xss"


@pytest.fixture(scope="module")
def example():  # noqa: ANN201
    text = EXAMPLE.read_text(encoding="utf-8")
    result = proofread_page(read_page(text))
    return text, result, make_review(result, text, EXAMPLE.name)


def test_overlapping_edits_are_one_change() -> None:
    source = "a. S8. b arc"
    body = "a.\n\n58. b are"
    edits = [Edit(3, 5, "S8", "58", "law-number"), Edit(2, 5, " S8", "\n\n58", "layout"),
             Edit(9, 12, "arc", "are", "witness")]
    changes, idle = build_changes(source, body, edits)
    assert [(c.old, c.new, c.rules) for c in changes] == [
        (" S8", "\n\n58", ["layout", "law-number"]), ("arc", "are", ["witness"])]
    assert not idle
    assert apply_changes(source, changes, {0, 1}) == body
    assert apply_changes(source, changes, {1}) == "a. S8. b are"
    assert apply_changes(source, changes, set()) == source


def test_every_choice_gives_a_page(example) -> None:  # noqa: ANN001
    text, result, review = example
    assert review.wikitext() == result.page.wikitext()
    body_changes = [c for c in review.changes if c.part == "body"]
    assert apply_changes(review.source, review.changes, {c.index for c in review.changes}) \
        == result.page.body
    # every edit of the pipeline is in one change (or made no difference)
    assert sum(len(c.edits) for c in body_changes) + len(review.idle) >= len(
        [e for e in result.edits])
    # rejecting one change puts back its OCR there and changes nothing else
    body = result.page.body
    every = {c.index for c in review.changes}
    # (a change of the running head's group goes with the header: rejecting it rejects them)
    for c in body_changes:
        got = apply_changes(review.source, review.changes, every - {c.key})
        want, pos = [], 0
        for d in body_changes:
            if d.key == c.key:
                want += [body[pos:d.out_start], d.old]
                pos = d.out_end
        assert got == "".join(want) + body[pos:]
    # rejecting everything gives the OCR back (in a page frame, with the header it had)
    page = read_page(review.wikitext(set()))
    assert page.body == review.source and page.header == ""
    # random choices: each page is the OCR with the accepted spans replaced
    rng = random.Random(5)
    for _ in range(20):
        keep = {c.index for c in review.changes if rng.random() < 0.5}
        page = read_page(review.wikitext(keep))
        out, pos_src = [], 0
        for c in body_changes:
            out.append(review.source[pos_src:c.start])
            out.append(c.new if c.key in keep else c.old)
            pos_src = c.end
        out.append(review.source[pos_src:])
        assert page.body == "".join(out)
        assert page.header == (result.page.header if 0 in keep else "")


def test_heading_and_law_number_under_layout(example) -> None:  # noqa: ANN001
    _, _, review = example
    grouped = [c for c in review.changes if "layout" in c.rules and len(c.rules) > 1]
    assert grouped, "the layout's edits over repairs are grouped"
    for c in grouped:
        assert "\n" in c.new or "{{" in c.new


def test_cli_writes_the_review(tmp_path: Path) -> None:
    report = tmp_path / "review.html"
    out = tmp_path / "page.wiki"
    png = tmp_path / "scan.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    assert main(["proofread", str(EXAMPLE), "-o", str(out), "--report", str(report),
                 "--image", str(png)]) == 0
    page = report.read_text(encoding="utf-8")
    assert "data:image/png;base64," in page
    assert "http://" not in page.split("<script")[0].replace(
        "http://www.w3.org", "")  # nothing fetched
    data = json.loads(_Scripts.of(page)[0][1])
    assert data["saved"] == out.read_text(encoding="utf-8").rstrip("\n")
    assert data["name"] == "cyclopaedia-624.wiki"
    # a witness is named as a proofreader knows it, not by the corpus' file id
    assert "The Laws of Whist (" in page and ", line " in page


def test_image_refused(tmp_path: Path) -> None:
    bad = tmp_path / "scan.exe"
    bad.write_bytes(b"MZ")
    assert main(["proofread", str(EXAMPLE), "-o", str(tmp_path / "o.wiki"), "--report",
                 str(tmp_path / "r.html"), "--image", str(bad)]) == 2


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[dict, str]] = []
        self.tags: list[tuple[str, dict]] = []
        self._in = False

    @classmethod
    def of(cls, page: str) -> list[tuple[dict, str]]:
        p = cls()
        p.feed(page)
        return p.scripts

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in = True
            self.scripts.append((dict(attrs), ""))

    def handle_data(self, data: str) -> None:
        if self._in:
            self.scripts[-1] = (self.scripts[-1][0], self.scripts[-1][1] + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in = False


def test_hostile_ocr_is_escaped() -> None:
    lines = []
    for f in sorted(XSS.glob("*.txt")) if XSS.is_dir() else []:
        lines += f.read_text(encoding="utf-8", errors="replace").splitlines()
    lines += ["</script><script>alert(1)</script>", "<!--<script>", "\u2028\u2029 tbe",
              '"}; alert(1); //', "\ue001 1\ue002x\ue003 marker"]
    text = "\n".join(lines)
    result = proofread_page(read_page(text))
    review = make_review(result, text, "<b>name</b>.txt",
                         [(0, 1, "<script>", "</script><img src=x onerror=alert(1)>")])
    page = review_html(review, "data:image/png;base64,AAAA")
    parser = _Scripts()
    parser.feed(page)
    assert len(parser.scripts) == 2  # the data and the page's own script, nothing else
    assert parser.scripts[0][0] == {"type": "application/json", "id": "review-data"}
    data = json.loads(parser.scripts[0][1])
    assert data["source"] == review.source and data["saved"] == result.page.wikitext()
    for tag, attrs in parser.tags:
        assert tag not in ("iframe", "object", "embed", "base", "form", "link", "meta") or (
            tag == "meta"), tag
        for key, value in attrs.items():
            assert not key.startswith("on"), (tag, key)
            if key in ("href", "src", "action"):
                assert not (value or "").strip().lower().startswith(("javascript", "vbscript"))
    assert sum(1 for t, _ in parser.tags if t == "meta") == 2  # charset, CSP


def test_index_page() -> None:
    page = index_html("<Book>", [
        {"name": "p1<script>", "link": "p1.html", "edits": 3, "changes": 2, "flags": 1,
         "rules": {"layout": 2, "witness": 1}, "status": "ok"},
        {"name": "p2", "link": None, "edits": 0, "rules": {}}])
    assert "<script>" not in page and "&lt;Book&gt;" in page
    assert 'id="chart"' in page and "witness" in page


def test_book_report(tmp_path: Path) -> None:
    """Book mode: an index (counts per page, a chart of edit kinds) and a review page a
    page, each of which gives back, with every change accepted, the page written."""
    from .test_book import _entries, _ocr
    folder = tmp_path / "book"
    folder.mkdir()
    for e in _entries("eo-volume-6")[7:12]:
        (folder / f"p{e['position']}.txt").write_text(_ocr(e["id"]), encoding="utf-8")
    out, report = tmp_path / "out", tmp_path / "rev" / "index.html"
    report.parent.mkdir()
    assert main(["proofread", str(folder), "-o", str(out), "--report", str(report)]) in (0, 1)
    index = report.read_text(encoding="utf-8")
    assert 'id="chart"' in index and index.count('href="index-') == 5
    for k, f in enumerate(sorted(out.iterdir(), key=lambda p: int(p.stem[1:])), 1):
        page = (report.parent / f"index-{k}.html").read_text(encoding="utf-8")
        data = json.loads(_Scripts.of(page)[0][1])
        assert data["saved"] == f.read_text(encoding="utf-8").rstrip("\n")


def test_flags_are_what_is_left(capsys: pytest.CaptureFixture) -> None:
    """On the bundled example the suspects are the errors left in the saved text (the user
    audit's list, less those the pipeline now mends), never a word already fixed; --explain
    gives line:column in the input's lines, a context and readable strings."""
    assert main(["proofread", str(EXAMPLE), "--explain", "-o", "-"]) == 0
    out, err = capsys.readouterr()
    flags = [line for line in err.splitlines() if ": suspect " in line]
    saved = [line.split(" — in the saved text: ", 1)[1] for line in flags]
    for left in ("([/], two", "hand; [t], is", "player[; ,] takes", "quitted, [-]i. e.",
                 "ii [']t after", "trick [I] either", "or, [i] without", "lowest [or] the"):
        # flagged, or mended since (clause-letter mends the first three): gone from the page
        gone = left.replace("[", "").replace("]", "") not in out
        assert any(left in s for s in saved) or gone, left
    assert len(flags) <= 10
    for word in ("ulliinj", "Miqnette", "Wlttet"):  # mended by the heading step
        assert word not in "\n".join(flags)
    assert "\\xa0" not in err and "[nbsp]" in err
    first = next(line for line in err.splitlines() if " law-number " in line)
    assert first.startswith(f"{EXAMPLE}:7:") and "…" in first


def test_dump_report(tmp_path: Path) -> None:
    """--dump … --report: an index with the edit kinds' chart and the pages that failed."""
    from tests.support.generate import generated_pages
    from wstools.io.dumps import DumpPage

    from .test_dumps import _write
    dump = tmp_path / "pages.xml"
    pages = list(generated_pages(4))
    pages.append(DumpPage("Page:Broken<b>.djvu/1", 104, "x" * (2 * 1024 * 1024 + 1)))
    _write(dump, pages)
    report = tmp_path / "index.html"
    code = main(["proofread", "--dump", str(dump), "-o", str(tmp_path / "out.xml"),
                 "--report", str(report), "--quiet"])
    assert code in (0, 1)
    index = report.read_text(encoding="utf-8")
    assert 'id="chart"' in index and "failed: " in index and " edits, " in index
    # the chart of the edit kinds (Summary.rules) and a row a page with its counts
    summary = json.loads((tmp_path / "out.xml.summary.json").read_text(encoding="utf-8"))
    assert summary["rules"] and sum(summary["rules"].values()) == summary["edits"]
    assert [p["title"] for p in summary["per_page"]] == [p.title for p in pages[:4]]
    assert sum(p["edits"] for p in summary["per_page"]) == summary["edits"]
    chart = index.split('id="chart">', 1)[1].split("</table>", 1)[0]
    assert chart.count('class="bar"') == len(summary["rules"])
    for p in summary["per_page"]:
        row = f"<tr><td>{html.escape(p['title'])}</td><td>{p['edits']}</td><td>–</td>" \
              f"<td>{p['flags']}</td>"
        assert row in index, row
    assert "<b>.djvu" not in index and "Broken&lt;b&gt;.djvu" in index


# -- the running head is one change (audit H5), checked with the page's own script ----------

_DOM_STUB = r"""
const fs = require('fs');
const page = fs.readFileSync(process.argv[1], 'utf8');
const data = page.match(
  /<script type="application\/json" id="review-data">([\s\S]*?)<\/script>/)[1];
const script = page.match(/<script>([\s\S]*?)<\/script>/)[1];
function el() {
  return {value: '1', checked: false, textContent: '', dataset: {},
          classList: {add() {}, remove() {}, toggle() {}, contains() { return false; }},
          addEventListener() {}};
}
global.window = {};
global.document = {
  getElementById(id) { const e = el(); if (id === 'review-data') { e.textContent = data; }
                       return e; },
  querySelectorAll() { return []; }, querySelector() { return null; },
};
eval(script);
const review = window.wstoolsReview;
const choices = JSON.parse(process.argv[2]);
const out = [];
for (const reject of choices) {
  review.accepted.forEach((_, i) => review.set(i, true));
  reject.forEach(i => review.set(i, false));
  out.push(review.wikitext());
}
process.stdout.write(JSON.stringify(out));
"""


def _downloads(tmp_path: Path, review, choices: list[list[int]]) -> list[str]:  # noqa: ANN001
    """What Download gives after rejecting each list of changes, run by the page's script."""
    import shutil
    import subprocess
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed")
    page = tmp_path / "review.html"
    page.write_text(review_html(review), encoding="utf-8")
    done = subprocess.run([node, "-e", _DOM_STUB, str(page), json.dumps(choices)],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("source", [
    EXAMPLE, ROOT / "benchmarks" / "pages" / "pages" / "eo-volume-5-p004.ocr.txt"])
def test_running_head_is_one_change(tmp_path: Path, source: Path) -> None:
    text = source.read_text(encoding="utf-8")
    result = proofread_page(read_page(text))
    review = make_review(result, text, source.name)
    head = next(c for c in review.changes if c.part == "header")
    taken = [c for c in review.changes if c.part == "body"
             and any("running-head" in r.split("+") for r in c.rules)]  # (composed too)
    assert taken and all(c.group == head.index for c in taken)
    every = {c.index for c in review.changes}
    saved = result.page.wikitext()
    # reject the head alone, or the body change that takes it out alone: the same page, the
    # OCR's head back in the body and no {{rh}}; accept the head alone: header set, head gone
    alone = {head.index} | {c.index for c in taken}
    choices = [[head.index], [taken[0].index], sorted(every - alone)]
    py = [review.wikitext(every - {head.index}), review.wikitext(every - {taken[0].key}),
          review.wikitext(alone)]
    js = _downloads(tmp_path, review, choices)
    assert js == py
    rejected, also_rejected, accepted = (read_page(t) for t in py)
    assert also_rejected.wikitext() == rejected.wikitext()
    assert "{{rh" not in rejected.wikitext() and rejected.header == review.original.header
    for c in taken:  # the head's OCR is back where it was
        assert c.old in rejected.body
    assert accepted.header == result.page.header
    assert accepted.body == apply_changes(review.source, review.changes, alone)
    for c in taken:
        assert c.new in accepted.body and (not c.old.strip() or c.old not in accepted.body)
    assert read_page(saved).header == accepted.header


def test_running_head_in_chromium(tmp_path: Path, example) -> None:  # noqa: ANN001
    """In a browser: unticking the header's box unticks the head's body change too, and
    Download gives the OCR's head back in the body and no {{rh}}."""
    import shutil
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("browser tier: install Debian's chromium")
    playwright = pytest.importorskip("playwright.sync_api")
    text, result, review = example
    head = next(c for c in review.changes if c.part == "header")
    taken = next(c for c in review.changes if c.group == head.index)
    page_file = tmp_path / "review.html"
    page_file.write_text(review_html(review), encoding="utf-8")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(accept_downloads=True)
        page.goto(page_file.as_uri())
        page.uncheck(f"#accept-{head.index}")
        assert not page.is_checked(f"#accept-{taken.index}")
        with page.expect_download() as info:
            page.click("#download")
        downloaded = Path(info.value.path()).read_text(encoding="utf-8")
        page.check(f"#accept-{taken.index}")  # the body change ticks the header back
        assert page.is_checked(f"#accept-{head.index}")
        browser.close()
    every = {c.index for c in review.changes}
    assert downloaded == review.wikitext(every - {head.index})
    assert "{{rh" not in downloaded and taken.old in read_page(downloaded).body
