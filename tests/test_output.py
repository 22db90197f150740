"""The one output writer: whole files only, never the input, never a link/device/FIFO, the
mode kept or the umask applied, every OS error a ``file: message`` and exit 2."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from wstools.io.output import AtomicFile, OutputError, note_input, write_output

from .conftest import run


@pytest.fixture
def page(tmp_path: Path) -> Path:
    p = tmp_path / "in.txt"
    p.write_text("Hello  world -- x\n", encoding="utf-8")
    return p


def _snapshot(path: Path) -> tuple:
    st = os.lstat(path)
    data = path.read_bytes() if stat.S_ISREG(st.st_mode) else None
    return st.st_ino, st.st_mode, data


@pytest.mark.parametrize("argv", [
    ["clean", "{in}", "-o", "{in}"],
    ["expand", "{in}", "-o", "{in}"],
    ["expand", "{in}", "--to", "html", "-o", "{in}"],
    ["parse", "{in}", "-o", "{in}"],
    ["parse", "{in}", "--to", "epub", "-o", "{in}"],
    ["clean", "{in}", "-o", "{hard}"],
    ["repair", "{in}", "-o", "{in}"],
    ["proofread", "{in}", "-o", "{in}"],
])
def test_output_onto_the_input_is_refused(capsys: pytest.CaptureFixture[str], page: Path,
                                          argv: list[str]) -> None:
    hard = page.with_name("hard.txt")
    os.link(page, hard)
    before = _snapshot(page)
    code, _, err = run(capsys, *[a.format(**{"in": page, "hard": hard}) for a in argv])
    assert code == 2
    assert "is an input file" in err and "Traceback" not in err
    assert _snapshot(page) == before


def test_report_onto_the_input_is_refused(capsys: pytest.CaptureFixture[str],
                                          page: Path, tmp_path: Path) -> None:
    before = _snapshot(page)
    code, _, err = run(capsys, "repair", str(page), "-o", str(tmp_path / "out.txt"),
                       "--report", str(page))
    assert code == 2 and "is an input file" in err
    assert _snapshot(page) == before


def test_symlink_fifo_folder_and_device_are_not_replaced(capsys: pytest.CaptureFixture[str],
                                                         page: Path, tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("keep\n", encoding="utf-8")
    link = tmp_path / "link"
    link.symlink_to(target)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    nodes = [link, fifo, tmp_path]
    if os.geteuid() == 0:
        dev = tmp_path / "mynull"
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        nodes.append(dev)
    for node in nodes:
        before = _snapshot(node)
        code, out, err = run(capsys, "expand", str(page), "-o", str(node))
        assert code == 2, node
        assert err.startswith(f"{node}: ") and "Traceback" not in err
        assert _snapshot(node) == before
    assert target.read_text(encoding="utf-8") == "keep\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_dash_writes_to_standard_output(capsys: pytest.CaptureFixture[str], page: Path) -> None:
    code, out, _ = run(capsys, "expand", str(page), "-o", "-")
    assert code == 0 and out == "Hello  world -- x\n"


def test_missing_folder_and_read_only_folder(capsys: pytest.CaptureFixture[str], page: Path,
                                             tmp_path: Path) -> None:
    for argv in (["expand", str(page), "-o", str(tmp_path / "no" / "x.txt")],
                 ["parse", str(page), "--to", "epub", "-o", str(tmp_path / "no" / "x.epub")],
                 ["repair", str(page), "-o", str(tmp_path / "x.txt"), "--report",
                  str(tmp_path / "no" / "r.html")]):
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.strip().endswith("does not exist") and "Traceback" not in err
    if os.geteuid() != 0:  # root may write anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        try:
            code, _, err = run(capsys, "expand", str(page), "-o", str(ro / "x"))
            assert code == 2 and "permission denied" in err
        finally:
            ro.chmod(0o755)


def test_new_file_gets_the_umask_existing_file_keeps_its_mode(page: Path,
                                                               tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "new.txt", "x")
        assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640
    finally:
        os.umask(old)
    kept = tmp_path / "kept.txt"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o604)
    if os.geteuid() == 0:
        os.chown(kept, 65534, 65534)
    write_output(kept, "new")
    st = os.stat(kept)
    assert kept.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(st.st_mode) == 0o604
    if os.geteuid() == 0:
        assert (st.st_uid, st.st_gid) == (65534, 65534)


def test_nothing_half_written(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("before", encoding="utf-8")
    with pytest.raises(RuntimeError), AtomicFile(out) as f:
        f.write("partial")
        raise RuntimeError("stop")
    assert out.read_text(encoding="utf-8") == "before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    write_output(out, b"\x00bytes")
    assert out.read_bytes() == b"\x00bytes"


def test_noted_input_is_protected(tmp_path: Path) -> None:
    src = tmp_path / "src.txt"
    src.write_text("x", encoding="utf-8")
    note_input(src)
    with pytest.raises(OutputError) as info:
        write_output(src, "y")
    assert info.value.format().startswith(f"{src}: is an input file")


def test_fifo_input_is_refused_not_read(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for argv in (["expand", str(fifo)], ["clean", str(fifo)], ["eo", "show", str(fifo)],
                 ["lint", str(fifo)], ["parse", str(fifo)]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "not a regular file" in err, argv
