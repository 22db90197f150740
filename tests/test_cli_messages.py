"""CLI messages from a new-user audit: an option error has no file position, every finding
in a batch names its file, and one unreadable file does not stop a book."""

from __future__ import annotations

from pathlib import Path

import pytest

from wstools.cli import main

LAWS = ("1. The dealer shall deal the cards one at a time.\n\n"
        "2. The player on the left leads.\n\n"
        "4. The trump is turned by the dealer.\n")


@pytest.mark.parametrize("argv, message", [
    (["--fixes", "bogus", "-o", "{out}/o.wiki"], "usage-error unknown fix 'bogus'"),
    (["{page}", "-o", "-"], "usage-error book mode writes one file a page: give -o DIR"),
    ([], "usage-error give a FILE"),
])
def test_option_errors_have_no_file_position(tmp_path: Path, capsys: pytest.CaptureFixture,
                                             argv: list[str], message: str) -> None:
    page = tmp_path / "p.txt"
    page.write_text("Some text.\n", encoding="utf-8")
    args = [a.format(out=tmp_path, page=page) for a in argv]
    if argv and argv[0] == "--fixes":
        args = [str(page), *args]
    if argv and argv[0] == "{page}":
        args = [str(page), *args]
    assert main(["proofread", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(message), err
    assert "-:1:1" not in err


def test_every_finding_in_a_batch_names_its_file(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    a, b = tmp_path / "p001.txt", tmp_path / "p002.txt"
    a.write_text(LAWS, encoding="utf-8")
    b.write_text("Some text.\n", encoding="utf-8")
    main(["proofread", str(a), str(b), "-o", str(tmp_path / "out")])
    lines = capsys.readouterr().err.splitlines()
    gap = [line for line in lines if "law-gap" in line]
    assert gap and all(line.startswith(f"{a}:5:1: law-gap") for line in gap), lines
    assert not [line for line in lines if line.startswith(":")], lines
    assert main(["proofread", str(a), "-o", str(tmp_path / "one.wiki")]) == 0
    assert f"{a}:5:1: law-gap" in capsys.readouterr().err


def test_a_book_with_an_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "p001.txt").write_text(LAWS, encoding="utf-8")
    (book / "p002.txt").write_bytes(b"\x00\x01binary")
    (book / "p003.txt").write_text("Some text.\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["proofread", str(book), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{book / 'p002.txt'}:1:1: input-error binary data" in err
    assert "1 of 3 files could not be read" in err
    assert sorted(p.name for p in out.iterdir()) == ["p001.txt", "p003.txt"]
    # none readable: exit 2, nothing written
    (book / "p001.txt").write_bytes(b"\xff\xfe")
    (book / "p003.txt").write_bytes(b"\x00")
    out2 = tmp_path / "out2"
    assert main(["proofread", str(book), "-o", str(out2)]) == 2
    assert "none could be read" in capsys.readouterr().err
    assert not out2.exists() or not list(out2.iterdir())


def test_a_book_with_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    page = tmp_path / "p9.txt"
    page.write_text(LAWS, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["proofread", str(page), str(tmp_path / "nope.txt"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "nope.txt" in err and "Traceback" not in err
    assert [p.name for p in out.iterdir()] == ["p9.txt"]
