"""Witnesses: the passages of other printings that say what an OCR'd passage says.

The corpus is cut into passages (one law or paragraph each, copies of another printing
left out); an index maps each word trigram to the passages that have it. A segment of
OCR text retrieves the passages sharing the most trigrams with it, weighted by rarity,
so the cost grows with the number of trigrams looked up, not with the corpus.

>>> index = WitnessIndex.from_passages([("a", "If any one play two cards to the same trick"),
...                                     ("b", "The dealer deals the cards one at a time")])
>>> [w.passages for w in index.windows(tokens("If any one plny two cards to the same trick"))]
[('a',)]
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import math
import os
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import NamedTuple

from ..corpus import store as _store
from ..corpus.store import Printing, default_corpus_dir, load

_CHUNK = re.compile(r"\S+")
_CORE = re.compile(r"^[\"'“‘(\[]*(.*?)[\"'”’)\].,;:!?]*$")
_MARKS = re.compile(r"\{\d+\}|\[\d+\]")
_ITALIC = re.compile(r"'{2,}")


class Token(NamedTuple):
    """A whitespace-separated chunk: its span, raw text, and ``core`` (without
    surrounding punctuation) whose lower case ``key`` is what alignment compares. (A named
    tuple: a page has tens of thousands, and tuples are the cheapest to make.)"""

    start: int
    end: int
    raw: str
    core_start: int
    core: str
    key: str


def tokens(text: str, offset: int = 0) -> list[Token]:
    out = []
    new = tuple.__new__  # Token(...) without its Python-level __new__: a fifth faster
    find = text.find
    at = 0
    # the chunks are text.split()'s (the same whitespace as \\S+), found with str.find:
    # cheaper than a match object each
    for raw in text.split():
        start = find(raw, at)
        at = start + len(raw)
        s = offset + start
        if raw[0].isalnum() and raw[-1].isalnum():  # the common case: nothing to strip
            out.append(new(Token, (s, offset + at, raw, s, raw, raw.lower())))
            continue
        core_match = _CORE.match(raw)
        core = core_match.group(1) if core_match else raw
        if not core:  # all punctuation ("!><", ";"): the chunk is its own core
            core, lead = raw, 0
        else:
            lead = core_match.start(1) if core_match else 0
        out.append(new(Token, (s, offset + at, raw, s + lead, core, core.lower())))
    return out


@dataclass(frozen=True)
class Passage:
    id: str
    printing: str
    text: str
    line: int = -1  # its line in the printing's text (``WitnessIndex.lines``)

    @property
    def tokens(self) -> tuple[Token, ...]:
        return tuple(tokens(self.text))

    @property
    def keys(self) -> tuple[str, ...]:
        return _keys(self.text)


def _keys(text: str) -> tuple[str, ...]:
    """The ``key`` of every token of ``text`` (:func:`tokens`, without making them)."""
    out = []
    for raw in text.split():
        if raw[0].isalnum() and raw[-1].isalnum():
            out.append(raw.lower())
            continue
        m = _CORE.match(raw)
        core = m.group(1) if m else raw
        out.append((core or raw).lower())
    return tuple(out)


def _trigrams(keys: Iterable[str]) -> list[tuple[str, str, str]]:
    words = list(filter(str.isalpha, keys))  # (filter and zip iterate in C)
    return list(zip(words, words[1:], words[2:], strict=False))


_KEY_OF = itemgetter(5)  # a Token's ``key`` (read in C, not by a generator)


def _segment_grams(segment: list[Token]) -> set[tuple[str, str, str]]:
    """The word trigrams of a segment's keys (:func:`_trigrams`, made as a set)."""
    words = list(filter(str.isalpha, map(_KEY_OF, segment)))
    return set(zip(words, words[1:], words[2:], strict=False))


SHINGLE = 5
SHINGLE_PASSAGES = 5000  # the most passages a corpus may have for the shingle fallback


def _shingles(keys: Iterable[str]) -> set[str]:
    """Character 5-grams of the letters (spaces and marks removed): they survive OCR
    errors that break every word trigram."""
    letters = "".join(c for k in keys for c in k if c.isalpha())
    return {letters[i:i + SHINGLE] for i in range(len(letters) - SHINGLE + 1)}


