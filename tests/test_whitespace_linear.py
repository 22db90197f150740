"""The whitespace fix judges each run of blanks once: linear on long runs (it was quadratic
on a run that does not end a line: 20,000 spaces took 10 s)."""

from __future__ import annotations

import time

from wstools.text.whitespace import tidy_whitespace


def test_long_runs_of_blanks_are_linear() -> None:
    hostile = ("\n" + " " * 64_000 + "b") + ("a" + " \t" * 32_000 + "b\n")
    started = time.process_time()
    result = tidy_whitespace(hostile)
    assert time.process_time() - started < 2.0
    assert result.text == "\n" + " " * 64_000 + "b" + "a b\n"


def test_runs_as_before() -> None:
    text = "a  b \t\n\tc\u00a0 \nd\u00a0e   \n\n\n\nf\t"
    assert tidy_whitespace(text).text == "a b\n c\u00a0\nd\u00a0e\n\nf"
