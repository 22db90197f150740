"""Calibrated decisions: whether to take a witness's reading of an aligned unit.

Every unit where the OCR differs from a witness (:mod:`.align`) gives *candidates*: the
edits :mod:`.choose`'s rules would make (``rule`` = 1), or else the witness's reading of
the unit as it stands, where hard limits allow it (:func:`raw_candidate`: never a number,
never a variant reading — words against other words —, never across a paragraph, never
the end of a word hyphenated at the page foot). A logistic regression over evidence the
repair already has (:func:`features`: how much of the segment the window reads alike, its
rank, the kind of change, the confusion cost, whether the OCR's and the witness's tokens
are words, whether the words on either side agree, which marks change) gives each
candidate a probability of being right; it is taken when that probability is at least the
model's threshold.

Why logistic regression: a dozen features, a few thousand labelled candidates (the dev
split of the page benchmark), and the need for a probability that means what it says
(calibrated: the threshold is chosen for precision ≥ 99 % on dev) and for a model a
reviewer can read — one weight per named feature, applied here with ``math.exp``, no
library at run time. Trees would fit the thresholds in the features a little better but
calibrate worse on so little data and could not be read off a JSON file.

The weights are learned by ``scripts/train-repair-model.py`` and shipped in
``wstools/data/repair-model.json``; without that file the rules alone decide.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from rapidfuzz.distance import Levenshtein

from ..edits import Edit
from ..text.english import zipf as english_zipf
from .align import Unit
from .choose import (
    CLAUSE_WORDS,
    NO_PAUSE,
    after_law_number_mark,
    broken_after,
    broken_before,
    cut_at_edge,
    inflection,
    keeps_dashes,
    label_at_paragraph,
    law_number_place,
    lost_word,
)
from .confusion import cost

MODEL_FILE = Path(__file__).resolve().parents[1] / "data" / "repair-model.json"

_LETTERS = re.compile(r"[^\W\d_]+")
_DIGITS = re.compile(r"\d+")
_MARKS = ".,;:'\"!?()[]{}_-=|~^`*«»‘’“”"

_OPENS_PART = re.compile(r"\s*(?:\d|\(|Sec(?:tion)?\b|SEC(?:TION)?\b|Art\b|Law\b)")
_BROKEN_WORD = re.compile(r"[^\W\d_]+-[ \t]*\n\s*\n\s*[^\W\d_]+[.,;:]?")
_GLUED_WORDS = re.compile(r"[^\W\d_]+[.,;:_=‘’'][^\W\d_]+[.,;:]?")
# a run-in title and the law's first word ("Shuffling.—Before"): OCR loses the stop, the
# dash or both ("Shuffling Before", "Dealing —When")
_RUN_IN_TITLE = re.compile(r"[^\W\d_]+\.—[A-Z][^\W\d_]*")


_STRAIGHT = str.maketrans("‘’“”", "''\"\"")
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")
# a clause label other than a sequence's first: what follows a list's item
# (after specks, "|", or the list's last "and"/"or"; its bracket OCR may read as a brace)
_LATER_LABEL = re.compile(r"[\s|]*(?:(?:and|or)\s+)?"
                          r"\((?:[b-hj-z]|[ivx]{2,5}|v|x|[2-9]|\d{2}|[B-HJ-Z])[)}\]]")
# a clause label next ("include: (i) the"): where printings punctuate a list apart
_LABEL_NEXT = re.compile(r"\s*\((?:[a-z]{1,2}|[ivx]{1,5}|[A-Z]|\d{1,2})\)")
_ABBREVIATIONS = frozenset("viz etc ibid sect chap vols vol cf ch sec no pp ed art st mr mrs "
                           "dr jr sr co inc vs".split())

FEATURES = ("bias", "rule", "agreement", "rank", "kind_marks", "kind_spacing",
            "kind_case", "kind_letters", "cost", "cost_high", "ocr_nonword", "witness_words",
            "left_gap", "right_gap", "lost_chars", "extra_chars", "words", "stop_lower",
            "quote", "colon", "comma", "speck", "hyphen", "multi_unit", "near_variant",
            "dust", "after_function", "comma_only", "list_mark", "bracket", "next_digit",
            "real_word", "next_label")
FUNCTION_WORDS = frozenset("the a an of to in on at by for from with and or nor as is are be "
                           "was were been shall may must will not any such this that its their "
                           "his her under into upon".split())
_DUST = set(".:;'’‘`_,·")
_SPECKS = set(".,;:'’‘`_·-=|~^\"“”«»")


class Candidate(NamedTuple):
    edit: Edit
    features: tuple[float, ...]


def _bare_letters(text: str) -> str:
    return " ".join(_LETTERS.findall(text))


def kind(o: str, w: str) -> str:
    """What the change is: ``marks`` (the letters agree), ``case``, ``spacing`` (the
    letters agree but for spaces) or ``letters``."""
    lo, lw = _bare_letters(o), _bare_letters(w)
    if lo == lw:
        return "marks"
    if lo.lower() == lw.lower():
        return "case"
    if lo.replace(" ", "").lower() == lw.replace(" ", "").lower():
        return "spacing"
    return "letters"


_QUOTE_MARKS = frozenset("'\"‘’“”")
_COLONS = frozenset(":;")
_ODD_MARKS = frozenset("_=|~^`*")
_STOPS = frozenset(",;:")
_BRACKETS = frozenset("()[]{}")


def features(edit: Edit, *, rule: bool, agreement: float, rank: int, left_gap: int,
             right_gap: int, is_word: Callable[[str], bool], text: str,
             units: int) -> tuple[float, ...]:
    """The evidence for one candidate edit, in the order of :data:`FEATURES`."""
    o, w = edit.old, edit.new
    k = kind(o, w)
    lo, lw = _bare_letters(o), _bare_letters(w)
    c = min(3.0, cost(lo, lw, 3.0)) / max(1, len(lw)) if k in ("letters", "spacing") else 0.0
    o_words = _LETTERS.findall(o)
    w_words = _LETTERS.findall(w)
    nonword = any(not is_word(x) for x in o_words)
    w_ok = all(is_word(x) for x in w_words) if w_words else True
    ops = Levenshtein.editops(o, w)
    lost = sum(1 for op in ops if op.tag == "insert")
    extra = sum(1 for op in ops if op.tag == "delete")
    changed = {o[op.src_pos] for op in ops if op.tag != "insert"} | \
        {w[op.dest_pos] for op in ops if op.tag != "delete"}
    after = text[edit.end:edit.end + 3].lstrip()
    stop_lower = float("." in changed and after[:1].islower())
    variant = float(bool(o_words) and not nonword and k == "letters")
    removed = {o[op.src_pos] for op in ops if op.tag == "delete"}
    only_removes = bool(ops) and all(op.tag == "delete" for op in ops)
    dust = float(k == "marks" and only_removes and removed <= _DUST and after[:1].islower())
    before = o_words[-1].lower() if o_words else ""
    after_function = float(k == "marks" and only_removes and before in FUNCTION_WORDS)
    return (1.0, float(rule), agreement, float(rank), float(k == "marks"),
            float(k == "spacing"), float(k == "case"), float(k == "letters"), c,
            float(c > 0.6), float(nonword), float(w_ok), float(min(left_gap, 3)),
            float(min(right_gap, 3)), float(min(lost, 4)), float(min(extra, 4)),
            float(min(len(o.split()), 4)), stop_lower,
            float(bool(changed & _QUOTE_MARKS)), float(bool(changed & _COLONS)),
            float("," in changed), float(bool(changed & _ODD_MARKS)),
            float("-" in changed), float(min(units, 4)), variant, dust, after_function,
            float(changed == {","}), float(changed <= _STOPS and len(changed) > 1),
            float(bool(changed & _BRACKETS)), float(after[:1].isdigit()),
            float(k == "letters" and bool(o_words) and not nonword),
            float(_LABEL_NEXT.match(text, edit.end) is not None))


class Model(NamedTuple):
    weights: tuple[float, ...]
    threshold: float
    names: tuple[str, ...]

    def probability(self, x: tuple[float, ...]) -> float:
        z = sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


@lru_cache(maxsize=2)
def load_model(path: Path = MODEL_FILE) -> Model | None:
    """The shipped model, or None if there is none (or it was made for other features)."""
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if tuple(d.get("features", ())) != FEATURES:
        return None
    return Model(tuple(d["weights"]), float(d["threshold"]), FEATURES)


def allowed(edit: Edit, text: str) -> bool:
    """The hard limits on any witness edit: not the end of a word the page foot
    hyphenates (its end is on the next page), nor the start of the page where it is the
    end of a word broken on the page before; nor wiki markup."""
    o, w = edit.old, edit.new
    if w.count("''") < o.count("''"):
        return False  # wiki markup of the page (witnesses are read without it)
    if o.rstrip().endswith("-") and not text[edit.end:].strip() and (
            not w.rstrip().endswith("-") or _bare_letters(o) != _bare_letters(w)):
        return False
    if not text[:edit.start].strip() and _bare_letters(o) != _bare_letters(w) and \
            o[:1].islower():
        return False
    return True


def raw_candidate(unit: Unit, text: str, is_word: Callable[[str], bool],
                  in_corpus: Callable[[str], bool] | None = None) -> Edit | None:
    """The witness's reading of ``unit`` as an edit, where the hard limits allow it. An
    OCR word of the language the corpus never uses (``in_corpus``) may be a misreading
    (``chen`` for ``them``); one the corpus uses is a reading."""
    o, w = unit.ocr, unit.witness
    # an item of a list that OCR ended with a colon or without its mark, before the list's
    # next label: the semicolon the witness has ("Domestic Policy:⏎⏎(xxii)")
    item_end = w.rstrip().endswith(";") and (
        o.rstrip().endswith(":") and o.rstrip()[:-1] == w.rstrip()[:-1] or
        o.rstrip()[-1:].isalpha() and o.rstrip() == w.rstrip()[:-1]) and \
        _LATER_LABEL.match(text, unit.end) is not None
    if _DIGITS.findall(o) != _DIGITS.findall(w):
        return None  # numbers are the document's sequence's, never a witness's
    if re.search(r"\n\s*\n", o) and not _BROKEN_WORD.fullmatch(o):
        return None  # across a paragraph break (but a word a column break cuts, "Dire-")
    o_words, w_words = _LETTERS.findall(o), _LETTERS.findall(w)
    if not allowed(Edit(unit.start, unit.end, o, w, ""), text):
        return None
    if abs(len(o_words) - len(w_words)) > 1:
        return None  # a phrase against another: the alignment went astray
    if kind(o, w) == "letters":
        letters = _bare_letters(w)
        if cost(_bare_letters(o), letters, 9.0) > 0.3 * len(letters) + 0.6:
            return None  # nothing like an OCR misreading
        if lost_word(_bare_letters(o), letters):
            return None  # a word of the OCR the alignment left out of the witness's reading
    if any(o.count(a) + o.count(b) != w.count(a) + w.count(b) for a, b in ("()", "[]")):
        return None  # brackets are the text's structure (a clause label, a citation)
    if not w:
        if o_words or len(o.strip()) > 3 or not set(o.strip()) <= _SPECKS:
            return None  # words the witness lacks: the printing's; "©", "@": a label
        line_start = text.rfind("\n", 0, unit.start) + 1
        if not text[line_start:unit.start].strip() and law_number_place(text, unit.end):
            return None  # where a law's number stands: what is left of it
        start = unit.start
        while start > 0 and text[start - 1] in " \t":
            start -= 1
        return Edit(start, unit.end, text[start:unit.end], "", "witness-model", 0.0)
    if o_words and w_words and kind(o, w) == "letters":
        if len(o_words) == len(w_words):
            for a, b in zip(o_words, w_words, strict=True):
                if a.lower() != b.lower() and is_word(a) and (
                        in_corpus is None or in_corpus(a) or len(a) != len(b)
                        or a[:1].isupper() != b[:1].isupper()
                        or a[:-1].lower() == b[:-1].lower() and
                        {a[-1].lower(), b[-1].lower()} <= set("sdr")):
                    # a word of the corpus against another, a letter more or less
                    # ("faces"/"face"), an ending for another ("names"/"named"), a capital
                    # against none: a variant reading, a name, or what is left of a number
                    return None
                if a.lower() != b.lower() and inflection(a.lower(), b.lower()) and \
                        english_zipf(a.lower()) >= 2.0:
                    return None  # a word English writes, the witness's but for its ending
        elif all(is_word(x) for x in o_words):
            return None  # words against other words: a variant reading
    if (re.search(r"[^\W\d_]-[^\W\d_]", o) is None) != \
            (re.search(r"[^\W\d_]-[^\W\d_]", w) is None) and \
            _bare_letters(o).replace(" ", "").lower() == _bare_letters(w).replace(" ", "").lower():
        return None  # a compound one printing hyphenates ("outgoers"/"out-goers")
    if re.search(r"[^\W\d_]-[^\W\d_]", o) is None and \
            re.search(r"[^\W\d_]-[^\W\d_]", w) is not None:
        return None
    if not w_words and o_words:
        return None
    glued = _GLUED_WORDS.fullmatch(o) is not None and len(w.split()) == 2 or (
        _RUN_IN_TITLE.fullmatch(w) is not None and
        _bare_letters(o) == _bare_letters(w.replace(".—", " ")))
    if o.replace(" ", "") == w.replace(" ", "") or (
            kind(o, w) == "marks" and len(o.split()) != len(w.split()) and not glued):
        # spacing ("i. e." / "i.e."): the rules' to judge, or a printing's; but two words
        # a speck glues ("in.counters") are the witness's to part
        return None
    no_pause = o_words[-1].lower() in NO_PAUSE if o_words else False
    if o.rstrip().endswith(".") and not w.rstrip().endswith(".") and (
            _OPENS_PART.match(text, unit.end)
            or not (no_pause or text[unit.end:unit.end + 3].lstrip()[:1].isalpha())):
        return None  # a full stop at the end, or before a section, law or clause
    if w.rstrip().endswith(".") and not o.rstrip().endswith(".") and \
            text[unit.end:unit.end + 3].lstrip()[:1].islower():
        return None  # no full stop comes before a word in lower case
    if kind(o, w) == "marks":
        o_marks = [c for c in o if c in ".,;:—–"]
        w_marks = [c for c in w if c in ".,;:—–"]
        if o_marks and w_marks and o_marks != w_marks and len(o_marks) == len(w_marks) \
                and not item_end:
            return None  # one stop for another ("back:" / "back;"): how printings differ
    if kind(o, w) == "case":
        return None  # case is the rules' to judge (a heading's, a sentence's start)
    if kind(o, w) == "marks" and o.rstrip(_MARKS) == w.rstrip(_MARKS):
        after = _NEXT_WORD.match(text, unit.end)
        # (but a full stop after a word of four letters or more before a word in lower case
        # is printed by no printing: dust, "enter. a table", "await. the decision", unless
        # it ends an abbreviation; after a short word it is as often a misread comma, where
        # printings punctuate apart: "to win. the trick")
        stop_dust = o[len(w):] == "." and after is not None and \
            after.group(1)[:1].islower() and bool(o_words) and len(o_words[-1]) > 3 and \
            o_words[-1].lower() not in _ABBREVIATIONS
        if after and after.group(1).lower() in CLAUSE_WORDS and not no_pause and \
                not stop_dust and not item_end:
            return None  # the mark before "and", "or": where printings punctuate apart
    if o_words and o.isupper() and not w.isupper():
        w = w.upper()  # a heading in capitals
    if "\n" in o:
        gaps = re.findall(r"\s+", o)
        parts = w.split(" ")
        if len(parts) == len(gaps) + 1:
            w = parts[0] + "".join(g + p for g, p in zip(gaps, parts[1:], strict=True))
    if unit.words > 1 and any(w.count(m) > o.count(m) for m in "()[]\"“”"):
        return None
    if kind(o, w) == "marks" and not item_end and (
            sorted(o) == sorted(w) or _LABEL_NEXT.match(text, unit.end) is not None):
        return None  # marks in another order ('government,”'), or before a clause label
    if o.translate(_STRAIGHT) == w.translate(_STRAIGHT):
        return None  # curly quotes for straight ones: a printing's style, not OCR's error
    if o[:1] in "=-—_~" and w[:1] != o[:1] and after_law_number_mark(text, unit.start):
        return None  # "1s. =A": what is left of the law number's dash
    if w.rstrip().endswith(("—", "–")) and not o.rstrip().endswith(("—", "–")) and \
            not text[unit.end:unit.end + 3].lstrip()[:1].isupper():
        return None  # a dash the witness prints before a clause ("cards:—", "revoke—")
    if not keeps_dashes(o, w):
        return None  # a dash the witness has not: "divided—ie." / "divided, i.e."
    if "--" in w and "--" not in o:
        return None  # a plain-text copy's em dash ("--")
    if w[:1] in "“\"" and o[:1] not in "“\"'‘`" and w[1:] == o[len(o) - len(w) + 1:] or \
            w[:1] in "“\"" and o[:1].isalnum():
        return None  # a quotation mark opening a word: another document quoting it
    if w == o or cut_at_edge(text, unit, o, w) or broken_before(text, unit, o, w) or \
            broken_after(text, unit, o, w):
        return None  # (or the witness's reading cut by the page's end: "forma" / "form")
    first = o.split()[:1]
    if first and label_at_paragraph(text, unit.start, first[0]) and first != w.split()[:1]:
        return None  # a clause's label ("IL. If"), the witness's a word ("If")
    return Edit(unit.start, unit.end, o, w, "witness-model", 0.0)
