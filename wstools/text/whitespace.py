"""Whitespace: line ends, runs of spaces, blank lines, hard-wrapped paragraphs."""

from __future__ import annotations

import re
from dataclasses import replace

import regex

from ..edits import Edit, OffsetMap, apply_edits, compose, map_to_source
from .fix import Fixed, substitute

_CR = regex.compile(r"\r\n?")


def normalise_line_ends(text: str) -> Fixed:
    r"""CRLF and CR line ends become LF.

    >>> normalise_line_ends("a\r\nb\rc").text
    'a\nb\nc'
    """
    return substitute(text, _CR, "line-end", lambda m: ("\n", 1.0, "CR/CRLF line end"))


# a run of spaces, tabs and no-break spaces (found by a fast scan from its first character;
# each run is judged once, so a long run costs its length, not its length squared)
_RUN = re.compile(r"(?<![ \t\u00a0])(?:[ \t\u00a0]{2,}|[\t\u00a0]|[ ](?=\n|\Z))")
# (a lone space between two words, the common case, is left alone without a look)
_BLANKS = regex.compile(r"\n{3,}")


def tidy_whitespace(text: str) -> Fixed:
    """Collapse runs of spaces inside a line, drop trailing spaces and extra blank lines.

    Leading indentation is kept (it marks notes and clauses), and so are no-break spaces
    standing alone.

    >>> tidy_whitespace("a  card   led \\n\\n\\n\\n    indented").text
    'a card led\\n\\n    indented'
    >>> [(e.start, e.end, e.new) for e in tidy_whitespace("\\n\\t\\t\\n\\nA law").edits]
    [(0, 5, '\\n\\n')]
    """
    if "  " in text or "\t" in text or "\u00a0" in text or " \n" in text or \
            text.endswith(" "):  # (what a run needs: else there is none to look for)
        columns = table_lines(text)
        edits = [Edit(a, b, text[a:b], new, "whitespace", 1.0, "extra whitespace")
                 for m in _RUN.finditer(text)
                 for a, b, new in _tidy_run(text, m.start(), m.end()) if text[a:b] != new
                 and not (new == " " and _inside(columns, a))]
    else:
        edits = []
    first = Fixed(apply_edits(text, edits) if edits else text, edits)
    if "\n\n\n" not in first.text:
        return first
    second = substitute(first.text, _BLANKS, "whitespace",
                        lambda m: ("\n\n", 1.0, "extra blank lines"))
    if not first.edits:
        return second
    # (one fix's edits never overlap: a blank line whose tabs went and the blank lines it
    # stood among are one edit, or the offset maps built from them break)
    both = first.edits + map_to_source(second.edits, [OffsetMap(first.edits)])
    both = [replace(e, old=text[e.start:e.end]) for e in both]
    return Fixed(second.text, compose(text, both, second.text)
                 or [Edit(0, len(text), text, second.text, "whitespace", 1.0,
                          "extra whitespace and blank lines")])


# a gap between two cells of a table's row: two spaces or more between two characters
_GAP = regex.compile(r"(?<=\S)[ ]{2,}(?=\S)")
MIN_GAPS = 2  # a row of three cells at the least
MIN_EDGES = 2  # cell edges two neighbouring rows share (within a character)


def _edges(line: str) -> set[int] | None:
    """Where the cells of a table's row begin and end (the gaps' edges), or None when the
    line has fewer than :data:`MIN_GAPS` gaps."""
    gaps = list(_GAP.finditer(line))
    if len(gaps) < MIN_GAPS:
        return None
    return {p for g in gaps for p in (g.start(), g.end())}


def _aligned(a: set[int], b: set[int]) -> bool:
    return sum(1 for p in a if p in b or p - 1 in b or p + 1 in b) >= MIN_EDGES