class WitnessIndex:
    """Word-trigram and character-shingle index over corpus passages."""

    def __init__(self, passages: list[Passage],
                 lines: dict[str, list[str]] | None = None) -> None:
        self.passages = passages
        self.lines = lines or {}
        self.postings: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        self._weights: dict[tuple[str, str, str], tuple[float, tuple[int, ...]]] | None = None
        self._shingles: dict[str, list[int]] | None = None
        for number, passage in enumerate(passages):
            for gram in set(_trigrams(passage.keys)):
                self.postings[gram].append(number)

    @property
    def shingles(self) -> dict[str, list[int]]:
        """Character shingles to passages, made on first use (only a segment OCR garbled
        beyond its word trigrams asks; a large collection need not pay for it up front)."""
        if self._shingles is None:
            self._shingles = defaultdict(list)
            for number, passage in enumerate(self.passages):
                for shingle in _shingles(passage.keys):
                    self._shingles[shingle].append(number)
        return self._shingles

    @classmethod
    def from_passages(cls, items: Iterable[tuple[str, str]], printing: str = "") -> WitnessIndex:
        """An index of loose passages, taken as the lines of one printing in order."""
        passages: list[Passage] = []
        lines: list[str] = []
        for pid, text in items:
            text = _ITALIC.sub("", _MARKS.sub("", text)).strip()
            passages.append(Passage(pid, printing, text, len(lines)))
            lines.append(text)
        return cls(passages, {printing: lines})

    @classmethod
    def from_printings(cls, printings: Iterable[Printing]) -> WitnessIndex:
        passages = []
        lines: dict[str, list[str]] = {}
        for p in printings:
            if p.metadata.get("copy-of"):
                continue  # a copy is not a second witness
            lines[p.id] = [_ITALIC.sub("", _MARKS.sub("", line)).strip()
                           for line in p.text.split("\n")]
            for n, line in enumerate(lines[p.id]):
                if len(line) < 20:
                    continue
                # (named by its line in the file, as an editor finds it)
                passages.append(Passage(f"{p.id}:{p.body_line + n}", p.id, line, n))
        return cls(passages, lines)

    def warm(self) -> None:
        """Make now what is otherwise made on first use (the weighted postings, the
        shingles): before worker processes are forked, so that they share it."""
        self._weighted()
        if len(self.passages) <= SHINGLE_PASSAGES:  # (only such an index looks them up)
            self.shingles  # noqa: B018 - a property that builds them

    def _weighted(self) -> dict[tuple[str, str, str], tuple[float, tuple[int, ...]]]:
        """The postings of the trigrams rare enough to count (in at most 50 passages)
        with their rarity weights, made on first use."""
        if self._weights is None:
            total = len(self.passages) or 1
            self._weights = {gram: (math.log(1 + total / len(posting)), tuple(posting))
                             for gram, posting in self.postings.items() if len(posting) <= 50}
        return self._weights

    def _scores(self, segment: list[Token], grams: set[tuple[str, str, str]] | None = None
                ) -> list[tuple[int, float]]:
        """Passages by the rarity-weighted trigrams (or, when none is shared, character
        shingles) they share with ``segment``, best first, above the minimum. ``grams``:
        the segment's word trigrams, when the caller has them."""
        scores: dict[int, float] = defaultdict(float)
        total = len(self.passages) or 1
        weighted = self._weighted()
        if grams is None:
            grams = _segment_grams(segment)
        for gram in grams:
            hit = weighted.get(gram)
            if hit is not None:
                weight, posting = hit
                for number in posting:
                    scores[number] += weight
        if not scores and total <= SHINGLE_PASSAGES:
            # garbled beyond word trigrams: character shingles (not on a large collection,
            # where building them would cost more than repairing a book)
            wanted = _shingles(t.key for t in segment)
            for shingle in wanted:
                spots = self.shingles.get(shingle)
                if not spots or len(spots) > 40:
                    continue
                weight = math.log(1 + total / len(spots)) / 4
                for number in spots:
                    scores[number] += weight
        needed = MINIMUM * math.log(1 + total / 2)
        return sorted(((n, s) for n, s in scores.items() if s >= needed),
                      key=lambda kv: (-round(kv[1], 9), kv[0]))  # ties: corpus order

    def windows(self, segment: list[Token], limit: int = 2,
                exclude: frozenset[str] = frozenset()) -> list[Window]:
        """For the ``limit`` best printings, the stretch of text that says what
        ``segment`` says: the lines from the first to the last passage that matches it
        (a segment whose law numbers OCR garbled may hold several laws), with the end of
        the line before and the start of the line after, since the ends of a segment may
        match too little to be found."""
        by_printing: dict[str, list[Passage]] = {}
        grams = _segment_grams(segment)
        for number, _ in self._scores(segment, grams):
            passage = self.passages[number]
            if passage.printing in exclude:
                continue  # (the printing the OCR is of, say, to measure the others)
            found = by_printing.setdefault(passage.printing, [])
            if len(by_printing) > limit and not found:
                del by_printing[passage.printing]
                continue
            found.append(passage)
        out = []
        for printing, found in by_printing.items():
            best = found[0].line
            near = [p.line for p in found if abs(p.line - best) <= SPREAD]
            lines = self.lines[printing]
            first, last = min(near), max(near)
            # the lines next to them that say what the segment says in words too common
            # to be looked up (boilerplate: "This order is not intended to, and does not,
            # create any right"): the segment's words all the same
            first = _grow(lines, first, -1, grams)
            last = _grow(lines, last, 1, grams)
            before, after = _step(lines, first, -1), _step(lines, last, 1)
            parts = [line for line in lines[first:last + 1] if line and not _is_heading(line)]
            # of the lines on each side, only as much as a segment's end may spill over
            if before < first and not _is_heading(lines[before]):
                parts.insert(0, _tail(lines[before], CONTEXT))
            if after > last and not _is_heading(lines[after]):
                parts.append(lines[after][:CONTEXT].rsplit(" ", 1)[0]
                             if len(lines[after]) > CONTEXT else lines[after])
            out.append(Window(printing, " ".join(parts),
                              tuple(p.id for p in found if first <= p.line <= last)))
        return out


