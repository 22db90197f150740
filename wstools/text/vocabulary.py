"""Word lists that cleanup decisions rest on, built from texts (normally the corpus).

>>> v = Vocabulary.from_texts(["A left-hand adversary; the adversary re-deals."])
>>> v.is_word("Adversary"), v.is_word("adversar"), v.is_compound("left", "hand")
(True, False, True)
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

WORD = regex.compile(r"\p{L}+(?:['’]\p{L}+)*")
COMPOUND = regex.compile(r"\p{L}+(?:-\p{L}+)+")

# The commonest English words, so that with no corpus at all a join such as
# "during- the" is still recognised as two words and left alone.
COMMON_WORDS = frozenset("""
a about after again against all also an and any are as at be been before being both but by
can could did do does each either for from had has have he her him his how i if in into is it
its may me more most must my no nor not of on once one only or other our out over own same
she should so some such than that the their them then there these they this those through to
too under until up upon very was we were what when where which while who whom why will with
would you your during card cards trick tricks player players hand hands deal dealer game
""".split())


@dataclass
class Vocabulary:
    """Word and hyphenated-compound frequencies (lower case)."""

    words: Counter = field(default_factory=Counter)
    compounds: Counter = field(default_factory=Counter)
    _plain: dict[str, set[str]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> Vocabulary:
        v = cls()
        for text in texts:
            v.add(text)
        return v

    def add(self, text: str) -> None:
        for m in COMPOUND.finditer(text):
            self.compounds[m.group(0).lower()] += 1
        self.words.update(w.lower().replace("’", "'") for w in WORD.findall(text))

    def is_word(self, word: str) -> bool:
        w = word.lower()
        return w in self.words or w in COMMON_WORDS

    def is_compound(self, left: str, right: str) -> bool:
        return f"{left}-{right}".lower() in self.compounds

    def count(self, word: str) -> int:
        return self.words.get(word.lower(), 0)

    def accented(self, word: str) -> str | None:
        """The one accented word of the vocabulary that ``word`` is without its accents
        (``BEZIQUE`` → ``BÉZIQUE``, case kept), when ``word`` is not a word itself.

        >>> Vocabulary.from_texts(["Rubicon Bézique"]).accented("BEZIQUE")
        'BÉZIQUE'
        >>> Vocabulary.from_texts(["Rubicon Bézique"]).accented("Rubicon") is None
        True
        """
        if self.is_word(word):
            return None
        if getattr(self, "_plain", None) is None:
            plain: dict[str, set[str]] = {}
            for w in self.words:
                bare = _unaccented(w)
                if bare != w:
                    plain.setdefault(bare, set()).add(w)
            self._plain = plain
        found = (self._plain or {}).get(word.lower(), set())
        if len(found) != 1:
            return None
        (accented,) = found
        if len(accented) != len(word):
            return None
        return "".join(a.upper() if c.isupper() else a for c, a in zip(word, accented,
                                                                         strict=True))

    def __len__(self) -> int:
        return len(self.words)


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(c))


EMPTY = Vocabulary()
