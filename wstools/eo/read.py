"""Read an executive order from any of its printed shapes into an :class:`ExecutiveOrder`.

Shapes:

- ``govinfo``: the Government Publishing Office's Federal Register HTML (a ``<pre>`` text,
  hard-wrapped, ``[[Page N]]`` marks, banner, ``[FR Doc.]`` and billing code; stray NULs);
- ``wrapped``: the same text without the HTML;
- ``lines``: federalregister.gov's text, one paragraph a line.

The GPO's typewriter conventions become typography: ````quote''`` → “quote”, ``--`` → —.
Everything else is kept as printed; what cannot be placed is reported in ``warnings``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import lxml.html
from rapidfuzz import fuzz

from .model import Block, ExecutiveOrder, FederalRegister, GeneralProvisions, Signature

# typesetting locator codes that leaked into a few GPO texts
GPO_CODES = re.compile(r"\ufffd[A-Z]{2,8}\ufffd|\*ERR\d+\*")
PAGE_MARK = re.compile(r"\[\[Page (\d+)\]\]")
_EO_LINE = re.compile(r"^\s*Executive Order (\d+)(?: of)? +(\w+ \d{1,2}, \d{4})\s*$", re.M)
_EO_LINE_TAIL = re.compile(r"Executive Order (\d+)(?: of)? +(\w+ \d{1,2}, \d{4})\s*$", re.M)


class _EoLine:
    """``_EO_LINE.search`` in linear time: the pattern read a run of blank lines again from
    each line in it (64 KB of newlines: 8 s). Here each ``Executive Order N of DATE`` is found
    once, and the match starts at the first line start in the blanks before it, where the
    leftmost search would have started it."""

    def search(self, text: str) -> re.Match[str] | None:
        pos = 0
        while tail := _EO_LINE_TAIL.search(text, pos):
            pos = blank = tail.start()
            while blank and text[blank - 1].isspace():   # what \s matches
                blank -= 1
            first = 0 if blank == 0 else text.find("\n", blank, pos) + 1
            if (blank == 0 or first) and (m := _EO_LINE.match(text, first)):
                return m
            pos += 1
        return None


EO_LINE = _EoLine()
EO_LINE_LOOSE = re.compile(r"^ {4,}Executive Order (\d+) of (.+)$", re.M)
GRAPHIC = re.compile(r"<GRAPHIC\(S\) NOT AVAILABLE IN TIFF FORMAT>|<GRAPHIC[^>]*>")
LABEL = re.compile(r"^\(([a-z]{1,4}|[A-Z]{1,3}|\d{1,3})\)\s+")
SECTION = re.compile(r"^(Section\.?|SECTION|Sec\.|SEC\.)\s+"
                     r"(\d+(?:\.\d+)+(?:-\d+)?|\d+[A-Za-z]?(?:-\d+)?(?=\.))"
                     r"\.?(?:--|—)?\s*")
PART = re.compile(r"^(PART|Part)\s+([IVXLC]+|\d+)\b")
DATE = re.compile(r"^(?:Washington, )?(?:January|February|March|April|May|June|July|August"
                  r"|September|October|November|December) \d{1,2},? \d{4}\.?")
ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
         "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx", "xxi", "xxii", "xxiii", "xxiv",
         "xxv"]
FUNCTION_WORDS = frozenset("a an and as at by for from in into of on or the to under with "
                           "its their upon via within between against through over than".split())
STANDARD_PROVISIONS = {
    "a": "Nothing in this order shall be construed to impair or otherwise affect:",
    "i": "the authority granted by law to an executive department or agency, or the head "
         "thereof; or",
    "ii": "the functions of the Director of the Office of Management and Budget relating to "
          "budgetary, administrative, or legislative proposals.",
    "b": "This order shall be implemented consistent with applicable law and subject to the "
         "availability of appropriations.",
    "c": "This order is not intended to, and does not, create any right or benefit, "
         "substantive or procedural, enforceable at law or in equity by any party against "
         "the United States, its departments, agencies, or entities, its officers, employees, "
         "or agents, or any other person.",
}


class OrderError(ValueError):
    """The input is not an executive order wstools can read."""


@dataclass
class _Paragraph:
    parts: list[str] = field(default_factory=list)
    breaks: list[tuple[int, str]] = field(default_factory=list)
    indent: int = 0

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def add_line(self, line: str) -> None:
        if self.parts and not self.parts[-1].endswith("-"):  # a line-end hyphen joins
            self.parts.append(" ")
        self.parts.append(line)


def typography(text: str) -> str:
    """The GPO's typewriter conventions as typography.

    >>> typography("the term ``agency'' means--in short--any")
    'the term “agency” means—in short—any'
    """
    text = text.replace("``", "“").replace("''", "”")
    return re.sub(r"(?<!-)--(?!-)", "—", text)


def text_of(data: bytes | str) -> tuple[str, str]:
    if isinstance(data, bytes):
        data = data.replace(b"\0", b"")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data.replace("\0", "")
    text = GPO_CODES.sub("", text)
    if re.search(r"<pre\b", text, re.I):
        root = lxml.html.fromstring(text)
        pre = root.find(".//pre")
        if pre is None:
            raise OrderError("HTML without a <pre> text")
        return pre.text_content(), "govinfo"
    lines = [line for line in text.splitlines() if line.strip()]
    long_lines = sum(1 for line in lines if len(line) > 120)
    return text, "lines" if lines and long_lines * 4 >= len(lines) else "wrapped"


# ``[FR Doc. 95-123 Filed 1-2-95; 8:45 am]``: what ``\[FR Doc\.\s*[\w-]+\s+(?:Filed\s+)?
# ([^\]]+?)\s*\]`` finds, in linear time. The runs are possessive and the lazy text stops
# only where the closing can start (its first character, a run of blanks, the ``]``); the
# other branches are the matches the old backtracking found when ``]`` follows the blanks
# at once (a blank of the run, or ``Filed`` itself). Searched up to the last ``]``: no
# match ends after it, and a start that finds no ``]`` would read to the end.
_FR_FILED = re.compile(r"\[FR Doc\.\s*+[\w-]++(?:\s++(?:Filed\s++)?+"
                       r"([^\]](?:[^\]]*?(?<!\s)(?=[\s\]]))??)\s*+\]"
                       r"|\s+(\s)\]|\s++Filed\s+(\s)\]|\s++(Filed)\s\])")


def _banner(text: str) -> FederalRegister:
    fr = FederalRegister()
    if m := re.search(r"Federal Register Volume (\d+), Number (\d+) \(([^)]*)\)", text):
        fr.volume, fr.issue, fr.date = m.group(1), m.group(2), m.group(3)
    elif m := re.search(r"Federal Register / Vol\. (\d+) ?, No\. (\d+) / (\w+, \w+ \d+, \d{4})",
                        text):
        fr.volume, fr.issue, fr.date = m.group(1), m.group(2), m.group(3)
    if m := re.search(r"\[Pages? (\d+)(?:-(\d+))?\]", text):
        fr.first_page, fr.last_page = m.group(1), m.group(2) or m.group(1)
    if m := re.search(r"\[FR Doc(?:\.| No:)\s*([\w-]+)", text):
        fr.frdoc = m.group(1)
    if m := _FR_FILED.search(text, 0, text.rfind("]") + 1):
        fr.filed = " ".join(next(g for g in m.groups() if g is not None).split())
    footer = text.rfind("[FR Doc.")
    if m := re.compile(r"Billing code\s+(\S+)", re.I).search(text, max(footer, 0)):
        fr.billing = m.group(1)
    return fr


def _continues(previous: str, line: str) -> bool:
    """After a page break: does ``line`` continue the paragraph ``previous``?"""
    if LABEL.match(line) or SECTION.match(line):
        return False
    end = previous.rstrip().rstrip("”’\")'")
    return not end.endswith((".", ":", ";")) or line[:1].islower()


def _runs_on(previous: str, line: str) -> bool:
    """A blank line inside a sentence (the print has a few): the sentence goes on when it
    has no end and the next line starts in lower case."""
    end = previous.rstrip()
    return bool(end) and not end.endswith((".", ":", ";", "!", "?", "”", ")", "—")) \
        and line[:1].islower() and LABEL.match(line) is None


def _paragraphs(lines: list[str], one_per_line: bool) -> list[_Paragraph]:
    paragraphs: list[_Paragraph] = []
    current: _Paragraph | None = None
    gap = False
    pending_pages: list[str] = []
    for raw in lines:
        line = raw.rstrip()
        stripped = line.strip()
        mark = PAGE_MARK.fullmatch(stripped)
        if mark:
            pending_pages.append(mark.group(1))
            continue
        if PAGE_MARK.search(stripped):  # a mark run into a line: placed before its text
            pending_pages += PAGE_MARK.findall(stripped)
            line = PAGE_MARK.sub("", line).rstrip()
            stripped = " ".join(line.split())
            line = " " * (len(line) - len(line.lstrip())) + stripped
        stripped = typography(stripped)  # per line, so that offsets stay true
        if not stripped:
            gap = True
            continue
        indent = len(line) - len(line.lstrip())
        new = (current is None or one_per_line
               or (gap and not (pending_pages and _continues(current.text, stripped))
                   and not _runs_on(current.text, stripped))
               or (LABEL.match(stripped) is not None and indent >= 18)
               or (LABEL.match(stripped) is not None and indent == 0 and re.search(
                   r"(?:[.;:]|\b(?:or|and))[”)]?$", current.text.rstrip()) is not None)
               or SECTION.match(stripped) is not None
               or stripped.startswith(("(Presidential Sig.)", "THE WHITE HOUSE"))
               or (indent >= 18 and (stripped.startswith("—") or PART.match(stripped)
                                     is not None)))
        if new:
            current = _Paragraph(indent=indent)
            paragraphs.append(current)
            current.breaks += [(0, p) for p in pending_pages]
            current.parts.append(stripped)
        else:
            assert current is not None
            position = len(current.text) + (0 if current.text.endswith("-") else 1)
            current.breaks += [(position, p) for p in pending_pages]
            current.add_line(stripped)
        pending_pages = []
        gap = False
    if pending_pages and current is not None:
        current.breaks += [(len(current.text), p) for p in pending_pages]
    return paragraphs


def _caption(rest: str) -> tuple[str | None, str]:
    """Split ``Caption. Text`` when the first sentence reads as a caption."""
    for m in re.finditer(r"\.(?:--|—)?(?:\s+|$)", rest):
        candidate = rest[:m.start()]
        last = candidate.rsplit(" ", 1)[-1]
        if re.fullmatch(r"(?:[A-Z]\.)*[A-Z]|U\.S|No|Nos|Sec|Secs|etc|Inc|e\.g|i\.e|St|Dr|Mr"
                        r"|Mrs|Jr|Co|Corp|et seq|seq|v|vs", last):
            continue
        words = candidate.split()
        if not words or len(words) > 14 or not candidate[:1].isupper():
            return None, rest
        content = [w for w in words if w.lower() not in FUNCTION_WORDS]
        if all(w[:1].isupper() or w[:1].isdigit() or w[:1] in "(“\"'—-" for w in content):
            return candidate, rest[m.end():]
        return None, rest
    return None, rest


class _Levels:
    """Levels of subsection labels: (a) 1, (i) 2, (A) 3, (1) 4, with (i), (v), (x) read
    as letters where the letter sequence expects them."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.letter: str | None = None
        self.roman: str | None = None

    def level(self, label: str) -> int:
        if label.isdigit():
            return 4
        if label.isupper():
            return 3
        next_letter = chr(ord(self.letter) + 1) if self.letter and len(self.letter) == 1 \
            else "a"
        next_roman = ROMAN[ROMAN.index(self.roman) + 1] if self.roman in ROMAN[:-1] else "i"
        if label in ROMAN and label == next_roman and label != next_letter:
            self.roman = label
            return 2
        if label in ROMAN and label == next_roman == next_letter and self.roman is not None:
            self.roman = label
            return 2
        self.letter = label
        self.roman = None
        return 1


