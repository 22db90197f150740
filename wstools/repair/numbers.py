"""Law numbers on an OCR page, read from the document's own numbering — never from a
witness, since editions renumber.

- :func:`from_sequence`: a number the law sequence (:func:`~wstools.laws.numbering.
  find_law_starts`) reads differently from its print, where the print is a garbled token
  or one misread digit and its neighbours agree;
- :func:`from_line_starts`: numbers OCR garbled beyond reading at the start of a line,
  between two numbers printed in digits, and the marks and dashes after the numbers.
"""

from __future__ import annotations

import re

from ..edits import Edit
from ..laws.numbering import CONFUSIONS, LawStart, is_reference, repair_edit
from .align import longest_rising


def from_sequence(starts: list[LawStart], text: str) -> list[Edit]:
    """Garbled law numbers, read from the sequence. A number printed in digits is
    changed only when the sequence fixes it from both sides (:func:`digits_misread`).

    >>> from ..laws.numbering import find_law_starts
    >>> t = "2. A cut. 8. The deal. 4. A card. 5. If the dealer"
    >>> [(e.old, e.new) for e in from_sequence(find_law_starts(t), t)]
    [('8', '3')]
    >>> t = "6. A cut. 7. The deal. 9. If the dealer"  # one side only: 8 may be lost
    >>> [(s.token, s.number) for s in find_law_starts(t)], from_sequence(find_law_starts(t), t)
    ([('6', 6), ('7', 7), ('9', 8)], [])
    """
    out = []
    for k, s in enumerate(starts):
        if not s.repaired:
            continue
        before = starts[k - 1] if k else None
        after = starts[k + 1] if k + 1 < len(starts) else None
        if s.token.isdigit() and not digits_misread(s, before, after, text):
            continue
        if not s.token.isdigit() and not _any_reading(s.token, s.number):
            continue  # ("Il." for II. where law 72 was lost: the sequence's guess alone)
        out.append(repair_edit(s, before.number if before else None,
                               after.number if after else None))
    return out


def _any_reading(token: str, number: int) -> bool:
    """Whether OCR may have read ``number`` as ``token`` by more than the sequence's say:
    one of its characters is a digit of the number or a misreading of one (``fo`` for
    10, ``8S`` for 88), not only letters no digit is read as (``Il`` for 72).

    >>> _any_reading("fo", 10), _any_reading("Il", 72), _any_reading("Il", 11)
    (True, False, True)
    """
    digits = set(str(number))
    return any(c in digits or digits & set(CONFUSIONS.get(c, {})) for c in token)


def digits_misread(s: LawStart, before: LawStart | None, after: LawStart | None,
                   text: str) -> bool:
    """Whether the law number ``s``, printed in digits, is the sequence's reading of it
    misread: the laws before and after it, as printed, leave exactly that one number
    between them (after a jump, or at the end of the text, a number may be another
    code's or a law the sequence missed: it is left as printed and the gap reported; the
    text's first law only when printed higher than the law after it, ``58.`` before
    ``54.``), and the printed number is one digit OCR confuses with it (``8`` for ``3``,
    ``1`` for ``7``). Nor is it changed to a number the text prints at the start of a line
    elsewhere (the sequence missed that law, not misread this one), nor when a line
    between it and its neighbours opens with a number the sequence skipped.

    >>> from ..laws.numbering import LawStart
    >>> a, b = LawStart(0, 2, "2", 2, 0), LawStart(9, 11, "8", 3, .4)
    >>> c = LawStart(20, 22, "4", 4, 0)
    >>> t = "2. A cut. 8. The deal. 4. A card."
    >>> digits_misread(b, a, c, t), digits_misread(b, a, None, t)
    (True, False)
    >>> t, c = "8. The deal. 4. A card.", LawStart(13, 15, "4", 4, 0)
    >>> digits_misread(LawStart(0, 2, "8", 3, .4), None, c, t)  # no law runs backwards
    True
    >>> t = "2. The deal. 4. A card."  # 2 before 4: law 3 lost, not misread
    >>> digits_misread(LawStart(0, 2, "2", 3, 3.0), None, c, t)
    False
    """
    if after is None or after.token != str(s.number + 1):
        return False
    if before is None:
        # the text's first law: only when its print runs backwards into the law after it
        # ("58." before "54."), which no numbering does
        if int(s.token) <= after.number:
            return False
    elif before.token != str(s.number - 1):
        return False
    if not _digit_misread(s.token, str(s.number)):
        return False
    if re.search(rf"(?m)^[ \t]*{s.number}[ \t]?[.:,;]", text):
        return False
    # a line between it and its anchors that opens with digits: laws the sequence
    # missed ("46 A player", "63 to 69."), not a misreading of this one
    return not _missed_between(text, s, before, after)


