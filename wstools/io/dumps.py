"""MediaWiki XML exports and dumps, streamed: read with lxml's ``iterparse`` (each page is
freed once read, so memory stays flat whatever the dump's size) and written with
``etree.xmlfile`` (one page at a time). ``.bz2`` and ``.gz`` are read and written
transparently (by magic bytes when reading, by file name when writing); the output is
written to a temporary file and moved into place when complete.

Reading is safe on hostile input: entities are never expanded nor fetched (an entity
reference in a page's text is kept as text and the page warned about); a compressed dump may
decompress to at most max(256 MiB, 100 times its size) and no run of text may exceed 32 MiB
(compression bombs stop with a :class:`DumpError` in bounded time and memory); a fault
(malformed XML, truncated bz2/gz) says where it is and which page was read last.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import os
import re
import zlib
from collections.abc import Iterator
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from lxml import etree

from ..errors import WstoolsError
from .output import AtomicFile

EXPORT_NS = "http://www.mediawiki.org/xml/export-0.11/"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_LANG = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")  # a BCP 47 tag, roughly


class DumpError(WstoolsError):
    """A dump that cannot be read: not XML, not a MediaWiki export, truncated, over a limit.
    ``line``/``column`` are the parser's position (0 when unknown), ``offset`` the number of
    bytes of XML read so far, ``after`` the title of the last page read before the fault."""

    def __init__(self, file: str, message: str, line: int = 0, column: int = 0,
                 offset: int = 0, after: str = "") -> None:
        super().__init__(file, message)
        self.line, self.column = line, column
        self.offset, self.after = offset, after

    def format(self) -> str:
        return f"{self.file}:{self.line or 1}:{self.column or 1}: input-error {self} " \
               f"({self.where()})"

    def where(self) -> str:
        """The position in words: line and column, byte of the XML, the last page read."""
        parts = []
        if self.line:
            parts.append(f"line {self.line}, column {self.column}" if self.column
                         else f"near line {self.line}")
        parts.append(f"after {self.offset} bytes of XML")
        parts.append(f"after page {self.after!r}" if self.after else "before the first page")
        return "; ".join(parts)

    def as_dict(self) -> dict:
        return {"file": self.file, "message": str(self), "line": self.line,
                "column": self.column, "offset": self.offset, "after": self.after}


@dataclass
class DumpPage:
    """A page of a dump with its latest revision's text and metadata. ``warnings`` says what
    was odd in the XML of the page (entity references kept as text, markup in ``<text>``)."""

    title: str
    ns: int
    text: str
    id: str = ""
    revision_id: str = ""
    timestamp: str = ""
    contributor: str = ""
    contributor_id: str = ""  # the contributor's user id (none for an IP)
    contributor_ip: bool = False  # the contributor is an IP address, not a user name
    comment: str = ""
    model: str = "wikitext"
    format: str = "text/x-wiki"
    extra: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    missing: str = ""  # why the text is not in the dump (hidden, a stub dump), if it is not


# Content models proofread as wikitext; pages of any other model (json, css, javascript,
# Scribunto, ...) are left alone.
TEXT_MODELS = frozenset({"wikitext", "proofread-page"})
PAGE_NAMESPACE = 104  # the Page: namespace on Wikimedia's Wikisources
# No run of character data (a page's text, the blanks between two tags) may be longer than
# this: MediaWiki's pages are at most 2 MiB, 5 times that once escaped is 10 MiB.
MAX_TEXT_RUN = 32 * 1024 * 1024
# A compressed dump may decompress to at most max(MIN_DECOMPRESSED, DECOMPRESSION_RATIO
# times its size on disk): real dumps of wikitext compress 4 to 10 times, bombs 1,000,000.
MIN_DECOMPRESSED = 256 * 1024 * 1024
DECOMPRESSION_RATIO = 100


def open_dump(path: str | Path) -> io.BufferedReader | bz2.BZ2File | gzip.GzipFile:
    """``path`` opened for reading, decompressed if it is bzip2 or gzip."""
    f = open(path, "rb")  # noqa: SIM115 - handed to the caller
    magic = f.read(3)
    f.seek(0)
    if magic == b"BZh":
        f.close()
        return bz2.BZ2File(path, "rb")
    if magic[:2] == b"\x1f\x8b":
        f.close()
        return gzip.GzipFile(path, "rb")
    return f


def decompressed_limit(path: str | Path) -> int:
    """The default limit on the decompressed size of the compressed dump ``path``."""
    return max(MIN_DECOMPRESSED, DECOMPRESSION_RATIO * os.path.getsize(path))


class _Source:
    """The stream lxml reads, counting the bytes of XML: over ``limit`` in all, or over
    ``run_limit`` since ``mark`` (the last parser event), it raises :class:`DumpError`."""

    def __init__(self, name: str, stream: io.BufferedReader | bz2.BZ2File | gzip.GzipFile,
                 limit: int,
                 run_limit: int) -> None:
        self.name, self.stream, self.limit, self.run_limit = name, stream, limit, run_limit
        self.count = self.mark = 0
        self.compressed = isinstance(stream, bz2.BZ2File | gzip.GzipFile)

    def read(self, size: int = -1) -> bytes:
        try:
            # read1: at most one read underneath, so what was decompressed before a
            # truncation is handed over before the error (read() would drop it)
            data = self.stream.read1(size if size and size > 0 else 65536)
        except (OSError, EOFError, zlib.error) as exc:  # truncated or corrupt bz2/gz
            raise DumpError(self.name, f"truncated or corrupt compressed data: {exc}",
                            offset=self.count) from None
        self.count += len(data)
        if self.limit and self.count > self.limit:
            raise DumpError(self.name, f"decompresses to more than {self.limit} bytes "
                            "(the limit for compressed dumps: a compression bomb?)",
                            offset=self.count)
        if self.run_limit and self.count - self.mark > self.run_limit:
            raise DumpError(self.name, f"more than {self.run_limit} bytes of XML without a "
                            "tag (a page's text or the blanks between tags over the limit)",
                            offset=self.count)
        return data


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _child_text(el: etree._Element, name: str) -> str:
    for c in el:
        if _local(c.tag) == name:
            return c.text or ""
    return ""


class DumpReader:
    """The pages of a dump, in order, each with its latest revision (by timestamp, then id,
    whatever the order of the history in the file); streamed.

    ``namespaces`` (key → name, from ``<siteinfo>``) is filled before the first page, and
    so are ``siteinfo`` (a copy of the element, its tags unqualified, for a writer) and
    ``lang`` (the ``xml:lang`` of ``<mediawiki>``).
    Entities are never expanded nor fetched (no DTD, no network, no file): a reference in a
    page's text is kept as text (``&name;``) and noted in the page's ``warnings``.
    A fault (malformed XML, truncated bz2/gz, a limit) raises :class:`DumpError`; with
    ``tolerant``, a fault after the first page ends the iteration instead and is kept in
    ``fault``, so what was read before it can be used. ``max_decompressed``: the limit on a
    compressed dump's decompressed size (None: :func:`decompressed_limit`, 0: none).
    """

    def __init__(self, path: str | Path, *, tolerant: bool = False,
                 max_decompressed: int | None = None, max_text_run: int = MAX_TEXT_RUN) -> None:
        self.path, self.name = path, str(path)
        self.tolerant = tolerant
        self.max_decompressed, self.max_text_run = max_decompressed, max_text_run
        self.namespaces: dict[int, str] = {}
        self.canonical: dict[int, str] = {}  # key → canonical name, where siteinfo gives it
        self.siteinfo: etree._Element | None = None
        self.lang = ""
        self.fault: DumpError | None = None
        self.pages = 0
        self.bytes_read = 0

    def page_namespace(self, name: str = "Page") -> int | None:
        """The key of the namespace called ``name`` in the dump's siteinfo, if any."""
        return next((k for k, v in self.namespaces.items() if v == name), None)

    def __iter__(self) -> Iterator[DumpPage]:
        try:
            yield from self._pages()
        except DumpError as exc:
            if not self.tolerant or self.pages == 0:
                raise
            self.fault = exc

    def _pages(self) -> Iterator[DumpPage]:
        name = self.name
        try:
            stream = open_dump(self.path)
        except OSError as exc:
            raise DumpError(name, f"cannot read: {exc.strerror or exc}") from None
        limit = self.max_decompressed
        with stream:
            source = _Source(name, stream, 0, self.max_text_run)
            if source.compressed:
                source.limit = decompressed_limit(self.path) if limit is None else limit
            context = etree.iterparse(source, events=("start", "end"), huge_tree=True,
                                      remove_comments=True, resolve_entities=False,
                                      load_dtd=False, no_network=True, dtd_validation=False)
            root_seen = False
            last = ""
            line = 0
            try:
                for event, el in context:
                    source.mark = source.count
                    line = el.sourceline or line
                    tag = _local(el.tag)
                    if event == "start":
                        if not root_seen:
                            root_seen = True
                            if tag != "mediawiki":
                                raise DumpError(name, f"not a MediaWiki export (root <{tag}>)",
                                                el.sourceline or 0)
                            self.lang = el.get(_XML_LANG) or ""
                        continue
                    if tag == "siteinfo":
                        self._siteinfo(el)
                        continue
                    if tag == "revision":  # keep only the latest revision: flat memory
                        # (the latest by timestamp, then id, wherever it is: an export's
                        # history may run newest-first, Special:Export's dir=desc)
                        while el.getprevious() is not None and \
                                _local(el.getprevious().tag) == "revision":
                            if _revision_key(el.getprevious()) > _revision_key(el):
                                el.getparent().remove(el)
                                break
                            el.getparent().remove(el.getprevious())
                        continue
                    if tag != "page":
                        continue
                    page = _page(el)
                    el.clear(keep_tail=False)
                    parent = el.getparent()
                    if parent is not None:  # drop what is already read: flat memory
                        while el.getprevious() is not None:
                            del parent[0]
                    self.pages += 1
                    self.bytes_read = source.count
                    last = page.title
                    yield page
            except DumpError as exc:
                exc.line, exc.offset, exc.after = exc.line or line, source.count, last
                raise
            except etree.XMLSyntaxError as exc:
                at = exc.position if exc.position else (0, 0)
                msg = re.sub(r", line \d+, column \d+$", "", exc.msg or "")  # said by where()
                raise DumpError(name, f"malformed XML: {msg}", at[0], at[1],
                                source.count, last) from None
            finally:
                self.bytes_read = source.count
            if not root_seen:
                raise DumpError(name, "empty file")

    def _siteinfo(self, el: etree._Element) -> None:
        self.siteinfo = deepcopy(el)
        for e in self.siteinfo.iter():  # unqualified: a writer's default namespace applies
            if isinstance(e.tag, str):
                e.tag = _local(e.tag)
        etree.cleanup_namespaces(self.siteinfo)
        for group in el:
            if _local(group.tag) != "namespaces":
                continue
            for ns in group:
                try:
                    self.namespaces[int(ns.get("key", ""))] = (ns.text or "").strip()
                except ValueError:
                    continue
                if ns.get("canonical"):
                    self.canonical[int(ns.get("key", ""))] = ns.get("canonical", "").strip()


