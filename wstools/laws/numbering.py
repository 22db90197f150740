"""Law numbers: find law starts in run-together OCR, repair garbled numbers, check sequences.

OCR garbles law numbers (``Cl.`` for 61, ``U5.`` for 65, ``8S.`` for 88) and prints wrong
digits (``58.`` for 53). A law start is a short token and a full stop at a sentence start;
the numbers must run on one by one, so the best reading of the whole page is a path through
the candidates that pays for each character read as a digit it does not look like, for each
candidate skipped and for each number left out. Exact numbers that fit anchor the path.

>>> text = "the liability. 58. After the deal. 54. If he. 55. A card. Cl. If a player. 57. If"
>>> [(s.token, s.number) for s in find_law_starts(text)]
[('58', 53), ('54', 54), ('55', 55), ('Cl', 56), ('57', 57)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex

from ..diagnostics import Diagnostic
from ..edits import Edit

# observed character -> {digit it may stand for: cost}
CONFUSIONS: dict[str, dict[str, float]] = {
    "O": {"0": 0.3}, "o": {"0": 0.3}, "D": {"0": 0.5}, "Q": {"0": 0.5},
    "l": {"1": 0.3}, "I": {"1": 0.3}, "i": {"1": 0.4}, "|": {"1": 0.3}, "!": {"1": 0.4},
    "t": {"1": 0.6}, "L": {"1": 0.6}, "J": {"1": 0.7, "3": 0.8}, "]": {"1": 0.5},
    "Z": {"2": 0.3}, "z": {"2": 0.4},
    "A": {"4": 0.5}, "h": {"4": 0.7}, "H": {"4": 0.8, "6": 0.9},
    "S": {"5": 0.3, "8": 0.4}, "s": {"5": 0.4}, "$": {"5": 0.4, "8": 0.5},
    "b": {"6": 0.4}, "G": {"6": 0.4}, "C": {"6": 0.5, "0": 0.8}, "c": {"6": 0.6},
    "U": {"6": 0.6, "0": 0.6}, "u": {"1": 0.8}, "T": {"7": 0.4}, "/": {"7": 0.7, "1": 0.7},
    "B": {"8": 0.3}, "g": {"9": 0.4}, "q": {"9": 0.4},
    # digits misread as other digits
    "3": {"8": 0.4, "5": 0.7, "9": 0.8}, "8": {"3": 0.4, "6": 0.6, "0": 0.7, "9": 0.7},
    "5": {"6": 0.6, "3": 0.7, "8": 0.8}, "6": {"5": 0.6, "8": 0.6, "0": 0.7},
    "0": {"6": 0.5, "8": 0.7, "9": 0.8}, "9": {"0": 0.7, "8": 0.7, "3": 0.8},
    "1": {"7": 0.6, "4": 0.8}, "7": {"1": 0.6}, "4": {"1": 0.8},
}
UNKNOWN_SUBSTITUTION = 1.5
DIGIT_AS_DIGIT = 3.0  # a clean digit read as an unrelated one
INDEL = 1.0
SKIP_NUMBER = 5.0  # a law left out of the sequence
SKIP_EXACT = 3.0  # a clean number that is not a law start
SKIP_GARBLED = 0.5  # a garbled token that is not a law start
MAX_READING_COST = 4.5
COMMON_TOKENS = frozenset("a an as at be by do he if in is it me my no of on or so to up us we "
                          "i ii iii iv v vi the and per viz etc mr mrs dr st ed ib id"
                          .split())

# an ordinal clause label, or OCR's reading of one ("1st", "2d", "4th", "Ist", "lst"): a
# clause, never a law's number ("10. 1st. If…" is law 10 and its first clause)
_ORDINAL_FORM = r"(?:[\dIl|!]{1,2}(?:st|nd|rd|th)|\d{1,2}d)"
_ORDINAL_TOKEN = regex.compile(_ORDINAL_FORM)

_CANDIDATE = regex.compile(
    r"(?:(?<=\A\s{0,3})|(?<=[.;:!?)\]*”\"'—-]\s{1,3})"
    r"|(?<=[.;:!?][ \t]{0,2}[/|\\·•'‘,][ \t]*\n[ \t]*\n[ \t]*))"
    r"([0-9A-Za-z$!|/\]]{1,3})\."
    r"(?=\s+[\p{Lu}(“\"']|—+\s*[\p{Lu}(]|[ \t]+" + _ORDINAL_FORM + r"\.[ \t]+\p{Lu})")
# a number in digits opening a line with a law's marks ("8.—The dealer"), after a line
# that does not end a sentence (its stop misread as a comma, or lost: "a fresh cut,"): a
# law start only as the next number of the sequence (see find_law_starts)
_LINE_CANDIDATE = regex.compile(r"(?<=\n[ \t]*)(\d{1,3})\.(?=[ \t]?—+[ \t]*[\p{Lu}(])")
# a word that names a law, rule or section, with the words of its sentence before it: the
# number after it (on its line or the next) is a cross-reference ("as provided in Law⏎14.
# The penalty"), not a law start. After a sentence's end ("…report. Sec. 5. General")
# the word opens a section.
REFERENCE = regex.compile(
    r"[\p{L}\d][)'’”]?[ \t]+"
    r"(?:Laws?|LAWS?|Rules?|RULES?|Sections?|SECTIONS?|Sect?\.|SECT?\.|Articles?|Arts?\.|"
    r"ARTS?\.|Nos?\.|NOS?\.|Paragraphs?|Par\.|Para\.|Clauses?|§§?|"
    r"Figs?\.|FIGS?\.|Figures?|Plates?|PLATES?|Diagrams?|Tables?|pp?\.|Pages?|Chap\.|"
    r"Chapters?|Vol\.|Volumes?|Lines?|Notes?)"
    r"[ \t]*(?:\n[ \t]*)?\Z"
    # a caption's number, at a line's start: "Fig. 7.—Clairvaux, Monastic Buildings."
    r"|(?:\A|\n)[ \t]*(?:Figs?\.|FIGS?\.|Figures?|FIGURES?|Plates?|PLATES?|Pl\.|PL\.)[ \t]*\Z")


def is_reference(text: str, at: int) -> bool:
    """Whether the number at ``at`` follows a word naming a law, rule or section in the
    middle of a sentence (``provided in Law⏎14.``, ``see Sec. 4.``, ``under § 12.``): a
    reference to it, not its start.

    >>> t = "as provided in Law\\n14. The penalty, see Rule 3. A card. report. Sec. 5. General"
    >>> [is_reference(t, t.index(n)) for n in ("14.", "3.", "5.")]
    [True, True, False]
    >>> t = "as shown in Fig.\\n2. At that end"  # (a figure, a page, a plate: the same)
    >>> is_reference(t, t.index("2."))
    True
    >>> t = "Fig. 7.—Clairvaux (Cistercian), Monastic Buildings."  # a caption's number
    >>> is_reference(t, t.index("7."))
    True
    """
    return REFERENCE.search(text, max(0, at - 40), at) is not None


def _substitution(c: str, d: str) -> float:
    if c == d:
        return 0.0
    return CONFUSIONS.get(c, {}).get(d, DIGIT_AS_DIGIT if c.isdigit() else UNKNOWN_SUBSTITUTION)


@lru_cache(maxsize=65536)
def reading_cost(token: str, number: int) -> float:
    """Cost of reading ``token`` as the law number ``number`` (0 for an exact match).

    >>> reading_cost("61", 61), reading_cost("Cl", 61), reading_cost("8S", 88)
    (0.0, 0.8, 0.4)
    >>> reading_cost("70", 76) < 1 < reading_cost("Hit", 69)
    True
    """
    digits = str(number)
    n, m = len(token), len(digits)
    if n == m:  # same length: character-by-character misreads only
        return sum(_substitution(c, d) for c, d in zip(token, digits, strict=True))
    prev = [j * INDEL for j in range(m + 1)]
    for i in range(1, n + 1):
        cur = [i * INDEL] + [0.0] * m
        c = token[i - 1]
        for j in range(1, m + 1):
            d = digits[j - 1]
            sub = _substitution(c, d)
            cur[j] = min(prev[j - 1] + sub, prev[j] + INDEL, cur[j - 1] + INDEL)
        prev = cur
    return prev[m]


@dataclass(frozen=True)
class LawStart:
    """A law start found in running text: ``token`` (as printed) read as ``number``."""

    start: int  # offset of the token
    end: int  # offset after the full stop
    token: str
    number: int
    cost: float

    @property
    def repaired(self) -> bool:
        return self.token != str(self.number)


# a law's number opening a paragraph ("7.—If", "7. If")
_SPAN_LAW = regex.compile(r"(\d{1,3})\.(?=[ \t]?[—–-]|[ \t]+[\p{Lu}(])")
# the next law's number with its dash inside a paragraph, after a word or a comma: where
# OCR misread the stop that ends the law before ("a fresh cut, 8.—The dealer")
_HIDDEN_LAW = regex.compile(r"(?<=[\p{L},;][ \t]*\n?[ \t]*)(\d{1,3})\.(?=[ \t]?—[ \t]*[\p{Lu}(])")


def split_hidden_laws(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans cut before a law that a line join ran into the law before it, its stop
    misread as a comma or lost: in a paragraph that opens with law ``n``, ``n + 1``
    followed by its dash (``…a fresh cut, 8.—The dealer``), when the next law the page
    opens a paragraph with is ``n + 2`` (or there is none). Never after a word that names
    a law (``as provided by Law 8.—``: a reference).

    >>> t = "7.—If exposed, a fresh cut, 8.—The dealer gives.\\n\\n9.—If the dealer"
    >>> [t[a:b] for a, b in split_hidden_laws(t, [(0, 48), (50, len(t))])]
    ['7.—If exposed, a fresh cut,', '8.—The dealer gives.', '9.—If the dealer']
    >>> t = "7.—If exposed, a fresh cut, 8.—The dealer gives.\\n\\n12.—If the dealer"
    >>> len(split_hidden_laws(t, [(0, 48), (50, len(t))]))
    2
    """
    numbers = []
    for a, b in spans:
        law = _SPAN_LAW.match(text, a, b)
        numbers.append(int(law.group(1)) if law is not None else None)
    out = []
    for k, (a, b) in enumerate(spans):
        number = numbers[k]
        later = [n for n in numbers[k + 1:] if n is not None]
        if number is None or later and later[0] != number + 2:
            out.append((a, b))
            continue
        for m in _HIDDEN_LAW.finditer(text, a, b):
            if int(m.group(1)) == number + 1 and not is_reference(text, m.start()):
                out += [(a, len(text[:m.start()].rstrip())), (m.start(), b)]
                break
        else:
            out.append((a, b))
    return out


