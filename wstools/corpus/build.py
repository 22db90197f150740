"""``wstools corpus build``: make the corpus files from the raw sources, with wstools' own
fixes, and report every edit. The Cyclopædia OCR page (seed 002) is never a source.

Each :class:`Spec` names a raw file, where its code starts and ends, and any reviewed
corrections (an error of that source, fixed with the evidence for it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import regex

from ..edits import Edit, apply_edits
from ..laws.parse import is_hard_wrapped, parse
from ..laws.render import to_lines
from ..text import pipeline as cleanup
from ..text.vocabulary import Vocabulary
from .store import write_printing

HOYLE = "sources/hoyles-games-modernized-1909.pg39445.txt"
HOYLE_SOURCE = ("Professor Hoffmann, Hoyle's Games Modernized (1909), Project Gutenberg "
                "#39445")
PD = "public domain"
FORBIDDEN = ("002_",)  # the Cyclopædia OCR page: a test input, never corpus material


@dataclass(frozen=True)
class Correction:
    """A reviewed correction of an error in a source."""

    old: str
    new: str
    evidence: str


@dataclass(frozen=True)
class Spec:
    file: str  # relative to the shared folder
    metadata: dict[str, str]
    start: str | None = None  # the line the code starts at (exact, after CR removal)
    end: str | None = None  # the first line after it
    shape: str = "lines"
    corrections: tuple[Correction, ...] = ()
    skip_lines: int = 0  # header lines of the source file (SOURCE:, KIND:)
    footnotes: bool = False  # append the book's footnotes that the code refers to
    extra: dict[str, str] = field(default_factory=dict)


def _meta(id: str, title: str, edition: str, year: str, source: str, **more: str
          ) -> dict[str, str]:
    d = {"id": id, "title": title, "edition": edition, "year": year, "source": source,
         "licence": PD}
    d.update({k.replace("_", "-"): v for k, v in more.items()})
    return d


NACK = Correction(
    "faced in the nack", "faced in the pack",
    "OCR slip 'nack' in the Wikisource transcription; every other printing reads 'faced in "
    "the pack' (Hoyle 1909 Whist law 29 II, Bridge 1904 law 35 II)")
RESPECTIVE = Correction(
    "placed before their respective\n", "placed before their respective players.\n",
    "the web page's line wrap lost the last word; law 91 of the same code in Work's "
    "Auction of To-day (seed 004) ends 'before their respective players.'")

BRIDGE_46 = Correction(
    "\n46 A player", "\n46. A player",
    "the full stop after the law number is missing in the Gutenberg text; laws 45 and 47 "
    "around it have theirs")

SPECS: tuple[Spec, ...] = (
    Spec("seeds/000_8d55e3736d57698d.txt",
         _meta("awc-whist", "The Laws of Whist",
               "As Revised and Adopted by the Third American Whist Congress", "1893",
               "English Wikisource transcription (seed 000)", game="whist"),
         shape="wikitext", corrections=(NACK,), extra={"code": "0"}),
    Spec("seeds/000_8d55e3736d57698d.txt",
         _meta("awc-duplicate-whist", "The Laws of Duplicate Whist",
               "Tenth American Whist Congress, 1900, amended to 1914", "1914",
               "English Wikisource transcription (seed 000)", game="duplicate whist",
               numbered="no", notes="only the definitions (a.)-(c.) are in the source"),
         shape="wikitext", extra={"code": "1"}),
    Spec(HOYLE, _meta("hoyle-1909-whist", "The Laws of Whist", "Revised Code, 1900", "1909",
                      HOYLE_SOURCE, game="whist"),
         start="THE LAWS OF WHIST.", end="DUMMY", footnotes=True),
    Spec(HOYLE, _meta("hoyle-1909-dummy", "Dummy", "exceptions to the Laws of Whist", "1909",
                      HOYLE_SOURCE, game="dummy whist"),
         start="DUMMY", end="DOUBLE DUMMY", footnotes=True),
    Spec(HOYLE, _meta("hoyle-1909-bridge", "The Laws of Bridge (1904)",
                      "Club Code, Portland and Turf Clubs, 1904", "1909", HOYLE_SOURCE,
                      game="bridge"),
         start="THE LAWS OF BRIDGE (1904).", end="BOOKS ON BRIDGE.", footnotes=True,
         corrections=(BRIDGE_46,)),
    Spec(HOYLE, _meta("hoyle-1909-auction-bridge", "The Laws of Auction Bridge",
                      "Portland and Bath Clubs, 1908 (where they differ from Bridge)",
                      "1909", HOYLE_SOURCE, game="auction bridge"),
         start="THE LAWS OF AUCTION BRIDGE.", end="HINTS TO PLAYERS.", footnotes=True),
    Spec(HOYLE, _meta("hoyle-1909-rubicon-bezique", "The Laws of Rubicon Bézique",
                      "Portland Club", "1909", HOYLE_SOURCE, game="rubicon bézique"),
         start="THE LAWS OF RUBICON BÉZIQUE.", end="BLIND HOOKEY.", footnotes=True),
    Spec(HOYLE, _meta("hoyle-1909-loo", "The Laws of Loo", "as briefly stated by Hoffmann",
                      "1909", HOYLE_SOURCE, game="loo"),
         start="THE LAWS OF LOO.", end="NAPOLEON.", footnotes=True),
    Spec("seeds/001_f11aa6ce2c5750a9.txt",
         _meta("hoyle-1909-bridge-web", "The Laws of Bridge (1904), laws 75-108",
               "Club Code, 1904, as reprinted by Hoffmann", "1909",
               "web reprint of Hoyle's Games Modernized, Part 29 (seed 001)", game="bridge",
               copy_of="hoyle-1909-bridge"), end="BOOKS ON BRIDGE."),
    Spec("seeds/003_3e88cb50a39a8e55.txt",
         _meta("hoyle-1909-whist-web", "The Laws of Whist, laws 4-37",
               "Revised Code, 1900, as reprinted by Hoffmann", "1909",
               "web reprint of Hoyle's Games Modernized (seed 003)", game="whist",
               copy_of="hoyle-1909-whist")),
    Spec("seeds/004_8c5fa4132f2f5175.txt",
         _meta("work-auction-of-to-day", "Laws of Auction Bridge, laws 62-93",
               "Milton C. Work, Auction of To-day", "1913",
               "web reprint of Auction of To-day, Part 20 (seed 004)", game="auction bridge")),
    Spec("sources/auction-bridge-exposed-cards.txt",
         _meta("auction-bridge-exposed-cards", "Laws of Auction Bridge: Cards Exposed During "
               "Play, laws 67-73", "American code, c. 1910s", "c. 1915",
               "playingcardgames.net excerpt", game="auction bridge"), skip_lines=2),
    Spec("sources/auction-bridge-general-rules.txt",
         _meta("auction-bridge-general-rules", "Laws of Auction Bridge: General Rules, laws "
               "90-94", "American code, c. 1910s", "c. 1915", "playingcardgames.net excerpt",
               game="auction bridge"), skip_lines=2, corrections=(RESPECTIVE,)),
    Spec("sources/bridge-elwell-axioms-laws-p50.txt",
         _meta("elwell-1907-revoke", "Bridge Axioms and Laws: the revoke (unnumbered)",
               "J. B. Elwell", "1907", "bitlit.ru excerpt, page 50", game="bridge",
               numbered="no"), skip_lines=2),
)

# marks stay in corpus text (they are structure), so the corpus cleanup leaves them
CORPUS_FIXES = tuple(f for f in cleanup.DEFAULT_FIXES
                     if f not in ("page-mark", "footnote-mark")) + ("paragraph-lines",)


@dataclass
class BuildReport:
    id: str
    path: Path
    edits: list[Edit]
    laws: int


def _slice(text: str, spec: Spec) -> str:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[spec.skip_lines:]
    start = 0
    if spec.start is not None:
        start = lines.index(spec.start)
    end = len(lines)
    if spec.end is not None:
        try:
            end = lines.index(spec.end, start + 1)
        except ValueError:
            end = len(lines)
    return "\n".join(lines[start:end])


def _footnotes(book: str) -> dict[str, str]:
    text = book.replace("\r\n", "\n")
    i = text.rfind("\n[1] ")
    end = text.find("End of the Project Gutenberg", i)
    notes: dict[str, str] = {}
    for block in text[i:end if end > 0 else None].split("\n\n"):
        m = regex.match(r"\s*\[(\d+)\]\s+(.*)", block, regex.S)
        if m:
            notes[m.group(1)] = " ".join(m.group(2).split())
    return notes


def _apply_corrections(text: str, corrections: tuple[Correction, ...]) -> tuple[str, list[Edit]]:
    edits = []
    for c in corrections:
        i = text.find(c.old)
        if i < 0:
            raise ValueError(f"reviewed correction {c.old!r} not found in source")
        edits.append(Edit(i, i + len(c.old), c.old, c.new, "reviewed-correction", 1.0,
                          c.evidence))
    return apply_edits(text, edits), edits


def build(shared: Path, out: Path, log: Callable[[str], None] = print,
          explain: bool = False) -> list[BuildReport]:
    """Build every corpus file into ``out`` from the raw files under ``shared``.

    Boilerplate removals and reviewed corrections are always logged, with a count of the
    edits of each rule; ``explain`` logs every edit."""
    out.mkdir(parents=True, exist_ok=True)
    raw_cache: dict[str, str] = {}

    def raw(name: str) -> str:
        if any(f in name for f in FORBIDDEN):
            raise ValueError(f"{name} may not be used to build the corpus")
        if name not in raw_cache:
            raw_cache[name] = (shared / name).read_text(encoding="utf-8")
        return raw_cache[name]

    vocabulary = Vocabulary.from_texts(raw(f) for f in dict.fromkeys(s.file for s in SPECS))
    book_notes = _footnotes(raw(HOYLE))
    reports = []
    for spec in SPECS:
        note_edits: list[tuple[str, Edit]] = []
        source = _slice(raw(spec.file), spec)
        source, edits = _apply_corrections(source, spec.corrections)
        if spec.shape == "wikitext":
            result = parse(source, "wikitext")
            code = result.codes[int(spec.extra.get("code", "0"))]
            # the code proper: not the page's text before the first title (the reader
            # prints it above that title, so that an export loses nothing) nor its tail
            front = result.front_matter
            code = replace(code, back_matter=[], before_title=(
                code.before_title[len(front):] if front
                and code.before_title[:len(front)] == front else code.before_title))
            text = to_lines([code], number_sep=" ")
        else:
            fixes = list(CORPUS_FIXES)
            if is_hard_wrapped(source):
                fixes.insert(fixes.index("line-end") + 1, "unwrap")
            # every source of the corpus is a law code: its law-only fixes (boilerplate of
            # a web reprint) run whatever the detector would say of the raw page
            cleaned = cleanup.clean(source, fixes, cleanup.Options(law=True),
                                    vocabulary=vocabulary)
            edits += cleaned.edits
            text = cleaned.text
            if spec.footnotes:
                refs = sorted(set(regex.findall(r"\[(\d+)\]", text)), key=int)
                notes = []
                for r in (r for r in refs if r in book_notes):
                    note = cleanup.clean(book_notes[r], CORPUS_FIXES, vocabulary=vocabulary)
                    note_edits += [(f"footnote {r}", e) for e in note.edits]
                    notes.append(f"[{r}] {note.text}")
                if notes:
                    text += "\n\n" + "\n\n".join(notes)
        pid = spec.metadata["id"]
        for where, e in [("", e) for e in edits] + note_edits:
            if explain:
                log(f"{pid}: {where or f'{e.line}:{e.column}'} {e.rule}: {e.old!r} -> "
                    f"{e.new!r} ({e.confidence:.2f}) {e.evidence}")
            elif e.rule in ("boilerplate", "reviewed-correction"):
                log(f"{pid}: {e.rule}: {e.old.strip()[:70]!r}")
        counts = Counter(e.rule for _, e in [("", e) for e in edits] + note_edits)
        if counts:
            log(f"{pid}: edits by rule: " + ", ".join(f"{k} {v}" for k, v in
                                                     sorted(counts.items())))
        path = out / f"{spec.metadata['id']}.txt"
        write_printing(path, spec.metadata, text)
        laws = len(parse(text, "lines").laws)
        log(f"{pid}: {laws} laws, {len(edits) + len(note_edits)} edits -> {path}")
        reports.append(BuildReport(pid, path, edits + [e for _, e in note_edits], laws))
    return reports
