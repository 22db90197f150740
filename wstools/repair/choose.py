"""Choosing between the OCR and a witness, one aligned unit at a time.

A unit (:mod:`.align`) is one or more OCR words against the witness words aligned to
them. The witness's reading is taken only when the difference is one OCR makes and the
evidence says the OCR is wrong; a difference a printing could make is left alone:

* **letters**: the OCR has a token that is no word of the corpus or the language, or a
  word the corpus never uses where the witness has a common corpus word one cheap
  confusion away (``tour``/``four``, ``net``/``not``); a word the corpus uses is changed
  only when the corpus's context supports the witness and never the OCR;
* **spacing**: words run together or split (``mustcut``, ``rub ber``) — only where the OCR
  form is not a word itself (``cannot`` stays);
* **case**: a capital inside a sentence where the witness has lower case;
* **punctuation**: only a mark the OCR cannot have meant — a stack of marks, a comma or
  colon ending a paragraph, a full stop before a word in lower case, a colon where the
  witness has a full stop or semicolon. ``players.`` against ``players;`` is a reading.

Law numbers are never taken from a witness: a unit whose digits differ is left alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..corpus.index import CorpusIndex
from ..edits import Edit
from ..text.english import zipf
from .align import Unit
from .confusion import PLAIN, cost
from .twins import ocr_twin

_LETTERS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_DIGITS = re.compile(r"\d+")
_CHUNKS = re.compile(r"\S+")
_GLYPHS = re.compile(r"[^\W\d_][<>/!*|\\]|[<>/!*|\\][^\W\d_]")
_EDGE = re.compile(r"^([^\w]*)(.*?)([^\w]*)$", re.S)
# a word read as glyphs, and the ordinary marks around it ("(exclud/ng", "trick*,")
_AROUND_GLYPHS = re.compile(r"^([(\[\"'“‘]*)(.*?)([,.;:)\]\"'”’—-]*)$", re.S)


def _groups(pattern: re.Pattern[str], s: str) -> tuple[str, str, str]:
    """The three groups of an edge pattern, which matches any string."""
    m = pattern.match(s)
    assert m is not None
    return m.group(1), m.group(2), m.group(3)


def _edges(s: str) -> tuple[str, str, str]:
    """(leading marks, core, closing marks) of ``s``."""
    return _groups(_EDGE, s)
# words no mark may follow inside a sentence: a stop after them is a speck
NO_PAUSE = frozenset("the a an to of in on at by for from with into upon must shall may will "
                     "can is are was were be been their his her its if".split())
# words before which one printing has a comma and another none ("win, or not to win, the")
CLAUSE_WORDS = frozenset("and or nor but unless neither either if though although whether "
                         "which who when where while until as than the a an this that these "
                         "those his their its".split())
# words a full stop may end as an abbreviation's ("Sec. the", "viz. the")
STOP_WORDS = frozenset("viz etc ibid sec sect art no nos vol vols ch chap cf vs mr mrs dr st "
                       "co inc seq pp ed".split())
MARK_LIKE = "sjei,;:"  # letters OCR reads for a mark at the end of a word ("draws", "higheste")
COMMON_ZIPF = 5.0  # a word this common in English is not taken for a misreading on cost alone


def bare(word: str) -> str:
    """``word`` in lower case without accents."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower())
                   if not unicodedata.combining(c))


@lru_cache(maxsize=100_000)
def _zipf(word: str) -> float:
    return zipf(word.lower())


@dataclass(frozen=True)
class Context:
    """What the judge needs besides the unit: the corpus, a word test, and the text."""

    index: CorpusIndex
    is_word: Callable[[str], bool]
    text: str
    witness: str  # evidence label: which printing and passages
    # rival(word, reading, price, prev, nxt): the likeliest corpus word for the non-word
    # (confusion cost, then frequency) if it is another than ``reading``, costs at most
    # ``price`` and could be found between ``prev`` and ``nxt`` as often as ``reading``
    rival: Callable[[str, str, float, str, str], str | None] | None = None
    units: tuple[Unit, ...] = ()  # every unit of the window that differs from the OCR

    @cached_property
    def printing_differs(self) -> bool:
        """Whether the window reads the segment as another printing (:func:`reads_otherwise`),
        so that marks OCR could have misread may be the printing's own."""
        return reads_otherwise(self.units, self.is_word)


def reads_otherwise(units: tuple[Unit, ...], is_word: Callable[[str], bool]) -> bool:
    """Whether any of a window's ``units`` is a difference no OCR error makes, but a
    printing does: words of the language against other words no plausible misreading
    apart (``mistake``/``error``), a comma after a word the OCR reads clean (``one``/
    ``one,``), or a dash one side has and the other not (``called, or``/``called—or``;
    but a dash alone the witness has nothing for is the unit judged, not evidence).

    >>> reads_otherwise((Unit(0, 7, "mistake", "error", 1),), lambda w: True)
    True
    >>> reads_otherwise((Unit(0, 3, "che", "the", 1),), lambda w: True)
    False
    """
    for u in units:
        o_words, w_words = _LETTERS.findall(u.ocr), _LETTERS.findall(u.witness)
        o_letters, w_letters = " ".join(o_words).lower(), " ".join(w_words).lower()
        if u.witness and ("—" in u.ocr) != ("—" in u.witness) or \
                (u.witness == u.ocr + "," and u.ocr.isalpha()):
            return True
        if not o_words or not w_words or o_letters == w_letters or \
                not all(map(is_word, o_words + w_words)):
            continue
        limit = _PLAUSIBLE * len(w_letters) + _PLAUSIBLE_BASE
        if cost(o_letters, w_letters, limit) > limit:
            return True
    return False


