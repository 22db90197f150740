"""Character alignment of an OCR passage to a witness, cut into word-sized *units*.

The two texts are aligned character by character (rapidfuzz's Levenshtein opcodes, with
every whitespace character read as a space). Each OCR word is then given the stretch of
witness text aligned to it; neighbouring words are joined into one unit when a word of the
witness is split between them (``rub ber`` → ``rubber``) or witness text falls between
them. A unit is therefore one or more whole OCR words against zero or more whole witness
words — the grain at which a reading can be judged:

>>> pairs = units("the plavercapose\\nof tbe cards", "the player expose of the cards")
>>> [(u.ocr, u.witness) for u in pairs]
[('plavercapose', 'player expose'), ('tbe', 'the')]
>>> [(u.ocr, u.witness) for u in units("a rub ber :", "a rubber")]
[('rub ber', 'rubber'), (':', '')]

Only units that differ are returned; whitespace runs and the space before ``;`` and ``:``
do not count as differences.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import lru_cache
from itertools import accumulate, islice
from operator import add, itemgetter
from typing import NamedTuple, cast

from rapidfuzz.distance import Indel, Levenshtein

_WORD = re.compile(r"\S+")
_ALNUM = re.compile(r"\w+")
_SPACE_BEFORE = re.compile(r"\s+([;:])")
_SPAN = re.Match.span
LOST = 4  # the most witness characters OCR is taken to have lost in one place


class Unit(NamedTuple):
    """``ocr`` (``text[start:end]``, absolute offsets) reads ``witness`` in the witness.
    (A named tuple: cheaper to make than a frozen dataclass, and as immutable.)"""

    start: int
    end: int
    ocr: str
    witness: str
    words: int  # OCR words in the unit


def same_reading(a: str, b: str) -> bool:
    """Equal once whitespace runs and the space before ``;``/``:`` are normalised."""
    if a == b:
        return True
    a, b = " ".join(a.split()), " ".join(b.split())
    if a == b:
        return True
    if ";" not in a and ":" not in a and ";" not in b and ":" not in b:
        return False  # (no space before a mark to take out)
    return _SPACE_BEFORE.sub(r"\1", a) == _SPACE_BEFORE.sub(r"\1", b)


class _Boundaries:
    """Where each boundary of ``text`` falls in ``witness``: ``lo(i)`` and ``hi(i)`` are
    the first and last witness boundary aligned to boundary ``i`` (they differ where the
    witness has text the OCR lacks). Answered from the alignment's opcodes by bisection,
    so only the boundaries asked for cost anything."""

    def __init__(self, text: str, witness: str) -> None:
        flat = text.translate(_FLAT) if not text.isprintable() else text
        self.ops = _opcodes(flat, witness)
        self.starts = [op[1] for op in self.ops]
        self.n, self.m = len(text), len(witness)

    def _mapped(self, i: int) -> list[int]:
        if i >= self.n:
            out = [self.m]
        else:
            out = []
        k = bisect.bisect_right(self.starts, i) - 1
        while k >= 0:
            tag, s1, e1, s2, e2 = self.ops[k]
            if e1 < i:
                break
            if tag == "insert":
                out += [s2, e2]
            elif tag == "delete":
                out.append(s2)
            else:
                out.append(s2 + i - s1)
            k -= 1
        return out or [self.m]

    def lo(self, i: int) -> int:
        return min(self._mapped(i))

    def hi(self, i: int) -> int:
        return max(self._mapped(i))

    def span(self, i: int) -> tuple[int, int]:
        """``lo(i)`` and ``hi(i)`` at once (:meth:`_mapped` without its list: the hot
        path of :func:`_char_units`)."""
        lo = hi = -1
        if i >= self.n:
            lo = hi = self.m
        ops = self.ops
        k = bisect.bisect_right(self.starts, i) - 1
        while k >= 0:
            tag, s1, e1, s2, e2 = ops[k]
            if e1 < i:
                break
            if tag == "insert":
                a, b = s2, e2
            elif tag == "delete":
                a = b = s2
            else:
                a = b = s2 + i - s1
            if lo < 0 or a < lo:
                lo = a
            if b > hi:
                hi = b
            k -= 1
        return (lo, hi) if lo >= 0 else (self.m, self.m)


_FLAT = {ord(c): " " for c in "\n\t\r\x0b\x0c"}


def _opcodes(a: Sequence[Hashable], b: Sequence[Hashable]) -> list[tuple[str, int, int, int, int]]:
    """rapidfuzz's Levenshtein opcodes as (tag, src_start, src_end, dest_start, dest_end)
    tuples (made in C: no Opcode object read attribute by attribute)."""
    return cast(list[tuple[str, int, int, int, int]], Levenshtein.opcodes(a, b).as_list())


def _boundaries(text: str, witness: str) -> tuple[list[int], list[int]]:
    """``lo`` and ``hi`` (see :class:`_Boundaries`) for every boundary of ``text``."""
    b = _Boundaries(text, witness)
    return [b.lo(i) for i in range(len(text) + 1)], [b.hi(i) for i in range(len(text) + 1)]


def _lower(text: str) -> str:
    lower = text.lower()
    if len(lower) != len(text):  # a letter whose lower case is longer ("İ")
        lower = "".join(c.lower()[0] for c in text)
    return lower


@lru_cache(maxsize=1024)
def _unique_grams(text: str) -> tuple[dict[tuple[str, str, str], int], int]:
    """The word trigrams (lower case) that occur once in ``text``, with the index of
    their first word; and the number of words."""
    words = _ALNUM.findall(_lower(text))
    grams = list(zip(words, words[1:], words[2:], strict=False))
    # (a repeated gram's last place: dropped below)
    first = dict(zip(grams, range(len(grams)), strict=True))
    if len(first) != len(grams):
        for gram, count in Counter(grams).items():
            if count > 1:
                del first[gram]
    return first, len(words)


def _word_span(text: str, k: int, count: int) -> tuple[int, int]:
    """Where the ``k``-th of the ``count`` words (``\\w+``) of ``text`` is, counted from
    whichever end is nearer."""
    if k < count // 2:
        return next(islice(_ALNUM.finditer(text), k, None)).span()
    back = next(islice(_ALNUM.finditer(text[::-1]), count - 1 - k, None))
    return len(text) - back.end(), len(text) - back.start()


def longest_rising(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``pairs`` (in their order) whose second members rise: anchors
    in the text and the witness that keep their order, law numbers down a page.

    >>> longest_rising([(0, 4), (1, 5), (2, 8), (3, 13), (4, 8), (5, 20)])
    [(0, 4), (1, 5), (2, 8), (3, 13), (5, 20)]
    """
    tails: list[int] = []  # tails[k]: index of the smallest last pair of a run of k + 1
    ends: list[int] = []  # ends[k]: that pair's second member
    back: list[int] = []
    for i, (_, value) in enumerate(pairs):
        k = bisect.bisect_left(ends, value)
        back.append(tails[k - 1] if k else -1)
        if k == len(tails):
            tails.append(i)
            ends.append(value)
        else:
            tails[k] = i
            ends[k] = value
    out, i = [], tails[-1] if tails else -1
    while i >= 0:
        out.append(pairs[i])
        i = back[i]
    return out[::-1]


