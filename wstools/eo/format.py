"""An :class:`ExecutiveOrder` as Wikisource wikitext with the EO templates.

:func:`to_wikitext` gives the main-namespace page (``{{EOheader2}}`` with the notes,
``{{EOtitle}}``, the preamble, ``{{EOsection}}``/``{{EOsubsection}}``, the general
provisions as ``{{EOGeneralProvisions}}`` (or its AB/C parts) only where the wording is the
standard one, ``{{EOsignature}}``, ``{{EOfooter}}``). :func:`to_pages` splits the same text
at the order's ``[[Page N]]`` marks into Page:-namespace pages with ``{{EOpageheader}}``.

Text is escaped so that it stays text: ``|`` → ``{{!}}``, ``<``/``>`` → entities, and
``[[``, ``{{``, ``}}``, ``''`` or a list marker at a line start cannot become markup.
"""

from __future__ import annotations

import csv
import re
import string
from dataclasses import dataclass, field
from datetime import datetime
from difflib import get_close_matches
from pathlib import Path

from .model import Block, ExecutiveOrder
from .presidents import ordinal_words, presidency_at

# the wording of the notes in ../shared/seeds/000_…, "Federal Reserve" read as the
# "Federal Register" it stands for
DEFAULT_NOTES = (
    "{president}'s {ordinal} executive order of his {presidency} presidency, originally "
    "published on {white_house_date} by the {white_house}. Published as "
    "Executive Order {number} on {publication_date} in the [{register_url} ''Federal "
    "Register'']. Scan: {scan}"
)
PAGE_TITLE = "Page:{index}/{page}"
LICENCE = "{{PD-USGov}}"
RELATION_LABELS = {"amends": "Amends", "revokes": "Revokes", "supersedes": "Supersedes",
                   "amended_by": "Amended by", "revoked_by": "Revoked by",
                   "superseded_by": "Superseded by", "see_also": "See also"}


@dataclass
class Metadata:
    """What the order's text does not say: from a CSV (columns ``number``,
    ``white_house_url``, ``white_house_date``, ``index``) or left as placeholders."""

    white_house_url: str = ""
    white_house_date: str = ""
    index: str = ""
    #: the scan's page that holds the document's first Federal Register page (1: a scan
    #: of the document alone, as govinfo's PDF of it)
    first_scan_page: int = 1
    #: later history (``Revoked by Executive Order 14000``) and relations found in the batch
    status: str = ""
    relations: dict[str, list[str]] = field(default_factory=dict)


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
                first = (row.get("first_scan_page") or "").strip()
                out[number] = Metadata((row.get("white_house_url") or "").strip(),
                                       (row.get("white_house_date") or "").strip(),
                                       (row.get("index") or "").strip(),
                                       int(first) if first.isdigit() else 1,
                                       (row.get("status") or "").strip())
    return out


def escape(text: str) -> str:
    """Order text made safe as a template argument or a paragraph.

    >>> escape("a|b <c> [[d]] {{e}} ''f'' x=y")
    "a{{!}}b &lt;c&gt; &#91;[d]&#93; &#123;{e&#125;} &#39;'f&#39;' x=y"
    >>> escape("a }} b }}} c")
    'a &#125;} b }&#125;} c'
    """
    text = text.replace("&", "&amp;") if re.search(r"&(?:#?\w+);", text) else text
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("{{", "&#123;{").replace("}}}", "}&#125;}").replace("}}", "&#125;}")
    text = text.replace("[[", "&#91;[").replace("]]", "]&#93;").replace("''", "&#39;'")
    text = text.replace("~~~", "&#126;~~")
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


#: the fields a notes template may name, each as ``{name}`` alone
NOTES_FIELDS = ("president", "ordinal", "presidency", "number", "white_house_date",
                "white_house_url", "white_house", "publication_date", "register_url",
                "citation", "scan")


