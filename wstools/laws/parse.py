"""Read a printing of a code of laws, in any of three shapes, into the model.

- ``lines``: one paragraph a line (web reprints, the corpus) or hard-wrapped paragraphs
  between blank lines (Project Gutenberg); capitals for headings, ``12.--`` or ``12.`` laws.
- ``flat``: OCR with every law run together in one paragraph, numbers garbled.
- ``wikitext``: ``{{ol|…}}`` items or ``'''12.'''`` paragraphs with template headings.

Each reader cleans the text first (every cleanup edit is returned) and reports problems as
diagnostics with positions in the input; a reader never raises on bad input.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import regex
from rapidfuzz import fuzz

from ..diagnostics import Diagnostic, locate
from ..edits import Edit, OffsetMap, apply_edits, map_to_source, with_positions
from ..text import pipeline as cleanup
from ..text.vocabulary import Vocabulary
from ..wikitext import preprocess
from .model import Clause, Code, Law, Note, PageMark, Paragraph, Section
from .numbering import check_sequence, find_law_starts, repair_edit, split_hidden_laws

SHAPES = ("lines", "flat", "wikitext")


@dataclass
class ParseResult:
    """Codes read from one text, with the edits made on the way and the problems found."""

    codes: list[Code]
    shape: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    front_matter: list[str] = field(default_factory=list)
    back_matter: list[str] = field(default_factory=list)

    @property
    def code(self) -> Code:
        return self.codes[0] if self.codes else Code()

    @property
    def laws(self) -> list[Law]:
        return [law for c in self.codes for law in c.laws]


# --- classification of paragraphs ------------------------------------------------------

LAW = regex.compile(r"^(?P<num>\d{1,4})(?P<suf>[a-z]?)(?:\s+to\s+(?P<end>\d{1,4}))?\."
                    r"(?:(?P<dash>[ \t]*[—–]+)[ \t]*|[ \t]+|(?=\()|$)")
# the dash a wikitext law's text opens with: "'''1.'''—Each player" (its number's dash)
_LEADING_DASH = regex.compile(r"^(?P<dash>[—–]+)[ \t]*")
CLAUSE_PATTERNS: list[tuple[regex.Pattern, str]] = [
    (regex.compile(r"^\(''(?P<l>[A-Za-z0-9]{1,4})''\)[ \t]*"), "(a)"),
    (regex.compile(r"^\((?P<l>[a-z])\.\)[ \t]*"), "(a.)"),
    (regex.compile(r"^\((?P<l>[a-z]|[ivx]{1,4}|\d{1,2})\)[ \t]+"), "(a)"),
    (regex.compile(r"^(?P<l>[IVX]{1,5})\.[ \t]+"), "I."),
    (regex.compile(r"^(?P<l>\d{1,2}(?:st|nd|rd|th|d))\.[ \t]+"), "1st."),
    (regex.compile(r"^(?P<l>[*-])[ \t]+"), "-"),
]
RUN_IN = regex.compile(r"^(?:''(?P<i>[^'\n]{2,60}?)\.''|(?P<p>\p{Lu}[^.—\n]{1,60}?)\.)"
                       r"[ \t]?[—–]+[ \t]?")
# ``[NOTE—text—ED.]`` or ``NOTE—text``. Linear: the runs are possessive, and the lazy text
# stops only where its closing can start (the start of a run of blanks, or of dashes after
# something else), so a long run of dashes or blanks is read once. The second branch is
# the one the runs' backtracking found: ``[NOTE——ED.]`` (one run of dashes), an empty text.
NOTE = regex.compile(r"^\[NOTE\.?[ \t]*+[—–-]++[ \t]*+"
                     r"(?P<t>(?:.*?(?:(?<![ \t])(?=[ \t])|(?<![ \t—–-])(?=[—–-])))??)"
                     r"[ \t]*+[—–-]++[ \t]*+ED\.\]$"
                     r"|^\[NOTE\.?[ \t]*+(?:[—–-](?=[—–-]))++(?P<t>)[—–-][ \t]*+ED\.\]$"
                     r"|^NOTE\.?[ \t]*+[—–-]++[ \t]*+(?P<n>.*)$", regex.S)
FOOTNOTE_TEXT = regex.compile(r"^\[(?P<l>\d{1,3})\][ \t]+(?P<t>.+)$", regex.S)
CODE_TITLE = regex.compile(r"\bLAWS\b")
FINITE_VERB = regex.compile(r"\b(?:is|are|was|were|may|must|can|cannot|shall|should|has|have|"
                            r"had|will|would|does|do|did|(?<!\bto )be)\b", regex.I)


def is_heading(text: str) -> bool:
    """A line in capitals, short, not a law: ``CUTTING OR DRAWING.``

    >>> is_heading("CARDS PLAYED IN ERROR, OR NOT PLAYED TO A TRICK."), is_heading("I. If")
    (True, False)
    """
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 3 or len(text.split()) > 14 or LAW.match(text):
        return False
    if any(p.match(text) for p, style in CLAUSE_PATTERNS if style == "I."):
        return False
    upper = sum(1 for c in letters if c.isupper())
    return upper / len(letters) >= 0.85


def match_clause(text: str) -> tuple[str, str, int] | None:
    """(label, style, length of the label) when ``text`` opens with a clause label."""
    for pattern, style in CLAUSE_PATTERNS:
        m = pattern.match(text)
        if m:
            label = m.group("l")
            if style == "(a)" and text.startswith("(") and m.group(0).rstrip().endswith(".)"):
                style = "(a.)"
            return label, style, m.end()
    return None


def split_run_in(text: str) -> tuple[str | None, str]:
    """``The Game.—A game consists…`` → (``The Game``, ``A game consists…``)."""
    m = RUN_IN.match(text)
    if not m:
        return None, text
    head = m.group("i") or m.group("p")
    if len(head.split()) > 8 or head.isupper():
        return None, text
    return head, text[m.end():]


@lru_cache(maxsize=4096)
def normalise_heading(text: str) -> str:
    s = regex.sub(r"[^\p{L} ]+", " ", text.lower())
    s = regex.sub(r"^\s*the\s+", "", s)
    return " ".join(s.split())


def heading_match(text: str, known: Sequence[str]) -> tuple[str | None, float]:
    """The known heading ``text`` most resembles, with a 0–100 score.

    >>> heading_match("('ulliinj for new card*.", ["THE REVOKE.", "CALLING FOR NEW CARDS."])
    ('CALLING FOR NEW CARDS.', 82.9)
    """
    norm = normalise_heading(text)
    best, score = None, 0.0
    for k in known:
        s = fuzz.ratio(norm, normalise_heading(k))
        if s > score:
            best, score = k, s
    return best, round(score, 1)


# --- the builder shared by the lines and wikitext readers -------------------------------


@dataclass
class Block:
    """A paragraph of input: its text, whether it was indented, where it is."""

    text: str
    start: int  # offset in the clean text
    end: int
    indent: bool = False
    kind: str = ""  # forced kind: "heading", "title" or ""
    law: tuple[int, str, int | None] | None = None  # a law number given by the markup


class Builder:
    """Turns classified blocks into codes, sections and laws."""

    def __init__(self, marks: Sequence[cleanup.Mark] = (), to_source=lambda o, end=False: o):
        self.codes: list[Code] = []
        self.front: list[str] = []
        self.code: Code | None = None
        self.section: Section | None = None
        self.law: Law | None = None
        self.last: Clause | Paragraph | Law | None = None
        self.marks = sorted(marks, key=lambda m: m.offset)
        self.mark_index = 0
        self.pending_pages: list[str] = []
        self.to_source = to_source
        self.started = False

    # marks -------------------------------------------------------------------------
    def _marks_until(self, end: int) -> list[cleanup.Mark]:
        out = []
        while self.mark_index < len(self.marks) and self.marks[self.mark_index].offset <= end:
            out.append(self.marks[self.mark_index])
            self.mark_index += 1
        return out

    def _place_marks(self, marks: list[cleanup.Mark], block_start: int, prefix: int,
                     target: str, base: int = 0) -> None:
        for m in marks:
            if m.kind == "footnote":
                if target in ("law", "body") and self.law is not None:
                    self.law.footnotes.append(m.label)
                elif self.section is not None:
                    self.section.footnotes.append(m.label)
                continue
            if target in ("law", "body") and self.law is not None:
                block = 0 if target == "law" else len(self.law.body) + 1
                offset = base + max(0, m.offset - block_start - prefix)
                self.law.page_marks.append(PageMark(m.label, block, offset))
            else:
                self.pending_pages.append(m.label)

    # structure ---------------------------------------------------------------------
    def _ensure_code(self) -> Code:
        if self.code is None:
            self.code = Code()
            self.codes.append(self.code)
        return self.code

    def _ensure_section(self) -> Section:
        code = self._ensure_code()
        if self.section is None:
            self.section = Section()
            code.sections.append(self.section)
        return self.section

    def start_code(self, title: str) -> None:
        carried: list[str] = []
        if self.code is not None and not self.code.laws and self.code.title is None:
            # what comes before the first title (a site's head, a book's page): not part of
            # the code, listed as front matter, and printed above the title (no text lost)
            front = ([self.code.fragment] if self.code.fragment else []) + self.code.preamble
            for s in self.code.sections:
                front.extend(([s.heading] if s.heading else []) + s.paragraphs)
            self.front.extend(front)
            carried = self.code.before_title + front
            self.codes.remove(self.code)
        elif self.code is not None:
            # law-less sections at the end of the previous code introduce this one
            while self.code.sections and not self.code.sections[-1].laws:
                s = self.code.sections.pop()
                carried[:0] = ([s.heading] if s.heading else []) + s.paragraphs
        self.code = Code(title=title, before_title=carried)
        self.codes.append(self.code)
        self.section = None
        self.law = None
        self.last = None

    def add(self, b: Block) -> None:
        text = b.text.strip()
        if not text and b.law is None:
            return
        first = not self.started
        self.started = True
        if b.kind == "title" or (b.kind in ("", "heading") and is_heading(text)
                                 and CODE_TITLE.search(text)):
            self.start_code(text)
            self._place_marks(self._marks_until(b.end), b.start, 0, "code")
            return
        if b.kind == "heading" or (not b.kind and is_heading(text)):
            code = self._ensure_code()
            self.section = Section(heading=text)
            code.sections.append(self.section)
            self.law = None
            self.last = None
            self._place_marks(self._marks_until(b.end), b.start, 0, "section")
            return
        m = FOOTNOTE_TEXT.match(text)
        if m:
            self._ensure_code().footnotes[m.group("l")] = m.group("t").strip()
            self._marks_until(b.end)
            return
        code = self._ensure_code()
        if (code.title and not code.authority and not code.sections and not code.preamble
                and (text.startswith("(") and text.endswith(")") or
                     regex.match(r"^(?:As|Adopted|Revised|Framed|Reprinted)\b", text))
                and len(text.split()) <= 60):
            code.authority = text
            self._marks_until(b.end)
            return
        clause = match_clause(text)
        law_match = LAW.match(text) if b.law is None else None
        if clause and clause[1] == "1st.":
            law_match = None
        if b.law is not None or law_match:
            self._new_law(b, text, law_match)
            return
        note = NOTE.match(text)
        if note and self.law is not None:
            kind = "editor" if note.group("t") is not None else "note"
            self.law.notes.append(Note((note.group("t") or note.group("n") or "").strip(), kind))
            self._place_marks(self._marks_until(b.end), b.start, 0, "body")
            return
        if clause and self.law is not None:
            label, style, n = clause
            item = Clause(label if style != "-" else str(len(self.law.clauses) + 1),
                          text[n:].strip(), style if style != "-" else "*")
            self._place_marks(self._marks_until(b.end), b.start, n, "body")
            self.law.body.append(item)
            self.last = item
            return
        if first and text[:1].islower() and self.law is None:
            code.fragment = text
            self._marks_until(b.end)
            return
        if text[:1].islower() and self.last is not None and not b.indent:
            self._continue(b, text)
            return
        if self.law is None:
            heading, rest = split_run_in(text)
            if heading and not b.indent:
                self._new_law(b, text, None, unnumbered=True)
                return
        if self.law is not None:
            self._place_marks(self._marks_until(b.end), b.start, 0, "body")
            para = Paragraph(text, b.indent)
            self.law.body.append(para)
            self.last = para
            return
        self._marks_until(b.end)
        if self.section is not None:
            self.section.paragraphs.append(text)
        else:
            code.preamble.append(text)

    def _continue(self, b: Block, text: str) -> None:
        last = self.last
        assert last is not None
        if isinstance(last, Law):
            base = len(last.text) + 1
            self._place_marks(self._marks_until(b.end), b.start, 0, "law", base)
            last.text = f"{last.text} {text}"
        else:
            base = len(last.text) + 1
            if self.law is not None and last in self.law.body:
                self.law.body.remove(last)
                self._place_marks(self._marks_until(b.end), b.start, 0, "body", base)
                self.law.body.append(last)
            last.text = f"{last.text} {text}"

    def _new_law(self, b: Block, text: str, m: regex.Match | None,
                 unnumbered: bool = False) -> None:
        section = self._ensure_section()
        if unnumbered:
            number, suffix, end, prefix = None, "", None, 0
        elif b.law is not None:
            number, suffix, end = b.law
            prefix = 0
        else:
            assert m is not None
            number, suffix = int(m.group("num")), m.group("suf")
            end = int(m.group("end")) if m.group("end") else None
            prefix = m.end()
        dash = (m.group("dash") or "") if m is not None else ""
        if b.law is not None:
            lead = _LEADING_DASH.match(text)
            if lead:
                dash, prefix = lead.group("dash"), lead.end()
        rest = text[prefix:]
        heading, rest2 = split_run_in(rest)
        prefix += len(rest) - len(rest2)
        law = Law(number, "", suffix, heading, range_end=end,
                  span=(self.to_source(b.start), self.to_source(b.end, end=True)), dash=dash)
        for page in self.pending_pages:
            law.page_marks.append(PageMark(page, 0, 0))
        self.pending_pages = []
        section.laws.append(law)
        self.law = law
        clause = match_clause(rest2) if not rest2.startswith(("* ", "- ")) else None
        if clause:
            label, style, n = clause
            item = Clause(label, rest2[n:].strip(), style)
            law.body.append(item)
            self._place_marks(self._marks_until(b.end), b.start, prefix + n, "body")
            self.last = item
        else:
            law.text = rest2.strip()
            self._place_marks(self._marks_until(b.end), b.start, prefix, "law")
            self.last = law

    def finish(self) -> list[Code]:
        if self.pending_pages and self.law is not None:
            for page in self.pending_pages:
                self.law.page_marks.append(PageMark(page, len(self.law.body),
                                                    len(self.law.body[-1].text)
                                                    if self.law.body else len(self.law.text)))
        return self.codes


# --- readers ----------------------------------------------------------------------------


def is_hard_wrapped(text: str) -> bool:
    """Paragraphs between blank lines whose lines are wrapped near 70 columns (Gutenberg)."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) < 8:
        return False
    short = sum(1 for ln in lines if len(ln) <= 80)
    return short / len(lines) > 0.9 and max(len(ln) for ln in lines) <= 100 and \
        "\n\n" in text