@lru_cache(maxsize=256)  # (aligned and runs trim the same pair)
def trim(text: str, witness: str) -> str:
    """The part of ``witness`` that ``text`` reads, found from the word trigrams the two
    share once each (*anchors*): the texts meet along one diagonal, and the witness is
    cut from where the first anchor puts the start of ``text`` to where the last puts
    its end, out to word boundaries — so that witness text the OCR does not have is not
    spread over its first and last words.

    >>> trim("the dealer must cut", "A law before. The dealer must cut. A law after it.")
    'The dealer must cut.'
    """
    (mine, n_mine), (theirs, n_theirs) = _unique_grams(text), _unique_grams(witness)
    get = theirs.get
    shared = sorted([(k, w) for g, k in mine.items() if (w := get(g)) is not None])
    if not shared:
        return witness
    places = [w for _, w in shared]
    # a chance repetition elsewhere breaks the order (most often nothing does)
    anchors = shared if places == sorted(places) else longest_rising(shared)
    t_first = _word_span(text, anchors[0][0], n_mine)
    w_first = _word_span(witness, anchors[0][1], n_theirs)
    t_last = _word_span(text, anchors[-1][0] + 2, n_mine)
    w_last = _word_span(witness, anchors[-1][1] + 2, n_theirs)
    head, tail = text[:t_first[0]], text[t_last[1]:]
    # beyond the anchors, as much witness as the text has left — marks alone reach no
    # further than the word they end
    start = w_first[0] if not any(c.isalnum() for c in head) else \
        max(0, w_first[0] - len(head))
    end = w_last[1] if not any(c.isalnum() for c in tail) else \
        min(len(witness), w_last[1] + len(tail))
    # out to the word boundaries, but not into a word the text does not reach
    while start > 0 and not witness[start - 1].isspace() and not witness[start].isspace():
        start -= 1
    while end < len(witness) and not witness[end].isspace() and \
            not witness[end - 1].isspace():
        end += 1
    return witness[start:end].strip()


