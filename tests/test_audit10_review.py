"""The tenth new-user audit (audit10): the review pages, footnote and page marks, and the
edits' coordinates. Each test fails without its fix."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from wstools.edits import apply_edits
from wstools.page import read_page
from wstools.proofread import proofread_page
from wstools.review import make_review

from .test_review import _downloads

ASTRAL = ("86 HEAT.\n\nLet 𝔄 be the heat and 𝑥 the mass of the body , so that\n"
          "the table , but the rest is lost.\n")
NOVEL = ("124 THE MILL ON THE FLOSS\n\n\"I shan't go,\" said Maggie, tossing her head; \"I\n"
         "don't want to go to-day. It's no use—you needn't\nask me.\"\n\n\"Why not?\" asked "
         "Tom. \"You'd shew me the way,\nwouldn't you? Mother said—\"\n")
FOOT_FOLIO = ("the game proceeds as if no misdeal had been made.\n\n12. If a card be exposed "
              "in the deal, the adversaries may claim a new deal.\n\n53\n")


def _rejections(review) -> list[list[int]]:  # noqa: ANN001
    """Every choice of rejecting one change (and its group)."""
    return [[c.index] for c in review.changes]


def _python_pages(review) -> list[str]:  # noqa: ANN001
    every = {c.index for c in review.changes}
    return [review.wikitext(every - {c.key}) for c in review.changes]


# -- H5: characters outside the BMP -------------------------------------------------------

def test_review_download_counts_code_points(tmp_path: Path) -> None:
    """The page's script slices the OCR by code points, as Python's offsets count: 𝔄 and 𝑥
    before a change no longer shift it ("body" -> "boy")."""
    result = proofread_page(read_page(ASTRAL))
    review = make_review(result, ASTRAL, "astral.txt")
    choices = _rejections(review)
    assert len(choices) >= 3
    assert _downloads(tmp_path, review, choices) == _python_pages(review)
    assert _downloads(tmp_path, review, [[]]) == [result.page.wikitext()]


_REPAIR_STUB = r"""
const fs = require('fs');
const page = fs.readFileSync(process.argv[1], 'utf8');
const data = page.match(
  /<script type="application\/json" id="repair-data">([\s\S]*?)<\/script>/)[1];
