"""The benchmark scripts run to the end on a small input (their figures are theirs to
print; this only catches a script broken by a change in the library, as bench_repair was
by a cache that moved)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

RUNS = [
    ("bench_repair.py", ["--kb", "4", "--runs", "1"], False),
    ("bench_repair_pages.py", ["--limit", "3", "--cells", "exact,none-law,prose"], False),
    ("bench_page_model.py", ["--max-kb", "4"], False),
    ("bench_proofread.py", ["--pages", "20", "--jobs", "1"], False),
    ("bench_laws.py", ["--mb", "0.05"], True),  # (the seeds of ../shared)
    ("bench_harm.py", ["--generated", "5"], True),
]


@pytest.mark.parametrize(("script", "args", "needs_shared"), RUNS,
                         ids=[r[0] for r in RUNS])
def test_benchmark_runs(script: str, args: list[str], needs_shared: bool) -> None:
    if needs_shared and not SHARED.is_dir():
        pytest.skip("../shared is not beside the checkout")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert done.stdout.strip() or done.stderr.strip()
