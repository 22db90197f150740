"""What no witness may overwrite: the last check before a witness's reading is taken.

The rules (:mod:`.choose`) and the model (:mod:`.model`) judge whether the OCR misread
what the witness prints. Some differences are never a misreading, whatever the evidence
for one looks like:

* **a spelling of the print**: ``shew``, ``despatch``, ``looser`` against another
  printing's ``show``, ``dispatch``, ``loser``. Words of English, if rarer than the
  modern forms: the printing's own spelling, which a witness of another printing does
  not correct (:func:`spelling_variant`);
* **a witness's own misprint**: a witness that is no word of English (``wbite``,
  ``adjnsted``: corpora made from other OCR'd printings hold such typos) never replaces
  a word of the OCR (:func:`witness_misprint`);
* **a common word for another word on the model's probability alone** (``cut`` against
  a witness's ``out``): taken only where the corpus's own context calls for the
  witness's word around the slot and never has the OCR's there (:func:`slot_calls_for`).

The long s is the print's too: the text is compared with ``ſ`` read as ``s``
(:func:`read_long_s`), and an edit gives back every ``ſ`` the OCR has
(:func:`keep_long_s`), so that no witness modernises it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from rapidfuzz.distance import Levenshtein

from ..edits import Edit
from ..text.english import archaic, zipf
from .choose import COMMON_ZIPF
from .choose import bare as bare_word
from .confusion import cost

_WORDS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['’]s$|s['’]$")
_LONG_S = "ſ"

RARE_ZIPF = 1.0  # under this (wordfreq's Zipf scale) a form is no word of English
# a spelling variant is near as common as the other form: the misreadings web text holds
# of a common word ("thot", "wil") are thousands of times rarer than the word
VARIANT_GAP = 2.5
# the corpus's count of the witness word's two bigrams around the slot, together: more
# than the witness's own passage gives (one each)
SLOT_SUPPORT = 3
SLOT_COST = 1.0  # one confusion of a letter, at most
# endings printings spell apart (British and American, older and newer): colour/color,
# centre/center, realise/realize, defence/defense, judgement/judgment
_ENDINGS = (("our", "or"), ("re", "er"), ("ise", "ize"), ("ised", "ized"), ("ising", "izing"),
            ("isation", "ization"), ("ence", "ense"), ("ement", "ment"))


def english(word: str) -> float:
    """The Zipf frequency of ``word`` in English: of its letters without accents, or of
    its stem if a possessive (``versâ`` as ``versa``, ``player’s`` as ``player``)."""
    bare = bare_word(word)
    stem = _POSSESSIVE.sub("", bare)
    return max(zipf(bare), zipf(stem) if stem != bare else 0.0)


def _doubled(a: str, b: str) -> bool:
    """Whether ``a`` is ``b`` with one letter doubled or a double letter single
    (``looser``/``loser``, ``traveller``/``traveler``), case and all."""
    if abs(len(a) - len(b)) != 1:
        return False
    long, short = (a, b) if len(a) > len(b) else (b, a)
    for i in range(1, len(long)):
        if long[i] == long[i - 1] and long[:i] + long[i + 1:] == short:
            return True
    return False


def _ending(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ only in an ending printings spell apart, after a
    stem of three letters or more (``colour``/``color``; not ``four``/``for``).

    >>> _ending("colours", "colors"), _ending("four", "for"), _ending("here", "heer")
    (True, False, False)
    """
    a, b = a.lower(), b.lower()
    for x, y in _ENDINGS:
        for p, q in ((x, y), (y, x)):
            # (and before an ending of its own: "colours"/"colors", "centred"/"centered")
            for tail in ("", "s", "ed", "d", "ing"):
                stem = len(a) - len(p + tail)
                if stem >= 3 and a.endswith(p + tail) and b.endswith(q + tail) and \
                        a[:stem] == b[:len(b) - len(q + tail)]:
                    return True
    return False


