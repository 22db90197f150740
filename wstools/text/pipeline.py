"""Chain cleanup fixes in order and explain every change.

>>> r = clean("It is paid. {242}\\nA card de- tached , Ac., is const.i.tute--so.",
...           vocabulary=Vocabulary.from_texts(["detached constitute"]))
>>> r.text
'It is paid.\\nA card detached, &c., is constitute—so.'
>>> [e.rule for e in r.edits]
['page-mark', 'hyphen-join', 'space-before-punctuation', 'etc', 'scraper-dots', 'dash']
>>> r.marks[0]
Mark(kind='page', label='242', offset=11)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..edits import Edit, OffsetMap, map_to_source, with_positions
from . import ocr, typography, web, whitespace
from .fix import Fixed
from .kind import law_code
from .vocabulary import EMPTY, Vocabulary


@dataclass(frozen=True)
class Mark:
    """A page or footnote mark taken out of the text, kept at its offset in the clean text."""

    kind: str  # "page" or "footnote"
    label: str
    offset: int


@dataclass
class Options:
    """Conventions the fixes follow (defaults: English Wikisource)."""

    dash: str = "—"
    quotes: str | None = None  # None keeps them; "straight" or "curly" normalises
    italics: str = "wiki"  # "wiki" -> ''x'', "strip" -> x
    space_before: str = ",;:?!."
    vocabulary: Vocabulary = field(default_factory=lambda: EMPTY)
    # whether the text is a law code, where LAW_ONLY_FIXES run; None: decided from the text
    law: bool | None = None


FixFunction = Callable[[str, Options], Fixed]

# One name per fix: the name given to ``--fixes`` is the rule its edits carry in ``--explain``
# and in JSON (the boilerplate fix's edits are "boilerplate" too).
FIXES: dict[str, FixFunction] = {
    "line-end": lambda t, o: whitespace.normalise_line_ends(t),
    "boilerplate": lambda t, o: web.remove_boilerplate(t),
    "scraper-dots": lambda t, o: web.undot_scraped_words(t, o.vocabulary),
    "page-mark": lambda t, o: web.remove_page_marks(t),
    "footnote-mark": lambda t, o: web.remove_footnote_marks(t),
    "italics": lambda t, o: web.convert_underscore_italics(t, o.italics),
    "unwrap": lambda t, o: whitespace.unwrap_paragraphs(t),
    "hyphen-join": lambda t, o: ocr.join_hyphenated_breaks(t, o.vocabulary),
    "space-before-punctuation": lambda t, o: ocr.remove_space_before_punctuation(
        t, o.space_before),
    "etc": lambda t, o: ocr.fix_etc(t),
    "ligature": lambda t, o: ocr.expand_ligatures(t),
    "long-s": lambda t, o: ocr.modernise_long_s(t),
    "dash": lambda t, o: typography.normalise_dashes(t, o.dash),
    "quotes": lambda t, o: (typography.normalise_quotes(t, o.quotes) if o.quotes
                            else Fixed(t, [])),
    "whitespace": lambda t, o: whitespace.tidy_whitespace(t),
    "paragraph-lines": lambda t, o: whitespace.one_paragraph_per_line(t),
}

# The names the fixes had before they took their rules' names: still accepted wherever a fix
# is named (``--fixes``, ``--rules``, :func:`clean`), so that scripts do not break.
ALIASES: dict[str, str] = {
    "line-ends": "line-end", "page-marks": "page-mark", "footnote-marks": "footnote-mark",
    "hyphens": "hyphen-join", "ligatures": "ligature", "dashes": "dash",
}


def fix_name(name: str) -> str:
    """The fix's one name (an old name, :data:`ALIASES`, gives the new one).

    >>> fix_name("hyphens"), fix_name("hyphen-join"), fix_name("whitespace")
    ('hyphen-join', 'hyphen-join', 'whitespace')
    """
    return ALIASES.get(name, name)


def fix_names() -> str:
    """The fixes' names for a help text or an error: ``a, b, c (old names: x = y, ...)``."""
    old = ", ".join(f"{a} = {b}" for a, b in ALIASES.items())
    return f"{', '.join(FIXES)} (old names still accepted: {old})"


