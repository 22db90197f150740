"""The structure of one OCR'd page, read from its paragraphs, and the body laid out as printed.

A page of OCR (Tesseract's text of a scan, after cleanup and repair) comes as paragraphs
between blank lines. Each paragraph is one of:

- a **heading**: short, alone, in capitals or small caps (``THE DEAL.``, ``THE LAWS OF Loo,``),
  or a heading the corpus knows;
- a **law**: opens with its number as printed, ``12.``, ``12a.``, ``12.—``, ``Sec. 3.``,
  ``Section 1.``, ``Art. 4.``; numbers must run on (a number that breaks the sequence is
  text), and a garbled number (``l2.``) between two that anchor it is read by its sequence;
- a **clause**: opens with a label, ``(a)``, ``(iv)``, ``(1)``, ``(A)``, ``a.``, ``I.``,
  ``1st.``; a law's own first clause may follow its number and run-in title on the same
  paragraph (``Sec. 2. Membership. (a) The Commission…``, ``7.—(a) The candidates…``);
- **text**: anything else (the continuation of a law or a clause, a preamble, prose).

The body is written in the order printed, every paragraph as it stands: only headings are
put in the heading template, and a paragraph that a column or page break cut in two (the
first ends mid-sentence, the second opens in lower case) is one paragraph again. Nothing is
renumbered, re-labelled or moved, so the words of the body are the words of the text.

The structure (laws, clauses, headings) is returned as the law model (:mod:`wstools.laws`):
what comes before the first law is the code's preamble, or its ``fragment`` when it
continues a law of the previous page; clauses before any law (a law begun on the previous
page) are held by an unnumbered law.

>>> text = ("gnments for all personnel.\\n\\n(c) All employees shall train.\\n\\n"
...         "Sec. 6. Economic Tools. (a) The Secretary shall act.\\n\\n(b) The Treasury may.")
>>> layout = lay_out(text)
>>> [(law.label, [c.label for c in law.clauses]) for law in layout.codes[0].laws]
[('', ['c']), ('6', ['a', 'b'])]
>>> print(layout.body)
gnments for all personnel.
<BLANKLINE>
(c) All employees shall train.
<BLANKLINE>
Sec. 6. Economic Tools. (a) The Secretary shall act.
<BLANKLINE>
(b) The Treasury may.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import regex
from rapidfuzz.distance import Levenshtein

from .edits import Edit
from .laws.model import Clause, Code, Law, Paragraph, Section
from .laws.numbering import is_reference, reading_cost, split_hidden_laws
from .text.whitespace import CAPITALS_LINE, mostly_capitals

# a law's number as printed at the start of its paragraph
_LAW = regex.compile(
    r"(?P<prefix>(?:Sec(?:tion)?|See(?=\.)|SEC(?:TION)?|Art(?:icle)?|ART(?:ICLE)?|Rule|RULE)"
    r"[.,:;-]{0,3}"
    r"(?:[ \t]+|[ \t]*\n[ \t]*)?)?"
    r"(?P<num>\d{1,4})(?P<suf>[a-z]?)(?:[ \t]+to[ \t]+(?P<end>\d{1,4}))?"
    r"(?:\.|(?<=\p{L}[.,:;-]{0,3}[ \t\n]*\d{1,4}[a-z]?)(?:[:;,]|(?=[ \t]+\p{Lu}))"
    r"|(?P<weak>,)(?=[ \t]+\p{Lu}))(?:[.,:;°]{1,3}(?=\s*[\p{Lu}(]))?"
    r"(?=[ \t]*[—–-]|\s+\S|[ \t]*\Z|(?<=[.,:;°])[\p{Lu}(])")
# a law number whose stop OCR lost ("31 The", "51—An") or ran into the next word ("77.1f the"): a
# law only as the next number of the sequence (see _check_laws)
# (or before its run-in first label, "1—a. Each player")
_WEAK_LAW = regex.compile(r"(?P<prefix>)(?P<num>\d{1,4})(?P<suf>)(?P<end>)"
                          r"(?:\.(?=\d\p{L}{1,2}\b)|(?=[ \t]+\p{Lu}\p{Ll}+[ \t]+\p{Ll})"
                          r"|(?=[—–][ \t]*\p{Lu}\p{Ll}*[ \t]+\p{Ll})"
                          r"|(?=[—–][ \t]*(?:(?:a|I|1st)\.|\((?:a|1|i)\))[ \t]+\p{Lu}))")
# a law number with dust before it or after its stop, before its run-in first label or a
# capital (".37.—Ist. If", "2..a. Dummy", "7._I. The"): a law only as the next number of the
# sequence (weak)
_SPECKED_LAW = regex.compile(r"(?P<prefix>)[.,'‘’_](?P<num>\d{1,4})(?P<suf>)(?P<end>)\.[ \t]*"
                             r"(?:[—–-][ \t]*)?(?=(?:[a-z]|[IVX]{1,3}|1st|[iIl]st)\.[ \t]+\p{Lu})"
                             r"|(?P<prefix>)(?P<num>\d{1,4})(?P<suf>)(?P<end>)\.[._]{1,2}"
                             r"(?=(?:[a-z]|[IVX]{1,3}|1st|[iIl]st)\.[ \t]+\p{Lu})")
# a token that may be a garbled law number (``l2.``, ``S.``): read by the sequence only
_GARBLED = regex.compile(r"(?P<prefix>(?:Sec|SEC)\.?[ \t]+)?(?P<tok>[0-9A-Za-z$!|/\]]{1,3})\."
                         r"(?=[ \t]*[—–-]|[ \t]+[\p{Lu}(“\"'‘])")
GARBLED_COST = 1.0  # the most a garbled number may cost to be read (numbering.reading_cost)
MAX_LAW_GAP = 20  # a number this far past the last law is not the next law (a folio, a year)

_ROMAN = "ivxlc"
# OCR's readings of "1st": "ist", "Ist", "lst", the 1 as two strokes ("lIst") or a stroke
# before it ("I1st")
_MISREAD_FIRST_FORM = r"(?:[iIl|]{1,2}st|[iIl|]1st)"
# clause labels at the start of a paragraph: (pattern, style, kind); the kind names the
# sequence the label belongs to, so that ``(i)`` after ``(h)`` is a letter, not a numeral
_CLAUSE = (
    (regex.compile(r"\(''(?P<l>[A-Za-z0-9]{1,4})''\)[ \t]*"), "(a)"),
    # OCR dust around the brackets (``‘(d).``, ``(c}``, ``{a)``) is read past, never changed
    (regex.compile(r"[‘’'\"`,._-]?[({](?P<l>[a-z]{1,2}|[A-Z]|[ivxlc]{1,5}|\d{1,2})\.?[)}\]]{1,2}"
                   r"(?:[.,:;-]{1,2}(?=\p{L})|[.,:;’-]{0,2}(?=\s|\Z|[\p{Lu}‘'“\"]))\s*"), "(a)"),
    # dust and a space before the brackets (``. (2) Exposes``, ``—° (2) If``): a clause only
    # in its sequence
    (regex.compile(r"[^\w\s(){}\[\]]{1,2}[ \t]+[({](?P<l>[a-z]|[ivx]{1,5}|\d{1,2})[)}]"
                   r"(?=[ \t]+\S)[ \t]*"), "a)"),
    # the opening bracket lost (``ii) Secretary``): a clause only in its sequence
    (regex.compile(r"(?P<l>[a-z]|[ivx]{2,5}|\d{1,2})\)(?=[ \t]+\S)[ \t]*"), "a)"),
    (regex.compile(r"(?P<l>[IVXL]{1,5})\.(?=[ \t]+[\p{Lu}“\"‘(])[ \t]*"), "I."),
    (regex.compile(r"(?P<l>\d{1,2}(?:st|nd|rd|th|d))\.\.?(?:(?=[ \t])|[-—–](?=\p{Lu}))[ \t]*"),
     "1st."),  # ("2d.-If": a dash after the stop)
    # OCR's "ist." (or "Ist.", "lst.") for "1st.": a clause only before its "2d." (see
    # _check_clauses)
    (regex.compile(r"(?P<l>" + _MISREAD_FIRST_FORM + r")[.:](?=[ \t]+\p{Lu})[ \t]*"), "ist."),
    (regex.compile(r"(?P<l>[a-z])\.(?=[ \t]+\p{Lu})[ \t]*"), "a."),
    # its stop misread ("b, Cards", "a: A player", "b.. He"): a clause only in its sequence
    (regex.compile(r"(?P<l>[a-z])(?:[,:;]|\.[.,])(?=[ \t]+\p{Lu})[ \t]*"), "a,"),
)
_FIRST_LABELS = frozenset({"a", "A", "i", "1", "I", "1st"})
_MISREAD_FIRST = regex.compile(_MISREAD_FIRST_FORM)
_FINITE_VERB = regex.compile(r"\b(?:is|are|was|were|may|must|can|cannot|shall|should|has|"
                             r"have|had|will|would|does|do|did|be)\b", regex.IGNORECASE)
_PREFIX_ALONE = regex.compile(r"[ \t]*(?:Sec(?:tion)?|SEC(?:TION)?|Art(?:icle)?|ART(?:ICLE)?|Rule|"
                              r"RULE)\.?[ \t]*\Z")
_SENTENCE_END = regex.compile(r"""[.!?:;]['"’”)\]]*\Z""")
# a line that ends a sentence or a clause, before a label or a law run into its paragraph
_CLAUSE_END = regex.compile(r"[.:;]['’”)]*\s*\Z")
# where a listed item ends: a sentence's end, or "…this order; and" before the next item
_ITEM_END = regex.compile(r"""(?:[.!?:;—–]['"’”)\]]*|--|;[ \t]+(?:and|or))\Z""")
# a list's item that goes on into the next one, its sentence not ended ("…declared, or")
_LIST_GOES_ON = regex.compile(r",[ \t]+(?:and|or)\Z")
_NOTE_MARK = regex.compile(r"\[\d{1,3}\]|[*†‡§]")


@dataclass
class Block:
    """One paragraph of the page: what it is, where it is, its label."""

    kind: str  # "heading", "law", "clause", "text"
    start: int
    end: int
    text: str
    number: int | None = None  # a law's number
    suffix: str = ""
    range_end: int | None = None
    prefix: str = ""  # "Sec. " before a law number
    label: str = ""  # a clause's label
    style: str = ""  # a clause's style
    inline: list[tuple[str, str, int]] = field(default_factory=list)  # (label, style, offset)
    weak: bool = False  # a law number read with a comma for its stop: the sequence decides


@dataclass
class Layout:
    """The page's structure (``blocks``, and the law model ``codes``) and its ``body``."""

    blocks: list[Block]
    codes: list[Code]
    body: str

    @property
    def laws(self) -> list[Law]:
        return [law for c in self.codes for law in c.laws]


def paragraphs(text: str) -> list[tuple[int, int]]:
    """The spans of the paragraphs of ``text`` (between blank lines), stripped.

    >>> t = "a b\\nc\\n\\n  d\\n"
    >>> [t[a:b] for a, b in paragraphs(t)]
    ['a b\\nc', 'd']
    """
    out = []
    for m in regex.finditer(r"(?:[^\n]|\n(?![ \t]*\n))+", text):
        a, b = m.span()
        chunk = m.group()
        lead = len(chunk) - len(chunk.lstrip())
        trail = len(chunk) - len(chunk.rstrip())
        if b - trail > a + lead:
            out.append((a + lead, b - trail))
    return out


def is_heading(text: str, headings: Sequence[str] = ()) -> bool:
    """A paragraph that is a heading: short, in capitals or small caps, no sentence.

    >>> [is_heading(t) for t in ("THE DEAL.", "THE LAWS OF Loo,", "Cuess.[73]",
    ...  "EXECUTIVE ORDER 13543", "It is customary.", "Sec. 3.", "(a) THE RULE", "DONE.—It is")]
    [True, True, False, True, False, False, False, False]

    One word in small caps (OCR's ``Cuess.``) only when the corpus knows the heading: alone,
    it is as often a table's cell or a margin's note (``Igneous.``).

    >>> is_heading("Cuess.[73]", ["CHESS."]), is_heading("Igneous.", ["CHESS."])
    (True, False)

    Lines ending in page numbers are the entries of a table of contents:

    >>> is_heading("CHAPTER PAGE\\nI. THE GAME OF WHIST 1\\nII. THE LEADS 17")
    False
    """
    plain = _NOTE_MARK.sub("", text).strip()
    words = plain.split()
    letters = [c for c in plain if c.isalpha()]
    if len(letters) < 3 or len(words) > 30 or len(plain) > 250:
        return False
    if sum(1 for w in words if len(w.strip(".,")) == 1 or _FIGURE.fullmatch(w.strip(".,"))
           ) >= max(3, 0.6 * len(words)):
        return False  # "A B C D" over "10 20 30 40", "1801 ENGLAND 8,892,536": a table's rows
    if _DATE.search(plain) or _SALUTATION.match(plain) and plain.endswith((",", ":")):
        return False  # a letter's dateline ("LONDON, March 4th, 1909.") or "DEAR SIR,"
    if _LAW.match(plain) or clause_at(plain) or plain[-1:] in ":;" or "—" in plain \
            or any(c in plain for c in "|={}<>") or "[[" in plain or "]]" in plain:
        return False  # (nothing a template call would misread)
    if sum(1 for line in plain.split("\n") if _ENDS_IN_PAGE.search(line)) >= 2:
        return False  # lines that end in page numbers: a table of contents, an index
    upper = sum(1 for c in letters if c.isupper())
    if upper / len(letters) >= 0.85:
        return True  # capitals: a title may run over several lines
    if len(words) > 14 or len(plain) > 120:
        return False
    # small caps read by OCR: every word capitalised, the first in capitals or alone
    first = [c for c in words[0] if c.isalpha()]
    capitalised = all(w[:1].isupper() or not w[:1].isalpha() or w.lower() in _MINOR
                      for w in words)
    if capitalised and (len(words) == 1 and plain.endswith(".") and _corpus_heading(plain, headings)
                        or len(words) > 1 and len(first) > 1 and all(c.isupper() for c in first)
                        or 1 < len(words) <= 8 and len(plain) <= 60 and _small_caps_read(words)) \
            and not _FINITE_VERB.search(plain) and plain[-1:] in ".,!" + "".join(
                c for c in plain[-1:] if c.isalnum() or c == "]"):
        return True
    if headings:
        from .laws.parse import heading_match
        _known, score = heading_match(plain, headings)
        return score >= 92 and len(words) <= 8 and not _FINITE_VERB.search(plain)
    return False


def _small_caps_read(words: Sequence[str]) -> bool:
    """Words in small capitals as OCR reads them: a word in capitals (three letters or more)
    or a word whose case changes inside it (``Tue REVOKE``, ``Tra RivoKy``, ``THe Laws oF
    Loo.``); title case alone (``The Game``) is no sign.

    >>> _small_caps_read("Tue REVOKE".split()), _small_caps_read("Tra RivoKy".split())
    (True, True)
    >>> _small_caps_read("The Game".split()), _small_caps_read("New York".split())
    (False, False)
    >>> _small_caps_read("EmtryWallMf SC".split())
    False
    """
    if any(len(_LOWER_UPPER.findall(w)) > 1 for w in words):
        return False  # ("EmtryWallMf": a map's lettering or dust, not a word in small caps)
    return any(_CAPITALS_WORD.fullmatch(w) or _CASE_CHANGE.search(w) for w in words)


_CAPITALS_WORD = regex.compile(r"\p{Lu}{3,}[.,]?")
_CASE_CHANGE = regex.compile(r"\p{Ll}\p{Lu}|\A\p{Lu}{2}\p{Ll}")
_LOWER_UPPER = regex.compile(r"\p{Ll}\p{Lu}")


_FIGURE = regex.compile(r"\d+(?:[,.]\d+)*")  # a number as a table prints it (8,892,536)
_MINOR = frozenset("a an and as at by for from in of on or the to with".split())
_DATE = regex.compile(r"\b(?:January|February|March|April|May|June|July|August|September|"
                      r"October|November|December)\.?[ \t]+\d{1,2}(?:st|nd|rd|th|d)?\b",
                      regex.IGNORECASE)
_SALUTATION = regex.compile(r"(?:MY[ \t]+)?DEAR[ \t]|GENTLEMEN\b|SIR\b|MADAM\b",
                            regex.IGNORECASE)
_ENDS_IN_PAGE = regex.compile(r"\s\d{1,4}\.?\s*$")


def _set_heading(line: str, headings: Sequence[str]) -> bool:
    """A paragraph's last line that is a heading the corpus knows, set in capitals or small
    capitals (OCR's mixed case of them: ``Carps ExposeD BEFORE PLay``): two words or more,
    each opening with a capital, short, no sentence's end but its own.

    >>> _set_heading("Carps ExposeD BEFORE PLay", ["CARDS EXPOSED BEFORE PLAY"])
    True
    >>> _set_heading("Cards exposed before play", ["CARDS EXPOSED BEFORE PLAY"])
    False
    """
    words = line.split()
    if not 2 <= len(words) <= 8 or len(line) > 60 or not all(
            w[:1].isupper() or not w[:1].isalpha() or w.lower() in _SMALL_WORDS for w in words):
        return False
    return _corpus_heading(line, headings)


_SMALL_WORDS = frozenset({"of", "the", "and", "or", "to", "in", "on", "a", "an", "for", "by"})


def _corpus_heading(plain: str, headings: Sequence[str]) -> bool:
    """A heading the corpus knows (a close reading of it: ``Cuess.`` for ``CHESS.``)."""
    if not headings:
        return False
    from .laws.parse import heading_match
    return heading_match(plain, headings)[1] >= 80


def clause_at(text: str) -> tuple[str, str, int] | None:
    """(label, style, length of the label) when ``text`` opens with a clause label.

    >>> clause_at("(a) The"), clause_at("(iv) If"), clause_at("II. The"), clause_at("b. The")
    (('a', '(a)', 4), ('iv', '(a)', 5), ('II', 'I.', 4), ('b', 'a.', 3))
    >>> clause_at("(a.) The"), clause_at("1st. The"), clause_at("e.g. the") is None
    (('a', '(a.)', 5), ('1st', '1st.', 5), True)
    """
    for pattern, style in _CLAUSE:
        m = pattern.match(text)
        if m and style == "I." and m.group("l").lower() not in _ROMANS:
            continue  # ("VIL." is OCR's VII.: the sequence reads it, _garbled_romans)
        if m:
            if style == "(a)" and m.group().rstrip().endswith(".)"):
                style = "(a.)"
            return m.group("l"), style, m.end()
    return None


def _law_at(text: str) -> regex.Match | None:
    m = _LAW.match(text)
    if m is None:
        return None
    if m.group("suf") == "d" and m.group("num")[-1] in "23" and not m.group("prefix"):
        return None  # "2d.", "23d.": an ordinal label (a law 2d comes after 2a, 2b, 2c)
    rest = text[m.end():].lstrip(" \t—–-")
    # a year or a quantity opening a sentence ("1909. The year…") is not told apart here;
    # the sequence check in read_blocks keeps only numbers that run on
    if rest[:1].islower() and not m.group("prefix") and not _RUN_IN_A.match(rest) \
            and not _RUN_IN_TITLE.match(rest):
        return None  # (but "28.—a. Each player": the law's first clause runs in; and "19.
        # irregularities in the Hands.—If": a run-in title whose capital OCR lost)
    if m.group("prefix") and _GOES_ON.match(rest):
        return None  # "Section 3 of Executive Order 13231": a reference, its stop a speck
    return m


# a run-in title and its dash ("irregularities in the Hands.—If")
_RUN_IN_TITLE = regex.compile(r"\p{Ll}[^.\n—–]{2,60}\.[ \t]*[—–]")
# a law's first clause run in after its number, a bare "a." ("28.—a. Each", "9. a. If")
_RUN_IN_A = regex.compile(r"a(?:\.[.,]?|[,:;])[ \t]+[\p{Lu}“\"‘]")
# a word that goes on with a sentence, never opens a section's caption or text
_GOES_ON = regex.compile(r"(?:of|to|in|and|or|is|are|was|were|shall|as|by|for|from|on|with|"
                         r"under|through|which|that)\b")


def _sequence_kind(label: str, style: str, open_: Sequence[tuple[tuple[str, str], Clause]]
                   ) -> tuple[str, str]:
    """The sequence a clause label belongs to (its style and letters, roman numerals, capitals
    or digits), given the clauses open above it: ``(i)`` after ``(h)`` is a letter.

    >>> _sequence_kind("i", "(a)", []), _sequence_kind("ii", "(a)", [])
    (('(a)', 'roman'), ('(a)', 'roman'))
    >>> _sequence_kind("i", "(a)", [(("(a)", "letter"), Clause("h", ""))])
    ('(a)', 'letter')
    """
    if label.isdigit():
        return style, "digit"
    if style in ("I.", "1st."):
        return style, "ordinal"
    low = label.lower()
    for (s, kind), c in reversed(open_):
        if s == style and kind in ("letter", "capital") and len(c.label) == 1 \
                and len(label) == 1 and ord(low) == ord(c.label.lower()) + 1:
            return style, kind
    if all(ch in _ROMAN for ch in low) and (len(low) > 1 or low == "i" or any(
            s == style and kind == "roman" for (s, kind), _ in open_)):
        return style, "roman"
    return style, "capital" if label.isupper() else "letter"


_FIRST_INLINE = regex.compile(r"(?<=\A|[._—–:-][ \t]*|\s)(?:[‘’'\"`,.-]?[({](?:a|A|i|1)[)}]"
                              r"|(?P<bare>(?:(?:a|I|1st|" + _MISREAD_FIRST_FORM +
                              r")\.|" + _MISREAD_FIRST_FORM + r":|a(?:[,:;]|\.[.,]))"
                              r"(?=[ \t]+[\p{Lu}“\"‘(])))")
# (a first label without brackets runs in right after the law's number, or after a run-in
# title that ends with a dash: "7.—a. The", "2. Forming the Table.—I. Those")


def _inline_clause(text: str, start: int) -> tuple[str, str, int] | None:
    """A first clause opening right after a law number and its run-in title (a few words
    ending with a full stop or a dash, no verb): ``Sec. 2. Membership. (a) The…``."""
    for m in _FIRST_INLINE.finditer(text, start, min(len(text), start + 160)):
        title = text[start:m.start()].strip()
        if _FINITE_VERB.search(title) or len(title.split()) > 14 \
                or title and title[-1] not in ".—–-:":
            continue
        if m.group("bare") and title and not title.endswith(("—", "–", "-")):
            continue  # ("a." inside a sentence is the article's; "I." a pronoun's)
        found = clause_at(text[m.start():])
        if found and found[1] == "ist.":  # (OCR's "ist." is 1st only before its 2d.; its
            # "Ist.", "lst." after a law's number and dash: the I the 1's serif)
            if found[0] == "ist" and not regex.search(r"(?<!\S)2d\.", text[m.end():]):
                continue
            found = ("1st", "1st.", found[2])
        if found and found[1] == "a,":  # ("28.—a: Each player": the stop misread)
            found = (found[0], "a.", found[2])
        if found and found[0] in _FIRST_LABELS and (found[1] != "a." or m.group("bare")):
            return found[0], found[1], m.start()
    return None


def _split_at_starts(text: str, spans: list[tuple[int, int]],
                     headings: Sequence[str] = ()) -> list[tuple[int, int]]:
    """Paragraphs the OCR ran together: a line that opens a law (``Sec. 5.``, or the next
    number of the sequence) or the next clause of a sequence, after a line that ends a
    sentence, opens a paragraph of its own.

    >>> t = "report.\\nSec. 5. General.\\n(a) To the extent\\nof law.\\n(b) The"
    >>> [t[a:b] for a, b in _split_at_starts(t, [(0, len(t))])]
    ['report.', 'Sec. 5. General.', '(a) To the extent\\nof law.', '(b) The']
    >>> t = "7.—If exposed, a fresh cut,\\n8.—The dealer gives, as in Law\\n9.—Four cards"
    >>> [t[a:b] for a, b in _split_at_starts(t, [(0, len(t))])]
    ['7.—If exposed, a fresh cut,', '8.—The dealer gives, as in Law\\n9.—Four cards']
    """
    out: list[tuple[int, int]] = []
    last_law: int | None = None
    last_clause: str | None = None
    earlier: list[str] = []  # the labels before last_clause since the last law
    for a, b in _split_inline_sections(text, spans):
        start = a
        lines = list(regex.finditer(r"[^\n]+", text[a:b]))
        chained = _chained_laws(text, a, lines)
        for k, line in enumerate(lines):
            body = line.group().strip()
            at = a + line.start() + len(line.group()) - len(line.group().lstrip())  # (its indent
            # is no text of the paragraph it opens: " 19.—If a fresh deal")
            law = _law_at(body)
            clause = clause_at(body)
            garbled = _garbled_first(clause[0], text, a + line.end()) \
                if clause is not None and clause[1] == "(a)" else None
            if clause is None and last_clause is not None and last_clause.isupper():
                roman = _ROMAN_TOKEN.match(body)  # "Ill. Any three" after "II."
                want = _next_label(last_clause)
                if roman is not None and want is not None \
                        and roman_reading(roman["tok"]) == want:
                    clause = (want, "I.", roman.end())
            if k and (clause is None or clause[1] == "a.") \
                    and regex.search(r"[—–:-]\W{0,3}\Z", lines[k - 1].group()):
                # "…a new deal—" then "1. If the pack" (I. misread) before an exact "II."
                roman = _ROMAN_TOKEN.match(body)
                if roman is not None and roman_reading(roman["tok"]) == "I" \
                        and _next_label_line(text, a + line.end()) == ("II", "I."):
                    clause, law = ("I", "I.", roman.end()), None
            if clause is None and k and last_clause is not None:
                ordinal = garbled_ordinal(body, last_clause)  # "Ath. Any card" after "3d."
                if ordinal is not None:
                    clause, law = (ordinal, "1st.", len(ordinal) + 1), None
            if law is None and clause is None and last_law is not None:
                weak = _WEAK_LAW.match(body)  # "51—An admitted…" after law 50
                if weak is not None and int(weak.group("num")) == last_law + 1:
                    law = weak
            split = False
            if k and law is None and clause is None and _garbled_dashed_law(
                    text, a + line.end(), body, lines[k - 1].group(), last_law):
                split = True  # "…those remaining." then "1L—lIst. If the dealer" before 12.—
            elif k and law is not None and not law.group("prefix") and last_law is not None \
                    and int(law.group("num")) == last_law + 1 \
                    and body[law.end():].lstrip(" \t").startswith("—") \
                    and text_after(body, law) and not is_reference(text, at):
                # "…there must be a fresh cut," then "8.—The dealer": the next law, with its
                # dash, after a line whose stop OCR misread or lost
                split = True
            elif k and _ITEM_END.search(lines[k - 1].group().rstrip()) \
                    and not _PREFIX_ALONE.match(lines[k - 1].group()):
                if law is not None and text_after(body, law) and (
                        law.group("prefix") or k in chained or last_law is not None
                        and int(law.group("num")) == last_law + 1
                        or last_law is None and not law.group("end")
                        and _next_law_line(text, a + line.end()) == int(law.group("num")) + 1
                        and not is_reference(text, at)):
                    # (the page's first law, run into the paragraph before, is anchored by
                    # the next law below it: "…remains.⏎22. If a player" before "23. A")
                    split = True
                elif law is not None and text_after(body, law) and last_law is None \
                        and last_clause is None and not law.group("prefix") \
                        and not law.group("end") and law.group("weak") is None \
                        and 1 < int(law.group("num")) < 1000 \
                        and body[law.end():].lstrip(" \t")[:1].isupper() \
                        and regex.search(r"\.['’”)]*\Z", lines[k - 1].group().rstrip()) \
                        and _next_law_line(text, a + line.end()) is None \
                        and not is_reference(text, at):
                    # "…the top of the table." then "23. All disputes are…", the page's one
                    # law, after the end of the one the page before began
                    split = True
                elif law is not None and text_after(body, law) and last_law is None \
                        and last_clause is not None and int(law.group("num")) > 1 \
                        and body[law.end():].lstrip(" \t")[:1].isupper() \
                        and regex.search(r"\.['’”)]*\Z", lines[k - 1].group().rstrip()):
                    # "(b) unless a card was exposed." then "19. The trump card": the next
                    # law after the clauses that end the law before it
                    split = True
                elif clause is not None and (
                        clause[1].startswith("(") and clause[0] in _FIRST_LABELS
                        or clause[1] in ("(a)", "a)", "1st.", "I.", "a.", "a,")
                        and last_clause is not None
                        and _follows(clause[0], last_clause)
                        or clause[1] in ("(a)", "a)")
                        and any(_follows(clause[0], x) for x in earlier)
                        # ("(ii) Every card…" then "(b) All the cards": back to the
                        # letters the numerals were nested under)
                        or clause[1] == "I." and clause[0] == "I"
                        and _next_label_line(text, a + line.end()) == ("II", "I.")
                        or garbled is not None):
                    split = True  # (I. only before its II.: "I." alone may be a name's)
            elif k and clause is not None and clause[1] in ("(a)", "a.", "1st.", "I.") \
                    and last_clause is not None and _follows(clause[0], last_clause) \
                    and _LIST_GOES_ON.search(lines[k - 1].group().rstrip()):
                split = True  # "(3) Plays a card before all have declared, or" then "(4)
                # Exposes a card": an item of a list in one sentence, the next label
            if k and not split and clause is not None and clause[1] == "1st." and (
                    clause[0] == "1st" or last_clause is None
                    or _follows(clause[0], last_clause)) and regex.search(
                    r"[.:;—–-]\s*\Z", lines[k - 1].group()):
                # "…exposed cards: —" then "1st. Two or more cards"; or, with no clause
                # before it on the page, "…of its face." then "4th. Any card": the page
                # goes on with a list the page before began
                split = True
            if k and not split and clause is not None and last_clause is None \
                    and last_law is None and clause[1] in ("a.", "(a)") \
                    and clause[0] not in _FIRST_LABELS and clause[0].islower() \
                    and _CLAUSE_END.search(lines[k - 1].group()) and (
                        _next_law_line(text, a + line.end()) is not None
                        or _next_label_line(text, a + line.end())
                        == (_next_label(clause[0]), clause[1])):
                # "…the nearest vacant spot." then "b. In the case of": the page goes on
                # with the clauses of a law the page before began, a law or the next label
                # after them
                split = True
            if k == 1 and not split and CAPITALS_LINE.fullmatch(lines[0].group().strip()) \
                    and not mostly_capitals(body) \
                    and (law is not None or clause is not None or body[:1].isupper()) \
                    and not (_ENDS_IN_PAGE.search(lines[0].group())
                             and _ENDS_IN_PAGE.search(body)) \
                    and not speaker_label(text, lines[0].group()):  # ("EUCHRE 68"; "HAMLET.")
                split = True  # "CHAPTER XII" over "1.—Each player": a heading, not the law's
            if k and not split and law is None and clause is None and k == len(lines) - 1 \
                    and _ITEM_END.search(lines[k - 1].group().rstrip()) \
                    and _set_heading(body, headings):
                split = True  # "…one to play." then "Carps ExposeD BEFORE PLay": a heading
            if k and not split and law is None and clause is None and (
                    k == len(lines) - 1 or _law_at(lines[k + 1].group().strip()) is not None) \
                    and regex.search(r"[.!?]['\"’”)]*\s*\Z", lines[k - 1].group()) \
                    and CAPITALS_LINE.fullmatch(body) and len(body.split()) <= 8 \
                    and is_heading(body, headings):
                split = True  # "…facing these." then "PLAYING.", the paragraph's last line
                # or the line before a law ("…draw again." "PARTNERS." "8.—The four…")
            if split:
                out.append((start, a + lines[k - 1].end()))
                start = at
            if law is not None and (k == 0 or split) and not (
                    clause is not None and clause[1] == "1st."):  # ("3d." is no law 3)
                last_law = int(law.group("end") or law.group("num"))
                earlier = []
                inline = _inline_clause(text[at:b], law.end() + line.group().find(body))
                if inline is not None:  # "Sec. 2. Membership. (a)": (b) comes next
                    last_clause = inline[0]
            if clause is not None and (k == 0 or split):
                # (a garbled first label, "(ij)" before "(ii)", is the run's first)
                if last_clause is not None:
                    earlier.append(last_clause)
                last_clause = garbled or clause[0]
        out.append((start, b))
    return out


_LINE = regex.compile(r"[^\n]+")


def _garbled_dashed_law(text: str, end: int, body: str, before: str,
                        last_law: int | None) -> bool:
    """A line after one that ends a sentence, opening with a garbled token and the dash a
    law's number prints (``1L—lIst. If``), whose token reads as the number before the next
    law line's (and after the last law's, if any): a law start the OCR ran into the
    paragraph above (:func:`_dashed_edges` reads its number).

    >>> t = "those\\nremaining.\\n1L—lIst. If the dealer\\nturn up more.\\n12.—If the trump"
    >>> _garbled_dashed_law(t, t.index("\\nturn"), "1L—lIst. If the dealer", "remaining.", None)
    True
    >>> _garbled_dashed_law(t, t.index("\\nturn"), "So—If the dealer", "remaining.", None)
    False
    """
    m = _DASHED.match(body)
    if m is None or m["tok"].lower() in _WORDS or m["tok"].isdigit() \
            or not _CLAUSE_END.search(before):
        return False
    following = _next_law_line(text, end)
    return following is not None and following > 1 \
        and (last_law is None or last_law == following - 2) \
        and _anchored_cost(m["tok"], following - 1) <= DASHED_COST


def _garbled_first(printed: str, text: str, at: int) -> str | None:
    """The first label of a run that a bracketed label OCR garbled (``(ij)``) can only be:
    it reads as ``(i)``, ``(a)``, ``(1)`` or ``(A)`` and the next labelled line is that
    run's exact second (``(ii)``), in brackets.

    >>> _garbled_first("ij", "x\\n(ii) The", 1), _garbled_first("ij", "x\\n(b) The", 1)
    ('i', None)
    """
    if printed in _FIRST_LABELS or not any(_confusable(printed, f) for f in "ai1A"):
        return None  # (a label that reads as no run's first: no need to look further)
    after = _next_label_line(text, at)
    if after is None or after[1] != "(a)":
        return None
    first = _first_before(after[0])
    return first if first is not None and _confusable(printed, first) else None


def _next_label_line(text: str, at: int) -> tuple[str, str] | None:
    """(label, style) of the first line after ``at`` that opens with a clause label or a
    law number (None for a law, or none within the next 40 lines)."""
    for n, m in enumerate(_LINE.finditer(text, at)):
        if n >= 40:
            break
        body = m.group().strip()
        found = clause_at(body)
        if found is not None:
            return found[0], found[1]
        if _law_at(body) is not None:
            return None
    return None


def _next_law_line(text: str, at: int) -> int | None:
    """The number of the first line after ``at`` that opens a law (None if no line within
    the next 60 does)."""
    for n, m in enumerate(_LINE.finditer(text, at)):
        if n >= 60:
            break
        body = m.group().strip()
        law = _law_at(body)
        if law is not None and text_after(body, law):
            return int(law.group("num"))
    return None


def _chained_laws(text: str, a: int, lines: list[regex.Match]) -> set[int]:
    """The lines of one OCR paragraph (after the first) that open a law with its dash after
    a line that ends a sentence or an item, where the next or the one before is such a line
    too (``…as follows:`` ``1.—Each player…`` ``2.—The cards…``): a run of laws the OCR put in
    one paragraph, with no law before them on the page to go on from."""
    found = []
    for k, line in enumerate(lines):
        body = line.group().strip()
        law = _law_at(body) if k else None
        if law is None or law.group("prefix") or law.group("end") \
                or not body[law.end():].lstrip(" \t")[:1].isupper() \
                and not body[law.end():].lstrip(" \t").startswith(("—", "–")) \
                or not text_after(body, law) \
                or not _ITEM_END.search(lines[k - 1].group().rstrip()) \
                or is_reference(text, a + line.start()):
            continue
        found.append((k, int(law.group("num"))))
    return {k for n, (k, number) in enumerate(found)
            if n + 1 < len(found) and found[n + 1][1] == number + 1
            or n and found[n - 1][1] == number - 1}


# a section named as such inside a paragraph, after a sentence: "…its final report. Sec. 5."
_INLINE_SECTION = regex.compile(r"(?<=[.;:!?]['’”)]*[ \t]+)"
                                r"(?:Sec(?:tion)?|SEC(?:TION)?|Art(?:icle)?|ARTICLE)\.?[ \t]+"
                                r"\d{1,4}[a-z]?\.[ \t]+(?=[\p{Lu}(])")


def _split_inline_sections(text: str, spans: list[tuple[int, int]]
                           ) -> list[tuple[int, int]]:
    """Spans cut before a ``Sec. 5.`` that a line join ran into the paragraph before it.

    >>> t = "its final report. Sec. 5. General Provisions. (a) To"
    >>> [t[a:b] for a, b in _split_inline_sections(t, [(0, len(t))])]
    ['its final report.', 'Sec. 5. General Provisions. (a) To']
    """
    out = []
    for a, b in spans:
        start = a
        cuts = [m.start() for m in _INLINE_SECTION.finditer(text, a, b)]
        cuts += _ordinal_chain(text, a, b)
        for at in sorted(set(cuts)):
            if at <= start:
                continue
            out.append((start, len(text[:at].rstrip())))
            start = at
        out.append((start, b))
    return out


# an ordinal label after a sentence, a colon or a dash (or at the start): "…at once. 2d. Any"
_INLINE_ORDINAL = regex.compile(r"(?:(?<=\A|\n)|(?<=[.;:—–-][ \t]{0,3}\n?[ \t]{0,3}))"
                                r"(?P<l>\d{1,2}(?:st|nd|rd|th|d)|" + _MISREAD_FIRST_FORM +
                                r")\.[ \t]+(?=\p{Lu})")


_LAW_BEFORE = regex.compile(r"(?:\A|\s)\S{1,4}[.:,]?[ \t]*[—–-][ \t]*\Z")


def _ordinal_chain(text: str, a: int, b: int) -> list[int]:
    """Where the ordinal labels of a run that OCR or a line join put in one paragraph begin:
    a chain from ``1st.`` (or OCR's ``ist.``), each label the next of the one before.

    >>> t = "cards: —\\nist. Two at once. 2d. Any card dropped. 3d. Any card held."
    >>> [t[i:i + 3] for i in _ordinal_chain(t, 0, len(t))]
    ['ist', '2d.', '3d.']
    """
    found = [(m.start(), "1st" if _MISREAD_FIRST.fullmatch(m["l"]) else m["l"])
             for m in _INLINE_ORDINAL.finditer(text, a, b)
             if not _LAW_BEFORE.search(text[max(a, m.start() - 12):m.start()])]
    # (a label right after a law's number and dash is the law's run-in first: "13.—1st. If")
    chain: list[tuple[int, str]] = []
    for at, label in found:
        if label == "1st":
            chain = [(at, label)] if not chain or len(chain) < 2 else chain
        elif chain and _follows(label, chain[-1][1]):
            chain.append((at, label))
    return [at for at, _ in chain] if len(chain) >= 2 else []


def text_after(text: str, law: regex.Match) -> bool:
    """A law number with words after it (a folio alone, ``1035.``, is not a law)."""
    return any(c.isalpha() for c in text[law.end():])


_ORDINAL = regex.compile(r"(\d{1,2})(?:st|nd|rd|th|d)")


def _follows(label: str, previous: str) -> bool:
    """``label`` is the one after ``previous`` in a sequence of letters, numerals or digits.

    >>> _follows("b", "a"), _follows("ii", "i"), _follows("10", "9"), _follows("c", "a")
    (True, True, True, False)
    >>> _follows("2d", "1st"), _follows("3rd", "2nd"), _follows("4th", "2d")
    (True, True, False)
    """
    if label.isdigit() and previous.isdigit():
        return int(label) == int(previous) + 1
    ordinal, before = _ORDINAL.fullmatch(label), _ORDINAL.fullmatch(previous)
    if ordinal and before:  # 1st, 2d (2nd), 3d (3rd), 4th
        return int(ordinal[1]) == int(before[1]) + 1
    romans = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
              "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx"]
    low, prev = label.lower(), previous.lower()
    if low in romans and prev in romans and romans.index(low) == romans.index(prev) + 1:
        return True
    return len(low) == 1 and len(prev) == 1 and ord(low) == ord(prev) + 1