def _blocks(text: str) -> list[Block]:
    out = []
    for m in regex.finditer(r"[^\n]+", text):
        line = m.group(0)
        if not line.strip():
            continue
        indent = line[:1] in (" ", "\t")
        lead = len(line) - len(line.lstrip())
        out.append(Block(line.strip(), m.start() + lead, m.end(), indent))
    return out


def _hidden_laws(text: str, blocks: list[Block]) -> list[Block]:
    """``blocks`` with a law that a line join ran into the law before it (``…a fresh cut,
    8.—The dealer``, its stop misread) made a block of its own, as the page model reads it
    (:func:`~wstools.laws.numbering.split_hidden_laws`).

    >>> t = "7.—If exposed, a fresh cut, 8.—The dealer.\\n9.—If the dealer"
    >>> [b.text for b in _hidden_laws(t, _blocks(t))]
    ['7.—If exposed, a fresh cut,', '8.—The dealer.', '9.—If the dealer']
    """
    spans = split_hidden_laws(text, [(b.start, b.end) for b in blocks])
    if len(spans) == len(blocks):
        return blocks
    out = []
    for b in blocks:
        for a, z in spans:
            if b.start <= a < b.end:
                first = a == b.start
                out.append(Block(text[a:z].strip(), a, z, b.indent and first,
                                 b.kind if first else "", b.law if first else None))
    return out