def read_dump(path: str | Path, namespace: int | None = None, **limits: int | None
              ) -> Iterator[DumpPage]:
    """The pages of a dump (optionally only those in ``namespace``), in order; for each its
    latest revision. Raises :class:`DumpError` with the position of malformed XML. ``limits``:
    ``max_decompressed``, ``max_text_run`` (see :class:`DumpReader`)."""
    for page in DumpReader(path, **limits):  # type: ignore[arg-type]
        if namespace is None or page.ns == namespace:
            yield page


def _text(el: etree._Element | None, warnings: list[str]) -> str:
    """The character data of ``<text>``; an entity reference is kept as text, markup (which
    an export escapes) is kept as XML; either is noted in ``warnings``."""
    if el is None:
        return ""
    parts = [el.text or ""]
    entities: list[str] = []
    markup = False
    for c in el:
        if isinstance(c, etree._Entity):
            entities.append(c.text)
            parts.append(c.text)
        elif isinstance(c.tag, str):
            markup = True
            parts.append(etree.tostring(c, encoding="unicode", with_tail=False))
        parts.append(c.tail or "")
    if entities:
        warnings.append("entity references kept as text, not expanded: "
                        + ", ".join(dict.fromkeys(entities)))
    if markup:
        warnings.append("unescaped markup in <text> kept as text")
    return "".join(parts)


