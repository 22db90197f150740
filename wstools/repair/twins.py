"""Which unknown words are worth a proofreader's look: a word rarer than any English word,
or one OCR misreading away from a far commoner word (``tbe`` for ``the``, ``sarne`` for
``same``). A rare real word (``presbyters``, ``theodolite``) is neither, and is not flagged.

>>> from wstools.text.english import zipf
>>> ocr_twin("tbe", zipf), ocr_twin("sarne", zipf), ocr_twin("presbyters", zipf)
('the', 'same', None)
>>> suspect("exarnined", zipf), suspect("presbyters", zipf)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

RARE_ZIPF = 1.0  # wordfreq's Zipf frequency under which a word counts as no English word

# one OCR misreading each: a word read so is a suspect when undoing it gives a far commoner
# word ('tbe' -> 'the', 'nis' -> 'his', 'tlie' -> 'the')
MISREADS = (("b", "h"), ("li", "h"), ("n", "h"), ("c", "e"), ("rn", "m"), ("ii", "u"),
            ("v", "y"), ("o", "e"), ("e", "c"), ("l", "i"), ("i", "l"), ("h", "b"),
            ("f", "t"), ("t", "f"), ("u", "n"), ("n", "u"), ("a", "s"), ("s", "a"))


def ocr_twin(word: str, zipf: Callable[[str], float]) -> str | None:
    """The far commoner word (Zipf 2 higher, and at least 4) one OCR misreading away."""
    try:
        return _cached_twin(word, zipf)
    except TypeError:  # (a ``zipf`` that cannot be a cache key: a bound method of a dict)
        return _twin(word, zipf)


@lru_cache(maxsize=65536)  # (a page, and the pages of a book, ask for the same words again)
def _cached_twin(word: str, zipf: Callable[[str], float]) -> str | None:
    return _twin(word, zipf)


def _twin(word: str, zipf: Callable[[str], float]) -> str | None:
    need = max(zipf(word) + 2, 4.0)
    for a, b in MISREADS:
        at = word.find(a)
        while at >= 0:
            twin = word[:at] + b + word[at + len(a):]
            if zipf(twin) >= need:
                return twin
            at = word.find(a, at + 1)
    return None


def suspect(word: str, zipf: Callable[[str], float]) -> bool:
    """Whether an unknown word is worth a look: rarer than English, or an OCR twin's."""
    return zipf(word) < RARE_ZIPF or ocr_twin(word, zipf) is not None
