"""MediaWiki XML exports and dumps, streamed: read with lxml's ``iterparse`` (each page is
freed once read, so memory stays flat whatever the dump's size) and written with
``etree.xmlfile`` (one page at a time). ``.bz2`` and ``.gz`` are read and written
transparently (by magic bytes when reading, by file name when writing); the output is
written to a temporary file and moved into place when complete.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, BinaryIO

from lxml import etree

EXPORT_NS = "http://www.mediawiki.org/xml/export-0.11/"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


class DumpError(Exception):
    """A dump that cannot be read: not XML, not a MediaWiki export, truncated."""

    def __init__(self, file: str, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.file, self.line, self.column = file, line, column


@dataclass
class DumpPage:
    """A page of a dump with its latest revision's text and metadata."""

    title: str
    ns: int
    text: str
    id: str = ""
    revision_id: str = ""
    timestamp: str = ""
    contributor: str = ""
    comment: str = ""
    model: str = "wikitext"
    format: str = "text/x-wiki"
    extra: dict = field(default_factory=dict)


def open_dump(path: str | Path) -> BinaryIO:
    """``path`` opened for reading, decompressed if it is bzip2 or gzip."""
    f = open(path, "rb")  # noqa: SIM115 - handed to the caller
    magic = f.read(3)
    f.seek(0)
    if magic == b"BZh":
        f.close()
        return bz2.open(path, "rb")  # type: ignore[return-value]
    if magic[:2] == b"\x1f\x8b":
        f.close()
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return f


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _child_text(el: etree._Element, name: str) -> str:
    for c in el:
        if _local(c.tag) == name:
            return c.text or ""
    return ""


def read_dump(path: str | Path, namespace: int | None = None) -> Iterator[DumpPage]:
    """The pages of a dump (optionally only those in ``namespace``), in order; for each its
    last revision. Raises :class:`DumpError` with the position of malformed XML."""
    name = str(path)
    try:
        stream = open_dump(path)
    except OSError as exc:
        raise DumpError(name, f"cannot read: {exc.strerror or exc}") from None
    with stream:
        context = etree.iterparse(stream, events=("start", "end"), huge_tree=True,
                                  remove_comments=True, resolve_entities=False)
        root_seen = False
        try:
            for event, el in context:
                tag = _local(el.tag)
                if event == "start":
                    if not root_seen:
                        root_seen = True
                        if tag != "mediawiki":
                            raise DumpError(name, f"not a MediaWiki export (root <{tag}>)",
                                            el.sourceline or 0)
                    continue
                if tag != "page":
                    continue
                page = _page(el)
                el.clear(keep_tail=False)
                parent = el.getparent()
                if parent is not None:  # drop what is already read: flat memory
                    while el.getprevious() is not None:
                        del parent[0]
                if page is not None and (namespace is None or page.ns == namespace):
                    yield page
        except etree.XMLSyntaxError as exc:
            line, column = exc.position if exc.position else (0, 0)
            raise DumpError(name, f"malformed XML: {exc.msg}", line, column) from None
        except (OSError, EOFError) as exc:  # truncated compressed stream
            raise DumpError(name, f"cannot read: {exc}") from None
        if not root_seen:
            raise DumpError(name, "empty file")


def _page(el: etree._Element) -> DumpPage | None:
    title = _child_text(el, "title")
    ns_text = _child_text(el, "ns")
    revisions = [c for c in el if _local(c.tag) == "revision"]
    if not revisions:
        return None
    rev = revisions[-1]
    text_el = next((c for c in rev if _local(c.tag) == "text"), None)
    contributor = next((c for c in rev if _local(c.tag) == "contributor"), None)
    who = ""
    if contributor is not None:
        who = _child_text(contributor, "username") or _child_text(contributor, "ip")
    try:
        ns = int(ns_text) if ns_text.strip() else _guess_ns(title)
    except ValueError:
        ns = _guess_ns(title)
    return DumpPage(title=title, ns=ns, text=(text_el.text or "") if text_el is not None else "",
                    id=_child_text(el, "id"), revision_id=_child_text(rev, "id"),
                    timestamp=_child_text(rev, "timestamp"), contributor=who,
                    comment=_child_text(rev, "comment"),
                    model=_child_text(rev, "model") or "wikitext",
                    format=_child_text(rev, "format") or "text/x-wiki")


