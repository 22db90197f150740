"""HTML, TEI P5 and EPUB 3 exports of the law model, built with lxml (and ebooklib).

Every export carries the book's metadata (:class:`Metadata`: title, creator, edition, date,
source, licence, a stable identifier) and the EPUB and TEI a title page, as WS Export does.
The metadata is what the caller gives, else what the codes carry (``Code.metadata``, the
keys of a corpus file: title, creator or author, edition, year, source, licence), else that
of the corpus printing the text is (:func:`corpus_metadata`: most of its word trigrams in
one printing), else what the text says (its title, the body named in its authority line).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import regex
from lxml import etree
from lxml.builder import ElementMaker

from .model import Clause, Code, Law, PageMark, Section
from .render import clause_label

TEI_NS = "http://www.tei-c.org/ns/1.0"
_ITALIC = regex.compile(r"''(.+?)''")
# what XML 1.0 cannot hold: C0 controls but tab and newlines, surrogates, U+FFFE/FFFF
_NOT_XML = regex.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
T = TypeVar("T")


def xml_safe(obj: T) -> T:
    """A copy of ``obj`` (a Code, a list of them, any model object) in which each character
    XML cannot hold (a control character, say) is U+FFFD; offsets are kept."""
    if isinstance(obj, str):
        return _NOT_XML.sub("\ufffd", obj)  # type: ignore[return-value]
    if isinstance(obj, list):
        return [xml_safe(x) for x in obj]  # type: ignore[return-value]
    if isinstance(obj, tuple):
        return tuple(xml_safe(x) for x in obj)  # type: ignore[return-value]
    if isinstance(obj, dict):
        return {xml_safe(k): xml_safe(v) for k, v in obj.items()}  # type: ignore[return-value]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **{f.name: xml_safe(getattr(obj, f.name))
                                           for f in dataclasses.fields(obj) if f.init})
    return obj


@dataclasses.dataclass
class Metadata:
    """A book's metadata, as EPUB's Dublin Core and TEI's header hold it."""

    title: str = "Laws"
    creator: str = ""  # none when nothing names one: an export never invents an author
    edition: str = ""
    date: str = ""
    source: str = ""
    licence: str = ""
    identifier: str = ""
    language: str = "en"
    publisher: str = "wstools"
    provenance: str = ""  # where the metadata came from

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of what is known, for a title page."""
        return [(k, v) for k, v in (("Author", self.creator), ("Edition", self.edition),
                                    ("Date", self.date), ("Source", self.source),
                                    ("Licence", self.licence)) if v]


_CREATOR = regex.compile(r"\b(?:by|of|at)\s+the\s+(?:(?:First|Second|Third|Fourth|Fifth|Sixth|"
                         r"Seventh|Eighth|Ninth|Tenth|\d+(?:st|nd|rd|th))\s+)?"
                         r"((?:[A-Z][\w'’]+\s+){0,4}(?:Congress|Club|Association|League|"
                         r"Committee|Society|Conference))")


def corpus_metadata(codes: Sequence[Code], folder: Path | None = None,
                    share: float = 0.85) -> tuple[dict[str, str], float]:
    """The metadata of the corpus printing whose text holds most of the codes' word
    trigrams (at least ``share`` of them), with that share; ``({}, 0.0)`` if none does or
    there is no corpus."""
    words = regex.findall(r"\w+", " ".join(_all_text(c) for c in codes).lower())
    grams = {tuple(words[i:i + 3]) for i in range(len(words) - 2)}
    if len(grams) < 20:
        return {}, 0.0
    try:
        from ..corpus.store import load
        printings = load(folder)
    except Exception:  # noqa: BLE001 - no corpus (an installed copy): no metadata from it
        return {}, 0.0
    best: tuple[float, dict[str, str]] = (0.0, {})
    for p in printings:
        theirs = regex.findall(r"\w+", p.text.lower())
        found = grams & {tuple(theirs[i:i + 3]) for i in range(len(theirs) - 2)}
        best = max(best, (len(found) / len(grams), dict(p.metadata)), key=lambda x: x[0])
    return (best[1], best[0]) if best[0] >= share else ({}, best[0])


def _matched_name(matched: dict[str, str]) -> str:
    return f"the corpus printing {matched.get('id', '?')}"


def _all_text(code: Code) -> str:
    parts = [code.title or "", *code.preamble]
    for s in code.sections:
        parts += [s.heading or "", *s.paragraphs]
        for law in s.laws:
            parts += [law.heading or "", law.text, *(b.text for b in law.body)]
    return " ".join(parts)


def metadata_for(codes: Sequence[Code], given: Metadata | dict | None = None,
                 corpus: bool = True) -> Metadata:
    """The metadata of an export of ``codes`` (see the module docstring)."""
    if isinstance(given, Metadata):
        return given
    given = dict(given or {})
    carried: dict[str, str] = {}
    for c in codes:
        for k, v in c.metadata.items():
            carried.setdefault(k, v)
    provenance = "given" if given else ""
    matched, share = corpus_metadata(codes) if corpus and not {
        "title", "source"} <= (given.keys() | carried.keys()) else ({}, 0.0)
    if matched:
        provenance = (provenance + "; " if provenance else "") + (
            f"corpus printing {matched.get('id', '?')} ({share:.0%} of the text's word "
            "trigrams)")

    def pick(*keys: str) -> str:
        for source in (given, carried, matched):
            for k in keys:
                if source.get(k):
                    value = str(source[k])
                    # a printing the text only resembles: said to be the match's, not the
                    # text's (an edited or other printing shares most of its trigrams too)
                    return value if source is not matched or keys[0] not in (
                        "source", "licence", "edition") else (
                        f"{value} (not given: {_matched_name(matched)}'s, which holds "
                        f"{share:.0%} of this text's word trigrams)")
        return ""
    running = regex.sub(r"[\d\W_]+", " ", carried.get("running_header", "")).strip()
    title = pick("title") or next((c.title for c in codes if c.title), None) or (
        running.title() if running else None) or next(
        (s.heading for c in codes for s in c.sections if s.heading), None) or "Laws"
    creator = pick("creator", "author")
    if not creator:
        m = next((m for c in codes if c.authority for m in [_CREATOR.search(c.authority)]
                  if m), None)
        creator = regex.sub(r"\s+", " ", m.group(1)) if m else ""
    if not provenance:
        provenance = "the text (no corpus printing holds it)"
    meta = Metadata(title=title, creator=creator, edition=pick("edition"),
                    date=pick("date", "year"), source=pick("source"),
                    licence=pick("licence", "license", "rights"),
                    language=pick("language") or "en", provenance=provenance)
    digest = hashlib.sha1("\n".join((meta.title, meta.edition, meta.source,
                                     *(_all_text(c) for c in codes))).encode()).hexdigest()
    made = uuid.uuid5(uuid.NAMESPACE_URL, "wstools:" + digest)
    meta.identifier = pick("identifier") or f"urn:uuid:{made}"
    return meta


def _inline(parent: etree._Element, text: str, italic_tag: str, italic_attr: dict | None = None
            ) -> None:
    """Append ``text`` to ``parent``, turning ``''x''`` into ``italic_tag`` elements."""
    pos = 0
    last = None
    for m in _ITALIC.finditer(text):
        chunk = text[pos:m.start()]
        if last is None:
            parent.text = (parent.text or "") + chunk
        else:
            last.tail = (last.tail or "") + chunk
        last = etree.SubElement(parent, italic_tag, **(italic_attr or {}))
        last.text = m.group(1)
        pos = m.end()
    rest = text[pos:]
    if last is None:
        parent.text = (parent.text or "") + rest
    else:
        last.tail = (last.tail or "") + rest


def _html_law(parent: etree._Element, law: Law) -> None:
    div = etree.SubElement(parent, "div", {"class": "law"})
    if law.number is not None:
        div.set("id", f"law-{law.label.replace(' ', '-')}")
    p = etree.SubElement(div, "p")
    if law.number is not None:
        num = etree.SubElement(p, "span", {"class": "law-number"})
        num.text = f"{law.label}.{law.dash}"  # the printed dash after it: "1.—"
        num.tail = "" if law.dash else " "
    if law.heading:
        h = etree.SubElement(p, "i", {"class": "run-in"})
        h.text = f"{law.heading}."
        h.tail = "—"
    holder = etree.SubElement(p, "span")
    _inline(holder, law.text, "i")
    list_el = None
    for b in law.body:
        if isinstance(b, Clause):
            if list_el is None:
                list_el = etree.SubElement(div, "ul", {"class": "clauses"})
            li = etree.SubElement(list_el, "li")
            label = clause_label(b)
            if label != "*":
                span = etree.SubElement(li, "span", {"class": "clause-label"})
                span.text = label
                span.tail = " "
            holder = etree.SubElement(li, "span")
            _inline(holder, b.text, "i")
        else:
            list_el = None
            para = etree.SubElement(div, "p", {"class": "indent"} if b.indent else {})
            _inline(para, b.text, "i")
    for n in law.notes:
        para = etree.SubElement(div, "p", {"class": "note"})
        _inline(para, f"Note.—{n.text}", "i")


def html_fragment(codes: Sequence[Code]) -> etree._Element:
    codes = xml_safe(list(codes))
    root = etree.Element("div", {"class": "wst-laws"})
    for code in codes:
        art = etree.SubElement(root, "article", {"class": "code"})
        # in print order (see Code)
        for p in code.before_title:
            _inline(etree.SubElement(art, "p"), p, "i")
        if code.fragment:
            _inline(etree.SubElement(art, "p", {"class": "fragment"}), code.fragment, "i")
        if code.title:
            etree.SubElement(art, "h1").text = code.title
        if code.authority:
            _inline(etree.SubElement(art, "p", {"class": "authority"}), code.authority, "i")
        for p in code.preamble:
            _inline(etree.SubElement(art, "p"), p, "i")
        for s in code.sections + code.back_matter:
            # (back matter: printed after the last law, not part of the code)
            sec = etree.SubElement(art, "section", {"class": "back-matter"} if any(
                s is b for b in code.back_matter) else {})
            if s.heading:
                _inline(etree.SubElement(sec, "h2"), s.heading, "i")
            for p in s.paragraphs:
                _inline(etree.SubElement(sec, "p"), p, "i")
            for law in s.laws:
                _html_law(sec, law)
        if code.footnotes:
            notes = etree.SubElement(art, "aside", {"class": "footnotes"})
            for k, v in code.footnotes.items():
                _inline(etree.SubElement(notes, "p", id=f"fn-{k}"), f"[{k}] {v}", "i")
    return root


def to_html(codes: Sequence[Code], standalone: bool = True,
            meta: Metadata | dict | None = None) -> str:
    """An HTML page (or fragment) of the codes; well-formed (it is serialised by lxml). A
    standalone page embeds its stylesheet (the templates' ``wstools.css`` and the laws' own
    rules), so it shows the same wherever it is copied (a ``wstools.css`` beside it, linked
    after, overrides it), and carries the metadata."""
    codes = xml_safe(list(codes))
    frag = html_fragment(codes)
    if not standalone:
        return etree.tostring(frag, encoding="unicode", method="html")
    meta = xml_safe(metadata_for(codes, meta))
    html = etree.Element("html", lang=meta.language)
    head = etree.SubElement(html, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    etree.SubElement(head, "title").text = meta.title
    for name, value in (("author", meta.creator), ("dcterms.source", meta.source),
                        ("dcterms.rights", meta.licence), ("dcterms.identifier",
                                                           meta.identifier)):
        if value:
            etree.SubElement(head, "meta", name=name, content=value)
    etree.SubElement(head, "style").text = stylesheet()
    # a wstools.css put beside the page (a site's own) comes after, so it wins; without one
    # the embedded copy styles the page
    etree.SubElement(head, "link", rel="stylesheet", href="wstools.css")
    body = etree.SubElement(html, "body")
    body.append(frag)
    colophon = etree.SubElement(body, "footer", {"class": "colophon"})
    for label, value in meta.rows():
        p = etree.SubElement(colophon, "p")
        etree.SubElement(p, "b").text = f"{label}: "
        p[-1].tail = value
    return "<!DOCTYPE html>\n" + etree.tostring(html, encoding="unicode", method="html")


LAW_CSS = """
.wst-laws { max-width: 40em; margin: 1em auto; font-family: serif; line-height: 1.5; }
.wst-laws h1, .wst-laws h2 { text-align: center; font-variant: small-caps; }
.law-number { font-weight: bold; }
.clauses { list-style: none; }
.indent { text-indent: 2em; }
.note { font-size: 90%; }
.colophon { max-width: 40em; margin: 2em auto; font-size: 85%; color: #54595d; }
"""


def stylesheet() -> str:
    """The stylesheet a standalone page embeds: the templates' ``wstools.css`` (where the
    checkout has it) and the laws' own rules."""
    try:
        from ..wikitext.registry import default_template_dir
        css = (default_template_dir() / "wstools.css").read_text(encoding="utf-8")
    except (OSError, ImportError):
        css = ""
    return (css + LAW_CSS).replace("</", "<\\/")


