"""Repair throughput: KB/s of OCR text on one core with the whole corpus loaded, the index
build time, and peak memory; the OCR cleanup alone is the baseline in the same process.

The OCR text is made from the corpus itself with deterministic OCR-like noise (the
confusions of wstools.repair.confusion, 2 % of the words), so that every page has witnesses
and the caches see varied words; the repaired text is scored against the clean text. A page
is a run of consecutive lines of one printing (about 6,000 characters), as in a book;
``--mixed`` makes pages of short runs of random printings instead, whose law numbering
contradicts itself from run to run.

    python benchmarks/bench_repair.py [--kb 300] [--mixed] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support

from tests.support.repair_evaluate import evaluate  # noqa: E402
from wstools.corpus.store import default_corpus_dir, load  # noqa: E402
from wstools.repair.align import _unique_grams  # noqa: E402
from wstools.repair.confusion import PAIRS, _moves, _places, cost  # noqa: E402
from wstools.repair.repair import Repairer  # noqa: E402
from wstools.repair.twins import _cached_twin  # noqa: E402
from wstools.repair.witness import WitnessIndex, _is_heading  # noqa: E402
from wstools.text.english import zipf  # noqa: E402
from wstools.text.pipeline import OCR_FIXES, clean  # noqa: E402


def noisy(text: str, rate: float, rnd: random.Random) -> str:
    pairs = [(p, o) for p, o, c in PAIRS if p and o and c <= 0.6 and p.isalpha()]

    def garble(m: re.Match[str]) -> str:
        word = m.group(0)
        if rnd.random() > rate:
            return word
        options = [(p, o) for p, o in pairs if p in word]
        if not options:
            return word
        p, o = rnd.choice(options)
        return word.replace(p, o, 1)
    return re.sub(r"[A-Za-z]{3,}", garble, text)


PAGE = 6000  # characters: about two printed pages, as a bot repairs them


def _book_pages(texts: list[str], kb: int, rnd: random.Random) -> list[str]:
    """Pages as a book has them: each a run of consecutive lines of one printing."""
    pages, size = [], 0
    while size < kb * 1024:
        lines = rnd.choice(texts).split("\n")
        start = rnd.randrange(len(lines))
        page: list[str] = []
        while start < len(lines) and sum(len(x) for x in page) < PAGE:
            page.append(lines[start])
            start += 1
        pages.append("\n".join(page))
        size += len(pages[-1].encode())
    return pages


def _mixed_pages(texts: list[str], kb: int, rnd: random.Random) -> list[str]:
    """Pages made of 20-line runs of random printings, cut at about ``PAGE`` characters."""
    runs, size = [], 0
    while size < kb * 1024:
        lines = rnd.choice(texts).split("\n")
        start = rnd.randrange(len(lines))
        runs.append("\n".join(lines[start:start + 20]))
        size += len(runs[-1].encode())
    pages, page = [], []
    for line in "\n".join(runs).split("\n"):
        page.append(line)
        if sum(len(x) for x in page) > PAGE:
            pages.append("\n".join(page))
            page = []
    pages.append("\n".join(page))
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5,
                        help="timed runs, each with empty caches; the best is reported")
    parser.add_argument("--mixed", action="store_true",
                        help="pages of 20-line runs from random printings (the layout before "
                             "2026-11-21), so that a page mixes codes and their numbering")
    args = parser.parse_args()
    printings = load(default_corpus_dir())
    start = time.perf_counter()
    witnesses = WitnessIndex.from_printings(printings)
    build = time.perf_counter() - start
    print(f"witness index: {len(witnesses.passages)} passages, {len(witnesses.postings)} "
          f"trigrams, built in {build:.2f} s")
    repairer = Repairer.load()
    rnd = random.Random(1)
    texts = [p.text for p in printings if not p.metadata.get("copy-of")]
    gold_pages = _mixed_pages(texts, args.kb, rnd) if args.mixed else \
        _book_pages(texts, args.kb, rnd)
    pages = [noisy(g, 0.02, rnd) for g in gold_pages]
    gold, ocr = "\n".join(gold_pages), "\n".join(pages)
    start = time.perf_counter()
    clean(ocr, OCR_FIXES)
    baseline = time.perf_counter() - start
    # one page first: the English word list (wordfreq) loads on first use, once per
    # process — start-up, like the index build, not throughput
    repairer.repair(pages[0])
    times, cpu = [], []
    for _ in range(args.runs):  # each run cold: fresh repairer, module caches emptied
        for cached in (cost, _moves, _places, _unique_grams, zipf, _cached_twin, _is_heading):
            cached.cache_clear()
        repairer = Repairer(repairer.index, repairer.witnesses)
        start, start_cpu = time.perf_counter(), time.process_time()
        results = [repairer.repair(p) for p in pages]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    elapsed = min(times)
    repaired = "\n".join(r.text for r in results)
    edits = sum(len(r.edits) for r in results)
    kb = len(ocr.encode()) / 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    score = evaluate(ocr, gold, repaired)
    print(f"{kb:.0f} KB of OCR text")
    print(f"cleanup alone: {kb / baseline:8.0f} KB/s")
    print(f"repair:        {kb / elapsed:8.0f} KB/s  (best of {len(times)} cold runs: "
          f"{elapsed:.2f} s, median {sorted(times)[len(times) // 2]:.2f} s; "
          f"{edits} repairs in {len(pages)} pages; "
          f"{baseline / elapsed:.2f} of the cleanup's speed)")
    # CPU time leaves out what a shared machine's other guests take (steal time)
    print(f"repair, CPU time: {kb / min(cpu):5.0f} KB/s  (median "
          f"{kb / sorted(cpu)[len(cpu) // 2]:.0f} KB/s)")
    print(f"peak memory:   {peak:8.0f} MB")
    print(f"synthetic noise: CER {100 * score.cer_before:.2f} % -> {100 * score.cer_after:.2f} %, "
          f"precision {100 * score.precision:.2f} %, damage {100 * score.damage_rate:.3f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
