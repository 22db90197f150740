"""Instructions a page of the main job (``proofread_one`` over generated pages, one process),
counted by valgrind's cachegrind: a figure other work on a shared machine does not move, as
it moves CPU time (by 10-20 % when the cores are busy), so that a change of a few per cent
can be told from the noise.

The count of a run of ``--pages`` pages less that of a run of none (start-up: imports, the
corpus index, the first page, which loads the word lists) is divided by the pages. Needs
``valgrind`` on the PATH; a run of 60 pages takes a minute or two.

    python benchmarks/bench_instructions.py [--pages 60] [--seed 1909]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _child(pages: int, made: Path) -> None:
    """The measured run: set the job up, proofread the first page of ``made`` (JSON:
    [title, text] pairs), then ``pages`` more."""
    from wstools.bulk import _setup, proofread_one
    made_pages = json.loads(made.read_text("utf-8"))
    _setup(None, {})
    for title, text in made_pages[:1 + pages]:
        proofread_one(title, text)


def _instructions(pages: int, made: Path) -> int:
    """Instructions cachegrind counts in a run of the child over ``pages`` pages."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--child", "--pages", str(pages), "--made", str(made)],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1909)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--made", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.pages, args.made)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no count", file=sys.stderr)
        return 2
    # (the pages are made here, outside valgrind, and read by both runs)
    sys.path.insert(0, str(ROOT))  # the checkout: tests.support
    from tests.support.generate import generated_pages
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / "pages.json"
        made.write_text(json.dumps([(p.title, p.text) for p in generated_pages(
            args.pages + 1, seed=args.seed)]), "utf-8")
        base = _instructions(0, made)
        full = _instructions(args.pages, made)
    print(f"{(full - base) / args.pages / 1e6:.2f} M instructions a page "
          f"({args.pages} generated pages after the first, one process; start-up "
          f"{base / 1e6:.0f} M)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