_STOPPED_LINE = regex.compile(r"""(?:\p{L}{3,}|\d{2,})[.:;!?]['"’”)\]]*[ \t]*(?=\n)""")


def _heading_line_ends(para: str) -> list[int]:
    """Where the lines of a heading that end with a stop end: each ends a heading (a title
    page's lines), where a heading OCR wrapped runs on (``ESTABLISHMENT OF THE`` over
    ``FEDERAL PRIVACY COUNCIL``).

    >>> _heading_line_ends("LONDON:\\nROUTLEDGE AND SONS.\\n1864.")
    [7, 27]
    >>> _heading_line_ends("ESTABLISHMENT OF THE\\nFEDERAL PRIVACY COUNCIL\\nU.S.\\nA")
    []
    """
    return [m.end() for m in _STOPPED_LINE.finditer(para.rstrip())]


# a play's speaker label: a name in capitals (one or two words) and its stop, alone on a line
_SPEAKER_LINE = regex.compile(r"(?m)^[ \t]*(\p{Lu}[\p{Lu}'’\-]+(?:[ \t]\p{Lu}[\p{Lu}'’\-]+)?\.)"
                              r"[ \t]*\n[ \t]*(?=[^\n]*\p{Ll})")
SPEAKER_LABELS = 3  # of them on a page, one name among them twice or more


