"""One JSON shape for findings and edits across commands (issue 23): every item of
``--format json`` has ``file``, ``line``, ``column`` in the text the command read, then
``code``/``severity``/``message`` (a finding) or ``rule``/``old``/``new`` (an edit or a flag);
see README "JSON output"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.diagnostics import LineIndex

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"
BAD = ROOT / "tests" / "cases" / "lint" / "bad" / "mixed.wiki"
EDIT = {"file", "line", "column", "rule", "old", "new", "confidence", "evidence", "start",
        "end"}
FINDING = {"file", "line", "column", "code", "severity", "message", "offset"}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    main(list(argv))
    return json.loads(capsys.readouterr().out)


def placed(item: dict, text: str) -> bool:
    """line and column are where ``start`` is in ``text``."""
    return LineIndex(text).position(item["start"]) == (item["line"], item["column"])


def test_proofread(capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    d = run_json(capsys, "proofread", str(EXAMPLE), "--format", "json")
    assert d["edits"] and d["flags"]
    for item in d["edits"] + d["flags"]:
        assert set(item) == EDIT and item["file"] == str(EXAMPLE)
        assert text[item["start"]:item["end"]] == item["old"] and placed(item, text), item
    assert all(set(f) == FINDING for f in d["diagnostics"])


def test_proofread_explain_json_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    main(["proofread", str(EXAMPLE), "--explain", "--format", "json"])
    out, err = capsys.readouterr()
    assert set(json.loads(out)["edits"][0]) == EDIT
    assert f"{EXAMPLE}:1:1: wiki-chrome" in err  # the explanation stays on stderr


def test_clean(capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    main(["clean", str(EXAMPLE), "--format", "json", "--explain"])
    out, err = capsys.readouterr()
    d = json.loads(out)
    assert f"{EXAMPLE}: {len(d['edits'])} edits" in err  # --explain as with text output
    assert d["edits"]
    for item in d["edits"]:
        assert set(item) == EDIT and text[item["start"]:item["end"]] == item["old"]
        assert placed(item, text)


def test_repair(capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    d = run_json(capsys, "repair", str(EXAMPLE), "--format", "json")
    assert d["repairs"] and d["cleanup"]
    for item in d["cleanup"] + d["repairs"] + d["flags"]:
        assert set(item) == EDIT and item["file"] == str(EXAMPLE) and placed(item, text)
    # a repair outside the cleanup's edits is at its place in the input
    inside = [(c["start"], c["end"]) for c in d["cleanup"]]
    alone = [r for r in d["repairs"]
             if not any(a <= r["start"] < b or a < r["end"] <= b for a, b in inside)]
    assert alone and all(text[r["start"]:r["end"]] == r["old"] for r in alone)


def test_lint_and_expand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    d = run_json(capsys, "lint", "--format", "json", str(BAD))
    assert d["files"] == [str(BAD)] and d["diagnostics"]
    assert all(set(f) == FINDING and f["file"] == str(BAD) and f["line"] > 0
               for f in d["diagnostics"])
    page = tmp_path / "p.wiki"
    page.write_text("x\n{{nosuch}}\n", encoding="utf-8")
    d = run_json(capsys, "expand", str(page), "--format", "json")
    assert [(f["code"], f["line"], f["column"]) for f in d["diagnostics"]] == \
        [("unknown-template", 2, 1)]
    assert set(d["diagnostics"][0]) == FINDING


def test_templates_list_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "templates", "list", "--format", "json")
    assert len(rows) >= 192 and {"name", "block", "shortcuts", "description"} <= set(rows[0])


def test_no_progress_bar_into_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A progress bar only on a terminal: a dump run into a pipe or a log writes no
    carriage-return frames."""
    from wstools.io.dumps import DumpPage, DumpWriter
    dump = tmp_path / "in.xml"
    with DumpWriter(dump) as w:
        w.write(DumpPage("Page:A.djvu/1", 104, "600 WHIST\n\n12. If a player lead."))
    assert main(["proofread", "--dump", str(dump), "-o", str(tmp_path / "out.xml")]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and "page/s" not in err, err
