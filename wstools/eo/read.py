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

from rapidfuzz import fuzz

from .model import (
    Block,
    ExecutiveOrder,
    FederalRegister,
    GeneralProvisions,
    Relation,
)
from .shapes import MONTHS, OrderError, Source, normalize

__all__ = ["OrderError", "read_order", "text_of", "typography"]

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
#: the issue's table of contents (``CONTENTS`` and the ``Federal Register / Vol. N, No. N /
#: DATE / Contents`` line under it), which a few GPO files carry after the order
ISSUE_CONTENTS = re.compile(r"^[ \t]*CONTENTS[ \t]*\n(?:[ \t]*\n){0,6}[ \t]*Federal Register"
                            r" */ *Vol\. *\d+, *No\. *\d+ */[^\n]*/\s*Contents\b", re.M)
#: the print's notes for images it does not carry (the signature, an annex's map or table)
GRAPHIC = re.compile(r"[<\[]GRAPHIC\(S\) NOT AVAILABLE IN TIFF FORMAT[>\]]|<GRAPHIC[^>]{0,80}>"
                     r"|\[GRAPHIC\] ?\[TIFF OMITTED\] ?[\w.]{0,40}")
LABEL = re.compile(r"^\(([ivxlc]{1,8}|[a-z]{1,2}|[A-Z]{1,3}|\d{1,3})\)(?:\s+|(?=\(\w{1,8}\)\s))")
LABEL_ALONE = re.compile(r"\(([ivxlc]{1,8}|[a-z]{1,2}|[A-Z]{1,3}|\d{1,3})\)")
SECTION = re.compile(r"^(Section\.?|SECTION|Sec\.|SEC\.)\s+"
                     r"(\d+(?:\.\d+)+(?:-\d+)?|\d+[A-Za-z]?(?:-\d+)?(?=\.))"
                     r"\.?(?:--|—)?\s*")
PART = re.compile(r"^(PART|Part)\s+([IVXLC]+|\d+)\b")
DATE = re.compile(r"^(?:Washington, )?(?:January|February|March|April|May|June|July|August"
                  r"|September|October|November|December) \d{1,2},? \d{4}\.?")
ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
         "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx", "xxi", "xxii", "xxiii", "xxiv",
         "xxv", "xxvi", "xxvii", "xxviii", "xxix", "xxx", "xxxi", "xxxii", "xxxiii", "xxxiv",
         "xxxv", "xxxvi", "xxxvii", "xxxviii", "xxxix", "xl"]
FUNCTION_WORDS = frozenset("a an and as at by for from in into of on or the to under with "
                           "its their upon via within between against through over than be "
                           "that".split())
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


@dataclass
class _Paragraph:
    parts: list[str] = field(default_factory=list)
    breaks: list[tuple[int, str]] = field(default_factory=list)
    indent: int = 0
    #: the text's length, kept as parts are added (the reader asks it for every line)
    length: int = 0

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def add(self, part: str) -> None:
        self.parts.append(part)
        self.length += len(part)

    def head(self, n: int) -> str:
        """The text's first ``n`` characters or more, without joining it all."""
        out: list[str] = []
        size = 0
        for part in self.parts:
            out.append(part)
            size += len(part)
            if size >= n:
                break
        return "".join(out)

    def tail(self, n: int) -> str:
        """The text's last ``n`` characters or more, without joining it all."""
        out: list[str] = []
        size = 0
        for part in reversed(self.parts):
            out.append(part)
            size += len(part)
            if size >= n:
                break
        return "".join(reversed(out))

    def add_line(self, line: str) -> None:
        # a line-end hyphen joins, and a dash (``--``) joins the words on either side
        if self.parts and not self.parts[-1].endswith(("-", "—")) \
                and not line.startswith("—"):
            self.add(" ")
        self.add(line)


def typography(text: str) -> str:
    """The GPO's typewriter conventions as typography.

    >>> typography("the term ``agency'' means--in short--any")
    'the term “agency” means—in short—any'
    """
    text = text.replace("``", "“").replace("''", "”")
    return re.sub(r"(?<!-)--(?!-)", "—", text)


def text_of(data: bytes | str) -> tuple[str, str]:
    """The order's text and its shape (see :mod:`wstools.eo.shapes`)."""
    source = normalize(data)
    return source.text, source.shape


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
    """What the banner before the order says (volume, issue, date, pages, document number).
    The document number of the banner is not printed with the order: it is kept apart."""
    fr = FederalRegister()
    if m := re.search(r"Federal Register Volume (\d+), Number (\d+) \(([^)]*)\)", text):
        fr.volume, fr.issue, fr.date = m.group(1), m.group(2), m.group(3)
    elif m := re.search(r"Federal Register\s*/\s*Vol\. (\d+) ?, No\. (\d+) ?/ "
                        r"(\w+, \w+ \d+, \d{4})", text):
        fr.volume, fr.issue, fr.date = m.group(1), m.group(2), m.group(3)
    if m := re.search(r"\[Pages? (\d+)(?:-(\d+))?\]", text):
        fr.first_page, fr.last_page = m.group(1), m.group(2) or m.group(1)
    if m := re.search(r"\[FR Doc(?:\.| No:)\s*([\w-]+)", text):
        fr.banner_frdoc = m.group(1)
    return fr


_FOOTER_START = re.compile(r"^\s*(?:\d{1,3} )?\[F\.? ?R\.? Doc\b")
_BILLING = re.compile(r"^\s*(?:\d{1,3} )?Billing code\b", re.I)


def _footer(lines: list[str], fr: FederalRegister) -> None:
    """The printed footer: ``[FR Doc. N Filed DATE]`` (on one line or two) and the billing
    code, kept as printed; its values are read from it."""
    fr.footer = [" ".join(line.split()) for line in lines if line.strip()]
    text = " ".join(fr.footer)
    if m := re.search(r"\[F\.? ?R\.? Doc\.?\s*([\w-]+)", text):
        fr.frdoc = m.group(1).rstrip(";,")
    if m := _FR_FILED.search(text, 0, text.rfind("]") + 1):
        fr.filed = " ".join(next(g for g in m.groups() if g is not None).split())
    if m := re.search(r"Billing code\s+(\S+)", text, re.I):
        fr.billing = m.group(1)


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


#: the end of a clause a list's next item may follow
_CLAUSE_END = re.compile(r"(?:[.;:]|\b(?:or|and))[”)]?$")
_REFERENCE_AFTER = re.compile(r"^\(\w{1,8}\)(?:\(\w{1,8}\))*,?\s+(?:of (?:this|section|subsection|"
                              r"paragraph)\b|above\b|below\b|as \()")
#: ``(ii) and`` / ``in subsection`` at the end of the line before a label: it names one
_REFERENCE_BEFORE = re.compile(r"\(\w{1,8}\),?(?: and| or| through| to)$"
                               r"|\b(?:[Ss]ub)?(?:[Ss]ections?|[Pp]aragraphs?|[Ss]ubparagraphs?"
                               r"|[Cc]lauses?)$")


def _reference(before: str, line: str) -> bool:
    """A label at the start of a line not set in that names a subsection (``paragraphs
    (ii) or`` / ``(iii) of this subsection``) rather than opening one."""
    return _REFERENCE_AFTER.match(line) is not None \
        or _REFERENCE_BEFORE.search(before.rstrip()) is not None


def _run_in_list(before: str, line: str, head: bool = False) -> bool:
    """``line`` opens with the label after one run in (not at its start) in the paragraph
    ``before``: ``… any proposal to: (i) reprogram …;`` then ``(ii) transfer …`` on the
    next line is the same list, run in. ``head``: a label after the paragraph's section
    head and caption is at its start too (``Sec. 5. Caption. (a) …``)."""
    m = LABEL.match(line)
    if m is None:
        return False
    previous = _previous_labels(m.group(1))
    start = 0
    if head and (section := SECTION.match(before)):
        start = len(before) - len(_caption(before[section.end():])[1])
    while lead := LABEL.match(before[start:].lstrip()):  # the paragraph's own labels
        start += len(before[start:]) - len(before[start:].lstrip()) + lead.end()
    for p in previous:
        # after a space, or opening a quotation still open at the paragraph's end (``… by
        # adding “(xii) Assistant …; and`` then ``(xiii) Assistant …``: the quoted list)
        pattern = re.compile(rf"(?<=\s)(“?)\({re.escape(p)}\)\s+(\S+(?:\s+\S+)?)")
        for hit in pattern.finditer(before, start):
            if hit.group(1) and "”" in before[hit.end():]:
                continue  # the quotation closed: its list is not this one
            if head and re.search(r"[.:][”’\"')]*\s+$", before[:hit.start()]):
                continue  # an item run in after a sentence's end: the list's opening
            if not re.match(r"(?:of|above|below|and|or|through|as)\b", hit.group(2)):
                return True
    return False


def _previous_labels(label: str) -> set[str]:
    """The labels a list puts before ``label`` (``ii`` → ``i``; ``i`` → ``h``, ``b`` → ``a``,
    ``2`` → ``1``, ``B`` → ``A``, ``aa`` → ``z``, ``bb`` → ``aa``)."""
    out = {ROMAN[ROMAN.index(label) - 1]} if label in ROMAN[1:] else set()
    if label.isdigit() and int(label) > 1:
        out.add(str(int(label) - 1))
    elif len(label) == 1 and label.isalpha() and label not in "aA":
        out.add(chr(ord(label) - 1))
    elif len(label) == 2 and label[0] == label[1] and label.isalpha():
        # a list past z doubles its letters: (z), (aa), (bb) …
        out.add({"a": "z", "A": "Z"}.get(label[0]) or chr(ord(label[0]) - 1) * 2)
    return out


