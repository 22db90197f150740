#!/usr/bin/env python3
"""Score book mode (``wstools.book``) on the page benchmark against single-page mode.

    python benchmarks/pages/score_book.py [--split dev|test|all] [--run RUN] [--pages]
        [--json FILE]

The pages of one run (``manifest.json``: ``run`` and ``position``) are one book in order.
Every page is proofread alone (``proofread_page``), then the run goes through
``wstools.book.apply_sequence`` (the same process, the same single-page results), and both
are compared with the gold (``pages/<id>.gold.wiki``, ``pages/<id>.json``):

- running head right: title and folio as printed (as ``score.py``: title case- and
  punctuation-blind, accents kept), and title and folio apart;
- joins: a page whose gold has ``word_broken_at_foot`` is right when its body ends with
  ``{{hws|PART|WORD}}`` and WORD is the gold word (letters compared: the gold keeps a stop
  inside the template, ``{{hws|consulta|consultations.}}``, where book mode writes it after
  ``{{hwe|tions|consultations}}.``); likewise ``word_broken_at_top`` and ``{{hwe}}``; a join
  where the gold has none is a false join;
- nop right: the body ends with ``{{nop}}`` exactly when the gold body does;
- pages made worse (CER after above CER before, ``score.plain``), and words moved
  (``wstools.proofread.moved_words``) as in ``score.py``;
- law-sequence flags (a page whose first law number does not go on from the previous
  page's last), and how many are true (the law numbers wrong on the page or the one before);
- pages book mode changed from single-page mode, and pages it made worse than single-page
  mode (CER, head, joins or nop worse).

Tune on dev, report test. Exit 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import score  # noqa: E402

_HWS = regex.compile(r"\{\{\s*hws\s*\|([^{}|]*)\|([^{}|]*)\}\}\s*\Z", regex.IGNORECASE)
_HWE = regex.compile(r"\A\s*\{\{\s*hwe\s*\|([^{}|]*)\|([^{}|]*)\}\}", regex.IGNORECASE)
_NOP = regex.compile(r"\{\{\s*nop\s*\}\}\s*\Z", regex.IGNORECASE)


def _letters(word: str | None) -> str:
    return regex.sub(r"[^\p{L}\-]", "", word or "").casefold()


def judge(body: str, header: str, gold_body: str, st: dict, ocr: str, edits: list = ()
          ) -> dict:
    """The book-mode figures of one page (its proofread body and header; ``edits``: its
    edits, whose ``witness-move`` ones put words back where a witness has them and are not
    counted as moved, as in ``score.py``)."""
    from wstools.edits import apply_edits
    from wstools.page import read_page
    from wstools.proofread import moved_words
    want = st["running_head"]
    head = score.header_parts(header)
    foot, top = _HWS.search(body), _HWE.match(body)
    gold_foot, gold_top = st.get("word_broken_at_foot"), st.get("word_broken_at_top")
    ref = score.plain(gold_body)
    before, after = score.cer(score.plain(ocr), ref), score.cer(score.plain(body), ref)
    placed = [e for e in edits if e.rule == "witness-move"]
    moved = moved_words(apply_edits(read_page(ocr).body, placed) if placed else ocr, body)
    return {
        "title": bool(head) and score._key(head[0]) == score._key(want["title"]),
        "folio": bool(head) and head[1] == str(want["folio"]),
        "hws_gold": bool(gold_foot),
        "hws_right": bool(gold_foot) and bool(foot)
        and _letters(foot.group(2)) == _letters(gold_foot),
        "hws_false": bool(foot) and not gold_foot,
        "hwe_gold": bool(gold_top),
        "hwe_right": bool(gold_top) and bool(top) and _letters(top.group(2)) == _letters(gold_top),
        "hwe_false": bool(top) and not gold_top,
        "nop_right": bool(_NOP.search(body)) == bool(_NOP.search(gold_body)),
        "cer_before": before, "cer_after": after, "worse": after > before + 1e-9,
        "moved_words": sum(len(r) for r in moved),
    }


def run(split: str = "dev", only: str = "") -> list[dict]:
    from wstools.book import apply_sequence
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    from wstools.repair.repair import Repairer
    repairer = Repairer.load()
    runs: dict[str, list[dict]] = defaultdict(list)
    for e in score.load_manifest()["pages"]:
        if (split == "all" or e["split"] == split) and (not only or e["run"] == only):
            runs[e["run"]].append(e)
    rows = []
    for name, entries in runs.items():
        entries.sort(key=lambda e: e["position"])
        pages, singles, golds, sts, ocrs = [], [], [], [], []
        for e in entries:
            d = HERE / "pages"
            ocr = (d / f"{e['id']}.ocr.txt").read_text(encoding="utf-8")
            page = read_page(ocr)
            pages.append((e["id"], page))
            singles.append(proofread_page(page, repairer=repairer, file=e["id"]))
            golds.append(score.gold_body((d / f"{e['id']}.gold.wiki").read_text(encoding="utf-8")))
            sts.append(json.loads((d / f"{e['id']}.json").read_text(encoding="utf-8")))
            ocrs.append(ocr)
        books = apply_sequence(pages, singles, repairer=repairer)

        def laws(result) -> list[str]:  # noqa: ANN001
            return [law.label for c in result.codes for s in c.sections for law in s.laws
                    if law.number is not None]
        laws_ok = [laws(b) == [str(n) for n in st["laws"]] for b, st in zip(books, sts,
                                                                             strict=True)]
        for k, (e, single, book, gold, st, ocr) in enumerate(zip(
                entries, singles, books, golds, sts, ocrs, strict=True)):
            one = judge(single.page.body, single.page.header, gold, st, ocr, single.edits)
            two = judge(book.page.body, book.page.header, gold, st, ocr, book.edits)
            want = [str(n) for n in st["laws"]]
            one["has_laws"] = two["has_laws"] = bool(want)
            one["laws"], two["laws"] = laws(single) == want, laws(book) == want
            rules = sorted({x.rule for x in book.edits} - {x.rule for x in single.edits})
            changed = book.page.wikitext() != single.page.wikitext()
            regressed = changed and (
                two["cer_after"] > one["cer_after"] + 1e-9
                or any(one[k] and not two[k] for k in ("title", "folio", "hws_right",
                                                        "hwe_right", "nop_right"))
                or two["hws_false"] > one["hws_false"] or two["hwe_false"] > one["hwe_false"])
            rows.append({"id": e["id"], "run": name, "split": e["split"], "single": one,
                         "book": two, "changed": changed, "regressed": regressed,
                         "rules": rules,
                         "law_flag": any(d.code == "law-sequence" for d in book.diagnostics),
                         # a flag is true when the law numbers are wrong on this page or
                         # the previous one
                         "law_flag_true": not laws_ok[k] or (k > 0 and not laws_ok[k - 1])})
    return rows


def summarise(rows: list[dict], mode: str) -> dict:
    n = len(rows) or 1

    def count(key: str) -> int:
        return sum(bool(r[mode][key]) for r in rows)

    return {
        "pages": len(rows),
        "head": 100.0 * sum(r[mode]["title"] and r[mode]["folio"] for r in rows) / n,
        "title": 100.0 * count("title") / n, "folio": 100.0 * count("folio") / n,
        "hws": f"{count('hws_right')}/{count('hws_gold')}",
        "hwe": f"{count('hwe_right')}/{count('hwe_gold')}",
        "false": count("hws_false") + count("hwe_false"),
        "nop": 100.0 * count("nop_right") / n,
        "worse": count("worse"), "moved": sum(r[mode]["moved_words"] for r in rows),
        "cer": 100.0 * sum(r[mode]["cer_after"] for r in rows) / n,
        "laws": 100.0 * sum(r[mode]["laws"] for r in rows if r[mode]["has_laws"])
        / (sum(r[mode]["has_laws"] for r in rows) or 1),
    }


def table(rows: list[dict]) -> str:
    head = (f"{'':14} {'pages':>5} {'head%':>6} {'title%':>6} {'folio%':>6} {'hws':>7} "
            f"{'hwe':>7} {'false':>5} {'nop%':>5} {'CER%':>5} {'worse':>5} {'moved':>5} "
            f"{'laws%':>5}")
    out = [head]
    for mode in ("single", "book"):
        s = summarise(rows, mode)
        out.append(f"{mode + ' page' if mode == 'single' else 'book':14} {s['pages']:5d} "
                   f"{s['head']:6.1f} {s['title']:6.1f} {s['folio']:6.1f} {s['hws']:>7} "
                   f"{s['hwe']:>7} {s['false']:5d} {s['nop']:5.1f} {s['cer']:5.2f} "
                   f"{s['worse']:5d} {s['moved']:5d} {s['laws']:5.1f}")
    changed = sum(r["changed"] for r in rows)
    regressed = [r["id"] for r in rows if r["regressed"]]
    flags = [r for r in rows if r["law_flag"]]
    out.append(f"law-sequence flags: {len(flags)} pages, {sum(r['law_flag_true'] for r in flags)}"
               " with a law number wrong on the page or the one before")
    out.append(f"book mode changed {changed} pages; made {len(regressed)} worse than "
               f"single-page mode{': ' + ', '.join(regressed) if regressed else ''}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Score book mode on the page benchmark")
    ap.add_argument("--split", choices=["dev", "test", "all"], default="dev")
    ap.add_argument("--run", default="", help="only this run")
    ap.add_argument("--pages", action="store_true", help="a line per page book mode changed")
    ap.add_argument("--json", help="write the rows here")
    args = ap.parse_args(argv)
    started = time.time()
    rows = run(args.split, args.run)
    if args.pages:
        for r in rows:
            if not r["changed"]:
                continue
            one, two = r["single"], r["book"]
            diff = [k for k in ("title", "folio", "hws_right", "hwe_right", "nop_right",
                                "hws_false", "hwe_false") if one[k] != two[k]]
            print(f"{r['id']:44} {','.join(r['rules']) or '-':40} "
                  f"{' '.join(f'{k}:{int(one[k])}->{int(two[k])}' for k in diff)}"
                  f"{' REGRESSED' if r['regressed'] else ''}")
    runs = len({r["run"] for r in rows})
    print(f"split {args.split}: {len(rows)} pages in {runs} runs, {time.time() - started:.0f}s")
    print(table(rows))
    long = [r for r in rows if r["run"] == max({r["run"] for r in rows},
                                               key=lambda x: sum(q["run"] == x for q in rows))]
    if long and len(long) != len(rows):
        print(f"\nlongest run, {long[0]['run']}:")
        print(table(long))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