def _missing(rev: etree._Element | None, text_el: etree._Element | None) -> str:
    """Why the revision's text is not in the dump ('' when it is): writing the page back
    with an empty text would blank it."""
    if rev is None:
        return "no revision in the dump"
    if text_el is None:
        return "no <text> in the revision"
    if text_el.get("deleted") is not None:
        return "the revision's text is hidden (deleted)"
    if not text_el.text and len(text_el) == 0 and (text_el.get("bytes") or "0") != "0":
        return "the text is not in the dump (a stub dump?)"
    return ""


def _page(el: etree._Element) -> DumpPage:
    title = _child_text(el, "title")
    ns_text = _child_text(el, "ns")
    revisions = [c for c in el if _local(c.tag) == "revision"]
    if not revisions:
        try:
            ns = int(ns_text) if ns_text.strip() else _guess_ns(title)
        except ValueError:
            ns = _guess_ns(title)
        return DumpPage(title=title, ns=ns, text="", id=_child_text(el, "id"),
                        missing=_missing(None, None), extra=_redirect(el))
    rev = revisions[-1]
    text_el = next((c for c in rev if _local(c.tag) == "text"), None)
    contributor = next((c for c in rev if _local(c.tag) == "contributor"), None)
    who = who_id = ""
    if contributor is not None:
        who = _child_text(contributor, "username") or _child_text(contributor, "ip")
        who_id = _child_text(contributor, "id")
    try:
        ns = int(ns_text) if ns_text.strip() else _guess_ns(title)
    except ValueError:
        ns = _guess_ns(title)
    warnings: list[str] = []
    text = _text(text_el, warnings)
    return DumpPage(title=title, ns=ns, text=text, warnings=warnings,
                    missing=_missing(rev, text_el), id=_child_text(el, "id"),
                    revision_id=_child_text(rev, "id"),
                    timestamp=_child_text(rev, "timestamp"), contributor=who,
                    contributor_id=who_id, contributor_ip=bool(
                        contributor is not None and not _child_text(contributor, "username")
                        and _child_text(contributor, "ip")),
                    comment=_child_text(rev, "comment"),
                    model=_child_text(rev, "model") or "wikitext",
                    format=_child_text(rev, "format") or "text/x-wiki", extra=_redirect(el))