# a confusion cost OCR could plausibly produce over n letters: 0.3 n + 0.6
_PLAUSIBLE, _PLAUSIBLE_BASE = 0.3, 0.6


def choose_all(unit: Unit, ctx: Context) -> list[Edit]:
    """The edits for ``unit``: word by word when the OCR and the witness have as many
    words (each is judged on its own: ``only, exgept`` against ``only (except``), else
    the unit as a whole."""
    o_parts = list(_CHUNKS.finditer(unit.ocr))
    w_parts = unit.witness.split()
    if len(o_parts) > 1 and len(o_parts) == len(w_parts) and not respaced(unit.ocr, unit.witness):
        out = []
        for m, w in zip(o_parts, w_parts, strict=True):
            if m.group(0) == w:
                continue
            part = _after_law_number(
                Unit(unit.start + m.start(), unit.start + m.end(), m.group(0), w, 1))
            edit = choose(part, ctx)
            if edit is not None:
                out.append(edit)
        return out
    edit = choose(_after_law_number(unit) if unit.words == 1 else unit, ctx)
    return [edit] if edit is not None else []


def respaced(ocr: str, witness: str) -> bool:
    """Whether the OCR's words are the witness's letters spaced otherwise, so that its
    words do not pair with the witness's one by one (``pre: sented.and`` against
    ``presented and``: two words each, but ``pre:`` is no reading of ``presented``).

    >>> respaced("pre: sented.and", "presented and"), respaced("only, exgept", "only (except")
    (True, False)
    >>> respaced("the cards", "the cards.")
    False
    """
    o_words, w_words = ocr.split(), witness.split()
    if "".join(_LETTERS.findall(ocr)).lower() != "".join(_LETTERS.findall(witness)).lower():
        return False
    return any("".join(_LETTERS.findall(a)).lower() != "".join(_LETTERS.findall(b)).lower()
               for a, b in zip(o_words, w_words, strict=False))


def cut_at_edge(text: str, unit: Unit, o: str, w: str) -> bool:
    """Whether the witness's reading ``w`` of ``o`` was cut by the end (or start) of the
    text: the OCR's last word is the witness's and more letters (``forma`` against ``form``,
    the witness going on ``form a scoring``), which the alignment could not place past the
    page's end.

    >>> cut_at_edge("he might forma\\n", Unit(9, 14, "forma", "form", 1), "forma", "form")
    True
    >>> cut_at_edge("he might forma\\n", Unit(9, 14, "forma", "forms", 1), "forma", "forms")
    False
    """
    o, w = "".join(_LETTERS.findall(o)).lower(), "".join(_LETTERS.findall(w)).lower()
    if len(o) <= len(w) or not w:
        return False
    if not text[unit.end:].strip() and o.startswith(w):
        return True
    return not text[:unit.start].strip() and o.endswith(w)


def _after_law_number(unit: Unit) -> Unit:
    """The word after a law number and its dash (``2n—Fach`` against ``21.—Each``:
    ``Fach`` against ``Each``): the number is the sequence's to read, the word the
    witness's.

    >>> _after_law_number(Unit(10, 17, "2n—Fach", "21.—Each", 1))
    Unit(start=13, end=17, ocr='Fach', witness='Each', words=1)
    """
    w = _WITNESS_LAW.match(unit.witness)
    o = _OCR_LAW.match(unit.ocr)
    if w is None or o is None or not unit.ocr[o.end():] or unit.ocr[:o.end()] == w.group(0):
        return unit
    return Unit(unit.start + o.end(), unit.end, unit.ocr[o.end():],
                unit.witness[w.end():], 1)


_WITNESS_LAW = re.compile(r"\d+\.—")
_OCR_LAW = re.compile(r"[^\s—]{1,4}—")


