"""Repair CPU time of this checkout against another (a baseline), in one process: the
pages of ``bench_repair.py`` repaired by both, page by page in turn (which goes first
alternates), each run cold as ``bench_repair.py`` makes it (a fresh repairer, the module
caches emptied), and every result compared. On a shared machine the load changes from one
second to the next; pages in turn share it, so the ratio holds where separate runs do not.

    python benchmarks/bench_repair_ab.py ../baseline-checkout [--kb 300] [--runs 4] [--mixed]

The baseline is a checkout (or ``git worktree``) of another commit: its ``wstools`` package
is imported under another name (``wstools_baseline``; its imports are relative).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support, wstools
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_repair

from bench_repair import _book_pages, _mixed_pages, noisy  # noqa: E402

from wstools.corpus.store import default_corpus_dir, load  # noqa: E402

# the caches bench_repair.py empties before each run, by module (a cache the other tree
# lacks is skipped)
CACHES = {"repair.align": ("_unique_grams",),
          "repair.confusion": ("cost", "_moves", "_places"),
          "repair.twins": ("_cached_twin",),
          "repair.witness": ("_is_heading",),
          "text.english": ("zipf",)}


class Side:
    """One tree: its repair module, a loaded repairer and the caches to empty."""

    def __init__(self, package: str, first_page: str) -> None:
        self.repair: ModuleType = importlib.import_module(f"{package}.repair.repair")
        # (a cache the other tree lacks, or has as a plain function, is skipped)
        found = [getattr(importlib.import_module(f"{package}.{module}"), name, None)
                 for module, names in CACHES.items() for name in names]
        self.caches = [f for f in found if hasattr(f, "cache_clear")]
        self.loaded = self.repair.Repairer.load()
        self.loaded.repair(first_page)  # start-up (the word list), not throughput

    def fresh(self) -> object:
        for cache in self.caches:
            cache.cache_clear()
        return self.repair.Repairer(self.loaded.index, self.loaded.witnesses)


def _key(result: object) -> tuple:
    def edits(items: list) -> list[tuple]:
        return [(e.start, e.end, e.old, e.new, e.rule, e.confidence, e.evidence)
                for e in items]
    return (result.text, edits(result.all_edits()), edits(result.flags),  # type: ignore
            tuple(result.law) if result.law else None)  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", help="a checkout of the baseline commit")
    parser.add_argument("--kb", type=int, default=300)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--mixed", action="store_true", help="bench_repair.py's --mixed pages")
    args = parser.parse_args()
    base = Path(args.baseline).resolve() / "wstools"
    if not (base / "repair" / "repair.py").is_file():
        parser.error(f"{args.baseline}: no wstools package there")
    printings = load(default_corpus_dir())
    rnd = random.Random(1)
    texts = [p.text for p in printings if not p.metadata.get("copy-of")]
    gold = _mixed_pages(texts, args.kb, rnd) if args.mixed else _book_pages(texts, args.kb, rnd)
    pages = [noisy(g, 0.02, rnd) for g in gold]
    kb = sum(len(p.encode()) for p in pages) / 1024
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "wstools_baseline").symlink_to(base, target_is_directory=True)
        sys.path.insert(0, tmp)
        sides = [Side("wstools_baseline", pages[0]), Side("wstools", pages[0])]
        totals = [[], []]
        clock = time.process_time
        for run in range(args.runs):
            repairers = [side.fresh() for side in sides]
            spent = [0.0, 0.0]
            for n, page in enumerate(pages):
                order = (0, 1) if (run + n) % 2 == 0 else (1, 0)
                results = {}
                for k in order:
                    start = clock()
                    results[k] = repairers[k].repair(page)  # type: ignore[attr-defined]
                    spent[k] += clock() - start
                if _key(results[0]) != _key(results[1]):
                    print(f"page {n}: the results differ", file=sys.stderr)
                    return 1
            totals[0].append(spent[0])
            totals[1].append(spent[1])
    a, b = sum(totals[0]), sum(totals[1])
    print(f"{kb:.0f} KB x {args.runs} runs, every result identical")
    print(f"baseline: {a:.2f} s CPU ({kb * args.runs / a:.0f} KB/s); this tree: {b:.2f} s "
          f"({kb * args.runs / b:.0f} KB/s); ratio {a / b:.3f} (per run: "
          + " ".join(f"{x / y:.3f}" for x, y in zip(totals[0], totals[1], strict=True)) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