MINIMUM = 2  # rarity-weighted shared trigrams a passage needs to count as a witness
CONTEXT = 200  # characters of the lines before and after a window that it takes in
SPREAD = 12  # lines: how far from the best passage other matching passages are joined


@lru_cache(maxsize=8192)  # (the lines next to the passages a page finds, asked again and again)
def _is_heading(line: str) -> bool:
    """A heading line (``CUTTING OR DRAWING.``): pages set them apart, so a window leaves
    them out rather than align them to the end of a law."""
    return len(line) < 80 and not any(c.islower() for c in line)


def _tail(line: str, size: int) -> str:
    """The last ``size`` characters of ``line`` or so, from a word's start."""
    return line if len(line) <= size else line[-size:].split(" ", 1)[-1]


GROW = 3  # lines a window may grow by on either side (:func:`_grow`)
GROW_SHARE = 0.5  # the share of a line's word trigrams the segment must have to take it


def _grow(lines: list[str], n: int, direction: int, grams: set[tuple[str, str, str]]) -> int:
    """From line ``n``, the farthest line in ``direction`` (at most ``GROW`` lines away,
    none skipped) at least ``GROW_SHARE`` of whose word trigrams the segment (``grams``)
    has: a passage of common words, which the index does not look up, that the segment
    reads.

    >>> lines = ["This order is not intended to create any right.", "(b) The rest."]
    >>> _grow(lines, 1, -1, set(_trigrams(_keys("This order is not intended to create"))))
    0
    """
    for _ in range(GROW):
        k = _step(lines, n, direction)
        if k == n or _is_heading(lines[k]):
            break
        mine = _line_grams(lines[k])
        if not mine or len(mine & grams) < GROW_SHARE * len(mine):
            break
        n = k
    return n


@lru_cache(maxsize=4096)
def _line_grams(line: str) -> frozenset[tuple[str, str, str]]:
    """The word trigrams of a corpus line (:func:`_grow` asks for the same lines again
    and again: those next to the passages a page's segments find)."""
    return frozenset(_trigrams(_keys(line)))


def _step(lines: list[str], n: int, direction: int) -> int:
    """The next non-empty line from ``n`` in ``direction`` (``n`` at the ends)."""
    k = n + direction
    while 0 <= k < len(lines):
        if lines[k]:
            return k
        k += direction
    return n


class Window(NamedTuple):
    """A stretch of one printing's text, and the passages in it that matched."""

    printing: str
    text: str
    passages: tuple[str, ...]


# -- the on-disk cache (issue 23) -----------------------------------------------------------

CACHE_FORMAT = 1  # of the cache file's payload (:func:`_to_cache`); a change makes a new key


def _code_stamp() -> str:
    """A hash of the code that builds the index (this module, the corpus reader) and of the
    package's ``__init__.py``, which holds its version: a new version or an edited
    checkout never reads an index an older build wrote."""
    h = hashlib.sha256()
    for module in (__file__, _store.__file__, Path(__file__).parents[1] / "__init__.py"):
        try:
            h.update(Path(module).read_bytes())
        except (OSError, TypeError):  # no source beside the package (a frozen install)
            h.update(str(module).encode())
    return h.hexdigest()