def choose(unit: Unit, ctx: Context) -> Edit | None:
    """The edit that takes the witness's reading of ``unit``, or None to keep the OCR."""
    o, w = unit.ocr, unit.witness
    if not w or _DIGITS.findall(o) != _DIGITS.findall(w):
        return _speck(unit, ctx) if not w else None
    if "’" in o and "'" in w and "’" not in w:
        # the apostrophe in the OCR's style ("the.declarer’s" against "the declarer's"):
        # a plain-text copy's straight quote is no reading of its own
        w = w.replace("'", "’")
        unit = unit._replace(witness=w)
    o_words, w_words = _LETTERS.findall(o), _LETTERS.findall(w)
    if not w_words and o_words:
        return None
    o_words = _hyphen_in_word(o, o_words, w_words, ctx)
    if label_at_paragraph(ctx.text, unit.start, o):
        return None  # a clause's label ("Il. Cards…"), the witness's a word ("it."): a
        # printing that labels its clauses where the witness does not
    o_lead, o_core, o_tail = _edges(o)
    w_lead, w_core, w_tail = _edges(w)
    if cut_at_edge(ctx.text, unit, o, w) or broken_before(ctx.text, unit, o, w) or \
            broken_after(ctx.text, unit, o, w):
        return None
    if unit.words == 1 and len(w_words) == 1 and (_GLYPHS.search(o) or not o_words):
        # glyphs no word has, "!><", "l>y", "(/,": OCR read a word as marks
        # the glyphs stand for letters; the marks around them are the printing's
        g_lead, glyphs, g_tail = _groups(_AROUND_GLYPHS, o)
        c = cost(glyphs, w_core)
        if not glyphs or not w_core.isalpha() or c > 0.3 * len(w_core) + 0.3:
            return None
        return _edit(unit, g_lead + w_core + g_tail,
                     "witness", round(0.95 - 0.1 * c, 2),
                     f"{ctx.witness}: '{w_core}'; '{o}' is marks, not a word; OCR confusion "
                     f"cost {c}")
    o_letters, w_letters = " ".join(o_words), " ".join(w_words)
    nonwords = [x for x in o_words if not ctx.is_word(x)]
    vocab = ctx.index.vocabulary

    if o_letters.lower() == w_letters.lower():
        if o_letters != w_letters:
            return _case(unit, ctx, o_words, w_words)
        return _punctuation(unit, ctx)
    if o_letters.replace(" ", "").lower() == w_letters.replace(" ", "").lower():
        # spacing: run together or split
        joined = o_letters.replace(" ", "")
        if len(o_words) == 1 and ctx.is_word(joined) and not _run_together(joined, w_words,
                                                                            ctx):
            return None  # "cannot": a word as printed
        if len(o_words) < len(w_words) and re.search(r"[^\W\d_]-[^\W\d_]", w):
            return None  # "outgoers" / "out-goers": how a printing spells a compound
        if len(o_words) > 1 and not nonwords and len(w_words) == 1:
            return None  # two words against one: "any one" / "anyone" is a reading
        if not keeps_dashes(o_core, w_core):
            return None  # a mark the witness has not: "divided—ie." / "divided, i.e."
        new = _keep_edges(o, w, unit, ctx)
        return _edit(unit, new, "witness-spacing", 0.9,
                     f"{ctx.witness}: '{w_core}'; '{o_core}' runs words together or splits one")

    if not nonwords and (len(o_words) != 1 or len(w_words) != 1) and \
            not o_core.endswith(tuple(MARK_LIKE)):
        return None  # words against other words: a printing's reading
    if len(o_words) == 1 and len(w_words) == 1 and len(o_core) == len(w_core) + 1 \
            and o_core[-1] in MARK_LIKE and not o_tail and w_tail in (".", ",", ";", ":") \
            and (o_core[:-1].lower() == w_core.lower() or (
                not ctx.is_word(o_core) and cost(o_core[:-1], w_core, 0.6) <= 0.6)):
        return _edit(unit, o_lead + w_core + w_tail, "witness-punctuation", 0.8,
                     f"{ctx.witness}: '{w}'; the OCR read the mark as '{o_core[-1]}'")
    if re.search(r"[^\W\d_]-[^\W\d_]", w) and len(w_words) > len(o_words) and \
            not re.search(r"[^\W\d_]-[^\W\d_]", o):
        return None  # the witness hyphenates a compound the OCR prints solid
    if nonwords and lost_word(o_letters, w_letters):
        return None  # the alignment left a word of the OCR out of the witness's reading
    if nonwords:
        # a word the context asks for: the corpus has the witness's word after the word
        # before and before the word after, the OCR's on neither side — a likelier misreading
        # may be further from it
        strong = len(o_words) == len(w_words) == 1 and _expected(ctx, unit, o_words[0],
                                                                 w_words[0])
        per_letter = _PLAUSIBLE * (2 if strong else 1)
        limit = per_letter * len(w_letters) + _PLAUSIBLE_BASE
        c = cost(o_letters, w_letters, limit)
        if c > limit:
            return None
        if len(o_words) == len(w_words) and ctx.rival is not None:
            prev, nxt = _neighbours(ctx.text, unit.start, unit.end)
            for a, b in zip(o_words, w_words, strict=True):
                price = cost(a, b, limit)
                rival = ctx.rival(a, b, price, prev, nxt) if not ctx.is_word(a) else None
                twin = ocr_twin(a.lower(), _zipf) if not ctx.is_word(a) else None
                if twin is not None and twin != b.lower() and cost(a.lower(), twin) < price:
                    return None  # one OCR misreading of a far commoner word ("betore" is
                    # "before"): the witness's "after" is another printing's reading
                if rival is not None and (
                        support(ctx.index.bigrams, prev, rival, nxt) >=
                        support(ctx.index.bigrams, prev, b, nxt)
                        or cost(a, rival, limit) + 0.5 < price):
                    # another corpus word is a likelier reading, and the words around do
                    # not prefer the witness's; or it is far the likelier misreading (the
                    # witness a variant: "betore" is "before", not another printing's "after")
                    return None
        if len(o_words) == len(w_words):
            # word for word: a real word of the OCR must itself be a plausible misreading;
            # and a word English writes that is the witness's but for an ending ("omits",
            # "omit") is a printing's reading, no misreading
            for a, b in zip(o_words, w_words, strict=True):
                if a.lower() != b.lower() and ctx.is_word(a) and not _real_word_error(a, b, ctx):
                    return None
                if a.lower() != b.lower() and inflection(a.lower(), b.lower()) and \
                        _zipf(a.lower()) >= 2.0:
                    return None
        new = _keep_edges(o, w, unit, ctx)
        confidence = round(max(0.6, min(0.97, 0.97 - 0.15 * c / max(1, len(w_words)))), 2)
        return _edit(unit, new, "witness", confidence,
                     f"{ctx.witness}: '{w_core}'; {', '.join(repr(x) for x in nonwords)} "
                     f"no word of the corpus nor of common English; OCR confusion cost {c}")
    if len(o_words) != 1 or len(w_words) != 1:
        return None
    a, b = o_words[0], w_words[0]
    if _slot_calls_for(ctx, unit, a, b):
        prev, nxt = _neighbours(ctx.text, unit.start, unit.end)
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-context", 0.85,
                     f"{ctx.witness}: '{b}'; the corpus has '{prev} {b}' and '{b} {nxt}', "
                     f"never '{prev} {a}' nor '{a} {nxt}'; OCR confusion cost "
                     f"{cost(a.lower(), b.lower())}")
    if not _real_word_error(a, b, ctx, _expected(ctx, unit, a, b)):
        return None
    new = _keep_edges(o, w, unit, ctx)
    return _edit(unit, new, "witness-context", 0.85,
                 f"{ctx.witness}: '{b}'; the corpus has '{b}' {vocab.count(b)}× and "
                 f"{'never' if not vocab.count(a) else 'not in this context'} '{a}'; OCR "
                 f"confusion cost {cost(a, b)}")