def _sig_and_footer(paragraphs: list[_Paragraph], order: ExecutiveOrder) -> list[_Paragraph]:
    """Take the signature block (signature, ``THE WHITE HOUSE,``, date, in the orders they
    come in) and the footer off; return the body paragraphs, an annex after the signature
    included (``order.signature_at`` is set to the paragraph index of the signature)."""
    texts = [p.text.strip() for p in paragraphs]
    footer = next((i for i, t in enumerate(texts) if t.startswith("[FR Doc")), len(texts))
    for t in texts[footer:]:
        if not (t.startswith("[FR Doc") or t.lower().startswith("billing code")):
            order.warnings.append(f"text after the footer: {t[:40]!r}")
    house = next((i for i in range(footer - 1, -1, -1)
                  if re.match(r"^THE WHITE HOUSE\b", texts[i])), None)
    mark = next((i for i in range(footer - 1, -1, -1)
                 if texts[i].startswith("(Presidential Sig.)")), None)
    sig = order.signature
    extra: list[_Paragraph] = []

    def take_date(text: str) -> bool:
        date = DATE.match(text)
        if date is None:
            return False
        sig.date = date.group(0).rstrip(".")
        rest = text[date.end():].strip()
        if rest:  # a billing code or an annex run into the date line: printed text
            extra.append(_Paragraph([rest]))
        return True

    if house is None and mark is None:
        order.warnings.append("no signature block (THE WHITE HOUSE) found")
        order.signature_at = footer
        return paragraphs[:footer]
    if house is not None:
        sig.place = "THE WHITE HOUSE"
        start, end = house, house + 1
        rest = texts[house][len("THE WHITE HOUSE"):].lstrip(",").strip()
        if not (rest and take_date(rest)):
            if end < footer and take_date(texts[end]):
                end += 1
            else:
                order.warnings.append("no date after THE WHITE HOUSE")
        if house > 0:
            before = texts[house - 1]
            if before.startswith("(Presidential Sig.)"):
                start = house - 1
            elif re.fullmatch(r"[A-Z][A-Z. ]{3,40}", before) and len(before.split()) <= 5:
                sig.president = before
                start = house - 1
        if end < footer and texts[end].startswith("(Presidential Sig.)"):
            end += 1
    else:
        assert mark is not None
        start, end = mark, mark + 1
        order.warnings.append("no THE WHITE HOUSE line")
        if mark > 0 and take_date(texts[mark - 1]):
            start = mark - 1
    order.signature_at = start
    return paragraphs[:start] + extra + paragraphs[end:footer]