def cache_key(folder: Path) -> str:
    """The cache key of ``folder``'s witness index: the corpus index's key (a hash of every
    corpus file, :func:`wstools.corpus.index.corpus_key`), the cache format, and the code
    that builds the index with the package version (:func:`_code_stamp`)."""
    from ..corpus.index import corpus_key
    h = hashlib.sha256(f"wstools-witnesses-{CACHE_FORMAT}-".encode())
    h.update(corpus_key(folder).encode() + b"\0" + _code_stamp().encode())
    return h.hexdigest()[:24]


def cache_path(folder: Path, key: str | None = None) -> Path:
    """Where the witness index of ``folder`` (its :func:`cache_key` ``key``) is cached:
    beside the corpus index, in the cache folder (:func:`wstools.io.cache.cache_dir`)."""
    from ..io.cache import cache_dir
    return cache_dir() / f"witnesses-{key or cache_key(folder)}.marshal"


_MAGIC = b"wstools-witnesses\n"


def _to_cache(index: WitnessIndex, key: str) -> bytes:
    """The index as plain values, marshalled (the cache is only ever the package's own),
    after a header and the SHA-256 of the payload, so that a damaged file is told from a
    good one before it is read. The words of the trigrams are interned and each trigram
    is one tuple in both tables: marshal writes each once and reads the file back faster."""
    grams: dict[tuple[str, str, str], tuple[str, str, str]] = {}

    def shared(gram: tuple[str, str, str]) -> tuple[str, str, str]:
        one = (sys.intern(gram[0]), sys.intern(gram[1]), sys.intern(gram[2]))
        return grams.setdefault(one, one)

    payload = marshal.dumps({
        "format": CACHE_FORMAT, "key": key,
        "passages": [(p.id, p.printing, p.text, p.line) for p in index.passages],
        "lines": index.lines,
        "postings": {shared(g): posting for g, posting in index.postings.items()},
        "weights": {shared(g): hit for g, hit in index._weighted().items()}})
    return _MAGIC + hashlib.sha256(payload).digest() + payload


def _from_cache(data: bytes, key: str) -> WitnessIndex | None:
    """The index a cache file holds, or None when it is damaged (its digest does not
    match), another key's or format's, or not an index at all: any error is a miss."""
    head = len(_MAGIC) + 32
    if not data.startswith(_MAGIC) or hashlib.sha256(data[head:]).digest() != \
            data[len(_MAGIC):head]:
        return None
    enabled = gc.isenabled()
    gc.disable()  # tens of thousands of containers: the collector would triple the time
    try:
        d = marshal.loads(memoryview(data)[head:])
        if not isinstance(d, dict) or d.get("format") != CACHE_FORMAT or d.get("key") != key:
            return None
        index = WitnessIndex.__new__(WitnessIndex)
        index.passages = [Passage(pid, printing, text, line)
                          for pid, printing, text, line in d["passages"]]
        index.lines = d["lines"]
        index.postings = defaultdict(list, d["postings"])
        index._weights = d["weights"]
        index._shingles = None
        if not (isinstance(index.lines, dict) and isinstance(index._weights, dict)):
            return None
        return index
    except Exception:  # noqa: BLE001 - marshal raises several kinds on a foreign file
        return None
    finally:
        if enabled:
            gc.enable()


def _read_own(path: Path) -> bytes | None:
    """The bytes of the cache file ``path`` if this user wrote it (owned by us, writable by
    no one else, as :func:`wstools.io.cache.write_cache` leaves it); else None."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
                return None
            return f.read()
    except OSError:
        return None


def build_witnesses(folder: Path | None = None, use_cache: bool = True) -> WitnessIndex:
    """The witness index of ``folder`` (default: the project's corpus): read from the cache
    when the cache holds this corpus's index made by this code, else built from the corpus
    files and written to the cache (whole or not at all; a cache that cannot be written
    is not an error)."""
    folder = folder or default_corpus_dir()
    if not use_cache:
        return WitnessIndex.from_printings(load(folder))
    from ..io.cache import write_cache
    key = cache_key(folder)
    path = cache_path(folder, key)
    data = _read_own(path)
    if data is not None:
        cached = _from_cache(data, key)
        if cached is not None:
            return cached
    index = WitnessIndex.from_printings(load(folder))
    write_cache(path, _to_cache(index, key))
    return index


@lru_cache(maxsize=4)
def load_witnesses(folder: Path | None = None) -> WitnessIndex:
    """The witness index of ``folder`` (default: the project's corpus), once per process,
    from the cache folder when current (:func:`build_witnesses`)."""
    return build_witnesses(folder)