def _next_of_first(before: str, line: str) -> bool:
    """``line`` opens with the label after the one that opens the paragraph ``before``."""
    m, first = LABEL.match(line), LABEL.match(before)
    return m is not None and first is not None and first.group(1) in _previous_labels(
        m.group(1))


#: the end of the words a list's first item may follow
_INTRODUCED = re.compile(r"(?:[:.,;—]|--)[”’\"')]*$")


def _flat_item(lines: list[str], at: int, line: str, current: _Paragraph,
               opened: set[str], ends: bool, width: int = 0) -> bool:
    """In text that neither sets in nor sets apart its paragraphs, ``line`` (``lines[at]``)
    opens a list's item: the list's first item after its introduction (``… the
    following:``, ``… an activity that--``, a caption's or a clause's end) whose next
    item too opens a line, or, after a clause's end, the next
    item of a list whose item before opened a paragraph of this section (after its head
    too: ``Sec. 4. General. (a) …`` then ``(b) …``) or ran in after a sentence's end,
    unless the item after it runs in inside a line (the label only fell at a line's
    start). A list's first item whose introduction ends otherwise (``… is amended by`` then
    ``(a) deleting …; and``) opens an item when its next item opens a line after a line
    cut short (``width``, :func:`_ends_short`): the list is set one item a line."""
    m = LABEL.match(line)
    if m is None:
        return False
    opened = _opened(opened, current.head(300))
    # (i) after an open letter list at (h) that goes on with (j): the list's next letter
    letter = _letter_after(lines, at, line, opened)
    first = m.group(1) in ("1", "a", "A", "i") and letter is None
    if first and _INTRODUCED.search(current.tail(4).rstrip()):
        if re.search(r":[”’\"')]*$", current.tail(4).rstrip()):
            # after a colon, the list's first item is set apart unless the next runs in
            # (the 914 prints set a label after a colon apart 2,343 times, in 133)
            return _next_placed(lines, at, line) != "run in"
        return _next_placed(lines, at, line) == "line start"
    if first and _next_placed(lines, at, line) == "line start":
        after = f"({_next_label(m.group(1))}) "
        k = next((k for k in range(at + 1, min(at + 12, len(lines)))
                  if lines[k].strip().startswith(after)), None)
        if k is not None and _ends_short(lines, k, lines[k].strip(), width):
            return True
    return ends and _follows_opening(_near(current), line, opened,
                                      _next_apart(lines, at, line, width)) \
        and not _next_runs_in(lines, at, line, letter)


def _next_apart(lines: list[str], at: int, line: str, width: int) -> bool:
    """The label after the one ``line`` (``lines[at]``) opens with opens a line of its
    section after a line that ends short of ``width`` (:func:`_ends_short`): that list is
    set apart, an item a paragraph.

    >>> _next_apart(["(2) two;", "(3) three.", "x"], 0, "(2) two;", 40)
    True
    >>> _next_apart(["(2) two; and (3) three.", "x"], 0, "(2) two; and (3) three.", 40)
    False
    """
    m = LABEL.match(line)
    after = _next_label(m.group(1)) if m else None
    if after is None or _placed(lines, at, line, after)[0] != "line start":
        return False
    k = next((k for k in range(at + 1, min(at + 40, len(lines)))
              if lines[k].strip().startswith(f"({after}) ")), None)
    return k is not None and _ends_short(lines, k, lines[k].strip(), width)


#: a bracketed note that closes a clause: ``… authority. [Note: … element]``
_NOTE_END = re.compile(r"(?:^|[.;:][”’\"')]*\s+)\[[^\[\]]{1,250}\]$")


def _title_line(text: str) -> bool:
    """``text`` (a paragraph's start) is a short heading in title case with no stop at its
    end: 3 to 14 words, the first and every word not a function word capitalised or a
    number, no section's head.

    >>> _title_line("“Rule 413. Evidence of Similar Crimes in Sexual Assault Cases")
    True
    >>> _title_line("Sec. 2. Policy of the United States"), _title_line("the Federal Register")
    (False, False)
    """
    words = text.lstrip("“\"'`").split()
    if not 3 <= len(words) <= 14 or len(text) > 100 or SECTION.match(text.lstrip("“\"'`")) \
            or re.search(r"[.,;:—–-][”’\"')]*$", text):
        return False
    content = [w.strip("“”\"'()") for w in words if w.lower() not in FUNCTION_WORDS]
    return all(w[:1].isupper() or w[:1].isdigit() for w in [words[0], *content] if w)


def _part_heading(line: str) -> bool:
    """A part's heading set in capitals (``PART I--PURPOSE``), a line of its own in text
    that does not set it in."""
    return PART.match(line) is not None and line.isupper() and len(line.split()) <= 14


def _follows_opening(before: str, line: str, opened: set[str], apart: bool = False) -> bool:
    """``line`` opens with the next label of a list whose item before opened a paragraph
    of this section, or ran in after a sentence's or an introduction's end (``… only: (a)
    at the direction …; or`` then ``(b) with …``), and not of a list run in the paragraph
    ``before`` mid-sentence.

    >>> _follows_opening("Sec. 2. It shall provide only: (a) at the direction; or",
    ...                  "(b) with the concurrence", set())
    True
    >>> _follows_opening("(c) any proposal to (i) reprogram funds; and", "(ii) transfer", {"c"})
    False
    """
    m = LABEL.match(line)
    if m is None:
        return False
    previous = _previous_labels(m.group(1))
    if previous & opened:
        # a quoted passage, closed, holds the labels of the text it quotes: not this list's
        quoted = re.match(r"[“\"]", before) is not None \
            and re.search(r"[”\"][.;,]?$", before.rstrip()) is not None
        return quoted or not _run_in_list(before, line, True)
    # run in after a sentence's end or a colon; but a list of clauses in lower case run in
    # after a colon (``… six goals: (1) improving …;`` then ``(2) increasing …``) goes on
    # run in, unless it is a section's own letters (``Sec. 4. Mission. The Commission
    # shall: (a) …``) or its item after ``line``'s is set apart (``apart``): in the 914
    # prints the next item runs in 61 times in 63, the section's letters are set apart 28
    # times in 33
    # (a section's own letters: not a term's meaning, ``… “Pollution prevention” means …
    # through: (a) increased …; or`` then ``(b) protection …``, which the 914 prints run
    # in all 3 times, and none of the 49 sections that set their letters apart)
    section = SECTION.match(before) is not None and _DEFINES.search(before) is None
    stop = any(re.search(rf"(?:\.\s+\({re.escape(p)}\)\s|:\s+\({re.escape(p)}\)\s+"
                         rf"{'' if apart or (section and p in 'aA') else '(?![a-z])'})",
                         before)
               for p in previous)
    return stop and not _run_in_list(before, line, True)


#: a term's meaning that a list goes on after a colon: ``“X” means …: (a) …``
_DEFINES = re.compile(r"\bmeans\b[^.:;]*:[”’\"')]*\s+\([aA1i]\)\s")


def _next_label(label: str) -> str | None:
    """The label a list puts after ``label`` (``ii`` → ``iii``, ``b`` → ``c``, ``2`` →
    ``3``, ``B`` → ``C``, ``z`` → ``aa`` → ``bb``); None for a roman that is a letter too,
    and at a kind's end."""
    if label.isdigit():
        return str(int(label) + 1)
    if label in ROMAN[1:-1] or label == "i":
        return ROMAN[ROMAN.index(label) + 1]
    if len(label) == 1 and label.isalpha():
        return chr(ord(label) + 1) if label not in "zZ" else label * 2
    if len(label) == 2 and label[0] == label[1] and label.isalpha() and label[0] not in "zZ":
        return chr(ord(label[0]) + 1) * 2
    return None


def _letter_after(lines: list[str], at: int, line: str, opened: set[str]) -> str | None:
    """The letter after ``line``'s label when that label, a roman numeral that is a letter
    too (``(i)``, ``(v)``, ``(x)``), is the next letter of a list open in this section
    (its letter before, ``(h)``, opened a paragraph: ``opened``) and the text after it goes
    on with that list's next letter (``(j)``), not with the roman numeral's (``(ii)``): in
    text without columns (a label's indent shows no level) the letter sequence decides,
    as it does for the levels (:class:`_Levels`). None otherwise.

    >>> _letter_after(["(i) three;", "(j) four."], 0, "(i) three;", {"h"})
    'j'
    >>> _letter_after(["(i) three;", "(ii) four."], 0, "(i) three;", {"h"})
    >>> _letter_after(["(i) three;", "(j) four."], 0, "(i) three;", {"a"})
    """
    m = LABEL.match(line)
    label = m.group(1) if m else ""
    if label not in ("i", "v", "x") or chr(ord(label) - 1) not in opened:
        return None
    letter = chr(ord(label) + 1)
    placed, where = _placed(lines, at, line, letter)
    if placed is None or where is None:
        return None
    roman = _placed(lines, at, line, ROMAN[ROMAN.index(label) + 1])[1]
    return letter if roman is None or roman > where else None


def _next_runs_in(lines: list[str], at: int, line: str, after: str | None = None) -> bool:
    """The label after the one ``line`` opens with comes in the next lines run in, inside
    a line after a clause's end (``…; and (iii) other …``), before any line opens with
    it: the list is run in, and ``line``'s label only fell at a line's start.

    >>> _next_runs_in(["(ii) owners; and (iii) others;", "(c) assess"], 0, "(ii) owners")
    True
    >>> _next_runs_in(["(b) one;", "(c) two;"], 0, "(b) one;")
    False
    """
    return _next_placed(lines, at, line, after) == "run in"