_PARAGRAPH_START = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*\Z")
_NUMBER_LINE = re.compile(r"(?m)^[ \t]*[^\s\d]?(\d+)\b")


def _missed_between(text: str, s: LawStart, before: LawStart | None,
                    after: LawStart | None) -> bool:
    """Whether a line between ``s`` and its anchors opens with a number the sequence
    skipped there (``46 A player``, ``63 to 69.``): laws the sequence missed, so the jump
    is no misreading of ``s``.

    >>> text = "45. Any one.\\n\\n46 A player.\\n\\n47. The dealer.\\n\\n48. If the dealer."
    >>> first, last = LawStart(0, 3, "45", 45, 0.0), LawStart(45, 48, "48", 46, 0.6)
    >>> _missed_between(text, last, first, None)
    True
    >>> _missed_between("45. Any one.\\n\\n48. If.", LawStart(14, 17, "48", 46, 0.6), first, None)
    False
    """
    low = before.number if before is not None else -1
    high = after.number if after is not None else max(s.number, int(s.token)) + 50
    spans = [(before.end if before is not None else 0, s.start),
             (s.end, after.start if after is not None else len(text))]
    return any(low < int(m.group(1)) < high
               for a, b in spans if a < b for m in _NUMBER_LINE.finditer(text, a, b))

# digits OCR takes for one another in old print (either way round)
DIGIT_CONFUSIONS = frozenset({"38", "56", "68", "08", "06", "09", "17", "35", "89", "27", "39"})


_LINE_START = re.compile(r"^[ \t]*(?=\S)", re.MULTILINE)
# what OCR leaves of a law number at a line's start, before the law's first word: specks,
# a short token and the number's marks ("fo.= ", "; He— ", "2n—", "B.", "= ", "on ",
# "8 9. " for 19)
_OPENER = re.compile(r"(?P<speck>[;:,.=~_|-]+[ \t]*)?"
                     r"(?P<token>\d[ \t]\d|[^\s.—=:;,()\[\]-]{0,3})"
                     r"(?P<marks>[ \t]?[.:;,]?[ \t]?[—=-]+|[.:;,])?[ \t]*(?=[A-Z(\[])")


def from_line_starts(text: str, starts: list[LawStart]) -> list[Edit]:
    """Law numbers OCR garbled beyond reading. The numbers printed in digits at the
    start of a line (and those the sequence read from garbled tokens) that rise in order
    are anchors; between two, ``a`` and ``b``, the lines that open as a garbled number
    would (a short token or marks before a capital: ``fo.= Three``, ``on A``, ``8.—`` for
    18) are laws ``a + 1`` … ``b - 1`` — if there are exactly as many as the numbers
    missing. Inside a paragraph, only a line with the number's marks counts (``of A's``
    may open a line of running text); a capitalised word alone never does (``On A's
    deal``); digits must be the number or one misread digit from it. What stands before
    the law's first word is replaced, in the style of the document's numbers (``10.—``).

    >>> text = "9.—Two draw.\\n\\nfo.= Three draw.\\n\\n; He— At the end.\\n\\n12.—A cut."
    >>> [(e.old, e.new) for e in from_line_starts(text, [])]
    [('fo.= ', '10.—'), ('; He— ', '11.—')]
    >>> from_line_starts("9.—Two draw.\\n\\nOn A's deal.\\n\\n11.—At the end.", [])
    []
    """
    lines = [m.end() for m in _LINE_START.finditer(text)]
    ends = [text.find("\n", here) % (len(text) + 1) for here in lines]
    read = {s.start: s.number for s in starts if not s.token.isdigit()}
    anchors: list[tuple[int, int]] = []  # (line, number)
    printed: dict[int, re.Match[str]] = {}  # line: its number as printed in digits
    for k, here in enumerate(lines):
        if is_reference(text, here):
            continue  # "as provided in Law⏎14. The penalty": a reference, no law's start
        m = _ANCHOR.match(text, here, ends[k])
        if m:
            anchors.append((k, int(m.group(1))))
            printed[k] = m
        elif here in read:
            anchors.append((k, read[here]))
    # a code's numbers rise; a number of 1 or 2 after a higher one begins another code
    codes: list[list[tuple[int, int]]] = [[]]
    for k, number in anchors:
        if number <= 2 and codes[-1] and codes[-1][-1][1] > number + 2:
            codes.append([])
        codes[-1].append((k, number))
    out = []
    for code in codes:
        # the code's style: a dash after the number ("10.—") if most of its numbers have one
        styled = [printed[k] for k, _ in code if k in printed]
        dash = "—" if 2 * sum("—" in m.group(0) for m in styled) > len(styled) else ""
        out += _fill(text, lines, ends, longest_rising(code), dash, printed)
    return out


