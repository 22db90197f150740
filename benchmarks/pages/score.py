#!/usr/bin/env python3
"""Score ``wstools proofread`` on the page benchmark (issue 19).

    python benchmarks/pages/score.py [--split dev|test|all] [--limit N] [--pages]
        [--json FILE] [--run TEXT]

For every page of the split: ``proofread_page(read_page(ocr))`` and a comparison with the
gold ``Page:`` wikitext and structure (``pages/<id>.gold.wiki``, ``pages/<id>.json``):

- running head: found (a header was produced) and right (title and folio as printed;
  title compared case- and punctuation-blind, accents kept: ``BEZIQUE`` for ``BÉZIQUE`` is
  wrong; the summary line also gives the title ignoring accents);
- law numbers: the labels (``12``, ``12a``) of the numbered laws the result's codes hold, in
  order, equal to those of the laws that begin on the page;
- clause labels: the labels of the clauses (nested included), in order, against the labels
  printed at the start of the page's paragraphs (``(a)``, ``(i)``, ``(1)``, ``I.``; brackets
  and stops ignored);
- headings: the lines of the proofread body that are a centred template (``{{c|…}}``,
  ``{{center|…}}``), as plain text, against the gold headings (case- and punctuation-blind,
  accents kept);
- CER of the body before (the raw OCR, running head included, against the gold body) and
  after (the proofread body against the gold body). Both sides go through :func:`plain`, a
  simple normaliser of this file (not ``wstools.to_text``): ``<ref>`` texts moved to the end
  (where the page prints them), ``{{hws|de|…}}``/``{{hwe|tached|…}}`` to the printed part,
  other templates to their last non-empty argument, ``{{nop}}``/``{{smallrefs}}`` and tags
  dropped, italics quotes dropped, case folded, quotes and dashes straightened, whitespace
  collapsed;
- CER is given as the mean of the pages' CERs (short pages weigh as much as full ones) and
  pooled (all edits over all gold characters);
- moved words: runs of words the proofread body has in another place than the OCR
  (``wstools.proofread.moved_words``), not counting the words a witness put back where
  Tesseract read them out of order (rule ``witness-move``, each move an edit with its
  evidence; reported apart as ``placed``);
- worse: pages whose CER after is above the CER before;
- crashed: pages on which ``proofread_page`` raised (scored as left unchanged, nothing found).

Tune on dev, report test. Exit 0.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import regex
from rapidfuzz.distance import Levenshtein

HERE = Path(__file__).resolve().parent

_REF = regex.compile(r"<ref(?:\s[^>]*)?>(.*?)</ref>", regex.DOTALL)
_HW = regex.compile(r"\{\{\s*hw[se]\s*\|([^{}|]*)(?:\|[^{}]*)?\}\}", regex.IGNORECASE)
_DROP = regex.compile(r"\{\{\s*(?:nop|smallrefs|reflist|references)\s*\}\}", regex.IGNORECASE)
_TEMPLATE = regex.compile(r"\{\{[^{}|]*((?:\|[^{}]*)?)\}\}")
_TAG = regex.compile(r"</?[a-zA-Z][^>]*>")
_RH = regex.compile(r"\{\{\s*r[v]?h\s*\|([^{}]*)\}\}")
_HEADING = regex.compile(r"\s*\{\{\s*(?:c|center|centre|csc)\s*\|")
_DASHES = str.maketrans({"—": "-", "–": "-", "‐": "-", "‘": "'", "’": "'", "“": '"',
                         "”": '"', "ſ": "s"})


def _template_text(m: regex.Match) -> str:
    args = [a for a in m.group(1).split("|")[1:] if a.strip() and "=" not in a]
    return args[-1] if args else ""


def plain(text: str) -> str:
    """The printed text of a body (wikitext or OCR), for CER; see the module docstring."""
    notes = _REF.findall(text)
    text = _REF.sub("", text)
    if notes:
        text += "\n" + "\n".join(notes)
    text = _HW.sub(r"\1", text)
    text = _DROP.sub("", text)
    for _ in range(5):
        new = _TEMPLATE.sub(_template_text, text)
        if new == text:
            break
        text = new
    text = html.unescape(_TAG.sub("", text))  # a character reference shows its character
    text = regex.sub(r"'{2,}", "", text)
    text = text.translate(_DASHES).casefold()
    return " ".join(text.split())


def cer(hyp: str, ref: str) -> float:
    if not ref:
        return 0.0 if not hyp else 1.0
    return Levenshtein.distance(hyp, ref) / len(ref)


def _key(s: str) -> str:
    return " ".join(regex.sub(r"[^\p{L}\p{N} ]", " ", s).casefold().split())


def _unaccented(s: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


def _label(s: str) -> str:
    return s.strip().strip("().").strip()


def gold_body(gold: str) -> str:
    from wstools.page import read_page
    return read_page(gold).body


def header_parts(header: str) -> tuple[str, str] | None:
    """(title, folio) of an ``{{rh|…}}`` or ``{{rvh|…}}`` header."""
    m = _RH.search(header)
    if not m:
        return None
    args = [a.strip() for a in m.group(1).split("|")]
    folio = next((a for a in args if regex.fullmatch(r"\d+|[ivxlc]+", a)), "")
    title = next((a for a in args if a and a != folio), "")
    return title, folio


def _clauses(clauses) -> list[str]:
    out = []
    for c in clauses:
        out.append(_label(c.label))
        out.extend(_clauses(c.clauses))
    return out


def score_page(pid: str, entry: dict | None = None, root: Path = HERE) -> dict:
    from wstools.page import read_page
    from wstools.proofread import moved_words, proofread_page
    ocr = (root / "pages" / f"{pid}.ocr.txt").read_text(encoding="utf-8")
    gold = (root / "pages" / f"{pid}.gold.wiki").read_text(encoding="utf-8")
    st = json.loads((root / "pages" / f"{pid}.json").read_text(encoding="utf-8"))
    try:
        result = proofread_page(read_page(ocr))
    except Exception as e:  # a crash is a result: the page stays as OCR'd, nothing found
        result, crash = None, f"{type(e).__name__}: {e}"
    else:
        crash = None
    codes = result.codes if result else []
    body = result.page.body if result else ocr
    ref = plain(gold_body(gold))
    head = header_parts(result.page.header) if result else None
    want = st["running_head"]
    laws = [law.label for c in codes for s in c.sections for law in s.laws
            if law.number is not None]
    clauses = [lab for c in codes for s in c.sections for law in s.laws
               for lab in _clauses(law.clauses)]
    headings = [_key(plain(line)) for line in body.split("\n") if _HEADING.match(line)]
    before, after = cer(plain(ocr), ref), cer(plain(body), ref)
    dist_before = Levenshtein.distance(plain(ocr), ref)
    dist_after = Levenshtein.distance(plain(body), ref)
    placed = [e for e in result.edits if e.rule == "witness-move"] if result else []
    if placed:
        from wstools.edits import apply_edits
        moved = moved_words(apply_edits(read_page(ocr).body, placed), body)
    else:
        moved = moved_words(ocr, body) if result else []
    gold_nop = "{{nop}}" in gold_body(gold)
    return {
        "id": pid,
        "head_found": head is not None,
        "head_title": bool(head) and _key(head[0]) == _key(want["title"]),
        "head_folio": bool(head) and head[1] == str(want["folio"]),
        "head_title_unaccented": bool(head)
        and _unaccented(_key(head[0])) == _unaccented(_key(want["title"])),
        "laws_right": laws == [str(n) for n in st["laws"]],
        "has_laws": bool(st["laws"]),
        "clauses_right": clauses == [_label(c) for c in st["clauses"]],
        "has_clauses": bool(st["clauses"]),
        "headings_right": headings == [_key(h) for h in st["headings"]],
        "has_headings": bool(st["headings"]),
        # {{nop}} at the foot as the gold has it (a single page cannot always tell: book mode
        # reads the next page)
        "nop_right": ("{{nop}}" in body) == gold_nop,
        "nop_extra": "{{nop}}" in body and not gold_nop,
        "nop_missing": gold_nop and "{{nop}}" not in body,
        "cer_before": before,
        "cer_after": after,
        "worse": after > before + 1e-9,
        "dist_before": dist_before,
        "dist_after": dist_after,
        "ref_chars": len(ref),
        "moved_runs": len(moved),
        "moved_words": sum(len(r) for r in moved),
        "placed_words": sum(len(e.new.split()) for e in placed),
        "refused": bool(result) and any(d.code == "order-check" for d in result.diagnostics),
        "crashed": crash,
        **({k: entry[k] for k in ("typeface", "columns", "level", "text", "split")}
           if entry else {}),
    }


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    if not n:
        return {"pages": 0}

    def pct(key, among=None):
        pool = [r for r in rows if among is None or r[among]]
        return (100.0 * sum(r[key] for r in pool) / len(pool)) if pool else float("nan")

    return {
        "pages": n,
        "head_found": pct("head_found"),
        "head_right": 100.0 * sum(r["head_title"] and r["head_folio"] for r in rows) / n,
        "head_title": pct("head_title"),
        "head_folio": pct("head_folio"),
        "head_title_unaccented": pct("head_title_unaccented"),
        "laws_right": pct("laws_right"),
        "laws_right_with_laws": pct("laws_right", "has_laws"),
        "clauses_right": pct("clauses_right"),
        "clauses_right_with_clauses": pct("clauses_right", "has_clauses"),
        "headings_right": pct("headings_right"),
        "headings_right_with_headings": pct("headings_right", "has_headings"),
        "nop_right": pct("nop_right"),
        "nop_extra": sum(r["nop_extra"] for r in rows),
        "nop_missing": sum(r["nop_missing"] for r in rows),
        "cer_before": 100.0 * sum(r["cer_before"] for r in rows) / n,
        "cer_after": 100.0 * sum(r["cer_after"] for r in rows) / n,
        "pooled_before": 100.0 * sum(r["dist_before"] for r in rows)
        / max(1, sum(r["ref_chars"] for r in rows)),
        "pooled_after": 100.0 * sum(r["dist_after"] for r in rows)
        / max(1, sum(r["ref_chars"] for r in rows)),
        "worse": sum(r["worse"] for r in rows),
        "moved_pages": sum(r["moved_runs"] > 0 for r in rows),
        "moved_words": sum(r["moved_words"] for r in rows),
        "placed_words": sum(r.get("placed_words", 0) for r in rows),
        "placed_pages": sum(r.get("placed_words", 0) > 0 for r in rows),
        "refused": sum(r["refused"] for r in rows),
        "crashed": sum(bool(r["crashed"]) for r in rows),
    }


COLUMNS = [("pages", "pages", "{:d}"), ("head ok%", "head_right", "{:.0f}"),
           ("laws ok%", "laws_right_with_laws", "{:.0f}"),
           ("clauses ok%", "clauses_right_with_clauses", "{:.0f}"),
           ("heads ok%", "headings_right_with_headings", "{:.0f}"),
           ("CER before%", "cer_before", "{:.2f}"), ("CER after%", "cer_after", "{:.2f}"),
           ("pooled bef%", "pooled_before", "{:.2f}"), ("pooled aft%", "pooled_after", "{:.2f}"),
           ("worse", "worse", "{:d}"), ("moved", "moved_pages", "{:d}"),
           ("refused", "refused", "{:d}"), ("crashed", "crashed", "{:d}")]


def table(groups: dict[str, dict]) -> str:
    width = max([len(k) for k in groups] + [10])
    out = [f"{'':{width}}  " + "  ".join(f"{h:>11}" for h, _, _ in COLUMNS)]
    for name, s in groups.items():
        cells = []
        for _, key, fmt in COLUMNS:
            v = s.get(key)
            cells.append(f"{'-' if v is None or v != v else fmt.format(v):>11}")
        out.append(f"{name:{width}}  " + "  ".join(cells))
    return "\n".join(out)


def load_manifest(root: Path = HERE) -> dict:
    return json.loads((root / "manifest.json").read_text(encoding="utf-8"))


def run(split: str = "dev", limit: int = 0, root: Path = HERE, run_contains: str = ""
        ) -> tuple[list[dict], dict]:
    entries = [p for p in load_manifest(root)["pages"] if split == "all" or p["split"] == split]
    if run_contains:  # one add-on set: ``-sty`` for the pages of ``--styles``
        entries = [p for p in entries if run_contains in p["run"]]
    if limit:
        entries = entries[:limit]
    rows = [score_page(e["id"], e, root) for e in entries]
    groups: dict[str, dict] = {"ALL": summarise(rows)}
    for dim, name in (("typeface", "font"), ("columns", "cols"), ("level", "level")):
        by = defaultdict(list)
        for r in rows:
            by[f"{name}: {r[dim]}"].append(r)
        for k in sorted(by):
            groups[k] = summarise(by[k])
    by_kind = defaultdict(list)
    for r in rows:
        by_kind["text: " + ("eo" if r["text"].startswith("eo-") else r["text"])].append(r)
    for k in sorted(by_kind):
        groups[k] = summarise(by_kind[k])
    return rows, groups


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Score wstools proofread on the page benchmark")
    ap.add_argument("--split", choices=["dev", "test", "all"], default="dev")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--pages", action="store_true", help="print a line per page")
    ap.add_argument("--json", help="write rows and totals to this file")
    ap.add_argument("--run", default="", help="only the pages of runs whose id contains this "
                    "(-sty: the pages of --styles)")
    args = ap.parse_args(argv)
    started = time.time()
    rows, groups = run(args.split, args.limit, run_contains=args.run)
    if args.pages:
        for r in rows:
            print(f"{r['id']:44} head {'ok' if r['head_title'] and r['head_folio'] else '--'}"
                  f" laws {'ok' if r['laws_right'] else '--'}"
                  f" clauses {'ok' if r['clauses_right'] else '--'}"
                  f" headings {'ok' if r['headings_right'] else '--'}"
                  f" CER {100 * r['cer_before']:6.2f} -> {100 * r['cer_after']:6.2f}"
                  f"{' WORSE' if r['worse'] else ''}"
                  f"{' moved ' + str(r['moved_words']) if r['moved_runs'] else ''}"
                  f"{' CRASH ' + r['crashed'] if r['crashed'] else ''}")
    print(f"split {args.split}: {len(rows)} pages, {time.time() - started:.0f}s")
    print("CER: plain-text normaliser of score.py (refs to the end, templates to their text, "
          "case folded), mean of pages and pooled; laws/clauses/headings ok% among pages that "
          "have them")
    print(table(groups))
    s = groups["ALL"]
    if rows:
        print(f"running head: found {s['head_found']:.0f}%, title {s['head_title']:.0f}% "
              f"({s['head_title_unaccented']:.0f}% ignoring accents), "
              f"folio {s['head_folio']:.0f}%; moved words {s['moved_words']} on "
              f"{s['moved_pages']} pages (placed by a witness: {s['placed_words']} on "
              f"{s['placed_pages']}); pages made worse {s['worse']}; "
              f"proofread raised on {s['crashed']} pages")
        print(f"{{{{nop}}}} at the foot right {s['nop_right']:.0f}% ({s['nop_extra']} where the "
              f"gold has none, {s['nop_missing']} missing)")
        for r in rows:
            if r["crashed"]:
                print(f"  crash: {r['id']}: {r['crashed']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "groups": groups}, indent=1),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1]))
    sys.exit(main())
