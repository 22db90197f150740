"""An :class:`ExecutiveOrder` as Wikisource wikitext with the EO templates.

:func:`to_wikitext` gives the main-namespace page (``{{EOheader2}}`` with the notes,
``{{EOtitle}}``, the preamble, ``{{EOsection}}``/``{{EOsubsection}}``, the general
provisions as ``{{EOGeneralProvisions}}`` (or its AB/C parts) only where the wording is the
standard one, ``{{EOsignature}}``, ``{{EOfooter}}``). :func:`to_pages` splits the same text
at the order's ``[[Page N]]`` marks into Page:-namespace pages with ``{{EOpageheader}}``.

Text is escaped so that it stays text: ``|`` → ``{{!}}``, ``<``/``>`` → entities, and
``[[``, ``{{``, ``''`` or a list marker at a line start cannot become markup.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .model import Block, ExecutiveOrder
from .presidents import ordinal_words, presidency_of

DEFAULT_NOTES = (
    "{president}'s {ordinal} executive order of his {presidency}presidency, originally "
    "published on {white_house_date} by the {white_house}. Published as "
    "Executive Order {number} on {publication_date} in the [{register_url} ''Federal "
    "Register''] ({citation}). Scan: {scan}"
)
PAGE_TITLE = "Page:{index}/{page}"


@dataclass
class Metadata:
    """What the order's text does not say: from a CSV (columns ``number``,
    ``white_house_url``, ``white_house_date``, ``index``) or left as placeholders."""

    white_house_url: str = ""
    white_house_date: str = ""
    index: str = ""


@dataclass
class FormatOptions:
    notes: str = DEFAULT_NOTES
    page_title: str = PAGE_TITLE
    level: int = 1
    metadata: dict[str, Metadata] = field(default_factory=dict)


def read_metadata(path: str | Path) -> dict[str, Metadata]:
    """Rows of a metadata CSV by EO number."""
    out: dict[str, Metadata] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            number = (row.get("number") or "").strip()
            if number:
                out[number] = Metadata((row.get("white_house_url") or "").strip(),
                                       (row.get("white_house_date") or "").strip(),
                                       (row.get("index") or "").strip())
    return out


def escape(text: str) -> str:
    """Order text made safe as a template argument or a paragraph.

    >>> escape("a|b <c> [[d]] {{e}} ''f'' x=y")
    "a{{!}}b &lt;c&gt; &#91;[d]] &#123;{e}} &#39;'f&#39;' x=y"
    """
    text = text.replace("&", "&amp;") if re.search(r"&(?:#?\w+);", text) else text
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("{{", "&#123;{").replace("}}}", "}&#125;}")
    text = text.replace("[[", "&#91;[").replace("''", "&#39;'").replace("~~~", "&#126;~~")
    text = text.replace("|", "{{!}}")
    text = re.sub(r"(https?|ftp)://", r"\1&#58;//", text)
    return text


def _arg(text: str, position: int) -> str:
    """A positional argument; ``N=`` when it holds ``=``."""
    value = escape(text)
    return f"{position}={value}" if "=" in value else value


def _paragraph(text: str) -> str:
    value = escape(text)
    if value[:1] in "*#:; " or value.startswith("----"):
        value = "<nowiki/>" + value
    return value


def notes(order: ExecutiveOrder, options: FormatOptions | None = None) -> str:
    """The notes line, from the model, the presidents table and the metadata."""
    options = options or FormatOptions()
    meta = options.metadata.get(order.number, Metadata())
    presidency = presidency_of(order.number)
    fr = order.register
    published = _iso(fr.date)
    fields = {
        "president": presidency.name if presidency else _placeholder("president"),
        "ordinal": ordinal_words(presidency.ordinal_of(order.number)) if presidency
        else _placeholder("ordinal"),
        "presidency": (ordinal_words(presidency.presidency) + " " if presidency
                       and presidency.terms > 1 else ""),
        "number": order.number,
        "white_house_date": meta.white_house_date or _placeholder("White House publication date"),
        "white_house_url": meta.white_house_url or _placeholder("White House URL"),
        "white_house": f"[{meta.white_house_url} White House]" if meta.white_house_url
        else "White House " + _placeholder("White House URL"),
        "publication_date": _long_date(published) if published else (
            fr.date or _placeholder("publication date")),
        "register_url": (f"https://www.govinfo.gov/content/pkg/FR-{published}/html/"
                         f"{fr.frdoc}.htm") if published and fr.frdoc
        else "https://www.federalregister.gov/",
        "citation": fr.citation or _placeholder("Federal Register citation"),
        "scan": f"[[Index:{meta.index}]]" if meta.index else _placeholder("scan index"),
    }
    return options.notes.format(**fields)


def _placeholder(what: str) -> str:
    return "{{EOplaceholder|" + what + "}}"


def _iso(date: str | None) -> str | None:
    if not date:
        return None
    for fmt in ("%A, %B %d, %Y", "%B %d, %Y"):
        try:
            return datetime.strptime(date.strip(), fmt).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return None


def _long_date(iso: str) -> str:
    d = datetime.strptime(iso, "%Y-%m-%d")
    return f"{d:%B} {d.day}, {d.year}"


# -- the body ------------------------------------------------------------------------------

@dataclass
class _Piece:
    """Wikitext of one block or of its part on one page; ``page`` starts a new page."""

    wikitext: str
    block: bool  # a block-level element (its own line) rather than paragraph text
    page: str | None = None


def _head(order: ExecutiveOrder, options: FormatOptions) -> str:
    presidency = presidency_of(order.number)
    params = [("number", order.number), ("title", escape(order.title)),
              ("president", presidency.name if presidency else ""), ("date", order.date)]
    number = int(order.number) if order.number.isdigit() else None
    if number:
        params += [("previous", str(number - 1)), ("next", str(number + 1))]
    if order.register.citation:
        params.append(("citation", order.register.citation))
    params.append(("notes", notes(order, options)))
    return "{{EOheader2\n" + "".join(f" |{k}={v}\n" for k, v in params) + "}}"


def _title(order: ExecutiveOrder) -> str:
    return (f"{{{{EOtitle|{order.number}|{_arg(order.date, 2)}|"
            f"{_arg(order.title, 3)}}}}}")


def _split(text: str, breaks: list[tuple[int, str]]) -> list[tuple[str, str | None]]:
    """``text`` cut at its page breaks: (piece, page that starts before it)."""
    pieces: list[tuple[str, str | None]] = []
    last = 0
    page: str | None = None
    for offset, next_page in sorted(breaks):
        if offset == 0:  # the page turns before the block
            page = page or next_page
            continue
        pieces.append((text[last:offset].strip(), page))
        last, page = offset, next_page
    pieces.append((text[last:].strip(), page))
    return pieces


def _block_pieces(block: Block, general: set[str], order: ExecutiveOrder,
                  split: bool) -> list[_Piece]:
    parts = _split(block.text, block.breaks) if split else [(block.text.strip(), None)]
    out: list[_Piece] = []
    for index, (text, page) in enumerate(parts):
        first = index == 0
        if block.kind == "section" and first:
            gp = order.general_provisions
            if gp and gp.section == block.number and gp.standard and "whole" in general:
                wiki = f"{{{{EOGeneralProvisions|{block.number}}}}}"
            else:
                caption = f"|{_arg(block.caption, 2)}" if block.caption else ""
                usual = "Section" if block.number == "1" else "Sec."
                printed = block.word or usual
                word = f"|word={printed}" if printed != usual else ""
                wiki = f"{{{{EOsection|{block.number}{caption}{word}}}}}"
                if text:
                    wiki += " " + escape(text)
            out.append(_Piece(wiki, False, page))
        elif block.kind == "subsection":
            level = f"|level={block.level}" if block.level != 1 else ""
            label = (block.label or "") if first else ""
            out.append(_Piece(f"{{{{EOsubsection|{label}|{_arg(text, 2)}{level}}}}}", True,
                              page))
        elif block.kind == "heading" and first:
            out.append(_Piece(f"{{{{c|{_arg(text, 1)}}}}}", True, page))
        else:
            out.append(_Piece(_paragraph(text) if text else "", False, page))
    return out


def _body(order: ExecutiveOrder, split: bool = False) -> list[_Piece]:
    """The body as pieces; ``split`` cuts blocks at their page breaks (for Page:)."""
    pieces: list[_Piece] = []
    gp = order.general_provisions
    skip: set[int] = set()
    general: set[str] = set()
    if gp is not None:
        blocks = order.blocks
        head = next(i for i, b in enumerate(blocks) if b.kind == "section"
                    and b.number == gp.section)
        subs = [i for i in range(head + 1, len(blocks)) if blocks[i].kind == "subsection"]
        section_end = next((i for i in range(head + 1, len(blocks))
                            if blocks[i].kind in ("section", "heading")), len(blocks))
        subs = [i for i in subs if i < section_end]
        no_breaks = all(not blocks[i].breaks for i in [head, *subs[:5]])
        if gp.standard and len(subs) == 5 and section_end == head + 6 and no_breaks \
                and not blocks[head].text and blocks[head].caption == "General Provisions":
            general.add("whole")
            skip.update(subs)
        else:
            if gp.ab and no_breaks:
                general.add("ab")
            if gp.c and no_breaks:
                general.add("c")
    signature_at = len(order.blocks) if order.signature_at is None else order.signature_at
    for index, block in enumerate(order.blocks):
        if index == signature_at:
            pieces.append(_Piece("\x00SIGNATURE", True))
        if index in skip:
            continue
        if "ab" in general and gp is not None and block.kind == "subsection" and \
                _is_gp(order, index, gp.section) and block.label in ("a", "i", "ii", "b"):
            if block.label == "a":
                pieces.append(_Piece("{{EOGeneralProvisionsAB}}", True))
            continue
        if "c" in general and gp is not None and block.kind == "subsection" and \
                _is_gp(order, index, gp.section) and block.label == "c":
            pieces.append(_Piece("{{EOGeneralProvisionsC}}", True))
            continue
        pieces.extend(_block_pieces(block, general, order, split))
    if signature_at >= len(order.blocks):
        pieces.append(_Piece("\x00SIGNATURE", True))
    return pieces


def _is_gp(order: ExecutiveOrder, index: int, number: str) -> bool:
    for block in reversed(order.blocks[:index]):
        if block.kind == "section":
            return block.number == number
    return False


def _signature(order: ExecutiveOrder) -> str:
    sig = order.signature
    presidency = presidency_of(order.number)
    name = sig.president or (presidency.name.upper() if presidency else "")
    place = "" if (sig.place or "THE WHITE HOUSE") == "THE WHITE HOUSE" else \
        f"|place={escape(sig.place or '')}"
    return f"{{{{EOsignature|{_arg(name, 1)}|{_arg(sig.date or '', 2)}{place}}}}}"


def _footer(order: ExecutiveOrder) -> str:
    fr = order.register
    if not fr.frdoc:
        return ""
    params = f"|frdoc={fr.frdoc}"
    if fr.filed:
        params += f"|filed={escape(fr.filed)}"
    if fr.billing:
        params += f"|billing={escape(fr.billing)}"
    return f"{{{{EOfooter{params}}}}}"


def _join(pieces: list[_Piece]) -> str:
    out: list[str] = []
    previous: _Piece | None = None
    for piece in pieces:
        if not piece.wikitext:
            continue
        if previous is None:
            pass
        elif piece.block or previous.block:
            out.append("\n")
        else:
            out.append("\n\n")
        out.append(piece.wikitext)
        previous = piece
    return "".join(out)


def to_wikitext(order: ExecutiveOrder, options: FormatOptions | None = None) -> str:
    """The main-namespace page of the order."""
    options = options or FormatOptions()
    body = [p if p.wikitext != "\x00SIGNATURE" else _Piece(_signature(order), True)
            for p in _body(order)]
    pieces = [_Piece(_head(order, options), True), _Piece(_title(order), True), *body,
              _Piece(_footer(order), True)]
    return _join(pieces) + "\n"


def to_pages(order: ExecutiveOrder, options: FormatOptions | None = None
             ) -> list[tuple[str, str]]:
    """The order as Page:-namespace pages, split at its page marks: (title, wikitext)."""
    options = options or FormatOptions()
    meta = options.metadata.get(order.number, Metadata())
    fr = order.register
    index = meta.index or f"Federal Register Volume {fr.volume} Number {fr.issue}.pdf"
    first = order.first_page or fr.first_page or "1"
    pages: list[tuple[str, list[_Piece]]] = [(first, [_Piece(_title(order), True)])]
    for piece in _body(order, split=True):
        if piece.wikitext == "\x00SIGNATURE":
            piece = _Piece(_signature(order), True)
        if piece.page and piece.page != pages[-1][0]:
            pages.append((piece.page, []))
        pages[-1][1].append(piece)
    pages[-1][1].append(_Piece(_footer(order), True))
    out = []
    for number, pieces in pages:
        header = (f"{{{{EOpageheader|page={number}|volume={fr.volume or ''}|"
                  f"issue={fr.issue or ''}|date={escape(fr.date or '')}}}}}")
        text = (f'<noinclude><pagequality level="{options.level}" user="wstools" />'
                f"{header}</noinclude>{_join(pieces)}<noinclude></noinclude>")
        out.append((options.page_title.format(index=index, page=number), text))
    return out