def aligned_columns(text: str) -> list[tuple[int, int]]:
    """The spans of the lines that are a table's rows, their cells aligned by runs of spaces:
    two or more consecutive lines with gaps of two spaces or more between three cells or
    more, each line sharing the edges of two cells with the line next to it. Their spacing
    is the only trace of the table's columns, and stays.

    >>> t = "Town    1790    1800\\nBoston  18,038  24,937\\nSalem   7,921   9,457\\nthe  end"
    >>> [t[a:b] for a, b in aligned_columns(t)]
    ['Town    1790    1800\\nBoston  18,038  24,937\\nSalem   7,921   9,457']
    >>> aligned_columns("a  b  c\\nlonger words  here  and there")
    []
    """
    lines = [(m.start(), m.end(), _edges(m.group())) for m in regex.finditer(r"[^\n]+", text)]
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    previous: set[int] | None = None
    for start, end, edges in lines + [(len(text), len(text), None)]:
        if edges is not None and previous is not None and _aligned(previous, edges) \
                and run and text[run[-1][1]:start] == "\n":
            run.append((start, end))
        else:
            if len(run) >= 2:
                spans.append((run[0][0], run[-1][1]))
            run = [(start, end)] if edges is not None else []
        previous = edges
    return spans


# a rule under a table's column (dashes or underscores alone on a line), and a row that
# ends in a figure: the lines a table's aligned rows run on into (a sum's rule, its total)
_RULE_LINE = regex.compile(r"[ \t]*[—–\-_]{3,}[ \t]*")
_FIGURE_END = regex.compile(r"\d[\d,.]*[½¼¾⅓⅔⅛]?[ \t]*\Z")


def _table_tail(line: str) -> bool:
    """Whether ``line`` runs a table on: a rule, or a row of cells (gaps between three or
    more) that ends in a figure ("Total ...      £124   8   3½")."""
    return bool(_RULE_LINE.fullmatch(line)) or (
        _edges(line) is not None and _FIGURE_END.search(line) is not None)


def table_lines(text: str) -> list[tuple[int, int]]:
    """The spans of a table's lines: its rows aligned in columns (:func:`aligned_columns`),
    with the rules and the rows of figures (a total) that follow them. Each line keeps its
    own line: unwrapped, the rows would run into one line of figures.

    >>> t = ("Rent ...  12  14  6\\nFees ...  10   3  0\\n  ————\\n"
    ...      "Total ...  £22  17  6\\nThe end")
    >>> [t[a:b].split("\\n")[-1] for a, b in table_lines(t)]
    ['Total ...  £22  17  6']
    """
    spans = []
    for start, end in aligned_columns(text) if "  " in text else []:
        while end < len(text) and text[end] == "\n":
            line_end = text.find("\n", end + 1)
            line_end = len(text) if line_end < 0 else line_end
            if not _table_tail(text[end + 1:line_end]):
                break
            end = line_end
        spans.append((start, end))
    return spans


def _figure_rows(lines: str) -> int:
    """How many of ``lines`` end in a figure (a table's rows do; prose's lines whose double
    spaces align by chance seldom)."""
    return sum(1 for line in lines.split("\n") if _FIGURE_END.search(line))


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(a <= at < b for a, b in spans)