_LINE_START = regex.compile(r"(?:^|(?<=\n))[ \t]*\Z")


def repair_law_numbers(cleaned: cleanup.CleanResult) -> cleanup.CleanResult:
    """``cleaned`` with the law numbers OCR garbled at the start of a line read from the
    law sequence (``l2.—`` between laws 11 and 13 is 12, ``3l.—`` is 31), as ``wstools
    proofread`` reads them (:func:`wstools.repair.numbers.from_sequence`). Only tokens
    that are not all digits: a number printed in digits is what the text says (a gap or a
    repeat in a clean printing is the printing's, reported as a diagnostic, not mended);
    and only at a line's start, where the lines shape has its laws (elsewhere a token is
    running text), and not a clause's label (``1st.``, ``I.``). The edits join the
    cleanup's, and its map back to the source goes through them.

    >>> c = repair_law_numbers(cleanup.clean("10.—A deal.\\n11.—A cut.\\nl2.—A game.\\n"
    ...                                      "13.—A trick.\\n", ()))
    >>> c.text.split("\\n")[2], [(e.old, e.new, e.rule) for e in c.edits]
    ('12.—A game.', [('l2', '12', 'law-number')])
    """
    from ..repair.numbers import from_sequence

    text = cleaned.text
    edits = [e for e in from_sequence(find_law_starts(text), text)
             if not e.old.isdigit() and _LINE_START.search(text, 0, e.start)
             and match_clause(text[e.start:e.start + 12]) is None]
    if not edits:
        return cleaned
    repaired = OffsetMap(edits)
    marks = [cleanup.Mark(m.kind, m.label, repaired.to_output(m.offset)) for m in cleaned.marks]
    found = map_to_source(edits, cleaned.maps)
    return cleanup.CleanResult(cleaned.source, apply_edits(text, edits),
                               sorted(cleaned.edits + with_positions(found, cleaned.source),
                                      key=lambda e: (e.start, e.end)),
                               marks, [*cleaned.maps, repaired])