def _redirect(el: etree._Element) -> dict:
    """``{"redirect": target}`` for a redirect page (its ``<redirect title=…/>``), else {}."""
    found = next((c for c in el if _local(c.tag) == "redirect"), None)
    return {} if found is None else {"redirect": found.get("title", "")}


def _revision_key(rev: etree._Element) -> tuple[str, int]:
    """How recent a revision is: its timestamp (ISO 8601, in UTC: ordered as text), then
    its id."""
    rev_id = _child_text(rev, "id").strip()
    return _child_text(rev, "timestamp").strip(), int(rev_id) if rev_id.isdigit() else -1


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
    The file appears at ``path`` only when the writer is closed without an error.
    ``lang`` (the ``xml:lang``) and ``siteinfo`` (an element, e.g. a reader's, written
    before the first page) may be set until the first page is written."""

    def __init__(self, path: str | Path, sitename: str = "Wikisource", lang: str = "en",
                 siteinfo: etree._Element | None = None) -> None:
        self.path = Path(path)
        self.sitename = sitename
        self.lang, self.siteinfo = lang, siteinfo
        self._started = False
        self.count = 0
        self._out: AtomicFile | None = None
        self._raw: IO[bytes] | None = None
        self._stream: IO[bytes] | bz2.BZ2File | gzip.GzipFile | None = None

    def __enter__(self) -> DumpWriter:
        self._out = AtomicFile(self.path, "wb")  # refuses inputs, links, devices, FIFOs
        self._raw = self._out.open()
        name = self.path.name
        if name.endswith(".bz2"):
            self._stream = bz2.BZ2File(self._raw, "wb")
        elif name.endswith(".gz"):
            self._stream = gzip.GzipFile(fileobj=self._raw, mode="wb")
        else:
            self._stream = self._raw
        assert self._stream is not None
        return self

    def _start(self) -> None:
        """The head of the file, once: ``<mediawiki>`` with ``lang``, then ``siteinfo``."""
        if self._started:
            return
        self._started = True
        assert self._stream is not None, "a DumpWriter writes inside its with block"
        lang = self.lang if self.lang and _LANG.fullmatch(self.lang) else "en"
        self._stream.write(b"<?xml version='1.0' encoding='utf-8'?>\n"
                           b'<mediawiki xmlns="' + EXPORT_NS.encode() + b'" version="0.11" '
                           b'xml:lang="' + lang.encode() + b'">\n')
        if self.siteinfo is not None:
            info = deepcopy(self.siteinfo)
            info.tail = None
            etree.indent(info, "  ", level=1)
            self._stream.write(b"  " + etree.tostring(info, encoding="utf-8") + b"\n")

    def write(self, page: DumpPage) -> None:
        """Write one page with one revision holding ``page.text``."""
        e = etree.Element("page")
        etree.SubElement(e, "title").text = page.title
        etree.SubElement(e, "ns").text = str(page.ns)
        if page.id:
            etree.SubElement(e, "id").text = page.id
        if page.extra.get("redirect") is not None:
            etree.SubElement(e, "redirect", title=page.extra["redirect"])
        rev = etree.SubElement(e, "revision")
        if page.revision_id:
            etree.SubElement(rev, "id").text = page.revision_id
        etree.SubElement(rev, "timestamp").text = page.timestamp or datetime.now(UTC).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        who = etree.SubElement(rev, "contributor")
        if page.contributor_ip and page.contributor:
            etree.SubElement(who, "ip").text = page.contributor
        else:
            etree.SubElement(who, "username").text = page.contributor or "wstools"
            if page.contributor_id and page.contributor:
                etree.SubElement(who, "id").text = page.contributor_id
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
        self._start()
        assert self._stream is not None, "a DumpWriter writes inside its with block"
        self._stream.write(b"  " + etree.tostring(e, encoding="utf-8") + b"\n")
        self.count += 1

    def __exit__(self, exc_type, exc, tb) -> None:  # noqa: ANN001
        try:
            if self._stream is not None and exc_type is None:
                self._start()
                self._stream.write(b"</mediawiki>\n")
            if self._stream is not self._raw and self._stream is not None:
                self._stream.close()
            if self._raw is not None:
                self._raw.close()
        finally:
            if exc_type is None and self._out is not None:
                self._out.commit()  # fsync, mode kept or umask, os.replace
            elif self._out is not None:
                self._out.discard()
