"""Pages per second of the main job over a generated dump of Page: pages (default 1,000):
``--jobs 1`` and ``--jobs 2``, with streaming the dump alone (read and write, no
proofreading) as the baseline measured in the same process, and the peak memory of the
parent process and of one worker.

    python benchmarks/bench_proofread.py [--pages 1000] [--jobs 1 2]

Issue 23 asks 300 pages/s for 2,000 pages at --jobs 2 (``--pages 2000 --jobs 2``). On a
shared machine the wall rate depends on the others' load: the CPU time a page (the
workers' and this process') is printed too, and the rate it allows on free cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support

from tests.support.generate import write_generated_dump  # noqa: E402
from wstools.bulk import proofread_dump  # noqa: E402
from wstools.io.dumps import DumpWriter, read_dump  # noqa: E402


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (the workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _peak_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "pages.xml.bz2"
        start = time.perf_counter()
        write_generated_dump(dump, args.pages)
        size = dump.stat().st_size
        print(f"generated {args.pages} pages ({size / 1e3:.0f} kB bz2) in "
              f"{time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        with DumpWriter(Path(tmp) / "copy.xml.bz2") as w:
            for page in read_dump(dump):
                w.write(page)
        copy = time.perf_counter() - start
        print(f"baseline: stream the dump in and out: {args.pages / copy:,.0f} pages/s")
        rates = {}
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
              f"({os.cpu_count()} cores; a shared machine makes pages/s low, CPU ms a page "
              "less so)")
        for jobs in args.jobs:
            before = _cpu()
            summary = proofread_dump(dump, Path(tmp) / f"out{jobs}.xml.bz2", jobs=jobs)
            cpu = _cpu() - before
            rates[jobs] = summary.pages_per_second
            print(f"proofread --jobs {jobs}: {summary.pages} pages in {summary.seconds:.1f} s "
                  f"= {summary.pages_per_second:.1f} pages/s "
                  f"({summary.pages_per_second * copy / args.pages:.4f}× the streaming "
                  f"baseline); {cpu / summary.pages * 1000:.1f} ms CPU a page (all "
                  f"processes; {summary.pages / cpu * jobs:.0f} pages/s on {jobs} free "
                  f"cores); {summary.edits} edits, {summary.laws} laws, "
                  f"{summary.failed} failed; load average after: {os.getloadavg()[0]:.2f}")
        if 1 in rates and len(rates) > 1:
            for jobs, rate in rates.items():
                if jobs != 1:
                    print(f"speed-up --jobs {jobs} / --jobs 1: {rate / rates[1]:.2f}×")
        print(f"peak memory: this process {_peak_mb(resource.RUSAGE_SELF):.0f} MB, "
              f"largest worker {_peak_mb(resource.RUSAGE_CHILDREN):.0f} MB")


if __name__ == "__main__":
    main()