# Order matters: marks come out before words are joined, dots before hyphens.
DEFAULT_FIXES: tuple[str, ...] = (
    "line-end", "boilerplate", "page-mark", "footnote-mark", "scraper-dots", "italics",
    "hyphen-join", "space-before-punctuation", "etc", "ligature", "long-s", "dash", "quotes",
    "whitespace",
)
# Fixes that judge a whole line from words alone run only on a law code or the OCR of one
# (see wstools.text.kind); and fixes measured under 99 % precision on the benchmarks
# (benchmarks/bench_rules.py: boilerplate took a line of OCR, "plaver.co", for a domain)
# run only when named (``clean --rules +boilerplate`` or in ``fixes``).
LAW_ONLY_FIXES = frozenset({"boilerplate"})
OPT_IN_FIXES = frozenset({"boilerplate"})


def default_fixes(rules: str = "") -> list[str]:
    """The fixes ``wstools clean`` runs: the defaults but the opt-in ones, changed by
    ``rules`` (``+name`` adds an opt-in fix, ``-name`` drops one; comma-separated).

    >>> "boilerplate" in default_fixes(), "boilerplate" in default_fixes("+boilerplate")
    (False, True)
    >>> default_fixes("-whitespace,-dashes")[-3:]
    ['ligature', 'long-s', 'quotes']
    """
    chosen = set(DEFAULT_FIXES) - OPT_IN_FIXES
    for item in (x.strip() for x in rules.split(",")):
        if not item:
            continue
        sign, name = (item[0], item[1:].strip()) if item[0] in "+-!" else ("+", item)
        name = fix_name(name)
        if name not in DEFAULT_FIXES:
            raise ValueError(f"unknown fix {name!r}; known: {', '.join(DEFAULT_FIXES)}")
        if sign == "+":
            chosen.add(name)
        else:
            chosen.discard(name)
    return [f for f in DEFAULT_FIXES if f in chosen]


# (the long s is the print's: kept, as de.wikisource and many English projects transcribe it;
# ``proofread --long-s`` and ``clean`` modernise it)
OCR_FIXES = ("line-end", "hyphen-join", "space-before-punctuation", "etc", "ligature",
             "whitespace")


@dataclass
class CleanResult:
    """The clean text, every edit (spans in the original input) and the marks taken out."""

    source: str
    text: str
    edits: list[Edit]
    marks: list[Mark]
    maps: list[OffsetMap] = field(default_factory=list, repr=False)

    def to_source(self, offset: int, end: bool = False) -> int:
        """The offset in the input of an offset in the clean text."""
        for m in reversed(self.maps):
            offset = m.to_input(offset, end=end)
        return offset

    def explain(self) -> str:
        return "\n".join(e.describe() for e in self.edits)


def clean(text: str, fixes: Sequence[str] = DEFAULT_FIXES, options: Options | None = None,
          *, vocabulary: Vocabulary | None = None) -> CleanResult:
    """Apply ``fixes`` (names from :data:`FIXES`) in order; see the module example."""
    options = options or Options()
    if vocabulary is not None:
        options = replace(options, vocabulary=vocabulary)
    maps: list[OffsetMap] = []
    all_edits: list[Edit] = []
    marks_by_step: list[tuple[int, Edit]] = []
    current = text
    law = options.law
    for name in map(fix_name, fixes):
        try:
            fix = FIXES[name]
        except KeyError:
            raise ValueError(f"unknown fix {name!r}; known: {fix_names()}") from None
        if name == "boilerplate" and not web.may_have_boilerplate(current):
            continue  # no line it could take (nor need to know whether the text is a code)
        if name in LAW_ONLY_FIXES:
            if law is None:  # decided once, from the input
                law = law_code(text).law
            if not law:
                continue
        result = fix(current, options)
        if not result.edits:
            continue
        for e in result.edits:
            if e.rule in ("page-mark", "footnote-mark"):
                marks_by_step.append((len(maps), e))
        all_edits.extend(map_to_source(result.edits, maps))
        maps.append(OffsetMap(result.edits))
        current = result.text
    marks = []
    for step, e in marks_by_step:
        # the mark's offset in that step's output, then carried forward through later steps
        offset = maps[step].to_output(e.start)
        for m in maps[step + 1:]:
            offset = m.to_output(offset)
        kind = "page" if e.rule == "page-mark" else "footnote"
        marks.append(Mark(kind, e.evidence.split()[-1], offset))
    marks.sort(key=lambda m: m.offset)
    all_edits.sort(key=lambda e: (e.start, e.end))
    return CleanResult(text, current, with_positions(all_edits, text), marks, maps)
