"""Fixes for text scraped from web reprints: site chrome, dotted words, marks, ``_italics_``."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..edits import Edit, apply_edits
from .fix import Fixed, substitute
from .vocabulary import EMPTY, Vocabulary

_PROTECTED = regex.compile(r"\[email\s*protected\]", regex.I)
_SPACE = regex.compile(r"\s")
_NONSPACE = regex.compile(r"\S")
_BOUNDARY = regex.compile(r"\b")
_LAST_DOT_WORD = regex.compile(r"(?r)\.\w")
_WORD_RUN = regex.compile(r"\w+")


def find_emails(text: str) -> list[str]:
    r"""What ``\[email\s*protected\]|\b\S+@\S+\.\w+`` (ignoring case) finds, in linear time.

    The pattern's backtracking reads a run of non-blanks again from each word boundary
    in it (a 64 KB line of ``a.a.a.`` took 16 s). In a run, an address ends at the word
    after the run's last ``.``-and-letter, its ``@`` is the last one at least two before that
    ``.``, and it starts at the first word boundary before the ``@`` (a later start can
    only fail where an earlier one failed); so each run is read a fixed number of times.

    >>> find_emails("write to a.b@mail.example.org, or [email protected]; x@y, @a.b")
    ['a.b@mail.example.org', '[email protected]']
    """
    found: list[str] = []
    pos, n = 0, len(text)
    protected = _PROTECTED.search(text)
    run_end = at = stop = -1   # the run of non-blanks, its last usable '@', the address's end
    while pos < n:
        if protected is not None and protected.start() < pos:
            protected = _PROTECTED.search(text, pos)
        limit = protected.start() if protected is not None else n   # that one wins a tie
        start = -1
        a = pos
        while a < limit:
            nonblank = _NONSPACE.search(text, a, limit)
            if nonblank is None:
                break
            a = nonblank.start()
            if a >= run_end:
                blank = _SPACE.search(text, a)
                run_end = blank.start() if blank is not None else n
                dot = _LAST_DOT_WORD.search(text, a, run_end)
                at = text.rfind("@", a + 1, max(dot.start() - 1, 0)) if dot is not None else -1
                stop = _WORD_RUN.match(text, dot.start() + 1).end() if dot is not None else -1
            if at > a:
                bound = min(at, limit)
                b = _BOUNDARY.search(text, a, bound)
                if b is not None and b.start() < bound:
                    start = b.start()
                    break
                if bound == limit:
                    break
            a = run_end
        if start >= 0:
            found.append(text[start:stop])
            pos = stop
        elif protected is not None:
            found.append(protected.group(0))
            pos = protected.end()
        else:
            break
    return found


class _Emails:
    """The e-mail feature: ``findall`` as a compiled pattern has it."""

    def findall(self, text: str) -> list[str]:
        if "@" not in text and "protected" not in text.lower():
            return []  # (no address without its @, and no "[email protected]")
        return find_emails(text)


_EMAILS = _Emails()

# Features of site chrome (never a fixed list of sites): a weight for each kind of evidence.
# a name starts at the first letter of its run of letters and hyphens (or where the
# last match ended): a later start in the run can only fail where that one failed, and
# trying each read the run again (``ab-ab-…-.x``, 64 KB: 49 s)
_DOMAIN = regex.compile(r"\b(?:\G|(?<!\w-*))[\w-]{3,}+\.(?:com|net|org|info|io|co|me|xyz)\b",
                        regex.I)
_FEATURES: list[tuple[str, regex.Pattern | _Emails, float]] = [
    ("domain", _DOMAIN, 2.0),
    ("email", _EMAILS, 2.0),
    ("wiki-chrome", regex.compile(r"\b(?:Jump to (?:navigation|search)|From Wikisource|"
                                  r"needs to be proofread|Retrieved from)\b", regex.I), 2.0),
    ("social", regex.compile(r"facebook|twitter|pinterest|linkedin|reddit|tumblr", regex.I),
     2.0),
    ("page-title", regex.compile(r"^Page:.+\.(?:djvu|pdf)/\d+\s*$", regex.I), 2.0),
    ("novel", regex.compile(r"\b(?:novels?|manga|light ?novel)\b", regex.I), 1.0),
    ("chapter", regex.compile(r"\b(?:chapters?|Part \d+)\b"), 1.0),
    ("read", regex.compile(r"\b(?:read|reading)\b(?! (?:out|aloud))", regex.I), 1.0),
    ("comment", regex.compile(r"\bcomments?\b", regex.I), 1.0),
    ("follow", regex.compile(r"\bfollow (?:button|us)\b|\bbookmark", regex.I), 1.0),
    ("site", regex.compile(r"\b(?:website|online|web ?site|full-screen|F11|mobile|smartphone|"
                           r"notifications?|views|updated?|updates|translated|summary)\b",
                           regex.I), 1.0),
    ("button", regex.compile(r"\b(?:click|Like|share|support us|subscribe)\b"), 1.0),
]
_LAW_START = regex.compile(r"^\s*(?:\d+[a-z]?\.|[IVX]+\.|\(\w\))")


@dataclass(frozen=True)
class BoilerplateScore:
    score: float
    features: tuple[str, ...]


def score_boilerplate(paragraph: str) -> BoilerplateScore:
    """How much a paragraph looks like site chrome (2 or more is boilerplate).

    >>> score_boilerplate("Hoyle's Games Modernized - BestLightNovel.com").score
    2.0
    >>> score_boilerplate("75. Should the dealer indicate that all the tricks are his").score
    0.0
    """
    found: list[str] = []
    score = 0.0
    for name, pattern, weight in _FEATURES:
        hits = len(pattern.findall(paragraph))
        if hits:
            found.append(name)
            score += weight * min(hits, 3) if weight >= 2 else weight
    return BoilerplateScore(score, tuple(found))


# what each feature's pattern cannot match without (in the text case-folded, where the
# pattern ignores case; else as it is): a text with none of a feature's is not searched for it
_NEEDS: dict[str, tuple[bool, tuple[str, ...]]] = {
    "domain": (True, (".co", ".net", ".org", ".in", ".io", ".me", ".xyz")),
    "wiki-chrome": (True, ("jump to", "wikisource", "proofread", "retrieved")),
    "social": (True, ("facebook", "twitter", "pinterest", "linkedin", "reddit", "tumblr")),
    "page-title": (True, ("page:",)),
    "novel": (True, ("novel", "manga")),
    "chapter": (False, ("chapter", "Part ")),
    "read": (True, ("read",)),
    "comment": (True, ("comment",)),
    "follow": (True, ("follow", "bookmark")),
    "site": (True, ("site", "online", "full-screen", "f11", "mobile", "smartphone",
                    "notification", "views", "update", "translated", "summary")),
    "button": (False, ("click", "Like", "share", "support us", "subscribe")),
}


def may_have_boilerplate(text: str) -> bool:
    """False when no line of ``text`` can score anything (:func:`score_boilerplate`): no
    feature is found anywhere in the whole text (a feature found in a line is found in the
    text: the patterns read no further than a line, and a line's edges are word boundaries
    in the text as at a string's ends). :func:`remove_boilerplate` then removes nothing.

    >>> may_have_boilerplate("75. Should the dealer claim a new deal.")
    False
    >>> may_have_boilerplate("My Book - BestNovel.com"), may_have_boilerplate("Page:X.djvu/3")
    (True, True)
    """
    folded = text.casefold()
    if "@" in text or "protected" in folded:
        return True  # (an e-mail address)
    for name, pattern, _ in _FEATURES:
        if name == "email":
            continue
        fold, needs = _NEEDS[name]
        where = folded if fold else text
        if any(n in where for n in needs) and (
                name == "page-title" or isinstance(pattern, _Emails) or
                pattern.search(text) is not None):
            return True
    return False


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """Spans of paragraphs: lines, or blocks between blank lines when text is wrapped."""
    spans = []
    for m in regex.finditer(r"[^\n]+", text):
        spans.append((m.start(), m.end()))
    return spans


def remove_boilerplate(text: str) -> Fixed:
    """Remove paragraphs (lines) that are site chrome, judged by their features.

    A line needs a score of 2 (a domain name; or two of: novel, chapter, read, comment,
    follow, website words, buttons); a line that starts like a law needs 4 and must be
    mostly chrome. Titles that the chrome names (``X - site.com``) mark short lines that
    repeat them (``X Part 29``) as chrome too.

    >>> t = ("BestNovel.com\\nMy Book Part 3\\nMy Book - BestNovel.com\\n"
    ...      "75. Should the dealer claim, see the site name \\"BestNovel.com\\" on the card.\\n"
    ...      "Please click Like and comment to support us!")
    >>> print(remove_boilerplate(t).text)
    75. Should the dealer claim, see the site name "BestNovel.com" on the card.
    """
    spans = _paragraphs(text)
    scores = [score_boilerplate(text[s:e]) for s, e in spans]
    titles: set[str] = set()
    for (s, e), sc in zip(spans, scores, strict=True):
        if sc.score >= 2:
            for part in regex.split(r"\s+[-–|]\s+", text[s:e]):
                part = part.strip()
                if part and not _DOMAIN.search(part) and len(part.split()) <= 8:
                    titles.add(part.lower())
    edits: list[Edit] = []
    for (s, e), sc in zip(spans, scores, strict=True):
        para = text[s:e]
        words = len(para.split())
        score, features = sc.score, list(sc.features)
        if titles and words <= 14 and any(t in para.lower() for t in titles):
            score += 1.0
            features.append("repeats-site-title")
        law_like = bool(_LAW_START.match(para))
        quoted_only = "domain" in features and all(
            m.group(0) in _quoted(para) for m in _DOMAIN.finditer(para))
        if quoted_only:
            continue
        needed = 4.0 if law_like else 2.0
        if law_like and score < words / 6 or score < words / 12:
            continue  # chrome is a short line; a long paragraph with two of its words
            # ("chapter", "read") is text (a 455-word article paragraph was removed)
        if score >= needed:
            start, end = s, e
            if e < len(text) and text[e] == "\n":
                end = e + 1
            elif s > 0 and text[s - 1] == "\n" and not (edits and edits[-1].end == s):
                start = s - 1
            edits.append(Edit(start, end, text[start:end], "", "boilerplate",
                              min(0.99, 0.6 + 0.1 * score), "features: " + ", ".join(features)))
    return Fixed(apply_edits(text, edits) if edits else text, edits)


_OPENING = regex.compile(r"[\"“]|(?<!\w)['‘]")
_CLOSING = regex.compile(r"[\"”]")
_CLOSING_SINGLE = regex.compile(r"['’]")
_WORD = regex.compile(r"\w")


def _quoted(paragraph: str) -> str:
    r"""The parts of a paragraph inside quotation marks (apostrophes are not quotes).

    What ``[\"“]([^\"”]+)[\"”]|(?<!\w)['‘]([^'’]+)['’](?!\w)`` finds, in linear time: that
    pattern read to the end of the line again from each opening mark with no closing one
    (``“`` × 16,000 took 6 s); here the next closing mark is looked for once and kept.

    >>> _quoted('a "b" ‘c’ d’s ‘e’f “g')
    'b c'
    """
    parts: list[str] = []
    pos, n = 0, len(paragraph)
    double = single = -1   # the next closing marks found so far (n: none)
    while pos < n and (m := _OPENING.search(paragraph, pos)):
        start = m.start()
        pos = start + 1
        if paragraph[start] in "\"“":
            if double <= start:
                c = _CLOSING.search(paragraph, start + 1)
                double = c.start() if c is not None else n
            end, ok = double, True
        else:
            if single <= start:
                c = _CLOSING_SINGLE.search(paragraph, start + 1)
                single = c.start() if c is not None else n
            end = single
            ok = end < n and _WORD.match(paragraph, end + 1) is None
        if end < n and end > start + 1 and ok:
            parts.append(paragraph[start + 1:end])
            pos = end + 1
    return " ".join(parts)


_DOTTED = regex.compile(r"(?<![\p{L}.])\p{L}+(?:\.\+?\p{L}+)+(?![\p{L}])(?!\.\p{L})")


def undot_scraped_words(text: str, vocabulary: Vocabulary = EMPTY) -> Fixed:
    """Undo a scraper's dots inside words (``establis.h.i.+ng``, ``const.i.tute``).

    A dotted token is undone when the undotted word is in the word list, or when it carries
    the scraper's ``.+`` signature; abbreviations (all one-letter parts: ``i.e``, ``U.S``)
    and words with a capital inside are left alone.

    >>> v = Vocabulary.from_texts(["constitute assist snatched circumstances"])
    >>> undot_scraped_words("does not const.i.tute a revoke; wis.h.i.+ng to a.s.sist", v).text
    'does not constitute a revoke; wishing to assist'
    >>> undot_scraped_words("s.n.a.t.c.hed under no circ.u.mstances", v).text
    'snatched under no circumstances'
    >>> undot_scraped_words("_i.e._ a player; e.g. the U.S.A. and Mr.Hoyle", v).text
    '_i.e._ a player; e.g. the U.S.A. and Mr.Hoyle'
    """
    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        token = m.group(0)
        parts = regex.split(r"\.\+?", token)
        if all(len(p) == 1 for p in parts):
            return None
        word = "".join(parts)
        if any(c.isupper() for c in word[1:]):
            return None
        if ".+" in token:
            return word, 0.97, "the scraper's '.+' signature"
        if vocabulary.is_word(word) and not vocabulary.is_word(parts[0]) or (
                vocabulary.is_word(word) and any(len(p) == 1 for p in parts)):
            return word, 0.95, f"'{word.lower()}' is in the word list"
        if word.islower() and len(word) >= 6 and any(len(p) == 1 for p in parts[1:-1]):
            return word, 0.85, "single letters set off by dots inside a word"
        return None

    return substitute(text, _DOTTED, "scraper-dots", decide)


_PAGE_MARK = regex.compile(r"(\n?)[ \t]*(?<![\p{L}\p{N}])\{(\d{1,4}|[ivxlc]{1,6})\}(?![\p{L}\p{N}])"
                        r"[ \t]*")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def _mark_number(mark: str) -> tuple[str, int]:
    """(kind, number) of a page mark's contents: ``("arabic", 241)``, ``("roman", 14)``."""
    if mark.isdigit():
        return "arabic", int(mark)
    values = [_ROMAN_VALUES[c] for c in mark]
    return "roman", sum(-v if i + 1 < len(values) and v < values[i + 1] else v
                        for i, v in enumerate(values))


def remove_page_marks(text: str, *, sure: bool = False) -> Fixed:
    """Take out ``{241}`` page marks; each removal is an edit, so the page is kept.

    >>> r = remove_page_marks("the penalty is paid. {242}\\n\\nNEXT\\nthe exact {243} place")
    >>> r.text
    'the penalty is paid.\\n\\nNEXT\\nthe exact place'
    >>> [e.evidence for e in r.edits]
    ['page 242', 'page 243']
    >>> remove_page_marks("out.\\n{169}\\nENTRY").text
    'out.\\nENTRY'

    A mark is Project Gutenberg's only alone on its line, beside another whose page is a
    few before or after it, or of three figures: braces in a text (OCR of a formula, ``{i}
    or {v}``, ``{12}``, ``f{x}``) are its own.

    >>> remove_page_marks("Let the set be {i} or {v} or {12}, and f{x} be").text
    'Let the set be {i} or {v} or {12}, and f{x} be'

    ``sure``: only a mark the text shows to be one (alone on its line, or beside another
    of its sequence), as in a page's OCR, where braces are rare but the print's.

    >>> remove_page_marks("the figures are on page {241} of the atlas", sure=True).text
    'the figures are on page {241} of the atlas'
    """
    found = [(m.start(), *_mark_number(m.group(2))) for m in _PAGE_MARK.finditer(text)]

    def decide(m: regex.Match) -> tuple[str, float, str] | None:
        line_start = text.rfind("\n", 0, m.start() + len(m.group(1))) + 1
        line_end = text.find("\n", m.end())
        alone = not text[line_start:m.start() + len(m.group(1))].strip() and not text[
            m.end():len(text) if line_end < 0 else line_end].strip()
        kind, number = _mark_number(m.group(2))
        paged = any(k == kind and at != m.start() and 0 < (number - n) * (m.start() - at) and
                    abs(number - n) <= (3 if kind == "arabic" else 2) for at, k, n in found)
        if not (alone or paged or not sure and kind == "arabic" and number >= 100):
            return None  # (a page of three figures alone is a book's: "{172}")
        text_before = m.start() > 0 and text[m.start() - 1] != "\n" and not m.group(1)
        text_after = m.end() < len(text) and text[m.end()] != "\n"
        if text_before and text_after:
            new = " "
        elif m.group(1) and text_after and m.start() > 0:
            new = "\n"
        else:
            new = ""
        return new, 1.0, f"page {m.group(2)}"

    return substitute(text, _PAGE_MARK, "page-mark", decide)


_FOOTNOTE_MARK = regex.compile(r"(?<=[\p{L}\p{N}.,;:!?’'\"\)\]—-])\[(\d{1,3})\]")


def remove_footnote_marks(text: str) -> Fixed:
    """Take out ``[49]`` footnote references after a word; a ``[27]`` opening a line (the
    note itself) and editorial brackets such as ``revoke[s]`` or ``[sic]`` stay.

    >>> remove_footnote_marks("who is to deal.[49] If; revoke[s]\\n[27] See Law 73.").text
    'who is to deal. If; revoke[s]\\n[27] See Law 73.'

    A mark whose note follows it within a page's length (a page with its notes at the foot)
    links the two: it stays.

    >>> remove_footnote_marks("for his crib.[16]\\n\\n[16] See p. 41.").text
    'for his crib.[16]\\n\\n[16] See p. 41.'
    >>> remove_footnote_marks("the States,[1] and it is\\nplayed.\\n\\n1 American Hoyle.").text
    'the States,[1] and it is\\nplayed.\\n\\n1 American Hoyle.'
    """
    notes: dict[str, list[int]] | None = None  # where each note opens (read once, if a
    # mark is found)

    def decide(m: regex.Match[str]) -> tuple[str, float, str] | None:
        nonlocal notes
        if notes is None:
            notes = {}
            for note in _NOTE_LINE.finditer(text):
                notes.setdefault(_note_number(note), []).append(note.start())
        if any(0 < at - m.start() <= _PAGE_REACH and _at_foot(text, at)
               for at in notes.get(m.group(1), ())):
            return None  # its note at the foot of the same page
        return "", 1.0, f"footnote {m.group(1)}"
    return substitute(text, _FOOTNOTE_MARK, "footnote-mark", decide)


# how far after its mark a page's note stands (a page holds some 3,000 characters)
_PAGE_REACH = 4000


def _at_foot(text: str, at: int) -> bool:
    """Whether the note at ``at`` is among the notes that end the text (a page's foot): every
    block after it is a note or a folio. A web copy sets a note after its paragraph, with
    the text going on after it."""
    return all(_NOTE_LINE.match(block) or block.strip().isdigit() or not block.strip()
               for block in regex.split(r"\n[ \t]*\n", text[at:])[1:])


# a note as it opens a line: its number in brackets, or (a printed page's foot) bare or raised
# before the note's first word ("1 American Hoyle, 1864")
_NOTE_LINE = regex.compile(r"(?m)^[ \t]*(?:\[(\d{1,3})\]|(\d{1,3})[ \t]+(?=[\p{Lu}\p{N}])"
                           r"|(?P<sup>[¹²³⁴-⁹][⁰-⁹]?)[ \t]*)")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _note_number(m: regex.Match[str]) -> str:
    return (m.group(1) or m.group(2) or m.group("sup") or "").translate(_SUPERSCRIPT)


_UNDERSCORE_ITALIC = regex.compile(r"(?<![\w_])_(?=\S)([^_\n]{1,200}?)(?<=\S)_(?![\w_])")


def convert_underscore_italics(text: str, style: str = "wiki") -> Fixed:
    """``_i.e._`` marks italics in plain-text reprints: ``wiki`` makes ``''i.e.''``,
    ``strip`` keeps only the words.

    >>> convert_underscore_italics("(_a_) The candidates; _in itself_; snake_case_name").text
    "(''a'') The candidates; ''in itself''; snake_case_name"
    >>> convert_underscore_italics("a blank ____ here", style="strip").text
    'a blank ____ here'
    """
    if style not in ("wiki", "strip"):
        raise ValueError(f"unknown italic style {style!r}")

    def decide(m: regex.Match) -> tuple[str, float, str]:
        inner = m.group(1)
        return (f"''{inner}''" if style == "wiki" else inner), 0.95, "underscores mark italics"

    return substitute(text, _UNDERSCORE_ITALIC, "italics", decide)