def speaker_label(text: str, line: str) -> bool:
    """Whether ``line`` is a play's speaker label (``HAMLET.`` over its speech), not a
    heading: the page prints :data:`SPEAKER_LABELS` or more names in capitals with a stop,
    each alone on its line over a line of text, and one of them twice or more.

    >>> t = "HAMLET.\\nTo be, or not.\\n\\nOPHELIA.\\nGood my lord,\\n\\nHAMLET.\\nI thank you."
    >>> speaker_label(t, "OPHELIA."), speaker_label(t.replace("HAMLET.\\nI", "END.\\nI"), "END.")
    (True, False)
    """
    names = [m.group(1) for m in _SPEAKER_LINE.finditer(text)]
    return len(names) >= SPEAKER_LABELS and len(set(names)) < len(names) \
        and line.strip() in names


def read_blocks(text: str, headings: Sequence[str] = (),
                previous_law: int | None = None) -> list[Block]:
    """The paragraphs of ``text`` classified (see the module doc), with their labels."""
    spans = split_hidden_laws(text, _split_at_starts(text, paragraphs(text), headings))
    blocks: list[Block] = []
    for a, b in spans:
        para = text[a:b]
        block = Block("text", a, b, para)
        law = _law_at(para)
        clause = clause_at(para)
        if law is None and clause is None:
            law = _WEAK_LAW.match(para) or _SPECKED_LAW.match(para)  # "31 The revoking…",
            # "77.1f the declarer…"; ".37.—Ist. If", "2..a. Dummy", "7._I. The"
        if law is not None and text_after(para, law) and not (clause and clause[1] == "1st."):
            block.kind = "law"
            block.number = int(law.group("num"))
            block.suffix = law.group("suf") or ""
            block.range_end = int(law.group("end")) if law.group("end") else None
            block.prefix = law.group("prefix") or ""
            block.weak = law.re is not _LAW or law.group("weak") is not None
            inline = _inline_clause(para, law.end())
            if inline:
                block.inline.append(inline)
        elif clause is not None and any(c.isalnum() for c in para[clause[2]:]):
            # (not a label alone, nor with a speck: "(d) .")
            block.kind, block.label, block.style = "clause", clause[0], clause[1]
            if clause[1] == "a)":  # read as the bracketed style; the sequence decides
                block.style, block.weak = "(a)", True
            if clause[1] == "a,":  # a letter whose stop OCR misread: the sequence decides
                block.style, block.weak = "a.", True
            if clause[1] == "ist.":  # OCR's reading of 1st.: its 2d. decides
                block.label, block.style, block.weak = "1st", "1st.", True
        elif is_heading(para, headings) and not speaker_label(text, para):
            block.kind = "heading"
            first, _, rest = para.partition("\n")
            if rest.strip() and _NUMBERED_PART.fullmatch(first.strip()) \
                    and is_heading(rest, headings):
                # "CHAPTER XII." over "THE GAME OF CASSINO.": two headings, as printed
                blocks.append(Block("heading", a, a + len(first), first))
                block = Block("heading", a + len(first) + 1, b, rest)
            else:
                # a title page's block: each line that ends with its own stop is a heading
                # of its own ("LONDON:" / "ROUTLEDGE AND SONS." / "1864."), not a wrap
                at = 0
                for end in _heading_line_ends(para):
                    blocks.append(Block("heading", a + at, a + end, para[at:end]))
                    at = end + len(para[end:]) - len(para[end:].lstrip())
                block = Block("heading", a + at, b, para[at:])
        blocks.append(block)
    _run_in_one(blocks)
    _numerals_read_as_digits(blocks)
    _check_laws(blocks, text, previous_law)
    _garbled_romans(blocks)
    _numerals_one_stroke(blocks)
    _run_in_numerals(blocks)
    _garbled_ordinals(blocks)
    _check_clauses(blocks)
    _check_headings(blocks)
    return blocks