def read_order(data: bytes | str, name: str = "") -> ExecutiveOrder:
    """Read one order; raises :class:`OrderError` when there is no order in ``data``."""
    text, shape = text_of(data)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    m = EO_LINE.search(text)
    loose_title = ""
    if m is None:
        m = EO_LINE_LOOSE.search(text)
        if m is None:
            raise OrderError("no 'Executive Order N of DATE' line")
        loose_title = m.group(2).strip()
    order = ExecutiveOrder(m.group(1), "" if loose_title else m.group(2), "", shape=shape)
    if loose_title:
        order.warnings.append(f"the order's head has no date: {m.group(0).strip()!r}")
    order.register = _banner(text)
    before = PAGE_MARK.findall(text[:m.start()])
    order.first_page = before[-1] if before else order.register.first_page
    graphic = GRAPHIC.search(text) is not None
    order.signature = Signature(graphic=graphic or "(Presidential Sig.)" in text)
    body_lines = [GRAPHIC.sub("", line) for line in text[m.end():].split("\n")]
    # the title: up to the first blank line (one line in the 'lines' shape)
    index = 0
    while index < len(body_lines) and not body_lines[index].strip():
        index += 1
    title_lines = []
    while index < len(body_lines) and body_lines[index].strip() \
            and not PAGE_MARK.fullmatch(body_lines[index].strip()):
        title_lines.append(body_lines[index].strip())
        index += 1
        if shape == "lines":
            break
    title = _Paragraph()
    for line in title_lines:
        title.add_line(line)
    order.title = typography(title.text)
    paragraphs = _paragraphs(body_lines[index:], shape == "lines")
    order.signature_at = len(paragraphs)
    paragraphs = _sig_and_footer(paragraphs, order)
    order.blocks = _blocks(paragraphs, order)
    order.general_provisions = general_provisions(order)
    if not order.date and order.signature.date:
        order.date = order.signature.date
    _check_number(order)
    return order


