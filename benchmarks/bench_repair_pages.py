#!/usr/bin/env python3
"""OCR repair on the page benchmark (issue 20): every edit scored against the gold.

    python benchmarks/bench_repair_pages.py [--split dev|test|all] [--eo-corpus DIR]
        [--limit N] [--rules] [--worst N] [--json FILE]

For each page of ``benchmarks/pages`` in the split, the running head is cut off the OCR
(``wstools.running_head.find_running_head``, as ``proofread`` does) and the body goes
through ``Repairer.repair``. Both the OCR body and the repaired body are compared with the
gold body (``score.plain``: case folded, quotes and dashes straightened, whitespace
collapsed, templates to their text):

- **errors removed**: (Levenshtein(OCR, gold) - Levenshtein(repaired, gold)) /
  Levenshtein(OCR, gold), pooled over the cell's pages;
- **precision**: each edit (cleanup and repair alike, in input coordinates) is applied
  alone to the OCR and the words around it (whole words, 20 characters or more either
  side) compared with the gold they are aligned to (a character alignment of the whole
  page): *right* if the edit brings them closer, *wrong* if further, *neutral* if neither
  (a change of case, which the comparison folds, or a line break). Precision =
  right / (right + wrong);
- **damage**: the words a wrong edit touched that the OCR had right, over the gold's words;
- **rem. in order**: errors removed, not counting the stretches of over 20 characters
  still wrong after repair (text Tesseract read out of order or lost, mostly on two-column
  pages: no character repair can mend them).

Cells: ``exact`` (a law text whose printing the corpus holds), ``variant`` (the same pages
with that printing taken out of the corpus: other printings of the game witness them, where
they have one), ``none-law`` (a law text
the corpus lacks), ``prose`` (no witness, not a law code), ``eo`` (executive orders, with
``--eo-corpus``, by default ``../shared/sources/eo-govinfo``, as the corpus; ``eo-none``
when that folder is missing). Each cell also by degradation level (clean, worn, augraphy,
poor). Tune on dev, report test.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz.distance import Levenshtein

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
sys.path.insert(0, str(PAGES))
sys.path.insert(0, str(HERE.parent))  # tests.support
from score import gold_body, plain  # noqa: E402

from wstools.edits import Edit, apply_edits  # noqa: E402
from wstools.repair.repair import Repairer  # noqa: E402
from wstools.running_head import find_running_head  # noqa: E402

EO_CORPUS = HERE.parents[1] / "shared" / "sources" / "eo-govinfo"
# the law texts whose printing is in the project's corpus, and that printing (with its
# copies): without them, what other printings of the game are left witness a variant
EXACT = {"hoyle-whist-laws": ["hoyle-1909-whist", "hoyle-1909-whist-web", "hoyle-1909-dummy"],
         "hoyle-bridge-laws": ["hoyle-1909-bridge", "hoyle-1909-bridge-web"],
         "hoyle-auction-bridge-laws": ["hoyle-1909-auction-bridge"],
         "hoyle-rubicon-bezique-laws": ["hoyle-1909-rubicon-bezique"],
         "hoyle-loo-laws": ["hoyle-1909-loo"],
         # the dev-only codes (``make-page-benchmark.py --extra``) are the corpus' own
         # texts: dev's exact and variant cells, in the style of test's Whist and Bridge
         "awc-whist": ["awc-whist"], "awc-duplicate-whist": ["awc-duplicate-whist"],
         "elwell-1907-revoke": ["elwell-1907-revoke"],
         "hoyle-1909-dummy": ["hoyle-1909-dummy"],
         "work-auction-of-to-day": ["work-auction-of-to-day"]}
LEVELS = ("clean", "worn", "augraphy", "poor")
CONTEXT = 20
_FOLD = str.maketrans({"—": "-", "–": "-", "‐": "-", "‘": "'", "’": "'", "“": '"',
                       "”": '"', "ſ": "s"})


def cell_of(entry: dict, eo_corpus: bool) -> str:
    if entry["kind"] == "executive orders":
        return "eo" if eo_corpus else "eo-none"
    if entry["kind"] == "prose":
        return "prose"
    return "exact" if entry["text"] in EXACT else "none-law"


def variant_repairer(text: str, folder: Path, cache: dict) -> Repairer:
    """A repairer whose corpus lacks ``text``'s own printing (``EXACT``)."""
    if text not in cache:
        from tests.support.repair_harness import subset_corpus
        cache[text] = Repairer.load(subset_corpus(folder / text, EXACT[text], []))
    return cache[text]


