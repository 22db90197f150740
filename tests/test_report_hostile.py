"""The review page's data survives any OCR text (issue 18): no text can close the data
script, open a comment in it or otherwise change how the page is parsed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wstools.edits import Edit
from wstools.repair.repair import RepairResult
from wstools.repair.report import json_for_script, review_page
from wstools.text.pipeline import clean

HOSTILE = [
    "<!--<script>",
    "</script><script>alert(1)</script>",
    "</SCRIPT >",
    "<!-- a --> <script> b </script> -->",
    "]]> <![CDATA[ x",
    "&lt;&amp;&#x3c; \\u003c \u2028\u2029",
    '"}; alert(1); //',
]


def _result(text: str) -> RepairResult:
    cleaned = clean(text)
    base = cleaned.text
    start = base.index("tbe")
    edit = Edit(start, start + 3, "tbe", "the", "word", 0.9, "<!--<script> in evidence")
    flag_at = base.index("Hit")
    flag = Edit(flag_at, flag_at + 3, "Hit", "Hit", "flag", 0.5, "</script>")
    return RepairResult(text, base[:start] + "the" + base[start + 3:], cleaned, [edit], [flag])


class _Scripts(HTMLParser):
    """Collects each script element's text as an HTML parser reads the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._open = dict(attrs)
            self.scripts.append((self._open, ""))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_cannot_break_the_page(hostile: str) -> None:
    text = f"Law 1. {hostile} tbe dealer {hostile} Hit\n{hostile}\n"
    result = _result(text)
    page = review_page(result, f"{hostile}.txt")
    parser = _Scripts()
    parser.feed(page)
    parser.close()
    assert len(parser.scripts) == 2  # the data and the page's own script, nothing else
    (data_attrs, data_text), (code_attrs, code_text) = parser.scripts
    assert data_attrs == {"type": "application/json", "id": "repair-data"}
    assert code_attrs == {}
    # in script data only "<" can change the tokenizer's state: none is left
    assert not re.search(r"[<>&]", data_text)
    data = json.loads(data_text)
    assert data["base"] == result.cleanup.text
    assert data["name"] == f"{hostile}.txt"
    assert data["edits"][0]["evidence"] == "<!--<script> in evidence"
    assert "document.getElementById('repair-data')" in code_text
    # the shown text is escaped: no script or comment opens outside the two scripts
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "<!--" not in page


def test_json_for_script_round_trips() -> None:
    value = {"t": "<!--<script></script>&amp; > \u2028", "n": 1}
    encoded = json_for_script(json.dumps(value, ensure_ascii=False))
    assert not re.search(r"[<>&]", encoded)
    assert json.loads(encoded) == value


def test_javascript_reads_the_data_back(tmp_path: Path) -> None:
    """JSON.parse (node's, as a browser's) reads the escaped data as the text was."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed")
    result = _result("Law 1. " + " ".join(HOSTILE) + " tbe dealer Hit\n")
    parser = _Scripts()
    parser.feed(review_page(result, "p.txt"))
    data_file = tmp_path / "data.json"
    data_file.write_text(parser.scripts[0][1], encoding="utf-8")
    script = ("const fs = require('fs'); const d = JSON.parse(fs.readFileSync(process.argv[1], "
              "'utf8')); process.stdout.write(JSON.stringify([d.base, d.edits[0].evidence]));")
    done = subprocess.run([node, "-e", script, str(data_file)], capture_output=True,
                          timeout=60, check=True)
    assert json.loads(done.stdout) == [result.cleanup.text, "<!--<script> in evidence"]


@pytest.mark.browser
def test_hostile_review_page_works_in_chromium(tmp_path: Path) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("browser tier: install Debian's chromium")
    playwright = pytest.importorskip("playwright.sync_api")
    result = _result("Law 1. <!--<script> tbe dealer </script> Hit\n")
    page_file = tmp_path / "review.html"
    page_file.write_text(review_page(result, "page.txt"), encoding="utf-8")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(accept_downloads=True)
        page.goto(page_file.as_uri())
        page.click("#edit-0")
        assert "rejected" in page.get_attribute("#edit-0", "class")
        assert page.inner_text("#accepted-count") == "0"
        with page.expect_download() as info:
            page.click("#download")
        downloaded = Path(info.value.path()).read_text(encoding="utf-8")
        browser.close()
    assert downloaded == result.cleanup.text
