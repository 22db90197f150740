"""Measuring a repair against a gold text: error rates and what the changes did.

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


def _boundaries(src: list[str], dst: list[str]) -> tuple[list[int], list[int]]:
    """For each word boundary of ``src``, the first and last boundary of ``dst`` aligned
    to it."""
    lo = [-1] * (len(src) + 1)
    hi = [-1] * (len(src) + 1)

    def mark(i: int, j: int) -> None:
        lo[i] = j if lo[i] < 0 else min(lo[i], j)
        hi[i] = max(hi[i], j)
    for op in Levenshtein.opcodes(src, dst):
        s1, e1, s2, e2 = op.src_start, op.src_end, op.dest_start, op.dest_end
        if op.tag in ("equal", "replace") and e1 - s1 == e2 - s2:
            for k in range(e1 - s1 + 1):
                mark(s1 + k, s2 + k)
        else:
            mark(s1, s2)
            for i in range(s1 + 1, e1):
                mark(i, s2)
            mark(e1, e2)
    mark(len(src), len(dst))
    return lo, hi


def changes(before: list[str], after: list[str]) -> list[tuple[int, int, int, int]]:
    """The changed stretches between two word lists, neighbouring edits joined (a split
    and a replacement side by side are one change)."""
    out: list[list[int]] = []
    for op in Levenshtein.opcodes(before, after):
        if op.tag == "equal":
            continue
        if out and out[-1][1] == op.src_start and out[-1][3] == op.dest_start:
            out[-1][1], out[-1][3] = op.src_end, op.dest_end
        else:
            out.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
    return [(a, b, c, d) for a, b, c, d in out]


def evaluate(ocr: str, gold: str, output: str) -> Evaluation:
    o, g, r = normalise(ocr), normalise(gold), normalise(output)
    ow, gw, rw = o.split(), g.split(), r.split()
    o_lo, o_hi = _boundaries(ow, gw)
    r_lo, r_hi = _boundaries(rw, gw)
    fixed = changed = damaged = improved = 0
    for i1, i2, j1, j2 in changes(ow, rw):
        gold_before = gw[o_lo[i1]:o_hi[i2]]
        gold_after = gw[r_lo[j1]:r_hi[j2]]
        right_before = ow[i1:i2] == gold_before
        right_after = rw[j1:j2] == gold_after
        words = max(1, len(gold_after), len(gold_before))
        if right_after and not right_before:
            fixed += words
        elif right_before and not right_after:
            damaged += words
        elif not right_after:
            if _each_edit_helps(" ".join(ow[i1:i2]), " ".join(rw[j1:j2]), " ".join(gold_after)):
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
