"""The compiled corpus index: word and n-gram statistics and the headings vocabulary.

Built once from the corpus files and cached outside the repository
(``$WSTOOLS_CACHE`` or ``~/.cache/wstools``), keyed by a hash of every file, so that it is
rebuilt whenever a corpus file changes.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import regex

from ..io.cache import cache_dir
from ..laws.parse import CODE_TITLE, is_heading
from ..text.vocabulary import Vocabulary
from .store import CorpusError, Printing, corpus_files, default_corpus_dir, load

VERSION = 3  # 2: collections of HTML documents (store.read_html); 3: their GPO marks
WORD = regex.compile(r"\p{L}+(?:['’]\p{L}+)*")


@dataclass
class CorpusIndex:
    """Statistics of the corpus the cleanup and repair decisions use."""

    key: str
    vocabulary: Vocabulary
    bigrams: Counter
    headings: tuple[str, ...]
    printings: dict[str, dict[str, str]]

    def to_json(self) -> dict:
        return {"version": VERSION, "key": self.key,
                "words": dict(self.vocabulary.words),
                "compounds": dict(self.vocabulary.compounds),
                "bigrams": {" ".join(k): v for k, v in self.bigrams.items()},
                "headings": list(self.headings), "printings": self.printings}

    @classmethod
    def from_json(cls, d: dict) -> CorpusIndex:
        vocab = Vocabulary(Counter(d["words"]), Counter(d["compounds"]))
        bigrams = Counter({tuple(k.split(" ")): v for k, v in d["bigrams"].items()})
        return cls(d["key"], vocab, bigrams, tuple(d["headings"]), d["printings"])


def corpus_key(folder: Path) -> str:
    h = hashlib.sha256(f"wstools-corpus-index-{VERSION}".encode())
    for p in corpus_files(folder):
        try:
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
        except OSError as exc:
            raise CorpusError(str(p), 1, f"cannot read: {exc.strerror or exc}") from None
    return h.hexdigest()[:24]


def build_index(printings: list[Printing], key: str) -> CorpusIndex:
    vocab = Vocabulary()
    bigrams: Counter = Counter()
    headings: list[str] = []
    for p in printings:
        vocab.add(p.text)
        words = [w.lower() for w in WORD.findall(p.text)]
        bigrams.update(zip(words, words[1:], strict=False))
        for line in p.text.split("\n"):
            line = regex.sub(r"\[\d+\]|\{\d+\}", "", line).strip()
            if is_heading(line) and not CODE_TITLE.search(line) and line not in headings:
                headings.append(line)
    return CorpusIndex(key, vocab, bigrams, tuple(headings),
                       {p.id: dict(p.metadata) for p in printings})


def load_index(folder: Path | None = None, use_cache: bool = True) -> CorpusIndex:
    """The index of ``folder`` (default: the project's corpus), from cache when current."""
    folder = folder or default_corpus_dir()
    key = corpus_key(folder)
    path = cache_dir() / f"corpus-{key}.json"
    if use_cache and path.is_file():
        try:
            return CorpusIndex.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, OSError):
            pass
    index = build_index(load(folder), key)
    if use_cache:
        from ..io.output import OutputError, write_output
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_output(path, json.dumps(index.to_json(), ensure_ascii=False))
        except (OSError, OutputError):
            pass  # a read-only cache is not an error
    return index