_FRAGMENT = re.compile(r"([^\W\d_]+)-\s*$")


_LABEL_TOKEN = re.compile(r"(?:[IVXLl|1]{1,4}|\(?[a-z]{1,2}\)|[a-z])[.,]?")
_PARAGRAPH_START = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*\Z")


_INNER_HYPHEN = re.compile(r"[^\W\d_]+-[^\W\d_]+")


def _hyphen_in_word(o: str, o_words: list[str], w_words: list[str], ctx: Context
                    ) -> list[str]:
    """``o_words``, but a token's two parts one word where OCR read a letter as a hyphen
    inside it (``bet-ore`` for ``before``, ``shu-fled`` for ``shuffled``): the witness
    reads one word without a hyphen, begun and ended with the same letters, and the parts
    joined are no word (``to-day``, ``co-operate`` stay: a printing's compounds).
    """
    if len(o_words) != 2 or len(w_words) != 1 or not _INNER_HYPHEN.fullmatch(_edges(o)[1]):
        return o_words
    joined, word = "".join(o_words).lower(), w_words[0].lower()
    if joined[0] != word[0] or joined[-1] != word[-1] or ctx.is_word(joined):
        return o_words  # ("A-revoke" against "revoke": the article, aligned elsewhere)
    return ["".join(o_words)]


def label_at_paragraph(text: str, start: int, ocr: str) -> bool:
    """Whether ``ocr`` at ``start`` is a clause's label opening a paragraph, a roman
    numeral as OCR reads its strokes or a letter (``Il.``, ``(b)``, ``c.``): no witness
    word replaces it.

    >>> t = "to abandon it.\\n\\nIl. Cards exposed"
    >>> label_at_paragraph(t, t.index("Il."), "Il."), label_at_paragraph(t, 10, "it.")
    (True, False)
    """
    return _LABEL_TOKEN.fullmatch(ocr) is not None and \
        _PARAGRAPH_START.search(text, max(0, start - 20), start) is not None


def broken_after(text: str, unit: Unit, o: str, w: str) -> bool:
    """Whether ``o`` is the rest of a word the printer broke (``adve- rsaries``) whose
    first part, before it, makes the witness's word with it: the join is the hyphen
    rule's, not a reading of the rest alone (which would leave the first part twice).

    >>> t = "the declarer's-adve- rsaries, prior"
    >>> broken_after(t, Unit(21, 29, "rsaries,", "adversaries,", 1), "rsaries,", "adversaries,")
    True
    """
    head = _FRAGMENT.search(text, max(0, unit.start - 40), unit.start)
    if head is None:
        return False
    rest = "".join(_LETTERS.findall(o)).lower()
    word = "".join(_LETTERS.findall(w)).lower()
    return bool(rest) and word.endswith(rest) and word != rest and \
        word.startswith(head.group(1).lower())


def lost_word(ocr: str, witness: str) -> bool:
    """Whether the OCR's letters are the witness's and two or more letters before or after
    them that make a word (``IFany one`` against ``anyone``: the witness's ``If`` was
    aligned elsewhere); OCR's noise adds a letter or a mark, not a word.

    >>> lost_word("IFany one", "anyone"), lost_word("tthe", "the")
    (True, False)
    """
    o = "".join(ocr.split()).lower()
    w = "".join(witness.split()).lower()
    if not w or len(o) < len(w) + 2:
        return False
    extra = o[:-len(w)] if o.endswith(w) else o[len(w):] if o.startswith(w) else ""
    return len(extra) >= 2 and _zipf(extra) >= 3.0


def broken_before(text: str, unit: Unit, o: str, w: str) -> bool:
    """Whether ``o`` is the first part of a word the printer broke (``establi-``) whose rest
    follows (``shed``) and makes the witness's word: the join is the hyphen rule's, not a
    reading of the first part alone.

    >>> t = "can be establi- shed;"
    >>> broken_before(t, Unit(7, 15, "establi-", "established", 1), "establi-", "established")
    True
    """
    if not o.rstrip().endswith("-"):
        return False
    rest = _LETTERS.match(text, len(text) - len(text[unit.end:].lstrip()))
    if rest is None:
        return False
    head = "".join(_LETTERS.findall(o)).lower()
    word = "".join(_LETTERS.findall(w)).lower()
    if word == head:
        return False  # the witness reads the part as a word of its own: "an- executive"
    return word.startswith(head) and (head + rest.group().lower()).startswith(
        word[:len(head) + 1])


