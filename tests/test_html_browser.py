"""Standalone HTML pages opened in a real browser (Debian's headless Chromium).

The seed 000 law list and a Page: with ``{{rh}}``, TOC rows and footnotes are rendered by
``wstools expand --to html --standalone``; Chromium takes a screenshot (written to the
test's temporary folder) and, on a copy of the page with a measuring script appended, dumps
the DOM with the boxes it laid out, which the test checks.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import lxml.html
import pytest

from wstools.cli import main

from .conftest import ROOT, TEMPLATES

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--window-size=1000,1600"]
MEASURE = """
<script>
(function () {
  function box(e) { var r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            cls: e.className, text: e.textContent.trim().slice(0, 40)}; }
  function all(sel) { return Array.prototype.map.call(document.querySelectorAll(sel), box); }
  var out = {header: all('.wst-running-header-cell'), tocNumber: all('.wst-toc-number'),
             tocEntry: all('.wst-toc-entry'), tocPage: all('.wst-toc-page'),
             laws: all('ol.wst-ol > li'), notes: all('ol.references > li'),
             centred: all('.wst-center'), body: box(document.body),
             stylesheet: getComputedStyle(document.querySelector('.mw-parser-output'))
               .display};
  var pre = document.createElement('pre'); pre.id = 'layout';
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
})();
</script>
"""


@pytest.fixture(scope="module")
def chromium() -> str:
    if CHROMIUM is None:
        if os.environ.get("WSTOOLS_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed")
        pytest.skip("browser tier: install Debian's chromium (apt-get install chromium)")
    return CHROMIUM


def render_page(tmp_path: Path, source: Path, title: str = "") -> Path:
    out = tmp_path / (source.stem + ".html")
    shutil.copy(TEMPLATES / "wstools.css", tmp_path / "wstools.css")
    args = ["expand", str(source), "--to", "html", "--standalone", "-o", str(out)]
    if title:
        args += ["--title", title]
    assert main(args) == 0
    return out


def run(chromium: str, tmp_path: Path, *args: str) -> str:
    profile = tmp_path / "profile"
    done = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def layout(chromium: str, tmp_path: Path, page: Path) -> dict:
    measured = page.with_name(page.stem + "-measured.html")
    measured.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"),
                        encoding="utf-8")
    dom = run(chromium, tmp_path, "--virtual-time-budget=3000", "--dump-dom",
              measured.as_uri())
    tree = lxml.html.document_fromstring(dom)
    return json.loads(tree.get_element_by_id("layout").text)


def screenshot(chromium: str, tmp_path: Path, page: Path) -> Path:
    png = tmp_path / (page.stem + ".png")
    run(chromium, tmp_path, f"--screenshot={png}", page.as_uri())
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 5000  # not a blank page
    return png


def test_law_list_page(chromium: str, tmp_path: Path) -> None:
    page = render_page(tmp_path, ROOT / "examples" / "laws-of-whist.wiki")
    screenshot(chromium, tmp_path, page)
    boxes = layout(chromium, tmp_path, page)
    laws = boxes["laws"]
    assert len(laws) == 39
    assert len({round(b["left"]) for b in laws}) == 1, "list items not aligned"
    assert all(a["bottom"] <= b["top"] + 1 for a, b in zip(laws, laws[1:], strict=False))
    for title in boxes["centred"][:2]:  # {{c}} headings are centred in the page
        middle = (title["left"] + title["right"]) / 2
        page_middle = (boxes["body"]["left"] + boxes["body"]["right"]) / 2
        assert abs(middle - page_middle) < 3


def test_page_with_header_toc_and_notes(chromium: str, tmp_path: Path) -> None:
    page = render_page(tmp_path, ROOT / "examples" / "page-contents.wiki",
                       "Page:Laws of Whist.djvu/7")
    screenshot(chromium, tmp_path, page)
    boxes = layout(chromium, tmp_path, page)
    header = boxes["header"]
    assert [b["text"] for b in header] == ["vi", "CONTENTS.", "vii"]
    assert len({round(b["top"]) for b in header}) == 1, "running header cells not on one line"
    assert header[0]["right"] <= header[1]["left"] <= header[1]["right"] <= header[2]["left"]
    pages = boxes["tocPage"]
    assert len(pages) == 4
    assert max(b["right"] for b in pages) - min(b["right"] for b in pages) < 1.5, \
        "TOC page numbers not aligned"
    entries = [b for b in boxes["tocEntry"] if "wst-toc-entry" in b["cls"]]
    numbered = entries[:3]
    assert len({round(b["left"]) for b in numbered}) == 1, "TOC entries not aligned"
    for number, entry in zip(boxes["tocNumber"], numbered, strict=True):
        assert abs(number["top"] - entry["top"]) < 1.5  # each row on one line
        assert number["right"] <= entry["left"] + 1
    assert len(boxes["notes"]) == 2
    assert boxes["notes"][0]["top"] > max(b["bottom"] for b in pages)


CLICK_AND_DOWNLOAD = """
<script>
(function () {
  var got = document.createElement('pre'); got.id = 'downloaded';
  URL.createObjectURL = function (blob) {
    blob.text().then(function (t) { got.textContent = t; document.body.appendChild(got); });
    return 'about:blank';
  };
  HTMLAnchorElement.prototype.click = function () {};  // no navigation in the test
  %s.forEach(function (i) { document.getElementById('chg-' + i).click(); });
  document.getElementById('download').click();
})();
</script>
"""


def test_review_page_reject_two_and_download(chromium: str, tmp_path: Path) -> None:
    """The proofreader's loop (issue 24): OCR in, review page, reject two changes in the
    page, Download: the Page: wikitext with those two readings back as the OCR had them."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    from wstools.review import make_review
    source = ROOT / "examples" / "cyclopaedia-624.txt"
    report = tmp_path / "review.html"
    saved = tmp_path / "page.wiki"
    assert main(["proofread", str(source), "--report", str(report), "-o", str(saved)]) == 0
    text = source.read_text(encoding="utf-8")
    review = make_review(proofread_page(read_page(text)), text)
    wiki = saved.read_text(encoding="utf-8").rstrip("\n")
    assert review.wikitext() == wiki
    # two repairs of single words: a witness reading and a space before punctuation
    picks = [next(c for c in review.changes if c.rules == [rule] and c.old.strip())
             for rule in ("witness", "witness-context")]
    clicked = report.with_name("clicked.html")
    clicked.write_text(report.read_text(encoding="utf-8").replace(
        "</body>", CLICK_AND_DOWNLOAD % json.dumps([c.index for c in picks]) + "</body>"),
        encoding="utf-8")
    dom = run(chromium, tmp_path, "--virtual-time-budget=3000", "--dump-dom",
              clicked.as_uri())
    downloaded = lxml.html.document_fromstring(dom).get_element_by_id("downloaded").text
    # expected, from the saved page: the two saved readings put back to the OCR's
    head = wiki.index(read_page(wiki).body)
    expected = wiki
    for c in sorted(picks, key=lambda c: -c.out_start):
        at = head + c.out_start
        assert expected[at:at + len(c.new)] == c.new
        expected = expected[:at] + c.old + expected[at + len(c.new):]
    assert downloaded == expected
    assert downloaded != wiki
    page = read_page(downloaded)
    assert page.header == read_page(wiki).header and page.level == 1
    for c in picks:
        assert c.old in page.body