def spelling_variant(ocr: str, reading: str) -> bool:
    """Whether the OCR's word ``ocr`` is a spelling of the witness's word ``reading``
    another printing uses: a period spelling (``shew``, ``despatch``:
    :func:`~wstools.text.english.archaic`), or a word of English near as common as the
    witness's that differs from it by a letter doubled (``looser``/``loser``) or by an
    ending printings spell apart (``colour``/``color``).

    >>> spelling_variant("shew", "show"), spelling_variant("despatch", "dispatch")
    (True, True)
    >>> spelling_variant("looser", "loser"), spelling_variant("colour", "color")
    (True, True)
    >>> spelling_variant("iin", "in"), spelling_variant("crick", "trick")
    (False, False)
    >>> spelling_variant("four", "for"), spelling_variant("here", "heer")
    (False, False)
    """
    if ocr.lower() == reading.lower():
        return False
    if archaic(ocr) and not archaic(reading):
        return True
    if not (_doubled(ocr, reading) or _ending(ocr, reading)):
        return False
    z = english(ocr)
    return z >= RARE_ZIPF and english(reading) - z < VARIANT_GAP


def witness_misprint(ocr: str, reading: str, is_word: Callable[[str], bool]) -> bool:
    """Whether the witness's ``reading`` is no word of English while the OCR's ``ocr`` is a
    word: the witness's own misprint (``wbite`` for ``white``), never the text's.

    >>> witness_misprint("white", "wbite", lambda w: w == "white")
    True
    >>> witness_misprint("versa", "versâ", lambda w: True)
    False
    """
    return ocr.lower() != reading.lower() and is_word(ocr) and \
        english(reading) < RARE_ZIPF and not archaic(reading)


def slot_calls_for(bigrams: Mapping[tuple[str, str], int], prev: str, ocr: str,
                   reading: str, nxt: str, price: float) -> bool:
    """Whether the corpus's context calls for the witness's ``reading`` and never for the
    OCR's ``ocr`` between ``prev`` and ``nxt`` (lower case), one cheap confusion apart
    (``price``): the witness word's two bigrams at least ``SLOT_SUPPORT`` times together
    and each once (more than the witness's own passage), the OCR word's none.

    >>> slot_calls_for({("lead", "out"): 14, ("out", "of"): 33}, "lead", "our", "out", "of",
    ...                0.4)
    True
    >>> slot_calls_for({("be", "out"): 1, ("out", "before"): 1}, "be", "cut", "out",
    ...                "before", 1.0)
    False
    """
    a, b = ocr.lower(), reading.lower()
    if price > SLOT_COST or not (prev and nxt):
        return False
    if bigrams.get((prev, a), 0) or bigrams.get((a, nxt), 0):
        return False
    before, after = bigrams.get((prev, b), 0), bigrams.get((b, nxt), 0)
    return before > 0 and after > 0 and before + after >= SLOT_SUPPORT


def word_pairs(old: str, new: str) -> list[tuple[str, str]]:
    """The OCR's words against the witness's, one by one, where they differ (none when
    they have not as many words: the rules' and the model's to judge)."""
    o, w = _WORDS.findall(old), _WORDS.findall(new)
    if len(o) != len(w):
        return []
    return [(a, b) for a, b in zip(o, w, strict=True) if a.lower() != b.lower()]


def overwrites(edit: Edit, is_word: Callable[[str], bool]) -> str | None:
    """Why ``edit``, a witness's reading, would overwrite a word the print has right
    (a spelling of the print, or a word with the witness's misprint), or None."""
    for a, b in word_pairs(edit.old, edit.new):
        if spelling_variant(a, b):
            return f"'{a}' is a spelling of '{b}' a printing uses"
        if witness_misprint(a, b, is_word):
            return f"the witness's '{b}' is no word, '{a}' is"
    return None