# a token of a roman numeral's strokes as OCR reads them ("Il", "IL", "1I", "lll")
_STROKES = str.maketrans("lL1|!i", "IIIIII")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
# a roman clause label where a law, a clause or a run-in title ends, before a capital
_ROMAN_LABEL = regex.compile(r"(?:(?<=\n)|(?<=—)|(?<=\.[ \t])|\A)[ \t]*"
                             r"([IVXlL1|]{1,4})[.,][ \t]+(?=[\p{Lu}])")
ROMAN_CLAUSE = 2.5  # a garbled token that reads as the next roman clause label


def next_roman_label(text: str, at: int, token: str) -> bool:
    """Whether the garbled ``token`` at ``at`` reads, stroke for stroke, as the roman
    clause label after the last one before it (``I. If any card…⏎⏎Il. If during``): a
    clause's label more likely than a law's misread number. A number in clean digits is
    never one.

    >>> t = "14. There must be:\\n\\nI. If any card.\\n\\nIl. If during the deal"
    >>> next_roman_label(t, t.index("Il."), "Il")
    True
    >>> next_roman_label(t, t.index("Il."), "11"), next_roman_label("Il. If", 0, "Il")
    (False, False)
    """
    if token.isdigit():
        return False
    reading = token.translate(_STROKES)
    if reading not in _ROMAN[1:]:
        return False
    last = None
    for m in _ROMAN_LABEL.finditer(text, max(0, at - 800), at):
        last = m.group(1).translate(_STROKES)
    return last in _ROMAN and _ROMAN.index(last) + 1 == _ROMAN.index(reading)