def check_notes(template: str) -> None:
    """Raise ValueError, saying what is wrong, unless ``template`` names only the notes'
    fields (:data:`NOTES_FIELDS`), each as ``{name}`` alone: a misspelt field, a position
    (``{0}``, ``{}``), an attribute or an index, a conversion or a format (a width of
    ``{president:>99999999}`` wrote 96 MB of notes into every page) is refused.

    >>> check_notes(DEFAULT_NOTES)
    >>> check_notes("{presidnet}'s order")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: the notes template names {presidnet}, ... (did you mean {president}?); ...
    >>> check_notes("{president:>99999999}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: the notes template formats {president:>99999999}: write a field as ...
    """
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise ValueError(f"the notes template is not a format string: {exc} (a brace "
                         "that is text is written twice: {{ }})") from None
    for _, name, spec, conversion in fields:
        if name is None:
            continue
        if name not in NOTES_FIELDS:
            close = get_close_matches(name, NOTES_FIELDS, n=1)
            hint = f" (did you mean {{{close[0]}}}?)" if close else ""
            raise ValueError(f"the notes template names {{{name}}}, which is not a field of "
                             f"the notes{hint}; the fields: "
                             + ", ".join(f"{{{f}}}" for f in NOTES_FIELDS))
        if spec or conversion:
            written = name + (f"!{conversion}" if conversion else "") + (
                f":{spec}" if spec else "")
            raise ValueError(f"the notes template formats {{{written}}}: write a field as "
                             f"{{{name}}} alone (no width, format or conversion)")