# a law's number and its first clause "I." run in, the I read as a 1 and the space lost
# ("72.1. If either…" for "72. I. If either…")
# (or "4.1 If", its stop lost too)
_RUN_IN_ONE = regex.compile(r"(?P<prefix>)(?P<num>\d{1,4})(?P<suf>)(?P<end>)\.(?=1\.?[ \t]+\p{Lu})")
# the second of a run of capital numerals, as OCR reads it ("II.", "Il.", "li.", "it.")
_SECOND_NUMERAL = regex.compile(r"(?P<tok>[IiLlt1|!]{2}|H)[\]}]?[.,](?=[ \t]+[\p{Lu}“\"‘])")


# an ordinal label OCR garbled ("Ath." for "4th.", "5tb."): read only as the next of the
# ordinal before it, one character off
_ORDINAL_TOKEN = regex.compile(r"(?P<tok>[\p{L}\d]{1,2}(?:st|nd|rd|th|d|tb|tli))(?P<stop>[.:])"
                               r"(?=[ \t]+\p{Lu})")  # (its stop read as a colon: "zd: The")


def _next_ordinal(label: str) -> str | None:
    """``2d`` after ``1st``, ``4th`` after ``3d`` (the style of the label before)."""
    m = _ORDINAL.fullmatch(label)
    if m is None:
        return None
    n = int(m[1]) + 1
    short = label.endswith("d") and not label.endswith("nd")  # 2d, 3d; or 2nd, 3rd
    suffix = {1: "st", 2: "d" if short else "nd", 3: "d" if short else "rd"}.get(n % 10, "th")
    return f"{n}{'th' if 10 <= n % 100 <= 20 else suffix}"


def garbled_ordinal(text: str, previous: str | None) -> str | None:
    """The ordinal label ``text`` opens with as OCR garbled it, when it is one character off
    the next of ``previous``: ``Ath.`` after ``3d`` is ``4th``.

    After ``1st`` the next is ``2d`` or ``2nd`` (the first label sets no style): the one
    the token is one character off.

    >>> garbled_ordinal("Ath. Any card", "3d"), garbled_ordinal("Ath. Any card", "1st")
    ('4th', None)
    >>> garbled_ordinal("zd: The result", "1st"), garbled_ordinal("Znd. The", "1st")
    ('2d', '2nd')
    >>> garbled_ordinal("2d: The result", "1st"), garbled_ordinal("2d. The result", "1st")
    ('2d', None)
    """
    m = _ORDINAL_TOKEN.match(text)
    want = _next_ordinal(previous) if previous else None
    if m is None or want is None:
        return None
    wants = ["2d", "2nd"] if previous == "1st" else [want]
    if m["tok"] in wants:  # (the label as printed, its stop read as a colon)
        return m["tok"] if m["stop"] == ":" else None
    near = [w for w in wants if Levenshtein.distance(m["tok"], w) == 1]
    return near[0] if len(near) == 1 else None


def _garbled_ordinals(blocks: list[Block]) -> None:
    """A paragraph opening with a garbled ordinal that the ordinal clause before it fixes
    is that clause's next (see :func:`garbled_ordinal`); one that opens a list, right
    before an exact ``2d.`` (``2nd.``), is its ``1st`` when one character off it (``Ast.``)."""
    previous: str | None = None  # the ordinal clause's label before (a law's run-in 1st)
    for i, b in enumerate(blocks):
        if b.kind == "text" and previous is None:
            after = next((x for x in blocks[i + 1:] if x.kind != "text"), None)
            if after is not None and after.kind == "clause" and after.style == "1st." \
                    and after.label in ("2d", "2nd") and garbled_ordinal(b.text, "0th"):
                b.kind, b.label, b.style = "clause", "1st", "1st."
        if b.kind == "text" and previous is not None:
            found = garbled_ordinal(b.text, previous)
            if found is not None:
                b.kind, b.label, b.style = "clause", found, "1st."
        if b.kind == "clause":
            previous = b.label if b.style == "1st." else None
        elif b.kind == "law" and b.inline and b.inline[-1][1] == "1st.":
            previous = b.inline[-1][0]  # ("27. Abandoned Hand.—1st. If…" then "zd: The")
        elif b.kind != "text":
            previous = None


def _run_in_one(blocks: list[Block]) -> None:
    """``72.1. If either…`` is law 72 and its first clause ``I.`` when the next paragraph
    that opens with a label or a number opens with that run's second (``II.``, or OCR's
    ``Il.``, ``li.``): a law only as the next number of the sequence (weak). The label is
    the run's ``I`` only when the second reads exactly ``II``."""
    for i, b in enumerate(blocks):
        m = _RUN_IN_ONE.match(b.text) if b.kind == "text" else None
        if m is None:
            continue
        after = next((x for x in blocks[i + 1:] if x.kind != "text"
                      or _SECOND_NUMERAL.match(x.text) or _GARBLED.match(x.text)), None)
        second = _SECOND_NUMERAL.match(after.text) if after is not None else None
        if second is None:
            continue
        b.kind, b.number, b.prefix, b.weak = "law", int(m["num"]), "", True
        if roman_reading(second["tok"]) == "II":
            b.inline.append(("I", "I.", m.end()))


def _numerals_read_as_digits(blocks: list[Block]) -> None:
    """``II.`` read as ``11.`` (``III.`` as ``111.``) is a law number by its shape; between the
    numeral clause before it and the exact one after it (``I.``, ``11.``, ``III.``) it is the
    clause. Read before the law sequence, which would take it for the next law and the
    real one after it for a number that goes back."""
    for i, b in enumerate(blocks):
        if b.kind != "law" or b.prefix or b.suffix or b.range_end is not None \
                or not regex.match(r"1{2,3}\.(?![—–-])", b.text):
            continue
        want = "I" * len(str(b.number))
        before = next((x for x in reversed(blocks[:i]) if x.kind != "text"), None)
        after = next((x for x in blocks[i + 1:] if x.kind != "text"), None)
        if before is not None and before.kind == "clause" and before.style == "I." \
                and _next_label(before.label) == want and after is not None \
                and after.kind == "clause" and after.style == "I." \
                and after.label == _next_label(want):
            b.kind, b.number, b.label, b.style = "clause", None, want, "I."
            b.inline.clear()