def read_lines(text: str, vocabulary: Vocabulary | None = None) -> ParseResult:
    """Read the ``lines`` shape (see module doc)."""
    fixes = [f for f in cleanup.DEFAULT_FIXES if f != "long-s"]  # (the print's ſ is kept)
    if is_hard_wrapped(text.replace("\r", "")):
        fixes.insert(fixes.index("line-end") + 1, "unwrap")
    cleaned = repair_law_numbers(cleanup.clean(text, fixes, vocabulary=vocabulary))
    builder = Builder(cleaned.marks, cleaned.to_source)
    for b in _hidden_laws(cleaned.text, _blocks(cleaned.text)):
        builder.add(b)
    codes = builder.finish()
    result = ParseResult(codes, "lines", edits=cleaned.edits, front_matter=builder.front)
    return result


_RUNNING_HEAD = regex.compile(
    r"^\s*(?P<h>\d{1,4}[ \t]+\p{Lu}[\p{Lu} .,'’-]{1,40}?|\p{Lu}[\p{Lu} .,'’-]{1,40}?[ \t]+\d{1,4})"
    r"[ \t]+(?=\p{Ll})")
_SENTENCE = regex.compile(r"(?<=[.:;!?])\s+(?=[\p{Lu}('‘\"“])")


def _caps_line_heading(line: str) -> bool:
    """A line in capitals that reads as a heading (``THE DEAL.``), ending a paragraph whose
    line before it ends a sentence.

    >>> _caps_line_heading("THE DEAL."), _caps_line_heading("U.S.A. and the rest.")
    (True, False)
    """
    line = line.strip()
    if regex.fullmatch(r"\p{Lu}{3,}\.?", line):
        return True  # "PARTNERS."
    return line == line.upper() and sum(c.isalpha() for c in line) >= 3 and _heading_like(line)