def _fill(text: str, lines: list[int], ends: list[int], chain: list[tuple[int, int]],
          dash: str, printed: dict[int, re.Match[str]]) -> list[Edit]:
    """The edits of :func:`from_line_starts` for one code's rising ``chain`` of anchors
    (``printed``: the anchors' numbers as printed, by line)."""
    out = []
    marks = [printed.get(k) for k, _ in chain]
    dashed = [m is not None and "—" in m.group(0) for m in marks]
    for c, (_, number) in enumerate(chain):
        m = marks[c]
        if m is None:
            continue
        if m.group(2) != "." and "—" in m.group(0):  # the mark misread: "8:—", "13,—"
            start = m.start(2)
            out.append(Edit(start, start + 1, m.group(2), ".", "law-mark", 0.8,
                            f"law {number}'s number ends with '{m.group(2)}': a full stop "
                            "misread"))
        elif m.group(2) != "." and _PARAGRAPH_START.search(text, 0, m.start()) and \
                (c and chain[c - 1][1] == number - 1 or
                 c + 1 < len(chain) and chain[c + 1][1] == number + 1) and \
                2 * sum(x is not None and x.group(2) == "." for x in marks) > len(marks):
            # "4, If three": a paragraph that opens with the next law's number, the
            # code's numbers ending with a full stop
            start = m.start(2)
            out.append(Edit(start, start + 1, m.group(2), ".", "law-mark", 0.8,
                            f"law {number} opens a paragraph, its number ending with "
                            f"'{m.group(2)}': a full stop misread"))
        elif m.group(2) == "." and dash:
            after = text[m.end(2):m.end()]
            if "—" not in after:
                # the code's dash lost ("14. Any"): OCR loses one here and there, so only
                # in a run of one or two between numbers that have theirs (a longer run
                # without is a printing's style)
                first, last = c, c
                while first > 0 and not dashed[first - 1]:
                    first -= 1
                while last < len(chain) - 1 and not dashed[last + 1]:
                    last += 1
                if last - first > 1 or first == 0 or last == len(chain) - 1:
                    continue
                out.append(Edit(m.end(2), m.end(), after, dash, "law-dash", 0.8,
                                f"law {number}: the numbers of this code are followed by "
                                f"'{dash}'"))
            elif not after.startswith("—"):  # set apart: "16. — If"
                gap = len(after) - len(after.lstrip(" \t"))
                out.append(Edit(m.end(2), m.end(2) + gap, after[:gap], "", "law-dash", 0.8,
                                f"law {number}: no space between the number and its dash"))
            elif after.startswith("——"):  # doubled: "19.——The"
                run = len(after) - len(after.lstrip("—"))
                out.append(Edit(m.end(2), m.end(2) + run, after[:run], "—", "law-dash", 0.8,
                                f"law {number}: one dash after the number"))
    out += _edges(text, lines, ends, chain, dash)
    for (k_a, first), (k_b, last) in zip(chain, chain[1:], strict=False):
        if not 1 <= last - first - 1 <= 4:
            continue
        openers = [opener for k in range(k_a + 1, k_b)
                   if (opener := _opener(text, lines[k], ends[k])) is not None]
        if len(openers) != last - first - 1:
            continue
        taken = {here for here, _ in openers}
        if any(re.match(rf"[^\w\s]{{0,2}}{n}\b", text[lines[k]:ends[k]])
               for k in range(k_a + 1, k_b) if lines[k] not in taken
               for n in range(first + 1, last)):
            continue  # a missing number printed at a line's start (".41—a."): it is there
            # (the line's other marks kept it from the anchors), not in an opener's place
        numbered = list(enumerate(openers, first + 1))
        digits = [(n, text[here:end].strip().rstrip(".—=:;,- ")) for n, (here, end) in numbered]
        if any(d.isdigit() and d != str(n) and not (len(d) < len(str(n)) and
                                                    _digit_misread(d, str(n)))
               for n, d in digits):
            # a number printed in digits that the sequence contradicts (other than by a
            # digit OCR lost: "8.—" for 18): another printing's numbering, not a misreading
            continue
        for number, (here, end) in numbered:
            old, new = text[here:end], f"{number}.{dash or ' '}"
            if re.match(rf"{number}\.[ —]", old):
                continue  # printed right, in the printing's own style
            out.append(Edit(here, end, old, new, "law-number", 0.8,
                            f"laws {first} and {last} open lines around it, and "
                            f"{len(openers)} line(s) between open as a garbled number "
                            f"would: '{old.strip()}' stands where law {number}'s number "
                            "is printed"))
    return out