def inflection(a: str, b: str) -> bool:
    """Whether two words differ by an ending only (``omits``/``omit``, ``played``/``play``).

    >>> inflection("omits", "omit"), inflection("played", "play"), inflection("fact", "face")
    (True, True, False)
    """
    short, long_ = sorted((a, b), key=len)
    return long_.startswith(short) and long_[len(short):] in ("s", "es", "d", "ed", "ing")


def keeps_dashes(ocr: str, witness: str) -> bool:
    """Whether every dash of ``ocr`` is in ``witness``, in order: a dash is a printing's
    punctuation, never OCR noise, so no reading takes one away.

    >>> keeps_dashes("divided—ie.", "divided, i.e."), keeps_dashes("pro-.", "pro")
    (False, True)
    """
    return _in_order(_inner_marks(ocr), _inner_marks(witness))


def _inner_marks(core: str) -> str:
    """The dashes inside ``core``: a printing's punctuation, never OCR noise (hyphens and
    specks at a line break are)."""
    return "".join(c for c in core if c in "—–")


def _in_order(part: str, whole: str) -> bool:
    """Whether the characters of ``part`` occur in ``whole`` in their order.

    >>> _in_order("—", ", ."), _in_order(",", ", ."), _in_order("", "")
    (False, True, True)
    """
    rest = iter(whole)
    return all(c in rest for c in part)


def _neighbours(text: str, start: int, end: int) -> tuple[str, str]:
    """The words (lower case) just before ``start`` and just after ``end``."""
    before = _LETTERS.findall(text[max(0, start - 40):start])
    after = _LETTERS.findall(text[end:end + 40])
    return (before[-1].lower() if before else ""), (after[0].lower() if after else "")


def _expected(ctx: Context, unit: Unit, ocr: str, reading: str) -> bool:
    """Whether the slot of ``unit`` is anchored and ``ocr`` does not fit it: the words
    around are read as a printing has them around ``reading`` (the corpus has it after
    the word before and before the word after), and the corpus never has ``ocr`` next to
    either."""
    prev, nxt = _neighbours(ctx.text, unit.start, unit.end)
    bigrams = ctx.index.bigrams
    ocr, reading = ocr.lower(), reading.lower()
    return bool(prev and nxt) and bigrams.get((prev, reading), 0) > 0 and \
        bigrams.get((reading, nxt), 0) > 0 and not bigrams.get((prev, ocr), 0) and \
        not bigrams.get((ocr, nxt), 0)


SLOT_SUPPORT = 2  # the least count of each of the witness word's two bigrams
SLOT_COST = 0.7  # one cheap confusion of a letter (r/t, f/r, e/t)


def _slot_calls_for(ctx: Context, unit: Unit, ocr: str, reading: str) -> bool:
    """Whether a word of the OCR, common as it may be (``our``, ``of``, ``nor``), is a
    misreading of the witness's word of as many letters one cheap confusion away, because
    the slot calls for the witness's: the corpus has it after the word before and before
    the word after, each at least ``SLOT_SUPPORT`` times, and never the OCR's word beside
    either (``lead our of turn``: ``lead out`` 14×, ``out of`` 33×, ``lead our`` and
    ``our of`` never). ``more of less`` stays: the corpus has ``more of``. A word the
    corpus never uses may also be the witness's with a letter lost (``rump`` for ``trump``,
    ``ow`` for ``own``), but not its ending (``upward``/``upwards``: a printing's)."""
    lost = len(reading) == len(ocr) + 1 and not ctx.index.vocabulary.count(ocr.lower()) \
        and not inflection(ocr.lower(), reading.lower())
    if (len(ocr) != len(reading) and not lost) or ocr.lower() == reading.lower() or \
            ocr[:1].isupper() != reading[:1].isupper() or len(ocr) < 2:
        return False
    prev, nxt = _neighbours(ctx.text, unit.start, unit.end)
    bigrams = ctx.index.bigrams
    a, b = ocr.lower(), reading.lower()
    if not (prev and nxt) or bigrams.get((prev, a), 0) or bigrams.get((a, nxt), 0):
        return False
    if bigrams.get((prev, b), 0) < SLOT_SUPPORT or bigrams.get((b, nxt), 0) < SLOT_SUPPORT:
        return False
    return cost(a, b, PLAIN if lost else SLOT_COST) <= (PLAIN if lost else SLOT_COST)


def support(bigrams: dict[tuple[str, str], int], prev: str, word: str, nxt: str) -> int:
    """How often the corpus has ``word`` after ``prev`` and before ``nxt`` (lower case).

    >>> support({("the", "dealer"): 3, ("dealer", "must"): 2}, "the", "Dealer", "must")
    5
    """
    word = word.lower()
    return bigrams.get((prev, word), 0) + bigrams.get((word, nxt), 0)


SOLID_ZIPF = 4.5  # a word English writes solid this often ("cannot", "anyone") stays one


def _run_together(joined: str, w_words: list[str], ctx: Context) -> bool:
    """Whether ``joined``, a token of the language, is rather the witness's two words run
    together: the corpus never writes it solid, English seldom does (web text has
    ``ofthe``, ``isa``, ``ata`` at Zipf 3), and the corpus has the two words side by side
    more than once (``at a``, ``so to``, ``any time``); ``cannot``, ``anyone``, ``upon``
    are words of the corpus or common English."""
    if len(w_words) != 2 or ctx.index.vocabulary.count(joined.lower()):
        return False
    pair = (w_words[0].lower(), w_words[1].lower())
    return _zipf(joined) < SOLID_ZIPF and ctx.index.bigrams.get(pair, 0) >= 2