def _heading_like(sentence: str) -> bool:
    words = sentence.split()
    return (1 < len(words) <= 9 and sentence.endswith(".") and not FINITE_VERB.search(sentence)
            and not regex.search(r"\d", sentence))


def read_flat(text: str, headings: Sequence[str] = (),
              vocabulary: Vocabulary | None = None) -> ParseResult:
    """Read run-together OCR: find law starts by sequence, headings between laws."""
    fixes = ("line-end", "boilerplate") + cleanup.OCR_FIXES
    cleaned = cleanup.clean(text, fixes, vocabulary=vocabulary)
    body = cleaned.text
    code = Code()
    diags: list[Diagnostic] = []
    edits = list(cleaned.edits)
    head = _RUNNING_HEAD.match(body)
    begin = 0
    if head:
        code.metadata["running_header"] = head.group("h").strip()
        begin = head.end()
    starts = [s for s in find_law_starts(body) if s.start >= begin]
    if not starts:
        diags.append(Diagnostic("no-laws", "no numbered laws found", 0, "error"))
        code.fragment = body[begin:].strip() or None
        return ParseResult([code], "flat", diags, edits)
    fragment = body[begin:starts[0].start].strip()
    code.fragment = fragment or None
    section = Section()
    code.sections.append(section)
    from ..repair.numbers import digits_misread

    for i, s in enumerate(starts):
        prev = starts[i - 1].number if i else None
        nxt = starts[i + 1].number if i + 1 < len(starts) else None
        number = s.number
        if s.repaired and s.token.isdigit() and not digits_misread(
                s, starts[i - 1] if i else None, starts[i + 1] if nxt is not None else None,
                body):
            # a number printed in digits that the sequence does not fix from both sides:
            # the printed number stands (a gap or a repeat is reported, not mended)
            number = int(s.token)
        elif s.repaired:
            e = repair_edit(s, prev, nxt)
            a, z = cleaned.to_source(e.start), cleaned.to_source(e.end, end=True)
            edits.append(Edit(a, z, text[a:z], e.new, e.rule, e.confidence, e.evidence))
        seg_end = starts[i + 1].start if i + 1 < len(starts) else len(body)
        segment = body[s.end:seg_end]
        lead = len(segment) - len(segment.lstrip())
        segment = segment.strip()
        next_heading: str | None = None
        match_for_next: str | None = None
        rest_paragraphs: list[str] = []
        sentences = _SENTENCE.split(segment)
        if i + 1 < len(starts) and len(sentences) > 1:
            last = sentences[-1]
            known, score = heading_match(last, headings) if headings else (None, 0.0)
            if score >= 80 or (_heading_like(last) and score >= 50 or
                               (_heading_like(last) and not headings)):
                next_heading, match_for_next = last, known if score >= 50 else None
                segment = segment[:len(segment) - len(last)].rstrip()
        elif i + 1 == len(starts) and "\n" in segment and _caps_line_heading(
                segment[segment.rfind("\n") + 1:]):
            # "…shuffle once." then "THE DEAL." on the page's last line: the heading of the
            # laws the next page begins
            segment, _, last = segment.rpartition("\n")
            next_heading, segment = last.strip(), segment.rstrip()
        elif i + 1 == len(starts) and headings:
            # a heading inside the last law starts unnumbered matter (etiquette)
            pos = 0
            for k, sentence in enumerate(sentences[1:], start=1):
                pos = segment.find(sentence, pos)
                known, score = heading_match(sentence, headings)
                if score >= 65 and _heading_like(sentence) and k + 1 < len(sentences):
                    rest = segment[pos + len(sentence):].strip()
                    segment = segment[:pos].rstrip()
                    next_heading, match_for_next = sentence, known
                    rest_paragraphs = [rest]
                    break
        heading, law_text = split_run_in(segment)
        a = cleaned.to_source(s.start)
        z = cleaned.to_source(s.end + lead + len(segment), end=True)
        law = Law(number, law_text, heading=heading, span=(a, z))
        section.laws.append(law)
        if next_heading:
            section = Section(next_heading, heading_match=match_for_next,
                              paragraphs=rest_paragraphs)
            code.sections.append(section)
    if not code.sections[0].laws and code.sections[0].heading is None:
        code.sections.pop(0)
    for sec in code.sections:
        if sec.heading and sec.heading_match is None and headings:
            known, score = heading_match(sec.heading, headings)
            if score >= 50:
                sec.heading_match = known
    return ParseResult([code], "flat", diags, edits)


