"""The running head of a printed page: its folio (page number) and running title, found at
the top of a page's OCR text and written as the header template (``{{rh}}``, ``{{rvh}}``).

The head is found from evidence, not from one pattern: it is the first line of the page (or
the first two, when the OCR reads the folio as a block of its own), made of words in capitals
with at most a folio-like token (1–4 digits or a lower-case roman numeral) at its start or
end; OCR noise between them (``=``, ``-.``, ``:``, ``|``, a stray comma) is dropped from the
title. A line of capitals alone is a head only when it is not a heading: no closing stop, a
blank line after it, not a heading the corpus knows. A folio alone on the first line is a head
whose title was lost.

>>> h = find_running_head("600 WHIST the first trick")
>>> h.number, h.title, h.side, h.wikitext()
('600', 'WHIST', 'left', '{{rh|600|WHIST|}}')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import regex
from rapidfuzz.fuzz import ratio

from .text.english import zipf

_FOLIO = regex.compile(r"(?P<n>\d{1,4}|[ivxlc]{1,6})(?P<stop>\.?)")
_JUNK = regex.compile(r"[^\p{L}\p{N}]+")
# a word in capitals, with OCR'd punctuation at its edges
# (a lower-case l or i between capitals is OCR's misreading of I: PREJUDlCE; a 0 or 1 of O
# or I: P0KER)
# (and a dash between two words: EB1911's ABBESS—ABBEY, the first and last articles)
# (a speck OCR set against it, _ECARTE, WHIST-, is not the word's)
_CAPS = regex.compile(r"[\"'‘“(\[_~]*(?P<core>\p{Lu}(?:(?:[\p{Lu}&'’.\-—–]"
                      r"|(?<=\p{Lu})[li01](?=\p{Lu}))*\p{Lu})?)(?P<tail>[\"'’”)\].,:;_~-]*)")
_LINE = regex.compile(r"[^\n]*(?:\n|\Z)")
_SPECK_SPACE = regex.compile(r"(?<=\p{Lu}{2})\.(?=\p{Lu}{2})")  # LAWS.OF: a speck, a space
MAX_TITLE_WORDS = 8
# a word that numbers a part of a book, a figure or a rule: with a number beside it and no
# other word it is a heading (CHAPTER 12, RULE 4, FIG. 4), never a running title and folio
_PART_WORD = regex.compile(r"(?:CHAPTER|CHAP|PART|BOOK|SECTION|SECT|SEC|ARTICLE|ART|LAW|RULE|"
                           r"APPENDIX|FIGURE|FIG|TABLE|PLATE|DIAGRAM|NO|NUMBER|VOL|VOLUME|"
                           r"LESSON|EXAMPLE|PROBLEM|GAME|HAND|CANTO|ACT|SCENE|STANZA|PSALM|"
                           r"LETTER|NOTE|CASE|POSITION|ROUND|DEAL|MOVE|STEP|EXERCISE|STAGE|"
                           r"POINTS?|TRICKS?|INNINGS?|VARIATION|QUESTION|ITEM|SCHEDULE|FORM|"
                           r"ILLUSTRATION|MAP|DAY|LECTURE|SERMON|SONNET|HYMN|ODE|EPISODE)\.?",
                           regex.IGNORECASE)
# a title is a noun phrase: one that ends in a word that needs what follows (THE GAME OF 500)
# makes the number part of it, and one with a verb (21 POINTS ARE GAME) is a sentence; either
# way the number is the text's, not a folio
_OPEN_WORD = frozenset("OF THE A AN AND OR TO FOR WITH BY AT IN ON FROM NOR AS THAN INTO".split())
_VERB_WORD = frozenset("IS ARE WAS WERE BE BEEN BEING HAS HAVE HAD WILL SHALL MAY MUST CAN "
                       "DOES DO DID COUNTS COUNT WINS WIN MAKES MAKE".split())
_MONTHS = frozenset("JANUARY FEBRUARY MARCH APRIL MAY JUNE JULY AUGUST SEPTEMBER OCTOBER "
                    "NOVEMBER DECEMBER JAN FEB MAR APR JUN JUL AUG SEP SEPT OCT NOV DEC".split())


def _has_verb(words: Sequence[str]) -> bool:
    """Whether words in capitals hold a verb: a sentence, not a running title."""
    return any(w.rstrip(".") in _VERB_WORD for w in words)


_VERB_NEXT = regex.compile(r"[ \t]+(?:" + "|".join(sorted(w.lower() for w in _VERB_WORD)) +
                           r"|scored|counted|made|won|played|dealt)\b")
# a line that ends in a page number (an entry of a table of contents or an index)
_ENTRY = regex.compile(r"\S[ \t.…]+\d{1,4}[ \t]*$")
# a folio printed at the foot of the page, alone on the last line, between dashes or
# brackets at most (no stop: "53." at the foot opens law 53)
_FOOT_FOLIO = regex.compile(r"\n[ \t]*[—–\-\[(]?[ \t]*(?P<n>\d{1,4}|[ivxlc]{1,6})[ \t]*[—–\-\])]?"
                            r"[ \t]*\s*\Z")


@dataclass
class RunningHead:
    """The running head as printed: ``number`` (``None`` when absent), ``title`` (``""`` when
    lost), ``side`` (``"left"`` on an even, verso page; ``"right"`` on an odd, recto page;
    ``None`` when the folio is lost), and where it is: ``start``–``end`` in all, ``spans`` the
    pieces of text that are the head (one a line when the folio is a line of its own)."""

    number: str | None
    title: str
    side: str | None
    start: int
    end: int
    spans: list[tuple[int, int]] = field(default_factory=list)
    # a third element, printed at the outer side as a bracketed section name (EB1911's
    # ``GEOGRAPHY]`` left of the title on an odd page, ``[GEOGRAPHY`` right of it on an even)
    section: str = ""
    # the folio as OCR printed it, when its number was read from a misreading (3A7 for 347)
    misread: str = ""
    # a dictionary's guide words, printed either side of a folio in the middle (``ABA 2
    # ABB``): the first and last words the page defines, different on every page
    guide: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if not self.spans:
            self.spans = [(self.start, self.end)]

    def described(self) -> str:
        """What the head says, for an edit's evidence: ``page 12 (left page) and title
        'WHIST'``, ``page 2 and guide words 'ABA'–'ABB'``."""
        if self.guide is not None:
            return f"page {self.number} and guide words {self.guide[0]!r}–{self.guide[1]!r}"
        misread = f" (OCR printed {self.misread!r})" if self.misread else ""
        return (f"page {self.number or '(lost)'}{misread} ({self.side or 'unknown'} page) and "
                f"title '{self.title or '(lost)'}'")

    def wikitext(self, style: str = "rh") -> str:
        """The header template for this head."""
        number = self.number or ""
        if self.guide is not None:  # (three parts: no other place for the folio)
            return f"{{{{rh|{self.guide[0]}|{number}|{self.guide[1]}}}}}"
        if style == "rvh" and not self.section:  # ({{rvh}} has no place for a section
            # name: "CHAP. IV.]" is printed text, kept in {{rh}})
            return f"{{{{rvh|{number}|{self.title}}}}}"
        if self.side == "right" or self.section.endswith("]"):
            left = self.section if self.section.endswith("]") or not self.section.startswith(
                "[") else ""  # (a bare year at the outer side is the left's on a right page)
            return f"{{{{rh|{left}|{self.title}|{number}}}}}"
        return f"{{{{rh|{number}|{self.title}|{self.section}}}}}"


def _roman(s: str) -> int | None:
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
    total = 0
    for a, b in zip(s, s[1:] + " ", strict=True):
        if a not in values:
            return None
        total += -values[a] if b in values and values[b] > values[a] else values[a]
    return total


def _folio_value(token: str) -> tuple[int, bool] | None:
    """The value of a folio-like token and whether a stop follows it; OCR's degree sign for
    a final nought (``33°``) is read as the nought.

    >>> _folio_value("603"), _folio_value("xii"), _folio_value("33°"), _folio_value("9.")
    ((603, False), (12, False), (330, False), (9, True))
    """
    if regex.fullmatch(r"\d{2,3}°", token):
        token = token[:-1] + "0"
    m = _FOLIO.fullmatch(token)
    if not m:
        return None
    n = m.group("n")
    value = int(n) if n.isdigit() else _roman(n)
    if value is None or value == 0:
        return None
    return value, bool(m.group("stop"))


def garbled_folio(token: str) -> bool:
    """A folio OCR misread in one character (``3S9``, ``1O4``): two digits or more and one
    character that OCR takes for a digit. Its value is not guessed (book mode's folio
    sequence gives it); it is the folio's place, not text.

    >>> garbled_folio("3S9"), garbled_folio("1O4"), garbled_folio("339"), garbled_folio("SO")
    (True, True, False, False)

    With two digits or more, a mark OCR made of the last digit is one too (``18)``,
    ``25"``, ``18r``):

    >>> garbled_folio("18)"), garbled_folio('25"'), garbled_folio("8)")
    (True, True, False)
    """
    if not 2 <= len(token) <= 4 or sum(c.isdigit() for c in token) < len(token) - 1:
        return False
    odd = [c for c in token if not c.isdigit()]
    return len(odd) == 1 and (odd[0] in _DIGIT_LOOKALIKES or len(token) >= 3
                              and odd[0] in _DIGIT_MARKS and token[-1] == odd[0])


_DIGIT_LOOKALIKES = frozenset("SsOoDIlBZzGgqA$|")
# marks OCR makes of a folio's last digit (a 1 or 3 read as a bracket, a quote, r, t, y)
_DIGIT_MARKS = frozenset(")]}\"'’”rty")
# the digits OCR reads a character for, in a folio (book mode's folio sequence checks a
# garbled folio against them)
DIGIT_READINGS = {"O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "i": "1",
                  "|": "1", "!": "1", "Z": "2", "z": "2", "A": "4", "S": "58", "s": "5",
                  "$": "5", "G": "6", "b": "6", "B": "83", "g": "98", "q": "9"}
# the digit a look-alike stands for where OCR has one reading of it (S is 5 or 8, B is 8 or
# 3, g is 9 or 8: those stay as read)
_LOOKALIKE_DIGIT = {c: d for c, d in DIGIT_READINGS.items() if len(d) == 1}


def garbled_folio_reading(token: str) -> str | None:
    """The folio a garbled folio stands for, when its one look-alike has one digit reading.

    >>> garbled_folio_reading("3A7"), garbled_folio_reading("$4"), garbled_folio_reading("3S9")
    ('347', '54', None)
    """
    if not garbled_folio(token):
        return None
    read = "".join(_LOOKALIKE_DIGIT.get(c, c) for c in token)
    return read if read.isdigit() and read[0] != "0" else None


def _folio_text(token: str) -> str:
    """The folio a folio-like token stands for (``33°`` → ``330``, ``603.`` → ``603``)."""
    if regex.fullmatch(r"\d{2,3}°", token):
        return token[:-1] + "0"
    m = _FOLIO.fullmatch(token)
    return m.group("n") if m else token


@dataclass
class _Line:
    """What the start of one line says about a running head."""

    folio: str | None
    folio_value: int | None
    title: list[str]
    end: int  # end of the head's text in the line (offset in the line)
    whole: bool  # the head is the whole line
    last_stop: bool  # the title ends with a full stop (as a heading does)
    folio_stop: bool  # the folio has a stop after it ("9." as a law number)
    folio_first: bool
    starts: list[int] = field(default_factory=list)  # where each title word starts


def _read_line(line: str) -> _Line | None:
    """The running-head reading of the start of ``line``: capitals and one folio."""
    tokens = list(regex.finditer(r"\S+", line))
    folio = folio_value = None
    folio_stop = folio_first = False
    title: list[str] = []
    starts: list[int] = []
    commas: list[bool] = []
    last_stop = False
    end = 0
    used = 0
    for i, t in enumerate(tokens):
        word = t.group()
        if i == len(tokens) - 1 and i and regex.fullmatch(r"\d{1,4},", word):
            word = word[:-1]  # "BACKGAMMON 273,": a speck after the line's last folio
        if i == 0 and len(tokens) > 1 and regex.fullmatch(r"[\"'‘“]\d{1,4}", word):
            word = word[1:]  # '"350 WHIST': a speck before the line's first folio
        f = _folio_value(word)
        if f is not None and folio is None:
            if title and i + 1 < len(tokens) and _CAPS.fullmatch(tokens[i + 1].group()):
                break  # a folio between words of the title is not the head's
            folio, (folio_value, folio_stop) = _folio_text(word), f
            folio_first = not title
            end, used = t.end(), i + 1
            if title:
                break  # the folio closes the head
            continue
        if _JUNK.fullmatch(word):
            used = i + 1
            continue
        m = _CAPS.fullmatch(word)
        if m is None:
            break
        last_stop = "." in m.group("tail") or m.group("core").endswith(".")
        # two words OCR joined with a speck for their space (LAWS.OF LOO): two words; an
        # abbreviation's stops are between single letters (U.S.)
        *joined, core = _SPECK_SPACE.split(m.group("core"))
        at = t.start() + m.start("core")
        for k, piece in enumerate(joined):
            title.append(piece)
            starts.append(t.start() if not k else at)
            at += len(piece) + 1
        # an abbreviation keeps its stop (MR. BENNET'S); a closing stop is dropped below
        title.append(core.rstrip(".") + ("." if last_stop else ""))
        commas.extend([False] * len(joined) + [m.group("tail") == ","])
        starts.append(at if joined else t.start())
        end, used = t.end(), i + 1
    whole = all(_JUNK.fullmatch(t.group()) for t in tokens[used:])
    if whole:
        end = len(line.rstrip())
    if title and title[-1].endswith("."):
        title[-1] = title[-1].rstrip(".")
    if folio is None and not title:
        return None
    if not whole and tokens[used:] and regex.fullmatch(r"\d+(?:,\d{3})*", tokens[used].group()):
        # "12 MAY 1815": a date; "1801 ENGLAND 8,892,536": a table's row; not a head fused
        # into the text ("51." is a law)
        return None
    while not whole and folio_first and len(title) > 1 and regex.fullmatch(r"\p{Lu}\.?",
                                                                            title[-1]):
        # "272 HOYLE'S GAMES A pair of dice": a letter alone (A, I, A. of "A. B. and C.")
        # opens the sentence the head is fused into, it ends no title
        end = starts[-1]
        title, starts, last_stop = title[:-1], starts[:-1], False
        while end and line[end - 1] in " \t":
            end -= 1
    for k in range(len(title) - 1):
        # a comma before a phrase is the title's own (HAMLET, PRINCE OF DENMARK); before one
        # word, or a word that needs what follows, it is OCR's speck (PRESIDENTIAL,
        # DOCUMENTS; LAWS, OF WHIST)
        if commas[k] and len(title) - k - 1 >= 2 and title[k + 1] not in _OPEN_WORD:
            title[k] += ","
    return _Line(folio, folio_value, title, end, whole, last_stop, folio_stop, folio_first,
                 starts)


def _capitals(words: list[str]) -> int:
    return sum(1 for w in words for c in w if c.isupper())


def _key(s: str) -> str:
    return " ".join(regex.sub(r"[^\p{L}\p{N}]+", " ", s).casefold().split())


# a head's line with a third part in brackets at its outer side: "1763.] LIFE OF JOHNSON.
# 129", "128 LIFE OF JOHNSON. [1763.", "CHAP. IV.] HISTORY OF ENGLAND. 131"
_THREE_PART = regex.compile(r"[ \t]*(?:(?P<left>[^\s\[\]][^\[\]\n]{0,14}\])[ \t]+[^\n\[\]]+"
                            r"|[^\n\[\]]+?[ \t]+(?P<right>\[[^\[\]\s][^\[\]\n]{0,14}))"
                            r"[ \t]*(?:\n|\Z)")


# the same head fused into the text, its bracketed part at its right closed by a stop:
# "12 THE HISTORY OF ROME [CHAP. the consuls were…"
_FUSED_RIGHT_PART = regex.compile(r"[ \t]*[^\n\[\]]+?[ \t]+(?P<right>\[[^\[\]\s][^\[\]\n]{0,14}?\.)"
                                  r"(?P<left>(?!))?(?=[ \t]+\S)")


# a year at the outer side of a head, without brackets: "132 THE LIFE OF NELSON. 1798"
_YEAR_PART = regex.compile(r"[ \t]*(?:(?P<left>1\d{3}\.?)[ \t]+[^\n]+?[ \t]+\d{1,3}"
                           r"|\d{1,3}[ \t]+[^\n]+?[ \t]+(?P<right>1\d{3}\.?))[ \t]*(?:\n|\Z)")


def _three_part(text: str, headings: Sequence[str], detached: bool, titles: Sequence[str]
                ) -> RunningHead | None:
    """The head read without its bracketed third part, the part its ``section``: only when
    the rest is a head with a title and a folio, and the folio stands at the line's other
    end (``1763.]`` left of the title on a right-hand page, ``[1763.`` right of it on a
    left-hand one)."""
    m = _THREE_PART.match(text)
    fused = False
    if m is None:
        m = _FUSED_RIGHT_PART.match(text)
        fused = m is not None
    if m is None:
        m = _YEAR_PART.match(text)
        rest = text[m.end():] if m is not None else ""
        if m is None or rest.strip() and not (rest.startswith("\n") or rest.lstrip()[:1].islower()):
            return None  # (a year's head stands apart from the text, as a table's row does not)
    part = m.group("left") or m.group("right")
    a, b = m.span("left") if m.group("left") else m.span("right")
    head = find_running_head(text[:a] + " " * (b - a) + text[b:], headings, detached, titles)
    if head is None or not (head.number and head.title) \
            or head.end < b and not (fused and not text[head.end:a].strip()) \
            or (head.side == "right") != bool(m.group("left")):
        return None
    return replace(head, section=part.strip(), spans=[(0, max(head.spans[0][1], b)),
                                                      *head.spans[1:]])


# a dictionary's guide words either side of its folio: "ABA 2 ABB", "Abacus 12 Abandon"
_GUIDE = regex.compile(r"[ \t]*(?P<left>\p{Lu}[\p{L}'’\-]{1,19})[ \t]+(?P<n>\d{1,4})[ \t]+"
                       r"(?P<right>\p{Lu}[\p{L}'’\-]{1,19})[ \t]*")
_NOT_GUIDE = _OPEN_WORD | _VERB_WORD | _MONTHS


def _guide_words(line: str) -> regex.Match[str] | None:
    """``line`` as guide words either side of a folio: two words of the same case (capitals,
    or a capital and lower case), the first not after the second in alphabetical order, no
    word that numbers a part or names a month (``CHAPTER 2 THE``, ``APRIL 2 MAY``)."""
    m = _GUIDE.fullmatch(line.rstrip("\n"))
    if m is None:
        return None
    left, right = m.group("left"), m.group("right")
    if left.isupper() != right.isupper() or not (left.isupper() or left[1:].islower()
                                                 and right[1:].islower()):
        return None
    if left.casefold() > right.casefold() or int(m.group("n")) == 0:
        return None
    if any(w.upper() in _NOT_GUIDE or _PART_WORD.fullmatch(w) for w in (left, right)):
        return None
    return m


def guide_words_head(text: str) -> RunningHead | None:
    """A dictionary's head at the top of ``text``: its guide words (the first and last word
    the page defines) either side of the folio, alone on the first line, as ``{{rh|ABA|2|
    ABB}}``. A line of that shape that the next line repeats is a table's row, not a head.

    >>> guide_words_head("ABA 2 ABB\\n\\nABACUS, n. A counting frame.").wikitext()
    '{{rh|ABA|2|ABB}}'
    >>> guide_words_head("Abacus 12 Abandon\\nABACUS, n. A counting frame.").wikitext()
    '{{rh|Abacus|12|Abandon}}'
    >>> guide_words_head("ABB 2 ABA\\n\\nABACUS, n.") is None  # (not in alphabetical order)
    True
    >>> guide_words_head("BOSTON 12 CHICAGO\\nDENVER 14 ELPASO\\n") is None  # a table
    True
    >>> guide_words_head("CHAPTER 2 THE\\n\\nIt was") is None
    True
    """
    lines = [(m.start(), m.group()) for m in _LINE.finditer(text) if m.group()]
    first = next((i for i, (_, s) in enumerate(lines) if s.strip()), None)
    if first is None:
        return None
    at, line = lines[first]
    m = _guide_words(line)
    if m is None:
        return None
    after = next((s for _, s in lines[first + 1:] if s.strip()), "")
    if not after or _guide_words(after) is not None or _ENTRY.search(after.rstrip("\n")):
        return None  # (a page's text follows a head; a row like it follows a table's row)
    end = at + len(line)
    return RunningHead(m.group("n"), "", None, 0, end, [(0, end)],
                       guide=(m.group("left"), m.group("right")))


def _known_heading(title: str, headings: Sequence[str]) -> bool:
    key = _key(title)
    return any(_key(h) == key for h in headings)


def find_running_head(text: str, headings: Sequence[str] = (),
                      detached: bool = False, titles: Sequence[str] = ()) -> RunningHead | None:
    """The running head at the start of ``text``, alone on its line or fused into the text.

    ``headings`` are the headings the corpus knows: a line of capitals alone that is one of
    them is a heading, not a head. With ``detached``, the part of the head the top lacks (the
    folio of a head of capitals alone, the title of a folio alone) is looked for further down,
    where a two-column page's OCR reads it between the columns: a line alone between blank
    lines; it is then the last of the ``spans``, after ``end`` (which stays the end of the
    head at the top).

    >>> h = find_running_head("600 WHIST the first trick")
    >>> h.number, h.title, h.side, h.wikitext()
    ('600', 'WHIST', 'left', '{{rh|600|WHIST|}}')
    >>> find_running_head("THE LAWS OF WHIST 601\\nText").wikitext()
    '{{rh||THE LAWS OF WHIST|601}}'
    >>> find_running_head("WHIST = 603\\nText").wikitext()
    '{{rh||WHIST|603}}'
    >>> find_running_head("LAWS.OF LOO 345\\n\\npool").wikitext()  # a speck for a space
    '{{rh||LAWS OF LOO|345}}'
    >>> find_running_head('"350 WHIST\\n\\nthe first trick').wikitext()  # a speck
    '{{rh|350|WHIST|}}'
    >>> find_running_head("118 HAMLET, PRINCE OF DENMARK.\\n\\nText").wikitext()
    '{{rh|118|HAMLET, PRINCE OF DENMARK|}}'
    >>> find_running_head("LAWS OF WHIST\\n\\nthe first trick").wikitext()
    '{{rh||LAWS OF WHIST|}}'
    >>> find_running_head("602\\n\\nthe first trick").wikitext()
    '{{rh|602||}}'
    >>> find_running_head("53. After the dealer") is None
    True
    >>> find_running_head("THE GAME OF 500\\n\\nThis game is played") is None
    True
    >>> find_running_head("21 POINTS ARE GAME.\\n\\nThe player who") is None
    True

    A third part in brackets on the head's line, at its outer side (a year, a chapter):

    >>> find_running_head("128 LIFE OF JOHNSON. [1763.\\n\\nhe said").wikitext()
    '{{rh|128|LIFE OF JOHNSON|[1763.}}'
    >>> find_running_head("1763.] LIFE OF JOHNSON. 129\\n\\nhe said").wikitext()
    '{{rh|1763.]|LIFE OF JOHNSON|129}}'

    or a year without brackets, the head apart from the text:

    >>> find_running_head("132 THE LIFE OF NELSON. 1798\\n\\nthe fleet").wikitext()
    '{{rh|132|THE LIFE OF NELSON|1798}}'
    >>> find_running_head("1798. THE LIFE OF NELSON. 133\\n\\nthe fleet").wikitext()
    '{{rh|1798.|THE LIFE OF NELSON|133}}'
    >>> find_running_head("12 ENGLAND 1801\\n13 SCOTLAND 1802\\n") is None  # a table's rows
    True
    """
    guide = guide_words_head(text)
    if guide is not None:
        return guide
    three = _three_part(text, headings, detached, titles)
    if three is not None:
        return None if _half_line(text, three) else three
    head = _with_section(text, headings, detached)
    if head is None and titles:
        head = _titled_line(text, titles)
        if head is not None:
            return head
    if head is not None and detached and not (head.number and head.title):
        head = _with_detached(text, head, headings)
    if head is None or head.section:
        return head
    if titles and head.title and len(head.spans) == 1:
        head = _known_title_fused(text, head, titles)
    # capitals alone with no folio beside them are a chapter's heading (PREFACE, THE END)
    # as often as a head whose folio was lost: a head when the page goes on with a sentence
    # begun on the page before, or when its folio is found between the columns (a folio on
    # the page's last line is a drop folio under a chapter's opening)
    rest = text[head.end:].lstrip()
    goes_on = rest[:1].islower() or _CLOSES_FIRST.match(rest) is not None or _key(
        head.title) in {_key(t) for t in titles}  # (or the book's running title: book mode)
    goes_on = goes_on or _MID_LIST.match(rest) is not None  # ("(v) recommend", "106(c) and")
    top = text[head.spans[0][0]:head.spans[0][1]].split()
    if head.number and head.title and not goes_on and len(top) > 1 and top[-1].strip(
            ".,:;") == head.number and top[-2] in _OPEN_WORD and not _repeated(head.title, rest):
        return None  # "THE GAME OF 500" opening a chapter: the number ends the phrase
    detached_folio = head.number is not None and head.spans[-1][0] >= head.end
    last_line = detached_folio and not text[head.spans[-1][1]:].strip()
    if (head.number is None or last_line) and not goes_on and (head.title or last_line):
        return None
    return None if _half_line(text, head) else head


# a line's last number, a folio's place ("… c. 75. 5")
_NUMBER_END = regex.compile(r"(?<![\p{L}\p{N}])\d{1,4}\.?[ \t]*\Z")


def _half_line(text: str, head: RunningHead) -> bool:
    """Whether ``head`` is only the first part of a line that stands apart from the text (a
    blank line or the page's end after it) and ends in a number of its own: a head line
    the reading cut in the middle (``1870. ELEMENTARY EDUCATION ACT. 33`` of ``… 33 & 34
    VICT. c. 75. 5``), the rest of the line left as the body's first words. Neither half
    is the head: the line stays in the text.

    >>> _half_line("1870. THE ACT. 33 & 34 VICT. c. 75. 5\\n\\n5. There shall",
    ...            RunningHead("33", "THE ACT", "right", 0, 17, [(0, 17)]))
    True
    """
    b = head.spans[0][1]
    if text[:b].endswith("\n"):
        return False  # (the span takes its line's end: the next line is a part of its own)
    rest, _, after = text[b:].partition("\n")
    return bool(rest.strip()) and _NUMBER_END.search(rest) is not None \
        and not after.partition("\n")[0].strip()


def _known_title_fused(text: str, head: RunningHead, titles: Sequence[str]) -> RunningHead:
    """A head fused into the text whose title is one of the book's running titles and more
    words in capitals (``274 HOYLE'S GAMES BLACK'S men``): the words after the title open
    the text (book mode knows the title; a page alone cannot tell).

    >>> t = "274 HOYLE'S GAMES BLACK'S men are moved"
    >>> h = find_running_head(t, titles=["HOYLE'S GAMES"])
    >>> h.wikitext(), t[h.end:]
    ("{{rh|274|HOYLE'S GAMES|}}", "BLACK'S men are moved")
    """
    a, b = head.spans[0]
    if text[b:b + 1] in ("", "\n") or not text[a:b].strip():
        return head  # (not fused: the head ends its line)
    read = _read_line(text[a:b])
    if read is None or len(read.starts) != len(read.title):
        return head
    key = _key(head.title)
    for t in sorted(titles, key=len, reverse=True):
        words = len(t.split())
        if key.startswith(_key(t) + " ") and 0 < words < len(read.starts):
            end = a + read.starts[words]
            return replace(head, title=" ".join(read.title[:words]), end=end, spans=[(a, end)])
    return head


def _repeated(title: str, rest: str) -> bool:
    """Whether a line of the page's text opens with the title: the chapter whose shortened
    title the running head prints (SUPPORTING THE TRANSITION OF over the order's own title)."""
    key = _key(title)
    return any(_key(line).startswith(key) for line in rest.split("\n", 40)[:40] if line.strip())


# a page that opens inside a list the page before began: an item's label that is no list's
# first ("(v) recommend") or a reference that goes on a sentence ("106(c) and subsection")
_MID_LIST = regex.compile(r"\((?![aiA1]\))[a-zA-Z0-9]{1,5}\)[ \t]+\p{Ll}|\d+\([a-z0-9]{1,4}\)")
# a first line that closes a bracket it did not open ("Law 82) until the end"): the sentence
# began on the page before
# (as "[^\n()]*[ \t][^\n()]*\)", which matches where this does, but in time linear in the
# line, not quadratic: a page run together as one line has thousands of characters)
_CLOSES_FIRST = regex.compile(r"(?=[^\n()]*\))[^\n()]*[ \t]")
_SECTION_LEFT = regex.compile(r"[ \t]*(?P<s>\p{Lu}[\p{Lu} &,.'’-]{2,40}\])[ \t]*\n?")
_SECTION_RIGHT = regex.compile(r"[ \t]*(?P<s>\[\p{Lu}[\p{Lu} &,.'’-]{2,40})[ \t]*\n?")


def _with_section(text: str, headings: Sequence[str], detached: bool = False
                  ) -> RunningHead | None:
    """The head, with a bracketed section name printed beside it as a line of its own: first
    (``GEOGRAPHY]``, then the title and the folio) or after the folio and title
    (``[GEOGRAPHY``). A section is taken only with a title and a folio beside it.

    >>> find_running_head("GEOGRAPHY]\\n\\nAFRICA\\n\\n\\n321\\n\\nof this").wikitext()
    '{{rh|GEOGRAPHY]|AFRICA|321}}'
    >>> find_running_head("322\\n\\nAFRICA\\n\\n[GEOGRAPHY\\n\\nlakes in", detached=True).wikitext()
    '{{rh|322|AFRICA|[GEOGRAPHY}}'
    """
    lead = len(text) - len(text.lstrip())
    m = _SECTION_LEFT.fullmatch(text, lead, text.find("\n", lead) + 1 or len(text))
    if m is not None and lead <= 2:
        blank = regex.match(r"(?:[ \t]*\n)*", text[m.end():])
        rest = m.end() + (blank.end() if blank else 0)
        head = _top_head(text[rest:], headings)
        if head is not None and detached and head.title and not head.number:
            head = _with_detached(text[rest:], head, headings)
        if head is not None and head.title:  # (its folio may be lost: 33.5)
            spans = [(0, rest)] + [(a + rest, b + rest) for a, b in head.spans]
            return replace(head, start=0, end=head.end + rest, spans=spans,
                           section=m.group("s").strip(), side="right")
        return None
    head = _top_head(text, headings)
    if head is None:
        return None
    if not (head.number and head.title):
        if not detached:
            return head
        found = _with_detached(text, head, headings)
        if not (found.number and found.title) or text[head.end:found.spans[-1][0]].strip():
            return found  # the part found further down, the text between stays the body
        head = replace(found, end=found.spans[-1][1])
    after = regex.match(r"(?:[ \t]*\n){1,6}", text[head.end:])
    at = head.end + (after.end() if after else 0)
    m = _SECTION_RIGHT.fullmatch(text, at, text.find("\n", at) + 1 or len(text))
    if m is None or after is None:
        return head
    return replace(head, end=m.end(), spans=[*head.spans, (at, m.end())],
                   section=m.group("s").strip())


_LEADERS = regex.compile(r"(?:\.[ \t]*){4,}|…[ \t]*…")


def _top_head(text: str, headings: Sequence[str]) -> RunningHead | None:
    lines = [(m.start(), m.group()) for m in _LINE.finditer(text) if m.group()]
    first = next((i for i, (_, s) in enumerate(lines) if s.strip()), None)
    if first is None:  # (blank lines before it: a page cut from a book's text)
        return None
    at, line = lines[first]
    if _LEADERS.search(line):
        return None  # "THE MILLER . . . . . 37": a contents' entry, its leaders to its page
    read = _read_line(line)
    after = lines[first + 1][1] if first + 1 < len(lines) else ""
    if read is None or not read.title and not read.whole:
        mixed = _mixed_case_head(line, after)
        if mixed is not None:
            return _head(mixed[0], int(mixed[0]), mixed[1], [(0, at + len(line))])
    if read is None or read.folio is None and not read.whole:
        return _lettered_folio(at, line, after)
    title = " ".join(read.title)
    capitals = _capitals(read.title)
    if _has_verb(read.title):
        return None  # "21 POINTS ARE GAME.": a sentence, not a title

    def line_end(i: int) -> int:
        return lines[i][0] + len(lines[i][1])

    if read.folio is not None:
        if not read.title:
            # a folio alone: the title was lost (or is a block of its own)
            if not read.whole or read.folio_stop:
                return None
            return _head(read.folio, read.folio_value, "", [(0, line_end(first))])
        if capitals < 3 or len(read.title) > MAX_TITLE_WORDS:
            return None
        if read.folio_stop and read.folio_first and (read.last_stop or not read.whole):
            return None  # "9. HIGHEST CARD." is a numbered heading or law
        if len(read.title) == 1 and _PART_WORD.fullmatch(read.title[0]):
            return None  # "CHAPTER 12", "RULE 4", "FIG. 4": the number is the heading's
        if len(read.title) == 1 and read.title[0].rstrip(".") in _MONTHS:
            return None  # "MARCH 1909": a date
        if read.folio_value is not None and 1000 <= read.folio_value < 2100 and (
                read.folio_value % 2 == 0) != read.folio_first:
            return None  # "SUMMER 1852": a year at the side its parity does not put a folio
        if read.folio_stop and not read.folio_first and read.whole and len(read.title) <= 2 \
                and read.folio_value is not None and read.folio_value < 100:
            return None  # "VARIATION 4.": a numbered heading (a folio's stop is OCR's speck:
            # LAWS OF ECARTE 383.)
        if not read.whole and _VERB_NEXT.match(line, read.end):
            return None  # "100 POINTS are scored": a sentence's subject, not a head
        if not read.whole and (len(read.title) == 1 and zipf(read.title[0].lower()) >= 4.0
                               or read.folio_value is not None
                               and 1000 <= read.folio_value < 2100):
            # "20 MILES from the town", "1852 THE FLOOD came": a sentence opening in
            # capitals, a quantity's or a year's; a head fused into the text has a title
            # of its own (600 WHIST the first trick)
            return None
        entries = [s for _, s in lines[first + 1:first + 4]]
        if not read.folio_first and after.strip() and \
                sum(1 for s in entries if _ENTRY.search(s)) >= 2:
            return None  # "EUCHRE 68" over lines that end in numbers: a contents' entry
        end = at + (len(line) if read.whole else read.end)
        if not read.whole:
            while end < len(text) and text[end] in " \t":
                end += 1
        return _head(read.folio, read.folio_value, title, [(0, end)])
    # capitals alone: a head whose folio is lost or on a line of its own, or a heading
    if not read.whole or capitals < 3 or len(read.title) > MAX_TITLE_WORDS:
        return None
    if read.last_stop or _known_heading(title, headings):
        return None
    # the folio as a block of its own on one of the next lines
    for j in range(first + 1, min(first + 7, len(lines))):
        s = lines[j][1].strip()
        if not s:
            continue
        f = _folio_value(s)
        split = regex.fullmatch(r"(\d{1,3}) (\d{1,2})", s)  # OCR's space inside a folio
        if f is None and split and len(split[1] + split[2]) <= 4:
            s = split[1] + split[2]
            f = _folio_value(s)
        if f is not None and not f[1]:
            return _head(s, f[0], title, [(0, line_end(first)),
                                          (line_end(first), line_end(j))])
        if garbled_folio(s):  # "3S9": the folio's place, its value left to the reader
            number = garbled_folio_reading(s)  # ("3A7": 347, the one reading of A)
            spans = [(0, line_end(first)), (line_end(first), line_end(j))]
            if number is None:
                return _head(s, None, title, spans)
            return replace(_head(number, int(number), title, spans), misread=s)
        break
    if after.strip():
        return None  # a head stands apart from the text
    return _head(None, None, title, [(0, line_end(first))])


_MIXED_WORD = regex.compile(r"[\"'‘“(]*\p{Lu}[\p{Ll}'’\-]*(?:\p{Lu}[\p{Ll}'’\-]*)*[.,:;]?")
_MIXED_MINOR = frozenset("of the and & in on a an to for at by with from de la le du".split())


def _mixed_case_head(line: str, after: str) -> tuple[str, str] | None:
    """A head of small capitals that OCR read in mixed case, ``70 Hoyle's Games.``: a folio
    of at most three digits at the outer side of its page (left on an even page, right on
    an odd one) and a title of words that open with a capital (or of, the, and…), alone on
    the page's first line, a blank line or the text's lower case after it.

    >>> _mixed_case_head("70 Hoyle's Games.\\n", "\\n")
    ('70', "Hoyle's Games")
    >>> _mixed_case_head("The Laws of Piquet 71\\n", "\\n")
    ('71', 'The Laws of Piquet')
    >>> _mixed_case_head("12 Princes and lords\\n", "Within their castles\\n") is None
    True
    >>> _mixed_case_head("71 Hoyle's Games.\\n", "\\n") is None  # an odd folio on the left
    True
    >>> _mixed_case_head("70 Chapter Nine\\n", "\\n") is None
    True
    """
    tokens = line.split()
    if not 2 <= len(tokens) <= 7 or len(line.strip()) > 50:
        return None
    first = regex.fullmatch(r"\d{1,3}", tokens[0]) is not None
    last = regex.fullmatch(r"\d{1,3}", tokens[-1]) is not None
    if first == last:
        return None
    number = tokens[0] if first else tokens[-1]
    words = tokens[1:] if first else tokens[:-1]
    if int(number) % 2 != (0 if first else 1):
        return None
    if after.strip() and not after.lstrip()[:1].islower():
        return None  # a head stands apart from the text, or the text goes on under it
    if not all(_MIXED_WORD.fullmatch(w) or w.casefold() in _MIXED_MINOR for w in words):
        return None
    if words[-1].casefold() in _MIXED_MINOR or words[0].casefold() in _MIXED_MINOR - {"the"}:
        return None
    upper = [w.upper().strip(".,:;\"'‘“(") for w in words]
    if _has_verb(upper) or _PART_WORD.fullmatch(upper[0]) or upper[0] in _MONTHS:
        return None
    return number, " ".join(words).rstrip(".,:;")


# a folio OCR read as letters (``yo`` for 90, ``gr`` for 91): a short token of letters and
# digit look-alikes, not a word of capitals, with no stop or bracket (``1st.``, ``(a)``)
_LETTERED = regex.compile(r"[\p{L}\p{N}$|]{1,3}")


def _lettered_folio(at: int, line: str, after: str) -> RunningHead | None:
    """A first line of capitals with a short token of letters at one end, standing apart
    from the text: the head, its folio misread as letters. The token is the folio's place
    (kept as read, on its side, for the reader or book mode's folio sequence to mend).

    >>> _lettered_folio(0, "yo AUCTION OF TO-DAY\\n", "\\n").wikitext()
    '{{rh|yo|AUCTION OF TO-DAY|}}'
    >>> _lettered_folio(0, "LAWS OF WHIST nl\\n", "\\n").wikitext()
    '{{rh||LAWS OF WHIST|nl}}'
    >>> _lettered_folio(0, "_ LAWS OF LOO 3S7\\n", "\\n").wikitext()
    '{{rh||LAWS OF LOO|3S7}}'
    >>> h = _lettered_folio(0, "_ LAWS OF LOO 3A7\\n", "\\n")  # (A has one digit reading)
    >>> h.wikitext(), h.misread
    ('{{rh||LAWS OF LOO|347}}', '3A7')
    >>> _lettered_folio(0, "a KING and\\n", "\\n") is None  # (not capitals to its end)
    True
    >>> _lettered_folio(0, "yo AUCTION OF TO-DAY\\n", "the text\\n") is None
    True
    """
    tokens = [t for t in regex.finditer(r"\S+", line) if not _JUNK.fullmatch(t.group())]
    if len(tokens) < 2 or after.strip():
        return None  # a head stands apart from the text
    for first in (True, False):
        edge = tokens[0] if first else tokens[-1]
        words = [t.group() for t in (tokens[1:] if first else tokens[:-1])]
        token = edge.group()
        garbled = garbled_folio(token)  # "3A7": a digit read as a letter
        if (_LETTERED.fullmatch(token) is None and not garbled or token.isupper() and not garbled
                or token.isdigit() or _folio_value(token) is not None
                or len(words) > MAX_TITLE_WORDS):
            continue
        cores = [_CAPS.fullmatch(w) for w in words]
        if not all(cores) or _capitals(words) < 3:
            continue
        if token[-1] in ")]}" and regex.search(r"[(\[{]", line) or _has_verb(
                [m.group("core") for m in cores if m]):
            continue  # "(SEE RULE 18)": a bracket closed; "THE TOTAL IS 18)": a sentence
        title = " ".join(m.group("core") for m in cores if m)
        if title.endswith("."):
            continue  # a heading ends with a stop
        end = at + len(line.rstrip("\n"))
        read = garbled_folio_reading(token) if garbled else None
        return RunningHead(read or token, title, "left" if first else "right", at, end,
                           [(at, end)], misread=token if read else "")
    return None


def _with_detached(text: str, head: RunningHead,
                   headings: Sequence[str]) -> RunningHead:
    """``head`` with the part it lacks, when a line alone further down is that part."""
    lines = [(m.start(), m.group()) for m in _LINE.finditer(text[head.end:])]
    for i in range(1, len(lines) - 1):
        s = lines[i][1].strip()
        if not s or lines[i - 1][1].strip() or lines[i + 1][1].strip():
            continue
        span = (head.end + lines[i][0], head.end + lines[i][0] + len(lines[i][1]))
        if head.number is None:
            f = _folio_value(s)
            if f is not None and s.isdigit():
                side = "left" if f[0] % 2 == 0 else "right"
                return replace(head, number=s, side=side, spans=[*head.spans, span])
        else:
            read = _read_line(lines[i][1])
            if (read is not None and read.whole and read.folio is None
                    and not read.last_stop and _capitals(read.title) >= 3
                    and len(read.title) <= MAX_TITLE_WORDS
                    and not _known_heading(" ".join(read.title), headings)):
                return replace(head, title=" ".join(read.title), spans=[*head.spans, span])
    return head


TITLE_LIKENESS = 0.85  # how close (rapidfuzz's ratio) a damaged top line must be to a title


def _titled_line(text: str, titles: Sequence[str]) -> RunningHead | None:
    """The first line as the book's running head when OCR damaged it past reading (a folio
    misread as letters, ``yo AUCTION OF TO-DAY``; a letter lost from the title): book mode
    knows the titles the book prints, and a first line that is one of them, give or take a
    short token at either end and a few letters, is the head. A token at the end that
    reads as a folio is the folio; any other is left for the folio sequence to mend.

    >>> h = _titled_line("yo AUCTION OF TO-DAY\\n\\nLEADS OUT", ["AUCTION OF TO-DAY"])
    >>> h.title, h.number, h.spans
    ('AUCTION OF TO-DAY', None, [(0, 20)])
    >>> _titled_line("The AUCTION was held\\n", ["AUCTION OF TO-DAY"]) is None
    True
    """
    m = regex.match(r"(?:[ \t]*\n)*[ \t]*(?P<line>[^\n]+)(?:\n|\Z)", text)
    if m is None:
        return None
    tokens = list(regex.finditer(r"\S+", m.group("line")))
    keys = {_key(t): t for t in titles if len(_key(t)) >= 4}
    if not tokens or not keys:
        return None

    def edge(t: regex.Match) -> bool:  # a short token that is not a word of capitals
        return len(t.group()) <= 4 and _CAPS.fullmatch(t.group()) is None

    found = []  # (likeness, a, b, printed): the trimmed reading wins a tie
    for a in (0, 1):
        for b in (len(tokens), len(tokens) - 1):
            inner = tokens[a:b]
            if not inner or a and not edge(tokens[0]) or b < len(tokens) and not edge(
                    tokens[-1]) or _capitals([t.group() for t in inner]) < 3:
                continue
            printed = " ".join(t.group() for t in inner).strip(" .,:;-")
            likeness = max(ratio(_key(printed), k) for k in keys) / 100
            if likeness >= TITLE_LIKENESS:
                found.append((likeness, a - b, a, b, printed))
    if not found:
        return None
    _, _, a, b, printed = max(found)
    number = value = None
    trimmed = ([tokens[0].group()] if a else []) + ([tokens[-1].group()] if b < len(tokens)
                                                     else [])
    for token in trimmed:
        f = _folio_value(token)
        if f is not None and not f[1]:
            number, value = _folio_text(token), f[0]
    return _head(number, value, printed, [(0, m.end("line"))])


def _head(number: str | None, value: int | None, title: str,
          spans: list[tuple[int, int]]) -> RunningHead:
    side = None if value is None else ("left" if value % 2 == 0 else "right")
    return RunningHead(number, title, side, spans[0][0], spans[-1][1], spans)


_FIGURE_LINE = regex.compile(r"(?m)^[ \t]*\d[\d,.]*[ \t]*$")


def find_foot_folio(text: str) -> tuple[int, int, str] | None:
    """The folio printed at the foot of a page: ``(start, end, number)`` of the page's last
    line when it is a number alone (between dashes at most) after a line of text; ``start``
    is the line break before it. Not a number that ends a sentence or a line of figures.

    >>> t = "4.—A player exposing more than one card when cutting for\\n— 53 —\\n"
    >>> find_foot_folio(t)[2], t[find_foot_folio(t)[0]:]
    ('53', '\\n— 53 —\\n')
    >>> find_foot_folio("the dealer deals again.\\n53.") is None  # law 53 at the foot
    True
    >>> find_foot_folio("Kilimanjaro 19,321 Naivasha 6135\\n7") is None  # a table's figures
    True
    >>> find_foot_folio("the total would be, as follows:\\n\\n120") is None  # the text's
    True
    >>> find_foot_folio("the number of the equation is\\n\\n(12)") is None  # the text's
    True
    >>> find_foot_folio("The Five-card Game . . . . 35\\n\\nix")[2]  # a roman folio
    'ix'
    >>> find_foot_folio("THE END OF THE STORY . . . . . .\\n64") is None  # the entry's page
    True
    >>> find_foot_folio("Add these:\\n\\n125\\n347\\n\\nThe sum of the two is\\n\\n472") is None
    True
    """
    m = _FOOT_FOLIO.search(text)
    if m is None or "(" in m.group() and ")" in m.group():
        return None  # "(12)": an equation's or an item's number, the text's
    n = m.group("n")
    if not n.isdigit() and not 1 <= (_roman(n) or 0) <= 60 or n in ("l", "c"):
        return None  # (a roman folio numbers a book's front matter: small)
    before = text[:m.start()].rstrip()
    last = before[before.rfind("\n") + 1:]
    if not n.isdigit():  # a roman folio (a preface's, a contents'): no table's cell
        return (m.start(), m.end(), n) if last else None
    if sum(c.isalpha() for c in last) < 6 or regex.search(r"\d[\d,.]*\s*\Z", last):
        return None  # a column of figures, a table's row: the number may be its cell
    if last.rstrip().endswith(":") or 1450 <= int(n) <= 2100:
        return None  # "…as follows:" then "120": the text's; "1909" under an imprint: a year
    if _FIGURE_LINE.search(before):
        return None  # figures alone on lines above it ("125", "347", then "…is" and "472"):
        # the foot's number is one of the text's
    if regex.search(r"(?:\.[ \t]*){4,}\Z|…[ \t]*\Z", last.rstrip()):
        return None  # a contents' entry its leaders carry to its page on the next line
    return m.start(), m.end(), n