# what OCR reads for the digits of a law number it garbled beyond reading ("gt" for 51, "u"
# for 11, "1o" for 10): digits and the letters and marks OCR takes them for
_NUMBER_LOOKALIKES = frozenset("0123456789oOQDlIi|!tfjJsSzZgqbBGAuUn$&")


def _edges(text: str, lines: list[int], ends: list[int], chain: list[tuple[int, int]],
           dash: str) -> list[Edit]:
    """A law at either end of a page's run of numbers whose number OCR garbled beyond
    reading: the one paragraph after the last law (before the first) that opens as a
    garbled number would, with the code's own marks (its dash, ``gt.—An``), and a token
    of the characters OCR reads digits as, is law ``last + 1`` (``first - 1``). With no
    number on the other side to count against, only a paragraph's opening with the
    number's marks counts, and only when it is the one such opening there; and only in a
    code whose numbers carry a dash (``10.—``), which no clause label has.

    >>> text = "49.—A score.\\n\\n50.—If a player omit.\\n\\ngt.—An admitted overscore."
    >>> [(e.old, e.new) for e in from_line_starts(text, [])]
    [('gt.—', '51.—')]
    >>> from_line_starts("49.—A score.\\n\\n50.—If a player.\\n\\nIf.—So it.\\n\\nHe.—Or.", [])
    []
    """
    if len(chain) < 2 or not dash:
        return []  # (a code without the dash: a clause's "I." or "1st." opens as one would)
    out = []
    (k_first, first), (k_last, last) = chain[0], chain[-1]
    for span, number, why in ((range(k_last + 1, len(lines)), last + 1, f"after law {last}"),
                              (range(0, k_first), first - 1, f"before law {first}")):
        if number < 1:
            continue
        openers = []
        for k in span:
            opener = _opener(text, lines[k], ends[k])
            if opener is None or not _PARAGRAPH_START.search(text, 0, lines[k]):
                continue
            openers.append(opener)
        if len(openers) != 1:
            continue
        here, end = openers[0]
        old = text[here:end]
        m = _OPENER.match(text, here)
        if m is None:
            continue
        token, marks = m.group("token"), m.group("marks") or ""
        if "—" not in marks.replace("=", "—") or m.group("speck") or not token or \
                not set(token) <= _NUMBER_LOOKALIKES or re.fullmatch(r"[IVXLl]+", token) or \
                re.fullmatch(r"\d+(?:st|nd|rd|th|d)", token) or \
                len(token) > len(str(number)) + 1 or \
                token.isdigit():
            # (a number printed in digits is changed only when the laws on both sides fix
            # it: here one side has none, and "19.—" before a "14." may be printed right)
            continue
        out.append(Edit(here, end, old, f"{number}.{dash or ' '}", "law-number", 0.75,
                        f"the one paragraph {why} that opens as a law's number would, with "
                        f"the code's marks: '{old.strip()}' stands where law {number}'s "
                        "number is printed"))
    return out