def common_word_by_model(edit: Edit, is_word: Callable[[str], bool],
                         bigrams: Mapping[tuple[str, str], int], prev: str, nxt: str) -> bool:
    """Whether the model's ``edit`` replaces a common word of English (``cut``) by another
    word (``out``) where the corpus's context does not call for the witness's
    (:func:`slot_calls_for`, between the words around it: ``prev`` and ``nxt`` around the
    edit, lower case): a reading of the printing, not a misreading.

    >>> e = Edit(3, 6, "cut", "out", "witness-model")
    >>> common_word_by_model(e, lambda w: True, {("be", "out"): 1, ("out", "before"): 1},
    ...                      "be", "before")
    True
    """
    o, w = _WORDS.findall(edit.old), _WORDS.findall(edit.new)
    if len(o) != len(w):
        return False
    around = [prev, *(x.lower() for x in o), nxt]
    return any(a.lower() != b.lower() and zipf(a.lower()) >= COMMON_ZIPF and is_word(b) and
               not slot_calls_for(bigrams, around[k], a, b, around[k + 2], cost(a.lower(),
                                                                              b.lower()))
               for k, (a, b) in enumerate(zip(o, w, strict=True)))


def read_long_s(text: str) -> str:
    """``text`` with the long s read as s (as long, character for character), to be
    compared with witnesses that print the round s.

    >>> read_long_s("deſired")
    'desired'
    """
    return text.replace(_LONG_S, "s")


def keep_long_s(edits: list[Edit], printed: str) -> list[Edit]:
    """``edits`` (made on :func:`read_long_s` of ``printed``, same coordinates) with every
    long s of ``printed`` given back: in the span an edit replaces (``old``), and in its
    new text where the letter is kept (``ſhcw`` → ``ſhow``); an edit that changed
    nothing but the long s is dropped.

    >>> e = Edit(0, 4, "shcw", "show", "witness")
    >>> [(x.old, x.new) for x in keep_long_s([e], "ſhcw")]
    [('ſhcw', 'ſhow')]
    >>> keep_long_s([Edit(0, 4, "shew", "shew.", "witness")], "ſhew")[0].new
    'ſhew.'
    >>> keep_long_s([Edit(0, 7, "desired", "desired", "witness")], "deſired")
    []
    """
    if _LONG_S not in printed:
        return edits
    out = []
    for e in edits:
        old = printed[e.start:e.end]
        if _LONG_S not in old:
            out.append(e)
            continue
        new = _restore(e.old, old, e.new)
        if new != old:
            out.append(replace(e, old=old, new=new))
    return out


def _restore(read: str, printed: str, new: str) -> str:
    """``new`` with the long s of ``printed`` where ``new`` keeps the letter ``read`` has
    there (``read`` is ``printed`` with ``ſ`` read as ``s``)."""
    chars = list(new)
    for op in Levenshtein.opcodes(read, new):
        if op.tag != "equal":
            continue
        for k in range(op.src_end - op.src_start):
            if printed[op.src_start + k] == _LONG_S:
                chars[op.dest_start + k] = _LONG_S
    return "".join(chars)


def cite(edit: Edit, label: str, passages: tuple[str, ...], text_of: Callable[[str], str],
         printing: str) -> Edit:
    """``edit`` with its evidence citing, of the window's ``passages`` (``label`` cites
    them all), only those that hold the witness's words (``text_of``: a passage's text);
    the ``printing`` alone where none does (the words are in a line the window took in
    beside them).

    >>> texts = {"p:135": "42. If any one lead", "p:147": "should he show a wrong card"}
    >>> e = Edit(0, 4, "sbow", "show", "witness", 0.9, "witness p:135, p:147: 'show'")
    >>> cite(e, "witness p:135, p:147", ("p:135", "p:147"), texts.get, "p").evidence
    "witness p:147: 'show'"
    """
    words = [w.lower() for w in _WORDS.findall(edit.new)]
    if not words or not edit.evidence.startswith(label):
        return edit
    held = [p for p in passages
            if set(words) <= {w.lower() for w in _WORDS.findall(text_of(p) or "")}]
    cited = f"witness {', '.join(held[:3]) if held else printing}"
    if cited == label:
        return edit
    return replace(edit, evidence=(cited + edit.evidence[len(label):])[:200])