# ``{{c|{{sc|Heading}}}}`` or ``== Heading ==``. Linear, as NOTE above: possessive runs, and
# the lazy text stops only where its closing can start (a run of braces, with one brace
# more when they are odd; a run of blanks, a run of ``=`` after something else); the last
# branch is ``===`` alone.
_WIKI_HEADING = regex.compile(r"^(?:\{\{(?:c|center|centre|ph|bc)\|)++(?:\{\{(?:sc|asc|larger|"
                              r"x-larger|smaller)\|)?+"
                              r"(?P<h>(?:.*?(?<!\})(?=\}))??(?:\}(?=(?:\}\})++$))?+)(?:\}\})++$"
                              r"|^=++\s*+(?P<e>(?:.*?(?:(?<!\s)(?=\s)|(?<![\s=])(?==)))??)\s*+=++$"
                              r"|^(?:=(?==))++(?P<e>)=$",
                              regex.I)
_WIKI_LAW = regex.compile(r"^'''(?P<num>\d{1,4})(?P<suf>[a-z]?)(?:\s+to\s+(?P<end>\d{1,4}))?"
                          r"\.'''[ \t]*")
_PLAIN_WIKI_LAW = regex.compile(r"^(?P<num>\d{1,4})(?P<suf>[a-z]?)(?P<end>)\.(?:[ \t]+|(?=—))"
                                r"(?=[\p{Lu}'‘\"(—])")