def _one_stroke(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one stroke I, lost or doubled (``II`` and ``III``, ``V``
    and ``VI``)."""
    if abs(len(a) - len(b)) != 1:
        return False
    short, long_ = sorted((a, b), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)) if long_[k] == "I")


def _numerals_one_stroke(blocks: list[Block]) -> None:
    """A capital numeral that lost or gained a stroke (``I.``, ``I.``, ``III.``: the second
    is ``II.``) is the one its exact neighbours leave, with no law between them."""
    for i, b in enumerate(blocks):
        if b.kind != "clause" or b.style != "I.":
            continue
        prev = next((x for x in reversed(blocks[:i]) if x.kind != "text"), None)
        nxt = next((x for x in blocks[i + 1:] if x.kind != "text"), None)
        if prev is None or nxt is None or prev.kind != "clause" or nxt.kind != "clause" \
                or prev.style != "I." or nxt.style != "I.":
            continue
        want = _next_label(prev.label)
        if want is not None and b.label != want and nxt.label == _next_label(want) \
                and _one_stroke(b.label, want):
            b.label = want


# a law's lead-in ending with a dash or a colon, and its first capital numeral run in
_RUN_IN_FIRST = regex.compile(r"(?<=[—–:][ \t]*)I\.[ \t]+(?=[\p{Lu}“\"‘])")


# the same, OCR's reading of it: the I as 1, l, L or | (after a title's dash, or right
# after the law's number: "24. Leading Out of Turn.—1. If any", "zg. L. If a player"), or
# the I and its stop read as one L ("14.—L If a player"), or the I with a t ("—lt. The")
_RUN_IN_FIRST_READ = regex.compile(r"(?:(?<=[—–:][ \t]*)|(?<=\A\S{1,5}\.[ \t—–-]*))"
                                   r"(?:(?P<tok>[I1lL|]|[Il]t)\.|(?P<tok>L))[ \t]+"
                                   r"(?=[\p{Lu}“\"‘])")


def _reads_second_numeral(block: Block) -> bool:
    """``block`` opens with ``II.``, exact or as OCR reads it (``IL.``, ``Il.``, ``H.``)."""
    if block.kind == "clause":
        return block.style == "I." and block.label == "II"
    m = _ROMAN_TOKEN.match(block.text)
    return block.kind == "text" and m is not None and roman_reading(m["tok"]) == "II" \
        and bool(block.text[m.end():].strip())


def _run_in_numerals(blocks: list[Block]) -> None:
    """``29.—There must be a new deal: I. If the pack…`` and then ``II. If a card…``: the
    ``I.`` run in after the lead-in is the law's first clause, when the next paragraph with a
    label is the exact ``II.``. One of the two may be OCR's reading of it (``—1. If`` before
    ``II.``; ``—I. If`` or ``—1. If`` before ``IL. If``), when that paragraph comes right
    after the law: the pair fixes both."""
    for i, b in enumerate(blocks):
        if b.kind != "law" or b.inline:
            continue
        m = _RUN_IN_FIRST.search(b.text, 0, 240)
        after = next((x for x in blocks[i + 1:] if x.kind != "text"), None)
        if m is not None and after is not None and after.kind == "clause" \
                and after.style == "I." and after.label == "II":
            b.inline.append(("I", "I.", m.start()))
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        read = _RUN_IN_FIRST_READ.search(b.text, 0, 240)
        if read is None or nxt is None or not _reads_second_numeral(nxt):
            continue
        b.inline.append(("I", "I.", read.start()))
        nxt.kind, nxt.label, nxt.style, nxt.weak = "clause", "II", "I.", False


def _check_laws(blocks: list[Block], text: str, previous_law: int | None = None) -> None:
    """Law numbers must run on: one that goes back is text; a garbled token between two
    numbers that anchor it is read as the number it stands for. ``previous_law`` is the
    last law of the page before (book mode): it anchors the page's first law from above
    (a weak or garbled number that is the next), never turns a number into text."""
    last: int | None = None
    laws = [i for i, b in enumerate(blocks) if b.kind == "law"]
    for k, i in enumerate(laws):
        b = blocks[i]
        assert b.number is not None
        if b.weak:  # "13, For striking…": only as the next number of the sequence
            following = blocks[laws[k + 1]].number if k + 1 < len(laws) else None
            if not (last is not None and b.number == last + 1
                    or last is None and (following == b.number + 1 or previous_law is not None
                                         and b.number == previous_law + 1)):
                b.kind, b.number, b.prefix = "text", None, ""
                b.inline.clear()
                continue
        if last is not None and (b.number <= last and not (b.number == last and b.suffix)
                                 and not _after_quotation(blocks, i)
                                 or b.number > last + MAX_LAW_GAP):
            b.kind, b.number, b.prefix = "text", None, ""
            b.inline.clear()
            continue
        last = b.range_end or b.number
    # garbled numbers: a text paragraph between laws n-1 and n+1 (or after n-1 and before
    # the page's end) whose first token reads as n
    numbered = [(i, b) for i, b in enumerate(blocks) if b.kind == "law"]
    for i, b in enumerate(blocks):
        if b.kind != "text":
            continue
        m = _GARBLED.match(b.text)
        if m is None or m.group("tok").isalpha() and m.group("tok").lower() in _WORDS:
            continue
        before = [x for j, x in numbered if j < i]
        after = [x for j, x in numbered if j > i]
        if before and before[-1].number is not None:
            want = (before[-1].range_end or before[-1].number) + 1
            if after and after[0].number != want + 1:
                continue
        elif not before and previous_law is not None:
            want = previous_law + 1  # the page before ended at law n: this one opens n+1
            if after and after[0].number != want + 1:
                continue
        elif not before and after and after[0].number is not None and not after[0].weak \
                and after[0].number > 1 and not after[0].suffix:
            want = after[0].number - 1  # the page's first law, garbled, before its next
        else:
            continue
        if _anchored_cost(m.group("tok"), want) > GARBLED_COST:
            continue
        b.kind, b.number, b.prefix = "law", want, m.group("prefix") or ""
        inline = _inline_clause(b.text, m.end())
        if inline:
            b.inline.append(inline)
    _fill_ranges(blocks, text)
    _fill_gaps(blocks, text)
    _dashed_edges(blocks, text, previous_law)
    _mispunctuated_edge(blocks, text)
    _first_section(blocks, previous_law)


def _after_quotation(blocks: list[Block], i: int) -> bool:
    """An order's ``Sec. 4.`` right after a paragraph that closes a quotation (``…the
    unitary Executive Branch.”``): the amending order's own section after the sections it
    quoted (``“Sec. 4.``…``Sec. 7.``), which may go back in number."""
    b = blocks[i]
    if not i or not b.prefix or b.weak:
        return False
    before = next((x for x in reversed(blocks[:i]) if x.kind == "law"), None)
    return before is not None and bool(before.prefix) \
        and regex.search(r"[.;:]”\s*\Z", blocks[i - 1].text) is not None


# "Section L (a) All property…": an order's first section, its 1 read as a letter
_SECTION_ONE = regex.compile(r"(?P<prefix>(?:Section|SECTION|Sec\.|SEC\.)[ \t]+)"
                             r"(?P<tok>[lLI|!J\]])[.,:;]{0,2}(?=[ \t]+[\p{Lu}(])")


def _first_section(blocks: list[Block], previous_law: int | None) -> None:
    """A paragraph opening ``Section`` (or ``Sec.``) and one stroke OCR read as a letter
    (``Section L (a)``, ``Sec. l. Policy.``) is section 1 when no law comes before it on the
    page (nor ends the page before, in book mode) and the page's next law, if any, is 2."""
    if previous_law:
        return
    for i, b in enumerate(blocks):
        if b.kind == "law":
            return
        m = _SECTION_ONE.match(b.text) if b.kind == "text" else None
        if m is None:
            continue
        after = next((x for x in blocks[i + 1:] if x.kind == "law"), None)
        if after is not None and (after.number != 2 or after.suffix):
            return
        b.kind, b.number, b.prefix = "law", 1, m.group("prefix")
        inline = _inline_clause(b.text, m.end())
        if inline:
            b.inline.append(inline)
        return


# a law's number in digits whose stop and dash OCR misread ("18,[F, after", "73-1F a", "12.1 f
# the"): a law only where two laws around it leave exactly its place (see _fill_gaps)
_MISPUNCTUATED = regex.compile(r"(?P<prefix>)(?P<tok>\d{1,3})"
                               r"(?=[ \t]?[.,:;—–\[|-]{1,3}[ \t]*(?!\d\d)[\p{L}\d])")
# a token that may be a garbled number, where two laws fix it: any word after its stop
# ("i. fin cutting" for "11. If in cutting"; a lower-case "i." is no pronoun)
_GAP_TOKEN = regex.compile(r"(?P<prefix>(?:Sec|SEC)\.?[ \t]+)?(?:[.,'‘’_](?=\d))?"
                           r"(?P<tok>[0-9A-Za-z$!|/\]]{1,3})"
                           r"(?:\.(?=[ \t]*[—–-]|[ \t]+\S)"
                           # (its stop and a speck, the space lost: "L8..1f a player")
                           r"|\.[.,_](?=[\p{L}\d])"
                           # (its stop lost, or read with the 1 before it: "3L—Ist. If")
                           r"|(?<=\d\S{0,2})(?=[—–][ \t]*\S)"
                           # (a 1 and its stop read as one L: "IL For making" for "11. For")
                           r"|(?<=L)(?=[ \t]+(?:\p{Lu}\p{Ll}|\([a-z1]\)[ \t]+\p{Lu})))")
# old-style figures (EB Garamond): 11 set as two small i's reads as one letter; 3, which
# descends below the line, reads as a j ("jo.—" for "30.—")
_OLD_STYLE = {"u": "11", "n": "11", "j": "3"}
ANCHORED_COST = 1.5  # the most a garbled number may cost where both sides fix it


def _anchored_cost(token: str, number: int) -> float:
    """:func:`reading_cost`, with the old-style figures OCR reads as one letter (``u.`` for
    ``11.``)."""
    cost = reading_cost(token, number)
    for i, c in enumerate(token):
        if c in _OLD_STYLE:
            cost = min(cost, 0.3 + reading_cost(token[:i] + _OLD_STYLE[c] + token[i + 1:],
                                                number))
    return cost


# a range of laws that refers to another code ("5 to 10. As in Bridge."), its numbers or its
# "to" garbled ("5 to 1o.", "s to 10.", "5 t0 10,")
_RANGE = regex.compile(r"(?P<prefix>)(?P<tok>[0-9A-Za-z$!|/\]]{1,3})[ \t]+(?:to|t0|fo|co|ro|io)"
                       r"[ \t]+(?P<end>[0-9A-Za-z$!|/\]]{1,3})[.,:;]"
                       r"(?=[ \t]*[—–-]|[ \t]+[\p{Lu}“\"'‘(])")


def _fill_ranges(blocks: list[Block], text: str) -> None:
    """Laws n and m on the page and between them one paragraph that opens with a range
    whose ends read as n + 1 and m - 1 (``ANCHORED_COST`` each, one of them exact): that
    range, the only thing between them that opens like a law."""
    laws = [i for i, b in enumerate(blocks) if b.kind == "law"]
    for i, j in zip(laws, laws[1:], strict=False):
        first, last = blocks[i], blocks[j]
        assert first.number is not None and last.number is not None
        low, high = (first.range_end or first.number) + 1, last.number - 1
        if high - low < 1 or last.suffix or first.weak or last.weak:
            continue
        found = [(x, m) for x in blocks[i + 1:j] if x.kind == "text"
                 and (m := _RANGE.match(x.text)) is not None
                 and not any(t.lower() in _WORDS for t in (m["tok"], m["end"]))]
        others = [x for x in blocks[i + 1:j] if x.kind == "text"
                  and (_GAP_TOKEN.match(x.text) or _MISPUNCTUATED.match(x.text))]
        if len(found) != 1 or others:
            continue
        x, m = found[0]
        costs = (_anchored_cost(m["tok"], low), _anchored_cost(m["end"], high))
        if max(costs) > ANCHORED_COST or min(costs) > 0 or is_reference(text, x.start):
            continue
        x.kind, x.number, x.range_end, x.prefix = "law", low, high, ""


# a law's number garbled, with the dash the page's laws print after their number ("2iu—",
# "gt.—")
_DASHED = regex.compile(r"(?P<prefix>)(?P<tok>[0-9A-Za-z$!|/\]]{1,3})\.?[ \t]?[—–]"
                        r"(?=[ \t]*(?:[\p{Lu}“\"'‘(]|" + _MISREAD_FIRST_FORM + r"[.:]))")
DASHED_COST = 1.6  # the most a garbled number with the page's dash may cost at its edges


def _dashed_edges(blocks: list[Block], text: str, previous_law: int | None) -> None:
    """On a page whose laws all print a dash after their number (``12.—If…``, two laws or
    more), a paragraph just before its first law or just after its last one that opens with
    a short token and that dash is the law the sequence puts there, when the token reads as
    that number at ``DASHED_COST`` (more than ``GARBLED_COST``: the dash says a law starts)."""
    laws = [i for i, b in enumerate(blocks) if b.kind == "law"]
    if len(laws) < 2 or not all(regex.match(r"[^\s—–]{1,6}[ \t]?[—–]", blocks[i].text)
                                for i in laws):
        return
    first, last = blocks[laws[0]], blocks[laws[-1]]
    assert first.number is not None and last.number is not None
    edges = []
    before = [i for i in range(laws[0]) if blocks[i].kind == "text"]
    if before and not first.suffix and first.number > 1:
        want = first.number - 1
        if previous_law is None or previous_law + 1 == want:
            edges.append((before[-1], want))
    after = [i for i in range(laws[-1] + 1, len(blocks)) if blocks[i].kind == "text"]
    if after:
        edges.append((after[0], (last.range_end or last.number) + 1))
    for i, want in edges:
        b = blocks[i]
        m = _DASHED.match(b.text)
        if m is None or m["tok"].lower() in _WORDS or is_reference(text, b.start) \
                or _anchored_cost(m["tok"], want) > DASHED_COST:
            continue
        b.kind, b.number, b.prefix = "law", want, ""
        inline = _inline_clause(b.text, m.end())
        if inline:
            b.inline.append(inline)


# the next law's number in digits, its stop read as a colon, comma or semicolon, before a
# capitalised word ("14: When the Red balls")
_NUMBER_MISREAD_STOP = regex.compile(r"(?P<prefix>)(?P<tok>\d{1,3})[:;,](?=[ \t]+\p{Lu}\p{Ll})")


def _mispunctuated_edge(blocks: list[Block], text: str) -> None:
    """The paragraph right after the page's last law (two laws or more) that opens with the
    next number in digits, its stop misread (``14: When``), is that law: the digits are
    the printed ones, and the sequence puts them there.

    >>> t = "12. When playing.\\n\\n13. For a wrong ball.\\n\\n14: When the Red balls are all"
    >>> [(b.kind, b.number) for b in read_blocks(t)][-1]
    ('law', 14)
    """
    laws = [i for i, b in enumerate(blocks) if b.kind == "law"]
    if len(laws) < 2:
        return
    last = blocks[laws[-1]]
    assert last.number is not None
    b = next((x for x in blocks[laws[-1] + 1:] if x.kind != "heading"), None)
    m = _NUMBER_MISREAD_STOP.match(b.text) if b is not None and b.kind == "text" else None
    if b is None or m is None or int(m["tok"]) != (last.range_end or last.number) + 1 \
            or is_reference(text, b.start):
        return
    b.kind, b.number, b.prefix = "law", int(m["tok"]), ""
    inline = _inline_clause(b.text, m.end())
    if inline:
        b.inline.append(inline)


def _fill_gaps(blocks: list[Block], text: str) -> None:
    """Laws n and n + k + 1 on the page, and between them exactly k paragraphs that open with
    a token that may be a number (a garbled one, ``tu.``, ``zu.``, ``i.``, or digits whose
    stop OCR misread, ``18,[F``): each is the law its place leaves, when each token reads
    as its number (``ANCHORED_COST``). A gap with more or fewer such paragraphs is left as
    it is; so is a token that is a word (``A.``, ``In.``)."""
    laws = [i for i, b in enumerate(blocks) if b.kind == "law"]
    for i, j in zip(laws, laws[1:], strict=False):
        first, last = blocks[i], blocks[j]
        assert first.number is not None and last.number is not None
        need = last.number - (first.range_end or first.number) - 1
        if not 1 <= need <= 3 or last.suffix or first.weak or last.weak:
            continue
        found = []
        # (a letter-stop label alone between them, "i. If in cutting", is no list: the law
        # whose 11 OCR read as a letter)
        lone = sum(x.kind == "clause" for x in blocks[i + 1:j]) == 1
        for x in blocks[i + 1:j]:
            if x.kind not in ("text", "clause") or x.kind == "clause" and (
                    x.style != "a." or not lone
                    or any(_follows(x.label, label) for label, _, _ in first.inline)):
                continue  # ("b." after "28.—a. Each…" is the law's second clause)
            m = _GAP_TOKEN.match(x.text) or _MISPUNCTUATED.match(x.text)
            if m is None or m.group("tok").isalpha() and m.group("tok").lower() in _WORDS \
                    and x.kind != "clause" and m.group("tok") != "i" \
                    or is_reference(text, x.start) \
                    or not text_after(x.text, m):
                continue
            found.append((x, m))
        if len(found) > need and sum(x.kind == "text" for x, _ in found) == need:
            # (".41—a. If…" then "b. If…": the letter is the garbled law's second clause)
            found = [(x, m) for x, m in found if x.kind == "text"]
        if len(found) != need:
            continue
        numbers = range((first.range_end or first.number) + 1, last.number)
        if any(_anchored_cost(m.group("tok"), n) > ANCHORED_COST
               for (_, m), n in zip(found, numbers, strict=True)):
            continue
        for (x, m), n in zip(found, numbers, strict=True):
            x.kind, x.number, x.prefix = "law", n, m.group("prefix") or ""
            x.label, x.style = "", ""
            inline = _inline_clause(x.text, m.end())
            if inline:
                x.inline.append(inline)


