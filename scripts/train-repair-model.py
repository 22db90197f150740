#!/usr/bin/env python3
"""Train the calibrated decision of witness repairs (:mod:`wstools.repair.model`) on the
dev split of the page benchmark, and write ``wstools/data/repair-model.json``.

    python scripts/train-repair-model.py [--precision 0.99] [--eo-corpus DIR] [--dry-run]

Every dev page is repaired (and again, for the codes whose printing the corpus holds,
with that printing taken out: the variant cell) with the candidates collected
(``Repairer.collect``; the rules drive the repair meanwhile), and each candidate is
applied alone and judged against the gold (``benchmarks/bench_repair_pages.score_edits``):
right (closer to the gold) = 1, wrong (further) = 0; neutral ones (a change of case the
comparison folds) are left out.
A logistic regression (scikit-learn, needed here only; the package applies the weights
itself) is fitted; the threshold is the lowest at which the out-of-fold predictions
(folds by text, so a text is never scored by a model that saw it) reach ``--precision``.
The test split is never read.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_repair_pages as bench  # noqa: E402

from wstools.repair.model import FEATURES, MODEL_FILE  # noqa: E402
from wstools.repair.repair import Repairer  # noqa: E402

_TEMPLATE = regex.compile(r"\{\{[^{}|]*((?:\|[^{}]*)?)\}\}")


def _printed(body: str) -> str:
    """A gold body as a corpus printing keeps it: notes, ``{{nop}}`` and italics quotes
    dropped, a template read as its last plain argument, case kept."""
    body = regex.sub(r"<ref[^>]*>.*?</ref>", "", body, flags=regex.S)
    body = regex.sub(r"\{\{\s*(?:nop|smallrefs)\s*\}\}", "", body)
    body = regex.sub(r"\{\{\s*hw[se]\s*\|([^{}|]*)\|[^{}]*\}\}", r"\1", body)
    for _ in range(5):
        body = _TEMPLATE.sub(lambda m: ([a for a in m.group(1).split("|")[1:]
                                         if a.strip() and "=" not in a] or [""])[-1], body)
    body = regex.sub(r"<[^>]+>|'{2,}", "", body)
    return "\n".join(" ".join(p.split()) for p in regex.split(r"\n\s*\n", body) if p.strip())


def dev_witnesses(entries: list[dict], folder: Path) -> set[str]:
    """The project's corpus and, for each dev text the corpus lacks (law codes and prose
    alike), a printing made of the gold of its first book run: so that the Hoyle pages of
    dev are witnessed too and the model learns from them, not from executive orders
    alone. Returns the texts given a printing."""
    from wstools.corpus.store import default_corpus_dir
    folder.mkdir(parents=True, exist_ok=True)
    for path in default_corpus_dir().glob("*.txt"):
        shutil.copy(path, folder / path.name)
    runs: dict[str, list[dict]] = {}
    for e in entries:
        if e["kind"] != "executive orders" and e["text"] not in bench.EXACT:
            first = runs.setdefault(e["text"], [])
            if not first or first[0]["run"] == e["run"]:
                first.append(e)
    for text, pages in runs.items():
        bodies = [_printed(bench.gold_body((bench.PAGES / "pages" / f"{p['id']}.gold.wiki")
                                           .read_text(encoding="utf-8")))
                  for p in sorted(pages, key=lambda p: p["position"])]
        (folder / f"dev-{text}.txt").write_text(
            f"id: dev-{text}\ntitle: {text}\nedition: page benchmark gold\nyear: 1909\n"
            f"source: benchmarks/pages\nlicence: public domain\n---\n"
            + "\n".join(bodies) + "\n", encoding="utf-8")
    return set(runs)


def collect(split: str, eo_corpus: Path, witnessed: bool = True
            ) -> tuple[list, list[int], list[str], list]:
    manifest = json.loads((bench.PAGES / "manifest.json").read_text(encoding="utf-8"))
    entries = [p for p in manifest["pages"] if p["split"] == split]
    default = Repairer.load()
    eo = Repairer.load(eo_corpus) if eo_corpus.is_dir() else default
    extra, texts = default, set()
    if witnessed:
        tmp = Path(tempfile.mkdtemp(prefix="wstools-train-"))
        texts = dev_witnesses(entries, tmp)
        extra = Repairer.load(tmp)
    xs, ys, groups, rows = [], [], [], []
    runs: list[tuple[dict, frozenset[str] | None]] = [(entry, frozenset()) for entry in entries]
    # the law codes whose own printing the corpus holds, witnessed by the other printings
    # of the game alone (the variant cell: where the model must leave readings alone)
    runs += [(entry, None) for entry in entries if entry["text"] in bench.EXACT]
    variants: dict[str, Repairer] = {}
    variant_folder = Path(tempfile.mkdtemp(prefix="wstools-train-variant-"))
    if eo_corpus.is_dir():
        # and each order's pages witnessed by the other orders alone (boilerplate, general
        # provisions: a variant witness, where the model must learn restraint)
        runs += [(entry, frozenset({entry["document"].replace("eo-", "EO_")}))
                 for entry in entries if entry["kind"] == "executive orders"]
    for entry, exclude in runs:
        cell = bench.cell_of(entry, eo_corpus.is_dir())
        repairer = eo if cell == "eo" else extra if entry["text"] in texts else default
        if exclude is None:
            cell = "variant"
            repairer = bench.variant_repairer(entry["text"], variant_folder, variants)
        repairer.exclude = exclude or frozenset()
        repairer.collect = []
        pid = entry["id"]
        ocr = (bench.PAGES / "pages" / f"{pid}.ocr.txt").read_text(encoding="utf-8")
        gold = bench.gold_text(pid)
        body = bench.body_of(ocr, repairer.index.headings)
        result = repairer.repair(body)
        seen = set()
        candidates = []
        for c in repairer.collect:
            key = (c.edit.start, c.edit.end, c.edit.new)
            if key not in seen:
                seen.add(key)
                candidates.append(c)
        repairer.collect = None
        repairer.exclude = frozenset()
        scores = bench.score_edits(result.cleanup.text, gold, [c.edit for c in candidates])
        for c, s in zip(candidates, scores, strict=True):
            if s.verdict == "neutral":
                continue
            xs.append(c.features)
            ys.append(int(s.verdict == "right"))
            groups.append(entry["text"])
            rows.append((pid, cell, c.edit.old, c.edit.new, s.verdict, s.ocr, s.gold))
    return xs, ys, groups, rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--precision", type=float, default=0.99)
    ap.add_argument("--eo-corpus", type=Path, default=bench.EO_CORPUS)
    ap.add_argument("--out", type=Path, default=MODEL_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--show", type=int, default=0, help="list N wrong candidates taken")
    args = ap.parse_args(argv)

    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold, cross_val_predict

    xs, ys, groups, rows = collect("dev", args.eo_corpus)
    x = np.array(xs)[:, 1:]  # (the bias is the intercept)
    y = np.array(ys)
    print(f"{len(y)} candidates on dev: {int(y.sum())} right, {int(len(y) - y.sum())} wrong; "
          f"by text: {dict(Counter(groups))}")
    model = LogisticRegression(C=1.0, max_iter=2000)
    folds = GroupKFold(n_splits=min(5, len(set(groups))))
    p = cross_val_predict(model, x, y, groups=groups, cv=folds, method="predict_proba")[:, 1]
    # the rules' own edits are taken as they are; the model decides on the others
    raw = np.array(xs)[:, FEATURES.index("rule")] == 0
    order = [k for k in np.argsort(-p) if raw[k]]
    best = None
    right = wrong = 0
    for k in order:
        right += y[k]
        wrong += 1 - y[k]
        if right / (right + wrong) >= args.precision:
            best = (p[k], right, wrong)
    threshold = float(best[0]) if best else 1.0
    # (the lowest probability at which the candidates above it are still precise enough)
    taken = (p >= threshold) & raw
    print(f"threshold {threshold:.3f}: out of fold, {int((taken & (y == 1)).sum())} right "
          f"and {int((taken & (y == 0)).sum())} wrong taken of {int((raw & (y == 1)).sum())} "
          f"right and {int((raw & (y == 0)).sum())} wrong candidates the rules did not take")
    rule = np.array(xs)[:, FEATURES.index("rule")] == 1
    print(f"rules alone: {int((rule & (y == 1)).sum())} right, "
          f"{int((rule & (y == 0)).sum())} wrong")
    for k in [k for k in order if taken[k] and y[k] == 0][:args.show]:
        print(f"  wrong p={p[k]:.3f}", rows[k])
    model.fit(x, y)
    weights = [float(model.intercept_[0])] + [float(v) for v in model.coef_[0]]
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:<14} {w:+.3f}")
    if not args.dry_run:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "about": "wstools.repair.model: logistic regression over the witness candidates "
                     "of the page benchmark's dev split (scripts/train-repair-model.py); "
                     f"threshold for out-of-fold precision >= {args.precision}",
            "features": list(FEATURES), "weights": [round(w, 5) for w in weights],
            "threshold": round(threshold, 4), "candidates": len(y),
            "right": int(y.sum())}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