def notes(order: ExecutiveOrder, options: FormatOptions | None = None) -> str:
    """The notes line, from the model, the presidents table and the metadata (raises
    ValueError for a notes template :func:`check_notes` refuses)."""
    options = options or FormatOptions()
    check_notes(options.notes)
    meta = options.metadata.get(order.number, Metadata())
    presidency, ordinal = presidency_at(order.number, order.date)
    fr = order.register
    published = _iso(fr.date)
    document = fr.frdoc or fr.banner_frdoc
    fields = {
        "president": presidency.name if presidency else _placeholder("president"),
        "ordinal": ordinal_words(ordinal) if ordinal else _placeholder("ordinal"),
        "presidency": ordinal_words(presidency.presidency) if presidency
        else _placeholder("presidency"),
        "number": order.number,
        "white_house_date": meta.white_house_date or _placeholder("White House publication date"),
        "white_house_url": meta.white_house_url or _placeholder("White House URL"),
        "white_house": f"[{meta.white_house_url} White House]" if meta.white_house_url
        else "White House " + _placeholder("White House URL"),
        "publication_date": _long_date(published) if published else (
            fr.date or _placeholder("publication date")),
        "register_url": (f"https://www.govinfo.gov/content/pkg/FR-{published}/html/"
                         f"{document}.htm") if published and document
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
    run_in: bool = False  # runs on in the paragraph before it
    glue: bool = False  # continues the word before it (the page turned inside it)


def _head(order: ExecutiveOrder, options: FormatOptions) -> str:
    presidency, _ = presidency_at(order.number, order.date)
    meta = options.metadata.get(order.number, Metadata())
    params = [("number", order.number), ("title", escape(order.title)),
              ("president", presidency.name if presidency else _placeholder("president")),
              ("date", escape(order.date))]
    number = int(order.number) if order.number.isdigit() else None
    if number:
        params += [("previous", str(number - 1)), ("next", str(number + 1))]
    if order.register.citation:
        params.append(("citation", order.register.citation))
    status = meta.status or "; ".join(
        f"{RELATION_LABELS[k]} Executive Order {', '.join(v)}"
        for k, v in meta.relations.items() if k.endswith("_by") and v)
    if status:
        params.append(("status", escape(status)))
    params.append(("notes", notes(order, options)))
    return "{{EOheader2\n" + "".join(f" |{k}={v}\n" for k, v in params) + "}}"


def _title(order: ExecutiveOrder) -> str:
    """``{{EOtitle}}`` when the print's head is ``Executive Order N of DATE`` (the title on
    its own lines); any other head (no date, ``Executive Order N—Title``, ``EXECUTIVE ORDER
    N``) as printed, with the title and a date line under it."""
    if not order.head or order.head == f"Executive Order {order.number} of {order.date}":
        return (f"{{{{EOtitle|{order.number}|{_arg(order.date, 2)}|"
                f"{_arg(order.title, 3)}}}}}")
    lines = [escape(order.head)]
    if order.title and order.title not in order.head:
        lines.append(escape(order.title))
    if order.dateline:
        lines.append(escape(order.dateline))
    return '<div class="wst-eo-title">' + "<br />\n".join(lines) + "</div>"


def _split(text: str, breaks: list[tuple[int, str]]) -> list[tuple[str, str | None]]:
    """``text`` cut at its page breaks: (piece, page that starts before it). A piece keeps
    its spaces: a page may turn inside a word."""
    pieces: list[tuple[str, str | None]] = []
    last = 0
    page: str | None = None
    for offset, next_page in sorted(breaks):
        if offset == 0:  # the page turns before the block
            page = page or next_page
            continue
        pieces.append((text[last:offset], page))
        last, page = offset, next_page
    pieces.append((text[last:], page))
    return pieces


def _section_head(block: Block) -> str:
    """``{{EOsection}}`` where it prints what the print has (``Sec. N.`` and a caption
    closed by a full stop); else the head as printed, in bold, and the caption."""
    usual = "Section" if block.number == "1" else "Sec."
    printed = block.word or usual
    if block.head in (None, f"{printed} {block.number}.") and (
            block.caption is None or block.caption_end == "."):
        caption = f"|{_arg(block.caption, 2)}" if block.caption else ""
        word = f"|word={printed}" if printed != usual else ""
        return f"{{{{EOsection|{block.number}{caption}{word}}}}}"
    wiki = f"'''{escape(block.head or '')}'''"
    if block.caption is not None:
        wiki += f" ''{escape(block.caption)}{escape(block.caption_end)}''"
    return wiki


#: the deepest level {{EOsubsection}} takes (its TemplateData: 1-4); a deeper item is
#: drawn at it, never to the left of its parent
MAX_LEVEL = 4


def _subsection(block: Block, text: str, first: bool) -> str:
    depth = min(block.level, MAX_LEVEL)
    level = f"|level={depth}" if depth != 1 else ""
    label = (block.label or "") if first else ""
    value = _arg(text, 2) if text else "<nowiki/>"  # a label stacked on the next one
    return f"{{{{EOsubsection|{label}|{value}{level}}}}}"


def _block_pieces(block: Block, split: bool) -> list[_Piece]:
    parts = _split(block.text, block.breaks) if split else [(block.text, None)]
    out: list[_Piece] = []
    for index, (raw, page) in enumerate(parts):
        text = raw.strip()
        first = index == 0
        glue = index > 0 and not raw[:1].isspace()  # the page turned inside a word
        if block.kind == "section" and first:
            wiki = _section_head(block)
            if text:
                wiki += " " + escape(text)
            out.append(_Piece(wiki, False, page))
        elif block.kind == "subsection" and block.run_in and first:
            out.append(_Piece(f"({escape(block.label or '')}) {escape(text)}", False, page,
                              run_in=True))
        elif block.kind == "subsection" and not block.run_in:
            out.append(_Piece(_subsection(block, text, first), True, page))
        elif block.kind == "heading" and first:
            out.append(_Piece(f"{{{{c|{_arg(text, 1)}}}}}", True, page))
        elif block.kind == "graphic":
            out.append(_Piece("{{Missing image}}" + _comment(text), True, page))
        elif block.kind == "billing":  # printing furniture: on Page: pages only
            out.append(_Piece(escape(text) if split else "", True, page))
        else:
            out.append(_Piece(_paragraph(text) if text else "", False, page,
                              glue=glue or (index > 0 and block.run_in)))
    return out


def _comment(text: str) -> str:
    """The print's own note for what it does not carry, kept for the proofreader."""
    return "<!-- print: " + text.replace("--", "- -") + " -->"


def _gp_parts(order: ExecutiveOrder, split: bool) -> dict[int, str]:
    """Blocks of the General Provisions replaced by a template: {index: wikitext} ("" for a
    block the template before it covers). On Page: pages a part is templated only when no
    page turns inside it."""
    gp = order.general_provisions
    if gp is None:
        return {}
    blocks = order.blocks
    head = next(i for i, b in enumerate(blocks) if b.kind == "section"
                and b.number == gp.section)
    end = next((i for i in range(head + 1, len(blocks))
                if blocks[i].kind in ("section", "heading")), len(blocks))
    if order.signature_at is not None:
        end = min(end, max(order.signature_at, head + 1))
    subs = [i for i in range(head + 1, end) if blocks[i].kind == "subsection"]

    def whole_page(indices: list[int]) -> bool:
        return not split or all(off == 0 for i in indices for off, _ in blocks[i].breaks) \
            and not any(blocks[i].breaks for i in indices[1:])

    out: dict[int, str] = {}
    if gp.whole and end == head + 6 and whole_page([head, *subs]):
        out[head] = f"{{{{EOGeneralProvisions|{gp.section}}}}}"
        out.update({i: "" for i in subs})
        return out
    labels = [blocks[i].label for i in subs]
    for k in range(len(subs) - 3):
        group = subs[k:k + 4]
        if labels[k:k + 4] == ["a", "i", "ii", "b"] and gp.ab and all(
                _standard(blocks[i]) for i in group) and whole_page(group):
            out[group[0]] = "{{EOGeneralProvisionsAB}}"
            out.update({i: "" for i in group[1:]})
    for i in subs:
        if blocks[i].label == "c" and blocks[i].level == 1 and _standard(blocks[i]) \
                and whole_page([i]):
            out[i] = "{{EOGeneralProvisionsC}}"
    return out


def _standard(block: Block) -> bool:
    from .read import STANDARD_PROVISIONS

    wording = STANDARD_PROVISIONS.get(block.label or "")
    return wording is not None and " ".join(block.text.split()) == wording


def templated_provisions(order: ExecutiveOrder) -> str:
    """What the main page templates of the General Provisions: ``whole``, ``ab+c``,
    ``ab``, ``c`` or ""."""
    parts = set(_gp_parts(order, False).values()) - {""}
    if "{{EOGeneralProvisions|" + (order.general_provisions.section if
                                   order.general_provisions else "") + "}}" in parts:
        return "whole"
    names = [n for n, t in (("ab", "{{EOGeneralProvisionsAB}}"),
                            ("c", "{{EOGeneralProvisionsC}}")) if t in parts]
    return "+".join(names)


def _body(order: ExecutiveOrder, split: bool = False) -> list[_Piece]:
    """The body as pieces; ``split`` cuts blocks at their page breaks (for Page:), and
    places the footer where it is printed."""
    pieces: list[_Piece] = []
    templated = _gp_parts(order, split)
    signature_at = len(order.blocks) if order.signature_at is None else order.signature_at
    footer_at = len(order.blocks) if order.footer_at is None else order.footer_at
    for index, block in enumerate(order.blocks):
        if index == signature_at:
            pieces.append(_Piece(_SIGNATURE, True, order.signature.page if split else None))
        if index == footer_at and split:
            pieces.append(_Piece(_FOOTER, True))
        if index in templated:
            if templated[index]:
                page = next((p for off, p in block.breaks if off == 0), None) if split \
                    else None
                pieces.append(_Piece(templated[index], True, page))
            continue
        pieces.extend(_block_pieces(block, split))
    if signature_at >= len(order.blocks):
        pieces.append(_Piece(_SIGNATURE, True, order.signature.page if split else None))
    if footer_at >= len(order.blocks) and split:
        pieces.append(_Piece(_FOOTER, True))
    return pieces


_SIGNATURE = "\x00SIGNATURE"
_FOOTER = "\x00FOOTER"


def _signature(order: ExecutiveOrder) -> str:
    """The signature block as printed: ``{{EOsignature}}`` when it prints the same words
    (a name only where the print types one; the image's note kept as a comment), else the
    lines as printed."""
    sig = order.signature
    graphic = _comment(sig.graphic_text) if sig.graphic and sig.graphic_text else ""
    place = (sig.place or "").strip()
    date = sig.date_printed or ""
    if sig.order in (["graphic", "place", "date"], ["name", "place", "date"],
                     ["place", "date"], ["graphic", "name", "place", "date"]):
        if place.endswith(",") and date.endswith(".") and not date.endswith(".."):
            name = escape(sig.president or "")
            name_arg = graphic + name if sig.order[:1] == ["graphic"] else name + graphic
            name_arg = f"1={name_arg}" if "=" in name_arg else name_arg
            place_arg = "" if place == "THE WHITE HOUSE," else f"|place={escape(place[:-1])}"
            return f"{{{{EOsignature|{name_arg}|{_arg(date[:-1], 2)}{place_arg}}}}}"
    lines = []
    for kind in sig.order:
        value = {"name": escape(sig.president or ""), "graphic": graphic,
                 "place": escape(place), "date": escape(date)}[kind]
        if value:
            lines.append(value)
    return '<div class="wst-eo-signature">' + "<br />\n".join(lines) + "</div>"


def _footer(order: ExecutiveOrder) -> str:
    """The footer as printed, in ``{{EOfooter}}``: its fields when it prints the standard
    words (the billing code's words as printed, ``billinglabel=`` where not ``Billing
    code``), else its lines as printed (``1=`` …, an older or misprinted footer). Nothing
    when the print has no footer (the banner's number is not printed with the order)."""
    fr = order.register
    if not fr.footer:
        return ""
    printed = " ".join(fr.footer)
    params = f"|frdoc={escape(fr.frdoc or '')}"
    expected = f"[FR Doc. {fr.frdoc}"
    if fr.filed:
        params += f"|filed={escape(fr.filed)}"
        expected += f" Filed {fr.filed}"
    expected += "]"
    label = re.search(r"\bBilling code\b", printed, re.I)
    if fr.billing and label:
        params += f"|billing={escape(fr.billing)}"
        if label.group(0) != "Billing code":
            params += f"|billinglabel={escape(label.group(0))}"
        expected += f" {label.group(0)} {fr.billing}"
    if fr.frdoc and printed == expected:
        return f"{{{{EOfooter{params}}}}}"
    return "{{EOfooter" + "".join(f"|{k}={escape(line)}" for k, line in
                                  enumerate(_footer_lines(fr.footer), 1)) + "}}"


#: the lines {{EOfooter}} takes as printed
FOOTER_LINES = 6


def _footer_lines(lines: list[str]) -> list[str]:
    """The footer's lines, the ones past the template's last run on in its last (their
    words kept, the line breaks between them not).

    >>> _footer_lines(["a", "b"])
    ['a', 'b']
    >>> _footer_lines([str(k) for k in range(8)])
    ['0', '1', '2', '3', '4', '5 6 7']
    """
    lines = [line.strip() for line in lines if line.strip()]
    if len(lines) <= FOOTER_LINES:
        return lines
    return [*lines[:FOOTER_LINES - 1], " ".join(lines[FOOTER_LINES - 1:])]


def _join(pieces: list[_Piece]) -> str:
    out: list[str] = []
    previous: _Piece | None = None
    for piece in pieces:
        if not piece.wikitext:
            continue
        if previous is None:
            pass
        elif piece.glue and not piece.block and not previous.block:
            pass  # a word the page turned inside
        elif piece.run_in and not previous.block:
            if not previous.wikitext.endswith(("—", "--")):  # ``regulations—(a) The …``
                out.append(" ")
        elif piece.block or previous.block:
            out.append("\n")
        else:
            out.append("\n\n")
        out.append(piece.wikitext)
        previous = piece
    return "".join(out)


def _relations(order: ExecutiveOrder, options: FormatOptions) -> str:
    """The Notes section: the orders this one amends, revokes or supersedes (from its
    text) and those that amend or revoke it (from the batch or the metadata)."""
    meta = options.metadata.get(order.number, Metadata())
    found: dict[str, list[str]] = {}
    for r in order.relations:
        entry = f"Executive Order {r.number}" + (f", {r.date}" if r.date else "")
        found.setdefault(r.kind, []).append(entry)
    for kind, numbers in meta.relations.items():
        found.setdefault(kind, []).extend(f"Executive Order {n}" for n in numbers)
    if not found:
        return ""
    lines = ["== Notes =="]
    for kind, label in RELATION_LABELS.items():
        if found.get(kind):
            lines.append(f"{label}:")
            lines += [f"* [[{e.split(',')[0]}|{e}]]" for e in found[kind]]
    return "\n".join(lines)


def to_wikitext(order: ExecutiveOrder, options: FormatOptions | None = None) -> str:
    """The main-namespace page of the order (no footer: that is on the Page: pages)."""
    options = options or FormatOptions()
    body = [p if p.wikitext != _SIGNATURE else _Piece(_signature(order), True)
            for p in _body(order)]
    pieces = [_Piece(_head(order, options), True), _Piece(_title(order), True), *body]
    tail = [_Piece(text, True) for text in (_relations(order, options), LICENCE) if text]
    return _join(pieces) + "\n\n" + "\n\n".join(p.wikitext for p in tail) + "\n"


def scan_page(order: ExecutiveOrder, page: str, options: FormatOptions | None = None) -> int:
    """The scan's page of Federal Register page ``page``: the scan begins at the
    document's first page (a Part's cover included) unless the metadata says otherwise."""
    options = options or FormatOptions()
    meta = options.metadata.get(order.number, Metadata())
    fr = order.register
    start = fr.first_page or order.first_page or page
    try:
        return int(page) - int(start) + meta.first_scan_page
    except ValueError:
        return meta.first_scan_page


def to_pages(order: ExecutiveOrder, options: FormatOptions | None = None
             ) -> list[tuple[str, str]]:
    """The order as Page:-namespace pages, split at its page marks: (title, wikitext);
    titles are numbered by the scan's page."""
    options = options or FormatOptions()
    meta = options.metadata.get(order.number, Metadata())
    fr = order.register
    index = meta.index or f"Executive Order {order.number}.pdf"
    first = order.first_page or fr.first_page or "1"
    pages: list[tuple[str, list[_Piece]]] = [(first, [_Piece(_title(order), True)])]
    for piece in _body(order, split=True):
        if piece.wikitext == _SIGNATURE:
            piece = _Piece(_signature(order), True, piece.page)
        elif piece.wikitext == _FOOTER:
            piece = _Piece(_footer(order), True, piece.page)
        if piece.page and piece.page != pages[-1][0]:
            pages.append((piece.page, []))
            piece = _Piece(piece.wikitext, piece.block, piece.page, run_in=False,
                           glue=piece.glue)
        pages[-1][1].append(piece)
    out = []
    for number, pieces in pages:
        # what the shape did not carry (a copied page has no volume or issue) is left to
        # the proofreader as a placeholder, not an empty required parameter
        header = (f"{{{{EOpageheader|page={number}"
                  f"|volume={fr.volume or _placeholder('volume')}"
                  f"|issue={fr.issue or _placeholder('issue')}"
                  f"|date={escape(fr.date) if fr.date else _placeholder('date')}}}}}")
        text = (f'<noinclude><pagequality level="{options.level}" user="wstools" />'
                f"{header}</noinclude>{_join(pieces)}<noinclude></noinclude>")
        out.append((options.page_title.format(index=index,
                                               page=scan_page(order, number, options)), text))
    return out
