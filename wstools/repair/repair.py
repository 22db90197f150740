"""OCR repair against the corpus: choose, from witnesses, what OCR garbled — and nothing
else.

Steps, each returning explainable :class:`~wstools.edits.Edit`\\ s:

1. the OCR cleanup fixes (:func:`wstools.text.pipeline.clean`, ``OCR_FIXES``);
2. law numbers from the document's own numbering (:mod:`.numbers`), never from a
   witness, since editions renumber; the marks of clause labels and section marks that
   open a paragraph (``(c}``, ``(b).``, ``Sec:``); on a law code, ``i. e.``/``e. g.`` as
   OCR garbles them;
3. witness alignment: each law-sized segment retrieves windows of other printings
   (:mod:`.witness`; the corpus may also be a collection of printed documents, such as
   the Federal Register's executive orders), is aligned to them (:mod:`.align`: word by
   word, the stretches between equal words character by character, cut into units of
   whole words), and a unit takes the witness's reading where :mod:`.choose` allows it:
   a plausible OCR confusion (:mod:`.confusion`) *and* strong evidence — the OCR token is
   no word of the corpus or the language and no other corpus word is a likelier reading,
   or the corpus never uses it in a slot the words around anchor. Where the rules take
   nothing, the witness's reading is a candidate within hard limits (never a number, a
   variant word, a bracket, one stop for another…) that a calibrated logistic regression
   (:mod:`.model`) takes when it is likely enough. A later, weaker window acts only where
   a better one differs from the OCR. Over the page, runs of words Tesseract read out of
   order (a line of the other column, lines put before a heading) are put back where the
   best windows have them (:func:`.align.moves`, rule ``witness-move``);
4. without a witness: typesetting slips (a capital inside a sentence, specks read as
   marks, a full stop where the sentence goes on) and a non-word with exactly one close
   corpus word (confusion cost and context decide) — never where the best witness reads
   the words as the OCR does.

Everything else stays as printed — "upward"/"upwards", "the best card"/"the winning card"
are readings, not errors. Tokens that still look wrong are returned as ``flags``.

Rules earn their place. Step 4 guesses from the corpus's words and habits, which are a
law code's: it runs only on a law code or the OCR of one (:mod:`wstools.text.kind`:
a dense sequence of law numbers, or most of the words witnessed by the corpus — decided
once per document). And a rule whose measured precision is under 99 %
(``benchmarks/bench_rules.py``) is off unless asked for (``OPT_IN``; ``rules="+case"``).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..corpus.index import CorpusIndex, load_index
from ..edits import Edit, apply_edits, compose
from ..laws.numbering import find_law_starts
from ..text.english import archaic, zipf
from ..text.kind import LawEvidence
from ..text.kind import judge as judge_law
from ..text.pipeline import OCR_FIXES, CleanResult, Options, clean
from ..wikitext.markup import clean_text_nodes, is_formatted
from .align import Move, Run, Unit, aligned, moves, runs
from .choose import (
    CLAUSE_WORDS,
    Context,
    _neighbours,
    _sentence_after,
    _sentence_before,
    choose_all,
    law_number_place,
    respaced,
    support,
)
from .confusion import cost
from .guard import (
    cite,
    common_word_by_model,
    keep_long_s,
    overwrites,
    read_long_s,
)
from .model import Candidate, allowed, features, kind, load_model, raw_candidate
from .numbers import clause_labels, from_line_starts, from_sequence, inline_clause_letters
from .twins import ocr_twin, suspect
from .witness import Token, WitnessIndex, load_witnesses, tokens

MIN_CONFIDENCE = 0.5
MIN_AGREEMENT = 0.4  # share of a segment's words a window must read alike to witness it
CONFIRM = 0.8  # a window reading this much alike confirms the words it reads as the OCR
WORD_ZIPF = 3.0  # a word of English if at least this frequent (wordfreq's Zipf scale)
COMMON_ZIPF = 5.5  # the commonest words ("on", "a", "in", "the")
ENGLISH_ZIPF = 2.0  # a word English writes, if rarely: no guess replaces it without a witness
SLOT_SUPPORT = 2  # without a witness: the least count of each bigram of the slot's word
SLOT_COST = 0.7  # one cheap confusion of a letter (c/t, e/o)
LONE_LENGTH = 6  # a token this long one letter from a single corpus word is that word
PAGE_SEEN = 2  # the page's OCR makes that confusion in this many other words
PAGE_MANY = 4  # a page that misreads a letter in this many other words: a weaker slot will do
SLOT_STRONG = 5  # or the corpus has the slot's word this often on either side
SEGMENT = 100  # tokens: the size of a segment where no law number cuts the text
KNOWN_SHARE = 0.75  # no witness: fix only where most of the words around are known,
KNOWN_SHARE_LOW = 0.6  # or many, and the words on either side


# a token English writes this often (wordfreq's Zipf scale) is a word of its own, not two
# run together, unless both halves are function words (web text has "ofthe" at 3.3)
SOLID_ZIPF = 2.0
CONTEXT_ZIPF = 3.5  # the context rule changes no word of English this common (cord, band)
FUNCTION_WORDS = frozenset("it is in on of at to the a an and or as be by he his if for with "
                           "from that this which who not no".split())
CAPITALISED_FUNCTION_WORDS = frozenset(w.capitalize() for w in FUNCTION_WORDS)
# words a clause never ends with: a full stop, colon or semicolon after them is a speck
# (prepositions can end one, "asked for;", and a comma may open a parenthesis)
OPEN_WORDS = frozenset("the a an their his her its our your".split())
_SPECKS = re.compile(r"[_=|~^`]+")
# a quotation mark closing a word ("trick'", "trick',"), not a plural's possessive
# ("players'") nor an apostrophe inside a word ("partner's"), and one opening a word
_CLOSING_QUOTE = re.compile(r"(?<=[^\W\ds_])['’\"”](?![^\W\d_])")
_OPENING_QUOTE = re.compile(r"(?<![^\W\d_])['‘\"“](?=[^\W\d_])")
# words an apostrophe opens, standing for what is left out ("the 'eighties", "'tis")
ELIDED = frozenset("twenties thirties forties fifties sixties seventies eighties nineties "
                   "tis twas twere em neath gainst tween twixt prentice".split())
# words a quotation follows without a mark between ("the word 'trick'", "called 'dummy'")
QUOTING_WORDS = frozenset("word words term terms called named marked say says said saying "
                          "declare declares declared announce announces reads read".split())
# a word broken at a line's end, the next line's part beginning with I ("pena-⏎Ity")
_BROKEN_ELL = re.compile(r"(?<![^\W\d_])([a-z]+)-[ \t]*\n[ \t]*(I[a-z]+)")
_GLUED = re.compile(r"([A-Za-z]{2,})([.;:,_=-])([a-z]{1,})")
def _lost_letter(word: str, front: bool) -> bool:
    """Whether a letter put before (``front``) or after ``word`` makes a common word (Zipf 4
    or more): a word whose edge OCR lost, as likely as a one-letter word run into it.

    >>> _lost_letter("aking", True), _lost_letter("ifa", False)
    (True, False)
    """
    letters = "abcdefghijklmnopqrstuvwxyz"
    return any(_zipf(c + word if front else word + c) >= 4.0 for c in letters)


def _function_word_pair(left: str, right: str) -> bool:
    """Whether a hyphen between two words is a speck rather than a compound's: one of them
    is a function word (``cards-have``, ``the-pack``) and the right one no particle of a
    compound (``cut-in``, ``lead-off``); two words of content (``trump-card``,
    ``score-card``) are a compound a printing hyphenates.

    >>> _function_word_pair("cards", "have"), _function_word_pair("trump", "card")
    (True, False)
    >>> _function_word_pair("cut", "in")
    False
    """
    if right.lower() in _PARTICLES:
        return False
    return max(_zipf(left.lower()), _zipf(right.lower())) >= COMMON_ZIPF


_PARTICLES = frozenset("in out off up down on over by about away back".split())
_LAW_DASH = re.compile(r"(\d+\.)(—+)")
_STACKED = re.compile(r"([.;:,])([.;:,]+)")
_LAW_MARK = re.compile(r"(\d+)([:,;-])—")
_LAW_PREFIX = re.compile(r"\d+\.—+")
_ROMAN = re.compile(r"[IVXivx]+")
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_JUNK = re.compile(r"[^\w'’-]")  # a mark inside a word that no word has ("card*")
_LETTER_MARKS = frozenset({"[", "(", "{", "'", "’", "‘", "/", "|", "\\"})  # read for letters
_JOINTS = re.compile(r"([.;:,_=~'’‘-]{1,3})")
_CAPITAL_I = re.compile(r"(?P<number>\d{1,3}\.[—-]?)?(?P<glyph>[\[{|1l]|[tT](?=f))"
                        r"(?P<rest>[ftns][a-z]*)(?P<tail>[,]?)")
_RUN_ON = re.compile(r"([a-z]{2,})(\.\.?)([A-Z][a-z]+)")
# words no punctuation follows inside a sentence, and words that open a clause after a comma
NO_PAUSE_WORDS = frozenset("the a an to of in on at by for from with into upon must shall may "
                           "will can is are was were be been their his her its".split())
# words no sentence ends with, nor a clause, and no comma follows: a full stop after them
# before a word in lower case is dust ("if any. player", "than. the"); after a conjunction
# it may be a comma misread ("seats, and, having once"), but not before an article or the
# like ("and. the", "or. a", "if. the")
NO_STOP_WORDS = frozenset("any every each no than whom whose".split())
CONJUNCTIONS = frozenset("and or nor if".split())
# what follows "if" when no aside comes between: "if he", "if either", "if there"
SUBJECTS = frozenset("he she it they we you one another either neither both there this that "
                     "these those such".split())
# words that open a clause and never end one: a full stop after them before a word in lower
# case is dust ("when. he can", "unless. the")
NO_STOP_OPENERS = frozenset("when where whether unless until which whose whom because "
                            "although".split())
DETERMINERS = frozenset("the a an his their its her any all each every no".split())
# words no clause ends with: a colon after them before a word in lower case is a speck (not
# "are", "is": "the penalties are: to lose"; nor a preposition: "played to; after")
NO_COLON_WORDS = frozenset("the a an and or nor if than unless whether must shall may will "
                           "can their his her its".split())
CLAUSE_STARTS = frozenset("and or nor but unless neither either if during though although "
                          "whether which who when where while until".split())
PREPOSITIONS = frozenset("of to in into upon on at by for from with without within "
                         "under over after before during until against among".split())
PREFIXES = frozenset("re un pre non co sub over out counter anti mis dis inter under super "
                     "semi".split())
ABBREVIATIONS = frozenset("viz i e g vs etc ibid cf ch sec no p pp ed vol art st mr mrs dr "
                          "jr sr co inc".split())
_ABBREVIATION_END = re.compile(r"(?:^|[\W_])(?:e\.g|i\.e|viz|cf|vs|etc)['\"]*$")
CONTRACTIONS = ("'s", "'t", "'d", "'ll", "'re", "'ve", "'m")

# The rules, one name each. Witness rules take another printing's reading; numbering
# rules follow the document's own law numbers; guesses act without a witness and run only
# on a law code (see the module doc).
WITNESS_RULES = frozenset({"witness-model", "witness-spacing", "witness-punctuation",
                           "witness-move", "witness-context", "witness-case", "witness-law-mark",
                           "witness-speck", "witness"})
NUMBERING_RULES = frozenset({"law-number", "law-mark", "law-dash", "clause-label",
                             "clause-letter"})
GUESS_RULES = frozenset({"abbreviation", "case", "vocabulary", "context", "split-words",
                         "run-in-heading", "heading-line",
                         "stacked-marks",
                         "speck-stop", "speck-after-open-word", "speck-hyphen", "speck-run",
                         "stop-to-comma", "stray-apostrophe", "stray-hyphen", "lone-mark",
                         "glued-words", "run-on-sentence", "clause-numeral",
                         "capital-i", "hyphen-ell", "stray-quote"})
RULES = WITNESS_RULES | NUMBERING_RULES | GUESS_RULES
# Off unless asked for: rules that have not earned their place on the benchmarks
# (benchmarks/bench_rules.py) — under 99 % precision where they run (on a law code, for a
# guess), or never once right there. "case" made no edit on the law pages and 0 better
# against 22 worse on AFRICA (initials: "Major A. Laing"); "run-on-sentence" made none.
OPT_IN = frozenset({"case", "run-on-sentence"})


def parse_rules(spec: str) -> tuple[frozenset[str], frozenset[str]]:
    """``+name`` turns an opt-in rule on, ``-name`` (or ``!name``) turns a rule off; names
    are comma-separated. Returns (on, off).

    >>> parse_rules("+case, -lone-mark")
    (frozenset({'case'}), frozenset({'lone-mark'}))
    >>> parse_rules("+cases")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown repair rule 'cases'; known: abbreviation, capital-i, case, ...
    """
    on: set[str] = set()
    off: set[str] = set()
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        sign, name = (item[0], item[1:].strip()) if item[0] in "+-!" else ("+", item)
        if name == "all":
            (on if sign == "+" else off).update(RULES)
            continue
        if name not in RULES:
            raise ValueError(f"unknown repair rule {name!r}; known: {', '.join(sorted(RULES))}")
        (on if sign == "+" else off).add(name)
    return frozenset(on), frozenset(off)


def is_word(word: str, index: CorpusIndex) -> bool:
    """A word of the corpus or, by wordfreq's statistics, of English; a possessive of
    one (``offender’s``) too."""
    if index.vocabulary.is_word(word) or _zipf(word) >= WORD_ZIPF:
        return True
    stem = _POSSESSIVE.sub("", word)
    return stem != word and (index.vocabulary.is_word(stem) or _zipf(stem) >= WORD_ZIPF)


_CHUNKS = re.compile(r"\S+")
_POSSESSIVE = re.compile(r"['’]s$|s['’]$")


def _zipf(word: str) -> float:
    """wordfreq's Zipf frequency of ``word`` in English, from the cached list
    (:func:`wstools.text.english.zipf`: wordfreq itself is imported only when the cache is
    cold)."""
    return zipf(word)


@dataclass
class RepairResult:
    """``text`` is the repaired text; ``cleanup`` the cleanup step (its edits are in the
    coordinates of the input); ``edits`` the repairs, in the coordinates of
    ``cleanup.text``; ``flags`` are suspicious tokens left alone (same coordinates)."""

    source: str
    text: str
    cleanup: CleanResult
    edits: list[Edit] = field(default_factory=list)
    flags: list[Edit] = field(default_factory=list)
    law: LawEvidence | None = None  # whether the text is a law code, and why

    def all_edits(self) -> list[Edit]:
        """Every change in input coordinates, none overlapping another: the cleanup edits
        and the repairs with their spans mapped back through the cleanup; a repair inside
        a cleanup edit's span (a witness reading of a word the cleanup joined) is one edit
        with both rules (``witness+hyphen-join``, :func:`~wstools.edits.compose`), so that
        the edits applied to the input give the text."""
        mapped = []
        for e in self.edits:
            start = self.cleanup.to_source(e.start)
            end = self.cleanup.to_source(e.end, end=True)
            mapped.append(Edit(start, end, self.source[start:end], e.new, e.rule,
                               e.confidence, e.evidence))
        edits = sorted(list(self.cleanup.edits) + mapped, key=lambda e: (e.start, e.end))
        composed = compose(self.source, edits, self.text)
        return edits if composed is None else composed


@dataclass
class Repairer:
    """Repairs OCR text with a corpus (default: the project's)."""

    index: CorpusIndex
    witnesses: WitnessIndex
    min_confidence: float = MIN_CONFIDENCE
    enable: frozenset[str] = frozenset()  # opt-in rules turned on
    disable: frozenset[str] = frozenset()  # rules turned off
    _words_by_length: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    _rival_cache: dict[tuple[str, str, float], str | None] = field(default_factory=dict)
    _word_cache: dict[str, bool] = field(default_factory=dict)
    _near_cache: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    use_model: bool = True  # the calibrated model decides on witness readings (:mod:`.model`)
    collect: list[Candidate] | None = None  # every witness candidate, for training
    exclude: frozenset[str] = frozenset()  # printings never taken as witnesses
    _headings: dict[int, list[tuple[str, list[str]]]] | None = None  # (_heading_words)
    _passages: dict[str, str] = field(default_factory=dict)  # (_passage_text)
    _heading_sizes: dict[int, list[tuple[str, list[str]]]] | None = None  # (heading lines)

    @classmethod
    def load(cls, corpus: Path | None = None, min_confidence: float = MIN_CONFIDENCE,
             rules: str = "") -> Repairer:
        """``rules``: opt-in rules to turn on and rules to turn off (:func:`parse_rules`)."""
        on, off = parse_rules(rules)
        return cls(load_index(corpus), load_witnesses(corpus), min_confidence, on, off)

    def runs(self, rule: str, law: bool) -> bool:
        """Whether ``rule`` runs on a text that is (``law``) or is not a law code."""
        if rule in self.disable or (rule in OPT_IN and rule not in self.enable):
            return False
        return law or rule not in GUESS_RULES

    # -- public -------------------------------------------------------------------------

    def repair(self, text: str, *, law: bool | None = None,
               witness: bool = True) -> RepairResult:
        """Repair ``text``. Whether it is a law code (where the guessing rules run) is
        decided from its own evidence unless ``law`` says so. ``witness=False`` leaves out
        the alignment with the corpus' printings (the costly step; for oversized input).

        Wikitext a person formatted (templates, tables, tags, links…) is not OCR text: only
        the cleanup runs, on its text nodes, never on markup; nothing is repaired or flagged.
        """
        if is_formatted(text):
            # (blank lines are the layout a person chose: the whitespace fix stays out)
            cleaned = clean_text_nodes(text, [f for f in OCR_FIXES if f != "whitespace"],
                                       Options(vocabulary=self.index.vocabulary))
            return RepairResult(text, cleaned.text, cleaned, [], [], None)
        cleaned = clean(text, OCR_FIXES, Options(vocabulary=self.index.vocabulary))
        base = read_long_s(cleaned.text)  # (the print's ſ is given back: keep_long_s)
        edits: dict[int, Edit] = {}
        covered = bytearray(len(base))
        starts = find_law_starts(base)
        for e in from_sequence(starts, base) + from_line_starts(base, starts) + \
                clause_labels(base) + inline_clause_letters(base):
            if self.runs(e.rule, True):
                edits[e.start] = e
                covered[e.start:e.end] = b"\x01" * (e.end - e.start)
        toks = tokens(base)
        # (before the witnesses: a printing may write them otherwise, "divided—i.e.")
        for e in _abbreviations(toks, base) if self.runs("abbreviation", True) else ():
            if not any(covered[e.start:e.end]):
                edits[e.start] = e
                covered[e.start:e.end] = b"\x01" * (e.end - e.start)
        flags: list[Edit] = []
        witnessed = 0
        # what the best witness reads as the OCR does: no guess may change it
        confirmed = bytearray(len(base))
        page_runs: list[Run] | None = [] if self.runs("witness-move", True) else None
        for segment in self._segments(starts, toks) if witness else ():
            found, seen = self._from_windows(segment, base, covered, confirmed, page_runs)
            witnessed += len(segment) if seen else 0
            for e in found:
                edits.setdefault(e.start, e)
        # words Tesseract read out of order, put back where the witnesses have them
        for e in _moved(moves(page_runs), base, covered, "witness") if page_runs else ():
            edits.setdefault(e.start, e)
        for e in self._broken_ell(base) if self.runs("hyphen-ell", True) else ():
            if not any(covered[e.start:e.end]):
                edits.setdefault(e.start, e)
        # (a collection of other documents witnesses any text: only a law code's own
        # corpus tells a law code by the share it witnesses)
        share = witnessed / max(1, len(toks))
        evidence = judge_law(len(starts), len(toks), 0.0 if self._collection() else share)
        evidence = evidence._replace(witnessed=round(share, 3))
        if law is not None:
            evidence = evidence._replace(law=law)
        guess = evidence.law and any(self.runs(r, True) for r in GUESS_RULES)

        def take(found: Iterable[Edit], free: bytearray | None = None) -> None:
            """Each guess of ``found`` on text no edit covers yet (nor ``free`` marks:
            what the best witness reads as the OCR does)."""
            for e in found:
                if not any(covered[e.start:e.end]) and \
                        not (free is not None and any(free[e.start:e.end])):
                    edits.setdefault(e.start, e)
                    covered[e.start:e.end] = b"\x01" * (e.end - e.start)

        if guess:
            take((e for e in _speck_runs(base) if self.runs(e.rule, True)), confirmed)
            if self.runs("capital-i", True):
                take(self._capital_i(toks, base), confirmed)
            if self.runs("clause-numeral", True):
                take(_clause_numerals(base), confirmed)
            if self.runs("run-in-heading", True):
                take(self._run_in_headings(toks, base))
            if self.runs("heading-line", True):
                take(self._heading_lines(base))
        # tokens a law-number or witness edit already covers take no further edit
        held = _touched(toks, covered)
        # (what letters this page misreads: read only when a slot asks, it costs)
        page = _Lazy(lambda: _page_confusions(list(edits.values()), toks, self._is_word,
                                              self.index.vocabulary.count))
        for e in self._typesetting(toks, edits.keys() | held, covered, base, page) \
                if guess else ():
            if e.start not in held and self.runs(e.rule, True) and \
                    not any(confirmed[e.start:e.end]):
                edits.setdefault(e.start, e)
        # (the suspect tokens are flagged on any text: a flag changes nothing)
        for guessed, flag in self._without_witness(toks, edits.keys() | held, base):
            if guessed is not None and guessed.start not in held and guess and \
                    self.runs(guessed.rule, True) and \
                    not any(confirmed[guessed.start:guessed.end]):
                edits.setdefault(guessed.start, guessed)
            if flag is not None and not any(confirmed[flag.start:flag.end]):
                flags.append(flag)
        chosen = [e for e in sorted(edits.values(), key=lambda e: (e.start, e.end))
                  if e.confidence >= self.min_confidence and self.runs(e.rule, evidence.law)]
        chosen = keep_long_s(_no_overlaps(chosen), cleaned.text)
        flags = [replace(f, old=cleaned.text[f.start:f.end]) for f in flags]
        return RepairResult(text, apply_edits(cleaned.text, chosen), cleaned, chosen, flags,
                            evidence)

    # -- witnesses ---------------------------------------------------------------------------

    @staticmethod
    def _segments(starts: list, toks: list[Token]) -> list[list[Token]]:
        """Law-sized pieces: cut at law numbers; a longer piece is cut into near-equal
        parts of about ``SEGMENT`` tokens, at a sentence end where one is near, so that no
        scrap of a few words is left to be aligned on its own.

        >>> from wstools.repair.witness import tokens
        >>> text = " ".join(f"word{i}." if i % 10 == 9 else f"word{i}" for i in range(250))
        >>> [len(s) for s in Repairer._segments([], tokens(text))]
        [120, 130]
        """
        cuts = {s.start for s in starts}
        pieces: list[list[Token]] = [[]]
        for t in toks:
            if t.start in cuts and pieces[-1]:
                pieces.append([])
            pieces[-1].append(t)
        out = []
        for piece in pieces:
            parts = max(1, round(len(piece) / SEGMENT))
            first = 0
            for k in range(1, parts):
                cut = round(k * len(piece) / parts)
                ends = [c for c in range(cut - 15, cut + 16)
                        if first < c < len(piece) and piece[c - 1].raw[-1:] in ".;:"]
                if ends:
                    cut = min(ends, key=lambda c: abs(c - cut))
                out.append(piece[first:cut])
                first = cut
            out.append(piece[first:])
        return [s for s in out if s]

    def _collection(self) -> bool:
        """Whether the corpus is a collection of documents (:func:`..corpus.store.read_html`)
        rather than printings of law codes."""
        return any(m.get("kind") == "collection" for m in self.index.printings.values())

    def _from_windows(self, segment: list[Token], base: str, covered: bytearray,
                      confirmed: bytearray | None = None, runs_out: list[Run] | None = None
                      ) -> tuple[list[Edit], bool]:
        """Align the segment to the best windows of witness text (:mod:`.align`) and
        take the witness's reading unit by unit where :func:`.choose.choose` allows it.
        A window that agrees with too little of the segment is not a witness of it.
        Returns the edits and whether any window witnessed the segment; the best
        window's runs of words one side lacks (:func:`.align.runs`) go to ``runs_out``."""
        start, end = segment[0].start, segment[-1].end
        text = base[start:end]
        out: list[Edit] = []
        # where the witnesses so far differ from the OCR and took nothing: a later, weaker
        # window may act only there — where a better witness reads as the OCR does, the
        # OCR is right
        open_spans: list[tuple[int, int]] | None = None
        seen = False
        model = None if self.collect is not None or not self.use_model else load_model()
        for rank, window in enumerate(self.witnesses.windows(segment,
                                                                  exclude=self.exclude)):
            found, differing = aligned(text, window.text, start, open_spans)
            agreement = 1 - differing / max(1, len(segment))
            if agreement < MIN_AGREEMENT:
                continue
            if confirmed is not None and not seen and agreement >= CONFIRM:
                confirmed[start:end] = b"\x01" * (end - start)
                for unit in found:
                    confirmed[unit.start:unit.end] = b"\x00" * (unit.end - unit.start)
            seen = True
            label = f"witness {', '.join(window.passages[:3])}"
            ctx = Context(self.index, self._is_word, base, label, self._rival, tuple(found))
            left = []
            for k, unit in enumerate(found):
                taken = False
                rule_edits = [e for e in choose_all(unit, ctx)
                              if self.runs(e.rule, True) and allowed(e, base)]
                candidates = [(e, True) for e in rule_edits]
                if not rule_edits and (model is not None or self.collect is not None) \
                        and self.runs("witness-model", True):
                    candidates += [(e, False) for e in self._raw_candidates(unit, base)]
                gaps: tuple[int, int] | None = None  # (made when a candidate needs it)
                for edit, by_rule in candidates:
                    if any(covered[edit.start:edit.end]) or \
                            self._overwrites(edit, by_rule, base):
                        continue
                    # (a rule's edit needs the model's features only to collect them)
                    if self.collect is not None or (model is not None and not by_rule):
                        if gaps is None:
                            before = found[k - 1].end if k else start
                            after = found[k + 1].start if k + 1 < len(found) else end
                            gaps = (len(base[before:unit.start].split()) if k else 3,
                                    len(base[unit.end:after].split()) if k + 1 < len(found)
                                    else 3)
                        x = features(edit, rule=by_rule, agreement=agreement, rank=rank,
                                     left_gap=gaps[0], right_gap=gaps[1],
                                     is_word=self._is_word, text=base, units=len(found))
                        if self.collect is not None:
                            self.collect.append(Candidate(edit, x))
                        if model is not None and not by_rule:
                            p = model.probability(x)
                            if p < model.threshold:
                                continue
                            edit = replace(edit, confidence=round(p, 2), evidence=(
                                f"{label}: '{unit.witness}'; {kind(edit.old, edit.new)} "
                                f"differ; the model's probability {p:.3f}")[:200])
                    if not by_rule and model is None:
                        continue
                    edit = cite(edit, label, window.passages, self._passage_text,
                                window.printing)
                    covered[edit.start:edit.end] = b"\x01" * (edit.end - edit.start)
                    out.append(edit)
                    taken = True
                if not taken:
                    left.append((unit.start, unit.end))
            if rank == 0 and runs_out is not None:
                runs_out += runs(text, window.text, start)
            open_spans = left if open_spans is None else \
                [s for s in open_spans if any(a < s[1] and s[0] < b for a, b in left)]
            if not open_spans:
                break
        return out, seen

    def _overwrites(self, edit: Edit, by_rule: bool, base: str) -> bool:
        """Whether a witness's ``edit`` would overwrite what the print has right
        (:mod:`.guard`): a spelling of the print, a word with the witness's misprint, or
        (the model's alone) a common word where the corpus's context does not call for
        the witness's."""
        if overwrites(edit, self._is_word) is not None:
            return True
        if by_rule:
            return False
        prev, nxt = _neighbours(base, edit.start, edit.end)
        return common_word_by_model(edit, self._is_word, self.index.bigrams, prev, nxt)

    def _passage_text(self, passage: str) -> str:
        """The text of the witness passage named ``passage`` (the map made on first use)."""
        if not self._passages:
            self._passages.update((p.id, p.text) for p in self.witnesses.passages)
        return self._passages.get(passage, "")

    def _raw_candidates(self, unit: Unit, base: str) -> list[Edit]:
        """The witness's reading of ``unit`` (word by word where both have as many words)
        as candidate edits (:func:`.model.raw_candidate`)."""
        o_parts = list(_CHUNKS.finditer(unit.ocr))
        w_parts = unit.witness.split()
        if len(o_parts) > 1 and len(o_parts) == len(w_parts) and \
                not respaced(unit.ocr, unit.witness):
            parts = [Unit(unit.start + m.start(), unit.start + m.end(), m.group(0), w, 1)
                     for m, w in zip(o_parts, w_parts, strict=True) if m.group(0) != w]
        else:
            parts = [unit]
        out = []
        for part in parts:
            edit = raw_candidate(part, base, self._is_word, self.index.vocabulary.is_word)
            if edit is not None and not self._likelier_reading(edit, base):
                out.append(edit)
        return out

    def _likelier_reading(self, edit: Edit, base: str) -> bool:
        """Whether, for a non-word the edit replaces by the witness's word, another corpus
        word is a likelier misreading and the words around do not prefer the witness's
        (``plaved``: ``played``, not the variant ``placed``)."""
        o_words = re.findall(r"[^\W\d_]+", edit.old)
        w_words = re.findall(r"[^\W\d_]+", edit.new)
        if len(o_words) != len(w_words):
            return False
        prev, nxt = _neighbours(base, edit.start, edit.end)
        for a, b in zip(o_words, w_words, strict=True):
            if a.lower() == b.lower() or self._is_word(a):
                continue
            rival = self._rival(a, b, cost(a, b, 3.0), prev, nxt)
            if rival is not None and support(self.index.bigrams, prev, rival, nxt) >= \
                    support(self.index.bigrams, prev, b, nxt):
                return True
        return False

    def _broken_ell(self, text: str) -> list[Edit]:
        """A word broken at a line's end whose second part begins with a capital I, which
        is its l misread (``pena-⏎Ity``, ``agricu-⏎Iture``): joined with an l it is a
        word, with an i or as it stands it is none."""
        out = []
        for m in _BROKEN_ELL.finditer(text):
            left, right = m.group(1), m.group(2)[1:]
            word = f"{left}l{right}"
            if self._is_word(word) and not self._is_word(f"{left}i{right}") and \
                    not self._is_word(m.group(2)) and not self._is_word(f"{left}{right}"):
                out.append(Edit(m.start(), m.end(), m.group(0), word, "hyphen-ell", 0.85,
                                f"'{word}' is a word, '{left}i{right}' is not: a word broken "
                                "at the line's end, its l read as I"))
        return out

    def _is_word(self, word: str) -> bool:
        known = self._word_cache.get(word)
        if known is None:
            known = self._word_cache[word] = is_word(word, self.index)
        return known

    def _rival(self, word: str, reading: str, price: float, prev: str = "", nxt: str = ""
               ) -> str | None:
        """The corpus word OCR most plausibly read as ``word`` (within two edits;
        confusion cost, then frequency) if it is another than ``reading`` and costs at
        most ``price``, else None. Words dearer than ``price`` are not priced exactly.
        With the words around (``prev``, ``nxt``), None too when no near word is found
        there as often as ``reading`` (a rival must be; nothing is priced then)."""
        key = (word.lower(), reading.lower(), price)
        near = self._near_words(key[0], 2)
        if prev or nxt:
            bigrams = self.index.bigrams
            need = support(bigrams, prev, key[1], nxt)
            if need and not any(support(bigrams, prev, w, nxt) >= need
                                for w in near if w != key[1]):
                return None
        if key not in self._rival_cache:
            best: tuple[float, int, str] | None = None
            for w in near:
                c = cost(key[0], w, price)
                option = (c, -self.index.vocabulary.count(w), w)
                if c <= price and (best is None or option < best):
                    best = option
            self._rival_cache[key] = best[2] if best is not None and best[2] != key[1] \
                else None
        return self._rival_cache[key]

    @staticmethod
    def _edit(token: Token, new: str, rule: str, confidence: float, evidence: str) -> Edit:
        start = token.core_start
        return Edit(start, start + len(token.core), token.core, new, rule, confidence,
                    evidence)

    # -- no witness --------------------------------------------------------------------------

    def _typesetting(self, toks: list[Token], done: set[int], covered: bytearray, text: str,
                     page: _Lazy | None = None) -> list[Edit]:
        """Slips a reader sees without a witness: a function word capitalised inside a
        sentence, a full stop where the sentence clearly goes on, a stray hyphen or
        apostrophe, and a token the corpus never uses where a near word fits its context
        on both sides (a rare word; or any token, where the slot calls for the near word
        alone and this page's OCR makes that confusion elsewhere: ``page``, from
        :func:`_page_confusions`)."""
        out: list[Edit] = []
        bigrams = self.index.bigrams
        counts = self.index.vocabulary.words  # (a lower-case word is its own key)
        for i, t in enumerate(toks):
            o = t.core
            if t.raw.isalpha():  # letters alone: no mark to be noise
                if t.core_start in done or (o.islower() and counts.get(o)):
                    continue  # done, or a plain corpus word: no rule below applies
            else:
                noise = self._punctuation_noise(text, t, toks[i - 1] if i else None,
                                                toks[i + 1] if i + 1 < len(toks) else None)
                if noise is not None and noise.start not in done:
                    out.append(noise)
                    continue
                if t.core_start in done:
                    continue
            prev = toks[i - 1] if i else None
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            mid_sentence = prev is not None and (prev.raw[-1:].islower() or
                                                 prev.raw.endswith(","))
            goes_on = nxt is not None and nxt.core[:1].islower()
            ends = t.raw.endswith((".", ";", ","))
            if prev is not None and o in CAPITALISED_FUNCTION_WORDS and mid_sentence \
                    and (goes_on or ends) \
                    and not any(covered[prev.start:prev.end]) \
                    and not _opens_line(text, prev.start) \
                    and t.raw[:1].isalpha() and "\n\n" not in text[prev.end:t.start] \
                    and not _ABBREVIATION_END.search(prev.key):
                # (not after a quotation mark, a paragraph break or "e.g.,")
                out.append(self._edit(t, o.lower(), "case", 0.85,
                                      f"'{o}' capitalised inside a sentence"))
                continue
            if o[:1] == "I" and len(o) > 3 and o[1:].islower() and mid_sentence and goes_on \
                    and self.index.vocabulary.count(o.lower()) >= 2:
                out.append(self._edit(t, o.lower(), "case", 0.8,
                                      f"'{o}' inside a sentence, '{o.lower()}' in the corpus: "
                                      "OCR read i as I"))
                continue
            tail = t.raw[len(t.core) + (t.core_start - t.start):]
            if tail == ":" and t.key in NO_COLON_WORDS and o.islower() and \
                    nxt is not None and nxt.core[:1].islower() and nxt.core.isalpha() and \
                    nxt.raw[:1].isalpha() and "\n\n" not in text[t.end:nxt.start]:
                # ("shall: not", "the: player": no clause ends with these words)
                stop = t.core_start + len(o)
                out.append(Edit(stop, stop + 1, tail, "", "speck-stop", 0.75,
                                f"a '{tail}' after '{o}' before '{nxt.core}' in lower case: "
                                "no clause ends with it, a speck"))
                continue
            # (only after a word: "ou." may be a garbled "out;", letters and mark alike)
            if tail == "." and o.isalpha() and o.lower() not in ABBREVIATIONS and len(o) > 1 \
                    and self._is_word(o) \
                    and nxt is not None and nxt.core[:1].islower() and nxt.core.isalpha() \
                    and len(nxt.core) > 1 and nxt.raw[:1].isalpha() \
                    and nxt.key not in ABBREVIATIONS and not _ROMAN.fullmatch(o) \
                    and not (prev is not None and prev.core[-1:].isdigit()):
                # (not a numeral's stop, "Leopold II. and", nor a unit's, "390 in. as")
                stop = t.core_start + len(o)
                if t.key == "if" and nxt.key not in DETERMINERS and nxt.key not in SUBJECTS:
                    # ("if. having a perfect pack", "if. after the cards": an aside follows)
                    out.append(Edit(stop, stop + 1, ".", ",", "stop-to-comma", 0.75,
                                    f"a full stop after 'if' before '{nxt.core}': an aside "
                                    "follows, a comma was printed"))
                elif t.key in NO_PAUSE_WORDS or t.key in NO_STOP_WORDS or (
                        t.key in CONJUNCTIONS or t.key in NO_STOP_OPENERS) and \
                        nxt.key not in CLAUSE_STARTS and (
                        nxt.key in DETERMINERS or prev is None or
                        not prev.raw.endswith(",")):
                    # (before a clause's first word it is a comma misread, "and, if"; and
                    # after a comma, as often the aside's comma: "seats, and, having once")
                    out.append(Edit(stop, stop + 1, ".", "", "speck-stop", 0.75,
                                    f"a full stop after '{o}' inside a sentence: a speck"))
                elif nxt.key in CLAUSE_STARTS:
                    out.append(Edit(stop, stop + 1, ".", ",", "stop-to-comma", 0.75,
                                    f"a full stop after '{o}' before '{nxt.core}' in lower "
                                    "case: the sentence goes on, a comma was printed"))
                elif (len(o) > 3 or len(o) == 3 and self.index.vocabulary.count(t.key) >= 5
                      and t.key not in CONJUNCTIONS) \
                        and o.islower() and nxt.key not in CLAUSE_WORDS and \
                        nxt.core.islower() and (len(nxt.core) > 2 or nxt.key in PREPOSITIONS) \
                        and \
                        (self.index.bigrams.get((t.key, nxt.key), 0) > 0 or
                         nxt.key in PREPOSITIONS or nxt.key in NO_PAUSE_WORDS) and not (
                            len(nxt.core) <= 3 and nxt.raw[-1:] in ".,:;") and \
                        _PARAGRAPH_BREAK.search(text, t.end, nxt.start) is None:
                    # (a comma misread, or a speck: no printing ends a sentence before a
                    # word in lower case, and a word of four letters is no abbreviation;
                    # but a short token with a stop after it is a law's number garbled,
                    # "stroke. tu. For", and a short word may be a capital misread, "ca" for
                    # "On": the next word is of three letters or more, in the same
                    # paragraph, and the corpus has the two words side by side, or it is
                    # a preposition, which no stop comes before: "downward. upon")
                    out.append(Edit(stop, stop + 1, ".", "", "speck-stop", 0.7,
                                    f"a full stop after '{o}' before '{nxt.core}' in lower "
                                    "case: a speck"))
                continue
            # (not a suspended compound's hyphen: "science- and risk-based")
            if o.endswith("-") and o[:-1].isalpha() and nxt is not None and \
                    nxt.key not in ("and", "or", "nor", "to") and \
                    self._is_word(o[:-1]) and not self._is_word(o[:-1] + nxt.core):
                out.append(self._edit(t, o[:-1], "stray-hyphen", 0.8,
                                      f"'{o[:-1]}' is a word, '{o[:-1]}{nxt.core}' is not: a "
                                      "line-end hyphen left in the middle of a line"))
                continue
            quote = "'" if "'" in o[1:-1] else "’" if "’" in o[1:-1] else ""
            if quote and not o.lower().replace("’", "'").endswith(CONTRACTIONS):
                left, _, right = o.partition(quote)
                if left.isalpha() and right.isalpha() and self._is_word(left) and \
                        self._is_word(right) and not self._is_word(o):
                    out.append(self._edit(t, f"{left} {right}", "stray-apostrophe", 0.8,
                                          f"'{left}' and '{right}' are words, '{o}' is not"))
                    continue
            key = o.lower()
            if o.isalpha() and self.index.vocabulary.count(key) == 0 and prev and nxt \
                    and self._is_word(o) and _zipf(key) < CONTEXT_ZIPF and not archaic(key):
                # (a word of common English, 'cord', 'band', 'load', is the page's own
                # though the corpus lacks it: only a rare one is taken for a misreading)
                best = None
                for w in self._near_words(key, 1):
                    c = cost(key, w)
                    before = bigrams.get((prev.key, w), 0)
                    after = bigrams.get((w, nxt.key), 0)
                    if c <= 0.5 and before >= 1 and after >= 1 and before + after >= 4:
                        if best is None or (c, -(before + after)) < best[:2]:
                            best = (c, -(before + after), w)
                if best is not None:
                    c, score, w = best
                    out.append(self._edit(t, _match_case(o, w), "context", round(0.85 - 0.2 * c, 2),
                                          f"the corpus never has '{o}'; '{prev.key} {w}' and "
                                          f"'{w} {nxt.key}' occur {-score}×; OCR confusion "
                                          f"cost {c}"))
                    continue
            if page is not None and o.isalpha() and o.islower() and len(o) >= 2 and prev and \
                    nxt and self.index.vocabulary.count(key) == 0 and t.raw == o and \
                    prev.core[-1:].isalpha() and nxt.raw[:1].isalpha() and \
                    self._is_word(o):
                # (a non-word is the vocabulary rule's: its nearest corpus word)
                slot = self._slot_reading(key, prev.key, nxt.key, page)
                if slot is not None:
                    w, c, pair, seen, score = slot
                    out.append(self._edit(t, w, "context", 0.8,
                                          f"the corpus never has '{o}'; '{prev.key} {w}' and "
                                          f"'{w} {nxt.key}' occur {score}×, no other near "
                                          f"word fits; this page reads '{pair[1]}' as "
                                          f"'{pair[0]}' {seen}× elsewhere; OCR confusion "
                                          f"cost {c}"))
        return out

    def _slot_reading(self, key: str, prev: str, nxt: str, page: _Lazy
                      ) -> tuple[str, float, tuple[str, str], int, int] | None:
        """The corpus word of as many letters, one letter apart (a cheap confusion, at most
        ``SLOT_COST``), that the slot between ``prev`` and ``nxt`` calls for: the corpus has
        it after ``prev`` and before ``nxt`` at least ``SLOT_SUPPORT`` times each, and no
        other near word on either side; and the page's OCR reads its letter as the token's
        in at least ``PAGE_SEEN`` other words (``co`` for ``to`` on a page that has ``noc``
        for ``not`` and ``cuc`` for ``cut``); or at least ``SLOT_STRONG`` times each at a
        cheap confusion (0.5), or three times in all where the page misreads that letter in
        ``PAGE_MANY`` other words or more. Returns (word, cost, (OCR letter, word's
        letter), other words seen, support) or None."""
        bigrams = self.index.bigrams
        found = []
        for w in self._near_words(key, 1):
            if len(w) != len(key) or not w.isalpha():
                continue
            before, after = bigrams.get((prev, w), 0), bigrams.get((w, nxt), 0)
            if not (before or after):
                continue
            found.append((w, before, after))
        # (by place, not by identity: compiled, a tuple is a new object each time it is read)
        fits = [k for k, f in enumerate(found) if f[1] and f[2]]
        if len(fits) != 1 or any(3 * (f[1] + f[2]) > found[fits[0]][1] + found[fits[0]][2]
                                 for k, f in enumerate(found) if k != fits[0]):
            return None  # (another near word fits the slot too, or none on both sides)
        w, before, after = found[fits[0]]
        pair = next((a, b) for a, b in zip(key, w, strict=True) if a != b)
        c = cost(key, w, SLOT_COST)
        if c > SLOT_COST:
            return None
        if min(before, after) >= SLOT_STRONG and c <= 0.5:
            seen = 0  # (the slot calls for it loudly and the confusion is cheap)
        else:
            seen = len(page().get(pair, set()) - {key})  # (other words, not this one again)
            if not (min(before, after) >= SLOT_SUPPORT and seen >= PAGE_SEEN or
                    before + after > SLOT_SUPPORT and seen >= PAGE_MANY):
                return None
        return w, c, pair, seen, before + after

    def _punctuation_noise(self, text: str, t: Token, prev: Token | None, nxt: Token | None
                           ) -> Edit | None:
        """Specks read as punctuation: a mark gluing two words (``have.the``,
        ``cards-have``), a stack of marks where one is printed (``out.;;``), a lone
        ``_``, ``=`` or ``|`` between words (a lone ``:`` or ``;`` is the period's spaced
        punctuation and stays)."""
        raw = t.raw  # (tokens of letters alone do not get here: see _typesetting)
        if _SPECKS.fullmatch(raw) and prev is not None and not (
                _opens_line(text, t.start) and law_number_place(text, t.end)):
            return Edit(t.start, t.end, raw, "", "lone-mark", 0.8,
                        f"'{raw}' stands alone between words: a speck, not punctuation")
        if raw in (",", ";", ":") and prev is not None and prev.raw[-1:] in ".,;:" and \
                (nxt is None or nxt.raw[:1] not in ".,;:"):
            return self._mark_after_mark(text, t, prev, nxt)
        spaced = self._glued_parts(t)
        if spaced is not None:
            return spaced
        glued = _GLUED.fullmatch(t.core)
        if glued:
            left, mark, right = glued.groups()
            pair = (left.lower(), right.lower())
            both = self._is_word(left) and self._is_word(right)
            joined_word = self._is_word(left + right)
            compound = mark == "-" and self.index.vocabulary.is_compound(left, right)
            if both and not joined_word and not compound and (
                    mark != "-" or self.index.bigrams.get(pair, 0) > 0
                    and _function_word_pair(left, right)):
                start = t.core_start + len(left)
                return Edit(start, start + 1, mark, " ", "glued-words", 0.8,
                            f"'{left}' and '{right}' are words glued by '{mark}'"
                            + (f"; '{left} {right}' occurs in the corpus" if
                               self.index.bigrams.get(pair, 0) else ""))
        tail_start = t.core_start + len(t.core) - t.start
        tail = raw[tail_start:]
        if t.key in OPEN_WORDS and tail in (".", ";", ":") and nxt is not None \
                and nxt.core[:1].islower() and nxt.core.isalpha() and t.core != "A":
            # ("A. de Préville": a capital A with a full stop is an initial)
            start = t.start + tail_start
            return Edit(start, start + 1, tail, "", "speck-after-open-word", 0.8,
                        f"'{t.core}{tail} {nxt.core}': no sentence pauses after '{t.core}'")
        mark = _LAW_MARK.match(raw)
        if mark and nxt is not None:
            start = t.start + len(mark.group(1))
            return Edit(start, start + 1, mark.group(2), ".", "law-dash", 0.8,
                        f"'{raw}': a law number ends with a full stop before its dash")
        run_on = _RUN_ON.fullmatch(t.core)
        if run_on and self._is_word(run_on.group(1)) and self._is_word(run_on.group(3)):
            start = t.core_start + len(run_on.group(1))
            return Edit(start, start + len(run_on.group(2)), run_on.group(2), ". ",
                        "run-on-sentence", 0.8,
                        f"'{t.core}': a sentence ends and the next begins without a space")
        if raw[:1] == "-" and raw[1:3].isalpha() and t.core.startswith("-") and \
                len(t.core) > 3 and \
                self._is_word(t.core[1:]) and (prev is None or
                                                     not prev.raw.endswith("-")):
            # (a hyphen before two letters is as often a suffix named: "in -es and -is")
            return Edit(t.core_start, t.core_start + 1, "-", "", "speck-hyphen", 0.75,
                        f"a hyphen before '{t.core[1:]}' joins nothing")
        dash = _LAW_DASH.fullmatch(raw)
        if dash and nxt is not None and nxt.core[:1].isupper():
            if len(dash.group(2)) > 1:
                start = t.start + len(dash.group(1)) + 1
                return Edit(start, t.end, dash.group(2)[1:], "", "law-dash", 0.8,
                            "one dash after a law number")
            return Edit(t.end, nxt.start, " ", "", "law-dash", 0.8,
                        f"'{raw}' is followed directly by the law's first word")
        stacked = _STACKED.match(tail)
        # (after an abbreviation the full stop is its own and the next mark is printed:
        # "14,800 ft.;", "Peterm. Mitt.,": a capitalised word, or a short one the corpus
        # does not have; "cogether.," is a long word misread)
        abbreviation = stacked is not None and (
            stacked.group(0) == ".," and (t.key in ABBREVIATIONS or len(t.core) <= 2)
            or stacked.group(0) == ".:" and t.key in ABBREVIATIONS
            or stacked.group(1) == "." and (not t.core.islower() or (
                len(t.core) <= 5 and not self.index.vocabulary.count(t.key))))
        if stacked and tail[:3] != "..." and t.core.isalpha() and not abbreviation:
            start = t.start + tail_start + 1
            extra = stacked.group(2)
            return Edit(start, start + len(extra), extra, "", "stacked-marks", 0.8,
                        f"'{stacked.group(0)}' after '{t.core}': one mark is printed, the "
                        "rest are specks")
        return self._stray_quote(text, t, prev, nxt)

    def _stray_quote(self, text: str, t: Token, prev: Token | None, nxt: Token | None
                     ) -> Edit | None:
        """A quotation mark no quotation goes with: before a word inside a sentence
        (``may 'call a suit``) that no mark after it in the sentence closes, or after a
        word (``the dealer' omits``) that none before it opens — a speck."""
        core, raw = t.core, t.raw
        lead = raw[:t.core_start - t.start]
        tail = raw[t.core_start - t.start + len(core):]
        if lead not in ("'", "‘") and tail not in ("'", "’"):
            return None  # (most tokens: no quotation mark at an edge)
        if not (core.isalpha() and core.islower() and len(core) > 1 and prev is not None
                and nxt is not None and prev.raw[-1:].isalpha()
                and prev.key not in QUOTING_WORDS and nxt.core[:1].islower()
                and self._is_word(core)):
            return None
        if lead in ("'", "‘") and tail in ("", ",", ".", ";") and core not in ELIDED and \
                not _CLOSING_QUOTE.search(_sentence_after(text, t.core_start)):
            return Edit(t.start, t.start + 1, lead, "", "stray-quote", 0.75,
                        f"'{lead}' before '{core}' inside a sentence, closed by nothing: a "
                        "speck")
        if not lead and tail in ("'", "’") and core[-1] != "s" and \
                not _OPENING_QUOTE.search(_sentence_before(text, t.start)):
            start = t.core_start + len(core)
            return Edit(start, start + 1, tail, "", "stray-quote", 0.75,
                        f"'{tail}' after '{core}' inside a sentence, opened by nothing: a "
                        "speck")
        return None

    def _glued_parts(self, t: Token) -> Edit | None:
        """Words glued by specks, where no single mark glues two (``_GLUED``'s case): a
        stack of marks (``declared,.or``, ``adversary..demands``, ``imperfect,-but``), a
        quote or tilde (``false'lead``, ``A~player``), or three words or more
        (``lose.a.trick``, ``part-of.a``), or two words of a heading in capitals
        (``PLAYED.IN``). Each joint between two words of the language
        (the first of two letters or more, the others in lower case; ``a`` too) whose
        letters run together make none becomes a space, after the comma, semicolon or colon
        it holds if any (``declared, or``); a lone hyphen between them is a compound's
        unless :meth:`_punctuation_noise`'s hyphen test says otherwise, and a stop after an
        abbreviation is its own (``viz.the``)."""
        parts = _JOINTS.split(t.core)
        capitals = t.core.isupper()  # (a heading's: "PLAYED.IN ERROR")
        if len(parts) < 3 or (len(parts) == 3 and len(parts[1]) == 1 and parts[1] not in
                              "'’‘~" and not capitals):
            return None  # (one mark between two words: the rule below)
        words, joints = parts[0::2], parts[1::2]
        if len(words[0]) < 2 or not words[0].isalpha() or any(
                not w.isalpha() or not (w.islower() or capitals and len(w) > 1)
                for w in words[1:]):
            return None
        if not all((self._is_word(w) or _zipf(w.lower()) >= ENGLISH_ZIPF) and
                   w.lower() not in ABBREVIATIONS and (len(w) > 1 or w == "a")
                   for w in words):
            return None  # ("who.is.co": "co" is as likely a garbled "to" as a word)
        out = [words[0]]
        changed = False
        for left, joint, right in zip(words[:-1], joints, words[1:], strict=True):
            keep = next((c for c in joint if c in ",;:"), "")
            ok = not self._is_word(left + right) and not (
                "." in joint and left.lower() in ABBREVIATIONS) and not (
                joint in "'’" and right in ("s", "t", "d", "ll", "re", "ve", "m"))
            if joint == "-":
                ok = ok and not self.index.vocabulary.is_compound(left, right) and \
                    self.index.bigrams.get((left.lower(), right.lower()), 0) > 0 and \
                    _function_word_pair(left, right)
            out.append((keep + " " if ok else joint) + right)
            changed = changed or ok
        if not changed:
            return None
        return Edit(t.core_start, t.core_start + len(t.core), t.core, "".join(out),
                    "glued-words", 0.8,
                    f"'{t.core}': words of the language glued by specks")

    @staticmethod
    def _mark_after_mark(text: str, t: Token, prev: Token, nxt: Token | None
                         ) -> Edit | None:
        """A lone ``,``/``;``/``:`` after a word that ends with a mark. Opening a line, it
        is a speck unless a law's words follow (then it may be all that is left of the
        law's number). Inside a line, it goes if it doubles the mark before it, or ends
        the line after a single mark; other stacks are left (which of their marks was
        printed?), and so is a mark inside a line, which may be all that is left of a
        clause letter (``player ; , takes``)."""
        raw = t.raw
        if "\n" in text[prev.end:t.start]:
            if law_number_place(text, t.end):
                return None
            end = t.end
            while end < len(text) and text[end] in " \t":
                end += 1
            return Edit(t.start, end, text[t.start:end], "", "lone-mark", 0.8,
                        f"'{raw}' opens a line after '{prev.raw[-1]}': a speck")
        doubled = raw == prev.raw[-1]
        line_end = nxt is None or "\n" in text[t.end:nxt.start]
        if doubled or (line_end and prev.raw[-2:-1] not in ".,;:"):
            return Edit(prev.end, t.end, text[prev.end:t.end], "", "stacked-marks", 0.8,
                        f"'{prev.raw[-1]} {raw}': one mark is printed, the rest are specks")
        return None

    def _heading_words(self) -> dict[int, list[tuple[str, list[str]]]]:
        """The corpus' headings of two words or more (ten letters or more), with and
        without a leading article, by their number of words: (heading, its words in lower
        case)."""
        if self._headings is None:
            self._headings = {}
            for h in self.index.headings:
                words = _LETTER_RUN.findall(h.lower())
                for ws in (words, words[1:] if words[:1] in (["the"], ["a"]) else None):
                    if ws and len(ws) >= 2 and len("".join(ws)) >= 10:
                        self._headings.setdefault(len(ws), []).append((h, ws))
        return self._headings

    def _run_in_headings(self, toks: list[Token], base: str) -> list[Edit]:
        """A heading of the corpus run into the text as a sentence of its own (the
        Cyclopædia's ``… (See rule 61). ('ulliinj for new card*. 88. Any …``), its words
        garbled: the tokens from a sentence end to a full stop, before a capital or a
        number, that read as a corpus heading (``CALLING FOR NEW CARDS.``: one word or
        more the same, each other one no word of the language, or holding marks no word
        has, ``card*``, and within a plausible OCR confusion of the heading's word) take
        the heading's words, in the OCR's case (a capital opens the sentence)."""
        headings = self._heading_words()
        out: list[Edit] = []
        if not headings:
            return out
        ends = [i for i, t in enumerate(toks) if t.raw.endswith((".", ")"))]
        stops = {i for i in ends if toks[i].raw.endswith(".")}
        done = 0  # (tokens before this are in a heading already mended)
        for k in [0] + [i + 1 for i in ends]:
            if k < done or k >= len(toks):
                continue
            found = None
            for n, group in headings.items():
                if k + n - 1 not in stops:
                    continue
                span = toks[k:k + n]
                if any(t.raw[:-1].endswith(".") for t in span[:-1]) or \
                        _PARAGRAPH_BREAK.search(base, span[0].start, span[-1].end):
                    continue
                after = toks[k + n] if k + n < len(toks) else None
                if after is not None and not after.raw[:1].isupper() and \
                        not after.raw[:1].isdigit():
                    continue
                keys = ["".join(_LETTER_RUN.findall(t.key)) for t in span]
                for heading, words in group:
                    same = [a == b for a, b in zip(keys, words, strict=True)]
                    if all(same) or not any(same):
                        continue
                    bad = [j for j in range(n) if not same[j]]
                    if any(self._is_word(span[j].core) and not _JUNK.search(span[j].core)
                           for j in bad):
                        continue  # a word of the language: a reading, not a misreading
                    # (the heading's other words anchor it: a dearer misreading than a
                    # word alone may be, as "('ulliinj" for "Calling")
                    if any(cost(span[j].key, words[j], 9.0) > 0.4 * len(words[j]) + 0.6
                           for j in bad):
                        continue
                    found = (span, words, bad, heading)
                    break
                if found is not None:
                    break
            if found is None:
                continue
            span, words, bad, heading = found
            for j in bad:
                t = span[j]
                word = _match_case(t.core, words[j])
                if j == 0 or any(c.isupper() for c in t.raw[:3]):
                    word = word[:1].upper() + word[1:]  # ("('ulliinj": the capital lost)
                new = word + ("." if j == len(span) - 1 else "")
                out.append(Edit(t.start, t.end, t.raw, new, "run-in-heading", 0.8,
                                f"'{' '.join(x.raw for x in span)}' between two sentences "
                                f"reads as the corpus heading '{heading}'"))
            done = k + len(span)
        return out

    def _heading_lines(self, text: str) -> list[Edit]:
        """A line of its own (after a sentence's end or a blank line, before a law or a
        paragraph) that reads as a corpus heading of as many words, some of them garbled
        (small capitals Tesseract misreads: ``Carps Exposep DurING PLay`` for ``CARDS
        EXPOSED DURING PLAY``): one of its words or more the heading's, each other one
        no word of the corpus and a plausible misreading of the heading's (a word of the
        language at most one letter's cost: ``Tue``, ``Leaps``), takes the heading's
        words, in the OCR's case."""
        out: list[Edit] = []
        headings = self._heading_lines_by_size()
        longest = max((len(h) for h in self.index.headings), default=0) + 10
        for m in _LINE.finditer(text):
            if m.end() - m.start() > longest:
                continue  # (a line of running text, longer than any heading)
            words = list(_CHUNKS.finditer(m.group()))
            group = headings.get(len(words))
            if not group or not _set_apart(text, m.start(), m.end()):
                continue
            keys = ["".join(_LETTER_RUN.findall(w.group())).lower() for w in words]
            for heading, hwords in group:
                bad = [j for j in range(len(words)) if keys[j] != hwords[j]]
                if not bad or len(bad) == len(words) or \
                        not all(self._misread_heading_word(keys[j], hwords[j]) for j in bad):
                    continue
                for j in bad:
                    w = words[j]
                    core = _LETTER_RUN.search(w.group())
                    if core is None:
                        continue
                    a = m.start() + w.start() + core.start()
                    b = a + len(core.group())
                    new = _heading_case(core.group(), hwords[j])
                    out.append(Edit(a, b, core.group(), new, "heading-line", 0.8,
                                    f"the line '{m.group().strip()}' reads as the corpus "
                                    f"heading '{heading}'"))
                break
        return out

    def _heading_lines_by_size(self) -> dict[int, list[tuple[str, list[str]]]]:
        """The corpus' headings of two words or more, by their number of words (made once
        a repairer)."""
        if self._heading_sizes is None:
            self._heading_sizes = {}
            for h in self.index.headings:
                words = ["".join(_LETTER_RUN.findall(w)).lower() for w in h.split()]
                if len(words) >= 2 and all(words):
                    self._heading_sizes.setdefault(len(words), []).append((h, words))
        return self._heading_sizes

    def _misread_heading_word(self, key: str, word: str) -> bool:
        """Whether ``key``, a word of a heading line, is a misreading of the corpus
        heading's ``word``: no word of the corpus, and within a plausible OCR confusion
        (one letter's cost if a word of the language)."""
        if not key or self.index.vocabulary.count(key):
            return False
        limit = PLAIN_LETTER if self._is_word(key) else 0.4 * len(word) + 0.6
        return cost(key, word, limit) <= limit

    def _lone_neighbour(self, key: str, ranked: list[tuple[float, int, str]]) -> bool:
        """Whether ``key``, a token of ``LONE_LENGTH`` letters or more, is one letter
        (any letter, at most one substitution's cost) from the first of ``ranked`` and no
        other corpus word is within one letter: a long word garbled in one letter has no
        other reading (``adversanies``, ``dectared``, ``shufhle``), however unusual the
        confusion."""
        if len(key) < LONE_LENGTH or ranked[0][0] > 1.0 or key[:-1] == ranked[0][2]:
            return False  # ("loweste": the last letter a mark misread, "lowest;")
        near = self._near_words(key, 1)
        return near == [ranked[0][2]] and \
            Levenshtein.distance(key, near[0], score_cutoff=1) <= 1

    def _capital_i(self, toks: list[Token], text: str) -> list[Edit]:
        """The capital I of a sentence's first word read as a mark or a digit (``[f the``,
        ``1f the``, ``tf he``, ``Tf he``, ``{t is``), the word perhaps run into the next (``[fa
        player``, ``[fall have``): where a sentence opens (after a full stop, colon or law
        number, or at a paragraph's start), before a word in lower case, the glyph and
        the letter after it make ``If``, ``It``, ``In`` or ``Is`` and what follows, if
        anything, is a word of the language."""
        out: list[Edit] = []
        for i, t in enumerate(toks):
            m = _CAPITAL_I.fullmatch(t.raw)
            if m is None or i + 1 >= len(toks) or not toks[i + 1].raw[:1].islower():
                continue
            number, glyph, rest = m.group("number") or "", m.group("glyph"), m.group("rest")
            prev = toks[i - 1].raw if i else ""
            opens = bool(number) or not prev or prev.endswith((".", ":", ".—")) or \
                _opens_paragraph(text, t.start)
            word, more = "I" + rest[0], rest[1:]
            if not opens or word not in ("If", "It", "In", "Is") or (
                    more and not (self._is_word(more) and more.islower())):
                continue
            if glyph in "1l" and more and self._is_word(glyph + rest):
                continue  # ("lfa"?) a word of its own
            new = number + (" " if number and not number.endswith("—") else "") + word + \
                (" " + more if more else "") + m.group("tail")
            out.append(Edit(t.start, t.end, t.raw, new, "capital-i", 0.8,
                            f"'{t.raw}' opens a sentence before '{toks[i + 1].core}': the "
                            f"capital I of '{word}' read as '{glyph}'"))
        return out

    def _split_glued(self, word: str) -> tuple[str, str, int] | None:
        """Two words run together (``orprior``): the split whose two halves are words and
        most often neighbours in the corpus."""
        best = None
        for k in range(1, len(word)):
            left, right = word[:k], word[k:]
            if (len(left) == 1 and left.lower() not in ("a", "i")) or (
                    len(right) == 1 and right.lower() not in ("a", "i")):
                continue
            count = self.index.bigrams.get((left.lower(), right.lower()), 0)
            if self.index.vocabulary.is_compound(left, right) or left.lower() in PREFIXES:
                continue  # "recut", the corpus's "re-cut": one word, written solid
            if count >= 1 and self._is_word(left) and self._is_word(right) and \
                    (best is None or count > best[2]):
                best = (left, right, count)
        if best is not None and (len(best[0]) == 1 and _lost_letter(word.lower(), True)
                                 or len(best[1]) == 1 and _lost_letter(word.lower(), False)):
            return None  # "aking": "a king", or "taking" with its first letter lost
        if best is not None and _zipf(word.lower()) >= SOLID_ZIPF and not (
                best[0].lower() in FUNCTION_WORDS and best[1].lower() in FUNCTION_WORDS):
            return None  # "afresh", "forthwith": a word English writes solid ("ofthe" is not)
        return best

    def _near_words(self, word: str, distance: int) -> list[str]:
        """Up to 15 corpus words within ``distance`` edits of ``word``, nearest first
        (asked again and again of the same word: a page repeats its misreadings)."""
        near = self._near_cache.get((word, distance))
        if near is None:
            near = self._near_cache[word, distance] = [w for w, _, _ in process.extract(
                word, self._of_length(len(word), distance), scorer=Levenshtein.distance,
                score_cutoff=distance, limit=15)]
        return near

    def _of_length(self, size: int, distance: int) -> list[str]:
        """The corpus words ``distance`` edits can make of a word of ``size`` letters (its
        length give or take ``distance``), in the vocabulary's order, so that ties among
        equally near words fall as they would over the whole list."""
        key = (size, distance)
        if key not in self._words_by_length:
            self._words_by_length[key] = [w for w in self.index.vocabulary.words
                                  if abs(len(w) - size) <= distance]
        return self._words_by_length[key]

    def _without_witness(self, toks: list[Token], done: set[int], base: str = ""
                         ) -> list[tuple[Edit | None, Edit | None]]:
        vocab = self.index.vocabulary
        toks = [_after_law_number(t) if t.core[:1].isdigit() else t for t in toks]
        cache = self._word_cache
        known = [not t.core.isalpha() or (cache[t.core] if t.core in cache else
                                          self._is_word(t.core)) for t in toks]
        out: list[tuple[Edit | None, Edit | None]] = []
        for i, t in enumerate(toks):
            o = t.core
            if t.core_start in done or len(o) < 2 or not o.isalpha() or known[i]:
                continue
            if (i and toks[i - 1].raw.endswith("-")) or (o.isupper() and len(o) > 1):
                # the second half of a word a line break split ("execu- tive", "off- cers"),
                # or capitals (an acronym, a heading): no word to put in its place
                continue
            split = self._split_glued(o)
            if split is not None:
                left, right, count = split
                out.append((self._edit(t, f"{left} {right}", "split-words", 0.8,
                                       f"'{o}' is no word; '{left} {right}' occurs {count}× in "
                                       "the corpus"), None))
                continue
            around = known[max(0, i - 10):i] + known[i + 1:i + 11]
            share = sum(around) / len(around) if around else 1.0
            # not running text in the corpus's language; or, on a page OCR garbled
            # much, a word among others garbled too (its context cannot be trusted)
            if share < KNOWN_SHARE_LOW or (share < KNOWN_SHARE and not (
                    0 < i < len(toks) - 1 and known[i - 1] and known[i + 1])):
                continue
            if o[:1].islower() and t.core_start == t.start and _opens_paragraph(base, t.start):
                continue  # the end of a word a page or column break cut ("ble to prosecute")
            capitals = sum(c.isupper() for c in o) >= len(o) - 1
            if not capitals and _short_paragraph(base, t.start):
                continue  # a heading's line ("Tut Laws oF BRripce"): no running text
            if not capitals and any(
                    len(n.core) > 1 and n.core.isupper() and n.core.isalpha()
                    for n in toks[max(0, i - 1):i + 2] if n is not t):
                continue  # a word not in the capitals of the heading around it ("Tut LAWS")
            if t.raw[:t.core_start - t.start] in _LETTER_MARKS:
                continue  # "[fhe", "'tf": the mark may be a letter OCR lost ("if he")
            prev = toks[i - 1].key if i else ""
            nxt = toks[i + 1].key if i + 1 < len(toks) else ""
            # only the best two and whether they are within 1.1 matter below
            ranked = sorted((cost(o.lower(), w, 1.1), -vocab.count(w), w)
                            for w in self._near_words(o.lower(), 2))
            flag = None if not suspect(o, _zipf) else Edit(
                t.core_start, t.core_start + len(o), o, o, "suspect", 0.0,
                "not a word of the corpus or the language")
            if ranked and ranked[0][0] > 0.6 and not self._lone_neighbour(o.lower(), ranked):
                out.append((None, flag))
                continue  # (but a long token one letter from one corpus word alone: below)
            if not ranked:
                out.append((None, flag))
                continue
            best_cost, _, best = ranked[0]
            if _ROMAN.fullmatch(best):
                out.append((None, flag))  # "iii": a clause's number, not a word
                continue
            margin = 0.5 if len(o) == 2 else 0.3
            if len(o) == 2 and best_cost > 0.5:
                out.append((None, flag))
                continue
            if len(ranked) > 1 and ranked[1][0] < best_cost + margin:
                out.append((None, flag))
                continue
            if vocab.count(best) < 2:
                out.append((None, flag))
                continue
            if archaic(o):
                out.append((None, None))  # "shewn": the printing's spelling, not "shown"
                continue
            new = _match_case(o, best)
            seen = support(self.index.bigrams, prev, best, nxt)
            if not seen and _zipf(o.lower()) >= ENGLISH_ZIPF and \
                    ocr_twin(o.lower(), _zipf) is None:
                # a word English writes ("shew", "Gama"), no misreading of a far commoner
                # one, where the corpus never has its neighbour beside the near word: the
                # printing's spelling ("shuttled" in "be shuttled and cut" is the misreading)
                out.append((None, flag))
                continue
            if any(_zipf(o[:k]) >= COMMON_ZIPF and _zipf(o[k:]) >= COMMON_ZIPF
                   for k in range(1, len(o)) if all(len(x) > 1 or x.lower() in "ai"
                                                    for x in (o[:k], o[k:]))):
                out.append((None, flag))  # "ona": as likely two common words run together
                continue
            confidence = round(0.85 - 0.2 * best_cost + (0.05 if seen else 0), 2)
            out.append((self._edit(t, new, "vocabulary", confidence,
                                   f"no witness; the only corpus word near '{o}' is '{best}' "
                                   f"(OCR confusion cost {best_cost}, {vocab.count(best)}× in "
                                   f"the corpus, {seen}× in this context)"), None))
        return out


_IE_FORMS = frozenset({"ie", "le", "1e", "/e", "ic", "lc", "/c", "je", "te"})
_IE_LOST = frozenset({"i", "/", "l", "1", "t"})  # the "e" lost: "i. .," "/. .,"
_EG_FORMS = frozenset({"eg", "ea", "eq", "cg", "ey", "eo", "cq"})
_ABBREVIATION_CORRECT = re.compile(r"(?:i\. ?e|e\. ?g)\.,?")


class _Lazy:
    """A value made on first call (``_Lazy(make)()``), then kept."""

    def __init__(self, make: Callable[[], dict[tuple[str, str], set[str]]]) -> None:
        self._make = make
        self._value: dict[tuple[str, str], set[str]] | None = None

    def __call__(self) -> dict[tuple[str, str], set[str]]:
        if self._value is None:
            self._value = self._make()
        return self._value


def _page_confusions(edits: list[Edit], toks: list[Token], is_word, count
                     ) -> dict[tuple[str, str], set[str]]:
    """The letters this page's OCR reads for others, and the OCR words that show it: each
    letter of a word a witness edit replaced by one of as many letters (``curn`` →
    ``turn``: (c, t)), and of each token the corpus never uses that one letter makes a
    corpus word far commoner (three times) than any other one letter makes of it
    (``noc`` → ``not``)."""
    out: dict[tuple[str, str], set[str]] = {}
    for e in edits:
        if e.rule not in WITNESS_RULES:
            continue
        for a, b in zip(e.old.split(), e.new.split(), strict=False):
            a, b = a.lower(), b.lower()
            if len(a) == len(b) and a != b and a.isalpha() and b.isalpha():
                diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
                if len(diff) == 1:
                    out.setdefault(diff[0], set()).add(a)
    letters = "abcdefghijklmnopqrstuvwxyz"
    for t in toks:
        o = t.core.lower()
        if len(o) < 2 or not o.isalpha() or count(o):
            continue
        made = sorted(((count(o[:k] + c + o[k + 1:]), o[k], c) for k in range(len(o))
                       for c in letters if c != o[k]), reverse=True)[:2]
        if made and made[0][0] >= 5 and made[0][0] >= 3 * made[1][0]:
            out.setdefault((made[0][1], made[0][2]), set()).add(o)
    return out


def _abbreviations(toks: list[Token], text: str) -> list[Edit]:
    """``i. e.`` and ``e. g.`` as OCR garbles them after a comma, colon, semicolon or
    dash (``ie.``, ``i:e.``, ``i. .,``, ``/. .,``, ``e. a.,``), spaced as the OCR spaces
    them, the comma after kept.

    >>> from wstools.repair.witness import tokens
    >>> text = "changed, i. ., from it; be divided, ie. a player; score: e. a., the"
    >>> [(e.old, e.new) for e in _abbreviations(tokens(text), text)]
    [('i. .,', 'i. e.,'), ('ie.', 'i.e.'), ('e. a.,', 'e. g.,')]
    >>> text = "the rules, i. The first; cards, ie the"
    >>> _abbreviations(tokens(text), text)
    []
    """
    out = []
    for k in range(1, len(toks)):
        before, first = toks[k - 1], toks[k]
        if before.raw[-1:] not in ",;:—(" or len(first.raw) > 4:
            continue
        second = toks[k + 1] if k + 1 < len(toks) else None
        pair = second is not None and len(second.raw) <= 3 and \
            not any(c.isalnum() for c in second.raw) or (
                second is not None and len(second.raw) <= 3 and
                re.fullmatch(r"[a-z]?[.,:]+", second.raw) is not None and
                first.raw.endswith((".", ":")) and len(first.raw) <= 2)
        last = second if pair and second is not None else first
        raw = first.raw + (" " + second.raw if pair and second is not None else "")
        letters = re.sub(r"[^a-z/1]", "", raw.lower())
        stops = sum(raw.count(c) for c in ".:")
        if _ABBREVIATION_CORRECT.fullmatch(raw) or k + 1 + pair >= len(toks):
            continue
        if letters in _IE_FORMS and (stops or letters == "ie" and raw.endswith(",")) or \
                letters in _IE_LOST and pair and stops >= 2:
            word = "i. e." if pair else "i.e."
        elif letters in _EG_FORMS and stops:
            word = "e. g." if pair else "e.g."
        else:
            continue
        new = word + ("," if raw.endswith(",") else "")
        if "\n" in text[first.start:last.end]:
            continue
        out.append(Edit(first.start, last.end, text[first.start:last.end], new,
                        "abbreviation", 0.8,
                        f"'{raw}' after '{before.raw[-1]}': the abbreviation "
                        f"'{word}' as OCR garbles it"))
    return out


_SPECK_RUN = re.compile(r"(?<=[^\W\d_]\.)((?:[ \t]+[.,;:]{1,2}){3,})[ \t]*(?=\n[ \t]*\n|\Z)")


# a clause's label where a law, a clause or a title ends: roman numerals (I., II., III.)
# as OCR reads their strokes (IL., Il., IIL., IH., Il,) and the ordinal 1st. (Ist., lst.)
_NUMERAL_PLACE = r"(?:^|(?<=—)|(?<=\.-)|(?<=\d\.[ \t]))[ \t]*"
_GARBLED_NUMERAL = re.compile(
    r"(?m)" + _NUMERAL_PLACE +
    r"(?P<label>(?P<roman>I[ILl|hH]{1,2}|[l|][IiLl|]{1,2})|(?P<ordinal>[Iil|]st|i1st))"
    r"(?P<mark>[.,])(?=[ \t]+[A-Z])")
_CLEAN_NUMERAL = re.compile(r"(?m)" + _NUMERAL_PLACE + r"(?:I|II|III|IV|V|VI)\.[ \t]+[A-Z]")


_ANY_NUMERAL = re.compile(r"(?m)" + _NUMERAL_PLACE + r"(?P<tok>[IVXLl|1]{1,4})[.,](?=[ \t]+[A-Z])")


def _last_numeral(text: str, at: int) -> str | None:
    """The roman label (as its strokes read) of the last clause before ``at`` within
    600 characters, clean or garbled: ``II`` for ``…II. If…`` or ``…IL. If…``."""
    last = None
    for m in _ANY_NUMERAL.finditer(text, max(0, at - 600), at):
        last = re.sub(r"[Ll|1]", "I", m.group("tok"))
    return last


def _clause_numerals(text: str) -> list[Edit]:
    """Clause labels OCR garbled, read as the page labels its clauses: a roman numeral of
    two or three strokes where a law, a clause or a run-in title ends, before a capital
    (``IL.``, ``Il.``, ``IIL.`` for ``II.``, ``III.``), on a page with clean roman labels
    too; the ordinal ``1st.`` as ``Ist.``/``lst.`` (no word of the language). Law numbers
    (``11.``) are the sequence's to read, never a numeral's.

    >>> text = "I. The dealer.\\n\\nIL. If a card.\\n\\n7.—Ist. The player"
    >>> [(e.old, e.new) for e in _clause_numerals(text)]
    [('IL.', 'II.'), ('Ist.', '1st.')]
    >>> _clause_numerals("IL. If a card")  # no clean roman label: whose style?
    []
    >>> t = "I. The dealer.\\n\\nIL. If a card.\\n\\nIL. If two cards"
    >>> [(e.old, e.new) for e in _clause_numerals(t)]  # (the second: III. to the sequence)
    [('IL.', 'II.')]
    """
    out = []
    roman = _CLEAN_NUMERAL.search(text) is not None
    for m in _GARBLED_NUMERAL.finditer(text):
        label, mark = m.group("label"), m.group("mark")
        if m.group("ordinal"):
            new = "1st."
        elif roman and (label != "I" * len(label) or mark == ","):
            new = "I" * len(label) + "."
            if _last_numeral(text, m.start()) == new[:-1]:
                continue  # (the label before reads the same: a stroke lost or run into
                # another, "IL." for III. after II.; the page model's sequence reads it)
        else:
            continue
        out.append(Edit(m.start("label"), m.end("mark"), label + mark, new, "clause-numeral",
                        0.8, f"'{label}{mark}' opens a clause before a capital: the "
                        f"label '{new}' as OCR reads its strokes"))
    return out


def _speck_runs(text: str) -> list[Edit]:
    """Runs of spaced marks ending a paragraph after its full stop, with a mark other
    than a full stop among them (so no ellipsis): specks.

    >>> [(e.old, e.new) for e in _speck_runs("the faces of the cards. . . . . ,\\n\\nA cut")]
    [(' . . . . ,', '')]
    >>> _speck_runs("he said. . . .\\n\\nA cut")
    []
    """
    out = []
    for m in _SPECK_RUN.finditer(text):
        if set(m.group(1)) - set(". \t"):
            out.append(Edit(m.start(1), m.end(1), m.group(1), "", "speck-run", 0.8,
                            f"'{m.group(1).strip()}' after the paragraph's full stop: specks"))
    return out


def _opens_paragraph(text: str, start: int) -> bool:
    """Whether ``start`` opens the text or a paragraph (a blank line before it).

    >>> _opens_paragraph("one.\\n\\nner, have", 6), _opens_paragraph("one\\nner", 4)
    (True, False)
    """
    before = text[:start]
    return not before.strip() or re.search(r"\n[ \t]*\n[ \t]*\Z", before) is not None


def _short_paragraph(text: str, start: int, words: int = 8) -> bool:
    """Whether ``start`` is on a line that is a paragraph of its own of at most ``words``
    words (a heading, a caption).

    >>> _short_paragraph("A law.\\n\\nTut Laws oF BRripce (1904):\\n\\nThe", 9)
    True
    >>> _short_paragraph("A law.\\n\\nTut Laws oF BRripce (1904):\\nThe", 9)
    False
    """
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", start)
    b = len(text) if b < 0 else b
    if len(text[a:b].split()) > words or not _opens_paragraph(text, a):
        return False
    return not text[b:].strip() or re.match(r"\n[ \t]*\n", text[b:]) is not None


def _opens_line(text: str, start: int) -> bool:
    """Whether only whitespace and marks come before ``start`` on its line."""
    line_start = text.rfind("\n", 0, start) + 1
    return not any(c.isalnum() for c in text[line_start:start])


def _after_law_number(t: Token) -> Token:
    """The word of a token that begins with a law number (``15.—Ifa``), as a token."""
    prefix = _LAW_PREFIX.match(t.core)
    if prefix is None or not t.core[prefix.end():].isalpha():
        return t
    word = t.core[prefix.end():]
    return Token(t.start, t.end, t.raw, t.core_start + prefix.end(), word, word.lower())


def _match_case(model: str, word: str) -> str:
    """``word`` in the case of ``model``: capitals throughout if ``model`` has them but
    for a letter or two OCR read in lower case.

    >>> _match_case("NlNE", "nine"), _match_case("Tbe", "the"), _match_case("tbe", "the")
    ('NINE', 'The', 'the')
    >>> _match_case("Ied", "led")  # the capital I was the misread l
    'led'
    """
    if model[:1] == "I" and word[:1] == "l":
        return word
    letters = [c for c in model if c.isalpha()]
    upper = sum(c.isupper() for c in letters)
    if len(letters) > 1 and (model.isupper() or (len(letters) > 3 and
                                                 upper >= len(letters) - 1)):
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _heading_case(model: str, word: str) -> str:
    """``word`` in the case of a heading's word as OCR read it: capitals if most of its
    letters are; else its first letter's case (small capitals read in lower case).

    >>> _heading_case("Carps", "cards"), _heading_case("PLayep", "played")
    ('Cards', 'Played')
    >>> _heading_case("EXPOSEP", "exposed")
    'EXPOSED'
    """
    upper = sum(c.isupper() for c in model)
    if upper > len(model) / 2:
        return word.upper()
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def _set_apart(text: str, start: int, end: int) -> bool:
    """Whether the line ``text[start:end]`` stands apart: after the text's start, a blank
    line or a line ending a sentence, and before the text's end, a blank line or a line
    opening with a capital or a number."""
    before = text[max(0, start - 200):start].rstrip(" \t")
    after = text[end:end + 200].lstrip(" \t")
    # (the whole text before or after is read only where the 200 characters are blank)
    opens = not before.strip() and not text[:start].strip() or before.endswith("\n\n") or \
        before.rstrip()[-1:] in ".:;"
    closes = not after.strip() and not text[end:].strip() or after.startswith("\n\n") or \
        after.lstrip()[:1].isupper() or after.lstrip()[:1].isdigit()
    return opens and closes


_LINE = re.compile(r"(?m)^[ \t]*[^\W\d_][^\n]*$")
PLAIN_LETTER = 1.0  # one letter's plain cost: a heading's word misread as a word
_COVERED = re.compile(rb"\x01+")


def _touched(toks: list[Token], covered: bytearray) -> set[int]:
    """The ``core_start`` of every token that overlaps a covered byte.

    >>> toks = tokens("one two three four")
    >>> sorted(_touched(toks, bytearray(b"\\0" * 5 + b"\\1" * 2 + b"\\0" * 11)))
    [4]
    """
    starts = [t.start for t in toks]
    out = set()
    for run in _COVERED.finditer(covered):
        a, b = run.span()
        k = bisect.bisect_left(starts, a)
        if k and toks[k - 1].end > a:
            k -= 1  # a token that begins before the run and reaches into it
        while k < len(toks) and toks[k].start < b:
            out.add(toks[k].core_start)
            k += 1
    return out


def _no_overlaps(edits: list[Edit]) -> list[Edit]:
    out: list[Edit] = []
    for e in edits:
        if out and e.start < out[-1].end:
            continue
        out.append(e)
    # a move is all its edits or nothing (the words taken out and put back)
    kept = Counter(e.evidence for e in out if e.rule == "witness-move")
    whole = Counter(e.evidence for e in edits if e.rule == "witness-move")
    return [e for e in out if e.rule != "witness-move" or kept[e.evidence] == whole[e.evidence]]


def _line_shaped(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` opens or ends a line: what Tesseract reads out of order
    is lines (a column's, or the end of one put below the next), not words amid a line.

    >>> _line_shaped("a b\\nc d e\\nf", 4, 7), _line_shaped("a b c d e", 2, 5)
    (True, False)
    """
    return any(_line_edges(text, start, end))


def _line_edges(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether ``text[start:end]`` opens its line and whether it ends it (only blanks
    between)."""
    stop = text.find("\n", end)
    return (not text[text.rfind("\n", 0, start) + 1:start].strip(),
            not text[end:len(text) if stop < 0 else stop].strip())


def _trimmed(run: Run, text: str, wanted: set[str], front: bool) -> Run:
    """``run`` without the words at its start (``front``) or end whose letters (marks
    left out, lower case) are none of ``wanted``; empty if none is.

    >>> t = "EXECUTIVE ORDER 13078 Secretary of Labor"
    >>> r = _trimmed(Run(0, len(t), -1, False, "", t), t, {"secretary", "of", "labor"}, True)
    >>> t[r.start:r.end]
    'Secretary of Labor'
    """
    spans = [m.span() for m in _CHUNKS.finditer(text, run.start, run.end)]
    while spans and not _wanted(_MARKLESS.sub("", text[slice(*spans[0 if front else -1])])
                                .lower(), wanted):
        spans = spans[1:] if front else spans[:-1]
    if not spans:
        return run._replace(end=run.start)
    return run._replace(start=spans[0][0], end=spans[-1][1])


_MARKLESS = re.compile(r"[\W_]+")


def _wanted(key: str, wanted: set[str]) -> bool:
    """Whether ``key`` is one of ``wanted`` or an OCR misreading of one (``identity``)."""
    return key in wanted or any(Levenshtein.normalized_similarity(key, w) >= 0.75
                                for w in wanted)


def _moved(found: list[Move], text: str, covered: bytearray, label: str) -> list[Edit]:
    """The edits of each move (:func:`.align.moves`): the OCR's words taken out of where
    Tesseract read them (with the space before them, or the line breaks where they were
    lines of their own) and put back, as the OCR reads them, where the witness has them.
    Not where another edit is."""
    out: list[Edit] = []
    for m in found:
        cuts = []
        wanted = set(m.to.keys.split())
        gone = list(m.gone)
        # (words at the ends the witness's run has not stay: a heading's, the other
        # column's, "EXECUTIVE ORDER 13078" before the misplaced line)
        gone[0] = _trimmed(gone[0], text, wanted, front=True)
        gone[-1] = _trimmed(gone[-1], text, wanted, front=False)
        if any(g.start >= g.end for g in gone) or \
                not any(_line_shaped(text, g.start, g.end) for g in gone):
            continue  # (words a printing has in another order, not lines read out of it)
        for g in gone:
            a, b = g.start, g.end
            line_start, line_end = _line_edges(text, a, b)
            if line_end and text[:a].strip():
                while a > 0 and text[a - 1].isspace():
                    a -= 1  # the end of a line (or lines of their own): the break before goes
            elif line_start:
                while b < len(text) and text[b] in " \t":
                    b += 1  # the start of a line: the space after the words goes
            else:
                while a > 0 and text[a - 1] in " \t":
                    a -= 1
            cuts.append((a, b))
        at = m.to.at
        if any(any(covered[a:b]) or a < at < b for a, b in cuts) or \
                any(covered[max(0, at - 1):at + 1]) or \
                any(x[1] > y[0] for x, y in zip(cuts, cuts[1:], strict=False)):
            continue
        words = " ".join(" ".join(text[g.start:g.end].split()) for g in gone)
        evidence = (f"{label}: '{m.to.words}' {'after' if m.to.after else 'before'} "
                    f"'{text[at - 12:at] if m.to.after else text[at:at + 12]}'; OCR read "
                    f"the words out of order (move {cuts[0][0]}-{cuts[-1][1]} to {at})")[:200]
        for a, b in cuts:
            out.append(Edit(a, b, text[a:b], "", "witness-move", 0.8, evidence))
            covered[a:b] = b"\x01" * (b - a)
        out.append(Edit(at, at, "", " " + words if m.to.after else words + " ",
                        "witness-move", 0.8, evidence))
        covered[max(0, at - 1):at + 1] = b"\x01" * (min(len(text), at + 1) - max(0, at - 1))
    return out


def repair(text: str, corpus: Path | None = None, min_confidence: float = MIN_CONFIDENCE,
           rules: str = "", law: bool | None = None) -> RepairResult:
    """Repair ``text`` with the corpus in ``corpus`` (default: the project's)."""
    return Repairer.load(corpus, min_confidence, rules).repair(text, law=law)