def _mid_word(witness: str, j: int) -> bool:
    return 0 < j < len(witness) and not witness[j - 1].isspace() and \
        not witness[j].isspace()


def units(text: str, witness: str, offset: int = 0) -> list[Unit]:
    """The differing units of ``text`` aligned to ``witness``; offsets are shifted by
    ``offset``. The witness is trimmed to what the text reads, the two are aligned word
    by word (equal words are anchors), and only the stretches between anchors are
    aligned character by character."""
    return aligned(text, witness, offset)[0]


def aligned(text: str, witness: str, offset: int = 0,
            within: list[tuple[int, int]] | None = None) -> tuple[list[Unit], int]:
    """:func:`units`, and how many OCR words differ from the witness. With ``within``
    (absolute spans), only the stretches that overlap one of them are cut into units;
    the words of the others still count as differing.

    >>> aligned("the plavercapose of tbe cards", "the player expose of the cards",
    ...         within=[(20, 23)])
    ([Unit(start=20, end=23, ocr='tbe', witness='the', words=1)], 2)
    """
    if not text or not witness:
        return [], len(text.split())
    words = text.split()
    flat = " ".join(words)
    if flat in witness or flat in " ".join(witness.split()):
        return [], 0  # the witness has it word for word
    witness = trim(text, witness)
    their_words = witness.split()
    blocks = changes(words, their_words)
    out: list[Unit] = []
    skipped = 0
    if not blocks:
        return out, 0
    mine, mine_ends = _word_spans(text, words)
    theirs, their_ends = _word_spans(witness, their_words)
    for i1, i2, j1, j2 in blocks:
        if i1 == i2:
            continue  # words the OCR does not have: nothing of it to repair
        start, end = mine[i1], mine_ends[i2 - 1]
        if within is not None and not any(s < offset + end and offset + start < e
                                          for s, e in within):
            skipped += i2 - i1
            continue
        if j1 == j2:
            out += [Unit(offset + s, offset + e, text[s:e], "", 1)
                    for s, e in zip(mine[i1:i2], mine_ends[i1:i2], strict=True)]
            continue
        out += _char_units(text[start:end], witness[theirs[j1]:their_ends[j2 - 1]],
                           offset + start)
    return out, skipped + sum(u.words for u in out)


