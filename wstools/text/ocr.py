"""Fixes for printing and OCR habits: broken words, spacing, ``Ac.``, ligatures, long s."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import regex

from .fix import Fixed, substitute
from .vocabulary import COMMON_WORDS, EMPTY, Vocabulary

# found from the hyphen, the word before it captured in a lookbehind (thirty times
# faster than trying every letter as the start of a match)
_WHOLE_WORD = regex.compile(r"(?<![\p{L}-])\p{L}+(?:-\p{L}+)*(?![\p{L}-])")
_HYPHEN_BREAK = regex.compile(
    r"(?<=(?<![\p{L}-])((?:\p{L}+-)*\p{L}+))[-\u00AD]([ \t]*\n[ \t]*|[ \t]+)(\p{L}+)")


def join_hyphenated_breaks(text: str, vocabulary: Vocabulary = EMPTY) -> Fixed:
    """Join words the printer broke at a line end (``de- tached``, ``enter-\\ntained``).

    The word list decides: a join that makes a known word is made; a known compound
    keeps its hyphen (``left- hand`` → ``left-hand``); two real words whose join is not a
    word (``during- the``) are left alone; otherwise a fragment is joined to its rest.

    >>> v = Vocabulary.from_texts(["detached left-hand during the"])
    >>> join_hyphenated_breaks("A card de- tached from", v).text
    'A card detached from'
    >>> join_hyphenated_breaks("his left-\\nhand adversary", v).text
    'his left-hand adversary'
    >>> join_hyphenated_breaks("a player naming it at any time during- the play", v).text
    'a player naming it at any time during- the play'
    >>> join_hyphenated_breaks("re- deal, re-deal", Vocabulary.from_texts(["re-deal"])).text
    're-deal, re-deal'

    A compound broken at its own hyphen keeps it (both halves are words, the join is not);
    wordfreq's statistics stand in where the word list is silent:

    >>> join_hyphenated_breaks("a well-\\nknown and self-\\nevident to-\\nday", v).text
    'a well-known and self-evident to-day'

    (``to-day``, ``co-operate``: the hyphen printings of the period keep, though English
    now writes them closed.)

    A fragment before a whole common word in mid-line is a misread word and a speck, not
    a word the printer broke:

    >>> join_hyphenated_breaks("until cach plaver- has nine cards", v).text
    'until cach plaver- has nine cards'
    >>> join_hyphenated_breaks("and the communi- tne middle course", v).text
    'and the communi- tne middle course'

    Where the text itself prints the compound closed more often than hyphenated, its
    spelling wins:

    >>> join_hyphenated_breaks("Italian Somali-\\nland and British Somaliland", v).text
    'Italian Somaliland and British Somaliland'

    A capital after the hyphen keeps it (``Anglo-Saxon``, ``ex-President``), a compound
    broken at one of its hyphens is read from its last part, and a name no list knows is
    left as printed:

    >>> join_hyphenated_breaks("the Anglo-\\nSaxon, brother-in-\\nlaw and Fitz-\\nwilliam", v).text
    'the Anglo-Saxon, brother-in-law and Fitz-\\nwilliam'
    """
    seen: dict[str, int] | None = None

    def elsewhere(form: str) -> int:  # how often the text itself prints a form, whole
        nonlocal seen
        if seen is None:
            seen = printed_forms(text)
        return seen.get(form.lower(), 0)

    language: str | None = None

    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        nonlocal language
        if language is None:
            language = page_language(text)
        *chain, left = m.group(1).split("-")
        right, line_end = m.group(3), "\n" in m.group(2)
        if text[m.end(1)] == "\u00ad":  # a soft hyphen: where the word may break, no hyphen
            return (m.group(1) + right, 0.95, "a soft hyphen marks a break, not a hyphen") \
                if line_end else None
        if right[0].isupper():
            if left.isupper() and right.isupper():
                return None  # a word in capitals broken ("CHAP-" / "TER"): left as printed
            return capitalised_compound(m.group(1), right) if line_end else None
        reading = hyphen_break_reading(left, right, vocabulary, elsewhere,
                                       line_end=line_end, after=text[m.end():m.end() + 1],
                                       language=language)
        if reading is not None and reading[1] <= 0.7 and left[:1].isupper() and not chain \
                and right.lower() not in COMMON_WORDS:
            return None  # a name broken ("Fitz-" / "william"): no word list knows it
        if reading is None or not chain:
            return reading
        if "-" in reading[0] and len(left) > 3:
            return None  # "consumer-facing-⏎web": a chain's own words are short ("in-law")
        return "-".join(chain) + "-" + reading[0], *reading[1:]  # "father-in-⏎law"

    return substitute(text, _HYPHEN_BREAK, "hyphen-join", decide, start_group=1)


def printed_forms(text: str) -> dict[str, int]:
    """How often ``text`` prints each whole word (hyphenated compounds as one), case folded.

    >>> printed_forms("To-day and to-day, today")["to-day"]
    2
    """
    seen: dict[str, int] = {}
    for w in _WHOLE_WORD.findall(text):
        seen[w.lower()] = seen.get(w.lower(), 0) + 1
    return seen


def hyphen_break_reading(left: str, right: str, vocabulary: Vocabulary,
                         elsewhere: Callable[[str], int], line_end: bool = True,
                         after: str = "", language: str = "en"
                         ) -> tuple[str, float, str] | None:
    """How a word the printer broke as ``left-`` / ``right`` is read: the word (closed, or a
    compound with its hyphen), a confidence and the evidence; None to leave the break.
    ``elsewhere(form)`` is how often the text (a page, or a whole book) prints ``form``;
    ``line_end``: the break is at a line's (or a page's) end, not a hyphen in mid-line.

    >>> none = lambda form: 0
    >>> hyphen_break_reading("de", "tached", EMPTY, none)[0]
    'detached'
    >>> hyphen_break_reading("to", "day", EMPTY, none)[0]
    'to-day'
    >>> hyphen_break_reading("dis", "cards", EMPTY, lambda form: {"discards": 3}.get(form, 0))[0]
    'discards'
    """
    def word(w: str) -> bool:  # (two letters are a word only in the list: "bo", "de")
        return vocabulary.is_word(w) or len(w) > 2 and _english(w)

    joined = left + right
    if right.lower() in _SUSPENDED_BEFORE and after != "-" and not (
            word(joined) or _foreign_zipf(joined, language) >= 3.0):
        return None  # a suspended hyphen: "pre- and post-war", "Haupt- und Nebensätze"
    if language != "en":
        return _foreign_reading(left, right, language, elsewhere)
    if vocabulary.is_compound(left, right) and (
            vocabulary.compounds[f"{left}-{right}".lower()] >= vocabulary.count(joined)):
        return f"{left}-{right}", 0.9, f"'{left}-{right}' is a compound in the word list"
    closed, open_ = elsewhere(joined.lower()), elsewhere(f"{left}-{right}".lower())
    if line_end and word(left) and word(right):
        # a compound or one word: the text's own spelling decides first
        if closed > open_:  # "Somaliland" 16 times
            return joined, 0.85, (f"the text prints '{joined}' {closed} time"
                                  f"{'s' if closed > 1 else ''} elsewhere")
        if open_ > closed:  # "coast-line" 11 times
            return f"{left}-{right}", 0.85, (f"the text prints '{left}-{right}' {open_} "
                                             f"time{'s' if open_ > 1 else ''} elsewhere")
    if line_end and period_hyphen(left, right) and word(right) and \
            vocabulary.count(joined) <= vocabulary.compounds[f"{left}-{right}".lower()]:
        return f"{left}-{right}", 0.8, (f"'{left}-{right}': printings of the period "
                                        "keep this hyphen (to-day, co-operate)")
    if vocabulary.is_word(joined):
        return joined, 0.95, f"'{joined.lower()}' is in the word list"
    if _english(joined):
        return joined, 0.9, f"'{joined.lower()}' is a word of English (wordfreq)"
    if word(left) and word(right):
        if not line_end:
            return None  # "during- the" in mid-line: a speck, not a break
        if _closed_usual(left, right):  # "spear- head": English writes it closed
            return joined, 0.75, (f"'{joined.lower()}' is written closed in English "
                                  f"(wordfreq Zipf {_closed_zipf(joined):.1f})")
        # a compound broken at its own hyphen: the hyphen stays ("well-known")
        return f"{left}-{right}", 0.7, (f"'{left}' and '{right}' are words and "
                                        f"'{joined.lower()}' is not: a compound")
    if not line_end and (right.lower() in COMMON_WORDS or _misread_common(right.lower())):
        # "plaver- has", "communi- tne": in mid-line, before a common word (or one
        # misread: "tne"), the hyphen is a speck after a misread word or a margin's
        # word set into the line, not a word the printer broke
        return None
    if not line_end and word(left) and _closed_zipf(right) >= MID_LINE_WORD_ZIPF:
        # in mid-line, two words whose join is none ("govern- sultanate"): as often two
        # columns OCR interleaved as a break; the hyphen, their clue, stays (a fragment on
        # either side is a broken word's: "bo- fore", "enter- tainedunless")
        return None
    missing = [p for p in (left, right) if not word(p)]
    return joined, 0.8, f"'{'/'.join(missing)}' is not a word on its own"


# the conjunctions after a suspended hyphen, the compound's second part then to come
# ("pre- and post-war", "Ost- und Westpreußen", "chemins de fer- et tram-"): their hyphen
# keeps its space
_SUSPENDED_BEFORE = frozenset("and or nor und oder et ou ni".split())
# the function words that tell a page's language (the most common of each)
_FUNCTION_WORDS = {
    "en": frozenset("the of and to is in that it for with was as on be by this which his he "
                    "are at".split()),
    "fr": frozenset("le la les des du et est que qui dans une un il elle ne pas sur au aux ce "
                    "cette sont avec pour par nous vous je se son sa ses leur".split()),
    "de": frozenset("der die das und ist nicht ein eine den dem des zu mit sich auf für von "
                    "im sie es auch als wie dass wird".split()),
    "es": frozenset("el los las del que y en una por con para se su al lo como pero".split()),
    "it": frozenset("il di che della del gli per con non sono nel alla una anche come".split()),
    "la": frozenset("et est in non ad cum quod qui quae sed ut ex enim autem atque".split()),
}


def page_language(text: str) -> str:
    """The language of ``text`` by its commonest words: ``en`` unless the words of another
    outnumber English's (at least two, more than twice as many: a French quotation on an
    English page leaves it English); ``und`` when two others are as likely.

    >>> page_language("Il n'est peut-être pas inutile"), page_language("the lead ; le roi")
    ('fr', 'en')
    >>> page_language("die Ein- und Ausfuhr"), page_language("A card de- tached from")
    ('de', 'en')
    >>> page_language("Gallia est omnis divisa in partes tres, quarum unam qui ipsorum")
    'la'
    >>> page_language("Le roi et la reine : he said it was the best of all, and left")
    'en'
    """
    words = regex.findall(r"\p{L}+", text.casefold())
    counts = {lang: sum(1 for w in words if w in table)
              for lang, table in _FUNCTION_WORDS.items()}
    english = counts.pop("en")
    ranked = sorted(counts, key=lambda lang: -counts[lang])
    if counts[ranked[0]] < 2 or counts[ranked[0]] <= 2 * english:
        return "en"
    # two languages as likely ("est", "qui": French or Latin): undetermined, no word list
    return "und" if counts[ranked[1]] == counts[ranked[0]] else ranked[0]


def _foreign_reading(left: str, right: str, language: str, elsewhere: Callable[[str], int]
                     ) -> tuple[str, float, str] | None:
    """A line-end break read on a page not in English: the page's own spelling, then the
    word list of its language (wordfreq): the join when it is a word; the hyphen kept when
    both parts are words and the join is not, in French (``peut-être``, ``quatre-vingts``);
    None, the break left, in doubt (no English statistics decide a French or German word).

    >>> _foreign_reading("peut", "être", "fr", lambda form: 0)[0]
    'peut-être'
    >>> _foreign_reading("déve", "loppement", "fr", lambda form: 0)[0]
    'développement'
    >>> _foreign_reading("Haupt", "sätze", "la", lambda form: 0) is None
    True
    """
    joined, hyphened = left + right, f"{left}-{right}"
    closed, open_ = elsewhere(joined.lower()), elsewhere(hyphened.lower())
    if closed != open_:
        form, times = (joined, closed) if closed > open_ else (hyphened, open_)
        return form, 0.85, f"the text prints '{form}' {times} time{'s' if times > 1 else ''} " \
                           "elsewhere"
    if _foreign_zipf(joined, language) >= 3.0:
        return joined, 0.85, f"'{joined.lower()}' is a word of the page's language " \
                             f"({language}, wordfreq)"
    if language == "fr" and min(_foreign_zipf(left, language),
                                _foreign_zipf(right, language)) >= 3.0:
        return hyphened, 0.7, (f"'{left}' and '{right}' are French words and "
                               f"'{joined.lower()}' is not: a compound keeps its hyphen")
    return None


@lru_cache(maxsize=10_000)
def _foreign_zipf(word: str, language: str) -> float:
    """How common ``word`` is in ``language`` (wordfreq's Zipf; 0 for English, read by
    :func:`_english`, and for a language wordfreq has no list of)."""
    if language == "en":
        return 0.0
    try:
        from wordfreq import available_languages, zipf_frequency
    except ImportError:  # pragma: no cover - wordfreq is a dependency
        return 0.0
    if language not in available_languages():
        return 0.0
    return float(zipf_frequency(word.lower(), language))


# the first words of compounds whose second part is a proper name ("pre-Raphaelite",
# "anti-English", "trans-Atlantic")
_PREFIXES = frozenset("pre post anti non pro mid ex neo pan trans sub super semi quasi ultra "
                      "inter counter over under un".split())


def capitalised_compound(left: str, right: str) -> tuple[str, float, str] | None:
    """A line-end break before a capital: a compound broken at its own hyphen when both parts
    are names (``Anglo-⏎Saxon``, ``West-⏎Saxons``, ``Saint-⏎Denis``) or a prefix precedes a
    name (``pre-⏎Raphaelite``), one of them a word: joined, the hyphen kept. None otherwise (a
    dash OCR read as a hyphen before a sentence: ``said-⏎The``; a word broken whose rest
    OCR read with a capital: ``Agricu-⏎Iture``).

    >>> capitalised_compound("Anglo", "Saxon")[0], capitalised_compound("pre", "Raphaelite")[0]
    ('Anglo-Saxon', 'pre-Raphaelite')
    >>> capitalised_compound("Smith", "The"), capitalised_compound("said", "Then")
    (None, None)
    >>> capitalised_compound("Agricu", "Iture"), capitalised_compound("Hea", "Ith")
    (None, None)
    """
    *chain, last = left.split("-")
    if not regex.fullmatch(r"\p{Lu}\p{Ll}+", right) or right.lower() in COMMON_WORDS or any(
            right.lower() in table for table in _FUNCTION_WORDS.values()):
        return None  # ("The", "Le", "Die": a sentence's first word)
    if not (regex.fullmatch(r"\p{Lu}\p{Ll}+", last) or last.lower() in _PREFIXES):
        return None
    if right[0] == "I" and _english(last + "l" + right[1:]) or not (
            _english(last) or _english(right) or last.lower() in _PREFIXES):
        return None  # a word broken, its rest's l read as I ("Agricu-⏎Iture", "Hea-⏎Ith")
    return f"{left}-{right}", 0.8, (f"'{last}' and '{right}' open with capitals: a compound "
                                    "broken at its own hyphen")


# how common the closed form of two words broken at a line end must be to be written closed
# ("spearhead" 2.8, "bondholders" 2.8, "borderlands" 3.0; not "seacoast" 2.4, which EB1911
# prints "sea-coast", nor "wellknown" 1.6). Measured on EB1911's AFRICA OCR and its proofread
# text; in doubt the printed hyphen stays.
CLOSED_ZIPF = 2.5
# how common a word after a hyphen in mid-line must be to be a word of its own there, not the
# end of a broken one ("sultanate" 2.4; not "tained" 1.2)
MID_LINE_WORD_ZIPF = 2.0


# how much rarer than the rarer of its two words a closed form may be and still be the usual
# way to write them ("spearhead" 0.9 below "spear", "seaport" 1.8 below "port"; not
# "icecream", 2.1 below "cream": English writes "ice-cream" or "ice cream")
CLOSED_BELOW_PART = 2.0


def _closed_usual(left: str, right: str) -> bool:
    """English writes the two words ``left`` and ``right`` closed: the closed form common
    (Zipf ``CLOSED_ZIPF``), and not far rarer than its rarer word (``CLOSED_BELOW_PART``),
    which would tell an open or hyphenated compound whose closed form is a misspelling.

    >>> _closed_usual("spear", "head"), _closed_usual("ice", "cream")
    (True, False)
    """
    closed = _closed_zipf(left + right)
    return closed >= CLOSED_ZIPF and closed >= min(
        _closed_zipf(left), _closed_zipf(right)) - CLOSED_BELOW_PART


def _closed_zipf(word: str) -> float:
    from .english import zipf
    return float(zipf(word.lower()))


def period_hyphen(left: str, right: str) -> bool:
    """A compound printings before the 1930s hyphenate where English now writes it closed:
    ``to-day``, ``to-morrow``, ``to-night``, the compass's ``north-west``, and a prefix
    before the vowel it ends with (``co-operate``, ``co-ordinate``, ``re-enter``,
    ``pre-eminent``).

    >>> period_hyphen("to", "day"), period_hyphen("co", "operative")
    (True, True)
    >>> period_hyphen("north", "west"), period_hyphen("South", "eastern")
    (True, True)
    >>> period_hyphen("to", "wards"), period_hyphen("re", "cover")
    (False, False)
    """
    low, rest = left.lower(), right.lower()
    if low == "to":
        return rest in ("day", "morrow", "night")
    if low in ("north", "south"):  # the compass's points: north-west, south-eastern
        return rest.startswith(("east", "west"))
    return low in ("co", "re", "pre") and rest[:1] == low[-1:]


def _misread_common(token: str) -> bool:
    """A three-letter token one letter off a common three-letter word (``tne``, ``tbe``
    for ``the``; ``aud`` for ``and``) and no word itself.

    >>> _misread_common("tne"), _misread_common("the"), _misread_common("eired")
    (True, False, False)
    """
    if len(token) != 3 or token in COMMON_WORDS or _english(token):
        return False
    return any(len(w) == 3 and sum(a != b for a, b in zip(w, token, strict=True)) == 1
               for w in COMMON_WORDS)


@lru_cache(maxsize=100_000)
def _english(word: str) -> bool:
    """A word of English by wordfreq's statistics (Zipf ≥ 3: "floodwater" is not); its list
    read from the cache (:mod:`wstools.text.english`), wordfreq imported only when cold."""
    from .english import zipf
    return zipf(word.lower()) >= 3.0


# found from the mark, the space before it captured in a lookbehind (see _HYPHEN_BREAK)
_SPACE_BEFORE = regex.compile(
    r"(?<=[\p{L}\p{N}.)’'\"\]]([ \t\u00a0\u2009\u202f]+))([,;:?!.])(?=\s|$)")
# words printed with a stop that the next word may follow in capitals or figures ("No . 5",
# "Mr . Smith"): a space OCR set inside one is left, it may be the print's
_ABBREVIATIONS = frozenset(
    "no nos mr mrs messrs dr st viz vol vols p pp ch chap art arts sec sect fig figs cf ed "
    "eds esq rev gen col capt lieut hon jun sen co vs etc ibid id op cit ms mss".split())
# words a sentence does not end with (a speck after one is no stop)
_NO_SENTENCE_END = frozenset(
    "of on to the a an and or in for by with from at as that than into upon nor under "
    "through".split())
# words that open a sentence: inside a line, a stop after a space is the sentence's only
# before one of them ("share . The rest"; "United . States" is a speck before a name)
_SENTENCE_OPENER = regex.compile(
    r"(?:The|This|That|These|Those|It|He|She|They|We|You|There|Here|In|On|At|But|And|If|"
    r"When|While|A|An|His|Her|Their|Its|Our|Then|Thus|So|As|For|No|Such|Each|All|Every)"
    r"\b")
# a space before a stop, then another (". . .", ". . . . 5"): an ellipsis or a contents'
# leaders, printed spaced
_SPACED_DOTS = regex.compile(r"\.[ \t\u00a0]+\.")


_WORD_BEFORE = regex.compile(r"\p{L}+$")
# abbreviations a colon follows to introduce what comes ("viz. :", "&c. :")
_INTRODUCERS = frozenset({"viz", "sc", "scil", "c", "etc", "e", "g", "i", "ie", "eg"})


_FRENCH_WORDS = frozenset("le la les des du et est que qui dans une un il elle ne pas sur au aux "
                          "ce cette sont avec pour par nous vous je se son sa ses leur".split())
_ENGLISH_WORDS = frozenset("the of and to is in that it for with was as on be by this which "
                           "his he are at".split())


def french_spacing(text: str) -> bool:
    """The text is French, whose printers set a space before ``; : ? !``: French words far
    more than English ones, or more with guillemets.

    >>> french_spacing("Il lui dit : « Qu'est-ce que c'est ? »")
    True
    >>> french_spacing("the lead ; and the card"), french_spacing("Le roi ; et la reine")
    (False, True)
    >>> french_spacing("the House; » Executive Order of the «")
    False
    >>> french_spacing("Le roi et la reine ; le maréchal dit que les troupes sont prêtes")
    True
    >>> french_spacing("Monseigneur Bienvenu, c'était un homme de soixante ans ; il habitait")
    True
    """
    words = regex.findall(r"\p{L}+", text.casefold())
    french = sum(1 for w in words if w in _FRENCH_WORDS)
    english = sum(1 for w in words if w in _ENGLISH_WORDS)
    if "«" in text and "»" in text:  # (one alone is as often OCR's reading of a speck)
        return french > english
    # (a short page: its commonest words, as the line-end breaks read them)
    return french >= 5 and french > 3 * english or page_language(text) == "fr"


def remove_space_before_punctuation(text: str, marks: str = ",;:?!.") -> Fixed:
    """Remove the space a printer set before ``; : ? !`` (Wikisource's convention), and the
    one OCR set before a sentence's full stop (:func:`_stop_closes`).

    >>> remove_space_before_punctuation("liable to be called ; his partner").text
    'liable to be called; his partner'
    >>> remove_space_before_punctuation("on the table\u00a0; but").text
    'on the table; but'
    >>> remove_space_before_punctuation("viz. : the four cards").text
    'viz.: the four cards'
    >>> remove_space_before_punctuation(":indented line\\nA ratio 3 : 4").text
    ':indented line\\nA ratio 3 : 4'

    A mark alone at a line's end after a sentence's full stop punctuates nothing: it is a
    speck, or what is left of the next law's number, and stays where it stands:

    >>> remove_space_before_punctuation("is entitled to the pool. ;\\n\\noA player").text
    'is entitled to the pool. ;\\n\\noA player'
    >>> remove_space_before_punctuation("as follows, viz. :\\nThe four cards").text
    'as follows, viz.:\\nThe four cards'

    French typesetting spaces ``; : ? !`` as its own convention, which French Wikisource
    keeps: on a page in French only the space before a comma goes:

    >>> remove_space_before_punctuation("Il lui dit : « Vous voyez ? » et , puis").text
    'Il lui dit : « Vous voyez ? » et, puis'

    A full stop after a word, closing its sentence (a capital or the line's end after it):

    >>> remove_space_before_punctuation("he had no share . The rest").text
    'he had no share. The rest'
    >>> remove_space_before_punctuation("and so . . . The end . . . . 5 of No . 5 at .5").text
    'and so . . . The end . . . . 5 of No . 5 at .5'
    """
    if _SPACE_BEFORE.search(text) is None:
        return Fixed(text, [])  # (nothing to do: the language is not looked at)
    if french_spacing(text):
        marks = "".join(m for m in marks if m in ",.")
        if not marks:
            return Fixed(text, [])

    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        mark = m.group(2)
        if mark not in marks or mark == "." and not _stop_closes(text, m):
            return None
        before = text[m.start(1) - 1]  # the lookbehind asks for a letter or mark there
        after = text[m.end():m.end() + 2].strip()
        if before.isdigit() and after[:1].isdigit():
            return None  # a ratio or score, "3 : 4"
        if before == "." and text[m.end():].lstrip(" \t")[:1] in ("\n", ""):
            word = _WORD_BEFORE.search(text, 0, m.start(1) - 1)
            if word and word.group(0).lower() not in _INTRODUCERS:
                return None  # "pool. ;" ending a line: a speck, not the sentence's mark
        return mark, 0.95, "space before punctuation"

    return substitute(text, _SPACE_BEFORE, "space-before-punctuation", decide, start_group=1)


def _stop_closes(text: str, m: regex.Match[str]) -> bool:
    """Whether the stop that ``m`` found after a space closes the sentence of the word
    before it: a word of two letters or more, no abbreviation (``No .``), a capital or the
    line's end after the stop, and no other spaced stop on the line (an ellipsis, ``. . .``,
    or a contents' leaders). At a line's end, the next text must open with a capital;
    inside a line, the next word must be one that opens sentences (``The``, ``It``…); and
    the word before must be one a sentence ends with (not ``of``, ``to``): else the stop
    may be a speck inside the sentence, and joining it would disguise it as a stop."""
    word = _WORD_BEFORE.search(text, 0, m.start(1))
    if word is None or len(word.group()) < 2 or word.group().casefold() in _ABBREVIATIONS \
            or word.group().casefold() in _NO_SENTENCE_END:
        return False  # ("Report on . International": a speck, the sentence goes on)
    after = text[m.end():].lstrip(" \t\u00a0")
    if after[:1] == "\n":  # (the line's end: the text after opens a sentence, or none)
        after = after.lstrip()
        if after and not after[:1].isupper():
            return False  # (a speck before the sentence goes on, "the cards .⏎⏎are")
    elif after and _SENTENCE_OPENER.match(after) is None:
        return False  # ("United . States": a capital inside a sentence, after a speck)
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    line = text[start:end if end >= 0 else len(text)]
    return _SPACED_DOTS.search(line) is None and line.count(" .") == 1


_ETC = regex.compile(r"(?<=[,;]\s+|\bAc\.\s+|&c\.\s+)Ac\.(?=[,;:)\s]|$)")


def fix_etc(text: str) -> Fixed:
    """``Ac.`` is OCR for ``&c.`` in a list (``a third, Ac., until``).

    >>> fix_etc("a second, a third, Ac., until").text
    'a second, a third, &c., until'
    >>> fix_etc("&c. Ac. and so on").text
    '&c. &c. and so on'
    >>> fix_etc("Ac. 5 of the Statutes; Act. 3").text
    'Ac. 5 of the Statutes; Act. 3'
    """
    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        after = text[m.end():m.end() + 3]
        if regex.match(r"\s+\d", after):
            return None
        return "&c.", 0.9, "'Ac.' after a list comma is the OCR of '&c.'"

    return substitute(text, _ETC, "etc", decide)


LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
             "Ꜳ": "AA", "ꜳ": "aa", "Ĳ": "IJ", "ĳ": "ij"}
_LIGATURE = regex.compile("[" + "".join(LIGATURES) + "]")


def expand_ligatures(text: str) -> Fixed:
    """Spell out typographic ligatures (``ﬁ`` → ``fi``); ``æ`` and ``œ`` are letters, kept.

    >>> expand_ligatures("the ﬁrst trick, ﬂush; Cyclopædia").text
    'the first trick, flush; Cyclopædia'
    """
    return substitute(text, _LIGATURE, "ligature",
                      lambda m: (LIGATURES[m.group(0)], 1.0, "typographic ligature"))


_LONG_S = regex.compile("ſ")


def modernise_long_s(text: str) -> Fixed:
    """Long s becomes s, when asked (``clean``'s default, ``proofread --long-s``).

    >>> modernise_long_s("the ſuit led; paſs").text
    'the suit led; pass'
    """
    return substitute(text, _LONG_S, "long-s", lambda m: ("s", 1.0, "long s"))