_WORDS = frozenset("a i o an as at be by do go he if in is it me my no of on or so to up us we "
                   "the and but per viz etc mr mrs dr st ed".split())


def _check_headings(blocks: list[Block]) -> None:
    """A heading heads something: running text, a law, a clause or another heading comes
    after it (or the page ends), and it does not follow a line of a few words. Short lines
    one after another (``Recent.``, ``Pliocene.``) are a table's cells or a list. Nor is a
    paragraph a heading when the text after it goes on with a sentence in lower case (a
    margin's note, ``Association.``, set between the lines of a sentence it does not head)."""
    # (a short paragraph that ends a sentence begun above, "one to play.", is no cell)
    short = [x.kind == "text" and len(x.text.split()) < 4 and not (
        x.text[:1].islower() and _ITEM_END.search(x.text.rstrip())) for x in blocks]
    for i, b in enumerate(blocks):
        if b.kind == "heading" and (i + 1 < len(blocks) and short[i + 1] or i and short[i - 1]):
            b.kind = "text"
        elif b.kind == "heading" and i + 1 < len(blocks) and blocks[i + 1].kind == "text" \
                and blocks[i + 1].text[:1].islower():
            b.kind = "text"
    # three headings or more in a row, not all in capitals: a column of a table or a list
    i = 0
    while i < len(blocks):
        j = i
        while j < len(blocks) and blocks[j].kind == "heading":
            j += 1
        run = blocks[i:j]
        if len(run) >= 3 and not all(_in_capitals(x.text) for x in run[1:]):
            for x in run[1:]:
                x.kind = "text"
        i = max(j, i + 1)


def _in_capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    if not letters:  # a title page's year, "1864.", set as its capitals are
        return any(c.isdigit() for c in text)
    return sum(c.isupper() for c in letters) >= 0.85 * len(letters)


def _check_clauses(blocks: list[Block]) -> None:
    """``a.``-style and roman labels are clauses only in a sequence: a paragraph opening
    ``b. The…`` alone is text; so is a label that lost its opening bracket (``ii) The``) and
    does not follow the clause before it. Labels in brackets stand alone."""
    following: list[Block | None] = [None] * len(blocks)  # the next clause after each block
    nxt: Block | None = None
    for i in range(len(blocks) - 1, -1, -1):
        following[i] = nxt
        if blocks[i].kind == "clause":
            nxt = blocks[i]
    previous: str | None = None  # the label of the clause before (a law's run-in first)
    for i, b in enumerate(blocks):
        after = following[i]
        if b.kind == "clause" and b.weak and not (
                previous is not None and _follows(b.label, previous)
                or b.label == "1st" and after is not None and _follows(after.label, "1st")):
            b.kind, b.label, b.style, b.weak = "text", "", "", False
        if b.kind == "clause":
            previous = b.label
        elif b.kind == "law" and b.inline:
            previous = b.inline[-1][0]
    styles = Counter([x.style for x in blocks if x.kind == "clause"]
                     + [style for x in blocks for _, style, _ in x.inline])
    # a numeral or a letter at the page's top, before its first law or heading: a list the
    # page before began ("V. If the dealer…" or "b. In the case…" then "31.—…"), on a page
    # of laws
    top = next((i for i, x in enumerate(blocks) if x.kind in ("law", "heading")), None)
    page_of_laws = top is not None and blocks[top].kind == "law"
    for i, b in enumerate(blocks):
        if b.kind == "clause" and b.style in ("a.", "I.") and styles[b.style] < 2 \
                and b.label not in _FIRST_LABELS and not (
                    page_of_laws and top is not None and i < top):
            b.kind, b.label, b.style = "text", "", ""


# a capital roman numeral as OCR may read it (``Il.``, ``IL.``, ``1I.``, ``TV.`` for ``IV.``)
_ROMAN_TOKEN = regex.compile(r"(?P<tok>[IVXLlTJ1|!HY]{1,5}|[VX][IVXil]{1,4})"
                             r"(?:(?:[\]}]?[.,]|(?<=[IVX][Ll]))"  # ("II]. When": a speck)
                             r"(?=[ \t]+[\p{Lu}“\"‘(])"  # ("VL If": the I and its stop as L)
                             r"|\.[.,](?=[\p{Lu}“\"‘]))")  # ("II..When": the space lost)
_ROMAN_READING = str.maketrans({"l": "I", "L": "I", "T": "I", "J": "I", "1": "I", "|": "I",
                                "!": "I", "Y": "V", "i": "I"})


def roman_reading(token: str) -> str:
    """What a capital roman numeral OCR garbled was printed as (one misread class: ``I``
    read as ``l``, ``1``, ``|``, ``T``; ``II`` run together as ``H``; ``V`` as ``Y``).

    >>> roman_reading("Il"), roman_reading("IIL"), roman_reading("TV"), roman_reading("H")
    ('II', 'III', 'IV', 'II')
    """
    return token.replace("H", "II").translate(_ROMAN_READING)


def _garbled_romans(blocks: list[Block]) -> None:
    """Paragraphs opening with a garbled capital roman numeral (``Il. If any card…``) are
    clauses when the sequence fixes the numeral: the next of the ``I.`` clause before them
    (no law between), or ``I.`` itself after a law ending in a dash or a colon (``…a new
    deal—``) and before an exact ``II.``."""
    top = next((i for i, x in enumerate(blocks) if x.kind in ("law", "heading")), None)
    page_of_laws = top is not None and blocks[top].kind == "law"
    for i, b in enumerate(blocks):
        if b.kind == "clause" and b.style == "I.":
            _repeated_roman(blocks, i)
            continue
        if b.kind != "text" and not (b.kind == "clause" and b.style == "a."):
            continue  # (OCR's "l." for "I." first reads as a letter)
        m = _ROMAN_TOKEN.match(b.text)
        if m is None or not b.text[m.end():].strip():
            continue
        want = None
        if page_of_laws and top is not None and i < top and i and b.kind == "text" \
                and roman_reading(m["tok"]) in ("II", "III", "IV", "V", "VI", "VII", "VIII"):
            # "Il. At the end of the hand" at a page of laws' top, after the end of the
            # item the page before began: the list's next numeral, as an exact "II." is
            b.kind, b.label, b.style = "clause", roman_reading(m["tok"]), "I."
            continue
        for prev in reversed(blocks[:i]):
            if prev.kind == "clause" and prev.style == "I.":
                want = _next_label(prev.label)
                break
            if prev.kind == "law" and prev.inline and prev.inline[-1][1] == "I.":
                want = _next_label(prev.inline[-1][0])  # "5. I. A player…" then "Il. If"
                break
            if prev.kind in ("law", "clause", "heading"):
                break
        if want is None and i and regex.search(r"[—–:-]\W{0,3}\Z", blocks[i - 1].text):
            after = next((x for x in blocks[i + 1:] if x.kind != "text"), None)
            if after is not None and after.kind == "clause" and after.style == "I." \
                    and after.label == "II":
                want = "I"
        if want is not None and (roman_reading(m["tok"]) == want or _stroke_short(m["tok"], want)
                                 or _bracket_stroke(b.text, m, want)):
            b.kind, b.label, b.style = "clause", want, "I."


def _repeated_roman(blocks: list[Block], i: int) -> None:
    """A roman clause that repeats the label of the clause just before it in the same law
    (``28. Revoking.—I. A revoke…`` then ``I. A renounce in error…``) is that one's next,
    when its label is one stroke short of it: OCR lost a stroke of ``II.``."""
    if not i:
        return
    b, prev = blocks[i], blocks[i - 1]
    label = prev.label if prev.kind == "clause" and prev.style == "I." else \
        prev.inline[-1][0] if prev.kind == "law" and prev.inline and \
        prev.inline[-1][1] == "I." else None
    want = _next_label(label) if label is not None else None
    if label is not None and want is not None and b.label == label and set(want) == {"I"} \
            and len(want) == len(label) + 1:
        b.label = want


def _bracket_stroke(text: str, m: regex.Match, want: str) -> bool:
    """The numeral's last stroke read as a bracket (``I]. By agreement`` where the sequence
    has ``II``): strokes only, and with the bracket for a stroke exactly ``want``.

    >>> _bracket_stroke("I]. By", _ROMAN_TOKEN.match("I]. By"), "II")
    True
    """
    reading = roman_reading(m["tok"])
    return text[m.end("tok"):m.end("tok") + 1] == "]" and set(reading) == {"I"} \
        and reading + "I" == want


def _stroke_short(token: str, want: str) -> bool:
    """A garbled numeral of strokes only, one stroke short of ``want`` (``IL`` where the
    sequence has ``III``, after an ``II`` it would repeat): OCR ran two strokes into one.

    >>> _stroke_short("IL", "III"), _stroke_short("II", "III"), _stroke_short("Il", "IV")
    (True, False, False)
    """
    reading = roman_reading(token)
    return token != reading and set(want) == {"I"} and set(reading) == {"I"} \
        and len(reading) + 1 == len(want)


_BROKEN_WORD = regex.compile(r"(?P<head>\p{L}+)(?P<cut>-[ \t]*\n(?:[ \t]*\n)+[ \t]*)"
                            r"(?P<tail>\p{Ll}+)")


def hyphen_joins(text: str, is_word: Callable[[str], bool]) -> list[Edit]:
    """Edits joining a word hyphenated across a column break (``Provi-`` and, after the
    blank line, ``sions``) when the whole is a word.

    >>> [(e.old, e.new) for e in hyphen_joins("General Provi-\\n\\nsions. (a)", str.isalpha)]
    [('-\\n\\n', '')]
    """
    out = []
    for m in _BROKEN_WORD.finditer(text):
        whole = m.group("head") + m.group("tail")
        if is_word(whole):
            out.append(Edit(m.start("cut"), m.end("cut"), m.group("cut"), "",
                            "hyphen-across-columns",
                            0.9, f"'{m.group('head')}-' and '{m.group('tail')}' on either side "
                            f"of a column break make the word '{whole}'"))
    return out


# a heading that numbers a part of the book: the title under it is a heading of its own
_NUMBERED_PART = regex.compile(r"(?:CHAPTER|CHAP\.|PART|BOOK|SECTION|ARTICLE|LAW|RULE|"
                               r"APPENDIX)[ \t]+(?:[IVXLC]+|\d+|[A-Z]+)\.?")


def _continues(first: str, second: str) -> bool:
    """Two heading lines in capitals that a blank line parts but the words join: the first
    ends with a word that cannot end a title.

    >>> _continues("COMMISSION ON", "IMPLEMENTATION"), _continues("ORDER 13326", "PRESIDENT'S")
    (True, False)
    >>> _continues("CHAPTER IV", "OF THE DEAL"), _continues("PART II", "OF THE LAWS")
    (False, False)
    >>> _continues("HOYLE'S GAMES MODERNIZED", "BY PROFESSOR HOFFMANN")  # a title page
    False
    """
    a, b = first.split(), second.split()
    if not a or not b or _SENTENCE_END.search(first) or not first.isupper() \
            or not second.isupper() or _NUMBERED_PART.fullmatch(first.strip()):
        return False  # ("CHAPTER IV" over "OF THE DEAL": two headings, as printed)
    # (a block that opens with BY or AND is as often a title page's next block, a byline)
    return a[-1].lower() in _MINOR


_GARBLED_LABEL = regex.compile(r"[‘’'\"`]?[(f{\[]?(?P<l>[^\s(){}\[\]]{0,4})[)}\]]{1,2}(?=\s)")
# characters OCR reads for one another in a clause label (observed: (6) for (b), fe) for
# (e), (l) for (1), (ili) for (iii), (j} for (i), (8) for (3), (z) for (2), (8) for (b))
_LABEL_CONFUSIONS = frozenset({("1", "l"), ("l", "1"), ("1", "i"), ("i", "1"), ("l", "i"),
                               ("i", "l"), ("6", "b"), ("b", "6"), ("c", "e"), ("e", "c"),
                               ("j", "i"), ("i", "j"), ("t", "f"), ("f", "t"), ("0", "o"),
                               ("o", "0"), ("5", "s"), ("s", "5"), ("h", "b"), ("b", "h"),
                               ("n", "u"), ("u", "n"), ("v", "y"), ("y", "v"), ("x", "z"),
                               ("t", "i"), ("3", "8"), ("8", "3"),
                               # EB Garamond's old-style 2 and an italic b
                               ("z", "2"), ("2", "z"), ("8", "b")})
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
           "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx", "xxi", "xxii", "xxiii", "xxiv",
           "xxv"]


def _next_label(label: str, after: str | None = None) -> str | None:
    """The label after ``label`` in its sequence, of the kind ``after`` (the one after that)
    shows: ``(h)`` → ``(i)`` among letters, ``(viii)`` → ``(ix)`` among numerals."""
    if label.isdigit():
        following = str(int(label) + 1)  # ("(2)", then "(9)": no one label between them)
        return following if after is None or _follows(after, following) else None
    low = label.lower()
    options = []
    if low in _ROMANS and _ROMANS.index(low) + 1 < len(_ROMANS):
        options.append(_ROMANS[_ROMANS.index(low) + 1])
    if len(low) == 1 and low.isalpha() and low != "z":
        options.append(chr(ord(low) + 1))
    for o in options:
        if after is None or _follows(after, o):
            return o.upper() if label.isupper() else o
    return None


