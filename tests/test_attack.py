"""Hostile and careless input (issue 18): every command on every bad input ends with a
result or a message and exit 0, 1 or 2, in bounded time and memory, its input untouched.

A subset of ``scripts/attack-run.py``: the small versions of its inputs run in-process (fast,
exceptions escape with ``WSTOOLS_DEBUG=1``); a few runs in a subprocess with the script's
time and memory limits; and a hypothesis fuzz of the CLI entry points on random text.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wstools.cli import main

from .conftest import ROOT

_spec = importlib.util.spec_from_file_location("wstools_attack_run",
                                               ROOT / "scripts" / "attack-run.py")
attack = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = attack
_spec.loader.exec_module(attack)

# in-process: too slow for the default run at their small size (repair and proofread read
# a 500 KB page) or not a file at all; the subprocess tests below take the FIFO
SKIP_IN_PROCESS = {"fifo", "big50mb", "line5mb"}
PER_RUN_SECONDS = 10.0


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return attack.generate(tmp_path_factory.mktemp("attack"), ROOT / "examples", small=True)


@contextlib.contextmanager
def debug() -> Iterator[None]:
    """Let unexpected exceptions escape ``main`` (instead of 'internal error', exit 2)."""
    old = os.environ.get("WSTOOLS_DEBUG")
    os.environ["WSTOOLS_DEBUG"] = "1"
    try:
        yield
    finally:
        if old is None:
            del os.environ["WSTOOLS_DEBUG"]
        else:
            os.environ["WSTOOLS_DEBUG"] = old


def call(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``wstools.cli.main(argv)`` with captured streams; exceptions escape."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8", "surrogatepass")),
                                 encoding="utf-8")
    try:
        with debug(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


CLASSES = ["empty", "binary", "invalid-utf8", "utf16-bom", "nul", "crlf", "crlf-wiki",
           "nested-braces", "nested-brackets", "deep-if", "quotes-run", "quotes-pairs",
           "pipes", "pipes-in-template", "rtl-combining", "control-chars", "a-directory"]


@pytest.mark.parametrize("cls", CLASSES)
def test_every_command_on_a_bad_input(inputs: dict[str, Path], tmp_path: Path,
                                      cls: str) -> None:
    path = inputs[cls]
    before = path.read_bytes() if path.is_file() else None
    for name, template in attack.COMMANDS.items():
        argv = [a.format(**{"in": str(path), "out": str(tmp_path / name)}) for a in template]
        start = time.monotonic()
        code, _, err = call(argv)
        took = time.monotonic() - start
        assert code in (0, 1, 2), (name, code, err[-300:])
        assert "Traceback" not in err and "internal error" not in err, (name, err[-300:])
        assert took < PER_RUN_SECONDS, (name, took)
        if before is not None:
            assert path.read_bytes() == before, name
    assert sorted(inputs) == sorted(set(CLASSES) | SKIP_IN_PROCESS)


def test_input_classes_are_the_scripts(inputs: dict[str, Path]) -> None:
    assert set(inputs) == set(CLASSES) | SKIP_IN_PROCESS


def _subprocess(argv: list[str], watch: list[Path]) -> attack.Run:
    run = attack.Run("test", argv[0], argv)
    return attack.run_one(run, attack.WSTOOLS, PER_RUN_SECONDS, 500.0,
                          watch)


@pytest.mark.parametrize("command", ["expand", "clean", "eo-show"])
def test_fifo_input_does_not_hang(inputs: dict[str, Path], tmp_path: Path,
                                  command: str) -> None:
    fifo = inputs["fifo"]
    argv = [a.format(**{"in": str(fifo), "out": str(tmp_path / "x")})
            for a in attack.COMMANDS[command]]
    run = _subprocess(argv, [fifo])
    assert not run.failed, (run.problems, run.stderr[-300:])
    assert run.code == 2 and "not a regular file" in run.stderr


@pytest.mark.slow
def test_full_size_big_inputs_within_limits(tmp_path: Path) -> None:
    """The 50 MB file (refused: over the input limit) and the 5 MB line, full size, through
    the commands that finish in a few seconds, each under 10 s and 500 MB."""
    inputs = attack.generate(tmp_path / "in", ROOT / "examples")
    failed = []
    for cls, commands in (("big50mb", ("expand", "clean", "parse", "proofread")),
                          ("line5mb", ("expand", "lint"))):
        for command in commands:
            argv = [a.format(**{"in": str(inputs[cls]), "out": str(tmp_path / "x")})
                    for a in attack.COMMANDS[command]]
            run = _subprocess(argv, [inputs[cls]])
            if run.failed:
                failed.append((cls, command, run.problems, run.stderr[-200:]))
    assert failed == []


@pytest.mark.slow
def test_output_cases_in_a_subprocess(tmp_path: Path) -> None:
    """``-o`` onto the input, a link, a FIFO, a device; into a missing folder; bad template
    and corpus folders: exit 2 (1 for corpus check), a message, the target untouched."""
    failed = []
    for run, watch, codes in attack.output_cases(tmp_path, ROOT / "examples"):
        if run.argv[0] in ("repair", "proofread"):
            continue  # the corpus load makes them slow; test_output.py has them in-process
        attack.run_one(run, attack.WSTOOLS, PER_RUN_SECONDS, 500.0,
                       watch, codes)
        if run.failed:
            failed.append((run.command, run.problems, run.stderr[-200:]))
    assert failed == []


# --- fuzz: random text through the CLI entry points, in-process -------------------------

PIECES = ["{{", "}}", "[[", "]]", "|", "=", "\n", "\r\n", "<", ">", "</", "<!--", "-->",
          "<ref>", "<div", "<P", "{|", "|}", "''", "'''", "1.—", "12.—", "(a)", "LAWS",
          "{{rh|", "{{#if:", "&amp;", "&#", "\x00", "\x0c", "\x0f", "\x1b", "\ufeff",
          "\u202e", "\ufffd", "ſ", "[NOTE—", "[FR Doc.", "Executive Order", "Sec. 1.",
          "<P>", "\t", " ", "—", "-"]
TEXT = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)),
                max_size=40).map("".join)
ENTRY_POINTS = [["expand", "{in}"], ["expand", "{in}", "--to", "html"],
                ["expand", "{in}", "--to", "text"], ["lint", "{in}"], ["clean", "{in}"],
                ["parse", "{in}"], ["parse", "{in}", "--to", "tei"],
                ["parse", "{in}", "--to", "html"], ["parse", "{in}", "--to", "wikitext"],
                ["eo", "show", "{in}"], ["expand", "-", "--to", "html"],
                ["repair", "{in}", "--format", "json"], ["proofread", "{in}"],
                ["clean", "-", "--format", "json"], ["lint", "-", "--format", "json"]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          database=None)
@given(TEXT, st.sampled_from(ENTRY_POINTS))
def test_fuzz_cli(text: str, template: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.txt"
        data = text.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        argv = [a.format(**{"in": str(path)}) for a in template]
        code, _, err = call(argv, stdin=text)
        assert code in (0, 1, 2)
        assert path.read_bytes() == data


# the minimal inputs of /work/shared/attack/crashes/repros.txt (each once ended in a
# traceback), and control characters in law text through every export
@pytest.mark.parametrize(("text", "argv"), [
    ("<P\n{{}}\n", ["expand", "-", "--to", "html"]),
    ("\x1b<DIV\n", ["expand", "-", "--to", "html"]),
    ("<P\x0c{\n", ["expand", "-", "--to", "html"]),
    ("1.—The game \x0f.\n2.—Next.\n", ["parse", "-", "--to", "tei"]),
    ("1.—The game \x0f.\n2.—Next.\n", ["parse", "-", "--to", "html"]),
    ("1.—The game \x0f.\n2.—Next \x1b\ud800.\n", ["parse", "-", "--to", "json"]),
])
def test_crash_repros(text: str, argv: list[str]) -> None:
    code, out, err = call(argv, stdin=text)
    assert code in (0, 1, 2) and "Traceback" not in err


def test_control_characters_in_an_epub(tmp_path: Path) -> None:
    import zipfile
    src = tmp_path / "laws.txt"
    src.write_text("1.—The game \x0f.\n2.—Next.\n", encoding="utf-8")
    code, _, err = call(["parse", str(src), "--to", "epub", "-o", str(tmp_path / "x.epub")])
    assert code == 0, err
    names = zipfile.ZipFile(tmp_path / "x.epub").namelist()
    assert "mimetype" in names and any(n.endswith(".xhtml") for n in names)


@pytest.mark.parametrize("text", ["<!--<P>", "<!-- <pre>", "<!-- only a comment -->",
                                  "<html>  </html>"])
def test_eo_on_html_without_content(text: str) -> None:
    """An HTML page with no element (hypothesis found ``<!--<P>``: lxml's "Document is
    empty") is an input error with exit 2, not an internal one."""
    code, _, err = call(["eo", "show", "-"], stdin=text)
    assert code == 2 and "input-error" in err and "internal error" not in err, err