def _next_placed(lines: list[str], at: int, line: str, after: str | None = None) -> str | None:
    """Where the label after the one ``line`` opens with (or ``after``) comes first in the
    next 40 lines of its section: ``run in`` (inside a line, after a clause's end), ``line
    start``, else None."""
    m = LABEL.match(line)
    return _placed(lines, at, line, after or (_next_label(m.group(1)) if m else None))[0]


def _placed(lines: list[str], at: int, line: str,
            after: str | None) -> tuple[str | None, int | None]:
    """Where the label ``after`` comes first in the next 40 lines of the section of
    ``line`` (``lines[at]``), after its label, and at which offset of that text: ``run
    in``, ``line start``, else None (and the offset of a label found that is neither)."""
    m = LABEL.match(line)
    if m is None or after is None:
        return None, None
    window = [x.strip() for x in lines[at:at + 40]]
    # the list ends with its section: a label in the next section's text is another list's
    end = next((k for k in range(1, len(window)) if SECTION.match(window[k])), len(window))
    text = "\n".join(window[:end])[len(m.group(0)):]
    # a label the next words show to be a reference (``section 571(a)(2), (c) and (d) of
    # Public Law``) is no item of the list
    hit = re.search(rf"(^|\s)\({re.escape(after)}\)\s(?!\s*(?:of|above|below|and|or|through)\b)",
                    text, re.M)
    if hit is None or hit.start() == 0:
        return None, None
    if hit.group(1) == "\n" or text[hit.start() - 1:hit.start()] == "\n":
        return "line start", hit.start()
    before = text[:hit.start() + len(hit.group(1))].rstrip()
    return ("run in" if re.search(r"(?:[;:,]|\b(?:and|or))$", before) else None), hit.start()


def _near(current: _Paragraph) -> str:
    """The paragraph's text, or its start and its last 3,000 characters when long."""
    return current.text if current.length < 4000 else \
        current.head(200) + " " + current.tail(3000)


def _flat(lines: list[str], base: int) -> bool:
    """Paragraphs neither set in nor set apart: no more than 1 line in 100 is set in from
    the column ``base``, and blank lines after text (before the last) are fewer than 1
line in 8 (a PDF's running head, now a page mark, has one after it). The lines that
    stand for printing furniture (``\x00FOOTER``, a graphic's note, a billing code: a
    dozen of them after an order with tables) and the blank lines around them do not
    count."""
    kept: list[str] = []
    furniture = False
    for x in lines:
        if x.startswith("\x00"):
            while kept and not kept[-1].strip():
                kept.pop()
            furniture = True
        elif x.strip() or not furniture:
            kept.append(x)
            furniture = False
    lines = kept
    text = [x for x in lines if x.strip() and not PAGE_MARK.fullmatch(x.strip())]
    inset = sum(1 for x in text if len(x) - len(x.lstrip()) > base)
    end = max((k for k, x in enumerate(lines) if x.strip()), default=0)
    blank = sum(1 for k, x in enumerate(lines[:end]) if not x.strip() and k
                and lines[k - 1].strip() and not PAGE_MARK.fullmatch(lines[k - 1].strip()))
    # a text that sets its sections apart by a blank line sets its paragraphs apart
    heads = [k for k, x in enumerate(lines) if k and SECTION.match(x.strip())]
    apart = sum(1 for k in heads if not lines[k - 1].strip())
    return bool(text) and inset * 100 <= len(text) and blank * 8 < len(text) \
        and not (heads and apart * 2 > len(heads))


def _opened(opened: set[str], paragraph: str) -> set[str]:
    """The labels that opened a paragraph of the section so far, with those that open
    ``paragraph`` (a section's head begins anew, its caption passed over; stacked labels
    each).

    >>> sorted(_opened({"a"}, "Sec. 4. General. (a) The Board shall"))
    ['a']
    >>> sorted(_opened({"a"}, "(b)(1) The Office shall"))
    ['1', 'a', 'b']
    """
    text = paragraph
    if m := SECTION.match(text):
        opened = set()
        text = _caption(text[m.end():])[1]
        # a list's first item run in after the section's first sentence or colon, a
        # closing quote between (``Sec. 2. Rationale: (a) This order finds that:``,
        # ``Sec. 5. … to “Hire American.” (a) In order …``)
        # (not a list of clauses in lower case run in after a colon, but for the section's
        # own letters: :func:`_follows_opening`)
        if first := re.match(r"[^.:]*(?:\.[”’\"')]*\s+\((a|1|A|i)\)\s"
                             r"|:[”’\"')]*\s+\((?:(a|A)\)\s|(1|i)\)\s+(?![a-z])))", text):
            # (not a term's meaning run on after a colon: :func:`_follows_opening`)
            if first.group(1) or _DEFINES.search(text[:first.end()]) is None:
                opened.add(first.group(1) or first.group(2) or first.group(3))
    else:
        opened = set(opened)
    # a quoted passage's first item opens its list as well (``“(a) Reconsideration. …``
    # then ``(b) Exceptions.``)
    text = re.sub(r"^(?:``|“|\")(?=\(\w{1,8}\)\s)", "", text)
    while label := LABEL.match(text):
        opened.add(label.group(1))
        text = text[label.end():]
    return opened


def _cut_short(lines: list[str], at: int, line: str) -> bool:
    """The line before ``lines[at]`` (page marks passed over) ends short of the width the
    lines around it set near its indent (not another part's column) are filled to by more
    than ``line``'s first word (its label): the GPO fills its lines word by word."""
    k = at - 1
    while k >= 0 and PAGE_MARK.fullmatch(lines[k].strip()):
        k -= 1
    if k < 0 or not lines[k].strip():
        return False
    indent = len(lines[k]) - len(lines[k].lstrip())
    near = [len(x.rstrip()) for x in lines[max(at - 12, 0):at + 12]
            if x.strip() and not PAGE_MARK.search(x)
            and abs(len(x) - len(x.lstrip()) - indent) <= 6]
    return len(lines[k].rstrip()) + len(line.split()[0]) + 1 <= max(near, default=0)


#: a line longer than this in plain text was not wrapped (text is wrapped at 60 to 80)
_UNWRAPPED = 100


def _unwrapped_before(lines: list[str], at: int) -> bool:
    """The line before ``lines[at]`` (page marks passed over) is longer than text is
    wrapped to: a paragraph typed as one line, which ends where the line does.

    >>> _unwrapped_before(["x " * 60, "(b) Agencies"], 1), _unwrapped_before(["x", "(b)"], 1)
    (True, False)
    """
    k = at - 1
    while k >= 0 and PAGE_MARK.fullmatch(lines[k].strip()):
        k -= 1
    return k >= 0 and len(lines[k].strip()) > _UNWRAPPED