def _real_word_error(a: str, b: str, ctx: Context, expected: bool = False) -> bool:
    """``a`` is a word, but here a misreading of ``b``: one cheap confusion apart, and
    the corpus never uses ``a`` while it often uses ``b``. Where the words around call for
    ``b`` and not ``a`` (``expected``), a dearer misreading is allowed (``owe`` for
    ``two``)."""
    if bare(a) == bare(b):
        return False  # "versa" / "versâ": a printing's accents
    if len(a) == len(b) > 3 and a[:-1].lower() == b[:-1].lower() and \
            {a[-1].lower(), b[-1].lower()} <= set("sdr"):
        return False  # an ending for another ("names"/"named"): a reading
    limit = (1.0 if len(a) == len(b) else 0.6) + (0.3 if expected else 0.0)
    if cost(a, b, limit) > limit:
        return False  # a letter added or lost is how printings differ ("upward"/"upwards")
    vocab = ctx.index.vocabulary
    return vocab.count(a) == 0 and vocab.count(b) >= 3 and _zipf(a) < COMMON_ZIPF


def _case(unit: Unit, ctx: Context, o_words: list[str], w_words: list[str]) -> Edit | None:
    """A capital OCR put inside a sentence (``Cases`` after ``all``), or mixed case inside
    a word (``oF``)."""
    o = unit.ocr
    raw_before = ctx.text[max(0, unit.start - 80):unit.start]
    before = raw_before.rstrip()
    mid_sentence = (bool(before) and before[-1:].isalpha() or before[-1:] in (",", ";")) \
        and re.search(r"\n[ \t]*\n[ \t]*\Z", raw_before) is None  # not a paragraph's start
    for a, b in zip(o_words, w_words, strict=False):
        if a == b:
            continue
        if a.isupper() and len(a) > 1:
            return None  # a word in capitals: a heading's, or emphasis
        mixed = len(a) > 1 and any(ch.isupper() for ch in a[1:]) and not a.isupper()
        if not (mixed or (a[:1].isupper() and b[:1].islower() and mid_sentence)):
            return None
    new = _keep_edges(o, unit.witness, unit, ctx)
    return _edit(unit, new, "witness-case", 0.85,
                 f"{ctx.witness}: '{unit.witness}' in lower case inside the sentence")


_LAW_MARK_OK = re.compile(r"\d+[a-z]?\.(?:—|\s)")
_LAW_MARK = re.compile(r"\d+[a-z]?\.—")
_SPECK_MARKS = re.compile(r"[=_|~^`]")
# words (or numbers) glued by marks: stops, quotes, a bracket, specks ("played.in",
# "trick,'and", "‘which‘one", "10,.11", "at-(except", "A~player"); never a dash
_GLUED = re.compile(r"[^\W_]+(?:[-.,;:_'‘’\"“”~()\[\]{}]+[^\W_]+)+")
_DASH_SPACE = re.compile(r"[ \t]+([—–])[ \t]*|([—–])[ \t]+")


def _punctuation(unit: Unit, ctx: Context) -> Edit | None:
    """The letters agree; only marks differ. Take the witness's marks only where the
    OCR's cannot be what was printed."""
    o, w = unit.ocr, unit.witness
    o_core, w_core = _edges(o)[1], _edges(w)[1]
    if " ".join(o_core.split()) == w_core:
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-punctuation", 0.8,
                     f"{ctx.witness}: '{w}'; the OCR's marks are not what was printed")
    if _SPECK_MARKS.sub("", o_core).replace("{", "(") == w_core:
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-punctuation", 0.8,
                     f"{ctx.witness}: '{w}'; specks among the OCR's marks")
    if o_core.replace(" ", "") == w_core.replace(" ", "") and " " in w_core and \
            re.search(r"[^\W\d_]\d|\d[^\W\d_]", o_core):
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-spacing", 0.85,
                     f"{ctx.witness}: '{w}'; a word and a number run together in the OCR")
    if _DASH_SPACE.search(o_core) and "\n" not in o_core and not _DASH_SPACE.search(w_core) \
            and _DASH_SPACE.sub(r"\1\2", o_core) == w_core:
        # (OCR spaces a dash the printing sets close: "Cutting. —In" for "Cutting.—In";
        # a dash the witness spaces is its own, never taken)
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-spacing", 0.85,
                     f"{ctx.witness}: '{w}'; the OCR put a space beside the dash")
    if _GLUED.fullmatch(o_core.strip("_")) and " " in w_core and "- " not in w_core:
        # (a speck read as "_" at an edge is a word character to the pattern: "_played'-are")
        # (but "micro- purchase" is a witness's line break after a compound's hyphen)
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-spacing", 0.85,
                     f"{ctx.witness}: '{w}'; a mark glues two words in the OCR")
    if o_core[:1].isdigit() and not _LAW_MARK_OK.match(o_core) and _LAW_MARK.match(w_core):
        return _edit(unit, _keep_edges(o, w, unit, ctx), "witness-law-mark", 0.8,
                     f"{ctx.witness}: '{w}'; the mark after the law number is garbled")
    return None


