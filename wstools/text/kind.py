"""What kind of text this is: a law code (or the OCR of one), or something else.

Rules that guess — a letter's case, a word from the corpus's word list, a mark that may be
a speck, site chrome — are only as good as the corpus they learn from, and the corpus is
of law codes. On other text (an encyclopaedia article, a novel) they do harm, so they run
only where the text shows it is a law code. The evidence is the text's own: a sequence of
law numbers, dense enough to be a code's (a numbered list in an article has a few, far
apart). The repairer adds the share of the text the corpus's printings witness
(:mod:`wstools.repair.repair`). The decision is made once per document.

>>> law_code("1. A player may cut.\\n\\n2. The dealer deals.\\n\\n3. Each takes nine cards.")
LawEvidence(law=True, numbers=3, words=14, witnessed=0.0)
>>> law_code("4.--The ace is low.\\n5.--All cut.\\n6.--Should a player expose a card.").law
True
>>> law_code("In 1498 Vasco da Gama rounded the Cape. This is the route.")
LawEvidence(law=False, numbers=0, words=12, witnessed=0.0)
"""

from __future__ import annotations

from typing import NamedTuple

MIN_NUMBERS = 2  # law numbers in sequence, at the least
WORDS_PER_NUMBER = 400  # and at least one for every this many words (a law is shorter)
WITNESSED_SHARE = 0.5  # or at least this share of the words witnessed by the corpus


class LawEvidence(NamedTuple):
    """Whether the text is a law code, and the evidence: how many law numbers were found
    in sequence, over how many words, and the share of words the corpus witnesses."""

    law: bool
    numbers: int
    words: int
    witnessed: float

    def describe(self) -> str:
        verdict = "a law code" if self.law else "not a law code"
        return (f"{verdict}: {self.numbers} law numbers in sequence over {self.words} words, "
                f"{self.witnessed:.0%} of the words witnessed by the corpus")


def judge(numbers: int, words: int, witnessed: float = 0.0) -> LawEvidence:
    """The verdict from the counts (see the module doc)."""
    law = witnessed >= WITNESSED_SHARE or (
        numbers >= MIN_NUMBERS and numbers * WORDS_PER_NUMBER >= words)
    return LawEvidence(law, numbers, words, round(witnessed, 3))


def law_code(text: str) -> LawEvidence:
    """Whether ``text`` is a law code by its law numbers alone (no corpus needed)."""
    from ..laws.numbering import find_law_starts
    # (read before the cleanup: a web reprint's typed dash, "4.--The", is a law's dash)
    return judge(len(find_law_starts(text.replace("--", "—"))), len(text.split()))
