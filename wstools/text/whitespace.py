"""Whitespace: line ends, runs of spaces, blank lines, hard-wrapped paragraphs."""

from __future__ import annotations

import regex

from .fix import Fixed, substitute

_CR = regex.compile(r"\r\n?")


def normalise_line_ends(text: str) -> Fixed:
    r"""CRLF and CR line ends become LF.

    >>> normalise_line_ends("a\r\nb\rc").text
    'a\nb\nc'
    """
    return substitute(text, _CR, "line-end", lambda m: ("\n", 1.0, "CR/CRLF line end"))


_SPACES = regex.compile(r"(?<=\S)[ \t\u00a0]{2,}(?=\S)|[ \t]+$|\t", regex.MULTILINE)
_BLANKS = regex.compile(r"\n{3,}")


def tidy_whitespace(text: str) -> Fixed:
    """Collapse runs of spaces inside a line, drop trailing spaces and extra blank lines.

    Leading indentation is kept (it marks notes and clauses), and so are no-break spaces
    standing alone.

    >>> tidy_whitespace("a  card   led \\n\\n\\n\\n    indented").text
    'a card led\\n\\n    indented'
    """
    first = substitute(text, _SPACES, "whitespace",
                       lambda m: ("" if m.group(0).endswith(("\t", " ")) and
                                  text[m.end():m.end() + 1] in ("\n", "") else " ",
                                  1.0, "extra whitespace"))
    if not _BLANKS.search(first.text):
        return first
    second = substitute(first.text, _BLANKS, "whitespace",
                        lambda m: ("\n\n", 1.0, "extra blank lines"))
    if not first.edits:
        return second
    from ..edits import OffsetMap, map_to_source
    return Fixed(second.text, first.edits + map_to_source(second.edits,
                                                         [OffsetMap(first.edits)]))


_WRAPPED = regex.compile(r"(?<=\S)[ \t]*\n(?=[ \t]*\S)")


def unwrap_paragraphs(text: str) -> Fixed:
    """Join the hard-wrapped lines of each paragraph (paragraphs end at blank lines).

    An indented paragraph stays indented; a line that starts with an indent inside an
    unindented paragraph starts a new line (a table or list row keeps its line).

    >>> unwrap_paragraphs("1.--Two packs\\nof cards.\\n\\n    I. Five\\n    honours.").text
    '1.--Two packs of cards.\\n\\n    I. Five honours.'
    """
    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        line_start = text.rfind("\n", 0, m.start()) + 1
        this_indented = text[line_start:line_start + 1] in (" ", "\t")
        nxt = text[m.end():m.end() + 1]
        next_indented = m.group(0).endswith((" ", "\t")) or nxt in (" ", "\t")
        if next_indented and not this_indented:
            return None
        if "|" in text[line_start:m.start()] and text[line_start:m.start()].count("|") > 1:
            return None  # a plain-text table row
        return " ", 0.95, "hard-wrapped line inside a paragraph"

    pattern = regex.compile(r"(?<=\S)[ \t]*\n[ \t]*(?=\S)")
    return substitute(text, pattern, "unwrap", decide)