def _word_spans(text: str, words: list[str]) -> tuple[list[int], list[int]]:
    """Where the ``words`` of ``text`` (``text.split()``, the ``\\S+`` runs) start and
    end. Where one blank parts each word from the next and none is at either end (the
    lengths say so), the places are running sums of the words' lengths (made in C);
    otherwise the words are found with the pattern."""
    n = len(words)
    if n and sum(map(len, words)) + n - 1 == len(text):
        sums = list(accumulate(map(len, words), initial=0))
        return list(map(add, sums, range(n))), list(map(add, sums[1:], range(n)))
    spans = list(map(_SPAN, _WORD.finditer(text)))  # (no Python loop: C iterates)
    return list(map(itemgetter(0), spans)), list(map(itemgetter(1), spans))


def changes(before: list[str], after: list[str]) -> list[tuple[int, int, int, int]]:
    """The changed stretches between two word lists, neighbouring edits joined (a split
    and a replacement side by side are one change)."""
    out: list[list[int]] = []
    for tag, src_start, src_end, dest_start, dest_end in _opcodes(before, after):
        if tag == "equal":
            continue
        if out and out[-1][1] == src_start and out[-1][3] == dest_start:
            out[-1][1], out[-1][3] = src_end, dest_end
        else:
            out.append([src_start, src_end, dest_start, dest_end])
    return [(a, b, c, d) for a, b, c, d in out]


def _char_units(text: str, witness: str, offset: int) -> list[Unit]:
    """:func:`units` of a stretch, aligned character by character."""
    bounds = _Boundaries(text, witness)
    spans = []
    for m in _WORD.finditer(text):
        s, e = m.span()
        (lo_s, hi_s), (lo_e, hi_e) = bounds.span(s), bounds.span(e)
        # witness text the OCR lacks belongs to the word it touches, unless it is longer
        # than OCR loses (a phrase or a law the OCR page does not have)
        ws = lo_s if hi_s - lo_s <= LOST else hi_s
        we = hi_e if hi_e - lo_e <= LOST else lo_e
        spans.append((s, e, ws, max(ws, we)))
    out: list[Unit] = []
    k = 0
    while k < len(spans):
        first = k
        end_w = spans[k][3]
        while k + 1 < len(spans):
            next_w = spans[k + 1][2]
            gap = witness[end_w:next_w] if next_w > end_w else ""
            if _mid_word(witness, end_w) or next_w < end_w or \
                    0 < len(gap.strip()) <= LOST:
                k += 1
                end_w = max(end_w, spans[k][3])
                continue
            break
        start, end, start_w = spans[first][0], spans[k][1], spans[first][2]
        while start_w > 0 and _mid_word(witness, start_w):
            start_w -= 1  # the witness word began before this unit: take all of it
        ocr = text[start:end]
        reading = witness[start_w:end_w].strip()
        if not same_reading(ocr, reading):
            out.append(Unit(offset + start, offset + end, ocr, reading, k - first + 1))
        k += 1
    return out


class Run(NamedTuple):
    """Words one side has and the other lacks (a deletion or insertion of an alignment
    without replacements): OCR words the witness has not (``at`` < 0, ``text[start:end]``)
    or witness words the OCR has not, before the OCR word that starts at ``at`` (or after
    the one that ends there, ``after``). ``keys``: the words without marks, lower case."""

    start: int
    end: int
    at: int
    after: bool
    keys: str
    words: str


class Move(NamedTuple):
    """OCR words Tesseract read out of order (the runs ``gone``, in order) and where the
    witness has them (``to``)."""

    gone: tuple[Run, ...]
    to: Run


MOVE_WORDS = 3  # the fewest words a move takes (fewer match by chance)
MOVE_LETTERS = 12  # and the fewest letters
MOVE_REACH = 2000  # characters: how far the OCR may have put them from their place
MOVE_SIMILARITY = 0.75  # their letters against the witness's (OCR's errors in them)
_KEY = re.compile(r"[^\W_]+")