def _guess_ns(title: str) -> int:
    from ..wikitext.title import NAMESPACES
    prefix = title.split(":", 1)[0] if ":" in title else ""
    return NAMESPACES.get(prefix, 0)


def sha1_base36(text: str) -> str:
    """MediaWiki's revision checksum: SHA-1 of the UTF-8 text in base 36, 31 digits."""
    n = int(hashlib.sha1(text.encode("utf-8")).hexdigest(), 16)
    digits = ""
    while n:
        n, r = divmod(n, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
    return digits.rjust(31, "0")


class DumpWriter:
    """Writes an importable export (schema 0.11) page by page; use as a context manager.
    The file appears at ``path`` only when the writer is closed without an error."""

    def __init__(self, path: str | Path, sitename: str = "Wikisource") -> None:
        self.path = Path(path)
        self.sitename = sitename
        self.count = 0
        self._tmp: str | None = None
        self._raw: IO[bytes] | None = None
        self._stream: IO[bytes] | None = None

    def __enter__(self) -> DumpWriter:
        folder = self.path.parent if str(self.path.parent) else Path(".")
        fd, self._tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        self._raw = os.fdopen(fd, "wb")
        name = self.path.name
        if name.endswith(".bz2"):
            self._stream = bz2.BZ2File(self._raw, "wb")
        elif name.endswith(".gz"):
            self._stream = gzip.GzipFile(fileobj=self._raw, mode="wb")
        else:
            self._stream = self._raw
        self._stream.write(b"<?xml version='1.0' encoding='utf-8'?>\n"
                           b'<mediawiki xmlns="' + EXPORT_NS.encode() + b'" version="0.11" '
                           b'xml:lang="en">\n')
        return self

    def write(self, page: DumpPage) -> None:
        """Write one page with one revision holding ``page.text``."""
        e = etree.Element("page")
        etree.SubElement(e, "title").text = page.title
        etree.SubElement(e, "ns").text = str(page.ns)
        if page.id:
            etree.SubElement(e, "id").text = page.id
        rev = etree.SubElement(e, "revision")
        if page.revision_id:
            etree.SubElement(rev, "id").text = page.revision_id
        etree.SubElement(rev, "timestamp").text = page.timestamp or datetime.now(UTC).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        who = etree.SubElement(rev, "contributor")
        etree.SubElement(who, "username").text = page.contributor or "wstools"
        if page.comment:
            etree.SubElement(rev, "comment").text = page.comment
        etree.SubElement(rev, "model").text = page.model
        etree.SubElement(rev, "format").text = page.format
        text = etree.SubElement(rev, "text", {"bytes": str(len(page.text.encode("utf-8")))})
        text.set(_XML_SPACE, "preserve")
        text.text = page.text
        etree.SubElement(rev, "sha1").text = sha1_base36(page.text)
        # unqualified here: the default namespace declared on <mediawiki> applies
        etree.indent(e, "  ", level=1)
        self._stream.write(b"  " + etree.tostring(e, encoding="utf-8") + b"\n")
        self.count += 1

    def __exit__(self, exc_type, exc, tb) -> None:  # noqa: ANN001
        try:
            if self._stream is not None and exc_type is None:
                self._stream.write(b"</mediawiki>\n")
            if self._stream is not self._raw and self._stream is not None:
                self._stream.close()
            if self._raw is not None:
                self._raw.close()
        finally:
            if exc_type is None and self._tmp:
                os.chmod(self._tmp, 0o644)
                os.replace(self._tmp, self.path)
            elif self._tmp and os.path.exists(self._tmp):
                os.unlink(self._tmp)
