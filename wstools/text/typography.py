"""Dash and quotation-mark normalisation (each configurable)."""

from __future__ import annotations

import regex

from .fix import Fixed, substitute

_DOUBLE_HYPHEN = regex.compile(r"(?<![-<!|])--(?![->])")


# a spaced "--" inside a sentence: one space on each side, a word (or its closing mark)
# before, a word (or its opening quote) after
_SPACED_DASH_BEFORE = regex.compile(r"[\p{L}\p{N}.,;:!?'’\"”»)\]][ ]\Z")
_SPACED_DASH_AFTER = regex.compile(r"[ ][\"'‘“«(]{0,2}\p{L}")


def _spaced_dash(text: str, start: int, end: int) -> bool:
    """Whether the ``--`` at ``start``–``end``, with a space on each side, is a sentence's
    dash: one space either side, a word before and after, on a line with no table's bar."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return ("|" not in line and _SPACED_DASH_BEFORE.search(text, max(0, start - 2), start)
            is not None and _SPACED_DASH_AFTER.match(text, end) is not None)


def normalise_dashes(text: str, dash: str = "—") -> Fixed:
    """``--`` written for a dash becomes ``dash`` (an em dash by default).

    Only a ``--`` touching text on at least one side is a dash: spaced ``--`` in a table,
    ``<!--``, ``-->``, ``|--`` and runs of three or more hyphens are left alone.

    >>> normalise_dashes("The penalty for a revoke--").text
    'The penalty for a revoke—'
    >>> normalise_dashes("7.--(_a_) The candidates").text
    '7.—(_a_) The candidates'
    >>> normalise_dashes("|    --      |  8  |\\n<!-- note -->\\n----").text
    '|    --      |  8  |\\n<!-- note -->\\n----'

    A spaced ``--`` between two words of a sentence is a dash too, printed spaced: the dash
    changes, its spaces stay (style guides differ on spacing; the print's is kept):

    >>> normalise_dashes("Then -- silence. And 5 -- 12.\\n| a -- b |").text
    'Then — silence. And 5 -- 12.\\n| a -- b |'
    >>> normalise_dashes("times' -- and « non » -- ''truly'' so").text
    "times' — and « non » — ''truly'' so"
    """
    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if before.isspace() and after.isspace():
            if not _spaced_dash(text, m.start(), m.end()):
                return None
            return dash, 0.9, "spaced double hyphen between words used as a dash (spaces kept)"
        return dash, 0.95, "double hyphen used as a dash"

    return substitute(text, _DOUBLE_HYPHEN, "dash", decide)


_CURLY = regex.compile(r"[‘’“”]")
_STRAIGHT = regex.compile(r"[\"']")
_OPENING_CONTEXT = regex.compile(r"[\s(\[{—–-]")


# what an apostrophe opening a word stands for: letters left out ('Tis, 'em, 'n', '90s)
_ELISION = regex.compile(r"(?:tis|twas|twere|twill|twould|tisn|em|n|neath|gainst|cause|"
                         r"tween|twixt|til|till)\b|\d\d(?:s|th)?\b",
                         regex.IGNORECASE)


def _prime(text: str, i: int) -> bool:
    """Whether the straight mark at ``i`` is a prime after a number (``5' 6"``, ``19,321"``):
    after a digit, a single one before a blank and a figure or the line's end, a double one
    with no double quote open before it on its line."""
    if not i or not text[i - 1].isdigit():
        return False
    if text[i] == "'":
        return regex.match(r"[ \t]?\d|[ \t]*(?:$|\n)", text[i + 1:]) is not None
    line = text[text.rfind("\n", 0, i) + 1:i]
    return line.count('"') % 2 == 0


def normalise_quotes(text: str, style: str = "straight") -> Fixed:
    """Make quotation marks consistent: ``straight`` (''"'') or ``curly`` (‘’“”).

    >>> normalise_quotes("the loser’s score; “hand”").text
    'the loser\\'s score; "hand"'
    >>> normalise_quotes('say, "I arrange," the dealer\\'s', style="curly").text
    'say, “I arrange,” the dealer’s'
    >>> normalise_quotes("''italic'' '''bold'''", style="curly").text
    "''italic'' '''bold'''"

    An elision's apostrophe is one wherever it stands; primes stay straight:

    >>> normalise_quotes("'Twas in the '90s; rock 'n' roll; a 5' 6\\" man", style="curly").text
    '’Twas in the ’90s; rock ’n’ roll; a 5\\' 6" man'
    """
    if style == "straight":
        table = {"‘": "'", "’": "'", "“": '"', "”": '"'}
        return substitute(text, _CURLY, "quotes",
                          lambda m: (table[m.group(0)], 1.0, "straight quotes chosen"))
    if style != "curly":
        raise ValueError(f"unknown quote style {style!r}")

    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        mark = m.group(0)
        i = m.start()
        if mark == "'" and ((i + 1 < len(text) and text[i + 1] == "'")
                            or (i and text[i - 1] == "'")):
            return None  # wiki italics/bold
        if _prime(text, i):
            return None  # feet and inches, minutes and seconds: primes, not quotes
        opening = i == 0 or bool(_OPENING_CONTEXT.match(text[i - 1]))
        if mark == "'" and opening and _ELISION.match(text, i + 1):
            return "’", 0.85, "an apostrophe for letters left out ('Tis, '90s, 'n')"
        if mark == '"':
            return ("“" if opening else "”"), 0.85, "curly quotes chosen"
        return ("‘" if opening else "’"), 0.85, "curly quotes chosen"

    return substitute(text, _STRAIGHT, "quotes", decide)
