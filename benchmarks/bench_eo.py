"""Executive orders per second: the whole eo-govinfo folder formatted (read, main page,
Page: split, lint) at --jobs 1 and --jobs 2, with reading alone and a plain read of the
bytes as baselines measured in the same process; then the independent round-trip check
(format and compare with the print's words), reading each rewritten shape, and the
reader's growth on one long paragraph.

    python benchmarks/bench_eo.py [--folder ../shared/sources/eo-govinfo] [--no-lint]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from wstools.eo.bulk import input_files, run
from wstools.eo.format import FormatOptions
from wstools.eo.read import read_order

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=str(ROOT.parent / "shared" / "sources" /
                                                "eo-govinfo"))
    parser.add_argument("--no-lint", action="store_true")
    args = parser.parse_args()
    files = input_files([args.folder])
    if not files:
        print(f"no orders in {args.folder}", file=sys.stderr)
        return 2
    size = sum(f.stat().st_size for f in files)
    print(f"{len(files)} orders, {size / 1e6:.1f} MB")
    start = time.perf_counter()
    for f in files:
        f.read_bytes()
    raw = time.perf_counter() - start
    start = time.perf_counter()
    for f in files:
        read_order(f.read_bytes())
    reading = time.perf_counter() - start
    print(f"baseline: read bytes {len(files) / raw:9.0f} orders/s")
    print(f"reader alone         {len(files) / reading:9.0f} orders/s")
    rates = {}
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            outcomes = run(files, Path(out), FormatOptions(), jobs, not args.no_lint,
                           progress=False)
            elapsed = time.perf_counter() - start
        assert all(o.ok for o in outcomes)
        rates[jobs] = len(files) / elapsed
        print(f"eo format --jobs {jobs}   {rates[jobs]:9.0f} orders/s  ({elapsed:.1f} s)")
    print(f"speed-up with 2 jobs: {rates[2] / rates[1]:.2f}x")
    from wstools.eo.check import differences, pre_text
    from wstools.eo.format import to_pages, to_wikitext
    from wstools.eo.rewrite import SHAPES, cut
    from wstools.wikitext.registry import Registry

    registry = Registry.from_directory()
    pres = [pre_text(f.read_bytes()) for f in files]
    start = time.perf_counter()
    failures = 0
    for f, pre in zip(files, pres, strict=True):
        order = read_order(f.read_bytes())
        failures += bool(differences(pre, to_pages(order), to_wikitext(order), registry))
    elapsed = time.perf_counter() - start
    print(f"round trip (format + check) {len(files) / elapsed:5.0f} orders/s, "
          f"{failures} differ")
    cuts = [cut(pre) for pre in pres]
    for shape, writer in SHAPES.items():
        texts = [writer(c).text for c in cuts]
        start = time.perf_counter()
        for text in texts:
            read_order(text)
        print(f"reader, {shape:<16}{len(texts) / (time.perf_counter() - start):7.0f} "
              "orders/s")
    growth()
    return 0


def growth() -> None:
    """The reader on one paragraph of labelled lines, 350 KB and four times that: linear
    (x4 time for x4 size) or not."""
    def gpo(lines: int) -> str:
        line = "                (b) x (a) y words words words words words words words\n"
        return ("<html><pre>\n[Federal Register Volume 60, Number 1 (Monday, May 1, 1995)]\n"
                "[[Page 100]]\n\n                Executive Order 12999 of April 28, 1995\n\n"
                "                A Title\n\n                Section 1. Test. The list (a) one\n"
                + line * lines + "\n\n                THE WHITE HOUSE,\n\n"
                "                    April 28, 1995.\n</pre></html>")
    times = []
    for lines in (5000, 20000):
        text = gpo(lines)
        start = time.perf_counter()
        read_order(text)
        times.append(time.perf_counter() - start)
        print(f"reader, one paragraph of {len(text) // 1000:>5} KB: {times[-1]:.2f} s")
    print(f"growth x{times[1] / times[0]:.1f} for x4 the size")


if __name__ == "__main__":
    sys.exit(main())