def _key(word: str) -> str:
    """``word``'s letters and digits, lower case."""
    if word.isalnum():  # (the common case: every character is one, ``\\w`` but not ``_``)
        return word.lower()
    if word[:-1].isalnum() and not word[-1].isalnum():  # (the next: "cards," "trick.")
        return word[:-1].lower()
    return "".join(_KEY.findall(word)).lower()


def runs(text: str, witness: str, offset: int = 0) -> list[Run]:
    """The runs (:class:`Run`) of ``text`` aligned to ``witness`` (trimmed to what it
    reads) word by word, their marks left out, by insertions and deletions alone, so that
    words out of order are one run where they are and one where they belong.

    >>> wit = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"
    >>> text = "alpha bravo charlie golf hotel india delta echo foxtrot juliet kilo lima"
    >>> [(r.keys, r.at) for r in runs(text, wit)]
    [('delta echo foxtrot', 20), ('delta echo foxtrot', -1)]
    """
    words = text.split()
    if not words:
        return []
    witness = trim(text, witness)
    theirs_raw = witness.split()
    # (:func:`_key` inline: the common case without a call)
    theirs = [w.lower() if w.isalnum() else _key(w) for w in theirs_raw]
    mine = [w.lower() if w.isalnum() else _key(w) for w in words]
    starts, ends = _word_spans(text, words)
    out: list[Run] = []
    for tag, i1, i2, j1, j2 in cast(list[tuple[str, int, int, int, int]],
                                    Indel.opcodes(mine, theirs).as_list()):
        if tag == "delete":
            out.append(Run(offset + starts[i1], offset + ends[i2 - 1], -1, False,
                           " ".join(w for w in mine[i1:i2] if w),
                           text[starts[i1]:ends[i2 - 1]]))
        elif tag == "insert" and 0 < i1 <= len(words):
            after = i1 == len(words)
            out.append(Run(0, 0, offset + (ends[i1 - 1] if after else starts[i1]), after,
                           " ".join(w for w in theirs[j1:j2] if w),
                           " ".join(theirs_raw[j1:j2])))
    return out


def moves(found: list[Run]) -> list[Move]:
    """Runs of OCR words (one or several in a row, in their order) that read as a run the
    witness has elsewhere, within ``MOVE_REACH`` characters, and the OCR not: text
    Tesseract read out of order (a line of the next column, lines put before a heading).
    The words must be at least ``MOVE_WORDS`` and ``MOVE_LETTERS`` letters, their letters
    ``MOVE_SIMILARITY`` alike (the OCR's errors in them).

    >>> wit = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"
    >>> text = "alpha bravo charlie golf hotel india delta echo foxtrot juliet kilo lima"
    >>> [([g.words for g in m.gone], text[m.to.at:m.to.at + 4]) for m in moves(runs(text, wit))]
    [(['delta echo foxtrot'], 'golf')]
    """
    gone = [r for r in found if r.at < 0]
    out: list[Move] = []
    used: set[int] = set()
    for to in sorted((r for r in found if r.at >= 0), key=lambda r: -len(r.keys)):
        if len(to.keys.split()) < MOVE_WORDS or len(to.keys.replace(" ", "")) < MOVE_LETTERS:
            continue
        best: tuple[float, int, int] | None = None
        for k in range(len(gone)):
            if k in used or abs(gone[k].start - to.at) > MOVE_REACH:
                continue
            keys = ""
            for n in range(k, len(gone)):
                if n in used or gone[n].start <= to.at < gone[n].end or \
                        len(keys) > 1.3 * len(to.keys):
                    break
                keys = f"{keys} {gone[n].keys}".strip()
                score = Levenshtein.normalized_similarity(keys, to.keys)
                if score >= MOVE_SIMILARITY and (best is None or score > best[0]):
                    best = (score, k, n)
        if best is not None:
            _, k, n = best
            if any(gone[j].start < to.at < gone[j].end for j in range(k, n + 1)):
                continue
            used.update(range(k, n + 1))
            out.append(Move(tuple(gone[k:n + 1]), to))
    return out
