"""The page benchmark of issue 19 (benchmarks/pages/): integrity of the committed pages and a
quick run of its scorer. Needs no Tesseract: the OCR text is committed."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "benchmarks" / "pages"


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def score():
    spec = importlib.util.spec_from_file_location("page_benchmark_score", ROOT / "score.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_size_and_variety(manifest):
    pages = manifest["pages"]
    assert len(pages) >= 400
    assert len({p["text"] for p in pages}) >= 12
    assert len({p["typeface"] for p in pages}) >= 4
    assert {p["columns"] for p in pages} == {1, 2}
    levels = {p["level"] for p in pages}
    assert len(levels) >= 3
    # at least three different means of degradation (none, own filters, augraphy)
    assert len({p["degradation"] for p in pages}) >= 3
    assert any("augraphy" in p["degradation"] for p in pages)
    kinds = {p["kind"] for p in pages}
    assert {"laws", "prose", "executive orders"} <= kinds


def test_every_page_has_ocr_gold_and_structure(manifest):
    ids = [p["id"] for p in manifest["pages"]]
    assert len(ids) == len(set(ids))
    for pid in ids:
        ocr = (ROOT / "pages" / f"{pid}.ocr.txt").read_text(encoding="utf-8")
        gold = (ROOT / "pages" / f"{pid}.gold.wiki").read_text(encoding="utf-8")
        st = json.loads((ROOT / "pages" / f"{pid}.json").read_text(encoding="utf-8"))
        assert ocr.strip(), pid
        assert gold.startswith('<noinclude><pagequality level="3"'), pid
        assert "{{rh|" in gold, pid
        head = st["running_head"]
        if head["side"] == "left":
            assert f"{{{{rh|{head['folio']}|{head['title']}|}}}}" in gold, pid
            assert head["folio"] % 2 == 0
        else:
            assert f"{{{{rh||{head['title']}|{head['folio']}}}}}" in gold, pid
            assert head["folio"] % 2 == 1
        assert ("<ref>" in gold) == ("{{smallrefs}}" in gold), pid
        for key in ("laws", "clauses", "headings"):
            assert isinstance(st[key], list), pid


def test_features_present(manifest):
    texts = {}
    for p in manifest["pages"]:
        st = json.loads((ROOT / "pages" / f"{p['id']}.json").read_text(encoding="utf-8"))
        texts[p["id"]] = st
    assert sum(1 for st in texts.values() if st["footnotes"]) >= 5
    assert sum(1 for st in texts.values() if st["word_broken_at_foot"]) >= 10
    assert sum(1 for st in texts.values() if st["continues"]) >= 50
    assert sum(1 for st in texts.values() if st["headings"]) >= 50
    labels = {c for st in texts.values() for c in st["clauses"]}
    assert {"(a)", "(i)", "(1)", "I."} <= labels


def test_split_is_by_run_and_text(manifest):
    by_run, by_text = defaultdict(set), defaultdict(set)
    for p in manifest["pages"]:
        by_run[p["run"]].add(p["split"])
        by_text[p["text"]].add(p["split"])
        assert p["split"] in ("dev", "test")
    assert all(len(s) == 1 for s in by_run.values())
    assert all(len(s) == 1 for s in by_text.values())
    dev = sum(p["split"] == "dev" for p in manifest["pages"])
    # (dev grew with its add-on sets, 2026-11-23 to 2026-11-29; test stays 167 pages, never
    # drawn on: the add-ons only add dev pages of dev's texts)
    assert 0.45 <= dev / len(manifest["pages"]) <= 0.85
    assert len(manifest["pages"]) - dev == 167


def test_book_run_of_thirty_consecutive_pages(manifest):
    runs = defaultdict(list)
    for p in manifest["pages"]:
        runs[p["run"]].append(p)
    for pages in runs.values():
        pages.sort(key=lambda p: p["position"])
        assert [p["position"] for p in pages] == list(range(1, len(pages) + 1))
        folios = [p["folio"] for p in pages]
        assert folios == list(range(folios[0], folios[0] + len(folios)))
    assert max(len(p) for p in runs.values() if len({q["text"] for q in p}) == 1) >= 30


def test_plain_normaliser(score):
    assert score.plain("{{c|{{sc|Cards.}}}}\n\n1.—A ''b'' {{hws|de|detached}}") == \
        "cards. 1.-a b de"
    assert score.plain("a<ref>note</ref> b\n{{nop}}") == "a b note"
    assert score.header_parts("{{rh||LAWS OF WHIST|603}}") == ("LAWS OF WHIST", "603")
    assert score.header_parts("{{rh|602|WHIST|}}") == ("WHIST", "602")


def test_scorer_runs_on_five_pages(score):
    rows, groups = score.run("all", limit=5, root=ROOT)
    assert len(rows) == 5
    total = groups["ALL"]
    assert total["pages"] == 5
    for r in rows:
        assert 0 <= r["cer_before"] and 0 <= r["cer_after"]
    assert "CER after%" in score.table(groups)


def test_dev_split_floors(score):
    """The page model on the whole dev split (about 10 s): floors a little under today's
    figures (head 80 % (the Écarté pages' heads lack their accents; the EB Garamond and poor
    pages of ``--hard``/``--hard-eo``, added 2026-11-27, took it from 86 %), laws 98 % and
    clauses 97 % on the pages before ``--styles``, headings 62 %, ``{{nop}}`` at the foot
    70 %), and on the ``--styles`` pages (added 2026-11-28: laws carrying clauses in every
    style) their own floors, so that a change that loses ground fails; nothing made worse,
    moved or crashed."""
    rows, groups = score.run("dev", root=ROOT)
    total = groups["ALL"]
    assert total["head_right"] >= 78
    assert total["headings_right_with_headings"] >= 60
    assert total["nop_right"] >= 68
    assert total["cer_after"] <= 0.3 * total["cer_before"]
    assert total["worse"] == total["moved_pages"] == total["crashed"] == 0
    before = score.summarise([r for r in rows if "-sty" not in r["id"] and not _fresh(r["id"])])
    assert before["laws_right_with_laws"] >= 97  # (laws19: 98.6 % today)
    assert before["clauses_right_with_clauses"] >= 95
    styles = score.summarise([r for r in rows if "-sty" in r["id"]])
    assert styles["laws_right_with_laws"] >= STYLES_FLOOR["laws"]
    assert styles["clauses_right_with_clauses"] >= STYLES_FLOOR["clauses"]
    fresh = score.summarise([r for r in rows if _fresh(r["id"])])
    assert fresh["laws_right_with_laws"] >= FRESH_FLOOR["laws"]
    assert fresh["clauses_right_with_clauses"] >= FRESH_FLOOR["clauses"]


# the --styles pages' floors (raised as the page model learns their labels)
STYLES_FLOOR = {"laws": 87, "clauses": 70}  # (laws19: 90 % and 72 % today)
# the --fresh pages' floors (added 2026-11-29, scored before any rule saw them: 94 % and
# 64 %; raised as the page model learns them: pm34, 98 % and 85 %)
FRESH_FLOOR = {"laws": 96, "clauses": 83}


def _fresh(pid: str) -> bool:
    """A page of ``--fresh`` (the ninth and tenth editions, ``-ed9``, ``-ed10``)."""
    return re.search(r"-ed(?:9|10)-p\d+$", pid) is not None


def test_edits_are_the_whole_change(manifest):
    """On every fourth benchmark page, the reported edits applied to the input give the
    body written, and none overlaps another (stages' overlapping edits are composed)."""
    from wstools.edits import apply_edits
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    for p in manifest["pages"][::4]:
        text = (ROOT / "pages" / f"{p['id']}.ocr.txt").read_text(encoding="utf-8")
        result = proofread_page(read_page(text))
        edits = result.edits
        assert all(a.end <= b.start for a, b in zip(edits, edits[1:], strict=False)), p["id"]
        assert apply_edits(text, edits) == result.page.body, p["id"]