def _first_before(label: str) -> str | None:
    """The first label of a sequence whose second is ``label``: a nested run's ``(i)``
    garbled before its exact ``(ii)``.

    >>> _first_before("ii"), _first_before("B"), _first_before("2"), _first_before("c")
    ('i', 'A', '1', None)
    """
    return {"ii": "i", "b": "a", "B": "A", "2": "1"}.get(label)


def _previous_label(label: str) -> str | None:
    """The label before ``label`` when only one can be: ``(vi)`` → ``(v)``, ``(d)`` → ``(c)``,
    ``(3)`` → ``(2)``; none for ``(i)``, ``(v)``, ``(x)`` (a letter or a numeral before them).

    >>> [_previous_label(x) for x in ("vi", "d", "3", "ii", "i", "v", "x", "B", "1")]
    ['v', 'c', '2', 'i', None, None, None, 'A', None]
    """
    if label.isdigit():
        return str(int(label) - 1) if int(label) > 1 else None
    low = label.lower()
    if low == "i":
        return None  # (h, or a numeral's first)
    roman = _ROMANS[_ROMANS.index(low) - 1] if low in _ROMANS else None
    letter = chr(ord(low) - 1) if len(low) == 1 and "a" < low <= "z" else None
    if roman and letter or not (roman or letter):
        return None
    found = roman or letter
    assert found is not None
    return found.upper() if label.isupper() else found


def _confusable(printed: str, label: str) -> bool:
    """``printed`` may be OCR's reading of ``label`` (lost, or a character misread)."""
    if not printed:
        return True
    if len(printed) == len(label) + 1 and printed[1:] == label and printed[0] in "GCcf{[|lt(":
        return True  # the opening bracket read as a letter: (Gj) for (j)
    if len(printed) == len(label) + 1 and printed[:-1] == label and printed[-1] in "jlI|!1]}y":
        return True  # the closing bracket read twice: (ij) for (i)
    if len(printed) != len(label):
        return False
    wrong = [(a, b) for a, b in zip(printed.lower(), label.lower(), strict=True) if a != b]
    return len(wrong) <= 1 and all(w in _LABEL_CONFUSIONS for w in wrong)


# a law's number whose stop OCR lost, read with its 1 or misread ("3L—" for "31.—", "IL For",
# "14: When")
_STOPLESS_NUMBER = regex.compile(r"(?P<tok>(?=\S{0,2}[\dL])[0-9A-Za-z$!|/\]]{1,3})"
                                 r"(?P<mark>(?=[—–])|(?<=L)(?=[ \t]+(?:\p{Lu}\p{Ll}|\([a-z1]\)))"
                                 r"|[:;,](?=[ \t]+\p{Lu}\p{Ll}))")


def label_repairs(text: str, headings: Sequence[str] = (),
                  read: list[Block] | None = None) -> list[Edit]:
    """Edits mending a clause label OCR garbled (``()}``, ``fe)``, ``(6)``, ``(ili)``)
    between two clauses that fix it: the one before it and the one after it are exact,
    and the label between them can only be one. ``read``: ``read_blocks(text, headings)``
    when the caller has them (a page's blocks are read once).

    >>> t = "(a) One.\\n\\n(6) Two.\\n\\n(c) Three.\\n\\n()} Four.\\n\\n(e) Five."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('(6)', '(b)'), ('()}', '(d)')]
    """
    read = read_blocks(text, headings) if read is None else read
    blocks = [b for b in read if b.kind in ("clause", "text")]
    out = _letter_stops(text, read) + _garbled_run_in_first(text, read) + \
        _law_specks(text, read) + _roman_first_after_title(text, read)
    for b in read:  # a law's run-in first numeral OCR misread ("—1. If" for "—I. If")
        for label, style, at in b.inline if b.kind == "law" else ():
            at += b.start
            if style == "I." and label == "I" and text[at] != "I":
                # ("72.1. If", "4.1 If": the space, or the stop, lost too; "lt." the I's)
                old = "lt" if text.startswith("lt.", at) else text[at]
                new = ("" if not text[at - 1:at] or text[at - 1] in " \t\n—–-:" else " ") + "I" + \
                    ("" if text.startswith(".", at + len(old)) else ".")
                out.append(Edit(at, at + len(old), old, new, "clause-sequence", 0.8,
                                f"'{old}' opens the law's clauses, before their II.: I."))
    for b in blocks:  # OCR's "ist." that a "2d." follows
        first = _MISREAD_FIRST.match(text, b.start) if b.kind == "clause" \
            and b.label == "1st" else None
        if first is not None and text.startswith(".", first.end()):
            old = first.group()
            out.append(Edit(b.start, first.end(), old, "1st", "clause-sequence", 0.9,
                            f"'{old}.' opens a run of ordinal labels whose next is 2d.: 1st."))
    for b in read:  # a law's number the sequence read, its stop lost or misread ("3L—Ist."
        # for 31, "IL For" for 11, "14: When" for 14)
        m = _STOPLESS_NUMBER.match(b.text) if b.kind == "law" and b.number \
            and not b.prefix else None
        if m is not None and (m["tok"] != str(b.number) or m["mark"]):
            out.append(Edit(b.start, b.start + len(m.group()), m.group(), f"{b.number}.",
                            "law-number", 0.8, f"'{m.group()}' opens a paragraph: law "
                            f"{b.number} of the sequence, its stop lost or misread"))
    for b in read:  # a law's run-in first ordinal as OCR reads it ("7.—I1st. The")
        for label, _, at in b.inline if b.kind == "law" else ():
            first = _MISREAD_FIRST.match(text, b.start + at) if label == "1st" else None
            if first is not None and text[first.end():first.end() + 1] in (".", ":"):
                old = text[first.start():first.end() + 1]
                out.append(Edit(first.start(), first.end() + 1, old, "1st.", "clause-sequence",
                                0.9, f"'{old}' opens the law's clauses after its number: 1st."))
    for b in blocks:  # an ordinal the sequence read ("Ath." for "4th.")
        m = _ORDINAL_TOKEN.match(b.text) if b.kind == "clause" and b.style == "1st." else None
        if m is not None and (m["tok"] != b.label or m["stop"] != ".") and b.label != "1st":
            # (1st: see above; "zd:" for "2d.": the colon its stop)
            old = m["tok"] + m["stop"]
            out.append(Edit(b.start, b.start + len(old), old, b.label + ".",
                            "clause-sequence", 0.8, f"'{old}' stands where the sequence "
                            f"of ordinals has {b.label}."))
    for b in blocks:  # a capital numeral the sequence read (Il. for II.)
        if b.kind == "clause" and b.style == "I.":
            m = _ROMAN_TOKEN.match(b.text)
            if m is not None and m["tok"] != b.label:
                # (its last stroke read as a bracket, "I]." for "II.": the bracket goes too)
                end = b.start + len(m["tok"]) + _bracket_stroke(b.text, m, b.label)
                stop = "" if text.startswith((".", ","), end) else "."
                out.append(Edit(b.start, end, text[b.start:end], b.label + stop,
                                "clause-sequence", 0.9, f"'{m['tok']}.' stands where the "
                                f"sequence of numerals has {b.label}."))
    # the label each paragraph opens with as printed, before the sequence judged it (a
    # label that lost its bracket after a garbled one is still an anchor: iti) iv))
    printed = [clause_at(b.text) for b in blocks]
    for i in range(len(blocks) - 1):
        before, here = (blocks[i - 1] if i else None), blocks[i]
        after = printed[i + 1]
        if after is None or after[1] not in ("(a)", "a)"):
            continue
        if before is not None and before.kind == "clause" and before.style == "(a)":
            want = _next_label(before.label, after[0]) or _first_before(after[0])
            why = f"between ({before.label}) and ({after[0]})"
        elif before is not None and before.kind == "clause":
            want, why = _first_before(after[0]), f"before ({after[0]})"
        else:  # the first clause of the page: the label before its next
            want, why = _previous_label(after[0]), f"before ({after[0]})"
        if want is None or here.kind == "clause" and here.label == want:
            continue
        m = _GARBLED_LABEL.match(text, here.start)
        if m is None or not _confusable(m.group("l"), want):
            continue
        new = f"({want})"
        out.append(Edit(m.start(), m.end(), m.group(), new, "clause-sequence", 0.9,
                        f"{why} the label can only be {new}; '{m.group()}' is an OCR reading "
                        "of it"))
    done = {e.start for e in out}
    out += [e for e in _one_sided_label_repairs(text, headings, read) if e.start not in done]
    return sorted(out, key=lambda e: e.start)


_MISREAD_STOP = regex.compile(r"(?P<l>[a-z])(?P<stop>[,:;]|\.[.,])[ \t]")


_LAW_SPECK = regex.compile(r"\d{1,4}[a-z]?\.(?P<speck>[:;,°]{1,3}[ \t]*)(?=[\p{Lu}(])")


def _law_specks(text: str, blocks: list[Block]) -> list[Edit]:
    """Dust after a law's stop (``10.°If``, ``12.:(a) When``), which the law's reading
    read past: gone, the space it took kept.

    >>> t = "9. If the ball.\\n\\n10.°If a Red ball is covered.\\n\\n11. For a miss."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('°', ' ')]
    >>> t = "9.—If the ball.\\n\\n10.:If a Red ball is covered.\\n\\n11.—For a miss."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [(':', '—')]
    """
    laws = [b for b in blocks if b.kind == "law" and not b.prefix]
    dashed = sum(1 for b in laws if regex.match(r"\d{1,4}[a-z]?\.[ \t]*[—–]", b.text))
    new = "—" if dashed * 2 > len(laws) else " "  # (the page's laws' own style)
    out = []
    for b in laws:
        m = _LAW_SPECK.match(b.text)
        if m is not None:
            at = b.start + m.start("speck")
            old = m["speck"]
            out.append(Edit(at, at + len(old), old, new, "law-number", 0.9,
                            f"'{old.strip()}' after law {b.number}'s stop is a speck"))
    return out


def _letter_stops(text: str, blocks: list[Block]) -> list[Edit]:
    """A letter label whose stop OCR misread (``b,`` ``a:`` ``b..``), read as a clause by
    its sequence (the label before it, or its law's number): its stop mended.

    >>> t = "28.—a: Each player discards.\\n\\nb, Cards once discarded are not looked at."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('a:', 'a.'), ('b,', 'b.')]
    """
    out = []
    starts = [b.start for b in blocks if b.kind == "clause" and b.style == "a."]
    starts += [b.start + at for b in blocks if b.kind == "law"
               for _, style, at in b.inline if style == "a."]
    for at in starts:
        m = _MISREAD_STOP.match(text, at)
        if m is not None:
            old = text[m.start():m.end("stop")]
            new = m["l"] + "."
            out.append(Edit(m.start(), m.end("stop"), old, new, "clause-sequence", 0.9,
                            f"'{old}' stands where the sequence of letters has {new}"))
    return out


# the first label of a sequence, by its second (a law's run-in first label OCR garbled)
_FIRST_OF = {"b": "a", "B": "A", "ii": "i", "II": "I", "2": "1", "2d": "1st", "2nd": "1st"}
# a law's run-in first label as OCR may garble it: a short token, before a capital
# an ordinal 1st run in after a law's number and dash, as OCR reads its figure and stop
# ("35.—Ist: If", "39.—Ist..A card", "42.—\\st. If")
_FIRST_ORDINAL_RUN_IN = regex.compile(r"[ \t]?[—–][ \t]*(?P<label>(?:[\\|!Il1i]{1,2}|1)st"
                                      r"(?:\.[ \t]+|[.:,;]{1,2}[ \t]*))(?=\p{Lu})")
# the same after a law's run-in title, a few words closed by a stop and a dash
_TITLED_FIRST = regex.compile(r"[ \t]*(?P<title>[^\n—–]{3,60}?\.)[ \t]*[—–][ \t]*"
                              r"(?P<tok>\S{1,6})[ \t]+(?=[\p{Lu}“\"‘])")
_RUN_IN_TOKEN = regex.compile(r"[—–:-]?[ \t]*(?P<tok>\S{1,6})[ \t]+(?=[\p{Lu}“\"‘])")


def _printed(label: str, style: str) -> str:
    """A label as its style prints it: ``(a)``, ``(a.)``, ``I.``, ``1st.``, ``a.``."""
    return {"(a)": f"({label})", "(a.)": f"({label}.)"}.get(style, f"{label}.")


def _roman_first_after_title(text: str, blocks: list[Block]) -> list[Edit]:
    """A law's first label after its run-in title, a stroke and a stop (``24. Leading Out
    of Turn.—l. If``), on a page whose clauses are capital roman numerals (and none are
    figures), with no clause after it on the page to say more (its II. is on the next
    page): ``I.``, the stroke OCR read as a letter.

    >>> t = ("III. Every card so held.\\n\\n22. If a player leads a card.\\n\\n"
    ...      "24. Leading Out of Turn.—l. If any player leads out of turn")
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('l.', 'I.')]
    """
    styles = {x.style for x in blocks if x.kind == "clause"}
    if "I." not in styles or any(x.kind == "clause" and x.label.isdigit() for x in blocks):
        return []
    out = []
    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if b.kind != "law" or b.inline or nxt is not None and nxt.kind != "law":
            continue
        law = _law_at(b.text) or _WEAK_LAW.match(b.text)
        m = _TITLED_FIRST.match(b.text, law.end()) if law is not None else None
        if m is None or m["tok"] not in ("l.", "1.", "|.", "l,", "1,") \
                or _FINITE_VERB.search(m["title"]):
            continue
        at = b.start + m.start("tok")
        out.append(Edit(at, at + 2, m["tok"], "I.", "clause-sequence", 0.8,
                        f"the law's first clause after its title, on a page of roman "
                        f"clause labels: '{m['tok']}' is OCR's reading of I."))
    return out


