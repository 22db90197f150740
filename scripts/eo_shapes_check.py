"""Every order of ../shared/sources/eo-govinfo rewritten into every other shape
(wstools/eo/rewrite.py), read, formatted and held to the words of that print by the
independent check, and its subsections to the independent count; prints a table per
shape (CI runs 2/13 of this matrix in tests/test_eo.py::test_rewrites_into_every_shape).

    python scripts/eo_shapes_check.py [--folder DIR] [--jobs 2] [--shapes pdf,xml]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_eo import _check_rewrite  # noqa: E402
from wstools.eo.rewrite import SHAPES  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=str(ROOT.parent / "shared" / "sources" /
                                                "eo-govinfo"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    files = sorted(Path(args.folder).glob("*.htm"))
    shapes = args.shapes.split(",")
    tasks = [(str(f), shape) for shape in shapes for f in files]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(_check_rewrite, tasks, chunksize=32))
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    failures = []
    for name, shape, diff, flagged in results:
        row = table[shape]
        row[0] += 1
        row[2] += len(flagged)
        subsections = [d for d in diff if "subsections" in d]
        row[3] += bool(subsections)
        if diff:
            failures.append((name, shape, diff[:2]))
        if not [d for d in diff if d not in subsections]:
            row[1] += 1
    print(f"{'shape':<16}{'orders':>8}{'identical':>11}{'flagged':>9}"
          f"{'subsections differ':>20}")
    for shape in shapes:
        n, same, flagged, subs = table[shape]
        print(f"{shape:<16}{n:>8}{same:>11}{flagged:>9}{subs:>20}")
    for failure in failures:
        print("differs:", *failure)
    print(f"{len(results)} rewrites in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
