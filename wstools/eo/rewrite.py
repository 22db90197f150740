"""Rewrite a GPO print of an order into the other shapes orders come in, for testing the
reader on shapes and decades the GPO's HTML does not have.

The print is cut into its parts here, without the reader (:func:`cut`): the banner, the head
line, the title, then the print's paragraphs (as the independent check reads them:
blank-line separated, or opened by a line set in or a list's item; lines joined by the
GPO's own rule: a line ending in ``-`` or ``--`` runs on without a space), page marks,
graphics notes, the signature's note, the place, the date, billing codes and the footer.
Each writer (:data:`SHAPES`) lays these out as that shape prints them and returns a
:class:`Rewrite`: the text, and the words a reader of that print sees (``words``: the print's
words with what that shape prints instead, its own chrome left out), which the formatted
output must say.

Shapes: ``federalregister`` (federalregister.gov text), ``json`` (its API document with the
text), ``xml`` (the Federal Register's XML), ``pdf`` (text from the PDF: running heads,
folios, the GPO's slug, words hyphenated at line ends), ``wikisource`` (a copied page),
``app`` (a copied American Presidency Project page), ``lines`` (one paragraph a line),
``wrapped`` (hard-wrapped, blank lines between paragraphs), and decades' layouts:
``fr1940`` (``EXECUTIVE ORDER N`` and the title in capitals, paragraphs marked only by a
first-line indent, the typed name, ``[F. R. Doc. …; Filed, …]``), ``fr1970`` (``Executive
Order N`` alone, the title under it, place and date on one line) and ``bare`` (``Executive
Order N``, the title, no date in the head); and two without a blank line between
paragraphs: ``pdfflat`` (the PDF's text as its text layer gives it, at another width) and
``rewrapped`` (plain text rewrapped by hand at another width).
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape as html_escape

from .presidents import presidency_at

_HEAD = re.compile(r"^\s*Executive Order (\d+)(?: of ([A-Z][a-z]+ \d{1,2}, \d{4}))?(.*)$")
_MARK = re.compile(r"^\s*\[\[Page (\d+)\]\]\s*$")
_NOTE = re.compile(r"^\s*(?:[<\[]GRAPHIC\(S\)[^>\]]*[>\]]|\[GRAPHIC\].*)\s*$")
_SIG = re.compile(r"^\s*\(Presidential Sig\.\)\S*\s*$")
_DATE = re.compile(r"^\s*(?:January|February|March|April|May|June|July|August|September|"
                   r"October|November|December) \d{1,2}, \d{4}\.?\s*$")


@dataclass
class Part:
    kind: str  # p, page, graphic, sig, place, date, billing, footer
    text: str


@dataclass
class Cut:
    number: str
    date: str
    head: str
    title: str
    parts: list[Part]
    volume: str = ""
    issue: str = ""
    issue_date: str = ""
    first_page: str = ""
    head_page: str = ""
    frdoc: str = ""


@dataclass
class Rewrite:
    text: str
    words: list[str]
    #: the print has a footer the Page: pages must carry (else main page words only)
    footer: bool = True
    meta: dict[str, str] = field(default_factory=dict)


def _join(lines: list[str]) -> str:
    out = ""
    for line in lines:
        line = line.strip()
        if not out:
            out = line
        elif out.endswith("-") or line.startswith("--"):
            out += line
        else:
            out += " " + line
    return out


def cut(pre: str) -> Cut:
    """The GPO print in parts (raises ValueError without a head line)."""
    lines = pre.split("\n")
    start = next((i for i, line in enumerate(lines) if (m := _HEAD.match(line))
                  and (m.group(2) or m.group(3).startswith(" of "))), None)
    if start is None:
        start = next((i for i, line in enumerate(lines) if (m := _HEAD.match(line))
                      and not m.group(3).startswith("--")), None)
    if start is None:
        raise ValueError("no head line")
    m = _HEAD.match(lines[start])
    assert m is not None
    banner = "\n".join(lines[:start])
    c = Cut(m.group(1), m.group(2) or "", lines[start].strip(), "", [])
    if b := re.search(r"Federal Register Volume (\d+), Number (\d+) \(([^)]*)\)", banner):
        c.volume, c.issue, c.issue_date = b.groups()
    if b := re.search(r"\[Pages? (\d+)", banner):
        c.first_page = b.group(1)
    marks = re.findall(r"\[\[Page (\d+)\]\]", banner)
    c.head_page = marks[-1] if marks else c.first_page
    if b := re.search(r"\[FR Doc No: ([\w-]+)\]", banner):
        c.frdoc = b.group(1)
    from .check import print_paragraphs

    # a paragraph the print opens with no blank line before it (set in; a list's item),
    # after the title (whose lines the GPO sets at 0 and then at its column)
    after = lines[start + 1:]
    first = next((k for k, line in enumerate(after) if line.strip()), len(after))
    title_end = next((k for k in range(first, len(after)) if not after[k].strip()),
                     len(after))
    _, starts = print_paragraphs(after)
    starts = {k for k in starts if k > title_end}
    chunks: list[list[str]] = [[]]
    for k, line in enumerate(lines[start + 1:]):
        if _MARK.match(line) or _NOTE.match(line) or _SIG.match(line) or re.match(
                r"\s*Billing code", line, re.I):
            chunks += [[line], []]
        elif line.strip():
            if k in starts and chunks[-1]:
                chunks.append([])
            chunks[-1].append(line)
        else:
            chunks.append([])
    chunks = [ch for ch in chunks if ch]
    title_at = 0
    if m.group(3).strip().startswith("of "):  # a head without its date: the title runs on
        c.title = _join([m.group(3).strip()[3:], *chunks[0]])
        c.head = _join([c.head, *chunks[0]])
        title_at = 1
    elif chunks:
        c.title = _join(chunks[0])
        title_at = 1
    seen_place = False
    for chunk in chunks[title_at:]:
        text = _join(chunk)
        if mark := _MARK.match(chunk[0]):
            c.parts.append(Part("page", mark.group(1)))
        elif _NOTE.match(chunk[0]):
            c.parts.append(Part("graphic", text))
        elif _SIG.match(chunk[0]):
            c.parts.append(Part("sig", text))
        elif text.startswith("THE WHITE HOUSE"):
            c.parts.append(Part("place", text))
            seen_place = True
        elif seen_place and _DATE.match(text):
            c.parts.append(Part("date", text))
            seen_place = False
        elif re.match(r"(?:\d{1,3} )?\[FR Doc", text) or (
                c.parts and c.parts[-1].kind == "footer" and "]" not in c.parts[-1].text):
            if c.parts and c.parts[-1].kind == "footer":
                c.parts[-1].text += "\n" + "\n".join(line.strip() for line in chunk)
            else:
                c.parts.append(Part("footer", "\n".join(line.strip() for line in chunk)))
        elif re.match(r"(?:\d{1,3} )?Billing code", text, re.I):
            if c.parts and c.parts[-1].kind == "footer" and "Billing" not in c.parts[-1].text:
                c.parts[-1].text += "\n" + text
            else:
                c.parts.append(Part("billing", text))
        else:
            c.parts.append(Part("p", text))
    c.parts = _rejoin(c.parts)
    return c


def _runs_on(before: str, after: str) -> bool:
    """``after`` goes on with the sentence ``before`` ends without finishing."""
    if after[:1].islower():
        return not before.endswith((".", ":", ";"))
    return re.search(r"[A-Za-z,]$", before) is not None and not before.isupper() \
        and re.match(r"\(\w{1,8}\)|Sec\.|Section|SEC\.|PART|Part ", after) is None


def _rejoin(parts: list[Part]) -> list[Part]:
    """A paragraph the page turned inside (a page mark between blank lines, the sentence
    going on after it) is one paragraph with the mark inside it, as the
    shapes that mark pages in the text print it and the others run it on."""
    out: list[Part] = []
    for part in parts:
        if part.kind == "p" and len(out) >= 2 and out[-1].kind == "page" \
                and out[-2].kind == "p" and _runs_on(out[-2].text, part.text):
            page = out.pop()
            out[-1] = Part("p", f"{out[-1].text} [[Page {page.text}]] {part.text}")
            continue
        out.append(part)
    return out


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_INLINE = re.compile(r"\s*\[\[Page (\d+)\]\]\s*")


def _words(lines: list[str]) -> list[str]:
    return _INLINE.sub(" ", " ".join(lines)).split()


def _inline(text: str, mark: str | None) -> str:
    """A page mark inside a paragraph (``[[Page N]]``) as the shape prints it (``mark``
    with ``{page}``), or taken out."""
    if mark is None:
        return _INLINE.sub(" ", text).strip()
    return _INLINE.sub(lambda m: " " + mark.format(page=m.group(1)) + " ", text).strip()


def _name(c: Cut) -> str:
    p, _ = presidency_at(c.number, c.date)
    return p.name.upper() if p else "THE PRESIDENT"


def _parts_lines(c: Cut, keep: Callable[[Part], str | None]) -> list[str]:
    out = []
    for part in c.parts:
        value = keep(part)
        if value is not None:
            out.append(value)
    return out


def _plain_kind(part: Part) -> str | None:
    return None if part.kind == "page" else _inline(part.text, None)


def lines_shape(c: Cut) -> Rewrite:
    body = [c.head, c.title, *_parts_lines(c, _plain_kind)]
    return Rewrite("\n".join(body) + "\n", _words(body))


def wrapped_shape(c: Cut, width: int = 68, gap: str = "\n\n") -> Rewrite:
    """Hard-wrapped text: each paragraph wrapped at ``width``, paragraphs joined by
    ``gap`` (a blank line; a bare line break where the text was rewrapped by hand and the
    paragraphs run on line after line)."""
    body = [c.head, c.title, *_parts_lines(c, _plain_kind)]
    text = gap.join("\n".join(textwrap.wrap(p, width, break_long_words=False,
                                            break_on_hyphens=False))
                    if len(p) > width and "\n" not in p and not p.startswith("[FR") else p
                    for p in body)
    return Rewrite(text + "\n", _words(body))


def federalregister_shape(c: Cut) -> Rewrite:
    """federalregister.gov's text: a page mark stands as ``[Start Printed Page N]`` where
    it falls (inside a paragraph the page turned in), the ``Filed`` line after ``[FR Doc.``
    on a line of its own."""
    out: list[str] = []
    words: list[str] = [c.head, c.title]
    pending = ""
    for part in c.parts:
        if part.kind == "page":
            pending = f"[Start Printed Page {part.text}]"
            continue
        text = _inline(part.text, "[Start Printed Page {page}]")
        if pending:
            if part.kind == "p" and text[:1].islower() and out:
                out[-1] += " " + pending + text  # the page turned inside the paragraph
                words.append(part.text)
                pending = ""
                continue
            out.append(pending)
            pending = ""
        out.append(text)
        words.append(part.text)
    body = ["Title 3—", "The President", c.head, c.title, *out]
    return Rewrite("\n".join(body) + "\n", _words(words))


def json_shape(c: Cut) -> Rewrite:
    inner = federalregister_shape(c)
    doc = {"document_number": c.frdoc, "executive_order_number": int(c.number),
           "title": c.title, "type": "Presidential Document",
           "citation": f"{c.volume} FR {c.head_page}", "start_page": int(c.head_page or 0),
           "volume": int(c.volume or 0), "raw_text": inner.text}
    return Rewrite(json.dumps(doc, indent=1), inner.words)


def xml_shape(c: Cut) -> Rewrite:
    """The Federal Register's XML (``<EXECORD>``): XML cannot carry the control characters a
    few GPO texts have, so they are not part of this print."""
    c = Cut(**{**c.__dict__, "parts": [Part(p.kind, _CONTROL.sub("", p.text))
                                       for p in c.parts]})
    tags = {"p": "P", "place": "PLACE", "date": "DATE", "billing": "BILCOD"}
    out = [f'<PRESDOCU><EXECORD><PRTPAGE P="{c.head_page}"/>'
           f"<EXECORDR>{html_escape(c.head)}</EXECORDR>",
           f'<HD SOURCE="HED">{html_escape(c.title)}</HD>']
    words = [c.head, c.title]
    for part in c.parts:
        if part.kind == "page":
            out.append(f'<PRTPAGE P="{part.text}"/>')
            continue
        if part.kind == "graphic":
            # the image's id after "[TIFF OMITTED]", spaced or not ("…OMITTED]TD03JA95.061")
            m = re.search(r"TIFF OMITTED\]\s*(\S*)", part.text)
            gid = m.group(1) if m else ""
            out.append(f"<GPH><GID>{html_escape(gid)}</GID></GPH>")
            words.append(f"[GRAPHIC] [TIFF OMITTED] {gid}".strip())
            continue
        if part.kind == "sig":
            out.append("<PSIG>(Presidential Sig.)</PSIG>")
            words.append("(Presidential Sig.)")
            continue
        if part.kind == "footer":
            lines = part.text.split("\n")
            doc = " ".join(line for line in lines if not line.lower().startswith("billing"))
            out.append(f"<FRDOC>{html_escape(doc)}</FRDOC>")
            words.append(doc)
            for line in lines:
                if line.lower().startswith("billing"):
                    out.append(f"<BILCOD>{html_escape(line)}</BILCOD>")
                    words.append(line)
            continue
        pieces = _INLINE.split(part.text)  # text, page, text…
        inner = "".join(html_escape(piece) if k % 2 == 0 else f'<PRTPAGE P="{piece}"/>'
                        for k, piece in enumerate(pieces))
        out.append(f"<{tags[part.kind]}>{inner}</{tags[part.kind]}>")
        words.append(part.text)
    out.append("</EXECORD></PRESDOCU>")
    return Rewrite("\n".join(out) + "\n", _words(words))


def _hyphenate(paragraph: str, width: int) -> list[str]:
    """Lines of a PDF column: a long word that does not fit is broken with a hyphen; a
    line ends with a hyphen only there."""
    lines: list[str] = []
    line = ""
    for word in paragraph.split():
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        elif re.fullmatch(r"[a-z]{9,}[,.;:]?", word) and len(line) + 6 <= width:
            cut_at = min(width - len(line) - 2, len(word) // 2)
            cut_at = max(cut_at, 4)
            lines.append(f"{line} {word[:cut_at]}-")
            line = word[cut_at:]
        else:
            # a hyphen the print has before a space ("extraor- dinary", a break the GPO's
            # text kept) is not set at a line's end, where it would read as the
            # typesetter's: the word goes to the next line with it
            if re.search(r"[A-Za-z]-$", line) and " " in line:
                line, last = line.rsplit(" ", 1)
                lines.append(line)
                line = f"{last} {word}"
                continue
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def pdf_shape(c: Cut, width: int = 58, gaps: bool = True) -> Rewrite:
    """Text from a PDF: each page under its running head and folio, the GPO's slug at the
    foot; the signature's image and graphics carry no text; words hyphenated at the line
    ends (lines of ``width``). ``gaps``: a blank line between paragraphs; without, the
    paragraphs run on line after line as a PDF's text layer gives them (the print marks a
    paragraph by its first line's indent, which the text loses)."""
    date = c.issue_date or ""
    head = f"Federal Register / Vol. {c.volume}, No. {c.issue} / {date} / Presidential " \
           f"Documents"

    def running(page: str) -> list[str]:
        return [f"{page} {head}" if page.isdigit() and int(page) % 2 == 0
                else f"{head} {page}", ""]

    out: list[str] = [*running(c.head_page), "Presidential Documents", "Title 3—",
                      "The President", c.head, "", c.title, ""]
    words = [c.head, c.title]
    for part in c.parts:
        if part.kind == "page":
            out += ["VerDate Sep<11>2014 17:55 Jan 20, 2011 Jkt 223001 PO 00000 Frm 00001 "
                    "Fmt 4705 Sfmt 4790 E:\\FR\\FM\\21JAN0.SGM 21JAN0", "\f"]
            out += running(part.text)
            continue
        if part.kind in ("sig", "graphic"):
            continue
        text = part.text
        words.append(text)
        if part.kind == "footer":
            out += text.split("\n")
            continue
        pieces = _INLINE.split(text)
        for k, piece in enumerate(pieces):
            if k % 2:
                out += ["VerDate Sep<11>2014 17:55 Jan 20, 2011 Jkt 223001 PO 00000 Frm 00001 "
                        "Fmt 4705 Sfmt 4790 E:\\FR\\FM\\21JAN0.SGM 21JAN0", "\f",
                        *running(piece)]
            elif piece.strip():
                out += _hyphenate(piece, width)
        if gaps:
            out.append("")
    out.append("VerDate Sep<11>2014 17:55 Jan 20, 2011 Jkt 223001 PO 00000 Frm 00001 Fmt 4705 "
               "Sfmt 4790 E:\\FR\\FM\\21JAN0.SGM 21JAN0")
    return Rewrite("\n".join(out) + "\n", _words(words))


def wikisource_shape(c: Cut) -> Rewrite:
    """A copied Wikisource page: its chrome, the heading and title, paragraphs a line
    each, the signature image's alt text, no footer, the licence."""
    p, _ = presidency_at(c.number, c.date)
    name = p.name if p else "the President"
    out = [f"Executive Order {c.number}", "From Wikisource", "Jump to navigation Jump to search",
           "validated"]
    body = [c.head, c.title]
    for part in c.parts:
        if part.kind in ("page", "graphic", "footer", "billing"):
            continue
        body.append(f"Signature of {name}" if part.kind == "sig" else _inline(part.text, None))
    out += body
    out += ["This work is in the public domain in the United States because it is a work of "
            "the United States federal government (see 17 U.S.C. 105).",
            "Public domainPublic domainfalsefalse"]
    return Rewrite("\n".join(out) + "\n", _words(body), footer=False)


def app_shape(c: Cut) -> Rewrite:
    """A copied American Presidency Project page: ``Executive Order N—Title`` and the date
    under it, the typed name, ``The White House,``, no footer, the site's citation."""
    p, _ = presidency_at(c.number, c.date)
    name = p.name if p else "the President"
    body = [f"Executive Order {c.number}—{c.title}", c.date or ""]
    for part in c.parts:
        if part.kind in ("page", "graphic", "footer", "billing"):
            continue
        if part.kind == "sig":
            body.append(name.upper())
        elif part.kind == "place":
            body.append("The White House" + part.text[len("THE WHITE HOUSE"):])
        else:
            body.append(_inline(part.text, None))
    body = [line for line in body if line]
    out = [*body, f"{name}, Executive Order {c.number}—{c.title} Online by Gerhard Peters "
           "and John T. Woolley, The American Presidency Project "
           "https://www.presidency.ucsb.edu/node/1", "Filed Under", "Categories"]
    return Rewrite("\n".join(out) + "\n", _words(body), footer=False)


def _older_footer(part: Part) -> str:
    text = " ".join(re.sub(r"^\d{1,3} ", "", line) for line in part.text.split("\n"))
    m = re.search(r"\[FR Doc\.\s*([\w-]+)\s+Filed\s+([^\]]+)\]", text)
    return f"[F. R. Doc. {m.group(1)}; Filed, {m.group(2)}]" if m else text


def _decade(c: Cut, style: str) -> Rewrite:
    name = _name(c)
    if style == "fr1940":
        head = [f"EXECUTIVE ORDER {c.number}", c.title.upper()]
    elif style == "fr1970":
        head = [f"Executive Order {c.number}", c.title]
    else:
        head = [f"Executive Order {c.number}", "", c.title]
    out = list(head)
    words = [h for h in head if h]
    had_sig = False
    parts = [p for p in c.parts if p.kind not in ("page", "graphic", "billing")]
    for k, part in enumerate(parts):
        if part.kind == "sig":
            had_sig = True
            continue
        if part.kind == "place":
            if not had_sig:
                out.append(name)
                words.append(name)
            if style == "fr1970" and k + 1 < len(parts) and parts[k + 1].kind == "date":
                line = f"{part.text} {parts[k + 1].text}"
                out.append(line)
                words.append(line)
                parts[k + 1] = Part("done", "")
                continue
        if part.kind == "done":
            continue
        if part.kind == "footer":
            lines = part.text.split("\n")
            billing = [line for line in lines if "billing code" in line.lower()]
            doc = [line for line in lines if line not in billing]
            footer = [_older_footer(Part("footer", "\n".join(doc)))] if style != "bare" \
                else doc
            footer += billing
            words += footer
            out += footer if style == "fr1940" else ["", *footer]
            continue
        text = _inline(part.text, None)
        words.append(text)
        if style == "fr1940":
            wrapped = textwrap.wrap(text, 66, initial_indent="     ",
                                    break_long_words=False, break_on_hyphens=False)
            out += wrapped or [text]
        else:
            out += ["", *textwrap.wrap(text, 70, break_long_words=False,
                                       break_on_hyphens=False)]
    return Rewrite("\n".join(out) + "\n", _words(words))


SHAPES: dict[str, Callable[[Cut], Rewrite]] = {
    "federalregister": federalregister_shape,
    "json": json_shape,
    "xml": xml_shape,
    "pdf": pdf_shape,
    "wikisource": wikisource_shape,
    "app": app_shape,
    "lines": lines_shape,
    "wrapped": wrapped_shape,
    "fr1940": lambda c: _decade(c, "fr1940"),
    "fr1970": lambda c: _decade(c, "fr1970"),
    "bare": lambda c: _decade(c, "bare"),
    # text from a PDF with no blank lines between paragraphs, at another width
    "pdfflat": lambda c: pdf_shape(c, 66, gaps=False),
    # the text rewrapped by hand at another width, one paragraph after another
    "rewrapped": lambda c: wrapped_shape(c, 76, "\n"),
}


def rewrite(pre: str, shape: str) -> Rewrite:
    """The GPO print ``pre`` (the ``<pre>`` text) in ``shape``."""
    return SHAPES[shape](cut(pre))
