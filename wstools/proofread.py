"""The main job: an OCR'd ``Page:`` in, the page as it should be saved out.

Steps (each one's changes are :class:`~wstools.edits.Edit` s in the coordinates of the input):

1. wiki chrome: a page copied from a browser (``Page:…`` title line, "From Wikisource",
   "Jump to navigation") is reduced to its OCR text; the title line becomes the page title;
2. running head: the page number and title on the first line, or fused into it
   (``600 WHIST the first trick…``), move to the header as ``{{rh|600|WHIST|}}`` (even
   page, number left) or ``{{rh||WHIST|601}}`` (odd), or ``{{rvh|600|WHIST}}`` by option;
3. cleanup and corpus repair (:mod:`wstools.repair`), then headings checked against the
   corpus' headings (an OCR-garbled word of a recognised heading is replaced);
4. law structure (:mod:`wstools.laws`): the continuation of a law begun on the previous
   page, then one law a paragraph, headings in a template (``{{c|{{sc|…}}}}`` by default),
   clauses as printed;
5. ``{{nop}}`` when the last paragraph ends on this page, ``{{smallrefs}}`` in the footer
   when the body has ``<ref>`` s, and lint over header, body and footer.

Do no harm (:func:`proofread_page`): a page at level 3 or 4, or whose body is already
formatted wikitext, is not OCR: it comes back as it was (byte for byte), with only the
cleanup fixes a proofreader names (``fixes``) applied to its text nodes, never to markup. A
level is never lowered unless ``conventions.level`` says so, and ``user`` names whoever set the
level (ProofreadPage's rule). Every page is checked before it is emitted: its words, with the
reported edits undone, are the input's words in the same order (:func:`words_in_order`); a
layout that would move text falls back to the text's own paragraphs, and a page that still
fails the check is refused (returned unchanged, with an ``order-check`` error).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate

import regex

from .diagnostics import Diagnostic, locate
from .edits import Edit, OffsetMap, apply_edits, compose, edit_at, map_to_source, with_positions
from .laws.model import Clause, Code, Law
from .laws.parse import heading_match, parse
from .page import DEFAULT_LEVEL, LEVELS, Page, is_redirect, new_page, read_page
from .page_model import hyphen_joins, label_repairs, lay_out, read_blocks
from .repair.repair import Repairer, RepairResult, _match_case, is_word
from .running_head import RunningHead, find_foot_folio, find_running_head
from .text.foot_notes import text_before_notes
from .text.formatted import is_wikitext
from .text.ocr import modernise_long_s
from .text.stray_markup import stray_markup
from .text.web import remove_page_marks
from .text.whitespace import normalise_line_ends, verse_lines
from .wikitext.markup import clean_text_nodes

WIKI_CHROME = (
    "From Wikisource", "Jump to navigation", "Jump to search", "Jump to navigation Jump to search",
    "This page needs to be proofread.", "This page has been proofread.",
    "This page has been proofread, but needs to be validated.", "This page has been validated.",
    "This page does not need to be proofread.", "This page has been proofread, but needs to be "
    "validated", "Navigation menu",
)
_TITLE_LINE = regex.compile(r"\APage:[^\n|#<>\[\]{}]+/\d+[ \t]*$", regex.MULTILINE)
# what a page view says of the page's proofreading level (ProofreadPage's status line)
VIEW_LEVELS = {"This page does not need to be proofread.": 0,
               "This page has been marked as problematic.": 2,
               "This page needs to be proofread.": 1, "This page has not been proofread.": 1,
               "This page has been proofread, but needs to be validated.": 3,
               "This page has been proofread, but needs to be validated": 3,
               "This page has been proofread.": 3, "This page has been validated.": 4}
_CHROME_LINES = frozenset(WIKI_CHROME) | frozenset(VIEW_LEVELS)
# the lines a page view ends with: its permanent link, categories, the last edit's date
_VIEW_FOOTER = regex.compile(r"(?:Retrieved from \S.*|Categor(?:y|ies): .*|Hidden categor(?:y|ies)"
                             r": .*|This page was last edited on .*|Navigation menu)[ \t]*")
_PARAGRAPH_END = regex.compile(r"""[.!?:]['"’”)\]]*\s*\Z""")


# a body longer than this (characters) is not aligned with the corpus' printings: a Page:
# page has a few thousand, and the alignment of a 2 MB text takes a minute
WITNESS_LIMIT = 200_000
MAX_PAGE_BYTES = 2 * 1024 * 1024  # MediaWiki's $wgMaxArticleSize (2,048 KiB)


@dataclass
class Conventions:
    """How the page is written; the defaults follow English Wikisource."""

    header: str = "rh"  # "rh" or "rvh"
    heading: str = "{{c|{{sc|$1}}}}"  # $1 is the heading as printed
    law_number: str = "$1. "  # how a law number opens its paragraph ("'''$1.''' " for bold)
    nop: str = "{{nop}}"  # "" to leave paragraph ends at the page bottom unmarked
    references: str = "{{smallrefs}}"  # footer when the body has <ref>s
    level: int | None = None  # None keeps the page's level (1 for new OCR text)
    user: str = ""  # who sets the level, when it changes
    lower: bool = False  # whether ``level`` may lower a page's own level (else it only raises)
    long_s: bool = False  # whether the long s is modernised (ſ -> s); else kept as printed


@dataclass
class ProofreadResult:
    """``page`` is ready to save; ``edits`` hold every change (input coordinates, with line
    and column), ``flags`` suspicious readings left alone, ``diagnostics`` lint and structure."""

    source: str
    page: Page
    title: str | None = None
    running_head: RunningHead | None = None
    edits: list[Edit] = field(default_factory=list)
    flags: list[Edit] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    codes: list[Code] = field(default_factory=list)
    repair: RepairResult | None = None
    input_text: str = ""  # the text as given (book mode explains edits in its lines)

    @property
    def laws(self) -> int:
        return sum(len(c.laws) for c in self.codes)

    @property
    def headings(self) -> int:
        return sum(1 for c in self.codes for s in c.sections if s.heading)

    @property
    def lint_clean(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics if d.code != "no-laws")

    def summary(self) -> str:
        by_rule: dict[str, int] = {}
        for e in self.edits:
            by_rule[e.rule] = by_rule.get(e.rule, 0) + 1
        rules = ", ".join(f"{n} {r}" for r, n in sorted(by_rule.items(), key=lambda x: -x[1]))
        lint = "lint clean" if self.lint_clean else "lint errors"
        view = next((d for d in self.diagnostics if d.code == "page-view"), None)
        level = f"level {self.page.level} ({self.page.level_name})"
        if self.page.quality_unread:
            level = "left as it is, its level mark unread"
        if view is not None:  # a copied view of a proofread page: its level is the view's
            stated = regex.search(r"at level (\d) \(([^)]*)\)", view.message)
            level = (f"left as it is, a view of a page at level {stated[1]} ({stated[2]})"
                     if stated else "left as it is")
        return (f"{len(self.edits)} edits ({rules or 'none'}), {len(self.flags)} flags; "
                f"{self.laws} laws, {self.headings} headings; {level}; {lint}")


# -- 1. wiki chrome --------------------------------------------------------------------


def strip_wiki_chrome(text: str) -> tuple[str | None, list[Edit]]:
    """Take out the lines a browser copy of a Page: page adds around its OCR text.

    >>> strip_wiki_chrome("Page:Book.djvu/7\\n\\nFrom Wikisource\\nText")
    ('Page:Book.djvu/7', [Edit(start=0, end=34, old='Page:Book.djvu/7\\n\\nFrom Wikisource\\n', \
new='', rule='wiki-chrome', confidence=0.95, evidence='the lines a Wikisource page view adds \
around the text (title, navigation, proofreading status)', line=0, column=0)])
    """
    pos, title = 0, None
    m = _TITLE_LINE.match(text)
    if m:
        title, pos = m.group(0).strip(), m.end()
    chrome = _CHROME_LINES
    while True:
        end = text.find("\n", pos)
        line = text[pos:] if end < 0 else text[pos:end]
        if line.strip() and line.strip() not in chrome:
            break
        if end < 0:
            pos = len(text)
            break
        pos = end + 1
        if not line.strip():
            continue
    edits = []
    if pos and (title is not None or any(c in text[:pos] for c in chrome)):
        edits.append(Edit(0, pos, text[:pos], "", "wiki-chrome", 0.95,
                          "the lines a Wikisource page view adds around the text (title, "
                          "navigation, proofreading status)"))
    if edits:  # a page view: its footer lines too (only when the head says it is one)
        tail = _view_footer(text, pos)
        if tail < len(text):
            edits.append(Edit(tail, len(text), text[tail:], "", "wiki-chrome", 0.95,
                              "the lines a Wikisource page view ends with (its permanent "
                              "link, categories, the date of the last edit)"))
    return title, edits


def _view_footer(text: str, start: int) -> int:
    """Where the page view's footer lines begin (``len(text)`` when it has none): the last
    lines are all footer lines (or blank)."""
    at = len(text)
    for m in reversed(list(regex.finditer(r"[^\n]*(?:\n|\Z)", text[start:]))):
        line = m.group().strip()
        if line and not _VIEW_FOOTER.fullmatch(line):
            break
        if line:
            at = start + m.start()
    return at


def view_level(text: str) -> int | None:
    """The level a copied page view states in its status line, when the text is one.

    >>> view_level("Page:A.djvu/3\\nFrom Wikisource\\nThis page has been validated.\\nText")
    4
    >>> view_level("This page has been validated. Text") is None
    True
    """
    title, chrome = strip_wiki_chrome(text)
    if not chrome or chrome[0].start != 0:
        return None
    lines = {line.strip() for line in chrome[0].old.split("\n")}
    found = [level for line, level in VIEW_LEVELS.items() if line in lines]
    return max(found) if found else None


# -- 3. headings -----------------------------------------------------------------------


_TOKEN = regex.compile(r"\S+")


def _core(token: str) -> tuple[str, str]:
    m = regex.search(r"[.,;:]+\Z", token)
    return (token[:m.start()], token[m.start():]) if m else (token, "")


_RUNNING_FIRST = regex.compile(r"\s*\d")  # (a heading that opens with a number: not mended)


def repair_headings(text: str, codes: list[Code], headings: tuple[str, ...] | list[str],
                    repairer: Repairer) -> list[Edit]:
    """Edits (in ``text``) mending the headings of ``codes`` that the corpus knows
    (:func:`mend_heading`)."""
    edits: list[Edit] = []
    pos = 0
    for code in codes:
        for s in code.sections:
            if not s.heading:
                continue
            at = text.find(s.heading, pos)
            if at < 0:
                continue
            pos = at + len(s.heading)
            edits += mend_heading(at, s.heading, headings, repairer)
    return edits


def mend_heading(at: int, heading: str, headings: tuple[str, ...] | list[str] | Sequence[str],
                 repairer: Repairer) -> list[Edit]:
    """Edits (``heading`` stands at ``at``) replacing the words of a heading the corpus knows
    that OCR misread.

    A word is replaced only when the heading as a whole matches a corpus heading and the
    words around it agree, and it is no word of the language or the corpus, or (in a heading
    that matches at 90 or more) a letter off the corpus's far commoner word (``Leaps`` for
    ``Leads``). In small capitals OCR read in mixed case (``DurInG``), a word
    the corpus's is written with its first letter a capital.
    """
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.fuzz import ratio

    from .repair.confusion import cost
    from .text.english import zipf
    known, score = heading_match(heading, headings)
    if known is None or score < 60:
        return []
    printed = [(m.start() + at, m.group()) for m in _TOKEN.finditer(heading)]
    words = [w.lower() for w in _TOKEN.findall(known)]
    # align word by word, allowing the corpus an extra leading article
    if len(words) == len(printed) + 1 and words[0] in ("the", "a"):
        words = words[1:]
    if len(words) != len(printed):
        return []
    agree = sum(1 for (_, t), w in zip(printed, words, strict=True)
                if _core(t)[0].lower() == _core(w)[0])
    small_caps = not heading.isupper() and any(
        c.isupper() for t in heading.split()[1:] for c in t[:1])
    edits: list[Edit] = []
    for (start, token), word in zip(printed, words, strict=True):
        core = _core(token)[0]
        target = _core(word)[0]
        if core.lower() == target:
            if small_caps and score >= 90 and len(core) >= 2 and core[1:] != core[1:].lower():
                edits.append(Edit(start, start + len(core), core, core[0] + core[1:].lower(),
                                  "heading", 0.8, f"heading '{heading}' in small capitals "
                                  f"is the corpus heading '{known}' (similarity {score:.0f}): "
                                  f"'{core}' has capitals OCR read inside the word"))
            continue
        confusion = cost(core.lower(), target)
        if is_word(core, repairer.index) and core.isalpha() and not (
                (score >= 90 or score >= 70 and agree == len(words) - 1)
                and len(core) == len(target) >= 3
                and Levenshtein.distance(core.lower(), target) == 1
                and zipf(target) >= zipf(core.lower()) + (1 if len(core) >= 4 else 2)):
            # a word as printed; but in a heading the corpus knows (90 or more, or 70 with
            # every other word agreeing), a word a letter off the corpus's far commoner one is
            # its misreading ("Leaps", "Leads"; "Tue REVOKE", "THE REVOKE")
            continue
        if (ratio(core.lower(), target) < 45 and confusion > 0.4 * len(target)) \
                or (agree == 0 and score < 80):
            continue
        # a heading word is capitalised as printed; a mangled first letter ("('ulliinj")
        # stands for a capital at the start of the heading
        model = core if core[:1].isalpha() else "A"
        if small_caps and not core.isupper():
            model = "Aa"  # small capitals: a capital, then small letters
        new = _match_case(model, target)
        edits.append(Edit(start, start + len(core), core, new, "heading",
                          0.8 if score >= 80 else 0.7,
                          f"heading '{heading}' is the corpus heading '{known}' "
                          f"(similarity {score:.0f}); '{core}' is OCR's misreading "
                          f"(edit distance {Levenshtein.distance(core.lower(), target)}, "
                          f"OCR confusion cost {confusion:g})"))
    return edits


_FUNCTION_WORDS = ("THE", "AND", "OF")


def _spaced(title: str, repairer: Repairer) -> str:
    """A running title's words that OCR ran together after a short function word, parted
    (``DIGEST OF THELAWS`` → ``DIGEST OF THE LAWS``): only where the whole is no word and
    the rest is one.

    >>> r = Repairer.load()
    >>> _spaced("DIGEST OF THELAWS", r), _spaced("THEATRE", r)
    ('DIGEST OF THE LAWS', 'THEATRE')
    """
    vocabulary = repairer.index.vocabulary

    def part(m: regex.Match[str]) -> str:
        word = m.group()
        if len(word) < 5 or not word.isupper() or vocabulary.is_word(word):
            return word
        for small in _FUNCTION_WORDS:
            rest = word[len(small):]
            if word.startswith(small) and len(rest) >= 3 and vocabulary.is_word(rest):
                return f"{small} {rest}"
        return word
    return regex.sub(r"\p{L}+", part, title)


def _accented(title: str, repairer: Repairer) -> str:
    """A running title's words with the accents the corpus prints them with (OCR drops
    them: ``BEZIQUE`` is the corpus' ``Bézique``); a word of its own is left alone."""
    vocabulary = repairer.index.vocabulary
    return regex.sub(r"\p{L}+", lambda m: vocabulary.accented(m.group()) or m.group(), title)


# -- 4. body ---------------------------------------------------------------------------


def _law_paragraph(law: Law, conventions: Conventions) -> str:
    parts = []
    if law.number is not None:
        parts.append(conventions.law_number.replace("$1", law.label))
    if law.heading:
        parts.append(f"''{law.heading}.''—" if law.number is not None else f"{law.heading}.—")
    if law.text.startswith(("—", "-")) and parts and not law.heading:
        parts[-1] = parts[-1].rstrip()  # printed "1.—Each player…"
    parts.append(law.text)
    lines = ["".join(parts).rstrip()]
    for b in law.body:
        if isinstance(b, Clause):
            lines.extend(_clause_lines(b))
        else:
            lines.append(b.text)
    for n in law.notes:
        lines.append(n.text if n.text.lower().startswith("note") else f"Note.—{n.text}")
    return "\n".join(x for x in lines if x)


def clause_label(clause: Clause) -> str:
    """The label as printed: the clause's style with its label in place of the example one.

    >>> [clause_label(Clause(x, "", s)) for x, s in
    ...  (("b", "(a)"), ("c", "a."), ("II", "I."), ("2nd", "1st."), ("d", "(a.)"), ("e", ""))]
    ['(b)', 'c.', 'II.', '2nd.', '(d.)', 'e.']
    """
    if clause.style in ("-", "*"):
        return "*"
    m = regex.search(r"[\p{L}\p{N}]+", clause.style)
    if m is None:
        return f"{clause.label}."
    return clause.style[:m.start()] + clause.label + clause.style[m.end():]


def _clause_lines(clause: Clause) -> list[str]:
    lines = [f"{clause_label(clause)} {clause.text}".rstrip()]
    for sub in clause.clauses:
        lines.extend(_clause_lines(sub))
    return lines


def body_wikitext(codes: list[Code], conventions: Conventions | None = None) -> str:
    """The page body: one paragraph a law, headings in ``conventions.heading``."""
    conventions = conventions or Conventions()
    paragraphs: list[str] = []
    for code in codes:
        if code.fragment:
            paragraphs.append(code.fragment)
        if code.title:
            paragraphs.append(conventions.heading.replace("$1", code.title))
        paragraphs.extend(code.preamble)
        for s in code.sections:
            if s.heading:
                paragraphs.append(conventions.heading.replace("$1", s.heading))
            paragraphs.extend(s.paragraphs if not s.laws else ())
            for law in s.laws:
                paragraphs.append(_law_paragraph(law, conventions))
            if s.laws:
                paragraphs.extend(s.paragraphs)
        for k, v in code.footnotes.items():
            paragraphs.append(f"<ref>{v}</ref>" if not k else f"[{k}] {v}")
    return "\n\n".join(p.strip() for p in paragraphs if p.strip())


_LEADING_BLANKS = regex.compile(r"^[ \t]+(?=\S)", regex.M)
_KEEPS_BLANKS = regex.compile(r"<(?:pre|poem|syntaxhighlight|source|math)\b", regex.I)


def no_preformatted_lines(body: str) -> str:
    """The body without blanks at a line's start: MediaWiki sets a line that begins with a
    space as preformatted text (a grey box), which no printed page is; an indented row of a
    table or a clause's indent in the OCR is a line like any other. (Blocks that keep their
    blanks, ``<pre>``, ``<poem>``, are left alone.)

    >>> no_preformatted_lines("Odds 649,999 to 1\\n        \\" fours 4,164 to 1")
    'Odds 649,999 to 1\\n" fours 4,164 to 1'
    """
    if _KEEPS_BLANKS.search(body):
        return body
    return _LEADING_BLANKS.sub("", body)


def ocr_marks_kept(fixes: list[Edit], text: str) -> list[Edit]:
    """The parser's cleanup ``fixes`` of a page's OCR ``text`` without those that take out
    what the page prints: a footnote mark (``alloys.[1]``: its note is at the page's foot,
    however long the page, or on another page) and braces that are not surely a web copy's
    page mark (``on page {241} of``; one alone on its line, or beside another of its
    sequence, is).

    >>> text = "termed alloys.[1] Then {241} more"
    >>> fixes = [Edit(14, 17, "[1]", "", "footnote-mark"), Edit(22, 28, " {241}", "", "page-mark")]
    >>> ocr_marks_kept(fixes, text)
    []
    """
    if not any(e.rule in ("footnote-mark", "page-mark") for e in fixes):
        return fixes
    sure = {(e.start, e.end) for e in remove_page_marks(text, sure=True).edits}
    return [e for e in fixes if e.rule != "footnote-mark"
            and (e.rule != "page-mark" or (e.start, e.end) in sure)]


def _fallback_body(text: str) -> str:
    """Text with no laws: its own paragraphs, blank-line separated."""
    return "\n\n".join(p.strip() for p in regex.split(r"\n\s*\n", text) if p.strip())


_INLINE_LAW = regex.compile(r"(?<!\b(?:Sec|SEC|Section|Art|ART|Article|Rule|No))[.;:!?]['’”)]*"
                            r"(?:[ \t]+|[ \t]*\n(?![ \t]*\n)[ \t]*)"
                            r"\d{1,3}[a-z]?\.[ \t—-]*[\p{Lu}(‘'\"]")
_OPENING_LAW = regex.compile(r"\n[ \t]*\n\s*(?:(?:Sec|SEC|Section|Art|ART|Article|Rule)\.?\s+)?"
                             r"\d{1,3}[a-z]?\.[ \t—-]*[\p{Lu}(‘'\"]")


_FORMATTED = regex.compile(r"^(?:\{\{(?:c|center|centre)\||'''\d+\.''')", regex.M)


def _shape(text: str) -> str | None:
    """``wikitext`` for a body already written one paragraph a law (a page proofread
    before); ``flat`` for OCR text whose laws run together (as a page's OCR layer does, in
    one line or hard-wrapped printed lines); otherwise let the parser decide."""
    paragraphs = [p for p in regex.split(r"\n\s*\n", text) if p.strip()]
    if len(paragraphs) >= 3 and sum(1 for p in paragraphs if _FORMATTED.match(p)) \
            >= len(paragraphs) // 2:
        return "wikitext"
    # law starts inside paragraphs (after a space or a line end) against law starts that
    # open a paragraph: OCR in paragraphs is read by page_model, run-together laws are flat
    # (a law opening the page counts only beside one run in inside a line: "17. The
    # dealer…" over "…left." "18. A…" is a page of laws in lines, whose first the page
    # model keeps; "53. After… for. 54. If…" is laws run together)
    found = list(_INLINE_LAW.finditer(". " + text.lstrip()))
    if found and all("\n" in m.group() for m in found[found[0].start() == 0:]):
        found = []  # every law at a line's start, after a sentence's end: laws in lines,
        # their paragraph breaks lost (the page model splits them there, with their clauses)
    numbers = [int(regex.search(r"\d+", m.group()[1:]).group())  # type: ignore[union-attr]
               for m in found]
    opening = len(_OPENING_LAW.findall("\n\n" + text.lstrip()))
    if len(numbers) >= 2 and len(numbers) > opening and not _senses(numbers):
        return "flat"
    return None


def _only_text(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether the pieces ``spans`` of ``text`` hold all of its letters and digits: a
    "running head" that is all the page prints is its text, not a head over it.

    >>> _only_text("12\\n\\nTHE END\\n", [(0, 2), (4, 11)])
    True
    >>> _only_text("12 THE END\\n\\nThe deal.", [(0, 10)])
    False
    """
    kept = list(text)
    for a, b in spans:
        kept[a:b] = [" "] * (b - a)
    return not any(c.isalnum() for c in kept)


def head_pieces(spans: Sequence[tuple[int, int]], text: str, end: int) -> list[tuple[int, int]]:
    """The spans of the running head's pieces in ``text``, each up to the next one when only
    blank lines stand between them and the next is still at the top (before ``end``): the
    edits that take the head out account for every character the body loses.

    >>> head_pieces([(0, 4), (5, 12), (13, 24)], "322\\n\\nAFRICA\\n\\n[GEOGRAPHY\\n\\nlakes", 24)
    [(0, 5), (5, 13), (13, 24)]
    """
    out = []
    for k, (a, b) in enumerate(spans):
        after = spans[k + 1][0] if k + 1 < len(spans) else None
        if after is not None and b < after <= end and not text[b:after].strip():
            b = after
        out.append((a, b))
    return out


_GATHERINGS = (4, 8, 12, 16, 24, 32)  # the pages of a printed sheet, folded


def printers_signature(folio: str, number: str) -> bool:
    """Whether ``number``, alone at the foot of the page whose head prints ``folio``, reads
    as the printer's signature: the page opens a gathering (a sheet of 4 to 32 pages) and
    the number is that gathering's (or up to two more, gatherings of front matter before
    page 1). Any other number at the foot of a page whose head has its folio is the text's.

    >>> printers_signature("321", "11"), printers_signature("17", "2")  # 10 x 32 + 1; 16 + 1
    (True, True)
    >>> printers_signature("322", "11"), printers_signature("260", "12")
    (False, False)
    """
    if not (folio.isdigit() and number.isdigit()):
        return False
    page, mark = int(folio), int(number)
    return any((page - 1) % size == 0 and 0 <= mark - (page - 1) // size - 1 <= 2
               for size in _GATHERINGS)


def _head_in_header(head: RunningHead, header: str) -> bool:
    """Whether the page's own header holds every word of the running head's title read at
    its top (``12 HISTORY OF ROME`` in ``{{rh|12|HISTORY OF ROME|}}``): the line is the
    header's twin, not text.

    >>> head = RunningHead("12", "HISTORY OF ROME", "left", 0, 18)
    >>> _head_in_header(head, "{{rh|12|History of Rome|}}")
    True
    >>> _head_in_header(head, "{{running header|left=12|center=HISTORY}}")
    False
    """
    words = set(regex.findall(r"[\p{L}\p{N}]+", header.casefold()))
    # (the folio only when the head has no title: the Index's page number is the header's,
    # and OCR may have misread the printed one)
    want = regex.findall(r"[\p{L}\p{N}]+", (head.title or head.number or "").casefold())
    return all(w in words for w in want)


def _senses(numbers: Sequence[int]) -> bool:
    """Numbers that start again from 1 every few items: a dictionary's senses or a prose
    list's points (``ABACUS, n. 1. A counting frame. 2. The upper member.``), not laws run
    together; a code's numbering starts again only where a new code begins.

    >>> _senses([1, 2, 3, 1, 2]), _senses([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 1, 2, 3, 4])
    (True, False)
    """
    restarts = sum(1 for n in numbers if n == 1)
    return restarts >= 2 and restarts * 4 > len(numbers)


# -- the job ---------------------------------------------------------------------------


def proofread(text: str, *, title: str | None = None, repairer: Repairer | None = None,
              conventions: Conventions | None = None, header: str = "", footer: str = "",
              file: str = "-", running_titles: Sequence[str] = (),
              previous_law: int | None = None, find_head: bool = True) -> ProofreadResult:
    """Proofread one page of OCR text; see the module docstring for the steps.
    ``running_titles`` are the book's running titles, when known (book mode): a line of
    capitals alone at the top that is one of them is the running head, its folio lost.
    ``previous_law`` is the last law number of the page before (book mode): it anchors a
    first law whose number OCR garbled. ``find_head=False``: the page's top is text (book
    mode, where the sequence shows that a line read as the head is not one)."""
    conventions = conventions or Conventions()
    level = DEFAULT_LEVEL if conventions.level is None else conventions.level
    if level not in LEVELS:
        raise ValueError(f"level must be 0-4, not {conventions.level}")
    if repairer is None:
        repairer = Repairer.load()
    if "\r" in text:  # a file saved with Windows line ends (the wiki stores LF)
        line_ends = normalise_line_ends(text).edits
        inner = proofread(apply_edits(text, line_ends), title=title, repairer=repairer,
                          conventions=conventions, header=header, footer=footer, file=file,
                          running_titles=running_titles, previous_law=previous_law,
                          find_head=find_head)
        return _in_input(inner, text, line_ends)
    edits: list[Edit] = []
    found_title, chrome = strip_wiki_chrome(text)
    title = title or found_title
    edits.extend(chrome)
    offset = chrome[0].end if chrome and chrome[0].start == 0 else 0
    stop = chrome[-1].start if chrome and chrome[-1].end == len(text) and chrome[-1].start else \
        len(text)  # a page view's footer lines: not the page's text
    rest = text[offset:stop]
    head = find_running_head(rest, repairer.index.headings, detached=True,
                             titles=running_titles) if find_head else None
    cut: list[Edit] = []  # a piece of the head inside the body (read between the columns)
    head_notes: list[Diagnostic] = []
    if head is not None and header.strip() and not _head_in_header(head, header):
        # the page has its own header (the Index's), which does not hold what the page
        # prints at its top: that line stays in the text for the proofreader to judge
        head_notes = locate([Diagnostic(
            "head-not-in-header", f"the line at the page's top reads as a running head "
            f"({text[head.start + offset:head.end + offset].strip()!r}) but the page's own "
            "header does not hold its words: left in the text", offset, "warning")],
            text, file)
        head = None
    if head is not None and head.title and _only_text(rest, head.spans):
        head = None  # a title with nothing under it ("12 / THE END") is the page's text
    if head is not None:
        spans = [(a + offset, b + offset) for a, b in head.spans]
        head = replace(head, start=spans[0][0], end=head.end + offset, spans=spans,
                       title=_accented(_spaced(head.title, repairer), repairer))
        header_call = head.wikitext(conventions.header)
        for a, b in head_pieces(spans, text, head.end):  # every piece of the head (a folio
            # on a line of its own) an edit, with the blank lines between the pieces
            edits.append(Edit(a, b, text[a:b], "", "running-head", 0.9,
                              f"{head.described()} moved to the header as {header_call}"))
        offset = head.end
        cut = [Edit(a - offset, b - offset, text[a:b], "", "running-head")
               for a, b in spans if a >= offset]
    foot = find_foot_folio(text[offset:stop])
    if foot is not None and head is not None and head.number and foot[2] != head.number and \
            not printers_signature(head.number, foot[2]):
        foot = None  # the head has the folio: a number at the foot is the text's (unless
        # it numbers the gathering the page opens: the printer's signature)
    if foot is not None and not (head is not None and head.spans[-1][1] >= offset + foot[0]):
        # the folio printed at the foot: the footer's, as the head is the header's
        a, b = offset + foot[0], offset + foot[1]
        call = f"{{{{c|{foot[2]}}}}}"
        edits.append(Edit(a, b, text[a:b], "", "foot-folio", 0.9,
                          f"'{foot[2]}' printed alone at the page's foot (its folio, or a "
                          f"printer's signature) is no text of the page: moved to the footer "
                          f"as {call}"))
        if call not in footer:
            footer = f"{footer}\n{call}" if footer else call
        stop = a
    body_source = apply_edits(text[offset:stop], cut) if cut else text[offset:stop]
    before = [OffsetMap(cut)]  # body_source offsets -> offsets after the head at the top
    long_s = modernise_long_s(body_source).edits if conventions.long_s else []
    if long_s:  # asked for: the print's ſ is kept unless the user modernises it
        edits.extend(_to_input(long_s, before, text, offset))
        body_source = apply_edits(body_source, long_s)
        before.append(OffsetMap(long_s))
    oversized = len(body_source) > WITNESS_LIMIT
    result = repairer.repair(body_source, witness=not oversized)
    edits.extend(_to_input(result.all_edits(), before, text, offset))
    flags = [replace(f, start=f.start + offset, end=f.end + offset)
             for f in map_to_source(result.flags, [*before, *result.cleanup.maps])]
    repaired = result.text
    maps = [*before, *result.cleanup.maps, OffsetMap(result.edits)]
    # an unclosed "<!--" would hide the rest of the page; OCR's "''" would be italics (not
    # the cleanup's own, made of "_italics_")
    stray = stray_markup(repaired, lambda a, b: not _printed(text, offset + _to_input_offset(
        a, maps), repaired[a:b]))
    if stray:
        edits.extend(_to_input(stray, maps, text, offset))
        repaired = apply_edits(repaired, stray)
        maps.append(OffsetMap(stray))
    index = repairer.index
    shape = _shape(repaired)
    parsed = parse(repaired, shape, headings=index.headings, vocabulary=index.vocabulary)
    heading_edits = repair_headings(repaired, parsed.codes, index.headings, repairer)
    if heading_edits:
        edits.extend(_to_input(heading_edits, maps, text, offset))
        repaired = apply_edits(repaired, heading_edits)
        maps.append(OffsetMap(heading_edits))
        parsed = parse(repaired, shape, headings=index.headings, vocabulary=index.vocabulary)
    parsed_maps = list(maps)  # the coordinates of the parser's findings
    # the parser's own fixes (a law number, a line end) are edits like any other
    fixes = ocr_marks_kept([e for e in parsed.edits
                            if e.old != e.new and repaired[e.start:e.end] == e.old], repaired)
    edits.extend(_to_input(fixes, maps, text, offset))
    if fixes:
        repaired = apply_edits(repaired, fixes)
        maps.append(OffsetMap(fixes))
    codes = parsed.codes if parsed.laws else []
    # the parser's findings in the input's coordinates, named by its file
    diagnostics = head_notes + locate([replace(
        d, offset=offset + _to_input_offset(d.offset, parsed_maps))
        for d in parsed.diagnostics if d.code != "no-laws"], text, file)
    layout = None
    if shape is None:
        # OCR in paragraphs: read the page's own paragraphs (laws, clauses, headings) and
        # keep them as printed (page_model)
        # (the page's blocks are read once, and again only where an edit changed the text)
        read = read_blocks(repaired, index.headings)
        joins = hyphen_joins(repaired, lambda w: is_word(w.lower(), index))
        joins = sorted(joins + label_repairs(repaired, index.headings, read),
                       key=lambda e: e.start)
        if joins:
            edits.extend(_to_input(joins, maps, text, offset))
            repaired = apply_edits(repaired, joins)
            maps.append(OffsetMap(joins))
        blocks = read if not joins and previous_law is None else \
            read_blocks(repaired, index.headings, previous_law)
        mends = [e for b in blocks if b.kind == "heading" and not _RUNNING_FIRST.match(b.text)
                 for e in mend_heading(b.start, b.text, index.headings, repairer)]
        if mends:  # the headings the page model reads, mended from the corpus's
            edits.extend(_to_input(mends, maps, text, offset))
            repaired = apply_edits(repaired, mends)
            maps.append(OffsetMap(mends))
        layout = lay_out(repaired, conventions.heading, index.headings, previous_law,
                         conventions.law_number, None if mends else blocks)
        codes = layout.codes
        if not any(c.laws for c in codes):  # the parser's numbers are no laws the page has
            diagnostics = [d for d in diagnostics if d.code not in (  # ("1815. The treaty")
                "law-gap", "law-out-of-order", "law-duplicate")]
    if oversized:
        diagnostics.extend(locate([Diagnostic(
            "oversized-page", f"a page of {len(body_source):,} characters (a Page: page has a "
            f"few thousand): not aligned with the corpus (over {WITNESS_LIMIT:,}); "
            "'wstools repair' does the whole text", offset, "warning")], text, file))
    verse = verse_lines(body_source)
    if verse and "<poem" not in body_source:
        diagnostics.extend(locate([Diagnostic(
            "verse", f"{verse} lines read as verse (each opening with a capital, of like "
            "length): their line breaks are kept; wrap the verse in <poem>…</poem>, which "
            "shows its lines and its indentation", offset, "warning")], text, file))
    if layout is not None:
        body = layout.body
    else:
        body = body_wikitext(codes, conventions) if codes else _fallback_body(repaired)
    if body and not same_words(repaired, body):
        # the law layout cannot place every piece of text where it was: leave the text's
        # own paragraphs (in order) and say so
        n_laws = sum(len(c.laws) for c in codes)
        why = ("markup in the text (a tag, a comment, a template) changes which of its words "
               "the page shows" if not same_words(repaired, _fallback_body(repaired)) else
               f"laying out its {n_laws} laws would move text" if n_laws else
               "laying out its headings and paragraphs would move text")
        diagnostics.extend(locate([Diagnostic(
            "layout-not-placed", f"{why}; the text is left in its own paragraphs, in order",
            offset, "warning")], text, file))
        codes = []
        body = _fallback_body(repaired)
    body = no_preformatted_lines(body)
    if conventions.nop and body and _PARAGRAPH_END.search(text_before_notes(body)):
        body += "\n" + conventions.nop
    edits.extend(_to_input(layout_edits(repaired, body), maps, text, offset))
    if not header and head is not None:
        header = head.wikitext(conventions.header)
    if "<ref" in body and conventions.references and not _HAS_REFERENCES.search(
            body + "\n" + footer):
        footer = (footer + "\n" if footer else "") + conventions.references
    page = new_page(body, header, footer, level, conventions.user)
    diagnostics.extend(_lint(page, title, file))
    # one reviewable edit where stages' edits overlap (a repair's and the layout's)
    edits = compose(text, edits, body) or sorted(edits, key=lambda e: (e.start, e.end))
    edits = with_positions(edits, text)
    flags = with_positions(flags, text)
    return ProofreadResult(text, page, title, head, edits, flags, diagnostics, codes, result)


# -- the order invariant -----------------------------------------------------------------

# what the layout adds around the words: templates' names and braces, quotes for italics and
# bold, reference tags (a note's "Note.—" stands for the printed NOTE, a word of the text)
_LAYOUT_MARKUP = regex.compile(r"\{\{[^{}|]*\}\}|\{\{[^{}|]*\||\}\}|'{2,}|</?ref\b[^<>]*>")
_WORD = regex.compile(r"\w+")
_HAS_REFERENCES = regex.compile(r"\{\{\s*(?:smallrefs|reflist|references)\b|<references\b",
                                regex.IGNORECASE)


def plain_words(wikitext: str) -> list[str]:
    """The words of a body the layout wrote, without the markup it added (case folded).

    >>> plain_words("{{c|{{sc|Cards liable}}}}\\n\\n1. ''Shuffling.''—The pack{{nop}}")
    ['cards', 'liable', '1', 'shuffling', 'the', 'pack']
    """
    return [w.casefold() for w in _WORD.findall(_LAYOUT_MARKUP.sub(" ", wikitext))]


def same_words(text: str, body: str) -> bool:
    """Whether ``body`` (laid out) has the words of ``text`` (repaired), in the same order."""
    return [w.casefold() for w in _WORD.findall(text)] == plain_words(body)


def moved_words(source: str, body: str) -> list[list[str]]:
    """Runs of words (two or more) that ``body`` (laid out) has in another place than
    ``source`` (the text given): the same run deleted in one place and inserted in another.
    Repairs change words where they stand; only a layout that moves text makes such runs.

    >>> moved_words("A b c. D e f.", "D e f.\\n\\nA b c.")
    [['d', 'e', 'f']]
    >>> moved_words("A bc de- tached f.", "A b c detached f.")
    []
    """
    from rapidfuzz.distance import Levenshtein
    a = [w.casefold() for w in _WORD.findall(source)]
    b = plain_words(body)
    deleted: list[tuple[str, ...]] = []
    inserted: list[tuple[str, ...]] = []
    for op in Levenshtein.opcodes(a, b):
        if op.tag in ("delete", "replace") and op.src_end - op.src_start >= 2:
            deleted.append(tuple(a[op.src_start:op.src_end]))
        if op.tag in ("insert", "replace") and op.dest_end - op.dest_start >= 2:
            inserted.append(tuple(b[op.dest_start:op.dest_end]))
    moved = []
    for run in inserted:
        for gone in deleted:
            k = 3 if min(len(run), len(gone)) >= 3 else 2
            grams = {gone[i:i + k] for i in range(len(gone) - k + 1)}
            if any(run[i:i + k] in grams for i in range(len(run) - k + 1)):
                moved.append(list(run))
                break
    return moved


def words_in_order(source: str, result: ProofreadResult) -> bool:
    """The order invariant, checked from outside the pipeline: no run of the input's words
    stands elsewhere in the saved body (:func:`moved_words`). ``source`` is the stored page
    or OCR text given to :func:`proofread_page`."""
    return not moved_words(read_page(source).body, result.page.body)


def layout_edits(before: str, after: str) -> list[Edit]:
    """The changes the layout made (paragraphs, templates around headings, ``{{nop}}``) as
    edits of ``before``: a token-level diff, so each edit starts and ends on a token.

    >>> [(e.old, e.new) for e in layout_edits("A b. C", "A b.\\n\\nC{{nop}}")]
    [(' ', '\\n\\n'), ('', '{{nop}}')]
    """
    if before == after:
        return []
    evidence = "layout: paragraphs, headings and page-end markup"
    if len(before) + len(after) > _LAYOUT_DIFF_LIMIT:
        return [Edit(0, len(before), before, after, "layout", 1.0, evidence)]
    from rapidfuzz.distance import Levenshtein
    a, b = _TOKENS.findall(before), _TOKENS.findall(after)
    a_at = list(accumulate(map(len, a), initial=0))
    b_at = list(accumulate(map(len, b), initial=0))
    out = []
    for op in Levenshtein.opcodes(a, b):
        if op.tag == "equal":
            continue
        start, end = a_at[op.src_start], a_at[op.src_end]
        new = after[b_at[op.dest_start]:b_at[op.dest_end]]
        out.append(Edit(start, end, before[start:end], new, "layout", 1.0, evidence))
    return out


_TOKENS = regex.compile(r"\w+|\s+|[^\w\s]", regex.DOTALL)
_LAYOUT_DIFF_LIMIT = 400_000  # characters; a larger page's layout is one edit


def _to_input(found: list[Edit], maps: list[OffsetMap], text: str, offset: int) -> list[Edit]:
    out = []
    for e in map_to_source(found, maps):
        start, end = e.start + offset, e.end + offset
        out.append(edit_at(e, start, end, text[start:end], e.line, e.column))
    return out


_LINTER = None


def _lint(page: Page, title: str | None, file: str) -> list[Diagnostic]:
    global _LINTER
    from .wikitext.registry import Registry
    from .wikitext.validate import Linter
    if _LINTER is None:
        _LINTER = Linter(Registry.from_directory(), title or "")
    _LINTER.title = title or ""
    out = []
    for part in ("header", "body", "footer"):
        for d in _LINTER.lint(getattr(page, part), f"{file} ({part})").diagnostics:
            out.append(d)
    if any(d.severity == "error" for d in out):
        # a table or a template opened in the header and closed in the footer (a table
        # over several pages) is whole on the page: what the whole page's lint finds stays
        whole = {d.code for d in _LINTER.lint(page.wikitext(), file).diagnostics}
        out = [d for d in out if d.code in whole]
    return out


def keep_page(page: Page, *, title: str | None = None, conventions: Conventions | None = None,
              fixes: tuple[str, ...] = (), file: str = "-") -> ProofreadResult:
    """A page that is not OCR (level 3 or 4, or formatted wikitext): returned as it was, with
    only ``fixes`` (cleanup fix names a proofreader asked for) applied to its text, never to
    markup, and the level set only when ``conventions.level`` says so."""
    conventions = conventions or Conventions()
    body = page.body
    cleaned = clean_text_nodes(body, fixes) if fixes else None
    edits = cleaned.edits if cleaned else []
    new_body = cleaned.text if cleaned else body
    level, user = level_and_user(page, conventions)
    if (new_body, level, user) == (page.body, page.level, page.user):
        out = page
    else:
        out = replace(page, body=new_body, level=level, user=user)
        out._stored = dict(page._stored)
    diagnostics = _level_kept_diagnostic(page, conventions, file) + _lint(out, title, file)
    return ProofreadResult(body, out, title, None, with_positions(edits, body), [],
                           diagnostics)


def _in_input(result: ProofreadResult, text: str, line_ends: list[Edit]) -> ProofreadResult:
    """``result`` of the text ``line_ends`` made from ``text``, in ``text``'s coordinates:
    the line ends are edits (``line-end``) with the others."""
    back = [OffsetMap(line_ends)]
    body = result.page.body
    edits = [*line_ends, *_to_input(result.edits, back, text, 0)]
    edits = compose(text, edits, body) or sorted(edits, key=lambda e: (e.start, e.end))
    head = result.running_head
    if head is not None:
        spans = [(_to_input_offset(a, back), _to_input_offset(b, back)) for a, b in head.spans]
        head = replace(head, start=spans[0][0], end=_to_input_offset(head.end, back),
                       spans=spans)
    return replace(result, source=text, running_head=head,
                   edits=with_positions(edits, text),
                   flags=with_positions(_to_input(result.flags, back, text, 0), text))


def _printed(text: str, at: int, marks: str) -> bool:
    """Whether ``marks`` stand in the input ``text`` at ``at`` (OCR's, not a fix's)."""
    return text.startswith(marks, at)


def _to_input_offset(at: int, maps: Sequence[OffsetMap]) -> int:
    """An offset into a later stage's text, in the first text's coordinates."""
    for m in reversed(maps):
        at = m.to_input(at)
    return at


def _has_level(page: Page) -> bool:
    """Whether the page came with a level of its own (a stored Page: page), not as bare OCR."""
    return bool(page._stored.get("quality") or page._stored.get("bare") is False)


def level_kept(page: Page, conventions: Conventions) -> bool:
    """Whether ``conventions.level`` would lower the level the page has (a validated page
    under ``--level 1``), which it does only with ``conventions.lower``."""
    return (conventions.level is not None and conventions.level < page.level
            and (_has_level(page) or bool(page.body.strip())) and not conventions.lower)
    # (new OCR text is at level 1, its own: "--level 0" would call it "Without text")


def _level_kept_diagnostic(page: Page, conventions: Conventions, file: str) -> list[Diagnostic]:
    if not level_kept(page, conventions):
        return []
    return locate([Diagnostic(
        "level-kept", f"the page is at level {page.level} ({LEVELS[page.level]}); level "
        f"{conventions.level} would lower it, so it keeps its own ('--lower-level' lowers "
        "it)", 0, "warning")], page.body, file)


def level_and_user(page: Page, conventions: Conventions) -> tuple[int, str]:
    """The level to save and the user to name: the page's own unless ``conventions.level``
    sets another (a higher one, or a lower one with ``conventions.lower``); a new level
    names ``conventions.user`` (whoever sets it)."""
    if conventions.level is None or conventions.level == page.level \
            or level_kept(page, conventions):
        stored = _has_level(page)
        if not stored and conventions.user:
            return page.level, conventions.user  # new text: nobody set a level yet
        return page.level, page.user
    return conventions.level, conventions.user


def proofread_page(page: Page, *, title: str | None = None, repairer: Repairer | None = None,
                   conventions: Conventions | None = None, file: str = "-",
                   fixes: tuple[str, ...] = (), running_titles: Sequence[str] = (),
                   previous_law: int | None = None, find_head: bool = True) -> ProofreadResult:
    """Proofread a stored Page: page: its body is the OCR text; a header already set (from
    the Index) is kept, otherwise the running head found in the body is used.

    A page at level 3 or 4, or whose body is formatted wikitext, is not OCR: see
    :func:`keep_page`. The level is the page's own unless ``conventions.level`` sets it.
    """
    conventions = conventions or Conventions()
    size = len(page.body.encode("utf-8"))
    if size > MAX_PAGE_BYTES:
        # no Page: page is this large (MediaWiki refuses to save it): left as it is
        return ProofreadResult(page.body, page, title, diagnostics=locate([Diagnostic(
            "size-limit", f"the page is {size:,} bytes; a wiki page holds at most "
            f"{MAX_PAGE_BYTES:,} (MediaWiki's $wgMaxArticleSize): left as it is ('wstools "
            "repair' and 'clean' take whole texts)", 0)], page.body, file))
    if is_redirect(page.body) and not page.header.strip() and not page.footer.strip():
        # "#REDIRECT [[Page:…/13]]" (a Page: moved or merged): MediaWiki reads it only at
        # the text's start; a level or any change there would break it
        left = keep_page(page, title=title, conventions=Conventions(), file=file)
        left.diagnostics[:0] = locate([Diagnostic(
            "redirect", "the page is a redirect: left as it is", 0, "warning")], page.body, file)
        return left
    if page.quality_unread:
        # a level mark that cannot be read ("{{PageQuality|100%|Ann}}"): the page's level is
        # unknown, perhaps validated; proofreading it as OCR could lower it
        left = keep_page(page, title=title, conventions=Conventions(), file=file)
        left.diagnostics[:0] = locate([Diagnostic(
            "quality-unread", "the page's level mark (<pagequality> or {{PageQuality}}) "
            "names no level 0-4: the page is left as it is", 0)], page.body, file)
        return left
    if page.level >= 3 or is_wikitext(page.body):
        return keep_page(page, title=title, conventions=conventions, fixes=fixes, file=file)
    header = page.header if page.header.strip() else ""
    footer = page.footer if page.footer.strip() else ""
    if not page.body.strip() and conventions.level is None and not _has_level(page):
        # a scan with no text (a blank page): ProofreadPage's level 0, "Without text"
        conventions = replace(conventions, level=0)
    elif not page.body.strip() and conventions.level is not None and conventions.level >= 3:
        # (--level 3 says the text was proofread; a page without any is not "Proofread":
        # it keeps its own level, or is "Without text")
        conventions = replace(conventions, level=page.level if _has_level(page) else 0)
    stated = None if _has_level(page) else view_level(page.body)
    if stated is not None and stated >= 3 and not conventions.lower:
        # a copied view of a proofread or validated page: its text is a person's, rendered;
        # proofreading it again (and saving it at level 1) would undo their work
        view = keep_page(page, title=title, conventions=Conventions(), file=file)
        view.diagnostics[:0] = locate([Diagnostic(
            "page-view", f"a copied view of a page at level {stated} ({LEVELS[stated]}): "
            "left as it is; take the page's wikitext from the wiki ('wstools wiki pull') to "
            "work on it", 0, "warning")], page.body, file)
        return view
    if stated is not None and conventions.level is None:
        conventions = replace(conventions, level=stated)  # the level the view states
    kept = _level_kept_diagnostic(page, conventions, file)
    level, user = level_and_user(page, conventions)
    conventions = replace(conventions, level=level, user=user)
    result = proofread(page.body, title=title, repairer=repairer, conventions=conventions,
                       header=header, footer=footer, file=file, running_titles=running_titles,
                       previous_law=previous_law, find_head=find_head)
    result.diagnostics[:0] = kept
    # (the layout's own check, same_words, already holds every page to the order; this
    # one, from outside, is quadratic in the words, so oversized pages rely on that one)
    # (words a witness puts back where Tesseract read them out of order are moved on
    # evidence, each move an edit of its own: the check holds the rest to that order)
    placed = [e for e in result.edits if e.rule == "witness-move"]
    reference = apply_edits(page.body, placed) if placed else page.body
    moved = moved_words(reference, result.page.body) if size <= WITNESS_LIMIT else []
    if moved:
        # the pipeline moved text it could not place: refuse the page rather than save it
        refused = keep_page(page, title=title, conventions=Conventions(), file=file)
        refused.diagnostics[:0] = locate([Diagnostic(
            "order-check", f"the proofread page would move text ({' '.join(moved[0][:8])}"
            f"{' …' if len(moved[0]) > 8 else ''}); the page is left unchanged", 0)],
            page.body, file)
        return refused
    if not result.edits and result.page.body == page.body and (header, footer) == (
            page.header, page.footer) and result.page.level == page.level:
        result.page = page  # nothing changed: the page as it was, byte for byte
    return result
