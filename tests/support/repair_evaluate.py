"""Measuring a repair against a gold text: error rates and what the changes did (test
and benchmark code, not installed).

Text is normalised first: whitespace runs become one space and the space before ``;`` and
``:`` (a typesetting habit of the period) is dropped. Character and word error rates are
Levenshtein distances over the gold's length. For the changes, the OCR is aligned to the
output word by word; each changed stretch (``mustcut`` → ``must cut``) is compared with the
gold words aligned to it: it is *fixed* if the OCR had them wrong and the output right,
*damaged* if the OCR had them right and the output wrong. When both are wrong, each
separate character edit inside the stretch is tried on its own: if every one brings the
text closer to the gold (``4.— Theaccis`` → ``4.—Theaccis``) the stretch is *improved*,
else *changed*. All are counted in gold words. *Missed* are the remaining wrong words the
repair did not touch. Precision is (fixed + improved) / (fixed + improved + changed +
damaged): the share of changes that were right.

>>> r = evaluate("the cards arc liable", "the cards are liable", "tho cards are liable")
>>> r.fixed, r.damaged, r.cer_before, r.cer_after
(1, 1, 0.05, 0.05)
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from rapidfuzz.distance import Levenshtein

from wstools.repair.align import _boundaries as _char_boundaries
from wstools.repair.align import changes


def normalise(text: str) -> str:
    text = " ".join(text.split())
    return re.sub(r" ([;:])", r"\1", text)


@dataclass
class Evaluation:
    cer_before: float
    cer_after: float
    wer_before: float
    wer_after: float
    fixed: int
    changed: int
    damaged: int
    missed: int
    words: int
    improved: int = 0

    @property
    def precision(self) -> float:
        touched = self.fixed + self.improved + self.changed + self.damaged
        return (self.fixed + self.improved) / touched if touched else 1.0

    @property
    def damage_rate(self) -> float:
        return self.damaged / self.words if self.words else 0.0

    @property
    def error_reduction(self) -> float:
        return 1 - self.cer_after / self.cer_before if self.cer_before else 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(precision=self.precision, damage_rate=self.damage_rate,
                 error_reduction=self.error_reduction)
        return d


def _rate(a: str | list[str], b: str | list[str]) -> float:
    return round(Levenshtein.distance(a, b) / max(len(b), 1), 6)


def _word_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


class _GoldMap:
    """Finds the gold words a stretch of words of another text reads, through a
    character alignment (a word alignment is ambiguous around splits and merges)."""

    def __init__(self, text: str, gold: str) -> None:
        self.text, self.gold = text, gold
        self.spans = _word_spans(text)
        self.lo, self.hi = _char_boundaries(text, gold)

    def __call__(self, i: int, j: int) -> tuple[str, str]:
        """The words ``i`` to ``j`` of the text, and the gold they are aligned to."""
        if i < j:
            start, end = self.spans[i][0], self.spans[j - 1][1]
        else:
            start = end = self.spans[i][0] if i < len(self.spans) else len(self.text)
        g_start, g_end = self.lo[start], self.hi[end]
        gold = self.gold
        if start == end and g_start == g_end:
            return "", ""  # nothing here, in either
        while g_start > 0 and not gold[g_start - 1].isspace():
            g_start -= 1
        while g_end < len(gold) and not gold[g_end].isspace():
            g_end += 1
        return self.text[start:end], gold[g_start:g_end].strip()


def evaluate(ocr: str, gold: str, output: str) -> Evaluation:
    o, g, r = normalise(ocr), normalise(gold), normalise(output)
    ow, gw, rw = o.split(), g.split(), r.split()
    before, after = _GoldMap(o, g), _GoldMap(r, g)
    fixed = changed = damaged = improved = 0
    for i1, i2, j1, j2 in changes(ow, rw):
        ocr_words, gold_before = before(i1, i2)
        out_words, gold_after = after(j1, j2)
        right_before = ocr_words == gold_before
        right_after = out_words == gold_after
        words = max(1, len(gold_after.split()), len(gold_before.split()))
        if right_after and not right_before:
            fixed += words
        elif right_before and not right_after:
            damaged += words
        elif not right_after:
            if _each_edit_helps(ocr_words, out_words, gold_after):
                improved += words
            else:
                changed += words
    wrong_after = sum(max(op.src_end - op.src_start, op.dest_end - op.dest_start)
                      for op in Levenshtein.opcodes(rw, gw) if op.tag != "equal")
    missed = max(0, wrong_after - changed - damaged)
    return Evaluation(_rate(o, g), _rate(r, g), _rate(ow, gw), _rate(rw, gw), fixed, changed,
                      damaged, missed, len(gw), improved)


def _each_edit_helps(before: str, after: str, gold: str) -> bool:
    """Whether every separate character edit from ``before`` to ``after``, applied alone,
    brings ``before`` closer to ``gold``."""
    base = Levenshtein.distance(before, gold)
    for op in Levenshtein.opcodes(before, after):
        if op.tag == "equal":
            continue
        alone = before[:op.src_start] + after[op.dest_start:op.dest_end] + before[op.src_end:]
        if Levenshtein.distance(alone, gold) >= base:
            return False
    return True
