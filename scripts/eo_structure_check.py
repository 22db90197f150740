"""Subsection structure of every order of ../shared/sources/eo-govinfo read from each
rewritten shape (wstools/eo/rewrite.py) against the same order read from its GPO HTML:
the sequence of (section, label, level) of the subsections, and their count. Prints, per
shape, how many orders differ (and how: count, labels, levels only) and lists them.

    python scripts/eo_structure_check.py [--folder DIR] [--shapes pdf,wrapped] [--list N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wstools.eo.check import pre_text  # noqa: E402
from wstools.eo.model import ExecutiveOrder  # noqa: E402
from wstools.eo.read import read_order  # noqa: E402
from wstools.eo.rewrite import SHAPES, cut  # noqa: E402

#: the shapes that wrap the print's paragraphs anew into lines (the hard cases)
WRAPPED = ("pdf", "wrapped", "fr1940", "fr1970", "bare")

Structure = list[tuple[str, str, int]]


def structure(order: ExecutiveOrder) -> Structure:
    """(section number, label, level) of each subsection, in reading order: those of the
    preamble (before any section; an order without sections has its labels there) under
    the section number ''."""
    out: Structure = []
    for block in order.blocks:
        if block.kind == "section":
            break
        if block.kind == "subsection":
            out.append(("", block.label or "", block.level))
    for section in order.sections:
        for block in section.subsections:
            out.append((section.number or "", block.label or "", block.level))
    return out


def difference(truth: Structure, got: Structure) -> str:
    """'' when the same; else how they differ: count, labels, levels."""
    if truth == got:
        return ""
    if len(truth) != len(got):
        return "count"
    if [t[:2] for t in truth] != [g[:2] for g in got]:
        return "labels"
    return "levels"


def first_difference(truth: Structure, got: Structure) -> str:
    for k, (a, b) in enumerate(zip(truth, got, strict=False)):
        if a != b:
            return f"#{k}: print {a}, shape {b}"
    return f"#{min(len(truth), len(got))}: print {len(truth)}, shape {len(got)} items"


def baseline(path: Path, html: dict[str, Structure]) -> None:
    """Write the HTML's structures to ``path``, or compare them with those it holds."""
    now = {k: [list(x) for x in v] for k, v in html.items()}
    if not path.exists():
        path.write_text(json.dumps(now))
        print(f"HTML structures written to {path}")
        return
    before = json.loads(path.read_text())
    changed = [k for k in now if before.get(k) != now[k]]
    print(f"HTML: {len(changed)} orders' structure changed from {path}: {changed[:20]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=str(ROOT.parent / "shared" / "sources" /
                                                "eo-govinfo"))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--list", type=int, default=0, help="list N differing orders a shape")
    parser.add_argument("--html-baseline", help="a JSON file of the HTML's structures: "
                        "written when missing, else the HTML's are compared with it")
    args = parser.parse_args()
    files = sorted(Path(args.folder).glob("*.htm"))
    shapes = args.shapes.split(",")
    start = time.perf_counter()
    table: dict[str, Counter[str]] = {s: Counter() for s in shapes}
    listed: dict[str, list[str]] = {s: [] for s in shapes}
    html: dict[str, Structure] = {}
    for f in files:
        data = f.read_bytes()
        truth = structure(read_order(data))
        html[f.stem] = truth
        c = cut(pre_text(data))
        for shape in shapes:
            got = structure(read_order(SHAPES[shape](c).text))
            kind = difference(truth, got)
            table[shape][kind or "same"] += 1
            if kind:
                listed[shape].append(f"{f.stem} {kind} {first_difference(truth, got)}")
    print(f"{'shape':<16}{'orders':>8}{'differ':>8}{'count':>7}{'labels':>8}{'levels':>8}")
    for shape in shapes:
        t = table[shape]
        n = sum(t.values())
        print(f"{shape:<16}{n:>8}{n - t['same']:>8}{t['count']:>7}{t['labels']:>8}"
              f"{t['levels']:>8}")
    for shape in shapes:
        for line in listed[shape][:args.list]:
            print(shape, line)
    if args.html_baseline:
        baseline(Path(args.html_baseline), html)
    print(f"{len(files)} orders x {len(shapes)} shapes in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