def _tidy_run(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """What becomes of one run of blanks: between two words, two or more become one space;
    at a line's end, the spaces and tabs after its last no-break space go; elsewhere a tab
    is a space (so leading indentation and a lone no-break space stay)."""
    after = text[end:end + 1]
    if end - start >= 2 and start and not text[start - 1].isspace() and after \
            and not after.isspace():
        return [(start, end, " ")]
    line_end = after in ("\n", "")
    keep = text.rfind("\u00a0", start, end) + 1 or start  # after the last no-break space
    out = []
    for i in range(start, end):
        if line_end and i >= keep:
            out.append((i, end, ""))
            break
        if text[i] == "\t":
            out.append((i, i + 1, "" if text[i + 1:i + 2] in ("\n", "") else " "))
    return out


def unwrap_paragraphs(text: str) -> Fixed:
    """Join the hard-wrapped lines of each paragraph (paragraphs end at blank lines).

    An indented paragraph stays indented; a line that starts with an indent inside an
    unindented paragraph starts a new line (a table or list row keeps its line).

    >>> unwrap_paragraphs("1.--Two packs\\nof cards.\\n\\n    I. Five\\n    honours.").text
    '1.--Two packs of cards.\\n\\n    I. Five honours.'

    A paragraph of three lines or more that all open with a capital is verse (or a list):
    its lines are kept.

    >>> unwrap_paragraphs("Much have I travell'd\\nAnd many goodly states\\nRound many").text
    "Much have I travell'd\\nAnd many goodly states\\nRound many"

    A stanza's number alone on its line, and a line's number in the margin, are verse's:

    >>> unwrap_paragraphs("1.\\nO God, our help\\nOur hope for years\\nOur shelter").text
    '1.\\nO God, our help\\nOur hope for years\\nOur shelter'
    >>> unwrap_paragraphs("Ill fares the land,\\nWhere wealth,\\n12 Princes and lords").text
    'Ill fares the land,\\nWhere wealth,\\n12 Princes and lords'

    A label after a sentence's end opens its line, a speck after its bracket too:

    >>> unwrap_paragraphs("of this order.\\n(d)- the term means").text
    'of this order.\\n(d)- the term means'
    >>> unwrap_paragraphs("from the dealer's hand.\\nb. Should the dealer").text
    "from the dealer's hand.\\nb. Should the dealer"
    >>> unwrap_paragraphs("There is no misdeal.\\n4. a. Dummy being blind").text
    'There is no misdeal.\\n4. a. Dummy being blind'

    A contents' or a price list's rows, leaders to their numbers, keep their lines:

    >>> unwrap_paragraphs("101. Rake, steel ........ $0.75\\n102. Hoe, 6 inch ....... 0.65").text
    '101. Rake, steel ........ $0.75\\n102. Hoe, 6 inch ....... 0.65'

    Lines in capitals that end with their own stop are a title page's, each its own:

    >>> unwrap_paragraphs("LONDON:\\nROUTLEDGE AND SONS.\\n1864.").text
    'LONDON:\\nROUTLEDGE AND SONS.\\n1864.'

    A play's next speech (its speaker's name abbreviated) and a page's next numbered footnote
    open their lines:

    >>> unwrap_paragraphs("which is\\nthe way to master Jew's?\\nLaun. [Aside.] O heavens").text
    "which is the way to master Jew's?\\nLaun. [Aside.] O heavens"
    >>> unwrap_paragraphs('1 The text of 1798 reads "Marinere."\\n2 See note at p. 45.').text
    '1 The text of 1798 reads "Marinere."\\n2 See note at p. 45.'
    """
    paragraphs = list(_PARAGRAPH.finditer(text))
    kind = [_verse_kind(m.group()) for m in paragraphs]
    # two lines that both open with a capital are verse beside a paragraph of verse
    # (on a page with a poem's stanza, a couplet anywhere is the poem's too: a heading or a
    # short stanza may stand between them)
    verse = [(m.start(), m.end()) for k, m in enumerate(paragraphs)
             if kind[k] == 2 or kind[k] == 1 and 2 in kind]
    table = [(a, b) for a, b in table_lines(text) if _figure_rows(text[a:b]) >= 2]

    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        if any(a <= m.start() < b for a, b in verse):
            return None
        if any(a <= m.end() and m.start() <= b for a, b in table):
            return None  # a table's rows, and the lines next to them: each keeps its line
        line_start = text.rfind("\n", 0, m.start()) + 1
        this_indented = text[line_start:line_start + 1] in (" ", "\t")
        nxt = text[m.end():m.end() + 1]
        next_indented = m.group(0).endswith((" ", "\t")) or nxt in (" ", "\t")
        if next_indented and not this_indented:
            return None
        if "|" in text[line_start:m.start()] and text[line_start:m.start()].count("|") > 1:
            return None  # a plain-text table row
        next_end = text.find("\n", m.end())
        next_line = text[m.end():len(text) if next_end < 0 else next_end]
        this_line = text[line_start:m.start()]
        if _LEADERS.search(this_line) or _LEADERS.search(next_line):
            return None  # a contents' or a price list's rows, leaders to their numbers
        if _figure_row(next_line) and len(this_line) <= 40 or _figure_row(this_line) and len(
                next_line) <= 40:
            return None  # a table's rows of figures ("Distance Chances" over "1 11", "2 12")
        if CAPITALS_LINE.fullmatch(next_line.strip()) and len(next_line.split()) <= 8 and (
                next_end < 0 or text[next_end + 1:next_end + 2] in ("\n", "")) \
                and _FULL_STOP_END.search(this_line):
            return None  # "…facing these." then "PLAYING." over a blank line: a heading
        if CAPITALS_LINE.fullmatch(this_line.strip()) and _STOPPED_CAPITALS.search(this_line) \
                and (CAPITALS_LINE.fullmatch(next_line.strip())
                     or regex.fullmatch(r"\d{2,4}\.?", next_line.strip())):
            return None  # a title page's lines: "LONDON:" over "ROUTLEDGE AND SONS."
        if _SENTENCE_END.search(text, line_start, m.start()) and _LABEL_OPENS.match(
                text, m.end()):
            return None  # "…the following agencies:" then "(i) Department of State;"
        if _SPEECH_END.search(text, line_start, m.start()) and not _INITIAL_END.search(
                text, line_start, m.start()) and (
                _speaker(next_line) or _next_note(text, paragraphs, m.start(), next_line)):
            return None  # a play's next speech ("Laun. [Aside.]"), a page's next footnote
        if CAPITALS_LINE.fullmatch(text, line_start, m.start()) and _OPENS.match(
                text, m.end()) and not mostly_capitals(next_line) \
                and _first_line(text, line_start):
            return None  # "CHAPTER XII" over "1.—Each player…": a heading stands alone
        return " ", 0.95, "hard-wrapped line inside a paragraph"

    pattern = regex.compile(r"(?<=\S)[ \t]*\n[ \t]*(?=\S)")
    return substitute(text, pattern, "unwrap", decide)


_PARAGRAPH = regex.compile(r"(?:[^\n]|\n(?![ \t]*\n))+")
# a speaker's name abbreviated at a speech's start ("Laun.", "Gob.", "Ham."), then a capital
# or a stage direction; not a title or a reference ("Mr. Brown", "St. Paul", "Fig. 4")
_SPEAKER = regex.compile(r"[ \t]*(\p{Lu}\p{Ll}{1,5})\.[ \t]+[\[(]?\p{Lu}")
# a line ending with a name's initial ("by E. S." then "Shepherd. We"): no speech's end
_INITIAL_END = regex.compile(r"(?<!\p{L})\p{Lu}\.[ \t]*\Z")
_NOT_SPEAKER = frozenset({
    "Mr", "Mrs", "Messrs", "Ms", "Dr", "St", "Ste", "Mt", "Rev", "Col", "Gen", "Capt", "Prof",
    "Lieut", "Gov", "Hon", "Esq", "Jr", "Sr", "Co", "Ltd", "Mme", "Mlle", "Sen", "Rep", "No",
    "Nos", "Vol", "Vols", "Fig", "Figs", "Ch", "Chap", "Art", "Sec", "Sect", "Ibid", "Id", "Cf",
    "Viz", "Ib", "Vid", "Pl", "Op", "Sig", "Ps", "Gr", "Lat", "Fr", "Ger", "Eng", "Anon",
    "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec", "Ex",
    "Exod", "Matt", "Rom", "Cor", "Heb", "Bro", "Bros", "Dept", "Univ", "Ave"})
# a sentence's end before a speech or a note (a question or an exclamation too)
_SPEECH_END = regex.compile(r"[.?!:;—]['\"’”)\]]*[ \t]*\Z")
# a numbered footnote's first line: its number (1 to 99), a blank and a capital or a quote
_NOTE_LINE = regex.compile(r"\s*(\d{1,2})[ \t]+[\"'‘“(\[]?\p{Lu}")


def _speaker(line: str) -> bool:
    """Whether ``line`` opens with a speaker's abbreviated name (a play's next speech)."""
    m = _SPEAKER.match(line)
    return m is not None and m.group(1) not in _NOT_SPEAKER


def _next_note(text: str, paragraphs: list[regex.Match], at: int, next_line: str) -> bool:
    """Whether ``next_line`` opens the footnote after one whose first line is the nearest
    numbered line of the paragraph at ``at``, the paragraph opening with a note."""
    m = _NOTE_LINE.match(next_line)
    paragraph = next((p for p in paragraphs if p.start() <= at < p.end()), None)
    if m is None or paragraph is None or not _NOTE_LINE.match(paragraph.group()):
        return False
    lines = text[paragraph.start():at].split("\n")
    before = next((n for n in map(_NOTE_LINE.match, reversed(lines)) if n), None)
    return before is not None and int(before.group(1)) + 1 == int(m.group(1))


# a dictionary's entry: its headword in capitals, then a comma ("ABACUS, n. A frame.")
_ENTRY_LINE = regex.compile(r"[ \t]*\p{Lu}{2,}[\p{Lu}'’\-]*,[ \t]")


def verse_lines(text: str) -> int:
    """How many lines of ``text`` read as verse: those of its paragraphs of four lines or
    more each opening with a capital (:func:`_verse_kind`) whose lines are sentences' pieces
    (three words or more, small letters, none ending in a hyphen) of like length (three in
    four within 40 % of the middle one); 0 for prose.

    >>> verse_lines("Once upon a midnight dreary,\\nOver many a quaint volume\\n"
    ...             "While I nodded, nearly napping,\\nAs of some one gently rapping.")
    4
    >>> verse_lines("LONDON:\\nROUTLEDGE AND SONS.\\n1864."), verse_lines("A card de-\\ntached")
    (0, 0)
    >>> verse_lines("ABACUS, n. A counting frame.\\nABAFT, adv. Toward the stern.\\n"
    ...             "ABANDON, v. t. To give up wholly.\\nABASE, v. t. To lower.")
    0
    """
    count = 0
    for m in _PARAGRAPH.finditer(text):
        paragraph = m.group()
        if _verse_kind(paragraph) != 2 or aligned_columns(paragraph) or all(
                _ENTRY_LINE.match(line) for line in paragraph.split("\n") if line.strip()):
            continue  # (a table's rows, their cells aligned, or a dictionary's entries)
        lines = [line.strip() for line in paragraph.split("\n")
                 if line.strip() and not _VERSE_NUMBER.fullmatch(line)]
        if len(lines) < 4 or not all(len(line.split()) >= 3 and regex.search(r"\p{Ll}", line)
                                     and not line.endswith("-") for line in lines):
            continue
        middle = sorted(map(len, lines))[len(lines) // 2]
        if sum(0.6 * middle <= len(line) <= 1.4 * middle for line in lines) >= 0.75 * len(lines):
            count += len(lines)
    return count


def _figure_row(line: str) -> bool:
    """A short line of figures, two or more, and at most one word: a table's row.

    >>> _figure_row("2 12"), _figure_row("Total 10 3"), _figure_row("in 1909 and 1910")
    (True, True, False)
    """
    tokens = line.split()
    figures = sum(1 for t in tokens if regex.fullmatch(r"[\d.,/½¼¾]+", t))
    return len(line) <= 40 and figures >= 2 and len(tokens) - figures <= 1
# a line in capitals alone (three or more, no small letter), and what opens a new line after
# it: a capital, a number, a bracket or a quote
# leaders: dots (or a run of them OCR spaced) from an entry to its number
_LEADERS = regex.compile(r"(?:\.[ \t]?){5,}[ \t]*[$£]?\d|(?:\.[ \t]?){4,}[ \t]*\Z")
# a line of capitals ending in its own stop (a word's or a year's, not U.S.'s)
_STOPPED_CAPITALS = regex.compile(r"(?:\p{Lu}{3,}|\d{2,})[.:;!?]['’”)\]]*[ \t]*\Z")
CAPITALS_LINE = regex.compile(r"(?=(?:[^\p{Lu}\n]*\p{Lu}){3})[^\p{Ll}\n]{3,60}")
_OPENS = regex.compile(r"[\p{Lu}\d(\[\"'‘“]")


def mostly_capitals(line: str) -> bool:
    """A line most of whose letters are capitals (a heading's, OCR reading some small
    capitals as small letters: ``EXPEDITING REQUEsTs To``).

    >>> mostly_capitals("EXPEDITING REQUEsTs To"), mostly_capitals("1.—Each player has")
    (True, False)
    """
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and sum(c.isupper() for c in letters) >= 0.6 * len(letters)


def _first_line(text: str, line_start: int) -> bool:
    """Whether the line at ``line_start`` is the first of its paragraph."""
    if line_start == 0:
        return True
    previous = text.rfind("\n", 0, line_start - 1) + 1  # the line before it (a blank?)
    return not text[previous:line_start].strip()
# a line that ends a sentence, and a line that opens with a clause label or a section number:
# the printed paragraph ends there (the page model reads the labels and their sequence)
_FULL_STOP_END = regex.compile(r"\.['\"’”)]*[ \t]*\Z")
_SENTENCE_END = regex.compile(r"(?:[.:;—]['\"’”)]*|--|;[ \t]+(?:and|or))[ \t]*\Z")
_LABEL_OPENS = regex.compile(r"\((?:[a-z]{1,2}|[ivxlc]{1,5}|[A-Z]|\d{1,2})\)[-.]?[ \t]+\S"
                             r"|(?:Sec(?:tion)?|SEC(?:TION)?)\.?[ \t]+\d{1,4}[a-z]?\.[ \t]"
                             r"|\d{1,3}[a-z]?(?:\.?[—–]|\.[ \t]+(?:a\.[ \t]+)?\p{Lu})"
                             r"|\d[A-Za-z|]{1,2}[—–](?=[ \t]*\S)"  # (its stop lost: "1L—lIst.")
                             r"|[IVXLlTJ1|H]{1,5}[.,][ \t]+\p{Lu}"
                             r"|(?:[a-z]|\d{1,2}(?:st|nd|rd|th|d)|[iIl]st)\.\.?[ \t]+\p{Lu}")
_LINE_OPENS = regex.compile(r"(?m)^[ \t]*[\"'‘“(]*(\S)")
# a stanza's number alone on its line ("1.", "II."), or a line's number in the margin set
# before it ("12 Princes and lords"): verse's furniture, not its lines
_VERSE_NUMBER = regex.compile(r"(?m)^[ \t]*(?:(?:\d{1,3}|[IVXL]{1,5})\.?[ \t]*$"
                              r"|\d{1,4}[ \t]+(?=[\"'‘“(]?\p{Lu}))")


def _verse_kind(paragraph: str) -> int:
    """2: three lines or more, every one opening with a capital (a poem's lines, a list);
    1: two such lines (verse only beside verse); 0: prose."""
    opens = _LINE_OPENS.findall(paragraph)
    if len(opens) >= 3 and not all(c.isupper() for c in opens):
        # (a stanza's number or the margin's line numbers among three lines of verse)
        opens = [c for c in _LINE_OPENS.findall(_VERSE_NUMBER.sub("", paragraph)) if c]
        if len(opens) < 3:
            return 0
    if len(opens) < 2 or not all(c.isupper() for c in opens):
        return 0
    return 2 if len(opens) >= 3 else 1


_LINE_BREAKS = regex.compile(r"^[ \t\n]+|[ \t]*\n[ \t\n]*|[ \t\n]+$")


def one_paragraph_per_line(text: str) -> Fixed:
    """Put one blank line between paragraphs (one paragraph a line: the corpus form).

    A line starting with text starts a paragraph; an indented paragraph (four spaces) keeps
    its indent; an indented line right under a paragraph's line stays in that paragraph.

    >>> one_paragraph_per_line("  HEADING.\\n1. A law.  \\n\\n\\n    I. A clause.\\n").text
    'HEADING.\\n\\n1. A law.\\n\\n    I. A clause.'
    """
    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        run = m.group(0)
        after = run[run.rfind("\n") + 1:]
        keep = after if after.startswith("    ") else ""
        if m.end() == len(text):
            return "", 1.0, "whitespace at the end"
        if m.start() == 0:
            return keep, 1.0, "whitespace at the start"
        if run.count("\n") == 1 and after:
            return None  # an indented line inside the paragraph above
        return "\n\n" + keep, 1.0, "one paragraph a line"

    return substitute(text, _LINE_BREAKS, "paragraph-lines", decide)
