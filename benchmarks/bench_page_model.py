#!/usr/bin/env python3
"""Growth of the page model (``wstools.page_model``): the time to read and lay out texts of
many paragraphs, from 1 KB to 4 MB, for shapes that were once quadratic (headings one after
another, words hyphenated across column breaks, short lines, clause labels).

    python benchmarks/bench_page_model.py [--max-kb 4096]

Prints, per shape, the CPU time at each size and its ratio to the time at a quarter of the
size (about 4 when linear, 16 when quadratic). Exit 0.
"""

from __future__ import annotations

import argparse
import sys
import time

from wstools.page_model import label_repairs, lay_out

SHAPES = {"headings": "THE DEAL\n\n", "column breaks": "word-\n\nword ",
          "short lines": "x.  \n", "clause labels": "(a) ", "ordinals": "1st. "}


def cost(text: str) -> float:
    start = time.process_time()
    lay_out(text)
    label_repairs(text)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-kb", type=int, default=4096)
    args = ap.parse_args(argv)
    sizes = [1]
    while sizes[-1] * 4 <= args.max_kb:
        sizes.append(sizes[-1] * 4)
    print(f"{'shape':<15}" + "".join(f"{s:>10} KB" for s in sizes) + "   ratio x4 (last)")
    for name, unit in SHAPES.items():
        times = [cost(unit * max(1, kb * 1024 // len(unit))) for kb in sizes]
        ratio = times[-1] / max(times[-2], 1e-6) if len(times) > 1 else float("nan")
        print(f"{name:<15}" + "".join(f"{t:>12.3f}" for t in times) + f"   {ratio:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