def normalised(text: str) -> tuple[str, list[int]]:
    """``text`` as ``score.plain`` compares it (case folded, marks straightened, whitespace
    collapsed), and for every character of ``text`` (and its end) the offset it has there."""
    out: list[str] = []
    where: list[int] = []
    space = True  # (leading whitespace goes)
    for ch in text:
        where.append(len(out))
        if ch.isspace():
            if not space:
                out.append(" ")
                space = True
            continue
        folded = ch.translate(_FOLD).casefold()
        out.append(folded[:1] or ch)
        space = False
    where.append(len(out))
    if out and out[-1] == " ":
        out.pop()
        where = [min(w, len(out)) for w in where]
    return "".join(out), where


_GOLD_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])-[ \t]+(?=[^\W\d_])")


def gold_text(pid: str) -> str:
    """The gold body of page ``pid`` as ``score.plain`` reads it, but a hyphen its source
    wrapped closed up: the executive orders' gold keeps the Federal Register's
    ``low-⏎performing`` as ``low- performing``, which no page prints; the compound is read
    (``low-performing``), so that joining it is no error, and dropping its hyphen
    (``cutoff`` for ``cut-off``) one."""
    wiki = (PAGES / "pages" / f"{pid}.gold.wiki").read_text(encoding="utf-8")
    return plain(_GOLD_HYPHEN_BREAK.sub("-", gold_body(wiki)))


class GoldMap:
    """Where each boundary of a normalised text falls in the gold (first and last)."""

    def __init__(self, text: str, gold: str) -> None:
        n = len(text)
        self.lo = [len(gold)] * (n + 1)
        self.hi = [0] * (n + 1)
        for op in Levenshtein.opcodes(text, gold):
            for i in range(op.src_start, op.src_end + 1):
                if op.tag in ("equal", "replace") and op.src_end > op.src_start:
                    j = op.dest_start + (i - op.src_start)
                    j = min(j, op.dest_end)
                    self.lo[i] = min(self.lo[i], j)
                    self.hi[i] = max(self.hi[i], j)
                else:
                    self.lo[i] = min(self.lo[i], op.dest_start)
                    self.hi[i] = max(self.hi[i], op.dest_end)
        self.gold = gold

    def span(self, a: int, b: int) -> str:
        g, gold = self.lo[a], self.gold
        h = max(g, self.hi[b])
        while g > 0 and gold[g - 1] != " ":
            g -= 1
        while h < len(gold) and gold[h] != " ":
            h += 1
        return gold[g:h].strip()


def _word_bounds(text: str, a: int, b: int) -> tuple[int, int]:
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    while b < len(text) and not text[b].isspace():
        b += 1
    return a, b


@dataclass
class EditScore:
    edit: Edit
    verdict: str  # right, wrong, neutral
    damaged: int  # words the OCR had right that the edit made wrong
    before: int
    after: int
    ocr: str
    gold: str


def score_edits(body: str, gold: str, edits: list[Edit]) -> list[EditScore]:
    """Each edit applied alone to ``body`` (input coordinates) and judged on the words
    around it against the gold (already ``plain``)."""
    norm, where = normalised(body)
    gmap = GoldMap(norm, gold)
    out = []
    for e in edits:
        a, b = _word_bounds(body, max(0, e.start - CONTEXT), min(len(body), e.end + CONTEXT))
        window = body[a:b]
        ocr_n, _ = normalised(window)
        new_n, _ = normalised(body[a:e.start] + e.new + body[e.end:b])
        g = gmap.span(where[a], where[b])
        d0, d1 = Levenshtein.distance(ocr_n, g), Levenshtein.distance(new_n, g)
        verdict = "right" if d1 < d0 else "wrong" if d1 > d0 else "neutral"
        damaged = 0
        if verdict == "wrong":
            wa, wb = _word_bounds(body, e.start, e.end)
            words_n, _ = normalised(body[wa:wb])
            if words_n and words_n == gmap.span(where[wa], where[wb]):
                damaged = max(1, len(words_n.split()))
        out.append(EditScore(e, verdict, damaged, d0, d1, ocr_n, g))
    return out


