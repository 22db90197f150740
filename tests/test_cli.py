"""The wstools command: outputs, exit codes, clear errors, inputs never modified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wstools.cli import main

from .conftest import CASES, ROOT

EXAMPLE = ROOT / "examples" / "laws-of-whist.wiki"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_expand_example_to_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "expand", str(EXAMPLE), "--to", "text")
    assert code == 0 and err == ""
    assert out.startswith("THE LAWS OF WHIST\n\n")
    assert "\n1. The Game.—A game consists of 7 points" in out
    assert "\n39. In all cases where a penalty has been incurred" in out


def test_expand_to_wikitext_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "p.wiki"
    page.write_text("{{rvh||WHIST}}{{nosuch}}", encoding="utf-8")
    code, out, err = run(capsys, "expand", str(page), "--format", "json", "--title",
                         "Page:Book.djvu/7")
    data = json.loads(out)
    assert code == 1
    assert "wst-running-header-cell\">7</div>" in data["text"]
    assert data["diagnostics"][0]["code"] == "unknown-template"
    assert data["diagnostics"][0]["column"] == 15


def test_output_file_written_atomically(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    page = tmp_path / "p.wiki"
    page.write_text("{{sc|Text}}", encoding="utf-8")
    before = page.read_bytes()
    out = tmp_path / "out.txt"
    assert run(capsys, "expand", str(page), "--to", "text", "-o", str(out))[0] == 0
    assert out.read_text(encoding="utf-8") == "Text"
    assert page.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt", "p.wiki"]


def test_lint_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    clean = CASES / "lint" / "clean" / "toc.wiki"
    bad = CASES / "lint" / "bad" / "mixed.wiki"
    assert run(capsys, "lint", str(clean))[0] == 0
    code, out, _ = run(capsys, "lint", str(clean), str(bad))
    assert code == 1
    assert f"{bad}:3:1: unknown-template " in out
    code, out, _ = run(capsys, "lint", "--format", "json", str(bad))
    assert {d["code"] for d in json.loads(out)["diagnostics"]} >= {"unknown-template",
                                                                  "unclosed-tag"}


@pytest.mark.parametrize("content,message", [
    (b"ab\ncd\x00ef", ":2:3: input-error binary data"),
    (b"ok\n\xff\xfe", ":2:1: input-error not UTF-8"),
    ("600 WHIST\n1. The game.".encode("utf-16"), ":1:1: input-error UTF-16 text"),
])
def test_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    content: bytes, message: str) -> None:
    page = tmp_path / "bad.wiki"
    page.write_bytes(content)
    for verb in ("expand", "lint", "proofread"):
        code, out, err = run(capsys, verb, str(page))
        assert code == 2
        assert message in err and "Traceback" not in err
    assert page.read_bytes() == content


def test_missing_file_and_oversize(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "expand", str(tmp_path / "nope.wiki"))
    assert code == 2 and "no such file" in err
    big = tmp_path / "big.wiki"
    big.write_text("x" * 2000, encoding="utf-8")
    code, _, err = run(capsys, "lint", "--max-bytes", "1000", str(big))
    assert code == 2 and ":1:1: input-error input is larger than 1000 bytes" in err


def test_usage_error_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["expand"])
    assert exc.value.code == 2


def test_templates_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "templates", "list")
    assert code == 0
    names = [line.split("\t")[0] for line in out.splitlines()]
    assert "Running header" in names and "EOGeneralProvisions" in names
    code, out, _ = run(capsys, "templates", "show", "ol")
    assert code == 0 and out.startswith("Ordered list\nshortcuts: {{Ol}}")
    assert "start (number)" in out
    assert run(capsys, "templates", "show", "nosuch")[0] == 2


def test_deep_nesting_from_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "deep.wiki"
    page.write_text("{{sc|" * 3000 + "x" + "}}" * 3000, encoding="utf-8")
    code, out, err = run(capsys, "lint", str(page))
    assert code in (0, 1) and "Traceback" not in err