def candidates(text: str) -> list[tuple[int, int, str]]:
    """Tokens that could be a law number at a sentence start: (start, end, token); a
    number after a word that names a law (``see Sec. 4.``) is a reference, not one."""
    out = []
    for m in _CANDIDATE.finditer(text):
        token = m.group(1)
        if is_reference(text, m.start(1)):
            continue
        if token.lower() in COMMON_TOKENS and not token.isdigit():
            continue
        if _ORDINAL_TOKEN.fullmatch(token):
            continue
        if not token.isdigit() and not any(c in CONFUSIONS or c.isdigit() for c in token):
            continue
        if token.isalpha() and token.islower() and len(token) > 1:
            continue  # "viz.", "ibid." and other words in lower case
        out.append((m.start(1), m.end(), token))
    return out


def line_candidates(text: str, strong_found: list[tuple[int, int, str]] | None = None
                    ) -> list[tuple[int, int, str]]:
    """Numbers in digits that open a line with a law's marks (``8.—The``) after a line
    that does not end a sentence, (start, end, token): law starts only as the next
    number of the sequence (:func:`find_law_starts`). ``strong_found``: the text's
    :func:`candidates`, when the caller has them.

    >>> line_candidates("7.—If exposed, there must\\nbe a fresh cut,\\n8.—The dealer")
    [(42, 44, '8')]
    """
    if strong_found is None:
        strong_found = candidates(text)
    strong = {a for a, _, _ in strong_found}  # (a line after a sentence's end)
    return [(m.start(1), m.end(), m.group(1)) for m in _LINE_CANDIDATE.finditer(text)
            if m.start(1) not in strong and not is_reference(text, m.start(1))]