# a number printed in digits opening a line: its mark, and a dash before any word or none
# before a capital ("13. —bverv" is law 13 whose first word OCR garbled)
_ANCHOR = re.compile(r"(\d{1,3})[ \t]?([.:,;])[ \t]?(?:[—-]+[ \t]*(?=[^\W\d_]|[(\[])|"
                     r"[ \t]*(?=[A-Z(\[]))")


def _opener(text: str, here: int, end: int) -> tuple[int, int] | None:
    """The span of what a garbled law number left at the start of the line at ``here``,
    or None if the line does not open as one would (or goes on with a reference: ``by
    Law⏎21. If``)."""
    if is_reference(text, here):
        return None
    line = text[here:end]
    m = _OPENER.match(line)
    if m is None or line.upper() == line:
        return None  # not a law's opening, or a heading
    token, marks = m.group("token"), (m.group("speck") or "") + (m.group("marks") or "")
    if not token and not marks.strip():
        return None
    if token[:1].isupper() and not marks.strip():
        return None  # a capitalised word: the law may begin with it
    paragraph = re.search(r"\n[ \t]*\n[ \t]*\Z", text[:here]) is not None
    if not paragraph and not (m.group("marks") or "").strip():
        return None  # inside a paragraph, only with the number's marks
    return here, here + m.end()


def _digit_misread(printed: str, number: str) -> bool:
    """``printed`` differs from ``number`` by one digit OCR confuses (``58`` for ``53``)
    or lost.

    >>> _digit_misread("58", "53"), _digit_misread("24", "21"), _digit_misread("1", "11")
    (True, False, True)
    """
    if len(printed) + 1 == len(number) and printed in (number[1:], number[:-1]):
        return True  # a digit lost: "1" for "11"
    if len(printed) != len(number):
        return False
    pairs = [a + b for a, b in zip(printed, number, strict=True) if a != b]
    return len(pairs) == 1 and ("".join(sorted(pairs[0])) in DIGIT_CONFUSIONS)


_LABEL = r"\((?:[a-z]|[ivx]{1,5}|[A-Z]|\d{1,2})"
_PARAGRAPH = r"(?:\A|\n[ \t]*\n)[ \t]*"
_LABEL_BRACE = re.compile(_PARAGRAPH + r"(" + _LABEL + r")([}\]])(?=[ \t])")
_LABEL_SPECK = re.compile(_PARAGRAPH + r"(" + _LABEL + r"\))([.,:;]{1,2})(?=[ \t]+[A-Za-z])")
_SEC_MARK = re.compile(_PARAGRAPH + r"(Sec|SEC)([:,;]\.?|\.[.,:;])(?=[ \t]+\d)")


def clause_labels(text: str) -> list[Edit]:
    """Clause labels and section marks opening a paragraph as OCR garbles their marks: a
    brace or bracket for the closing parenthesis (``(c}``), a speck after the label
    (``(b).``, ``(ii),``), a colon or a double stop after ``Sec`` (``Sec:``, ``Sec..``).
    The label itself is the document's; only its marks are mended.

    >>> text = "(c} The Secretary\\n\\n(b). The Board\\n\\nSec: 4. General\\n\\n(ii), the"
    >>> [(e.old, e.new) for e in clause_labels(text)]
    [('}', ')'), ('.', ''), (':', '.')]
    """
    out = []
    for m in _LABEL_BRACE.finditer(text):
        out.append(Edit(m.start(2), m.end(2), m.group(2), ")", "clause-label", 0.8,
                        f"'{m.group(1)}{m.group(2)}' opens a paragraph: a clause label, "
                        "its parenthesis misread"))
    for m in _LABEL_SPECK.finditer(text):
        if m.group(2) == "," and text[m.end():m.end() + 3].lstrip()[:1].islower():
            continue  # "(ii), the": may be a reference going on
        out.append(Edit(m.start(2), m.end(2), m.group(2), "", "clause-label", 0.8,
                        f"'{m.group(1)}{m.group(2)}' opens a paragraph: a clause label "
                        "and a speck"))
    for m in _SEC_MARK.finditer(text):
        out.append(Edit(m.start(2), m.end(2), m.group(2), ".", "clause-label", 0.8,
                        f"'{m.group(1)}{m.group(2)}' before a number opens a paragraph: "
                        "a section mark"))
    return sorted(out, key=lambda e: e.start)