def _tail_ok(o_tail: str, w_tail: str, unit: Unit, ctx: Context, o_core: str = "",
             w_core: str = "") -> bool:
    """Whether the witness's closing marks may replace the OCR's."""
    if o_tail == w_tail:
        return True
    if o_tail == "-" and not w_tail and unit.words == 1 and "\n" not in unit.ocr:
        return True  # "scen- during": a hyphen before a space that joins nothing
    after = ctx.text[unit.end:unit.end + 80]
    nxt = after.lstrip()
    paragraph_end = not nxt or after.startswith(("\n\n", "\n \n")) or \
        re.match(r"\s*\n\s*\n", after) is not None
    o_marks = o_tail.replace(" ", "")
    if len(o_marks) >= 2 and set(o_marks) <= set(".,;:") and len(w_tail) == 1:
        return True  # a stack: one mark was printed
    if o_marks == ":" and w_tail == "." and nxt[:1].isupper():
        return True  # a colon before a capital: law text has none
    if o_marks == w_tail and "\n" not in o_tail and w_tail[-1:] in ("—", "–"):
        return True  # OCR spaced a dash the printing sets close ("exceptions: —")
    if o_marks.count(":") == 1 and o_marks.replace(":", ";") == w_tail and \
            not ctx.printing_differs:
        # a semicolon whose lower dot OCR lost ("called:" for "called;"); but where the
        # window reads as another printing, a colon may be the printing's ("taken back :")
        return True
    if paragraph_end and o_marks in (",", ";", ":") and w_tail == ".":
        return True
    if o_marks == "." and w_tail in (",", ";") and nxt[:1].islower():
        return True
    if o_marks == "." and not w_tail and _ON_THE_LINE.match(after) and \
            _last_word(o_core).lower() not in STOP_WORDS and (
                not _NUMBER_NEXT.match(after) or _last_word(o_core).lower() in NUMBERED):
        # dust before a number or a bracket the line goes on with ("Order. 13257", "Act.
        # (50 U.S.C.", "Law. 82)"), where the witness reads on; but before a law's number
        # ("The revoke. 71. A revoke") the stop ends a sentence or a heading
        return True
    if o_marks in ("'", "’") and not w_tail and nxt[:1].islower() and \
            o_core[-1:].lower() != "s" and not _QUOTE.search(_sentence_before(ctx.text,
                                                                              unit.start)):
        return True  # a speck read as an apostrophe ("during' the"): no quotation opens
    if o_marks == "," and w_tail == "." and nxt[:1].isupper() and nxt[1:2].islower():
        return True  # a comma before a sentence's capital: the full stop's tail a speck
    if o_marks in (".", ":") and not w_tail and nxt[:1].islower() and not paragraph_end:
        # a full stop or colon before a word in lower case where the witness reads on: dust
        # ("in any. manner", "nothing: in"), not an abbreviation's; but after a short word
        # before a clause's first word it is as often a comma misread, where printings
        # punctuate apart ("to win. the trick" for "to win, the trick")
        word = _last_word(o_core).lower()
        following = _LETTERS.match(nxt)
        return len(word) > 1 and word not in STOP_WORDS and (
            following is None or following.group().lower() not in CLAUSE_WORDS or
            len(word) > 3 or word in NO_PAUSE)
    if o_marks in (")", "]", "}") and not w_tail and len(w_core) == len(o_core) + 1 and \
            w_core.lower().startswith(o_core.lower()) and \
            not _OPENING.search(_sentence_before(ctx.text, unit.start)):
        return True  # the word's last letter read as a bracket nothing opened ("cal]")
    if not o_marks and w_tail in (".", ",", ";", ":") and len(o_core) > len(w_core) and \
            o_core.lower().startswith(w_core.lower()):
        return True  # the mark was read as a letter: "higheste", "cntrvs"
    if o_marks in (".:", ":.", ".;", ";.") and w_tail == ".":
        return True
    return False


_QUOTE = re.compile(r"['‘’“”\"`]")
_OPENING, _CLOSING = re.compile(r"[(\[{]"), re.compile(r"[)\]}]")
_ON_THE_LINE = re.compile(r"[ \t]+[\d(]")  # a number or a bracket after a space, on the line
_NUMBER_NEXT = re.compile(r"\s+\d+\.(?!\d)")  # a law's number ("71. A revoke")
# words a number goes with ("Section 1.", "Law 82."): a stop between them is dust
NUMBERED = frozenset("section sections subsection law laws rule rules article order "
                     "chapter title part clause paragraph".split())
_SENTENCE_END = re.compile(r"[.!?]\s|\n[ \t]*\n")


def _sentence_before(text: str, start: int) -> str:
    """The sentence's text before ``start`` (at most 200 characters)."""
    before = text[max(0, start - 200):start]
    ends = list(_SENTENCE_END.finditer(before))
    return before[ends[-1].end():] if ends else before


def _sentence_after(text: str, end: int) -> str:
    """The sentence's text after ``end`` (at most 200 characters)."""
    after = text[end:end + 200]
    stop = _SENTENCE_END.search(after)
    return after[:stop.start() + 1] if stop else after


def _last_word(core: str) -> str:
    words = _LETTERS.findall(core)
    return words[-1] if words else ""


