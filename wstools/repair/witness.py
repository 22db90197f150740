"""Witnesses: the passages of other printings that say what an OCR'd passage says.

The corpus is cut into passages (one law or paragraph each, copies of another printing
left out); an index maps each word trigram to the passages that have it. A segment of
OCR text retrieves the passages sharing the most trigrams with it, weighted by rarity,
so the cost grows with the number of trigrams looked up, not with the corpus.

>>> index = WitnessIndex.from_passages([("a", "If any one play two cards to the same trick"),
...                                     ("b", "The dealer deals the cards one at a time")])
>>> [p.id for p in index.retrieve(tokens("If any one plny two cards to the same trick"))]
['a']
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..corpus.store import Printing, default_corpus_dir, load

_CHUNK = re.compile(r"\S+")
_CORE = re.compile(r"^[\"'“‘(\[]*(.*?)[\"'”’)\].,;:!?]*$")
_MARKS = re.compile(r"\{\d+\}|\[\d+\]")


@dataclass(frozen=True, slots=True)
class Token:
    """A whitespace-separated chunk: its span, raw text, and ``core`` (without
    surrounding punctuation) whose lower case ``key`` is what alignment compares."""

    start: int
    end: int
    raw: str
    core_start: int
    core: str
    key: str


def tokens(text: str, offset: int = 0) -> list[Token]:
    out = []
    for m in _CHUNK.finditer(text):
        raw = m.group(0)
        core_match = _CORE.match(raw)
        core = core_match.group(1) if core_match else raw
        if not core:  # all punctuation ("!><", ";"): the chunk is its own core
            core, lead = raw, 0
        else:
            lead = core_match.start(1)
        out.append(Token(offset + m.start(), offset + m.end(), raw, offset + m.start() + lead,
                         core, core.lower()))
    return out


@dataclass(frozen=True)
class Passage:
    id: str
    printing: str
    text: str
    tokens: tuple[Token, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.tokens)


def _trigrams(keys: Iterable[str]) -> list[tuple[str, str, str]]:
    words = [k for k in keys if k.isalpha()]
    return list(zip(words, words[1:], words[2:], strict=False))


SHINGLE = 5


def _shingles(keys: Iterable[str]) -> set[str]:
    """Character 5-grams of the letters (spaces and marks removed): they survive OCR
    errors that break every word trigram."""
    letters = "".join(c for k in keys for c in k if c.isalpha())
    return {letters[i:i + SHINGLE] for i in range(len(letters) - SHINGLE + 1)}


class WitnessIndex:
    """Word-trigram and character-shingle index over corpus passages."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        self.postings: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        self.shingles: dict[str, list[int]] = defaultdict(list)
        for number, passage in enumerate(passages):
            for gram in set(_trigrams(passage.keys)):
                self.postings[gram].append(number)
            for shingle in _shingles(passage.keys):
                self.shingles[shingle].append(number)

    @classmethod
    def from_passages(cls, items: Iterable[tuple[str, str]], printing: str = "") -> WitnessIndex:
        passages = []
        for pid, text in items:
            text = _MARKS.sub("", text)
            passages.append(Passage(pid, printing, text, tuple(tokens(text))))
        return cls(passages)

    @classmethod
    def from_printings(cls, printings: Iterable[Printing]) -> WitnessIndex:
        passages = []
        for p in printings:
            if p.metadata.get("copy-of"):
                continue  # a copy is not a second witness
            for n, line in enumerate(p.text.split("\n")):
                line = _MARKS.sub("", line).strip()
                if len(line) < 20:
                    continue
                passages.append(Passage(f"{p.id}:{n + 1}", p.id, line, tuple(tokens(line))))
        return cls(passages)

    def retrieve(self, segment: list[Token], limit: int = 3, minimum: int = 2,
                 per_printing: int = 1) -> list[Passage]:
        """The passages sharing the most (rarity-weighted) trigrams with ``segment`` (or,
        when none does, character shingles), at most ``per_printing`` from one printing: a
        segment may hold two laws."""
        scores: dict[int, float] = defaultdict(float)
        total = len(self.passages) or 1
        for gram in set(_trigrams(t.key for t in segment)):
            posting = self.postings.get(gram)
            if not posting or len(posting) > 50:
                continue
            weight = math.log(1 + total / len(posting))
            for number in posting:
                scores[number] += weight
        if not scores:  # garbled beyond word trigrams: character shingles
            wanted = _shingles(t.key for t in segment)
            for shingle in wanted:
                posting = self.shingles.get(shingle)
                if not posting or len(posting) > 40:
                    continue
                weight = math.log(1 + total / len(posting)) / 4
                for number in posting:
                    scores[number] += weight
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        out: list[Passage] = []
        printings: dict[str, int] = defaultdict(int)
        needed = minimum * math.log(1 + total / 2)
        for number, score in ranked:
            passage = self.passages[number]
            if score < needed or printings[passage.printing] >= per_printing:
                continue
            printings[passage.printing] += 1
            out.append(passage)
            if len(out) == limit:
                break
        return out


@lru_cache(maxsize=4)
def load_witnesses(folder: Path | None = None) -> WitnessIndex:
    """The witness index of ``folder`` (default: the project's corpus), once per process."""
    return WitnessIndex.from_printings(load(folder or default_corpus_dir()))