# a letter label run into a sentence after a colon or semicolon ("cards : a, two or
# more…; b. any card"), or what OCR left of one: a letter, or up to two marks and letters
# that are no word ("(/,", "t,", ",")
_INLINE_SLOT = re.compile(r"(?<=[;:])[ \t]+(?P<label>[^\s\w]{0,2}[a-z]?|[a-z][^\s\w]?)"
                          r"(?P<mark>[.,])(?=[ \t]+[a-z])")
INLINE_GAP = 400  # characters: labels of one list are no further apart
# the letters OCR reads for a label's letter
_LETTER_MISREAD = {"a": "ao", "b": "h", "c": "teo", "d": "", "e": "co", "f": "t", "g": "q",
                   "h": "b", "i": "l", "l": "i"}


def inline_clause_letters(text: str) -> list[Edit]:
    """Letter labels of a list run into the text (``a, … ; b, … ; c, …``), as the
    Cyclopædia prints a law's cases, where OCR garbled one: the label between two that
    read in sequence (``b, … ; t, … ; d,`` → ``c,``), the first before ``b`` (``(/,`` →
    ``a,``), or the one after two in sequence whose letter was lost (``c, … ; d, … ; ,``
    → ``e,``). Only within a list the text's own labels anchor, never across a paragraph;
    the label's mark is kept.

    >>> text = ("exposed cards : (/, two cards ; b. any card. It ; b, can be ; t, is "
    ...         "applicable ; d, cannot be ; , takes precedence")
    >>> [(e.old, e.new) for e in inline_clause_letters(text)]
    [('(/', 'a'), ('t', 'c'), ('', 'e')]
    >>> inline_clause_letters("he said: a, b, or c; so. a, and")
    []
    """
    # (not an abbreviation: "score : e. g., the")
    slots = [m for m in _INLINE_SLOT.finditer(text)
             if not (m.group("mark") == "." and re.match(r"[ \t]*[a-z]\.", text[m.end():]))]
    letters = [m.group("label") if len(m.group("label")) == 1 and m.group("label").isalpha()
               else None for m in slots]

    def near(a: re.Match[str], b: re.Match[str]) -> bool:
        gap = text[a.end():b.start()]
        return len(gap) <= INLINE_GAP and re.search(r"\n[ \t]*\n", gap) is None

    out = []
    for k, m in enumerate(slots):
        letter = letters[k]
        prev = letters[k - 1] if k and near(slots[k - 1], m) else None
        prev2 = letters[k - 2] if k > 1 and near(slots[k - 2], slots[k - 1]) else None
        nxt = letters[k + 1] if k + 1 < len(slots) and near(m, slots[k + 1]) else None
        want = None
        if prev and nxt and ord(nxt) - ord(prev) == 2:
            want = chr(ord(prev) + 1)
        elif nxt == "b" and prev is None:
            want = "a"
        elif prev and prev2 and ord(prev) - ord(prev2) == 1 and nxt is None and \
                not m.group("label"):
            want = chr(ord(prev) + 1)
        if want is None or letter == want:
            continue
        if letter is not None and letter not in _LETTER_MISREAD.get(want, ""):
            continue  # another letter: a word ("a", "I"), not a misread label
        letters[k] = want
        out.append(Edit(m.start("label"), m.end("label"), m.group("label"), want,
                        "clause-letter", 0.8,
                        f"'{m.group('label')}{m.group('mark')}' stands where the list's "
                        f"label '{want}{m.group('mark')}' comes in its sequence"))
    return out