const script = page.match(/<script>([\s\S]*?)<\/script>/)[1];
const rejected = JSON.parse(process.argv[2]);
const els = {};
function el(id) {
  if (!els[id]) {
    els[id] = {id: id, checked: !rejected.includes(id), textContent: '', className: '',
               dataset: {}, handlers: {}, click() {}, remove() {},
               addEventListener(kind, f) { this.handlers[kind] = f; }};
  }
  return els[id];
}
let saved = null;
global.Blob = function (parts) { saved = parts.join(''); };
global.URL = {createObjectURL() { return ''; }};
global.document = {
  getElementById(id) { const e = el(id); if (id === 'repair-data') { e.textContent = data; }
                       return e; },
  querySelectorAll() { return []; }, createElement() { return el('link'); },
  body: {appendChild() {}},
};
eval(script);
els['download'].handlers.click();
process.stdout.write(JSON.stringify(saved));
"""


def _repair_download(tmp_path: Path, html_page: str, rejected: list[str]) -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed")
    page = tmp_path / "repair.html"
    page.write_text(html_page, encoding="utf-8")
    done = subprocess.run([node, "-e", _REPAIR_STUB, str(page), json.dumps(rejected)],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_repair_review_download_counts_code_points(tmp_path: Path, repairer) -> None:  # noqa: ANN001
    from wstools.repair.report import review_page
    text = ("44. If the dealer 𝔄 take the trump card into his hand before it is his turn to "
            "play, he may be desired to lay it on the table; should he sbow a wrong card , "
            "this card may be called.\n")
    result = repairer.repair(text)
    assert [e.old for e in result.edits] == ["sbow"]
    page = review_page(result, "astral.txt")
    assert _repair_download(tmp_path, page, []) == result.text
    assert "should he show a wrong card" in result.text
    assert _repair_download(tmp_path, page, ["accept-0"]) == result.cleanup.text


# -- H6: CRLF input, the running head is one change ---------------------------------------

def test_crlf_running_head_is_one_change(tmp_path: Path) -> None:
    text = NOVEL.replace("\n", "\r\n")
    result = proofread_page(read_page(text))
    review = make_review(result, text, "novel-crlf.txt")
    head = next(c for c in review.changes if c.part == "header")
    taken = [c for c in review.changes if c.part == "body" and "124 THE MILL" in c.old]
    assert taken and all(c.group == head.index for c in taken)
    every = {c.index for c in review.changes}
    for rejected in (head.index, taken[0].index):  # either gives the OCR's head, once
        page = read_page(review.wikitext(every - {review.changes[rejected].key}))
        assert "{{rh" not in page.header and page.body.count("124 THE MILL ON THE FLOSS") == 1
    assert _downloads(tmp_path, review, _rejections(review)) == _python_pages(review)


# -- H7: the foot folio is one change, labelled foot-folio --------------------------------

def test_foot_folio_is_one_change(tmp_path: Path) -> None:
    result = proofread_page(read_page(FOOT_FOLIO))
    review = make_review(result, FOOT_FOLIO, "footfolio.txt")
    foot = next(c for c in review.changes if c.part == "footer")
    assert foot.new == "{{c|53}}" and foot.rules == ["foot-folio"]
    taken = [c for c in review.changes if c.part == "body" and "53" in c.old]
    assert taken and all(c.group == foot.index for c in taken)
    every = {c.index for c in review.changes}
    for rejected in (foot.index, taken[0].index):  # the folio stays once, in the text
        page = read_page(review.wikitext(every - {review.changes[rejected].key}))
        assert "{{c|53}}" not in page.footer and page.body.rstrip().endswith("53")
    assert _downloads(tmp_path, review, _rejections(review)) == _python_pages(review)


# -- H4: a footnote mark stays, however long the page -------------------------------------

def _long_page(n: int) -> str:
    sentence = "The metal is melted and then allowed to cool slowly in the crucible. "
    return ("124 ALLOYS\n\nThese mixtures may fairly be termed alloys.[1] " + sentence * n
            + "\n\n[1] The case of common salt and water is the best known.\n")


@pytest.mark.parametrize("n", [3, 70])  # a short page, and one of over 4,000 characters
def test_footnote_mark_stays(n: int) -> None:
    text = _long_page(n)
    result = proofread_page(read_page(text))
    assert "alloys.[1] The metal" in result.page.body
    assert not any("footnote-mark" in e.rule for e in result.edits)


def test_footnote_mark_without_its_note_stays() -> None:
    text = "CHESS.[73]\n\nThe game of Chess is a battle between two armies.\n"
    assert "CHESS.[73]" in proofread_page(read_page(text)).page.body


# -- M4: braces in OCR are the print's unless surely a page mark --------------------------

def test_page_mark_in_ocr() -> None:
    text = ("The set {1, 2, 3} is closed, and the figures are on page {241} of the atlas, "
            "as shewn.\n")
    result = proofread_page(read_page(text))
    assert "on page {241} of the atlas" in result.page.body
    assert not any("page-mark" in e.rule for e in result.edits)
    alone = "the penalty is paid.\n{169}\nThe next deal goes on as before.\n"
    result = proofread_page(read_page(alone))
    assert "{169}" not in result.page.body
    assert any(e.rule == "page-mark" for e in result.edits)


# -- M1: a head of three lines apart: the edits rebuild the body --------------------------

@pytest.mark.parametrize("crlf", [False, True])
def test_head_lines_apart_edits_rebuild_the_body(crlf: bool) -> None:
    text = ("322\n\nAFRICA\n\n[GEOGRAPHY\n\n\nlakes in the great rift-valley. The largest "
            "river is the Omo,\nwhich, fed by the rains of the highlands, flows into the "
            "lake.\n")
    if crlf:
        text = text.replace("\n", "\r\n")
    result = proofread_page(read_page(text))
    assert result.page.header.startswith("{{rh|322|AFRICA|")
    edits = sorted(result.edits, key=lambda e: (e.start, e.end))
    assert all(a.end <= b.start for a, b in zip(edits, edits[1:], strict=False))
    assert all(text[e.start:e.end] == e.old for e in edits)
    assert apply_edits(text, edits) == result.page.body


# -- M2: no foot folio where the head has one, but for the printer's signature ------------

@pytest.mark.parametrize(("folio", "footer"), [("321", "{{c|11}}"), ("324", "")])
def test_foot_number_under_a_head_with_its_folio(folio: str, footer: str) -> None:
    """p. 321 opens the eleventh gathering of 32 pages (10 x 32 + 1): its foot's 11 is the
    printer's signature (the real AFRICA OCR); on p. 324 an 11 at the foot is the text's."""
    text = (f"{folio} AFRICA\n\nof this rift-valley are Kilimanjaro, with its two peaks Kibo\n"
            "and Mawenzi, the former the culminating point of the continent.\n\n11\n")
    result = proofread_page(read_page(text))
    assert "AFRICA" in result.page.header and result.page.footer == footer
    assert result.page.body.rstrip().endswith("continent.\n\n11") == (not footer)
    assert apply_edits(text, result.edits) == result.page.body