def _keep_edges(o: str, w: str, unit: Unit, ctx: Context) -> str:
    """``w``, but with the OCR's leading and closing marks where the witness's may not
    replace them (a printing punctuates differently)."""
    o_lead, o_core, o_tail = _edges(o)
    w_lead, w_core, w_tail = _edges(w)
    tail = w_tail if _tail_ok(o_tail, w_tail, unit, ctx, o_core, w_core) else o_tail
    if o_lead == w_lead:
        lead = w_lead
    elif not o_lead:
        # an opening mark read as a letter ("Cor" for "(or") is restored, else the OCR's
        # lack of one stands
        lead = w_lead if len(o_core) > len(w_core) and \
            o_core.lower().endswith(w_core.lower()) else ""
    elif not o_lead.strip("-—_=|~^`"):
        # specks, unless they follow a law number, where they are its garbled dash
        lead = o_lead if after_law_number_mark(ctx.text, unit.start) else w_lead
    elif o_lead in ("'", "‘", "`") and not w_lead and o_core[:1].islower() and \
            not _QUOTE.search(_sentence_after(ctx.text, unit.end)):
        lead = ""  # a speck read as a quotation mark that nothing closes ("'call for")
    elif o_lead in ("{", "[", "(") and w_lead in ("(", "["):
        lead = w_lead  # a misread bracket
    elif not w_lead and len(o_lead) == 1 and len(o_core) + 1 == len(w_core) and \
            w_core[1:].lower() == o_core.lower() and (
                cost(o_lead, w_core[0]) < PLAIN or
                o_lead in "([{" and not _CLOSING.search(_sentence_after(ctx.text, unit.end))):
        # the word's first letter read as a mark: "(ongress" for "Congress", "(rump" for
        # "trump" (a bracket nothing closes)
        lead = ""
    else:
        lead = o_lead
    return lead + w_core + tail


def law_number_place(text: str, end: int) -> bool:
    """Whether what follows ``end`` opens a law (a capital, a digit or a bracket): a mark
    at the start of such a line may be all OCR left of its number.

    >>> law_number_place("out.\\n= The pack", 6), law_number_place("out.\\n= the", 6)
    (True, False)
    >>> law_number_place("out.\\n_ 7.—The", 6)
    False
    """
    nxt = text[end:end + 12].lstrip(" \t")
    if re.match(r"\d+\.", nxt):
        return False  # the law's number is there, clean: the mark is a speck before it
    return nxt[:1].isupper() or nxt[:1].isdigit() or nxt[:1] == "("


def after_law_number_mark(text: str, start: int) -> bool:
    """Whether a short token ending in a full stop (a law number, garbled or not: ``15.``,
    ``1s.``) comes just before ``start`` on its line."""
    return re.search(r"(?:^|\s)\S{1,3}\.[ \t]*$", text[max(0, start - 12):start]) is not None


def _speck(unit: Unit, ctx: Context) -> Edit | None:
    """An OCR word the witness has nothing for: removed only if it is a lone mark after
    another mark or at the start of a line (a lone ``:`` after a word is the period's
    spaced punctuation, ``cards : a, two``)."""
    o = unit.ocr
    dash = o in _LONE_GLYPHS and _lone_glyph(unit, ctx)
    if unit.words != 1 or not (re.fullmatch(r"[.,;:_=|~^`'\"-]{1,3}", o) or o == "/" or dash):
        return None
    if not ctx.text[:unit.start].strip():
        return None
    before = ctx.text[max(0, unit.start - 80):unit.start]
    line_start = before.rstrip(" \t").endswith("\n")
    after_mark = before.rstrip()[-1:] in ".,;:!?"
    if not (line_start or after_mark or o[0] in "_=|~^`" or dash) or \
            (o == "/" and not after_mark):
        return None  # (a slash only after a mark: "a new cut. /", not "and / or")
    if line_start and law_number_place(ctx.text, unit.end):
        return None  # where a law number stands: what is left of it, not a speck
    start = unit.start
    while start > 0 and ctx.text[start - 1] in " \t":
        start -= 1  # take the space before it too
    return Edit(start, unit.end, ctx.text[start:unit.end], "", "witness-speck", 0.8,
                f"{ctx.witness}: nothing here; '{o}' stands alone between words")


_LONE_GLYPHS = frozenset({"—", "–", "©", "®", "•"})


def _lone_glyph(unit: Unit, ctx: Context) -> bool:
    """Whether a dash (or a glyph no running text sets alone: ``©``, ``®``, ``•``)
    standing alone, where the witness has nothing, is noise: inside a sentence (after a
    letter, or before a word in lower case: "religious — freedom", "departments, —
    agencies", "members of © the public"), and the window reads as the OCR's printing
    would; a printing that reads otherwise may set a dash the witness has not."""
    before = ctx.text[max(0, unit.start - 3):unit.start].rstrip()
    nxt = ctx.text[unit.end:unit.end + 40].lstrip()
    return (before[-1:].isalpha() or nxt[:1].islower()) and not ctx.printing_differs


def _edit(unit: Unit, new: str, rule: str, confidence: float, evidence: str) -> Edit | None:
    """The edit, keeping the OCR's line breaks where the words between them match up;
    a unit across a paragraph break is not changed, nor one of several words that would
    gain a bracket or quotation mark (those are the printing's, not OCR's)."""
    o = unit.ocr
    if unit.words > 1 and any(new.count(m) > o.count(m) for m in "()[]\"“”"):
        return None
    if new.count("''") < o.count("''"):
        return None  # wiki markup of the page (witnesses are read without it)
    if "\n" in o:
        if re.search(r"\n\s*\n", o):
            return None
        gaps = re.findall(r"\s+", o)
        parts = new.split(" ")
        if len(parts) == len(gaps) + 1:
            new = parts[0] + "".join(g + p for g, p in zip(gaps, parts[1:], strict=True))
    if new == o:
        return None
    return Edit(unit.start, unit.end, o, new, rule, confidence, evidence[:200])
