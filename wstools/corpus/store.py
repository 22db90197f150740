"""The canonical rule corpus on disk: one UTF-8 file per printing.

A file starts with ``key: value`` metadata lines (id, title, edition, year, source, licence,
and optionally game, copy-of, numbered, notes), a line ``---``, then the law text in the
``lines`` shape the law parser reads: one paragraph a line, headings in capitals, laws as
``12.—``, page marks ``{167}`` and footnote marks ``[49]`` kept where the printing has them,
footnote texts as ``[49] …`` lines at the end.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..laws.model import Code
from ..laws.parse import ParseResult, parse

REQUIRED = ("id", "title", "edition", "year", "source", "licence")


class CorpusError(Exception):
    """A corpus file that cannot be read; carries the file and line."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}:1: corpus-error {message}")


@dataclass
class Printing:
    """One corpus file: metadata and law text."""

    path: Path
    metadata: dict[str, str]
    text: str
    body_line: int  # line number of the first text line
    _parsed: ParseResult | None = field(default=None, repr=False)

    @property
    def id(self) -> str:
        return self.metadata["id"]

    def parse(self) -> ParseResult:
        """The printing's law text read as the ``lines`` shape (parsed once)."""
        if self._parsed is None:
            self._parsed = parse(self.text, "lines", file=str(self.path))
            for code in self._parsed.codes:
                code.metadata.update(self.metadata)
        return self._parsed

    @property
    def code(self) -> Code:
        return self.parse().code


def default_corpus_dir() -> Path:
    """``$WSTOOLS_CORPUS``, else the checkout's ``corpus/``."""
    env = os.environ.get("WSTOOLS_CORPUS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "corpus"


def read_printing(path: Path) -> Printing:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(str(path), 1, f"cannot read: {exc.strerror or exc}") from None
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise CorpusError(str(path), line, "binary data (NUL byte): not a corpus file")
    try:
        raw = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CorpusError(str(path), line, f"not UTF-8 (byte 0x{data[exc.start]:02x})") \
            from None
    lines = raw.split("\n")
    meta: dict[str, str] = {}
    for i, line in enumerate(lines):
        if line.strip() == "---":
            missing = [k for k in REQUIRED if k not in meta]
            if missing:
                raise CorpusError(str(path), 1, "missing metadata: " + ", ".join(missing))
            return Printing(path, meta, "\n".join(lines[i + 1:]), i + 2)
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise CorpusError(str(path), i + 1, "expected 'key: value' or '---'")
        meta[key.strip()] = value.strip()
    raise CorpusError(str(path), len(lines), "no '---' line after the metadata")


def load(folder: Path | None = None) -> list[Printing]:
    """Every ``*.txt`` printing in ``folder`` (sorted by file name)."""
    folder = folder or default_corpus_dir()
    if not folder.is_dir():
        raise FileNotFoundError(f"corpus folder {folder} does not exist")
    # a subfolder (or a FIFO) named like a printing is not one
    return [read_printing(p) for p in sorted(folder.glob("*.txt")) if p.is_file()]


def write_printing(path: Path, metadata: dict[str, str], text: str) -> None:
    from ..io.output import write_output
    head = "".join(f"{k}: {v}\n" for k, v in metadata.items())
    write_output(path, head + "---\n" + text.rstrip("\n") + "\n")
