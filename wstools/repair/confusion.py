"""How plausible it is that OCR read one string as another: a weighted edit distance whose
cheap steps are the known OCR confusions of old print.

>>> cost("arc", "are") < 0.5, cost("!><", "be") < 1.5, cost("upward", "upwards") >= 1
(True, True, True)
>>> cost("nlone", "alone"), cost("best", "winning") > 3
(0.4, True)
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

# (as printed, as OCR read it, cost): one glyph or a run of glyphs mistaken for another
PAIRS: list[tuple[str, str, float]] = [
    ("e", "c", 0.3), ("e", "o", 0.4), ("o", "e", 0.4), ("c", "e", 0.4), ("a", "n", 0.4),
    ("n", "u", 0.4), ("u", "n", 0.4), ("h", "b", 0.4), ("b", "h", 0.4), ("h", "li", 0.4),
    ("m", "rn", 0.3), ("m", "in", 0.4), ("d", "cl", 0.4), ("w", "vv", 0.4), ("y", "v", 0.3),
    ("i", "l", 0.4), ("l", "i", 0.4), ("l", "I", 0.3), ("i", "I", 0.4), ("I", "l", 0.3),
    ("l", "1", 0.3), ("1", "l", 0.3), ("i", "1", 0.4), ("o", "0", 0.3), ("0", "o", 0.3),
    ("s", "t", 0.6), ("f", "r", 0.5), ("r", "f", 0.5), ("t", "f", 0.5), ("f", "t", 0.5),
    ("n", "h", 0.5), ("h", "n", 0.5), ("a", "o", 0.5), ("o", "a", 0.5), ("a", "e", 0.6),
    ("e", "a", 0.5), ("g", "q", 0.4), ("q", "g", 0.4), ("E", "M", 0.8), ("W", "Wl", 0.6),
    ("he", "ho", 0.3), ("be", "bo", 0.3), ("be", "!><", 0.6), ("be", "l><", 0.6),
    ("by", "l>y", 0.5), ("a", "(/", 0.6), ("i", "/", 0.5), ("e", "", 0.8),
    ("c", "t", 0.5), ("ed", "tti", 0.8), ("C", "(", 0.6), ("g", "j", 0.5), ("ll", "lli", 0.7),
    ("s", "*", 0.5), ("h", "lt", 0.8), ("i", "t", 0.6), ("ui", "iq", 0.8), ("t", "tt", 0.6),
    ("ea", "a", 0.8), ("i", "j", 0.5), ("s", "e", 0.6), ("ff", "fH", 0.4), ("ff", "H", 0.6),
    ("f", "H", 0.6), ("r", "t", 0.5), ("t", "c", 0.5), ("t", "e", 0.6), ("ff", "tt", 0.6),
    ("u", "i", 0.6), ("i", "u", 0.6), (" ", "", 0.3), ("", " ", 0.4),
    ("rn", "m", 0.4),  # (Tesseract reads "rn" as "m" as it reads "m" as "rn": "tum")
]
LEARNED_FILE = Path(__file__).with_name("confusions.tsv")


def _learned(path: Path = LEARNED_FILE) -> list[tuple[str, str, float]]:
    """The letter confusions scripts/learn-confusions.py counted in Tesseract's readings
    of pages no test is made from (where a pair above names one too, the cheaper cost
    counts): Tesseract reads the long s-like ``s`` of EB Garamond as ``y``.

    >>> ("s", "y") in {(p, o) for p, o, _ in LEARNED}, cost("caye", "case") < 1
    (True, True)
    """
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        printed, ocr, _count, _share, price = line.split("\t")
        if printed.isalpha() and ocr.isalpha():
            out.append((printed, ocr, float(price)))
    return out


LEARNED = _learned()
_BY_OCR: dict[str, list[tuple[str, float]]] = {}
for _printed, _ocr, _weight in PAIRS + LEARNED:
    _BY_OCR.setdefault(_ocr, []).append((_printed, _weight))
_MAX_OCR = max(len(o) for _, o, _ in PAIRS + LEARNED)
CASE_COST = 0.2
PLAIN = 1.0


@lru_cache(maxsize=200_000)
def cost(ocr: str, printed: str, limit: float = float("inf")) -> float:
    """The cheapest way OCR could have turned ``printed`` into ``ocr``. Above ``limit``
    the search stops early and some cost above ``limit`` is returned: a caller that only
    asks whether a reading is plausible need not price an implausible one exactly.

    >>> cost("plnytti", "playing"), cost("plnytti", "playing", limit=0.5) > 0.5
    (2.78, True)
    """
    if ocr == printed:
        return 0.0
    # what both begin and end with costs nothing; keep a margin of glyphs, since a
    # confusion may take in a letter on either side ("rn" for "m")
    head = 0
    while head < min(len(ocr), len(printed)) and ocr[head] == printed[head]:
        head += 1
    tail = 0
    while tail < min(len(ocr), len(printed)) - head and ocr[-1 - tail] == printed[-1 - tail]:
        tail += 1
    head, tail = max(0, head - _MAX_OCR), max(0, tail - _MAX_OCR)
    if head or tail:
        return _cost(ocr[head:len(ocr) - tail], printed[head:len(printed) - tail], limit)
    return _cost(ocr, printed, limit)


@lru_cache(maxsize=20_000)
def _moves(ocr: str) -> tuple[tuple[tuple[int, str, float], ...], ...]:
    """For each position of ``ocr``, the confusions that can start there: (OCR length,
    printed, cost)."""
    return tuple(tuple((k, target, c) for k in range(1, min(_MAX_OCR, len(ocr) - i) + 1)
                       for target, c in _BY_OCR.get(ocr[i:i + k], ()))
                 for i in range(len(ocr)))


def _cost(ocr: str, printed: str, limit: float) -> float:
    """The weighted edit distance. A cell dearer than ``limit`` is not taken further (no
    path through it can end within ``limit``), so a result above ``limit`` is only some
    cost above it."""
    n, m = len(ocr), len(printed)
    inf = float("inf")
    top = min(limit, sys.float_info.max)  # a cell above ``top`` is not taken further
    dist = [[inf] * (m + 1) for _ in range(n + 1)]
    dist[0][0] = 0.0
    lost_at: list[tuple[tuple[int, float], ...]] = [()] * (m + 1)  # glyphs OCR lost
    for target, c in _LOST:
        for j in _places(printed, target):
            lost_at[j] += ((j + len(target), c),)
    low_printed = [c.lower() for c in printed]
    moves = _moves(ocr)
    for i in range(n + 1):
        # every path to the end passes through row i or jumps from an earlier row to
        # one of the next few: their cheapest cell so far bounds the answer from below
        bound = min(map(min, dist[i:i + _MAX_OCR]))
        if bound > limit:
            return round(bound, 3)
        row = dist[i]
        a = ocr[i] if i < n else ""
        low_a = a.lower()
        below = dist[i + 1] if i < n else None
        for j in range(m + 1):
            here = row[j]
            if here > top:
                continue
            plain = here + PLAIN
            if j < m:
                if below is not None:
                    step = here if a == printed[j] else here + CASE_COST \
                        if low_a == low_printed[j] else plain
                    if step < below[j + 1]:
                        below[j + 1] = step
                if plain < row[j + 1]:
                    row[j + 1] = plain
            if below is not None and plain < below[j]:
                below[j] = plain
            for to, c in lost_at[j]:  # a glyph OCR lost (same row: in order)
                if here + c < row[to]:
                    row[to] = here + c
        if i == n:
            break
        # the confusions from this row, only where their printed side stands
        for k, target, c in moves[i]:
            after = dist[i + k]
            size = len(target)
            for j in _places(printed, target):
                value = row[j] + c
                if value < after[j + size]:
                    after[j + size] = value
    return round(dist[n][m], 3)


_LOST = tuple(_BY_OCR.get("", ()))  # printed glyphs OCR can drop: (printed, cost)


@lru_cache(maxsize=50_000)
def _places(text: str, part: str) -> tuple[int, ...]:
    """Where ``part`` begins in ``text``."""
    out = []
    j = text.find(part)
    while j >= 0:
        out.append(j)
        j = text.find(part, j + 1)
    return tuple(out)