def _tei_text(parent: etree._Element, text: str) -> None:
    _inline(parent, text, f"{{{TEI_NS}}}hi", {"rend": "italic"})


def _tei_block_with_marks(parent: etree._Element, tag: str, text: str, marks: list) -> None:
    """A TEI element holding ``text`` with ``<pb n=…/>`` at each page mark's offset."""
    el = etree.SubElement(parent, tag)
    pos = 0
    for m in sorted(marks, key=lambda m: m.offset):
        off = min(m.offset, len(text))
        _tei_text(el, text[pos:off]) if len(el) == 0 else _tail(el, text[pos:off])
        etree.SubElement(el, f"{{{TEI_NS}}}pb", n=m.page)
        pos = off
    if len(el) == 0:
        _tei_text(el, text[pos:])
    else:
        _tail(el, text[pos:])


def _tail(el: etree._Element, text: str) -> None:
    last = el[-1]
    last.tail = (last.tail or "") + _ITALIC.sub(r"\1", text)


def to_tei(codes: Sequence[Code], meta: Metadata | dict | None = None) -> str:
    """A TEI P5 document (valid against ``tei_all``): a header with the metadata (title,
    author, edition, publisher, identifier, licence, the source as a ``bibl``), a title page
    in ``front``, then ``div type="section"``, ``div type="law" n=``, ``list``/``item``,
    ``note``, ``pb``."""
    codes = xml_safe(list(codes))
    meta = xml_safe(metadata_for(codes, meta))
    T = ElementMaker(namespace=TEI_NS, nsmap={None: TEI_NS})
    # (TEI's titleStmt and bibl need a title; an author only where one is known: a new
    # element each time, as an element has one parent)
    def author() -> list[etree._Element]:
        return [T.author(meta.creator)] if meta.creator else []
    bibl = T.bibl(T.title(meta.title), *author())
    for tag, value in (("edition", meta.edition), ("date", meta.date),
                       ("note", meta.source)):
        if value:
            bibl.append(getattr(T, tag)(value))
    file_desc = T.fileDesc(T.titleStmt(T.title(meta.title), *author()))
    if meta.edition:
        file_desc.append(T.editionStmt(T.edition(meta.edition)))
    file_desc.append(T.publicationStmt(
        T.publisher(meta.publisher), T.idno(meta.identifier, type="URN"),
        T.availability(T.licence(meta.licence or "licence not stated: see the source"))))
    file_desc.append(T.sourceDesc(bibl))
    header = T.teiHeader(file_desc)
    if meta.provenance:
        header.append(T.encodingDesc(T.p(f"Converted by wstools; metadata from "
                                         f"{meta.provenance}.")))
    tei = T.TEI(header)
    text_el = etree.SubElement(tei, f"{{{TEI_NS}}}text")
    page = T.titlePage(T.docTitle(T.titlePart(meta.title, type="main")))
    if meta.creator:
        page.append(T.byline(meta.creator))
    if meta.edition:
        page.append(T.docEdition(meta.edition))
    if meta.source or meta.licence:
        page.append(T.docImprint("; ".join(v for v in (meta.source, meta.licence) if v)))
    if meta.date:
        page.append(T.docDate(meta.date))
    text_el.append(T.front(page))
    body = etree.SubElement(text_el, f"{{{TEI_NS}}}body")
    ns = f"{{{TEI_NS}}}"
    for code in codes:
        # in print order (see Code); a div's head comes before its paragraphs, so what is
        # printed above the title is a div of its own before the code's
        above = code.before_title + ([code.fragment] if code.fragment and code.title else [])
        if above:
            intro = etree.SubElement(body, ns + "div", type="introduction")
            for p in above:
                _tei_text(etree.SubElement(intro, ns + "p"), p)
        cdiv = etree.SubElement(body, ns + "div", type="code")
        if code.fragment and not code.title:
            # a page that opens inside a law: TEI's p has no type; rend says how it reads
            _tei_text(etree.SubElement(cdiv, ns + "p", rend="fragment"), code.fragment)
        if code.title:
            etree.SubElement(cdiv, ns + "head").text = code.title
        if code.authority:
            _tei_text(etree.SubElement(cdiv, ns + "p", rend="authority"), code.authority)
        for p in code.preamble:
            _tei_text(etree.SubElement(cdiv, ns + "p"), p)
        for s in code.sections:
            sdiv = _tei_division(cdiv, ns, "section", s)
            for law in s.laws:
                attrs = {"type": "law"}
                if law.number is not None:
                    attrs["n"] = law.label
                ldiv = etree.SubElement(sdiv, ns + "div", **attrs)
                if law.heading:
                    _tei_text(etree.SubElement(ldiv, ns + "head", type="run-in"), law.heading)
                marks: dict[int, list[PageMark]] = {}
                for m in law.page_marks:
                    marks.setdefault(m.block, []).append(m)
                if law.text or not law.body:
                    _tei_block_with_marks(ldiv, ns + "p", law.text, marks.get(0, []))
                lst = None
                for i, b in enumerate(law.body, start=1):
                    if isinstance(b, Clause):
                        if lst is None:
                            lst = etree.SubElement(ldiv, ns + "list")
                        item = etree.SubElement(lst, ns + "item", n=b.label)
                        _tei_text(item, b.text)
                        for m in marks.get(i, []):
                            etree.SubElement(item, ns + "pb", n=m.page)
                    else:
                        lst = None
                        _tei_block_with_marks(ldiv, ns + "p", b.text, marks.get(i, []))
                for n in law.notes:
                    _tei_text(etree.SubElement(ldiv, ns + "note", type=n.kind), n.text)
                for label in law.footnotes:
                    if label in code.footnotes:
                        _tei_text(etree.SubElement(ldiv, ns + "note", type="footnote",
                                                   n=label), code.footnotes[label])
        referenced = {label for law in code.laws for label in law.footnotes}
        for label, note in code.footnotes.items():
            if label not in referenced:  # (a law's own are in its div)
                _tei_text(etree.SubElement(cdiv, ns + "note", type="footnote", n=label), note)
        for s in code.back_matter:
            # printed after the last law and not part of the code: a div of its own after it
            _tei_division(body, ns, "back-matter", s)
    return etree.tostring(tei, encoding="unicode", pretty_print=True,
                          xml_declaration=False)