@dataclass
class Tally:
    pages: int = 0
    chars: int = 0
    words: int = 0
    before: int = 0
    after: int = 0
    verdicts: Counter = field(default_factory=Counter)
    damaged: int = 0
    worse: int = 0
    seconds: float = 0.0
    size: int = 0
    moved: int = 0  # errors left in stretches of over 20 characters

    def add(self, other: Tally) -> None:
        for name in ("pages", "chars", "words", "before", "after", "damaged", "worse",
                     "seconds", "size", "moved"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.verdicts.update(other.verdicts)

    def row(self) -> dict:
        right, wrong = self.verdicts["right"], self.verdicts["wrong"]
        return {"pages": self.pages, "cer_before": self.before / max(1, self.chars),
                "cer_after": self.after / max(1, self.chars),
                "removed": (self.before - self.after) / self.before if self.before else 0.0,
                "in_order": (self.before - self.after) / (self.before - self.moved)
                if self.before > self.moved else 0.0,
                "edits": sum(self.verdicts.values()), "right": right, "wrong": wrong,
                "neutral": self.verdicts["neutral"],
                "precision": right / (right + wrong) if right + wrong else 1.0,
                "damage": self.damaged / max(1, self.words), "worse": self.worse}


def body_of(ocr: str, headings: tuple[str, ...]) -> str:
    """The OCR without its running head (the spans ``find_running_head`` finds)."""
    head = find_running_head(ocr, headings, detached=True)
    if head is None:
        return ocr
    cut = [Edit(a, b, ocr[a:b], "", "head") for a, b in head.spans]
    return apply_edits(ocr, cut)


def run_page(repairer: Repairer, entry: dict) -> tuple[Tally, list[EditScore], str, str]:
    pid = entry["id"]
    ocr = (PAGES / "pages" / f"{pid}.ocr.txt").read_text(encoding="utf-8")
    gold = gold_text(pid)
    body = body_of(ocr, repairer.index.headings)
    t0 = time.process_time()
    result = repairer.repair(body)
    seconds = time.process_time() - t0
    before = Levenshtein.distance(normalised(body)[0], gold)
    after = Levenshtein.distance(normalised(result.text)[0], gold)
    scores = score_edits(body, gold, result.all_edits())
    t = Tally(1, len(gold), len(gold.split()), before, after,
              Counter(s.verdict for s in scores), sum(s.damaged for s in scores),
              int(after > before), seconds, len(body.encode()),
              _moved(normalised(result.text)[0], gold))
    return t, scores, body, result.text


def _moved(text: str, gold: str) -> int:
    """The errors of ``text`` in stretches of over 20 characters (word alignment)."""
    words, gold_words = text.split(), gold.split()
    out = 0
    for op in Levenshtein.opcodes(words, gold_words):
        if op.tag != "equal":
            d = Levenshtein.distance(" ".join(words[op.src_start:op.src_end]),
                                     " ".join(gold_words[op.dest_start:op.dest_end]))
            out += d if d > 20 else 0
    return out


def _fmt(name: str, row: dict) -> str:
    return (f"{name:<22} {row['pages']:>5} {100 * row['cer_before']:>7.2f} "
            f"{100 * row['cer_after']:>7.2f} {100 * row['removed']:>8.1f} "
            f"{100 * row['in_order']:>8.1f} {row['edits']:>6} "
            f"{row['wrong']:>5} {100 * row['precision']:>7.2f} {100 * row['damage']:>7.3f} "
            f"{row['worse']:>5}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="dev", choices=("dev", "test", "all"))
    ap.add_argument("--eo-corpus", type=Path, default=EO_CORPUS)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--cells", default="", help="comma-separated cells to run (default all)")
    ap.add_argument("--rules", action="store_true", help="a line per rule")
    ap.add_argument("--worst", type=int, default=0, help="list N wrong edits")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--eo-leave-out", action="store_true",
                    help="an order's own text is no witness of its pages: only the other "
                         "orders (boilerplate, general provisions, amended text) witness it")
    args = ap.parse_args(argv)

    manifest = json.loads((PAGES / "manifest.json").read_text(encoding="utf-8"))
    entries = [p for p in manifest["pages"] if args.split in ("all", p["split"])]
    eo_ok = args.eo_corpus.is_dir()
    wanted = set(filter(None, args.cells.split(",")))
    if wanted:
        entries = [p for p in entries if cell_of(p, eo_ok) in wanted or
                   ("variant" in wanted and p["text"] in EXACT)]
    if args.limit:
        entries = entries[:args.limit]
    t0 = time.perf_counter()
    default = Repairer.load()
    build = time.perf_counter() - t0
    eo_repairer = None
    if eo_ok and any(cell_of(p, eo_ok) == "eo" for p in entries):
        t0 = time.perf_counter()
        eo_repairer = Repairer.load(args.eo_corpus)
        build = time.perf_counter() - t0
        print(f"EO corpus {args.eo_corpus}: loaded in {build:.1f} s", file=sys.stderr)
    cells: dict[str, Tally] = defaultdict(Tally)
    levels: dict[tuple[str, str], Tally] = defaultdict(Tally)
    rules: dict[str, Counter] = defaultdict(Counter)
    wrong: list[tuple[str, EditScore]] = []
    total = Tally()
    variants: dict[str, Repairer] = {}
    tmp = Path(tempfile.mkdtemp(prefix="wstools-bench-"))
    runs = [(entry, cell_of(entry, eo_ok)) for entry in entries]
    if not wanted or "variant" in wanted:
        runs += [(entry, "variant") for entry in entries if entry["text"] in EXACT]
    for entry, cell in runs:
        if cell == "variant":
            repairer = variant_repairer(entry["text"], tmp, variants)
        else:
            repairer = eo_repairer if cell == "eo" else default
        if cell == "eo" and args.eo_leave_out:
            repairer.exclude = frozenset({entry["document"].replace("eo-", "EO_")})
        t, scores, _, _ = run_page(repairer, entry)
        repairer.exclude = frozenset()
        cells[cell].add(t)
        levels[cell, entry["level"]].add(t)
        if cell != "variant":
            total.add(t)
        for s in scores:
            rules[s.edit.rule][s.verdict] += 1
            if s.verdict == "wrong":
                wrong.append((entry["id"], s))
    head = (f"{'cell':<22} {'pages':>5} {'CER0 %':>7} {'CER1 %':>7} {'removed':>8} "
            f"{'in order':>8} "
            f"{'edits':>6} {'wrong':>5} {'prec %':>7} {'dmg %':>7} {'worse':>5}")
    print(f"split {args.split}: {len(entries)} pages")
    print(head)
    for cell in sorted(cells):
        print(_fmt(cell, cells[cell].row()))
        for level in LEVELS:
            if (cell, level) in levels:
                print(_fmt(f"  {level}", levels[cell, level].row()))
    print(_fmt("all", total.row()))
    kbs = total.size / 1024 / total.seconds if total.seconds else 0.0
    print(f"repair throughput: {kbs:.0f} KB/s CPU ({total.size / 1024:.0f} KB)")
    if args.rules:
        print(f"\n{'rule':<26} {'right':>6} {'wrong':>6} {'neutral':>7} {'prec %':>7}")
        for rule, c in sorted(rules.items(), key=lambda kv: -sum(kv[1].values())):
            p = c["right"] / (c["right"] + c["wrong"]) if c["right"] + c["wrong"] else 1.0
            print(f"{rule:<26} {c['right']:>6} {c['wrong']:>6} {c['neutral']:>7} "
                  f"{100 * p:>7.2f}")
    for pid, s in wrong[:args.worst]:
        e = s.edit
        print(f"{pid} {e.rule} {e.old!r} -> {e.new!r} | ocr {s.ocr!r} | gold {s.gold!r}")
    if args.json:
        args.json.write_text(json.dumps({
            "split": args.split,
            "cells": {c: t.row() for c, t in cells.items()},
            "levels": {f"{c}/{lv}": t.row() for (c, lv), t in levels.items()},
            "all": total.row(), "kb_s": kbs,
            "rules": {r: dict(c) for r, c in rules.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
