"""Careless template and corpus folders: a subfolder is skipped, a binary or non-UTF-8 file
is a message and exit 2 (never a traceback); a missing corpus folder likewise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .conftest import ROOT, TEMPLATES, run


@pytest.fixture
def page(tmp_path: Path) -> Path:
    p = tmp_path / "p.wiki"
    p.write_text("{{sc|x}}\n", encoding="utf-8")
    return p


def test_template_folder_with_a_subfolder_is_read(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, page: Path) -> None:
    folder = tmp_path / "t"
    shutil.copytree(TEMPLATES, folder)
    (folder / "Sub.wiki").mkdir()
    (folder / "plain-folder").mkdir()
    code, out, err = run(capsys, "expand", str(page), "--templates", str(folder))
    assert code == 0 and "Traceback" not in err


@pytest.mark.parametrize("data", [b"\xff\xfe{\x00{\x00", "{{x}}".encode("utf-16"),
                                  b"ok \xc3\x28", b"a\x00b"])
def test_template_folder_with_a_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         page: Path, data: bytes) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "Bad.wiki").write_bytes(data)
    for argv in (["expand", str(page)], ["lint", str(page)], ["templates", "list"]):
        code, _, err = run(capsys, *argv, "--templates", str(folder))
        assert code == 2, argv
        assert "Bad.wiki" in err and ("UTF-8" in err or "binary" in err)


def _corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    good = next((ROOT / "wstools" / "data" / "corpus").glob("*.txt"), None)
    if good is not None:
        shutil.copy(good, folder)
    return folder


def test_corpus_folder_with_a_subfolder(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    folder = _corpus(tmp_path)
    (folder / "sub.txt").mkdir()
    code, _, err = run(capsys, "corpus", "check", "--corpus", str(folder))
    assert code in (0, 1) and "Traceback" not in err


@pytest.mark.parametrize("data", ["id: x\n---\n1.—A.\n".encode("utf-16"), b"id: x\n\xff\n",
                                  b"id: x\x00\n---\n"])
def test_corpus_folder_with_a_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       data: bytes) -> None:
    folder = _corpus(tmp_path)
    (folder / "bad.txt").write_bytes(data)
    src = tmp_path / "in.txt"
    src.write_text("1.—The game.\n", encoding="utf-8")
    code, out, err = run(capsys, "corpus", "check", "--corpus", str(folder))
    assert code in (1, 2) and "bad.txt" in out + err
    for argv in (["corpus", "list"], ["clean", str(src)], ["parse", str(src)],
                 ["repair", str(src)]):
        code, _, err = run(capsys, *argv, "--corpus", str(folder))
        assert code == 2, argv
        assert "bad.txt" in err and "Traceback" not in err


def test_missing_corpus_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for action in ("check", "list"):
        code, _, err = run(capsys, "corpus", action, "--corpus", str(tmp_path / "nope"))
        assert code == 2 and "does not exist" in err