def find_law_starts(text: str, first: int | None = None, last: int | None = None
                    ) -> list[LawStart]:
    """The law starts of a run-together text, numbered consecutively (see module doc).
    A number opening a line after one that does not end a sentence (``a fresh cut,⏎8.—
    The dealer``: a stop misread or lost) is read as its own number, and only as the
    law after the one before it: the law the sequence would otherwise miss, so that its
    neighbour is not renumbered into its place.

    >>> t = "6.—A cut. 7.—If exposed, a fresh cut,\\n8.—The dealer. 9.—If the dealer"
    >>> [(s.token, s.number) for s in find_law_starts(t)]
    [('6', 6), ('7', 7), ('8', 8), ('9', 9)]
    """
    strong = candidates(text)
    lines = line_candidates(text, strong)
    weak = {a for a, _, _ in lines}
    cands = sorted(strong + lines)
    exact = [int(t) for _, _, t in cands if t.isdigit()]
    if not exact:
        return []
    if first is None and last is None and \
            [t for _, _, t in cands] == [str(exact[0] + k) for k in range(len(cands))]:
        # every candidate a clean number, each one more than the last: that path costs
        # nothing, and any other pays for a skip or a misreading
        return [LawStart(s, e, t, int(t), 0.0) for s, e, t in cands]
    lo = first if first is not None else max(1, min(exact) - 3)
    hi = last if last is not None else max(exact) + 3
    if len(cands) > 20000:
        cands = [c for c in cands if c[2].isdigit()]
    options: list[list[tuple[int, float]]] = []
    by_length: dict[int, list[int]] = {}
    for number in range(lo, hi + 1):
        by_length.setdefault(len(str(number)), []).append(number)
    for start, _, token in cands:
        if start in weak:  # read as printed, or not at all
            options.append([(int(token), 0.0)] if lo <= int(token) <= hi else [])
            continue
        opts = []
        extra = ROMAN_CLAUSE if next_roman_label(text, start, token) else 0.0
        near = [n for size in (len(token) - 1, len(token), len(token) + 1)
                for n in by_length.get(size, ())]
        for number in sorted(near):
            cost = reading_cost(token, number)
            if cost <= MAX_READING_COST:
                opts.append((number, cost + extra))
        options.append(opts)
    skip = [0.0 if a in weak else SKIP_EXACT if t.isdigit() else SKIP_GARBLED
            for a, _, t in cands]
    # best[i][number] = (cost of a path ending with candidate i read as number, back pointer)
    best: list[dict[int, tuple[float, tuple[int, int] | None]]] = []
    prefix_skip = [0.0]
    for s in skip:
        prefix_skip.append(prefix_skip[-1] + s)
    window = 8
    for i, opts in enumerate(options):
        # the best way to reach each number within the window, before this candidate:
        # (cost without the skips in between, j); ties go to the earliest j
        reach: dict[int, tuple[float, int]] = {}
        for j in range(max(0, i - window), i):
            base = prefix_skip[j + 1]
            for prev_number, (value, _) in best[j].items():
                adjusted = value - base
                known = reach.get(prev_number)
                if known is None or adjusted < known[0]:
                    reach[prev_number] = (adjusted, j)
        row: dict[int, tuple[float, tuple[int, int] | None]] = {}
        is_weak = cands[i][0] in weak
        for number, cost in opts:
            start_cost = prefix_skip[i] + cost
            if first is not None:
                start_cost += SKIP_NUMBER * max(0, number - first)
            if is_weak:  # only after the law before it
                start_cost = float("inf")
            entry: tuple[float, tuple[int, int] | None] = (start_cost, None)
            chosen: tuple[int, int] | None = None  # (j, prev_number) for tie-breaking
            for prev_number in range(number - (1 if is_weak else 4), number):
                known = reach.get(prev_number)
                if known is None:
                    continue
                adjusted, j = known
                total = adjusted + prefix_skip[i] + cost + SKIP_NUMBER * (number - prev_number - 1)
                if total < entry[0] or (total == entry[0] and chosen is not None
                                        and (j, prev_number) < chosen):
                    entry = (total, (j, prev_number))
                    chosen = (j, prev_number)
            row[number] = entry
        best.append(row)
    end_best: tuple[float, tuple[int, int] | None] = (float("inf"), None)
    for i, row in enumerate(best):
        for number, (cost, _) in row.items():
            total = cost + prefix_skip[-1] - prefix_skip[i + 1]
            if last is not None:
                total += SKIP_NUMBER * max(0, last - number)
            if total < end_best[0]:
                end_best = (total, (i, number))
    path = []
    node = end_best[1]
    while node is not None:
        i, number = node
        path.append((i, number))
        node = best[i][number][1]
    path.reverse()
    return [LawStart(cands[i][0], cands[i][1], cands[i][2], number,
                     reading_cost(cands[i][2], number)) for i, number in path]