def _tei_division(parent: etree._Element, ns: str, kind: str, section: Section
                  ) -> etree._Element:
    """A ``div`` of ``kind`` under ``parent`` with the section's heading and paragraphs."""
    div = etree.SubElement(parent, ns + "div", type=kind)
    if section.heading:
        _tei_text(etree.SubElement(div, ns + "head"), section.heading)
    for p in section.paragraphs:
        _tei_text(etree.SubElement(div, ns + "p"), p)
    return div


def write_epub(codes: Sequence[Code], path: str, meta: Metadata | dict | None = None) -> None:
    """An EPUB 3 of the codes (ebooklib): the metadata in Dublin Core (title, creator,
    edition as a description, date, source, rights, publisher, a stable identifier), a title
    page, one chapter per section; written whole to ``path``
    (:func:`wstools.io.output.write_output`: OS errors become ``OutputError``)."""
    from ebooklib import epub

    from ..io.output import write_output

    codes = xml_safe(list(codes))
    meta = xml_safe(metadata_for(codes, meta))
    book = epub.EpubBook()
    book.set_identifier(meta.identifier)
    book.set_title(meta.title)
    book.set_language(meta.language)
    if meta.creator:
        book.add_author(meta.creator)
    book.add_metadata("DC", "publisher", meta.publisher)
    for term, value in (("description", meta.edition), ("date", meta.date),
                        ("source", meta.source), ("rights", meta.licence)):
        if value:
            book.add_metadata("DC", term, value)
    style = epub.EpubItem(uid="style", file_name="style.css", media_type="text/css",
                          content=LAW_CSS.encode("utf-8"))
    book.add_item(style)
    title_page = epub.EpubHtml(title="Title page", file_name="title.xhtml", lang=meta.language)
    title_page.content = etree.tostring(_title_page(meta), encoding="unicode", method="xml")
    title_page.add_item(style)
    book.add_item(title_page)
    chapters = [title_page]
    for ci, code in enumerate(codes):
        # one chapter per section, then one per section of the back matter (printed after
        # the last law); the code's footnotes close its last chapter
        parts = [(s, False) for s in code.sections] + [(s, True) for s in code.back_matter]
        if not parts:  # a code of a title, a preamble or footnotes only: one chapter
            parts = [(Section(), False)]
        for si, (s, back) in enumerate(parts):
            last = si == len(parts) - 1
            frag = html_fragment([Code(title=code.title if si == 0 else None,
                                       authority=code.authority if si == 0 else None,
                                       preamble=code.preamble if si == 0 else [],
                                       fragment=code.fragment if si == 0 else None,
                                       before_title=code.before_title if si == 0 else [],
                                       footnotes=code.footnotes if last else {},
                                       sections=[] if back else [s],
                                       back_matter=[s] if back else [])])
            name = f"code{ci + 1}-section{si + 1}.xhtml"
            chapter = epub.EpubHtml(title=s.heading or code.title or f"Section {si + 1}",
                                    file_name=name, lang="en")
            chapter.content = etree.tostring(frag, encoding="unicode", method="xml")
            chapter.add_item(style)
            book.add_item(chapter)
            chapters.append(chapter)
    book.toc = chapters
    book.spine = ["nav"] + chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    buffer = io.BytesIO()
    epub.write_epub(buffer, book, {"raise_exceptions": True})
    write_output(path, buffer.getvalue())


def _title_page(meta: Metadata) -> etree._Element:
    """The title page (and colophon) of an EPUB, as WS Export's."""
    root = etree.Element("div", {"class": "title-page"})
    etree.SubElement(root, "h1").text = meta.title
    if meta.creator:
        etree.SubElement(root, "p", {"class": "creator"}).text = meta.creator
    if meta.edition:
        etree.SubElement(root, "p", {"class": "edition"}).text = meta.edition
    about = etree.SubElement(root, "div", {"class": "colophon"})
    for label, value in meta.rows():
        p = etree.SubElement(about, "p")
        etree.SubElement(p, "b").text = f"{label}: "
        p[-1].tail = value
    etree.SubElement(about, "p").text = f"Converted by wstools. Identifier: {meta.identifier}."
    return root
