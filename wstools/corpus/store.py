"""The canonical rule corpus on disk: one UTF-8 file per printing.

A file starts with ``key: value`` metadata lines (id, title, edition, year, source, licence,
and optionally game, copy-of, numbered, notes), a line ``---``, then the law text in the
``lines`` shape the law parser reads: one paragraph a line, headings in capitals, laws as
``12.—``, page marks ``{167}`` and footnote marks ``[49]`` kept where the printing has them,
footnote texts as ``[49] …`` lines at the end.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import WstoolsError
from ..laws.model import Code
from ..laws.parse import ParseResult, parse

REQUIRED = ("id", "title", "edition", "year", "source", "licence")


class CorpusError(WstoolsError):
    """A corpus file that cannot be read; carries the file and line."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(file, f"{file}:{line}:1: corpus-error {message}")
        self.line = line

    def format(self) -> str:
        return str(self)


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
    """``$WSTOOLS_CORPUS``, else the corpus shipped in the package (``wstools/data/corpus``)."""
    env = os.environ.get("WSTOOLS_CORPUS")
    if env:
        return Path(env)
    return Path(str(resources.files("wstools") / "data" / "corpus"))


def read_printing(path: Path) -> Printing:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(str(path), 1, f"cannot read: {exc.strerror or exc}") from None
    if b"\0" in data:
        at = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise CorpusError(str(path), at, "binary data (NUL byte): not a corpus file")
    try:
        raw = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        at = data.count(b"\n", 0, exc.start) + 1
        raise CorpusError(str(path), at, f"not UTF-8 (byte 0x{data[exc.start]:02x})") \
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


def corpus_files(folder: Path) -> list[Path]:
    """The files of ``folder`` a corpus is read from: ``*.txt`` printings and, for a
    collection of printed documents, ``*.htm``/``*.html`` pages (sorted by name)."""
    # a subfolder (or a FIFO) named like a printing is not one
    return sorted(p for pattern in ("*.txt", "*.htm", "*.html") for p in folder.glob(pattern)
                  if p.is_file())


def load(folder: Path | None = None) -> list[Printing]:
    """Every printing in ``folder`` (sorted by file name): the ``*.txt`` printings, and
    each ``*.htm``/``*.html`` document as a printing of its own (:func:`read_html`), so
    that any collection of printed texts can witness OCR — the Federal Register's
    executive orders, say."""
    folder = folder or default_corpus_dir()
    if not folder.is_dir():
        raise FileNotFoundError(f"corpus folder {folder} does not exist")
    return [read_printing(p) if p.suffix == ".txt" else read_html(p)
            for p in corpus_files(folder)]


_PRE = re.compile(r"<pre\b[^>]*>(.*?)</pre>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_BODY = re.compile(r"<body\b[^>]*>(.*?)(?:</body>|\Z)", re.S | re.I)
_BLOCK_END = re.compile(r"</(?:p|div|h\d|li|tr|blockquote)>|<br\s*/?>", re.I)
_PAGE_MARK = re.compile(r"\[\[Page \d+\]\]")


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _gpo_marks(text: str) -> str:
    """The GPO's typewriter marks as printed: ````Agency''`` is “Agency”, ``--`` an em
    dash; control characters go.

    >>> _gpo_marks("the term ``agency''--as")
    'the term “agency”—as'
    """
    text = _CONTROL.sub("", text).replace("``", "“").replace("''", "”")
    return re.sub(r"(?<=\S)--(?=\S)", "—", text)


def read_html(path: Path) -> Printing:
    """A document of a collection as a printing: the text of its ``<pre>`` (the Federal
    Register's HTML) or else of its body, tags dropped, entities read, page marks
    (``[[Page 309]]``) dropped, and the lines of each paragraph (blank lines part them)
    joined into one line, as the corpus keeps them. The metadata is the file's name."""
    try:
        raw = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise CorpusError(str(path), 1, f"cannot read: {exc.strerror or exc}") from None
    found = _PRE.findall(raw)
    if found:
        text = "\n\n".join(found)
    else:
        body = _BODY.search(raw)
        text = _BLOCK_END.sub("\n\n", body.group(1) if body else raw)
    text = _PAGE_MARK.sub("", html.unescape(_TAG.sub("", text))).replace("\r", "")
    text = _gpo_marks(text)
    paragraphs = []
    for block in re.split(r"\n[ \t]*\n", text):
        line = " ".join(block.split())
        if line:
            paragraphs.append(line)
    meta = {"id": path.stem, "title": path.stem, "edition": "", "year": "",
            "source": str(path.name), "licence": "", "kind": "collection"}
    return Printing(path, meta, "\n".join(paragraphs), 1)


def write_printing(path: Path, metadata: dict[str, str], text: str) -> None:
    from ..io.output import write_output
    head = "".join(f"{k}: {v}\n" for k, v in metadata.items())
    write_output(path, head + "---\n" + text.rstrip("\n") + "\n")