def repair_edit(start: LawStart, previous: int | None, following: int | None) -> Edit:
    """The :class:`Edit` that records a repaired law number, with its evidence."""
    context = []
    if previous is not None:
        context.append(f"after law {previous}")
    if following is not None:
        context.append(f"before law {following}")
    confusions = []
    for c, d in zip(start.token, str(start.number), strict=False):
        if c != d and d in CONFUSIONS.get(c, {}):
            confusions.append(f"{c}→{d}")
    evidence = "sequence: " + ", ".join(context) if context else "sequence"
    if confusions:
        evidence += "; OCR confusions " + ", ".join(confusions)
    confidence = round(max(0.5, 0.98 - 0.08 * start.cost), 2)
    return Edit(start.start, start.start + len(start.token), start.token, str(start.number),
                "law-number", confidence, evidence)


def check_sequence(numbers: list[tuple[int | None, str, int | None, int]],
                   file: str = "") -> list[Diagnostic]:
    """Report gaps, duplicates and numbers out of order.

    ``numbers`` holds (number, suffix, range_end, source offset) for each law in order.

    >>> [d.code for d in check_sequence([(1, "", None, 0), (2, "", None, 5), (2, "a", None, 9),
    ...                                  (5, "", None, 12), (4, "", None, 20)])]
    ['law-gap', 'law-out-of-order']
    """
    diags = []
    seen: set[tuple[int, str]] = set()
    expected: int | None = None
    for number, suffix, range_end, offset in numbers:
        if number is None:
            continue
        key = (number, suffix)
        if key in seen:
            diags.append(Diagnostic("law-duplicate", f"law {number}{suffix} appears twice",
                                    offset, "warning", file))
        elif suffix:
            pass  # 12a follows 12
        elif expected is not None and number > expected:
            missing = (f"{expected}" if number == expected + 1
                       else f"{expected} to {number - 1}")
            diags.append(Diagnostic("law-gap", f"law {missing} missing before law {number}",
                                    offset, "warning", file))
        elif expected is not None and number < expected:
            diags.append(Diagnostic("law-out-of-order",
                                    f"law {number} after law {expected - 1}", offset,
                                    "warning", file))
        seen.add(key)
        if not suffix:
            expected = max(expected or 0, (range_end or number) + 1)
    return diags