def _garbled_run_in_first(text: str, blocks: list[Block]) -> list[Edit]:
    """A law whose text opens with a token one character away from the first label of the
    sequence the next paragraph goes on with (``31.—4a) If`` before ``(b)``, ``7.—(]) The``
    before ``(2)``, ``7.—I1st. The`` before ``2d.``): the first label mended. A word is
    never taken for a label (``If`` is not ``I.``).

    >>> t = "31.—4a) If the dealer give more cards.\\n\\n(b) If the other elect to play."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('4a)', '(a)')]
    >>> t = "7.—I1st. The dealer takes miss.\\n\\n2d. In the latter case he cannot lose."
    >>> [(e.old, e.new) for e in label_repairs(t)]  # (OCR's forms of 1st: read as 1st)
    [('I1st.', '1st.')]
    >>> t = "39.—Ist..A card led in turn.\\n\\n2d. A card played to a lead."
    >>> [(e.old, e.new) for e in label_repairs(t)]
    [('Ist..', '1st. ')]
    """
    out = []
    for b, nxt in zip(blocks, blocks[1:], strict=False):
        printed = clause_at(nxt.text) if nxt.kind == "text" else None
        second = (nxt.label, nxt.style) if nxt.kind == "clause" else \
            (printed[0], printed[1]) if printed is not None else None
        if b.kind != "law" or b.inline or second is None or second[0] not in _FIRST_OF:
            continue  # (a second label alone is text until its first is read: "II. If")
        law = _law_at(b.text) or _WEAK_LAW.match(b.text)
        first = _FIRST_ORDINAL_RUN_IN.match(b.text, law.end()) \
            if law is not None and second[0] in ("2d", "2nd") else None
        if first is not None and first["label"] != "1st. ":
            at = b.start + first.start("label")
            out.append(Edit(at, at + len(first["label"]), first["label"], "1st. ",
                            "clause-sequence", 0.8, f"the law's first clause, before "
                            f"{second[0]}.: '{first['label'].strip()}' is OCR's reading of 1st."))
            continue
        m = _RUN_IN_TOKEN.match(b.text, law.end()) if law is not None else None
        titled = _TITLED_FIRST.match(b.text, law.end()) if law is not None else None
        if titled is not None and not _FINITE_VERB.search(titled["title"]):
            m = titled  # (after a run-in title: "24. Leading Out of Turn.—l. If")
        if m is None:
            continue
        old, new = m["tok"], _printed(_FIRST_OF[second[0]], second[1])
        if old == new or Levenshtein.distance(old, new) != 1 or regex.fullmatch(
                r"\p{L}+", old) or not regex.search(r"[\p{L}\d()\[\]{}]", old):
            continue
        at = b.start + m.start("tok")
        out.append(Edit(at, at + len(old), old, new, "clause-sequence", 0.8,
                        f"the law's first clause, before {_printed(*second)}: "
                        f"'{old}' is OCR's reading of {new}"))
    return out


def _well_formed(label: str) -> bool:
    """A label a printer sets: one letter, a roman numeral, a doubled letter, a number."""
    low = label.lower()
    return bool(regex.fullmatch(r"[a-z]|(\p{L})\1|[1-9]\d?", low)) or low in _ROMANS


def _open_sequences(blocks: list[Block], i: int) -> list[tuple[str, str]] | None:
    """The clauses open above ``blocks[i]`` (outermost first, as :func:`build_codes` nests
    them), as (label, style): the labels any of whose next ``blocks[i]`` may be. None when a
    heading or a paragraph of text without a label (the law's own text, a preamble) comes
    between: the list may have ended there."""
    start = i  # (a paragraph in lower case goes on the one before: a column break cut it)
    while start > 0 and (blocks[start - 1].kind == "clause" or start - 1 > 0
                         and blocks[start - 1].kind == "text"
                         and blocks[start - 1].text[:1].islower()):
        start -= 1
    if not any(b.kind == "clause" for b in blocks[start:i]) \
            and not (start > 0 and blocks[start - 1].kind == "law" and blocks[start - 1].inline):
        return None
    if start > 1 and blocks[start - 1].kind != "law" \
            or start == 1 and blocks[0].kind not in ("law", "text"):
        return None  # (text between: the law's own text, a preamble; the list may end there;
        # the page's first paragraph of text goes on with an item of the page before)
    open_: list[tuple[tuple[str, str], Clause]] = []
    items = []
    if start > 0 and blocks[start - 1].kind == "law":
        items += [(label, style) for label, style, _ in blocks[start - 1].inline]
    items += [(b.label, b.style) for b in blocks[start:i] if b.kind == "clause"]
    for label, style in items:
        kind = _sequence_kind(label, style, open_)
        if any(k == kind for k, _ in open_):
            while open_[-1][0] != kind:
                open_.pop()
            open_.pop()
        open_.append((kind, Clause(label, "", style)))
    return [(c.label, c.style) for _, c in open_]


def _one_sided_label_repairs(text: str, headings: Sequence[str] = (),
                             blocks: list[Block] | None = None) -> list[Edit]:
    """A garbled label with no exact label after it to anchor it (the last of its page, or
    before a law): mended only when what OCR printed is no label a printer sets (``fe)``,
    ``(ili)``, a lost ``()`` where only one label can come, a number no open list can reach,
    ``(6)`` after ``(a)``), it is a plausible reading of the next label of one
    of the sequences open above it and of no other label the place allows (another open
    sequence's next, a new nested one's first), and the paragraph before ends an item.
    ``blocks``: ``read_blocks(text, headings)``, when the caller has them."""
    blocks = read_blocks(text, headings) if blocks is None else blocks
    out = []
    for i, here in enumerate(blocks):
        if here.kind not in ("text", "clause") or not i \
                or not _ITEM_END.search(blocks[i - 1].text.rstrip()):
            continue
        m = _GARBLED_LABEL.match(text, here.start)
        if m is None or not text[m.end():here.end].strip():
            continue
        printed = m.group("l")
        # "()": the label lost whole, in its brackets
        empty = not printed and regex.match(r"[({\[][)}\]]", m.group()) is not None
        printed_label = _well_formed(printed) and m.group()[:1] in "(‘’'\"`" \
            or here.kind == "clause" and _well_formed(here.label)
        # a number where only lists of letters are open ((6) after (a)): no list of numbers
        # starts at 6, so it is a letter misread (unless its list is open above)
        digit = printed.isdigit() and printed != "1"
        if not empty and not regex.search(r"\p{L}|\d", printed) or printed_label and not digit:
            continue  # (a label as printed, in its brackets, is the printer's)
        open_ = _open_sequences(blocks, i)
        if not open_ or printed_label and any(label.isdigit() for label, _ in open_):
            continue
        nexts = [(n, style) for label, style in open_
                 if style in ("(a)", "(a.)") and (n := _next_label(label)) is not None]
        firsts = [f for f in ("a", "i", "1", "A") if f not in {n for n, _ in nexts}]
        # an item that ends with its stop or "; and" opens no list under it: no first label
        # can come next, and with one list open the lost label is its next
        closed = not regex.search(r"[:—–-]\W{0,3}\Z", blocks[i - 1].text.rstrip())
        if empty and not (closed and len(open_) == 1):
            continue
        fits = [n for n, _ in nexts if _confusable(printed, n)]
        if len(fits) != 1 or not closed and any(_confusable(printed, f) for f in firsts):
            continue
        new = f"({fits[0]})"
        out.append(Edit(m.start(), m.end(), m.group(), new, "clause-sequence", 0.8,
                        f"'{m.group()}' is no label as printed; the only label this place "
                        f"allows that OCR may read so is {new}, next of the clauses above"))
    return out


_INDEX_ENTRY = regex.compile(r",[ \t]*\d{1,4}(?:[-–][ \t]*\d{1,4})?\.?[ \t]*$")


def _joined(blocks: list[Block]) -> list[Block]:
    """A paragraph that a column or page break cut in two is one paragraph again (a word
    hyphenated across the break keeps its hyphen: :func:`hyphen_joins` joins words).

    >>> [b.text for b in _joined([Block("text", 0, 9, "General Provi-"),
    ...                           Block("text", 11, 20, "sions. (a) To")])]
    ['General Provi-sions. (a) To']
    """
    out: list[Block] = []
    parts: list[list[str]] = []  # the pieces of each block of out (joined once, at the end)
    words: list[int] = []
    for b in blocks:
        prev = out[-1] if out else None
        last = parts[-1][-1] if parts else ""
        if (prev is not None and b.kind == "heading" and prev.kind == "heading"
                and _continues(last, b.text)):
            prev.end = b.end
            parts[-1] += [" ", b.text]
            continue
        if (prev is not None and b.kind == "text" and prev.kind != "heading"
                and b.text[:1].islower() and not _SENTENCE_END.search(last[-12:])
                and (words[-1] >= 5 or last.endswith(("-", ",")))
                and not (_INDEX_ENTRY.search(last) and _INDEX_ENTRY.search(
                    b.text.split("\n", 1)[0]))
                and not ("\n" not in prev.text and CAPITALS_LINE.fullmatch(prev.text.strip()))):
            # (an index's entries, each ending in its page: "three-handed, 72" over a blank
            # line and "laws of, 91" are two entries, never one paragraph; a line in capitals
            # alone, a head or a heading, goes on with no paragraph: "132 THE LIFE OF
            # NELSON. 1798" over "the fleet then sailed")
            # (a line or two of a few words before a column break is as often a caption,
            # a credit or a table's cell as the start of the paragraph: left apart)
            prev.end = b.end
            # a hyphen is kept (hyphen_joins did the words)
            parts[-1] += [b.text] if last.endswith("-") else [" ", b.text]
            words[-1] += len(b.text.split())
            continue
        out.append(b)
        parts.append([b.text])
        words.append(len(b.text.split()))
    for b, pieces in zip(out, parts, strict=True):
        b.text = "".join(pieces)
    return out


def build_codes(blocks: list[Block]) -> list[Code]:
    """The law model of the page's blocks (see the module doc)."""
    code = Code()
    section: Section | None = None
    law: Law | None = None
    open_: list[tuple[tuple[str, str], Clause]] = []  # open clauses, outermost first
    started = False

    def ensure_section() -> Section:
        nonlocal section
        if section is None:
            section = Section()
            code.sections.append(section)
        return section

    def add_clause(label: str, style: str, text: str) -> None:
        nonlocal law
        if law is None:  # clauses of a law begun on an earlier page
            law = Law(None)
            ensure_section().laws.append(law)
        kind = _sequence_kind(label, style, open_)
        if any(k == kind for k, _ in open_):
            while open_[-1][0] != kind:
                open_.pop()
            open_.pop()  # a sibling of this one
        item = Clause(label, text, style)
        if open_:
            open_[-1][1].clauses.append(item)  # a new sequence under the clause before it
        else:
            law.body.append(item)
        open_.append((kind, item))

    for b in blocks:
        if b.kind == "heading":
            section = Section(heading=b.text)
            code.sections.append(section)
            law, open_ = None, []
        elif b.kind == "law":
            law = Law(b.number, b.text, b.suffix, range_end=b.range_end, span=(b.start, b.end),
                      prefix=b.prefix)
            ensure_section().laws.append(law)
            open_ = []
            for label, style, at in b.inline:
                law.text = b.text[:at].rstrip()
                add_clause(label, style, b.text[at:])
        elif b.kind == "clause":
            add_clause(b.label, b.style, b.text)
        elif law is not None:
            law.body.append(Paragraph(b.text))
            open_ = []
        elif not started and b.text[:1].islower():
            code.fragment = b.text
        elif section is not None:
            section.paragraphs.append(b.text)
        else:
            code.preamble.append(b.text)
        started = True
    return [code] if (code.sections or code.preamble or code.fragment) else []


# a law's number as the page prints it, before its text or its dash ("12. If", "12.—If")
_PRINTED_NUMBER = regex.compile(r"(\d{1,4}[a-z]?)\.(?:[ \t]+(?=\S)|(?=[—–-]))")


def lay_out(text: str, heading: str = "{{c|{{sc|$1}}}}", headings: Sequence[str] = (),
            previous_law: int | None = None, law_number: str = "$1. ",
            blocks: list[Block] | None = None) -> Layout:
    """Read ``text`` into blocks and write the body (see the module doc); ``previous_law``
    is the last law number of the page before, when the book is known (book mode).
    ``law_number`` writes a law's printed number (bold, say); the default leaves it as
    printed. ``blocks``: ``read_blocks(text, headings, previous_law)`` when the caller has
    them (a page's blocks are read once); they are joined here, in place."""
    blocks = _joined(read_blocks(text, headings, previous_law) if blocks is None else blocks)
    for b in blocks:
        if b.kind == "law" and not b.inline and b.end - b.start > len(b.text):
            # a title a column break cut ("Sec. 6. Review of Current Authorities," and
            # "and Guidance. (a) Each of…"): its first clause, in the joined paragraph
            m = _law_at(b.text)
            inline = _inline_clause(b.text, m.end()) if m is not None else None
            if inline is not None:
                b.inline.append(inline)
    out = []
    for b in blocks:
        para = b.text
        if b.kind == "heading":  # one line: a template call does not span lines
            para = heading.replace("$1", " ".join(para.split()))
        elif b.kind == "law" and law_number != "$1. " and not b.prefix \
                and b.number is not None and (m := _PRINTED_NUMBER.match(para)):
            number = law_number.replace("$1", m.group(1))
            rest = para[m.end():]
            para = (number.rstrip() if rest[:1] in "—–-" else number) + rest
        out.append(para)
    return Layout(blocks, build_codes(blocks), "\n\n".join(out))
