"""Bad input to the law parser and the clean/parse commands: a diagnostic, never a traceback."""

from __future__ import annotations

from wstools.cli import main
from wstools.laws.parse import parse


def test_empty():
    r = parse("")
    assert [d.code for d in r.diagnostics] == ["no-laws"] and r.laws == []


def test_novel_chapter_without_laws():
    text = ("CHAPTER I.\n\nIt was a dark and stormy night. The cards lay on the table, and "
            "nobody spoke.\n\nShe read the letter twice. Then she laughed.\n") * 5
    r = parse(text)
    assert [d.code for d in r.diagnostics] == ["no-laws"]


def test_numbers_running_backwards():
    text = "\n".join(f"{n}. If a player revoke, the penalty is paid." for n in range(10, 0, -1))
    r = parse(text)
    assert len(r.laws) == 10
    codes = [d.code for d in r.diagnostics]
    assert codes.count("law-out-of-order") == 9
    assert all(d.line > 0 for d in r.diagnostics)


def test_gap_and_duplicate():
    r = parse("1. A.\n\n2. B.\n\n2. C.\n\n5. D.\n")
    assert [d.code for d in r.diagnostics] == ["law-duplicate", "law-gap"]


def test_flat_text_without_numbers():
    r = parse("x " * 2000, "flat")
    assert [d.code for d in r.diagnostics] == ["no-laws"]


def test_large_input_partial_result():
    law = "12. If a player revoke, the penalty is paid; the adversaries score three. "
    text = "\n\n".join(f"{n}. {law}" for n in range(1, 9001))
    r = parse(text, "lines")
    assert len(r.laws) == 9000 and not r.diagnostics


def test_cli_parse_reports_no_laws(tmp_path, capsys):
    f = tmp_path / "novel.txt"
    f.write_text("Once upon a time.\n")
    assert main(["parse", str(f), "--to", "json"]) == 1
    assert "no-laws" in capsys.readouterr().err


def test_cli_binary_and_missing(tmp_path, capsys):
    f = tmp_path / "bin.txt"
    f.write_bytes(b"1. A law\0")
    assert main(["parse", str(f)]) == 2
    assert main(["clean", str(tmp_path / "missing.txt")]) == 2
    err = capsys.readouterr().err
    assert "input-error" in err and "Traceback" not in err


def test_cli_clean_never_modifies_input(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text("the de- tached card ; Ac., {241}")
    out = tmp_path / "out.txt"
    assert main(["clean", str(f), "-o", str(out), "--explain"]) == 0
    assert f.read_text() == "the de- tached card ; Ac., {241}"
    assert out.read_text() == "the detached card; &c.,"
    err = capsys.readouterr().err
    assert "hyphen-join" in err and "page-mark" in err and "4 edits" in err


def test_cli_clean_json(tmp_path, capsys):
    import json
    f = tmp_path / "in.txt"
    f.write_text("deal.[49] x")
    assert main(["clean", str(f), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["marks"] == [{"kind": "footnote", "label": "49", "offset": 5}]
    assert data["edits"][0]["rule"] == "footnote-mark"


def test_cli_unknown_fix(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text("x")
    assert main(["clean", str(f), "--fixes", "nope"]) == 2


def test_cli_epub_needs_output(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text("1. A law.\n")
    assert main(["parse", str(f), "--to", "epub"]) == 2