def _check_number(order: ExecutiveOrder) -> None:
    """Warn when the number does not belong to the presidency the date falls in (a
    misprint such as 15323 for 13523)."""
    from datetime import datetime

    from .presidents import presidency_of

    try:
        signed = datetime.strptime(order.date.removeprefix("Washington, "), "%B %d, %Y")
    except ValueError:
        return
    day = signed.strftime("%Y-%m-%d")
    p = presidency_of(order.number)
    if p is None or not (p.start <= day and (not p.end or day <= p.end)):
        order.warnings.append(f"number {order.number} does not fall in the presidency of "
                              f"{order.date}: a misprint?")


def _blocks(paragraphs: list[_Paragraph], order: ExecutiveOrder) -> list[Block]:
    blocks: list[Block] = []
    levels = _Levels()
    seen_section = False
    signature_paragraph = order.signature_at
    order.signature_at = None
    for index, p in enumerate(paragraphs):
        if index == signature_paragraph:
            order.signature_at = len(blocks)
        text = p.text.strip()
        breaks = p.breaks
        if not text:
            continue
        if m := SECTION.match(text):
            seen_section = True
            levels.reset()
            caption, rest = _caption(text[m.end():])
            head = Block("section", "", number=m.group(2), caption=caption,
                         breaks=[(0, page) for off, page in breaks if off <= m.end()])
            head.word = m.group(1)
            blocks.append(head)
            shift = len(text) - len(rest)
            breaks = [(max(off - shift, 0), page) for off, page in breaks if off > m.end()]
            text = rest
            if not text:
                continue
            label = LABEL.match(text)
            if label is None:
                head.text = text
                head.breaks += breaks
                continue
        if (label := LABEL.match(text)) and (seen_section or blocks):
            value = label.group(1)
            shift = label.end()
            blocks.append(Block("subsection", text[shift:], label=value,
                                level=levels.level(value),
                                breaks=[(max(off - shift, 0), page) for off, page in breaks]))
        elif PART.match(text) and len(text.split()) <= 14 and not text.endswith(","):
            blocks.append(Block("heading", text, breaks=breaks))
        elif not seen_section:
            blocks.append(Block("preamble" if not blocks or blocks[-1].kind == "preamble"
                                else "paragraph", text, breaks=breaks))
        else:
            blocks.append(Block("paragraph", text, breaks=breaks))
    if order.signature_at is None:
        order.signature_at = len(blocks)
    if not seen_section:
        order.warnings.append("no numbered sections")
    return blocks


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def general_provisions(order: ExecutiveOrder) -> GeneralProvisions | None:
    """Find the General Provisions section and compare it with the standard wording."""
    for section in order.sections:
        subs = [b for b in section.blocks if b.kind == "subsection"]
        captioned = section.caption is not None and re.fullmatch(
            r"(?i)general provisions?", section.caption.strip()) is not None
        opening = subs[0].text if subs else ""
        if not captioned and fuzz.ratio(opening, STANDARD_PROVISIONS["a"]) < 85:
            continue
        found = GeneralProvisions(section.number or "")
        subs = [b for b in section.blocks if b.kind == "subsection"]
        labels = [b.label for b in subs]
        by_label = {b.label: b for b in subs}
        for label, wording in STANDARD_PROVISIONS.items():
            block = by_label.get(label)
            if block is None:
                continue
            if not _same(block.text, wording) and fuzz.ratio(block.text, wording) > 75:
                found.differences.append(label)
        if labels[:4] == ["a", "i", "ii", "b"] and all(
                _same(subs[k].text, STANDARD_PROVISIONS[subs[k].label]) for k in range(4)):
            found.ab = True
        if len(subs) >= 5 and found.ab and subs[4].label == "c" and _same(
                subs[4].text, STANDARD_PROVISIONS["c"]):
            found.c = True
        return found
    return None
