"""Measuring a repair against a gold text: error rates and what the changes did.

Text is normalised first: whitespace runs become one space and the space before ``;`` and
``:`` (a typesetting habit of the period) is dropped. Character and word error rates are
Levenshtein distances over the gold's length. For the changes, the OCR, the output and the
gold are aligned word by word: a word the OCR had wrong is *fixed* if the output has it
right, *changed* if the output has it wrong differently, *missed* if untouched; a word the
OCR had right is *damaged* if the output changed it. Precision is fixed / (fixed + changed
+ damaged).

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

    @property
    def precision(self) -> float:
        touched = self.fixed + self.changed + self.damaged
        return self.fixed / touched if touched else 1.0

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


def _aligned(words: list[str], gold: list[str]) -> list[str | None]:
    """For each gold word, the word of ``words`` aligned to it (None when none is)."""
    out: list[str | None] = [None] * len(gold)
    for op in Levenshtein.opcodes(words, gold):
        if op.tag in ("equal", "replace") and \
                op.src_end - op.src_start == op.dest_end - op.dest_start:
            for k in range(op.dest_end - op.dest_start):
                out[op.dest_start + k] = words[op.src_start + k]
        elif op.tag == "replace":  # a split or a merge: compare the runs as a whole
            joined = " ".join(words[op.src_start:op.src_end])
            out[op.dest_start] = joined
            for k in range(op.dest_start + 1, op.dest_end):
                out[k] = ""
    return out


def evaluate(ocr: str, gold: str, output: str) -> Evaluation:
    o, g, r = normalise(ocr), normalise(gold), normalise(output)
    ow, gw, rw = o.split(), g.split(), r.split()
    before, after = _aligned(ow, gw), _aligned(rw, gw)
    fixed = changed = damaged = missed = 0
    for k, word in enumerate(gw):
        b, a = before[k], after[k]
        if b == word:
            if a != word:
                damaged += 1
        elif a == word:
            fixed += 1
        elif a != b:
            changed += 1
        else:
            missed += 1
    return Evaluation(_rate(o, g), _rate(r, g), _rate(ow, gw), _rate(rw, gw), fixed, changed,
                      damaged, missed, len(gw))
