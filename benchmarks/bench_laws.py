"""Throughput of cleanup and law parsing on the seeds repeated to about 10 MB.

Prints MB/s for cleanup (all fixes, with the corpus word list) and laws/s and MB/s for
parsing each shape, plus a baseline in the same process: a plain ``str.split`` pass over
the same text, so ratios stay comparable across machines.

    python benchmarks/bench_laws.py [--mb 10]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from wstools.corpus.index import load_index
from wstools.laws.parse import parse
from wstools.text.pipeline import DEFAULT_FIXES, OCR_FIXES, Options, clean

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=10.0)
    args = ap.parse_args()
    index = load_index()
    seeds = {p.name[:3]: p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))}
    target = int(args.mb * 1_000_000)

    web = "\n\n".join([seeds["001"], seeds["003"], seeds["004"]])
    web_big = "\n\n".join([web] * max(1, target // len(web)))
    ocr_big = "\n".join([seeds["002"]] * max(1, target // len(seeds["002"])))
    mb_web, mb_ocr = len(web_big.encode()) / 1e6, len(ocr_big.encode()) / 1e6

    _, base = timed(lambda: sum(len(w) for w in web_big.split()))
    options = Options(vocabulary=index.vocabulary)
    r, t_clean = timed(lambda: clean(web_big, DEFAULT_FIXES, options))
    print(f"baseline str.split        {mb_web / base:9.1f} MB/s")
    print(f"clean web text (all)      {mb_web / t_clean:9.2f} MB/s  {len(r.edits)} edits  "
          f"ratio to baseline 1/{t_clean / base:.0f}")
    r, t_ocr = timed(lambda: clean(ocr_big, OCR_FIXES, options))
    print(f"clean OCR text (OCR fixes){mb_ocr / t_ocr:9.2f} MB/s  {len(r.edits)} edits")

    # lines: the web seeds, renumbered per copy is not needed: numbering diagnostics are
    # part of the work measured
    res, t_lines = timed(lambda: parse(web_big, "lines", headings=index.headings,
                                       vocabulary=index.vocabulary))
    print(f"parse lines               {mb_web / t_lines:9.2f} MB/s  "
          f"{len(res.laws) / t_lines:9.0f} laws/s  ({len(res.laws)} laws)")
    one = seeds["002"]
    reps = max(1, int(2_000_000 // len(one)))  # flat pages are parsed one page at a time
    def flat_pages():
        n = 0
        for _ in range(reps):
            n += len(parse(one, "flat", headings=index.headings).laws)
        return n
    laws, t_flat = timed(flat_pages)
    mb_flat = reps * len(one.encode()) / 1e6
    print(f"parse flat (page by page) {mb_flat / t_flat:9.2f} MB/s  {laws / t_flat:9.0f} laws/s"
          f"  ({reps} pages)")
    wt = seeds["000"]
    reps = max(1, int(2_000_000 // len(wt)))
    def wiki_pages():
        return sum(len(parse(wt, "wikitext").laws) for _ in range(reps))
    laws, t_wiki = timed(wiki_pages)
    print(f"parse wikitext            {reps * len(wt.encode()) / 1e6 / t_wiki:9.2f} MB/s  "
          f"{laws / t_wiki:9.0f} laws/s  ({reps} pages)")


if __name__ == "__main__":
    main()