_OL_NAMES = {"ol", "ordered list"}


def read_wikitext(text: str) -> ParseResult:
    """Read wikitext: ``{{ol}}`` items are laws; lines outside follow the lines rules."""
    nodes = preprocess.parse(text)
    builder = Builder()
    # laws numbered "12. " rather than "'''12.'''" (a page written by `wstools proofread`)
    plain = not regex.search(r"^'''\d", text, regex.M) and len(
        regex.findall(r"^\d{1,4}\. ", text, regex.M)) >= 2
    pos = 0
    for node in nodes:
        if isinstance(node, preprocess.Template):
            name = preprocess.to_source(node.title).strip().lower().replace("_", " ")
            if name in _OL_NAMES:
                _wiki_lines(builder, text[pos:node.start], pos, plain)
                start = 1
                items = []
                for part in node.parts:
                    key = part.name_text()
                    value = preprocess.to_source(part.value)
                    if key is not None and key.strip() == "start":
                        start = int(value.strip()) if value.strip().isdigit() else 1
                    elif key is None or key.strip().isdigit():
                        items.append((value, part.start))
                number = start
                for value, offset in items:
                    if not value.strip():
                        continue
                    _ol_item(builder, value, offset, number)
                    number += 1
                pos = node.end
    _wiki_lines(builder, text[pos:], pos, plain)
    codes = builder.finish()
    return ParseResult(codes, "wikitext", front_matter=builder.front)


_CHAR_REF = regex.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|lt|gt|amp|quot|nbsp);")


def _unescape(line: str) -> str:
    """A wikitext line's character references as the characters they show (what
    :func:`wstools.laws.render.wiki_text` writes for a character that would be markup).

    >>> _unescape("Two packs &#60;!-- &#123;{ &amp; &foo;")
    'Two packs <!-- {{ & &foo;'
    """
    return _CHAR_REF.sub(lambda m: html.unescape(m.group()), line) if "&" in line else line


def _strip_wiki(line: str) -> tuple[str, str, bool]:
    """(text, kind, indent) for one wikitext line."""
    indent = False
    line = regex.sub(r"^\[edit\]", "", line)
    m = _WIKI_HEADING.match(line)
    if m:
        head = m.group("h") if m.group("h") is not None else m.group("e")
        return head.strip(), "heading", False
    while line.startswith(":"):
        line, indent = line[1:].lstrip(), True
    line = regex.sub(r"^<small>(.*)</small>$", r"\1", line)
    return line, "", indent


