"""Start-up of the commands, against ``python -c pass`` in the same run (issue 23: proofread
of the bundled example ≤ 0.5 s, expand of a one-line page ≤ 0.3 s, wall time). A target is
judged on the median less ``python -c pass``'s median (the ``- pass`` column: the
interpreter's own start-up taken off); the raw median is printed beside it.

Each command runs once first (the caches warm: the corpus index and the witness index, the
English word list, the bytecode), then ``--runs`` times interleaved with the others; the
minimum and the median wall time are printed, and the load average, since the machine may be
shared; and the median CPU time (user + system) of the command's process, which a loaded
machine disturbs less than the wall time (to compare two checkouts in one session).

    python benchmarks/bench_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"


def commands(one_line: Path) -> dict[str, tuple[list[str], float | None]]:
    py = sys.executable
    return {
        "python -c pass": ([py, "-c", "pass"], None),
        "wstools expand (one line)": ([py, "-m", "wstools", "expand", str(one_line)], 0.3),
        "wstools proofread (example)": ([py, "-m", "wstools", "proofread", str(EXAMPLE)], 0.5),
        "wstools clean (example)": ([py, "-m", "wstools", "clean", str(EXAMPLE)], None),
        "wstools lint (one line)": ([py, "-m", "wstools", "lint", str(one_line)], None),
    }


def wall(cmd: list[str]) -> tuple[float, float]:
    """The wall time and the CPU time (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   cwd=ROOT)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        one_line = Path(tmp) / "rh.wiki"
        one_line.write_text("{{rh|1|A|2}}\n", encoding="utf-8")
        cmds = commands(one_line)
        for cmd, _ in cmds.values():  # warm the caches
            wall(cmd)
        times: dict[str, list[float]] = {name: [] for name in cmds}
        cpu: dict[str, list[float]] = {name: [] for name in cmds}
        for _ in range(args.runs):
            for name, (cmd, _) in cmds.items():
                elapsed, used = wall(cmd)
                times[name].append(elapsed)
                cpu[name].append(used)
    base = statistics.median(times["python -c pass"])
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} cores, {args.runs} runs each")
    print(f"{'command':32} {'min s':>7} {'median s':>9} {'- pass':>7} {'cpu s':>6}  target")
    failed = False
    for name, (_, target) in cmds.items():
        best, median = min(times[name]), statistics.median(times[name])
        mark = ""
        if target is not None:  # (the figure: against python -c pass, its start-up
            ok = median - base <= target  # taken off; the raw median is printed beside)
            failed |= not ok
            mark = f"≤ {target} s: {'met' if ok else 'NOT met'}"
        print(f"{name:32} {best:7.3f} {median:9.3f} {median - base:7.3f} "
              f"{statistics.median(cpu[name]):6.3f}  {mark}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
