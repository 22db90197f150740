"""HTML, TEI P5 and EPUB 3 exports of the law model, built with lxml (and ebooklib)."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from typing import TypeVar

import regex
from lxml import etree
from lxml.builder import ElementMaker

from .model import Clause, Code, Law
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
        num.text = f"{law.label}."
        num.tail = " "
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
        if code.title:
            etree.SubElement(art, "h1").text = code.title
        if code.authority:
            _inline(etree.SubElement(art, "p", {"class": "authority"}), code.authority, "i")
        for p in code.preamble:
            _inline(etree.SubElement(art, "p"), p, "i")
        if code.fragment:
            _inline(etree.SubElement(art, "p", {"class": "fragment"}), code.fragment, "i")
        for s in code.sections:
            sec = etree.SubElement(art, "section")
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


def to_html(codes: Sequence[Code], standalone: bool = True) -> str:
    """An HTML page (or fragment) of the codes; well-formed (it is serialised by lxml)."""
    codes = xml_safe(list(codes))
    frag = html_fragment(codes)
    if not standalone:
        return etree.tostring(frag, encoding="unicode", method="html")
    html = etree.Element("html", lang="en")
    head = etree.SubElement(html, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    etree.SubElement(head, "title").text = next((c.title for c in codes if c.title), "Laws")
    etree.SubElement(head, "link", rel="stylesheet", href="wstools.css")
    body = etree.SubElement(html, "body")
    body.append(frag)
    return "<!DOCTYPE html>\n" + etree.tostring(html, encoding="unicode", method="html")


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


def to_tei(codes: Sequence[Code]) -> str:
    """A TEI P5 document: ``div type="section"``, ``div type="law" n=``, ``list``/``item``,
    ``note``, ``pb``."""
    codes = xml_safe(list(codes))
    T = ElementMaker(namespace=TEI_NS, nsmap={None: TEI_NS})
    title = next((c.title for c in codes if c.title), "Laws")
    source = next((c.metadata.get("source") for c in codes if c.metadata.get("source")),
                  "converted by wstools")
    tei = T.TEI(T.teiHeader(T.fileDesc(
        T.titleStmt(T.title(title)),
        T.publicationStmt(T.p("Converted by wstools; the text is in the public domain.")),
        T.sourceDesc(T.p(source)))))
    body = etree.SubElement(etree.SubElement(tei, f"{{{TEI_NS}}}text"), f"{{{TEI_NS}}}body")
    ns = f"{{{TEI_NS}}}"
    for code in codes:
        cdiv = etree.SubElement(body, ns + "div", type="code")
        if code.title:
            etree.SubElement(cdiv, ns + "head").text = code.title
        if code.authority:
            _tei_text(etree.SubElement(cdiv, ns + "p", rend="authority"), code.authority)
        for p in code.preamble:
            _tei_text(etree.SubElement(cdiv, ns + "p"), p)
        if code.fragment:
            _tei_text(etree.SubElement(cdiv, ns + "p", type="fragment"), code.fragment)
        for s in code.sections:
            sdiv = etree.SubElement(cdiv, ns + "div", type="section")
            if s.heading:
                _tei_text(etree.SubElement(sdiv, ns + "head"), s.heading)
            for p in s.paragraphs:
                _tei_text(etree.SubElement(sdiv, ns + "p"), p)
            for law in s.laws:
                attrs = {"type": "law"}
                if law.number is not None:
                    attrs["n"] = law.label
                ldiv = etree.SubElement(sdiv, ns + "div", **attrs)
                if law.heading:
                    _tei_text(etree.SubElement(ldiv, ns + "head", type="run-in"), law.heading)
                marks = {}
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
    return etree.tostring(tei, encoding="unicode", pretty_print=True,
                          xml_declaration=False)


def write_epub(codes: Sequence[Code], path: str) -> None:
    """An EPUB 3 of the codes, one chapter per section (ebooklib), written whole to ``path``
    (:func:`wstools.io.output.write_output`: OS errors become ``OutputError``)."""
    from ebooklib import epub

    from ..io.output import write_output

    codes = xml_safe(list(codes))
    book = epub.EpubBook()
    title = next((c.title for c in codes if c.title), "Laws")
    book.set_identifier("wstools-" + regex.sub(r"\W+", "-", title.lower()).strip("-"))
    book.set_title(title)
    book.set_language("en")
    chapters = []
    for ci, code in enumerate(codes):
        for si, s in enumerate(code.sections):
            frag = html_fragment([Code(title=code.title if si == 0 else None,
                                       authority=code.authority if si == 0 else None,
                                       preamble=code.preamble if si == 0 else [],
                                       fragment=code.fragment if si == 0 else None,
                                       sections=[s])])
            name = f"code{ci + 1}-section{si + 1}.xhtml"
            chapter = epub.EpubHtml(title=s.heading or code.title or f"Section {si + 1}",
                                    file_name=name, lang="en")
            chapter.content = etree.tostring(frag, encoding="unicode", method="xml")
            book.add_item(chapter)
            chapters.append(chapter)
    book.toc = chapters
    book.spine = ["nav"] + chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    buffer = io.BytesIO()
    epub.write_epub(buffer, book, {"raise_exceptions": True})
    write_output(path, buffer.getvalue())