def _wiki_lines(builder: Builder, chunk: str, base: int, plain: bool = False) -> None:
    for m in regex.finditer(r"[^\n]+", chunk):
        raw = m.group(0).strip()
        if not raw:
            continue
        line, kind, indent = _strip_wiki(raw)
        law = None
        lm = _WIKI_LAW.match(line) or (_PLAIN_WIKI_LAW.match(line) if plain else None)
        if lm:
            law = (int(lm.group("num")), lm.group("suf"),
                   int(lm.group("end")) if lm.group("end") else None)
            line = line[lm.end():]
        line = _unescape(line)
        start = base + m.start()
        if kind == "heading" and CODE_TITLE.search(line) and line.isupper():
            kind = "title"
        builder.add(Block(line, start, base + m.end(), indent, kind, law))


def _ol_item(builder: Builder, value: str, offset: int, number: int) -> None:
    value = value.replace("{{!}}", "|").replace("{{=}}", "=")
    first = True
    for line in value.strip().split("\n"):
        if not line.strip():
            continue
        line = _unescape(line)
        if first:
            builder.add(Block(line.strip(), offset, offset + len(value), False, "",
                              (number, "", None)))
            first = False
            continue
        stripped, kind, indent = _strip_wiki(line.strip())
        builder.add(Block(stripped, offset, offset + len(value), indent, ""))


def detect_shape(text: str) -> str:
    """Guess the shape: wikitext when ``{{ol`` or ``'''12.'''`` appear; flat when laws run
    together inside very long lines; otherwise lines.

    >>> detect_shape("{{ol|The Game.—A game…}}"), detect_shape("1. A\\n2. B")
    ('wikitext', 'lines')
    """
    if regex.search(r"\{\{\s*(?:ol|ordered list)\s*\||^'''\d+[a-z]?\.'''", text,
                    regex.I | regex.M):
        return "wikitext"
    lines = [ln for ln in text.split("\n") if ln.strip()]
    longest = max((len(ln) for ln in lines), default=0)
    if longest > 3000:
        big = max(lines, key=len)
        inline = len(regex.findall(r"[.;:]\s+\d{1,3}\.\s+\p{Lu}", big))
        if inline >= 3:
            return "flat"
    return "lines"


def _split_back_matter(code: Code, headings: Sequence[str], result: ParseResult) -> None:
    """Law-less sections after the last law whose heading is not a known heading of the
    corpus (a book list, a site's tail) are not part of the code: they are its
    ``back_matter``, which every export still writes (no text is lost), and their text is
    listed in ``result.back_matter``."""
    tail: list[Section] = []
    while code.sections and not code.sections[-1].laws and code.laws:
        tail.insert(0, code.sections.pop())
    keep = True
    for s in tail:
        known, score = heading_match(s.heading or "", headings)
        if keep and s.heading and score >= 80:
            s.heading_match = known
            code.sections.append(s)
            continue
        keep = False
        code.back_matter.append(s)
        result.back_matter.extend(([s.heading] if s.heading else []) + s.paragraphs)
    for s in code.sections:
        if s.heading and s.heading_match is None:
            known, score = heading_match(s.heading, headings)
            if score >= 80:
                s.heading_match = known


def parse(text: str, shape: str | None = None, *, file: str = "",
          headings: Sequence[str] = (), vocabulary: Vocabulary | None = None) -> ParseResult:
    """Parse ``text`` (shape detected unless given) into codes; never raises on bad input."""
    shape = shape or detect_shape(text)
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; choose from {', '.join(SHAPES)}")
    if shape == "flat":
        result = read_flat(text, headings, vocabulary)
    elif shape == "wikitext":
        result = read_wikitext(text)
    else:
        result = read_lines(text, vocabulary)
    for code in result.codes:
        if headings and shape != "flat":
            _split_back_matter(code, headings, result)
        numbers = [(law.number, law.suffix, law.range_end, (law.span or (0, 0))[0])
                   for law in code.laws]
        result.diagnostics.extend(check_sequence(numbers, file))
    if not result.laws and not any(d.code == "no-laws" for d in result.diagnostics):
        result.diagnostics.append(Diagnostic("no-laws", "no numbered laws found", 0, "error"))
    locate(result.diagnostics, text, file)
    result.edits = with_positions(result.edits, text)
    return result