def _width(lines: list[str]) -> int:
    """The width text filled to its lines without columns (a PDF's text, text rewrapped by
    hand) is filled to: the 90th percentile of the lengths of the lines a paragraph goes on
    after (the next line in lower case), the lines a word broken at their end was joined
    to (longer than 5/4 of the median) left out; 0 when fewer than 10 lines tell.

    >>> _width(["a" * 60 + " and", "so on"] * 6 + ["a" * 100 + " and", "so on"])
    64
    """
    lengths = sorted(len(x.rstrip()) for x, after in zip(lines, lines[1:], strict=False)
                     if x.strip() and after.strip()[:1].islower()
                     and not PAGE_MARK.search(x))
    if len(lengths) < 5:
        return 0
    median = lengths[len(lengths) // 2]
    lengths = [n for n in lengths if n * 4 <= median * 5]
    return lengths[len(lengths) * 9 // 10] if len(lengths) >= 5 else 0


def _quoted_passage(before: str, line: str) -> bool:
    """``line`` opens a quoted passage (``Sec. 4. …``, ``(b) The …``, ``The …``: not
    in lower case) after an introduction ending in ':' (``… the following new sections are
    added:``): the print sets such a passage as a paragraph of its own (5 times in 6 in
    the 914 GPO prints; one in lower case runs on more often than not)."""
    return before.rstrip().endswith(":") and re.match(r"(?:``|“|\")(?:\(\w{1,8}\)|[A-Z])",
                                                      line) is not None


def _ends_short(lines: list[str], at: int, line: str, width: int) -> bool:
    """The line before ``lines[at]`` (page marks passed over) ends short of ``width`` by
    more than ``line``'s first word and the word after it, or by a tenth of the width more
    than its first word: text filled word by word breaks a line there only at its
    paragraph's end."""
    k = at - 1
    while k >= 0 and PAGE_MARK.fullmatch(lines[k].strip()):
        k -= 1
    if k < 0 or not lines[k].strip() or not width:
        return False
    words = line.split()
    before = len(lines[k].rstrip()) + 1
    # the margin a line's width varies by in a PDF's proportional type: the next word, or
    # a tenth of the width
    return before + len(" ".join(words[:2])) <= width \
        or (before + len(words[0])) * 10 <= width * 9


def _room_before(lines: list[str], at: int, line: str, width: int) -> bool | None:
    """Whether the line before ``lines[at]`` (page marks passed over) had room for
    ``line``'s label (its first word) at its end within ``width``; None when there is no
    such line or no width.

    >>> _room_before(["a" * 60, "(b) two"], 1, "(b) two", 62)
    False
    >>> _room_before(["a" * 58, "(b) two"], 1, "(b) two", 62)
    True
    """
    k = at - 1
    while k >= 0 and PAGE_MARK.fullmatch(lines[k].strip()):
        k -= 1
    if k < 0 or not lines[k].strip() or not width:
        return None
    return len(lines[k].rstrip()) + 1 + len(line.split()[0]) <= width


def _char_filled(lines: list[str], width: int) -> bool:
    """Lines filled to ``width`` character by character (plain text wrapped by a program):
    of the lines the next line in lower case follows (a paragraph going on), at least 10,
    no more than 1 in 20 had room for the next line's first word (a paragraph's end before
    one in lower case; a lettered heading, ``a. Text.``, is not counted). Text copied from a
    PDF's proportional type has many such lines.

    >>> _char_filled(["a" * 58 + " word", "goes on"] * 10, 64)
    True
    >>> _char_filled(["a" * 50 + " word", "goes on"] * 10, 64)
    False
    """
    pairs = room = 0
    for x, after in zip(lines, lines[1:], strict=False):
        if not x.strip() or not after.strip()[:1].islower() or PAGE_MARK.search(x + after) \
                or re.match(r"\s*[a-z]{1,2}\.\s", after):  # a lettered heading: ``a. Text.``
            continue
        pairs += 1
        room += len(x.rstrip()) + 1 + len(after.split()[0]) <= width
    return width > 0 and pairs >= 10 and room * 20 <= pairs


def _full_before(lines: list[str], at: int, line: str, width: int) -> bool:
    """The line before ``lines[at]`` is full: ``line``'s label would not have fit at its
    end within ``width`` (:func:`_room_before`)."""
    return _room_before(lines, at, line, width) is False


def _next_indent(lines: list[str], at: int) -> int:
    """The indent of the next line with text after ``lines[at]`` (-1 at a blank line or
    the end)."""
    for line in lines[at + 1:at + 4]:
        if PAGE_MARK.fullmatch(line.strip()):
            continue
        if not line.strip():
            return -1
        return len(line) - len(line.lstrip())
    return -1


def _pieces(line: str) -> list[tuple[str, str | None]]:
    """A line cut at its page marks: (text, page that turns before it)."""
    out: list[tuple[str, str | None]] = []
    last, page = 0, None
    for m in PAGE_MARK.finditer(line):
        out.append((line[last:m.start()], page))
        last, page = m.end(), m.group(1)
    out.append((line[last:], page))
    return out


def _paragraphs(lines: list[str], one_per_line: bool, by_indent: bool = False,
                filled: bool = False, plain: bool = False,
                pdf: bool = False) -> list[_Paragraph]:
    """Lines into paragraphs; page marks kept at the offset where they fall (a mark inside
    a line, or inside a word, stays there). ``filled``: lines filled to a width (the GPO's
    monospaced text, hard-wrapped text), so a line cut short ends its paragraph.
    ``plain``: hard-wrapped text with no columns to go by, where a label at a line's start
    after a full line is a wrap, not an item; so too in a PDF's text (``pdf``) that sets
    its paragraphs apart by blank lines."""
    paragraphs: list[_Paragraph] = []
    current: _Paragraph | None = None
    gap = False
    pending_pages: list[str] = []
    held_label = ""
    last_indent = 0  # the indent of the line before
    opened: set[str] = set()  # the labels that opened a paragraph of this section
    base = _base_indent(lines)
    # no line set in from the column (text from a PDF, rewrapped): where a paragraph
    # begins is not shown, a list's next item at a line's start after a clause's end is
    # read as the item it reads as
    flat = _flat(lines, base)
    width = _width(lines) if flat else 0
    # plain text filled character by character (wrapped by a program, not copied from a
    # PDF's proportional type): a label the line before had room for was not wrapped
    by_chars = flat and plain and not pdf and _char_filled(lines, width)
    for at, raw in enumerate(lines):
        line = raw.rstrip()
        segments = _pieces(line)
        if len(segments) > 1:
            if not "".join(t for t, _ in segments).strip():  # marks alone on the line
                pending_pages += [p for _, p in segments if p]
                continue
            if not segments[0][0].strip():  # marks at the line's start
                lead = segments[0][0]
                while len(segments) > 1 and not segments[0][0].strip():
                    pending_pages += [segments[1][1]] if segments[1][1] else []
                    segments = [(lead + segments[1][0].lstrip(), None), *segments[2:]]
        first = segments[0][0]
        stripped = typography(first.strip())
        if not stripped and len(segments) == 1:
            gap = True
            continue
        if LABEL_ALONE.fullmatch(stripped) and len(segments) == 1:
            held_label += stripped + " "  # a label alone on its line: it opens the next
            continue
        if held_label:
            stripped = held_label + stripped
        indent = len(first) - len(first.lstrip())
        label = LABEL.match(stripped) is not None and not (
            current is not None and indent <= base and _reference(current.tail(80), stripped))
        ends = label and current is not None and (_CLAUSE_END.search(
            current.tail(12)[-12:].rstrip()) is not None
            # in text without columns, a bracketed note closed at the line's end (``…
            # authority. [Note: If the escape …, add the following element]``)
            or (flat and _NOTE_END.search(current.tail(300).rstrip()) is not None))
        # a line cut short before it: the label would have fit (a filled print broke the
        # line there)
        short = label and ends and filled and not gap and _cut_short(lines, at, stripped)
        # text that neither sets in nor sets apart its paragraphs: a list's item at a
        # line's start that reads as one
        follows = flat and label and not one_per_line and not gap and current is not None \
            and _flat_item(lines, at, stripped, current, opened, ends, width)
        # ... or after a line that ends short of the text's width by more than the label
        # and the word after it: a line is cut short only where its paragraph ends
        ended = flat and label and not one_per_line and not gap and current is not None \
            and (_ends_short(lines, at, stripped, width)
                 or (by_chars and _room_before(lines, at, stripped, width) is True))
        follows = follows or ended
        # a label at a line's start after a line that ends with a dash ("shall--" then
        # "(a) review"): the list the dash introduces, its item a paragraph of its own (as
        # the GPO's HTML sets it), not a wrap run into the sentence before
        dashed = label and current is not None and not one_per_line and not gap \
            and current.tail(1).endswith("—")
        # ... or, in plain text, after a clause's end on a line longer than text is wrapped
        # to (a paragraph typed as one line: "… holds, no action is needed." then "(b)
        # Agencies …"), which no wrap cut
        unwrapped = label and ends and plain and not one_per_line and not gap \
            and _unwrapped_before(lines, at)
        if label and current is not None and not gap and not held_label and not short \
                and not follows and not dashed and not unwrapped and indent <= last_indent \
                and _run_in_list(_near(current), stripped):
            # not set in from the line before, after a list run in its paragraph: the
            # same list, run in
            label = False
        # an item of a list set with a hanging indent (its lines after the first set in
        # by a column or two, never a paragraph's four): it opens a paragraph
        hanging = label and ends and not one_per_line and indent <= base \
            and 0 < _next_indent(lines, at) - indent < 4
        # an item after a line cut short, or the next item of a list whose item before
        # opened this paragraph (``(1) …; and`` then ``(2) …``): not in hard-wrapped text
        # that sets its paragraphs apart by blank lines, where a label at a line's start
        # after a full line (``short`` tells the other), no blank line before it, is a wrap
        # (a PDF's text that sets its paragraphs apart has no ``short`` to tell them: kept);
        # nor, in text without columns, after a full line when the item after it runs in
        # (``(a) one …;`` then ``(b) an …; (c) an …``: the list is run in)
        item = follows or (label and ends and not one_per_line and not gap and (
            short or (not (plain and not flat)
                      and _next_of_first(current.head(20) if current else "", stripped)
                      and not (flat and _full_before(lines, at, stripped, width)
                               and _next_runs_in(lines, at, stripped)))))
        new = (current is None or one_per_line or bool(held_label)
               or stripped.startswith("\x00") or current.head(1).startswith("\x00")
               or (gap and not (pending_pages and _continues(current.tail(40), stripped))
                   and not _runs_on(current.tail(40), stripped))
               or (by_indent and indent > base)
               or (label and indent >= 18)
               or (label and (indent == 0 or (indent < base and not one_per_line)) and ends
                   and (short or not (plain or (pdf and not flat)))
                   and not (flat and _next_runs_in(lines, at, stripped, _letter_after(
                       lines, at, stripped, _opened(opened, current.head(300))
                       if current is not None else opened))))
               or hanging or item or dashed or unwrapped
               # text filled to a width cuts a line short only at its paragraph's end (not
               # inside a sentence: a line in lower case after one with no end goes on)
               or (flat and not one_per_line and not gap and current is not None
                   and ((_ends_short(lines, at, stripped, width)
                         and not _runs_on(current.tail(40), stripped))
                        or _quoted_passage(current.tail(4), stripped)))
               or SECTION.match(stripped) is not None
               or stripped.startswith(("(Presidential Sig.)", "THE WHITE HOUSE"))
               or (indent >= 18 and (stripped.startswith("—") or PART.match(stripped)
                                     is not None))
               or (flat and not one_per_line and current is not None
                   and (_part_heading(stripped) or _part_heading(current.text)))
               # a heading in title case without a stop (``“Rule 413. Evidence of Similar
               # Crimes in Sexual Assault Cases``), its line with room for the label left
               # at its end: no sentence a list's item runs into
               or (flat and label and not one_per_line and not gap and current is not None
                   and _title_line(current.head(120))
                   and _room_before(lines, at, stripped, width) is True))
        held_label = ""
        last_indent = indent
        if new:
            if flat and current is not None:
                opened = _opened(opened, current.head(300))
            current = _Paragraph(indent=indent)
            paragraphs.append(current)
            current.breaks += [(0, p) for p in pending_pages]
            current.add(stripped)
        else:
            assert current is not None
            position = current.length + (0 if current.tail(1).endswith(("-", "—"))
                                            or stripped.startswith("—") else 1)
            current.breaks += [(position, p) for p in pending_pages]
            current.add_line(stripped)
        pending_pages = []
        before = first
        for k, (text, page) in enumerate(segments[1:], 2):  # marks inside the line
            if page:
                current.breaks.append((current.length, page))
            if before[-1:].isspace() and text[:1] not in ("", " ", "\t"):
                # "programs [Start Printed Page 24614]or benefits": the page turns between
                # words, the space before the mark goes on after it
                text = " " + text
            before = text
            current.add(typography(text.rstrip() if k == len(segments) else text))
        gap = False
    if pending_pages and current is not None:
        current.breaks += [(current.length, p) for p in pending_pages]
    return paragraphs


def _base_indent(lines: list[str]) -> int:
    """The text's column: the commonest indent of the lines that carry a paragraph on (a
    line after a line, not opening with a label; a short order of one-line items set in
    would otherwise make their indent the column), of all lines if there are none."""
    counts: dict[int, int] = {}
    carried: dict[int, int] = {}
    before = ""
    for line in lines:
        stripped = line.strip()
        if stripped and not PAGE_MARK.fullmatch(stripped):
            n = len(line) - len(line.lstrip())
            counts[n] = counts.get(n, 0) + 1
            if before and LABEL.match(stripped) is None:
                carried[n] = carried.get(n, 0) + 1
        if not PAGE_MARK.fullmatch(stripped):
            before = stripped
    counts = carried or counts
    return max(counts, key=lambda k: (counts[k], -k)) if counts else 0


#: a finite verb: a sentence, not a caption
_VERB = re.compile(r"\b(?:shall|will|may|must|should|is|are|was|were|has|have|does|do)\b")


def _caption(rest: str) -> tuple[str | None, str]:
    """Split ``Caption. Text`` when the first sentence reads as a caption."""
    for m in re.finditer(r"\.(?:--|—)?(?:\s+|$)", rest):
        candidate = rest[:m.start()]
        last = candidate.rsplit(" ", 1)[-1]
        if re.fullmatch(r"(?:[A-Z]\.)*[A-Z]|U\.S|No|Nos|Sec|Secs|etc|Inc|e\.g|i\.e|St|Dr|Mr"
                        r"|Mrs|Jr|Co|Corp|et seq|seq|v|vs", last):
            continue
        words = candidate.split()
        # a caption runs to 14 words, or to 40 when a labelled subsection follows it
        labelled = LABEL.match(rest[m.end():]) is not None
        limit = 40 if labelled else 14
        if not words or len(words) > limit or not candidate.lstrip("“\"'")[:1].isupper():
            return None, rest
        content = [w.lstrip("“\"'(") for w in words if w.lower() not in FUNCTION_WORDS]
        capital = [w for w in content if w[:1].isupper() or w[:1].isdigit() or w[:1] in "—-"]
        if len(capital) == len(content):
            return candidate, rest[m.end():]
        if labelled and len(capital) * 4 >= len(content) * 3 and len(words) > 4:
            # title case with a word or two the print left in lower case before (a)
            # ("… of June 30, 2008, as amended.", "… Entering this Country Illegally.")
            return candidate, rest[m.end():]
        if labelled and len(words) <= 12 and "," not in candidate and not _VERB.search(
                candidate):
            return candidate, rest[m.end():]  # a caption in sentence case before (a)
        if _short_caption(candidate, rest[m.end():]):
            return candidate, rest[m.end():]
        return None, rest
    return None, rest


#: a word a caption does not end on: an article, a preposition, a conjunction
_OPEN_END = re.compile(r"(?i)\b(?:" + "|".join(sorted(FUNCTION_WORDS)) + r")$")


def _short_caption(candidate: str, after: str) -> bool:
    """A caption in sentence case before the section's first sentence (``Additional
    compensation. Each employee shall …``), read as ``Compensation. Each …`` is: at most
    five words, no verb, no comma or other stop inside, not ending on a function word, and
    a sentence in capitals follows."""
    words = candidate.split()
    return (1 < len(words) <= 5 and not _VERB.search(candidate)
            and re.search(r"[,;:()\[\]“”\"]", candidate) is None
            and _OPEN_END.search(candidate) is None
            and re.match(r"[A-Z][a-z]", after) is not None)


class _Levels:
    """Levels of subsection labels by their depth in the section's own hierarchy: a kind
    of label (``(a)``, ``(i)``, ``(A)``, ``(1)``) seen before goes back to its level, a new
    kind, or a list's first item (``(1)``, ``(a)``, ``(A)``, ``(i)``) under an item of
    another kind, goes one deeper. (a) → (i) → (A) gives 1, 2, 3, and (a) → (1) → (A) → (i) gives
    1, 2, 3, 4; a section whose items are (1), (2) has them at 1. (i), (v), (x) are read as
    letters where the letter sequence expects them.

    >>> levels = _Levels()
    >>> [levels.level(x) for x in ["a", "1", "A", "i", "ii", "B", "2", "b", "i"]]
    [1, 2, 3, 4, 4, 3, 2, 1, 2]
    >>> levels.reset(); [levels.level(x) for x in ["1", "2", "a", "3"]]
    [1, 1, 2, 1]
    >>> levels.reset(); [levels.level(x) for x in ["a", "A", "i", "ii", "B", "i", "b"]]
    [1, 2, 3, 3, 2, 3, 1]
    >>> levels.reset(); [levels.level(x) for x in ["1", "2", "b", "1", "2", "c", "1"]]
    [1, 1, 2, 3, 3, 2, 3]
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.letter: str | None = None
        self.roman: str | None = None
        self.kinds: list[str] = []

    def level(self, label: str) -> int:
        kind = self._kind(label)
        first = label in ("1", "a", "A") or (label == "i" and kind == "roman")
        if kind in self.kinds and not (first and kind != self.kinds[-1]):
            at = len(self.kinds) - 1 - self.kinds[::-1].index(kind)
            del self.kinds[at + 1:]
        else:  # a new kind, or a list's first item under an item of another kind
            self.kinds.append(kind)
        if "roman" not in self.kinds:
            self.roman = None  # a shallower item closed the romanettes: (B) after (A)(ii)
        return len(self.kinds)

    def _kind(self, label: str) -> str:
        if label.isdigit():
            return "number"
        if label.isupper():
            return "upper"
        next_letter = chr(ord(self.letter) + 1) if self.letter and len(self.letter) == 1 \
            else "a"
        next_roman = ROMAN[ROMAN.index(self.roman) + 1] if self.roman in ROMAN[:-1] else "i"
        if label in ROMAN and label == next_roman and label != next_letter:
            self.roman = label
            return "roman"
        if label in ROMAN and label == next_roman == next_letter and self.roman is not None:
            self.roman = label
            return "roman"
        self.letter = label
        self.roman = None
        return "letter"


_PLACE = re.compile(r"^(THE WHITE HOUSE|The White House|WHITE HOUSE)\b(,?)")
_SIG_GRAPHIC = re.compile(r"^\(Presidential Sig\.\)\S*$|^Signature of \S.*$")
_TYPED_NAME = re.compile(r"(?:[A-Z][A-Za-z.'’-]*|[A-Z]\.)(?: (?:[A-Z][A-Za-z.'’-]*|[A-Z]\.|"
                         r"Jr\.|Sr\.|III|II|IV|de|van))*(?:, Jr\.)?")


def _is_name(text: str) -> bool:
    return (2 <= len(text.split()) <= 6 and len(text) <= 45 and _TYPED_NAME.fullmatch(text)
            is not None and not text.isdigit() and DATE.match(text) is None
            and _PLACE.match(text) is None and SECTION.match(text) is None)


def _sig_and_footer(paragraphs: list[_Paragraph], order: ExecutiveOrder) -> list[_Paragraph]:
    """Take the signature block (a typed name, the signature image's note, the place, the
    date, in the order they come in) off the paragraphs; return the body paragraphs, an
    annex after the signature included (``order.signature_at`` is set to the paragraph
    index of the signature)."""
    texts = [p.text.strip() for p in paragraphs]
    footer = next((i for i, t in enumerate(texts) if t == "\x00FOOTER"), len(texts))
    house = next((i for i in range(footer - 1, -1, -1) if _PLACE.match(texts[i])), None)
    sig = order.signature
    taken: list[int] = []

    def take_date(i: int) -> bool:
        date = DATE.match(texts[i]) if 0 <= i < len(texts) else None
        if date is None or date.end() != len(texts[i]):
            return False
        sig.date_printed = texts[i]
        sig.date = texts[i].rstrip(".")
        taken.append(i)
        return True

    def take_graphics(i: int, step: int) -> int:
        # the signature's image: its note, and a graphics note beside it that is not an
        # annex's image (``[TIFF OMITTED] TD…``)
        while 0 <= i < footer and ((texts[i].startswith("\x00GRAPHIC")
                                    and "TIFF OMITTED" not in texts[i])
                                   or _SIG_GRAPHIC.match(texts[i])):
            note = texts[i].removeprefix("\x00GRAPHIC ").strip()
            sig.graphic = True
            sig.graphic_text = " ".join(filter(None, [sig.graphic_text, note]) if step > 0
                                        else filter(None, [note, sig.graphic_text]))
            taken.append(i)
            i += step
        return i

    if house is None:
        mark = next((i for i in range(footer - 1, -1, -1)
                     if _SIG_GRAPHIC.match(texts[i])), None)
        if mark is None:
            order.warnings.append("no signature block (THE WHITE HOUSE) found")
            order.signature_at = footer
            return paragraphs
        order.warnings.append("no THE WHITE HOUSE line")
        start = take_graphics(mark, -1) + 1
        take_graphics(mark + 1, 1)
        sig.order = ["graphic"]
        if take_date(start - 1):
            start -= 1
            sig.order.insert(0, "date")
    else:
        place = _PLACE.match(texts[house])
        assert place is not None
        sig.place = place.group(1)
        taken.append(house)
        rest = texts[house][place.end():].strip()
        date_i = house + 1
        if rest:
            m = DATE.match(rest)
            if m and m.end() == len(rest):  # place and date on one line
                sig.date_printed, sig.date = rest, rest.rstrip(".")
                sig.place += place.group(2)
            else:
                order.warnings.append(f"text after THE WHITE HOUSE: {rest[:30]!r}")
                sig.place = texts[house]
        else:
            sig.place += place.group(2)
        order_lines = ["place"] if sig.date_printed is None else ["place", "date"]
        if sig.date_printed is None:
            if take_date(date_i):
                order_lines.append("date")
                date_i += 1
            else:
                order.warnings.append("no date after THE WHITE HOUSE")
        before = take_graphics(house - 1, -1)
        if before < house - 1:
            order_lines.insert(0, "graphic")
        if before >= 0 and _is_name(texts[before]):
            sig.president = texts[before]
            taken.append(before)
            order_lines.insert(0, "name")
            if take_graphics(before - 1, -1) < before - 1:
                order_lines.insert(0, "graphic")
        after = take_graphics(date_i, 1)
        if after > date_i:
            order_lines.append("graphic")
        if "name" not in order_lines and after < footer and _is_name(texts[after]) \
                and "graphic" in order_lines:
            # the typed name under the image (a copied Wikisource page)
            sig.president = texts[after]
            taken.append(after)
            order_lines.append("name")
        sig.order = order_lines
    first, last = min(taken), max(taken)
    turns = [page for i in range(first, last + 1) for _, page in paragraphs[i].breaks]
    sig.page = turns[0] if turns else None
    if sorted(taken) != list(range(first, last + 1)):
        order.warnings.append("the signature block is interrupted")
    order.signature_at = first
    return paragraphs[:first] + paragraphs[last + 1:]


_HEAD_ANY = re.compile(r"(EXECUTIVE ORDER|Executive Order|Executive order)(?: No\.?)? "
                       r"(\d{1,5}(?:-[A-Z])?)\b(.{0,300})")
_DATE_LINE = re.compile(rf"(?:{MONTHS}) \d{{1,2}}, \d{{4}}")
_HEAD_OF = re.compile(rf"\s*(?:of|,)\s+((?:{MONTHS}) \d{{1,2}}, ?\d{{4}})\.?\s*")
_HEAD_TITLE = re.compile(r"\s*(?:—|--|–|-|:)\s*(\S.*)")


@dataclass
class _Head:
    start: int
    end: int
    number: str
    date: str
    title: str
    printed: str


def _find_head(text: str, prefer_full: bool = True) -> _Head | None:
    """The order's head line: ``Executive Order N of DATE`` (every Federal Register print
    since 1936 but the oldest), else ``Executive Order No. N of DATE``, ``Executive Order
    N—Title`` (the American Presidency Project) or a bare ``EXECUTIVE ORDER N`` with the
    title on the lines after it. With ``prefer_full`` (the GPO's prints, whose Part covers
    name the order first as ``Executive Order N--Title``) the full head wins; otherwise the
    first head line does (an order quoting another's ``Executive Order N of DATE``)."""
    m = EO_LINE.search(text)
    full = None if m is None else _Head(m.start(), m.end(), m.group(1), m.group(2), "",
                                       m.group(0).strip())
    if full is not None and prefer_full:
        return full
    candidates: list[_Head] = []
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        if full is not None and start >= full.start:
            break
        stripped = line.strip()
        if not stripped.upper().startswith("EXECUTIVE ORDER"):
            continue
        h = _HEAD_ANY.match(stripped)
        if h is None:
            continue
        rest = h.group(3)
        if of := _HEAD_OF.fullmatch(rest):
            candidates.append(_Head(start, pos - 1, h.group(2), of.group(1), "", stripped))
            break
        if rest.startswith(" of ") and rest[4:5].isupper():
            # the print's head without its date ("Executive Order 13494 of Economy in …"):
            # the rest is the title, as printed
            candidates.append(_Head(start, pos - 1, h.group(2), "", rest[4:].strip(),
                                    stripped))
            break
        if title := _HEAD_TITLE.fullmatch(rest):
            candidates.append(_Head(start, pos - 1, h.group(2), "", title.group(1).strip(),
                                    stripped))
            if not prefer_full:
                break
        elif not rest.strip() or rest.strip() in (".", ":"):
            candidates.append(_Head(start, pos - 1, h.group(2), "", "", stripped))
            if not prefer_full:
                break
    if prefer_full:  # a dateless head line beats a Part cover's dash line
        candidates.sort(key=lambda c: 0 if c.printed.endswith(c.title) and " of " in
                        c.printed[:30] else 1)
    found = candidates[0] if candidates else None
    if full is not None and (found is None or full.start < found.start):
        return full
    return found


_OPENINGS = re.compile(r"^(?:By (?:the |virtue )|WHEREAS|Whereas|Under (?:and )?by virtue|"
                       r"Pursuant to|In (?:order|accordance)|It is hereby|NOW, THEREFORE|"
                       r"By authority)")


def _title(lines: list[str], head: _Head, shape: str, order: ExecutiveOrder) -> int:
    """Read the title (and a date line under it); return the index of the first body
    line."""
    index = 0
    title_lines = [head.title] if head.title else []
    one_line = shape in ("lines", "federalregister", "json", "wikisource", "app", "html",
                         "xml")
    if head.title and not one_line and lines and not lines[0].strip():
        index = 1  # a title run on from the head line goes on to the next lines
        # (up to a blank line, or the body's opening where no blank line parts them)
        while index < len(lines) and lines[index].strip() \
                and not PAGE_MARK.fullmatch(lines[index].strip()) \
                and not _DATE_LINE.fullmatch(lines[index].strip().rstrip(".")) \
                and not _OPENINGS.match(lines[index].strip()) \
                and not SECTION.match(lines[index].strip()):
            title_lines.append(lines[index].strip())
            index += 1
    while index < len(lines) and (not lines[index].strip()
                                  or PAGE_MARK.fullmatch(lines[index].strip())):
        index += 1
    if not head.title:
        first = lines[index].strip() if index < len(lines) else ""
        date = DATE.match(first)
        if _OPENINGS.match(first) or date and date.end() == len(first):
            title_lines = []
        else:
            indent = len(lines[index]) - len(lines[index].lstrip()) if index < len(lines) \
                else 0
            # no blank line after the title: the body runs on under it
            run_on = shape in ("wrapped", "pdf") and _lines_on(lines, index) > 6
            while index < len(lines) and lines[index].strip() \
                    and not PAGE_MARK.fullmatch(lines[index].strip()):
                line = lines[index]
                if title_lines and ((len(line) - len(line.lstrip()) > indent
                                     and " ".join(title_lines).isupper())
                                    or _OPENINGS.match(line.strip())
                                    or (run_on and _cut_short_title(lines, index))):
                    break  # a paragraph's first line, set in: the body begins
                title_lines.append(line.strip())
                index += 1
                if one_line:
                    break
    while index < len(lines) and not lines[index].strip():
        index += 1
    if not head.date and index < len(lines) and _DATE_LINE.fullmatch(
            lines[index].strip().rstrip(".")):
        order.dateline = lines[index].strip()
        head.date = lines[index].strip().rstrip(".")
        index += 1
    title = _Paragraph()
    for line in title_lines:
        title.add_line(line)
    order.title = typography(title.text)
    if head.title:  # the title runs on from the head line: the head is all of it
        whole = _Paragraph()
        for line in [head.printed, *title_lines[1:]]:
            whole.add_line(line)
        order.head = typography(whole.text)
    else:
        order.head = typography(head.printed)
    return index


def _set_in_not_apart(lines: list[str]) -> bool:
    """Paragraphs marked by their first line's indent alone (a 1940s print typed out): two
    or more lines set in from the column follow a line that ends a sentence, and no blank
    line stands between two lines at the column (the blank lines there are around the
    signature or a heading)."""
    base = _base_indent(lines)
    text = [(k, x) for k, x in enumerate(lines) if x.strip()]
    set_in = apart = 0
    for (k, before), (j, line) in zip(text, text[1:], strict=False):
        indent = len(line) - len(line.lstrip())
        if j == k + 1 and indent > base and before.rstrip().endswith((".", ":", ";")):
            set_in += 1
        if j > k + 1 and indent == base == len(before) - len(before.lstrip()):
            apart += 1
    return set_in >= 2 and apart == 0


def _lines_on(lines: list[str], at: int) -> int:
    """How many lines with text follow one another from ``lines[at]``."""
    n = 0
    while at + n < len(lines) and lines[at + n].strip():
        n += 1
    return n


def _cut_short_title(lines: list[str], at: int) -> bool:
    """In text wrapped at a width with no blank line after the title, the title's line
    before ``lines[at]`` ends short of the width by more than ``lines[at]``'s first word
    (it would have fit): the title ended there and the body begins (or the line before
    ends a sentence)."""
    before = lines[at - 1].strip()
    width = max((len(x.rstrip()) for x in lines[at:at + 30]), default=0)
    first = lines[at].split()[0] if lines[at].split() else ""
    return before.endswith((".", ":", ";")) or len(before) + 1 + len(first) <= width \
        or SECTION.match(lines[at].strip()) is not None


def _split_footer(lines: list[str], order: ExecutiveOrder) -> list[str]:
    """The footer's lines out of the body (its place kept as a ``\\x00FOOTER`` line: an
    annex may follow it), graphics notes on lines of their own."""
    out: list[str] = []
    index = 0
    found = False
    while index < len(lines):
        line = lines[index]
        if _BILLING.match(line):
            # a billing code alone (after the signature, before an annex): furniture
            out += ["", "\x00BILLING " + " ".join(line.split()), ""]
            index += 1
            continue
        if not found and _FOOTER_START.match(line):
            found = True
            footer = [line]
            index += 1
            ahead = index
            while "]" not in footer[-1] and ahead < len(lines) and len(footer) < 4 \
                    and ahead - index < 6 and not PAGE_MARK.search(lines[ahead]):
                if lines[ahead].strip():
                    footer.append(lines[ahead])
                ahead += 1
            if "]" in footer[-1]:
                index = ahead
            else:
                footer = footer[:1]
            after = index
            while after < len(lines) and not lines[after].strip():
                after += 1
            if after < len(lines) and re.match(r"\s*Filed\b.{0,40}\]\s*$", lines[after]):
                footer.append(lines[after])  # the print repeats its Filed line
                index = after = after + 1
                while after < len(lines) and not lines[after].strip():
                    after += 1
            if after < len(lines) and _BILLING.match(lines[after]):
                footer.append(lines[after])
                index = after + 1
            _footer(footer, order.register)
            out += ["", "\x00FOOTER", ""]
            continue
        if GRAPHIC.search(line):
            pieces = GRAPHIC.split(line)
            notes = GRAPHIC.findall(line)
            for k, piece in enumerate(pieces):
                if piece.strip():
                    out.append(piece)
                if k < len(notes):
                    out += ["", "\x00GRAPHIC " + " ".join(notes[k].split()), ""]
            index += 1
            continue
        out.append(line)
        index += 1
    return out


def read_order(data: bytes | str | Source, name: str = "") -> ExecutiveOrder:
    """Read one order; raises :class:`OrderError` when there is no order in ``data``."""
    try:
        source = data if isinstance(data, Source) else normalize(data)
    except OrderError as exc:
        exc.file = exc.file or name
        raise
    text, shape = source.text, source.shape
    gpo = shape == "govinfo" or "[Federal Register Volume" in text[:2000]
    head = _find_head(text, prefer_full=gpo)
    if head is None:
        raise OrderError("no 'Executive Order N' head line", name)
    if others := source.others or _other_orders(text, head):
        raise OrderError(f"the file holds more than one order: {others[0]!r} follows "
                         f"Executive Order {head.number}; nothing written for it (give each "
                         "order a file of its own)", name)
    order = ExecutiveOrder(head.number, head.date, "", shape=shape)
    order.flags += source.flags
    order.register = _banner(text[:head.start])
    _meta(order, source.meta)
    before = PAGE_MARK.findall(text[:head.start])
    order.first_page = before[-1] if before else order.register.first_page
    after = PAGE_MARK.search(text, head.end)
    if order.first_page is None and after is not None and after.group(1).isdigit():
        # pages run on: the page before the first page mark holds the head
        order.first_page = str(int(after.group(1)) - 1)
        order.warnings.append(f"no page mark before the head: page {order.first_page}, the "
                              f"one before the first mark ({after.group(1)})")
    order.register.order_page = order.first_page
    banner_first = order.register.first_page
    if order.first_page and banner_first and order.first_page.isdigit() \
            and banner_first.isdigit() and int(order.first_page) < int(banner_first):
        order.flags.append(f"the head is printed on page {order.first_page}, before the "
                           f"banner's first page {banner_first}: the print's page kept")
    body_text = text[head.end:]
    if contents := ISSUE_CONTENTS.search(body_text):
        # the issue's table of contents, printed after the order in a few GPO files, is not
        # the order's
        body_text = body_text[:contents.start()]
        order.warnings.append("the Federal Register issue's contents after the order left "
                              "out")
    lines = body_text.split("\n")
    index = _title(lines, head, shape, order)
    order.date = head.date
    if not order.title:
        order.warnings.append("no title printed")
    body = _split_footer(lines[index:], order)
    one_per_line = shape in ("lines", "federalregister", "json", "wikisource", "app", "html")
    blank = sum(1 for line in body if not line.strip())
    by_indent = shape == "wrapped" and len(body) > 8 and (blank * 8 < len(body)
                                                          or _set_in_not_apart(body))
    paragraphs = _paragraphs(body, one_per_line, by_indent,
                             filled=shape in ("govinfo", "wrapped"), plain=shape == "wrapped",
                             pdf=shape == "pdf")
    order.signature_at = len(paragraphs)
    paragraphs = _sig_and_footer(paragraphs, order)
    order.blocks = _blocks(paragraphs, order)
    order.general_provisions = general_provisions(order)
    order.relations = relations(order)
    if not order.date and order.signature.date:
        order.date = order.signature.date
        order.warnings.append("the head has no date: the signature's date is used")
    if not order.date:
        order.warnings.append("no date")
    _check_number(order)
    return order


_SIGNED = re.compile(r"^[ \t]*(?:THE WHITE HOUSE|The White House)\b|^[ \t]*\[FR Doc\b", re.M)
_OTHER_HEAD = re.compile(r"^[ \t]*Executive Order (\d+)(?: of)? +(?:" + MONTHS
                         + r") \d{1,2}, \d{4}[ \t]*$", re.M)


def _other_orders(text: str, head: _Head) -> list[str]:
    """The head lines of further orders in the text: ``Executive Order N of DATE`` on a
    line of its own, for another number, after this order's signature or footer (two
    orders pasted into one file)."""
    signed = _SIGNED.search(text, head.end)
    if signed is None:
        return []
    return [" ".join(m.group(0).split()) for m in _OTHER_HEAD.finditer(text, signed.end())
            if m.group(1) != head.number]


def _meta(order: ExecutiveOrder, meta: dict[str, str]) -> None:
    """A JSON document's fields where the text does not say it."""
    fr = order.register
    if m := re.fullmatch(r"(\d+) FR (\d+)", meta.get("citation", "")):
        fr.volume = fr.volume or m.group(1)
        fr.first_page = fr.first_page or m.group(2)
    fr.volume = fr.volume or meta.get("volume")
    fr.issue = fr.issue or meta.get("issue")
    fr.date = fr.date or meta.get("issue_date")
    fr.first_page = fr.first_page or meta.get("start_page")
    fr.last_page = fr.last_page or meta.get("end_page")
    fr.banner_frdoc = fr.banner_frdoc or meta.get("document_number")
    if not fr.date and (d := meta.get("publication_date")):
        from datetime import datetime
        try:
            fr.date = f"{datetime.strptime(d, '%Y-%m-%d'):%A, %B} " \
                      f"{int(d[8:])}, {d[:4]}"
        except ValueError:
            pass


def _check_number(order: ExecutiveOrder) -> None:
    """Flag a date that does not exist (``February 30, 2021``) and a number that does not
    belong to the presidency the date falls in (a misprint such as 15323 for 13523): the
    notes then name no president the date does not give, and no ordinal."""
    from .presidents import in_office, presidency_of, signed_on

    if not order.date:
        return
    day = signed_on(order.date)
    if day is None and (day := signed_on(order.date, lenient=True)) is not None:
        message = (f"the date {order.date} has a misspelled month: kept as printed, read as "
                   f"{day} for the president")
        order.warnings.append(message)
        order.flags.append(message)
    if day is None:
        if DATE.match(order.date) or re.fullmatch(rf"(?:{MONTHS}) \d{{1,2}}, ?\d{{4}}\.?",
                                                  order.date):
            message = (f"the date {order.date} does not exist: kept as printed, the president "
                       "and the ordinal left as placeholders")
            order.warnings.append(message)
            order.flags.append(message)
        return
    p = presidency_of(order.number)
    if p is None or p not in in_office(day):
        message = (f"number {order.number} does not fall in the presidency of {order.date}: "
                   "a misprint? kept as printed; the notes name the date's president and "
                   "leave the ordinal as a placeholder")
        order.warnings.append(message)
        order.flags.append(message)


def _run_in_first(text: str, after: str) -> int | None:
    """Where ``(a)`` runs in after a sentence of the section's own (``… issue a Biobased
    Products List. (a) The Biobased Products List shall …``) or after the dash that opens
    its list (``As used in these regulations—(a) The term …``) when the next paragraph
    opens with ``(b)``; None otherwise."""
    if not after.lstrip().startswith("(b) "):
        return None
    m = re.search(r"(?:(?<=[.:])\s+|(?<=—)|(?<=--))(?=\(a\)\s)", text)
    return m.end() if m else None


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
        if text == "\x00FOOTER":
            order.footer_at = len(blocks)
            continue
        if text.startswith(("\x00GRAPHIC", "\x00BILLING")):
            kind = "graphic" if text.startswith("\x00GRAPHIC") else "billing"
            blocks.append(Block(kind, text[8:].strip(), breaks=breaks))
            continue
        if not text:
            continue
        run_in = False
        if m := SECTION.match(text):
            seen_section = True
            levels.reset()
            caption, rest = _caption(text[m.end():])
            head = Block("section", "", number=m.group(2), caption=caption,
                         breaks=[(0, page) for off, page in breaks if off <= m.end()])
            head.word = m.group(1)
            head.head = m.group(0).rstrip()
            if caption is not None:
                between = text[m.end() + len(caption):len(text) - len(rest)]
                head.caption_end = between.strip()
            blocks.append(head)
            shift = len(text) - len(rest)
            breaks = [(max(off - shift, 0), page) for off, page in breaks if off > m.end()]
            text = rest
            if not text:
                continue
            if LABEL.match(text) is None:
                after = paragraphs[index + 1].text if index + 1 < len(paragraphs) else ""
                cut = _run_in_first(text, after)
                if cut is None:
                    head.text = text
                    head.breaks += breaks
                    continue
                # the section's own sentence, then (a) run in after it, (b) next
                head.text = text[:cut].rstrip()
                head.breaks += [(off, page) for off, page in breaks if off <= len(head.text)]
                breaks = [(max(off - cut, 0), page) for off, page in breaks
                          if off > len(head.text)]
                text = text[cut:]
            run_in = True
        while (label := LABEL.match(text)) and (seen_section or blocks):
            value = label.group(1)
            shift = label.end()
            rest = text[shift:]
            stacked = LABEL.match(rest) is not None
            blocks.append(Block("subsection", "" if stacked else rest, label=value,
                                level=levels.level(value), run_in=run_in,
                                breaks=[] if stacked else
                                [(max(off - shift, 0), page) for off, page in breaks]))
            run_in = False
            if not stacked:
                break
            text = rest  # stacked labels, ``(b) (i) If…``: each its own subsection
            breaks = [(max(off - shift, 0), page) for off, page in breaks]
        else:
            if PART.match(text) and len(text.split()) <= 14 and not text.endswith(","):
                blocks.append(Block("heading", text, breaks=breaks))
            elif not seen_section:
                blocks.append(Block("preamble" if not blocks or blocks[-1].kind == "preamble"
                                    else "paragraph", text, breaks=breaks))
            else:
                blocks.append(Block("paragraph", text, breaks=breaks))
    if order.signature_at is None:
        order.signature_at = len(blocks)
    if order.footer_at is None:
        order.footer_at = len(blocks)
    if not seen_section:
        order.warnings.append("no numbered sections")
    return blocks


#: the verb of a relation: ``is hereby revoked``, ``are superseded``, ``be amended``
_RELATION_VERB = re.compile(r"\b(?:is|are|be)(?:,? hereby|,? further)*,? "
                            r"(amended|revoked|superseded)\b")
_ORDER_NUMBER = (r"(?:No\. |Nos\. )?(\d{4,5})\b(?!-[A-Z])"
                 r"(?: of ((?:" + MONTHS + r") \d{1,2}, \d{4}))?")
#: ``Executive Order N of DATE`` and the numbers listed with it (``Orders 12983 and 13156``)
_ORDERS_NAMED = re.compile(r"Executive Orders? " + _ORDER_NUMBER
                           + r"((?:(?:,|,? and|,? or) (?:No\. )?\d{4,5}\b(?!-[A-Z])"
                           r"(?: of (?:" + MONTHS + r") \d{1,2}, \d{4})?)*)")
#: where a sentence (or the clause the verb belongs to) begins, before the verb
_SENTENCE_START = re.compile(r"(?<!\bNo)(?<!\bNos)(?<!\bSec)(?<!\bSecs)(?<!U\.S)(?<!\bStat)"
                             r"(?<!\be\.g)(?<!\bi\.e)(?<!\bInc)(?<!\bJr)(?<!\bseq)"
                             r"[.:](?=\s+[“\"(]?[A-Z(])|\bordered(?: that)?\b|\bprovided that\b")
#: what, after an order's number, names other orders that are not the subject: a relative
#: clause, the orders that amended it, a parenthesis
_NOT_SUBJECT = re.compile(r"\b(?:which|that|who|whose|relating|related|pertaining|concerning|"
                          r"entitled|establishing|creating|\w+ed by|"
                          r"modified by|superseded by|revoked by|issued|continued|continuing|"
                          r"amending|revoking|superseding|under|pursuant|implementing)\b")
#: the sentence says more than which orders: it is not read
_UNSURE = re.compile(r"(?i)\b(?:except|other than|excluding|not including|unless|if|as it relates|"
                     r"to the extent|insofar|in part)\b")
#: a part of an order (``section 1(b) of``, ``the provisions of``): only an amendment of it
_PART_OF = re.compile(r"\b(?:[Ss]ections?|[Ss]ubsections?|[Pp]aragraphs?|[Ss]ubparagraphs?|"
                      r"[Pp]rovisions?|[Pp]arts?|[Cc]lauses?|[Ss]entences?)\b[^,;]*\bof(?: the)? $")
#: where the subject's list goes on with another order (a new item of the list)
_NEXT_ITEM = re.compile(r"(,\s+(?:and\s+)?|;\s+(?:and\s+)?|\s+and\s+)"
                        r"(?=(?:(?:the )?(?:[Pp]rovisions|[Ss]ections?|[Ss]ubsections?|"
                        r"[Pp]aragraphs?)\b[^,;]{0,60}? of )?"
                        r"Executive Orders? )")


def relations(order: ExecutiveOrder) -> list[Relation]:
    """The orders this one says it amends, revokes or supersedes, in the order named: every
    order the subject of ``… is hereby revoked`` (``are superseded``, ``be amended``)
    names, not those named in a clause about it (``, as amended by Executive Order M,``,
    ``, which revoked …,``, a parenthesis). A part of an order (``section 1(b) of Executive
    Order 12640``) is amended with it, but revoking or superseding a part is not listed. A
    sentence that says more than which orders (``except``, ``if``) is not read.

    >>> o = ExecutiveOrder("13322", "", "", blocks=[Block("paragraph", "Executive Order "
    ...     "13282 of December 31, 2002, as amended by Executive Order 13291 of March 21, "
    ...     "2003, is superseded.")])
    >>> [(r.kind, r.number, r.date) for r in relations(o)]
    [('supersedes', '13282', 'December 31, 2002')]
    """
    out: list[Relation] = []
    seen: set[tuple[str, str]] = set()
    kinds = {"amended": "amends", "revoked": "revokes", "superseded": "supersedes"}
    for block in order.blocks:
        text = block.text
        last = 0
        quotes = 0  # quotes opened and not closed before ``last``
        for verb in _RELATION_VERB.finditer(text):
            kind = kinds[verb.group(1)]
            subject_start = last
            for start in _SENTENCE_START.finditer(text, last, verb.start()):
                subject_start = start.end()
            quotes += text.count("“", last, verb.start()) - text.count("”", last, verb.start())
            last = verb.end()
            if quotes > 0:
                continue  # quoted: words another order is given
            subject = text[subject_start:verb.start()]
            if _UNSURE.search(subject):
                continue
            for number, date in _subject_orders(subject, kind):
                key = (kind, number)
                if key not in seen and number != order.number:
                    seen.add(key)
                    out.append(Relation(kind, number, date))
    return out


def _subject_orders(subject: str, kind: str) -> list[tuple[str, str | None]]:
    """The orders a relation's subject names: ``(number, date)``, the date as printed when
    the number has its own."""
    subject = re.sub(r"\([^()]{0,300}\)", " ", " ".join(subject.split()))
    out: list[tuple[str, str | None]] = []
    pieces = _NEXT_ITEM.split(subject)
    # [item, separator, item, …]: an item joined by a bare "and" goes on the clause before
    excluded = False
    for k in range(0, len(pieces), 2):
        item = pieces[k]
        separator = pieces[k - 1] if k else ""
        if not (excluded and separator.strip() == "and"):
            excluded = False
        end = len(item)
        if not excluded and (clause := _NOT_SUBJECT.search(item)):
            end = clause.start()
        for m in _ORDERS_NAMED.finditer(item):
            if excluded or m.start() >= end:
                break
            if kind != "amends" and _PART_OF.search(item[max(m.start() - 200, 0):m.start()]):
                continue
            numbers = [(m.group(1), m.group(2))]
            numbers += [(n, d) for n, d in re.findall(
                r"(\d{4,5})\b(?!-[A-Z])(?: of ((?:" + MONTHS + r") \d{1,2}, \d{4}))?",
                m.group(3))]
            out += [(n, d or None) for n, d in numbers]
        if _NOT_SUBJECT.search(item):
            excluded = True
    return out


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def general_provisions(order: ExecutiveOrder) -> GeneralProvisions | None:
    """Find the General Provisions section and compare each standard part with the standard
    wording: (a) with (i)–(ii) and (b) word for word, (c) word for word, the whole section."""
    for section in order.sections:
        subs = [b for b in section.blocks if b.kind == "subsection"]
        captioned = section.caption is not None and re.fullmatch(
            r"(?i)general provisions?", section.caption.strip()) is not None
        standard_c = any(b.label == "c" and _same(b.text, STANDARD_PROVISIONS["c"])
                         for b in subs)
        if not captioned and not standard_c and not any(
                fuzz.ratio(b.text, STANDARD_PROVISIONS["a"]) >= 85 for b in subs[:3]):
            continue
        found = GeneralProvisions(section.number or "")
        by_label = {b.label: b for b in subs}
        for label, wording in STANDARD_PROVISIONS.items():
            block = by_label.get(label)
            if block is None:
                continue
            if not _same(block.text, wording) and fuzz.ratio(block.text, wording) > 75:
                found.differences.append(label)
        labels = [b.label for b in subs]
        for k in range(len(subs) - 3):
            if labels[k:k + 4] == ["a", "i", "ii", "b"] and all(
                    _same(subs[k + j].text, STANDARD_PROVISIONS[str(subs[k + j].label)])
                    and subs[k + j].level == (2 if j in (1, 2) else 1) for j in range(4)):
                found.ab = True
        found.c = any(b.label == "c" and b.level == 1 and _same(b.text, STANDARD_PROVISIONS["c"])
                      for b in subs)
        head = section.blocks[0]
        found.whole = (found.ab and found.c and labels == ["a", "i", "ii", "b", "c"]
                       and len(section.blocks) == 6 and not head.text
                       and head.caption == "General Provisions" and head.caption_end == "."
                       and head.head == f"Sec. {head.number}.")
        return found
    return None
