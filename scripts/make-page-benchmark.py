#!/usr/bin/env python3
"""Build the page benchmark of issue 19: typeset public-domain texts into page images, OCR
them with Tesseract, and write for every page the OCR text, the gold ``Page:`` wikitext and
the page's structure into ``benchmarks/pages/`` (see ``benchmarks/pages/README.md``).

Sources (read-only, ``/work/shared/sources``): the law codes and some descriptive chapters of
*Hoyle's Games Modernized* (1909, Project Gutenberg #39445) and executive orders from the
GPO's Federal Register HTML (``eo-govinfo/``).

Each *book run* is one edition of one or more texts: a typeface, one or two columns, a
heading style, a first folio; its pages are consecutive and the text flows from page to page
(a law or a word can be broken at a page foot). Every page gets a degradation level (clean,
worn, augraphy, poor) drawn from the seed. Whole runs (and every run of the same text) go to
one split, dev or test, about 60/40 by pages.

Needs, beyond wstools: Pillow, augraphy (``pip install augraphy``), numpy, and the
``tesseract`` binary with English data; the fonts EB Garamond, TeX Gyre (Termes, Bonum,
Schola, Pagella), Linux Libertine and Caladea (Debian: fonts-ebgaramond, fonts-texgyre,
fonts-linuxlibertine, fonts-crosextra-caladea).

    python scripts/make-page-benchmark.py [--seed 19] [--out benchmarks/pages]
        [--images /tmp/page-benchmark-images] [--limit N] [--dry-run] [--gold-only]
    python scripts/make-page-benchmark.py --extra   # only the extra dev-only law codes of
                                                    # wstools' corpus, appended to the manifest
    python scripts/make-page-benchmark.py --more    # two more editions of dev's law codes
    python scripts/make-page-benchmark.py --hard    # two more, EB Garamond, mostly poor
    python scripts/make-page-benchmark.py --hard-eo # three dev EO volumes again, mostly poor
    python scripts/make-page-benchmark.py --styles  # dev's law codes with labelled clauses
                                                    # in every style, mostly poor
    python scripts/make-page-benchmark.py --poor    # two more, Caladea and Bonum, mostly poor
    python scripts/make-page-benchmark.py --poor --styles  # those two with clause styles
    python scripts/make-page-benchmark.py --fresh   # a ninth and tenth, clause styles, faces
                                                    # weighted to EB Garamond, Caladea, Bonum

Tesseract runs one process at a time with OMP_THREAD_LIMIT=1. Deterministic for a seed
(given the same Tesseract and fonts).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

SOURCES = Path(__file__).resolve().parents[2] / "shared" / "sources"
HOYLE = SOURCES / "hoyles-games-modernized-1909.pg39445.txt"
EO_DIR = SOURCES / "eo-govinfo"

FONTS = {
    "EB Garamond": ("/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf",
                    "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Italic.otf"),
    "TeX Gyre Termes": ("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-regular.otf",
                        "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-italic.otf"),
    "TeX Gyre Bonum": ("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrebonum-regular.otf",
                       "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrebonum-italic.otf"),
    "TeX Gyre Schola": ("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreschola-regular.otf",
                        "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreschola-italic.otf"),
    "TeX Gyre Pagella": (
        "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrepagella-regular.otf",
        "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrepagella-italic.otf"),
    "Linux Libertine": ("/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf",
                        "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RI.otf"),
    "Caladea": ("/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf",
                "/usr/share/fonts/truetype/crosextra/Caladea-Italic.ttf"),
}

# (id, first line, last line (1-based, inclusive), even-page title, odd-page title, kind)
HOYLE_TEXTS = [
    ("hoyle-rubicon-bezique-laws", 985, 1300, "BÉZIQUE", "LAWS OF RUBICON BÉZIQUE", "laws"),
    ("hoyle-ecarte-laws", 1870, 2185, "ÉCARTÉ", "LAWS OF ÉCARTÉ", "laws"),
    ("hoyle-loo-laws", 2937, 3032, "LOO", "LAWS OF LOO", "laws"),
    ("hoyle-solo-whist-digest", 4556, 4708, "SOLO WHIST", "DIGEST OF THE LAWS", "laws"),
    ("hoyle-whist-laws", 5006, 5557, "WHIST", "LAWS OF WHIST", "laws"),
    ("hoyle-bridge-laws", 6882, 7490, "BRIDGE", "LAWS OF BRIDGE", "laws"),
    ("hoyle-auction-bridge-laws", 7582, 7718, "AUCTION BRIDGE", "LAWS OF AUCTION BRIDGE",
     "laws"),
    ("hoyle-pool-rules", 9408, 9572, "POOL", "NATIONAL RULES OF POOL", "laws"),
    ("hoyle-snooker-rules", 9614, 9737, "SNOOKER POOL", "RULES OF SNOOKER POOL", "laws"),
    ("hoyle-cribbage", 1332, 1869, "CRIBBAGE", "CRIBBAGE", "prose"),
    ("hoyle-piquet", 3281, 3804, "PIQUET", "PIQUET", "prose"),
    ("hoyle-poker", 3805, 4253, "POKER", "POKER", "prose"),
]

# Extra dev-only law codes from wstools' corpus (``--extra``): (id, even-page title,
# odd-page title). Each is typeset in two editions, like the Hoyle codes.
CORPUS = Path(__file__).resolve().parents[1] / "wstools" / "data" / "corpus"
EXTRA_TEXTS = [
    ("awc-whist", "WHIST", "AMERICAN LAWS OF WHIST"),
    ("awc-duplicate-whist", "DUPLICATE WHIST", "LAWS OF DUPLICATE WHIST"),
    ("work-auction-of-to-day", "AUCTION OF TO-DAY", "LAWS OF AUCTION BRIDGE"),
    ("elwell-1907-revoke", "BRIDGE", "BRIDGE AXIOMS AND LAWS"),
    ("hoyle-1909-dummy", "DUMMY", "DUMMY"),
]

LEVELS = {
    "clean": {"means": "none", "weight": 3},
    "worn": {"means": "own: scale 0.8, blur 0.6, noise 2%, threshold 185", "weight": 3,
             "scale": 0.8, "blur": 0.6, "noise": 0.02, "threshold": 185},
    "augraphy": {"means": "augraphy pipeline (InkBleed, LowInkRandomLines, NoiseTexturize, "
                 "BrightnessTexturize, SubtleNoise)", "weight": 2},
    "poor": {"means": "own: scale 0.6, blur 0.9, noise 4%, threshold 175", "weight": 2,
             "scale": 0.6, "blur": 0.9, "noise": 0.04, "threshold": 175},
}

PAGE_W, PAGE_H = 1100, 1650
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 90, 80, 90
GUTTER = 44
BODY_SIZE, NOTE_SIZE, HEAD_SIZE = 32, 25, 28
LEADING = 1.32
SYMBOLS = ["*", "†", "‡", "§"]


# -- sources -----------------------------------------------------------------------------


@dataclass
class Seg:
    text: str
    italic: bool = False


@dataclass
class Token:
    segs: list[Seg]
    note: str | None = None  # footnote text (Gutenberg-marked) referenced after this token

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segs)


@dataclass
class Block:
    kind: str  # "heading" or "para"
    tokens: list[Token] = field(default_factory=list)
    text: str = ""  # heading text
    depth: int = 0  # clause depth (indent)
    # the clause label printed at the paragraph's start (run in after a law's number and
    # title, or opening it), when the generator added it (``--styles``); else the gold reads
    # the label from the text with ``_CLAUSE``
    clause: str = ""


def clean_marks(text: str) -> str:
    text = re.sub(r"\{\d+\}", "", text)
    text = text.replace("[)a]", "a").replace("--", "—")
    return re.sub(r"\s+", " ", text).strip()


def tokens_of(text: str, notes: dict[str, str]) -> list[Token]:
    """Gutenberg-marked text (``_italic_``, ``[21]`` note marks) into tokens."""
    out: list[Token] = []
    italic = False
    for raw in text.split():
        note = None
        m = re.search(r"\[(\d+)\]", raw)
        if m:
            note = notes.get(m.group(1))
            raw = raw[:m.start()] + raw[m.end():]
        segs: list[Seg] = []
        for i, part in enumerate(raw.split("_")):
            if i:
                italic = not italic
            if part:
                segs.append(Seg(part, italic))
        if not segs:
            if note and out:
                out[-1].note = note
            continue
        out.append(Token(segs, note))
    return out


def hoyle_notes(lines: list[str]) -> dict[str, str]:
    start = next(i for i, s in enumerate(lines) if s.strip() == "NOTES")
    notes: dict[str, str] = {}
    cur, buf = None, []
    for s in lines[start + 1:]:
        if s.startswith("***") or "END OF THE PROJECT" in s:
            break
        m = re.match(r"\[(\d+)\] (.*)", s)
        if m:
            if cur:
                notes[cur] = clean_marks(" ".join(buf))
            cur, buf = m.group(1), [m.group(2)]
        elif cur and s.strip():
            buf.append(s)
    if cur:
        notes[cur] = clean_marks(" ".join(buf))
    return notes


_CLAUSE_START = re.compile(r"^\s+(?:[IVX]+\.|\([a-z]\)|\(\d+\))\s")


def hoyle_blocks(lines: list[str], first: int, last: int, notes: dict[str, str]) -> list[Block]:
    paras: list[list[str]] = [[]]
    for s in lines[first - 1:last]:
        if s.strip():
            paras[-1].append(s)
        elif paras[-1]:
            paras.append([])
    blocks: list[Block] = []
    for p in paras:
        if not p:
            continue
        joined = clean_marks(" ".join(p))
        if not joined or joined.startswith("[") or re.fullmatch(r"\{\d+\}", joined):
            continue
        indented = p[0].startswith(" ")
        clause = bool(_CLAUSE_START.match(p[0]))
        if indented and not clause:
            continue  # tables, examples, verse
        if any(re.search(r"\S {3,}\S", s) for s in p):
            continue
        if len(p) == 1 and joined.upper() == joined and re.search(r"[A-Z]", joined) \
                and len(joined) < 60:
            blocks.append(Block("heading", text=joined))
            continue
        blocks.append(Block("para", tokens_of(joined, notes), depth=1 if clause else 0))
    return blocks


def eo_text(path: Path) -> tuple[str, str, list[str]] | None:
    """(number, title, body lines) of an executive order, or None if unusable."""
    import lxml.html
    raw = path.read_bytes().replace(b"\x00", b"")
    pre = lxml.html.fromstring(raw).xpath("//pre")
    if not pre:
        return None
    lines = pre[0].text_content().replace("\r", "").split("\n")
    lines = [s for s in lines if not re.match(r"\s*\[\[Page \d+\]\]", s)]
    head = next((i for i, s in enumerate(lines)
                 if re.match(r"\s+Executive Order (\d+) of ", s)), None)
    if head is None:
        return None
    number = re.match(r"\s+Executive Order (\d+)", lines[head]).group(1)
    i = head + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    title = []
    while i < len(lines) and lines[i].strip():
        title.append(lines[i].strip())
        i += 1
    body = []
    for s in lines[i:]:
        if "(Presidential Sig.)" in s or s.strip().startswith("THE WHITE HOUSE") \
                or s.startswith("[FR Doc"):
            break
        body.append(s.rstrip())
    return number, " ".join(title), body


def eo_blocks(number: str, title: str, body: list[str]) -> list[Block] | None:
    text = "\n".join(body)
    if "[GRAPHIC]" in text or "___" in text or "---" in text or "Billing code" in text:
        return None
    content = [s for s in body if s.strip()]
    if not content:
        return None
    indents = [len(s) - len(s.lstrip()) for s in content]
    base = max(set(indents), key=lambda i: (indents.count(i), -i))  # the commonest indent
    paras: list[tuple[int, list[str]]] = []
    blank = True
    for s in body:
        if not s.strip():
            blank = True
            continue
        indent = len(s) - len(s.lstrip())
        if re.search(r"\S {3,}\S", s.strip()):
            return None
        if blank or indent > base:
            paras.append((indent - base, [s.strip()]))
        else:
            paras[-1][1].append(s.strip())
        blank = False
    blocks = [Block("heading", text=f"EXECUTIVE ORDER {number}"),
              Block("heading", text=clean_marks(title))]
    for indent, p in paras:
        joined = clean_marks(" ".join(p))
        if not joined:
            continue
        depth = 0 if indent < 4 else (1 if indent < 6 else 2)
        if joined.isupper() and len(joined) < 80:
            blocks.append(Block("heading", text=joined))
        else:
            # GPO writes quotation marks as `` and '' (which would be wiki italics)
            joined = joined.replace("``", "“").replace("''", "”").replace("_", "")
            blocks.append(Block("para", tokens_of(joined, {}), depth=depth))
    return blocks


def pick_eos(rnd: random.Random, want_pages: int) -> list[tuple[str, str, list[Block]]]:
    found = []
    for path in sorted(EO_DIR.glob("EO_*.htm")):
        got = eo_text(path)
        if not got:
            continue
        number, title, body = got
        blocks = eo_blocks(number, title, body)
        if not blocks:
            continue
        size = sum(len(t.text) + 1 for b in blocks for t in b.tokens)
        secs = sum(1 for b in blocks if b.kind == "para" and b.tokens and
                   b.tokens[0].text in ("Sec.", "Section"))
        clauses = sum(1 for b in blocks if b.depth)
        if 3500 <= size <= 16000 and secs >= 3 and clauses >= 3:
            found.append((number, title, blocks))
    rnd.shuffle(found)
    return found


_CORPUS_CLAUSE = re.compile(r"^(?:\((?:[a-z]{1,5}|[A-Z]|\d{1,2})\.?\)|[IVX]{1,5}\.|"
                            r"\d{1,2}(?:st|nd|rd|th|d)\.|\* )\s*")


def corpus_blocks(tid: str) -> list[Block]:
    """A law code of wstools' corpus (the text after its ``---`` metadata header, one
    paragraph a line-block, ``''italic''``, real dashes) into blocks: short lines in capitals
    are headings; a paragraph opening with a clause label (``(a)``, ``(a.)``, ``1st.``, ``I.``)
    or a ``*`` list item is an indented clause (the ``*`` is not printed); a paragraph that
    opens in lower case goes on the one before (a break in the source); note marks ``[27]``
    and the notes themselves are dropped."""
    raw = (CORPUS / f"{tid}.txt").read_text(encoding="utf-8").replace("\r", "")
    body = raw.split("\n---\n", 1)[1]
    paras: list[str] = []
    for p in re.split(r"\n\s*\n", body):
        p = " ".join(p.split())
        if not p or re.match(r"\[\d+\]", p):
            continue
        if paras and p[0].islower():
            paras[-1] += " " + p
        else:
            paras.append(p)
    blocks: list[Block] = []
    for p in paras:
        p = re.sub(r"\[\d+\]", "", p)
        joined = clean_marks(p)
        if joined.upper() == joined and re.search(r"[A-Z]", joined) and len(joined) < 60:
            blocks.append(Block("heading", text=joined))
            continue
        clause = bool(_CORPUS_CLAUSE.match(joined.replace("\'\'", "")))
        if joined.startswith("* "):
            joined = joined[2:]
        assert "_" not in joined and joined.count("\'\'") % 2 == 0, (tid, joined)
        blocks.append(Block("para", tokens_of(joined.replace("\'\'", "_"), {}),
                            depth=1 if clause else 0))
    return blocks


def plan_extra_runs(rnd: random.Random) -> list[Run]:
    """Two editions of each extra text (a typeface each, one and two columns), as the Hoyle
    law codes are planned."""
    faces = list(FONTS)
    runs: list[Run] = []
    for tid, even, odd in EXTRA_TEXTS:
        blocks = corpus_blocks(tid)
        chosen = rnd.sample(faces, 2)
        cols = rnd.sample([1, 2], 2)
        for e in range(2):
            runs.append(Run(f"{tid}-ed{e + 1}", [(tid, blocks, even, odd)], chosen[e],
                            cols[e], rnd.choice(["caps", "sc"]),
                            rnd.randrange(20, 400), "laws"))
    return runs


# -- typesetting ---------------------------------------------------------------------------


class Fonts:
    def __init__(self, face: str):
        regular, italic = FONTS[face]
        self.body = ImageFont.truetype(regular, BODY_SIZE)
        self.italic = ImageFont.truetype(italic, BODY_SIZE)
        self.note = ImageFont.truetype(regular, NOTE_SIZE)
        self.note_italic = ImageFont.truetype(italic, NOTE_SIZE)
        self.head = ImageFont.truetype(regular, HEAD_SIZE)
        self.small = ImageFont.truetype(regular, int(BODY_SIZE * 0.74))
        self.mark = ImageFont.truetype(regular, int(BODY_SIZE * 0.6))
        self.space = self.body.getlength(" ")


@dataclass
class Item:
    token: int  # index into the flow's tokens
    part: str  # "whole", "head" (first half of a hyphenated word), "tail"
    text: str  # as printed (head parts with their hyphen)


@dataclass
class Line:
    kind: str  # "text", "heading", "gap"
    block: int
    items: list[Item] = field(default_factory=list)
    first: bool = False
    last: bool = False
    indent: int = 0
    text: str = ""  # heading line text
    height: int = 0
    notes: list[int] = field(default_factory=list)  # tokens with footnotes


def seg_font(fonts: Fonts, italic: bool, note: bool = False):
    if note:
        return fonts.note_italic if italic else fonts.note
    return fonts.italic if italic else fonts.body


def token_width(fonts: Fonts, tok: Token, text: str | None = None) -> float:
    if text is not None:
        return fonts.body.getlength(text)
    return sum(seg_font(fonts, s.italic).getlength(s.text) for s in tok.segs)


def split_points(word: str) -> list[int]:
    """Where a plain word may be hyphenated (after a vowel before a consonant, else anywhere),
    longest first part first."""
    core = re.fullmatch(r"([A-Za-z]+)([.,;:]?)", word)
    if not core or len(core.group(1)) < 6:
        return []
    w = core.group(1)
    pts = [i for i in range(3, len(w) - 2) if w[i - 1] in "aeiouy" and w[i] not in "aeiouy"]
    return sorted(pts or list(range(3, len(w) - 2)), reverse=True)


def smallcaps_width(fonts: Fonts, text: str) -> float:
    return sum((fonts.body if not c.islower() else fonts.small).getlength(c.upper())
               for c in text)


def break_flow(blocks: list[Block], fonts: Fonts, width: int, heading_style: str
               ) -> tuple[list[Token], list[Line]]:
    tokens: list[Token] = []
    lines: list[Line] = []
    line_h = int(BODY_SIZE * LEADING)
    for b, block in enumerate(blocks):
        if block.kind == "heading":
            shown = block.text if heading_style == "caps" else sc_case(block.text)
            words, cur = shown.split(), ""
            head_lines = []
            for w in words:
                trial = f"{cur} {w}".strip()
                if smallcaps_width(fonts, trial) > width - 40 and cur:
                    head_lines.append(cur)
                    cur = w
                else:
                    cur = trial
            head_lines.append(cur)
            lines.append(Line("gap", b, height=line_h // 2))
            for i, h in enumerate(head_lines):
                lines.append(Line("heading", b, text=h, height=line_h, first=i == 0,
                                  last=i == len(head_lines) - 1))
            lines.append(Line("gap", b, height=line_h // 3))
            continue
        start = len(tokens)
        tokens.extend(block.tokens)
        indent = 32 + 34 * block.depth
        cur = Line("text", b, first=True, indent=indent, height=line_h)
        x = indent
        i = start
        pending_tail: Item | None = None
        while i < len(tokens):
            tok = tokens[i]
            if pending_tail:
                item, pending_tail = pending_tail, None
                w = fonts.body.getlength(item.text)
            else:
                item = Item(i, "whole", tok.text)
                w = token_width(fonts, tok)
            gap = fonts.space if cur.items else 0
            if x + gap + w <= width:
                cur.items.append(item)
                if tok.note and item.part != "head":
                    cur.notes.append(i)
                x += gap + w
                i += 1
                continue
            # does not fit: try to hyphenate a whole word
            if item.part == "whole" and len(tok.segs) == 1:
                for p in split_points(tok.text):
                    head = tok.text[:p] + "-"
                    if x + gap + fonts.body.getlength(head) <= width:
                        cur.items.append(Item(i, "head", head))
                        pending_tail = Item(i, "tail", tok.text[p:])
                        break
            if not cur.items:  # a word longer than the line: put it anyway
                cur.items.append(item)
                i += 1
            lines.append(cur)
            cur = Line("text", b, height=line_h)
            x = 0
            if pending_tail:
                continue
        cur.last = True
        lines.append(cur)
    return tokens, lines


_SMALL_WORDS = {"of", "the", "and", "or", "to", "in", "a", "an", "for", "on", "by", "at",
                "with", "as", "its", "from"}


def sc_case(text: str) -> str:
    """A capitals heading in the case a proofreader writes inside {{sc|…}}."""
    if not text.isupper():
        return text
    words = text.lower().split()
    return " ".join(w if (i and w in _SMALL_WORDS) else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


def note_lines(fonts: Fonts, text: str, width: int, symbol: str) -> list[str]:
    words = f"{symbol} {text.replace('_', '')}".split()
    out, cur = [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if fonts.note.getlength(trial) > width and cur:
            out.append(cur)
            cur = w
        else:
            cur = trial
    out.append(cur)
    return out


@dataclass
class PageLayout:
    frames: list[list[int]]  # line indices per column
    notes: list[list[int]]  # note tokens per column


def paginate(lines: list[Line], tokens: list[Token], fonts: Fonts, columns: int, width: int
             ) -> list[PageLayout]:
    """Fill the columns of each page in turn; footnotes go at the foot of the page, across
    its whole measure (under both columns), so the body's text is read before them."""
    body_h = PAGE_H - MARGIN_TOP - MARGIN_BOTTOM - int(HEAD_SIZE * 2.2)
    note_h = int(NOTE_SIZE * 1.25)
    note_w = PAGE_W - 2 * MARGIN_X
    pages: list[PageLayout] = []
    i = 0
    while i < len(lines):
        page = PageLayout([], [])
        note_used = 0
        used_cols: list[int] = []
        for _col in range(columns):
            frame, notes, used = [], [], 0
            while i < len(lines):
                ln = lines[i]
                if not frame and ln.kind == "gap":
                    i += 1
                    continue
                extra = 0
                for t in ln.notes:
                    n = len(note_lines(fonts, tokens[t].note, note_w, "*"))
                    extra += n * note_h + (note_h if not (note_used or extra) else 0)
                need = ln.height
                # keep a heading with the line after it
                if ln.kind == "heading" and ln.last:
                    need += ln.height
                limit = body_h - note_used - extra
                if frame and (used + need > limit or any(u > limit for u in used_cols)):
                    break
                frame.append(i)
                notes.extend(ln.notes)
                used += ln.height
                note_used += extra
                i += 1
            used_cols.append(used)
            page.frames.append(frame)
            page.notes.append(notes)
        pages.append(page)
    return pages


def draw_smallcaps(draw, fonts: Fonts, x: float, y: int, text: str, caps: bool):
    for c in text:
        f = fonts.small if (c.islower() and not caps) else fonts.body
        draw.text((x, y + (fonts.body.size - f.size) * 0.8), c.upper(), font=f, fill=0)
        x += f.getlength(c.upper())


def render_page(page: PageLayout, lines: list[Line], tokens: list[Token], fonts: Fonts,
                columns: int, width: int, folio: int, title: str, heading_style: str
                ) -> Image.Image:
    img = Image.new("L", (PAGE_W, PAGE_H), 255)
    draw = ImageDraw.Draw(img)
    # running head
    y0 = MARGIN_TOP
    tw = fonts.head.getlength(title)
    draw.text(((PAGE_W - tw) / 2, y0), title, font=fonts.head, fill=0)
    num = str(folio)
    if folio % 2 == 0:
        draw.text((MARGIN_X, y0), num, font=fonts.head, fill=0)
    else:
        draw.text((PAGE_W - MARGIN_X - fonts.head.getlength(num), y0), num, font=fonts.head,
                  fill=0)
    top = y0 + int(HEAD_SIZE * 2.2)
    line_h = int(BODY_SIZE * LEADING)
    symbols: dict[int, str] = {}
    for c, frame in enumerate(page.frames):
        x0 = MARGIN_X + c * (width + GUTTER)
        y = top
        for li in frame:
            ln = lines[li]
            if ln.kind == "gap":
                y += ln.height
                continue
            if ln.kind == "heading":
                w = smallcaps_width(fonts, ln.text) if heading_style != "caps" else \
                    fonts.body.getlength(ln.text)
                draw_smallcaps(draw, fonts, x0 + (width - w) / 2, y, ln.text,
                               heading_style == "caps")
                y += ln.height
                continue
            widths = []
            for it in ln.items:
                tok = tokens[it.token]
                widths.append(token_width(fonts, tok) if it.part == "whole"
                              else fonts.body.getlength(it.text))
            x = x0 + (ln.indent if ln.first else 0)
            space = fonts.space
            if not ln.last and len(ln.items) > 1:
                space = max(fonts.space, (x0 + width - x - sum(widths)) / (len(ln.items) - 1))
                space = min(space, fonts.space * 3)
            for it, w in zip(ln.items, widths, strict=True):
                tok = tokens[it.token]
                if it.part == "whole":
                    xx = x
                    for s in tok.segs:
                        f = seg_font(fonts, s.italic)
                        draw.text((xx, y), s.text, font=f, fill=0)
                        xx += f.getlength(s.text)
                else:
                    draw.text((x, y), it.text, font=seg_font(fonts, tok.segs[0].italic),
                              fill=0)
                if tok.note and it.part != "head":
                    sym = SYMBOLS[len(symbols) % len(SYMBOLS)]
                    symbols[it.token] = sym
                    draw.text((x + w + 1, y - 4), sym, font=fonts.mark, fill=0)
                x += w + space
            y += line_h
    all_notes = [t for col in page.notes for t in col]
    if all_notes:
        note_h = int(NOTE_SIZE * 1.25)
        note_w = PAGE_W - 2 * MARGIN_X
        nlines = [note_lines(fonts, tokens[t].note, note_w, symbols.get(t, "*"))
                  for t in all_notes]
        y = PAGE_H - MARGIN_BOTTOM - sum(len(n) for n in nlines) * note_h
        draw.line((MARGIN_X, y - note_h // 2, MARGIN_X + note_w // 4, y - note_h // 2), fill=0,
                  width=2)
        for nl in nlines:
            for s in nl:
                draw.text((MARGIN_X, y), s, font=fonts.note, fill=0)
                y += note_h
    return img


# -- gold ----------------------------------------------------------------------------------


def wiki_segs(segs: list[Seg]) -> str:
    out, italic = [], False
    for s in segs:
        if s.italic != italic:
            out.append("''")
            italic = s.italic
        out.append(s.text)
    if italic:
        out.append("''")
    return "".join(out)


def wiki_note(text: str) -> str:
    """A footnote is printed in roman throughout (its Gutenberg italics are dropped)."""
    return text.replace("_", "")


# a law's number, or the range of a code that refers to another ("5 to 10. As in Bridge.")
_LAW = re.compile(r"^(?:(?:Section|Sec\.)\s+)?(?!\d+(?:st|nd|rd|th|d)\.)(\d+[a-z]?(?: to \d+)?)\."
                  r"(?:—|\s)")
_CLAUSE = re.compile(r"^(?:(?:Section|Sec\.)\s+\d+\.\s*(?:[^.]{0,80}\.\s)?|\d+\.—?)?\s*"
                     r"(\((?:[a-z]{1,5}\.?|[A-Z]|\d{1,2})\)|[IVX]{1,5}\.|"
                     r"\d{1,2}(?:st|nd|rd|th|d)\.)\s")


def gold_page(page: PageLayout, lines: list[Line], tokens: list[Token], blocks: list[Block],
              heading_style: str, is_last_page: bool) -> tuple[str, dict]:
    # gaps (space around headings) print nothing
    order = [li for frame in page.frames for li in frame if lines[li].kind != "gap"]
    paras: list[str] = []
    structure = {"laws": [], "clauses": [], "headings": [], "footnotes": 0,
                 "continues": False, "word_broken_at_top": None, "word_broken_at_foot": None}
    cur_block, cur_words = None, []
    head_parts: list[str] = []

    def flush():
        nonlocal cur_words
        if cur_words:
            paras.append(" ".join(cur_words).replace("'' ''", " "))
        cur_words = []

    for n, li in enumerate(order):
        ln = lines[li]
        if ln.kind == "heading":
            if ln.first:
                flush()
                cur_block = None
                head_parts = []
            head_parts.append(ln.text)
            if ln.last:
                text = blocks[ln.block].text
                shown = text if heading_style == "caps" else sc_case(text)
                paras.append(f"{{{{c|{{{{sc|{shown}}}}}}}}}")
                structure["headings"].append(shown)
            continue
        if ln.block != cur_block:
            flush()
            cur_block = ln.block
            if ln.first:
                plain = " ".join(t.text for t in blocks[ln.block].tokens[:40])
                m = _LAW.match(plain)
                if m:
                    structure["laws"].append(m.group(1))
                m = _CLAUSE.match(plain)
                if blocks[ln.block].clause:
                    structure["clauses"].append(blocks[ln.block].clause)
                elif m:
                    structure["clauses"].append(m.group(1))
            elif n == 0 or not any(lines[k].kind == "text" for k in order[:n]):
                structure["continues"] = True
        for it in ln.items:
            tok = tokens[it.token]
            whole = tok.text
            if it.part == "whole":
                w = wiki_segs(tok.segs)
            elif it.part == "head":
                # is the tail on this page?
                if li == order[-1]:
                    w = f"{{{{hws|{it.text[:-1]}|{whole}}}}}"
                    structure["word_broken_at_foot"] = whole
                else:
                    w = wiki_segs(tok.segs)
            else:  # tail
                if li == order[0] or all(lines[k].kind != "text" for k in order[:n]):
                    w = f"{{{{hwe|{it.text}|{whole}}}}}"
                    structure["word_broken_at_top"] = whole
                else:
                    continue  # written with its head
            if tok.note and it.part != "head":
                w += f"<ref>{wiki_note(tok.note)}</ref>"
                structure["footnotes"] += 1
            cur_words.append(w)
    flush()
    body = "\n\n".join(paras)
    last = lines[order[-1]] if order else None
    if last is not None and last.kind == "text" and last.last and not is_last_page:
        body += "\n{{nop}}"
    return body, structure


# -- degradation and OCR -------------------------------------------------------------------


def degrade(img: Image.Image, level: str, rnd: random.Random) -> Image.Image:
    spec = LEVELS[level]
    if level == "clean":
        return img
    if level == "augraphy":
        return augraphy_degrade(img, rnd)
    if spec["scale"] != 1.0:
        small = img.resize((int(img.width * spec["scale"]), int(img.height * spec["scale"])),
                           Image.BILINEAR)
        img = small.resize(img.size, Image.BILINEAR)
    if spec["blur"]:
        img = img.filter(ImageFilter.GaussianBlur(spec["blur"]))
    if spec["noise"]:
        import numpy as np
        arr = np.array(img)
        gen = np.random.default_rng(rnd.randrange(2**32))
        mask = gen.random(arr.shape) < spec["noise"] / 10
        arr[mask] = np.where(gen.random(int(mask.sum())) < 0.5, 0, 255)
        img = Image.fromarray(arr)
    if spec["threshold"] is not None:
        img = img.point(lambda v, t=spec["threshold"]: 0 if v < t else 255)
    return img


_AUG = None


def augraphy_degrade(img: Image.Image, rnd: random.Random) -> Image.Image:
    import numpy as np
    seed = rnd.randrange(2**31)
    random.seed(seed)
    np.random.seed(seed % (2**32))
    import cv2
    cv2.setRNGSeed(seed)
    from augraphy import (
        AugraphyPipeline,
        BrightnessTexturize,
        InkBleed,
        LowInkRandomLines,
        NoiseTexturize,
        SubtleNoise,
    )
    pipeline = AugraphyPipeline(
        ink_phase=[InkBleed(intensity_range=(0.3, 0.5), p=0.8),
                   LowInkRandomLines(count_range=(5, 15), use_consistent_lines=False, p=0.7)],
        paper_phase=[NoiseTexturize(sigma_range=(3, 8), turbulence_range=(2, 4), p=0.8),
                     BrightnessTexturize(texturize_range=(0.9, 0.97), deviation=0.05, p=0.6)],
        post_phase=[SubtleNoise(subtle_range=15, p=0.7)],
        random_seed=seed,
    )
    arr = np.array(img.convert("RGB"))
    # augraphy caches its inputs in ./augraphy_cache: keep that out of the working tree
    here = os.getcwd()
    os.chdir(os.environ.get("TMPDIR", "/tmp"))
    try:
        out = pipeline(arr)
    finally:
        os.chdir(here)
    if isinstance(out, dict):
        out = out["output"]
    return Image.fromarray(out).convert("L")


def ocr(path: Path) -> str:
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    done = subprocess.run(["tesseract", str(path), "stdout", "-l", "eng", "--psm", "3",
                           "--dpi", "200", "-c", "tessedit_do_invert=0"],
                          capture_output=True, text=True, check=True, env=env)
    return done.stdout


# -- runs ----------------------------------------------------------------------------------


@dataclass
class Run:
    id: str
    texts: list[tuple[str, list[Block], str, str]]  # (text id, blocks, even title, odd title)
    face: str
    columns: int
    heading_style: str
    first_folio: int
    kind: str
    # the weights of the degradation levels drawn for its pages (None: LEVELS' own)
    level_weights: dict[str, int] | None = None


def plan_runs(rnd: random.Random, eo_pages: int) -> list[Run]:
    lines = HOYLE.read_text(encoding="utf-8").replace("\r", "").split("\n")
    notes = hoyle_notes(lines)
    faces = list(FONTS)
    runs: list[Run] = []
    for tid, first, last, even, odd, kind in HOYLE_TEXTS:
        blocks = hoyle_blocks(lines, first, last, notes)
        editions = 2 if kind == "laws" else 1
        chosen = rnd.sample(faces, editions)
        cols = rnd.sample([1, 2], 2)
        for e in range(editions):
            runs.append(Run(f"{tid}-ed{e + 1}", [(tid, blocks, even, odd)], chosen[e],
                            cols[e], rnd.choice(["caps", "sc"]),
                            rnd.randrange(20, 400), kind))
    eos = pick_eos(random.Random(f"{rnd.random()}-eo"), eo_pages)
    # volumes of executive orders, each a book run of several orders
    per_volume = 6
    for v in range(0, min(len(eos), 60), per_volume):
        texts = []
        for number, title, blocks in eos[v:v + per_volume]:
            short = re.sub(r"[^A-Za-z ]", " ", title).upper().split()
            odd = ""
            for w in short:
                if len(odd) + len(w) + 1 > 34:
                    break
                odd = f"{odd} {w}".strip()
            texts.append((f"eo-{number}", blocks, "EXECUTIVE ORDERS", odd or "EXECUTIVE ORDER"))
        runs.append(Run(f"eo-volume-{v // per_volume + 1}", texts, rnd.choice(faces),
                        rnd.choice([1, 2]), rnd.choice(["caps", "sc"]),
                        rnd.randrange(1000, 3000), "executive orders"))
    return runs


def assign_splits(runs: list[Run], pages_per_run: dict[str, int], rnd: random.Random
                  ) -> dict[str, str]:
    groups: dict[str, list[str]] = {}
    for r in runs:
        key = r.texts[0][0] if len(r.texts) == 1 else r.id
        groups.setdefault(key, []).append(r.id)
    keys = sorted(groups)
    rnd.shuffle(keys)
    total = sum(pages_per_run.values())
    dev, split = 0, {}
    for k in keys:
        n = sum(pages_per_run[r] for r in groups[k])
        side = "dev" if dev + n / 2 <= 0.6 * total else "test"
        if side == "dev":
            dev += n
        for r in groups[k]:
            split[r] = side
    return split


def lay_out(runs: list[Run]) -> list[tuple]:
    """Break and paginate every run: (run, fonts, width, pages), a page being (text id,
    blocks, tokens, lines, layout, folio, running title, last page of its text)."""
    laid = []
    for run in runs:
        fonts = Fonts(run.face)
        width = PAGE_W - 2 * MARGIN_X
        if run.columns == 2:
            width = (width - GUTTER) // 2
        run_pages = []
        folio = run.first_folio
        for tid, blocks, even, odd in run.texts:
            tokens, lines = break_flow(blocks, fonts, width, run.heading_style)
            pages = paginate(lines, tokens, fonts, run.columns, width)
            for k, pg in enumerate(pages):
                run_pages.append((tid, blocks, tokens, lines, pg, folio,
                                  even if folio % 2 == 0 else odd, k == len(pages) - 1))
                folio += 1
        laid.append((run, fonts, width, run_pages))
        print(f"laid out {run.id}: {len(run_pages)} pages ({run.face}, {run.columns} col)",
              flush=True)
    return laid


def write_page(out: Path, images: Path, seed: int, run: Run, fonts: Fonts, width: int,
               pos: int, laid_page: tuple, side_of_split: str, gold_only: bool) -> dict:
    """Render, degrade and OCR one page (or keep its committed OCR), write its OCR, gold and
    structure, and return its manifest entry."""
    tid, blocks, tokens, lines, pg, folio, title, last = laid_page
    level_names = list(LEVELS)
    weights = [(run.level_weights or {k: LEVELS[k]["weight"] for k in LEVELS}).get(k, 0)
               for k in level_names]
    pid = f"{run.id}-p{pos + 1:03d}"
    level = random.Random(f"{seed}-{pid}-level").choices(level_names, weights)[0]
    prnd = random.Random(f"{seed}-{pid}")
    if gold_only:  # keep the committed OCR, rewrite gold and structure
        text = (out / "pages" / f"{pid}.ocr.txt").read_text(encoding="utf-8")
    else:
        img = render_page(pg, lines, tokens, fonts, run.columns, width, folio, title,
                          run.heading_style)
        img = degrade(img, level, prnd)
        path = images / f"{pid}.png"
        img.save(path, dpi=(200, 200))
        text = ocr(path)
    body, structure = gold_page(pg, lines, tokens, blocks, run.heading_style, last)
    side = "left" if folio % 2 == 0 else "right"
    header = (f"{{{{rh|{folio}|{title}|}}}}" if side == "left"
              else f"{{{{rh||{title}|{folio}}}}}")
    footer = "{{smallrefs}}" if "<ref>" in body else ""
    gold = (f'<noinclude><pagequality level="3" user="" />{header}</noinclude>'
            f"{body}<noinclude>{footer}</noinclude>")
    structure = {"running_head": {"title": title, "folio": folio, "side": side},
                 **structure}
    (out / "pages" / f"{pid}.ocr.txt").write_text(text, encoding="utf-8")
    (out / "pages" / f"{pid}.gold.wiki").write_text(gold, encoding="utf-8")
    (out / "pages" / f"{pid}.json").write_text(
        json.dumps(structure, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return {
        # an executive-order volume is one book (a compilation): its text is the
        # volume, its document the order
        "id": pid, "text": run.id if run.kind == "executive orders" else tid,
        "document": tid, "kind": run.kind, "typeface": run.face,
        "columns": run.columns, "headings": run.heading_style, "level": level,
        "degradation": LEVELS[level]["means"], "run": run.id, "position": pos + 1,
        "folio": folio, "split": side_of_split}


def write_manifest(out: Path, manifest: dict) -> None:
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1)
                                       + "\n", encoding="utf-8")


def new_manifest(seed: int) -> dict:
    return {"seed": seed, "generator": "scripts/make-page-benchmark.py",
            "levels": {k: v["means"] for k, v in LEVELS.items()}, "pages": []}


def write_runs(out: Path, images: Path, args, laid: list, split: dict[str, str],  # noqa: ANN001
               manifest: dict, started: float) -> int:
    """Write the laid-out runs' pages (OCR and gold) into ``manifest``, each in its run's
    split, saving the manifest every ten pages; returns how many were written."""
    done = 0
    total = sum(len(p) for *_, p in laid)
    if args.limit:
        total = min(total, args.limit)
    for run, fonts, width, run_pages in laid:
        for pos, laid_page in enumerate(run_pages):
            if args.limit and done >= args.limit:
                break
            entry = write_page(out, images, args.seed, run, fonts, width, pos, laid_page,
                               split[run.id], args.gold_only)
            manifest["pages"].append(entry)
            done += 1
            if done % 10 == 0 or done == total:
                write_manifest(out, manifest)
                el = time.time() - started
                print(f"[{done}/{total}] {entry['id']} {entry['level']} {el:.0f}s "
                      f"(~{el / done * (total - done):.0f}s left)", flush=True)
    write_manifest(out, manifest)
    return done


# the dev split's law codes (by ``assign_splits`` under the default seed), given a third
# edition by ``--more``: more dev pages of the styles dev holds, under new typefaces,
# layouts and degradations (the test split is not drawn on)
MORE_HOYLE = ("hoyle-ecarte-laws", "hoyle-loo-laws", "hoyle-solo-whist-digest",
              "hoyle-snooker-rules")


def plan_more_runs(rnd: random.Random) -> list[Run]:
    """A third and a fourth edition (``-ed3``, ``-ed4``) of each dev law code: the Hoyle
    ones of ``MORE_HOYLE`` and the extra corpus codes, in two typefaces, one and two
    columns, heading style and first folio drawn by ``rnd``."""
    lines = HOYLE.read_text(encoding="utf-8").replace("\r", "").split("\n")
    notes = hoyle_notes(lines)
    texts = [(tid, hoyle_blocks(lines, first, last, notes), even, odd)
             for tid, first, last, even, odd, kind in HOYLE_TEXTS if tid in MORE_HOYLE]
    texts += [(tid, corpus_blocks(tid), even, odd) for tid, even, odd in EXTRA_TEXTS]
    faces = list(FONTS)
    runs = []
    for tid, blocks, even, odd in texts:
        chosen, cols = rnd.sample(faces, 2), rnd.sample([1, 2], 2)
        runs += [Run(f"{tid}-ed{e + 3}", [(tid, blocks, even, odd)], chosen[e], cols[e],
                     rnd.choice(["caps", "sc"]), rnd.randrange(20, 400), "laws")
                 for e in range(2)]
    return runs


# ``--hard``: the typeface and the levels the test split read worst (EB Garamond, poor), in
# dev's own law codes; levels drawn poor 2 : augraphy 1 : worn 1
HARD_FACE = "EB Garamond"
HARD_LEVELS = {"poor": 2, "augraphy": 1, "worn": 1}


def plan_hard_runs(rnd: random.Random) -> list[Run]:
    """A fifth and a sixth edition (``-ed5`` one column, ``-ed6`` two) of each dev law code
    of ``plan_more_runs``, both in ``HARD_FACE``, their pages' levels drawn by
    ``HARD_LEVELS``; heading style and first folio drawn by ``rnd``."""
    lines = HOYLE.read_text(encoding="utf-8").replace("\r", "").split("\n")
    notes = hoyle_notes(lines)
    texts = [(tid, hoyle_blocks(lines, first, last, notes), even, odd)
             for tid, first, last, even, odd, kind in HOYLE_TEXTS if tid in MORE_HOYLE]
    texts += [(tid, corpus_blocks(tid), even, odd) for tid, even, odd in EXTRA_TEXTS]
    return [Run(f"{tid}-ed{e + 5}", [(tid, blocks, even, odd)], HARD_FACE, e + 1,
                rnd.choice(["caps", "sc"]), rnd.randrange(20, 400), "laws", HARD_LEVELS)
            for tid, blocks, even, odd in texts for e in range(2)]


# ``--hard-eo``: three dev volumes of executive orders set again (``-ed2``) in another
# typeface and layout, levels as ``--hard``'s
HARD_EO = ("eo-volume-2", "eo-volume-6", "eo-volume-10")


def plan_hard_eo_runs(rnd: random.Random, seed: int, out: Path) -> list[Run]:
    """A second edition of each volume of ``HARD_EO`` (the same orders, drawn as the main
    run draws them), in a typeface other than its own and the other column count, its
    pages' levels drawn by ``HARD_LEVELS``; only volumes the manifest puts in dev."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    dev = {p["run"] for p in manifest["pages"] if p["split"] == "dev"}
    runs = []
    for run in plan_runs(random.Random(f"{seed}-plan"), 0):
        if run.id not in HARD_EO:
            continue
        assert run.id in dev, run.id  # the test split is never drawn on
        face = rnd.choice([f for f in FONTS if f != run.face])
        runs.append(Run(f"{run.id}-ed2", run.texts, face, 3 - run.columns,
                        rnd.choice(["caps", "sc"]), rnd.randrange(1000, 3000), run.kind,
                        HARD_LEVELS))
    return runs


# ``--styles``: dev's law codes again, their laws' paragraphs (or runs of consecutive
# sentences) labelled as clauses in every labelling style, under heavy degradation
STYLES_LEVELS = {"poor": 2, "augraphy": 1, "worn": 1, "clean": 1}
# every face, the four of the test split's and dev's weak groups weighted up
STYLES_FACES = {"Caladea": 3, "TeX Gyre Termes": 3, "TeX Gyre Bonum": 3, "EB Garamond": 3,
                "TeX Gyre Schola": 1, "TeX Gyre Pagella": 1, "Linux Libertine": 1}
STYLES_EDITIONS = 3
# the labelling styles: letters in brackets, bare letters, figures in brackets, capital
# Roman numerals, ordinals, and letters with small Roman numerals nested under one of them
STYLES = ("(a)", "a.", "(1)", "I.", "1st.", "(a)(i)")
# a law's own style: nesting drawn more often (it needs four items; a law with fewer draws
# again among the others)
STYLE_WEIGHTS = (1, 1, 1, 1, 1, 2)
# the test split's texts (``assign_splits`` under the default seed): never drawn on
TEST_TEXTS = ("hoyle-whist-laws", "hoyle-bridge-laws", "hoyle-auction-bridge-laws",
              "hoyle-rubicon-bezique-laws", "hoyle-pool-rules")
_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
_NOT_AN_END = {"i.e.", "e.g.", "viz.", "Mr.", "Mrs.", "Messrs.", "Dr.", "St.", "No.", "Nos.",
               "etc.", "vs."}


def style_label(style: str, n: int) -> str:
    """The ``n``-th (0-based) label of a style as printed: ``(c)``, ``c.``, ``(3)``,
    ``III.``, ``3d.``; ``(i)`` for the nested small Roman numerals."""
    if style in ("(a)", "(a)(i)"):
        return f"({'abcdefghijklmnopqrstuvwxyz'[n]})"
    if style == "a.":
        return f"{'abcdefghijklmnopqrstuvwxyz'[n]}."
    if style == "(1)":
        return f"({n + 1})"
    if style == "I.":
        return f"{_ROMAN[n]}."
    if style == "(i)":
        return f"({_ROMAN[n].lower()})"
    assert style == "1st.", style
    k = n + 1
    return f"{k}{ {1: 'st', 2: 'd', 3: 'd'}.get(k if k < 20 else k % 10, 'th')}."


def sentence_ends(tokens: list[Token], start: int) -> list[int]:
    """Indices ``i`` (``i >= start``) after which a sentence ends: a token ending in a stop,
    a question or an exclamation mark (a closing quote allowed), not an abbreviation, before
    a token opening with a capital (a quote allowed)."""
    ends = []
    for i in range(start, len(tokens) - 1):
        t, nxt = tokens[i].text, tokens[i + 1].text
        if t in _NOT_AN_END or not re.search(r"[a-z)][.?!][”’\"']?$", t):
            continue
        if re.match(r"[“‘\"']?[A-Z]", nxt):
            ends.append(i)
    return ends


def law_prefix(tokens: list[Token]) -> int:
    """How many tokens the law's number (and italic run-in title) take before its text: 1
    for ``7.`` or ``7.—The`` (split later), the title's tokens for ``3. ''The Deal.''—A``."""
    if re.match(r"\d+\.—", tokens[0].text):
        return 1
    t = 1
    while t < min(len(tokens), 9) and tokens[t].segs[0].italic:
        if "—" in tokens[t].text:
            return t + 1
        t += 1
    return 1


def run_in(tokens: list[Token], label: str) -> list[Token]:
    """The law's first paragraph with ``label`` run in after its number and title:
    ``7.—(a) The``, ``3. ''The Deal.''—(a) A``, ``7. (a) The``."""
    p = law_prefix(tokens)
    last = tokens[p - 1]
    k = next((j for j, s in enumerate(last.segs) if "—" in s.text), None)
    if k is None:  # ``7. The``: the label a word of its own
        return tokens[:p] + [Token([Seg(label)])] + tokens[p:]
    seg = last.segs[k]
    cut = seg.text.index("—") + 1
    head = Token(last.segs[:k] + [Seg(seg.text[:cut] + label)])
    rest = ([Seg(seg.text[cut:], seg.italic)] if seg.text[cut:] else []) + last.segs[k + 1:]
    out = tokens[:p - 1] + [head]
    if rest:
        out.append(Token(rest, last.note))
    else:
        head.note = last.note
    return out + tokens[p:]


def split_groups(rnd: random.Random, n: int, k: int) -> list[int]:
    """Sizes of ``k`` consecutive non-empty groups of ``n`` items, cut at random."""
    cuts = sorted(rnd.sample(range(1, n), k - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, n], strict=True)]


def clause_labels(rnd: random.Random, style: str, k: int) -> list[tuple[str, int]]:
    """(label, depth) for ``k`` clauses of ``style``; ``(a)(i)`` nests two or three
    ``(i)`` items under one lettered clause, at least two lettered (needs ``k >= 4``, else
    plain letters)."""
    if style != "(a)(i)" or k < 4:
        style = "(a)" if style == "(a)(i)" else style
        return [(style_label(style, i), 1) for i in range(k)]
    parent = rnd.randrange(k - 3)
    kids = rnd.randint(2, min(3, k - 1 - parent, k - 2))
    out, top = [], 0
    for i in range(k):
        if parent < i <= parent + kids:
            out.append((style_label("(i)", i - parent - 1), 2))
        else:
            out.append((style_label("(a)", top), 1))
            top += 1
    return out


def styled_law(rnd: random.Random, style: str, law: list[Block], redraw: bool = False
               ) -> list[Block] | None:
    """A law (its numbered paragraph and the paragraphs after it) with labelled clauses, or
    None when it cannot carry them (one sentence, or clauses of its own already). Several
    paragraphs: the ones after the first become the clauses, the first run in as ``(a)``
    unless it ends by announcing them (``…dealer:``); one paragraph: a run of its sentences
    (all, the first run in, or the ones after a lead of one or more) cut into 2–5 items
    (``(a)(i)`` runs the first in and wants four).
    With ``redraw``, a law of fewer than four items drawn ``(a)(i)`` takes another style
    (an edition in ``(a)(i)`` letters such a law's clauses)."""
    first, rest = law[0], law[1:]
    if any(_CORPUS_CLAUSE.match(b.tokens[0].text) for b in rest):
        return None
    if rest:
        items = [b.tokens for b in rest]
        announces = re.search(r"[:—]$", first.tokens[-1].text) is not None
        inline = not announces and (len(items) < 2 or style == "(a)(i)"
                                    or rnd.random() < 0.5)
        if not inline and len(items) < 2:
            return None
        lead = first.tokens
    else:
        toks = first.tokens
        ends = sentence_ends(toks, law_prefix(toks))
        if not ends:
            return None
        bounds = [0, *[e + 1 for e in ends], len(toks)]
        sents = [toks[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        inline = len(sents) == 2 or style == "(a)(i)" or rnd.random() < 0.5
        lead_n = 0 if inline else rnd.randint(1, len(sents) - 2)
        lead = [t for s in sents[:lead_n] for t in s]
        body = sents[lead_n:]
        most = min(5, len(body))  # nesting wants four items or more
        least = min(4, most) if style == "(a)(i)" else 2
        sizes = split_groups(rnd, len(body), rnd.randint(least, most))
        items, i = [], 0
        for size in sizes:
            items.append([t for s in body[i:i + size] for t in s])
            i += size
        if inline:
            lead, items = items[0], items[1:]
    if redraw and style == "(a)(i)" and len(items) + inline < 4:
        style = rnd.choice(STYLES[:-1])
    labels = clause_labels(rnd, style, len(items) + inline)
    out = []
    if inline:
        label = labels.pop(0)[0]
        out.append(Block("para", run_in(lead, label), depth=0, clause=label))
    else:
        out.append(Block("para", lead, depth=0))
    for (label, depth), toks in zip(labels, items, strict=True):
        out.append(Block("para", [Token([Seg(label)]), *toks], depth=depth, clause=label))
    return out


def styled_blocks(rnd: random.Random, blocks: list[Block], edition_style: str | None
                  ) -> list[Block]:
    """A law code with clauses added to most of its numbered laws (each law's style drawn
    from ``STYLES``, or ``edition_style`` for all), cut after its last numbered law (the
    descriptive pages after Écarté's laws, Snooker's next chapter)."""
    starts = [i for i, b in enumerate(blocks) if b.kind == "para" and b.depth == 0
              and _LAW.match(" ".join(t.text for t in b.tokens[:3]))]
    end = starts[-1] + 1
    while end < len(blocks) and blocks[end].kind == "para" and blocks[end].depth:
        end += 1
    out: list[Block] = list(blocks[:starts[0]])
    for n, s in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else end
        law_end = next((i for i in range(s + 1, stop) if blocks[i].kind == "heading"), stop)
        law = blocks[s:law_end]
        style = edition_style or rnd.choices(STYLES, STYLE_WEIGHTS)[0]
        got = styled_law(rnd, style, law, not edition_style) if rnd.random() < 0.85 else None
        out += got or law
        out += blocks[law_end:stop]
    return out


def dev_law_texts(out: Path) -> tuple[list[tuple], dict[str, set[str]]]:
    """The dev law codes (``MORE_HOYLE`` and ``EXTRA_TEXTS``) as (text id, blocks maker,
    even title, odd title), and each text's splits in the manifest (``out``'s, or the
    committed one for a trial in a fresh folder)."""
    path = out / "manifest.json"
    if not path.exists():  # a trial in a fresh folder: the committed manifest's splits
        path = Path(__file__).resolve().parents[1] / "benchmarks" / "pages" / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    split_of: dict[str, set[str]] = {}
    for p in manifest["pages"]:
        split_of.setdefault(p["text"], set()).add(p["split"])
    lines = HOYLE.read_text(encoding="utf-8").replace("\r", "").split("\n")
    notes = hoyle_notes(lines)
    texts = [(tid, lambda a=first, b=last: hoyle_blocks(lines, a, b, notes), even, odd)
             for tid, first, last, even, odd, kind in HOYLE_TEXTS if tid in MORE_HOYLE]
    texts += [(tid, lambda t=tid: corpus_blocks(t), even, odd) for tid, even, odd in EXTRA_TEXTS]
    return texts, split_of


def plan_styles_runs(rnd: random.Random, seed: int, out: Path) -> list[Run]:
    """``STYLES_EDITIONS`` editions (``-sty1``…) of each dev law code with numbered laws (the
    Hoyle ones of ``MORE_HOYLE`` and the extra corpus codes; Solo Whist's digest, Elwell and
    the Duplicate Whist definitions number none), their laws given clauses by
    ``styled_blocks`` (one style for the edition or one per law), faces by
    ``STYLES_FACES`` (every face at least once), one or two columns, levels by
    ``STYLES_LEVELS``; only texts the manifest puts in dev, never a test text."""
    texts, split_of = dev_law_texts(out)
    runs, pool = [], []  # pool: the editions' own styles, each in turn
    for tid, make, even, odd in texts:
        assert tid not in TEST_TEXTS and split_of.get(tid, {"dev"}) == {"dev"}, tid
        if not any(_LAW.match(" ".join(t.text for t in b.tokens[:3]))
                   for b in make() if b.kind == "para" and not b.depth):
            continue  # no numbered laws
        cols = rnd.sample([1, 2], 2) + [rnd.choice([1, 2])]
        for e in range(STYLES_EDITIONS):
            style = None
            if rnd.random() < 0.5:
                pool = pool or rnd.sample(STYLES, len(STYLES))
                style = pool.pop()
            blocks = styled_blocks(random.Random(f"{seed}-{tid}-sty{e + 1}"), make(), style)
            runs.append(Run(f"{tid}-sty{e + 1}", [(tid, blocks, even, odd)], "",
                            cols[e % len(cols)], rnd.choice(["caps", "sc"]),
                            rnd.randrange(20, 400), "laws", STYLES_LEVELS))
    weigh_faces(runs, STYLES_FACES)
    for r in runs:
        assert r.id.rsplit("-sty", 1)[0] not in TEST_TEXTS and not r.id.startswith("eo-")
    return runs


def weigh_faces(runs: list[Run], weights: dict[str, int]) -> None:
    """Give each run its typeface by the text's length (its pages), longest runs first,
    each to the face furthest under its weight's share, no two editions of a text in one
    face; every face of ``FONTS`` at least once (asserted)."""
    load = dict.fromkeys(weights, 0)
    size = {r.id: sum(len(t.text) + 1 for b in r.texts[0][1] for t in b.tokens) for r in runs}
    for r in sorted(runs, key=lambda r: (-size[r.id], r.id)):
        taken = {q.face for q in runs if q.texts[0][0] == r.texts[0][0]}
        r.face = min((f for f in weights if f not in taken),
                     key=lambda f: ((load[f] + size[r.id]) / weights[f], f))
        load[r.face] += size[r.id]
    assert {r.face for r in runs} == set(FONTS)


# ``--poor``: the faces of the test split's misses (Caladea, Bonum) at level poor, in dev's
# own law codes: a seventh and an eighth edition, levels as ``--hard``'s; (face, columns)
POOR_EDITIONS = (("Caladea", 2), ("TeX Gyre Bonum", 1))


def poor_texts(out: Path) -> list[tuple]:
    """The dev law codes of ``plan_hard_runs`` as (text id, blocks maker, even title, odd
    title), each asserted to be in dev only in the manifest and no test text."""
    for face, _ in POOR_EDITIONS:
        assert all(Path(f).exists() for f in FONTS[face]), f"typeface {face} not installed"
    texts, split_of = dev_law_texts(out)
    for tid, *_ in texts:
        assert tid not in TEST_TEXTS and split_of.get(tid) == {"dev"}, tid
    return texts


def plan_poor_runs(rnd: random.Random, out: Path) -> list[Run]:
    """A seventh and an eighth edition (``-ed7`` Caladea two columns, ``-ed8`` Bonum one,
    ``POOR_EDITIONS``) of each dev law code of ``plan_hard_runs``, their pages' levels drawn
    by ``HARD_LEVELS``, heading style and first folio by ``rnd``; only texts the manifest
    puts in dev, never a test text."""
    return [Run(f"{tid}-ed{e + 7}", [(tid, make(), even, odd)], face, cols,
                rnd.choice(["caps", "sc"]), rnd.randrange(20, 400), "laws", HARD_LEVELS)
            for tid, make, even, odd in poor_texts(out)
            for e, (face, cols) in enumerate(POOR_EDITIONS)]


def plan_poor_styles_runs(rnd: random.Random, seed: int, out: Path) -> list[Run]:
    """``--poor --styles``: the same two editions (``-sty-ed7``, ``-sty-ed8``) of each of
    those codes with numbered laws, their laws given clauses by ``styled_blocks`` as
    ``--styles`` gives them (one style for the edition or one per law, by ``rnd`` and
    ``"<seed>-<text>-sty-ed<n>"``), levels by ``HARD_LEVELS``."""
    runs, pool = [], []  # pool: the editions' own styles, each in turn
    for tid, make, even, odd in poor_texts(out):
        if not any(_LAW.match(" ".join(t.text for t in b.tokens[:3]))
                   for b in make() if b.kind == "para" and not b.depth):
            continue  # no numbered laws
        for e, (face, cols) in enumerate(POOR_EDITIONS):
            style = None
            if rnd.random() < 0.5:
                pool = pool or rnd.sample(STYLES, len(STYLES))
                style = pool.pop()
            blocks = styled_blocks(random.Random(f"{seed}-{tid}-sty-ed{e + 7}"), make(), style)
            runs.append(Run(f"{tid}-sty-ed{e + 7}", [(tid, blocks, even, odd)], face, cols,
                            rnd.choice(["caps", "sc"]), rnd.randrange(20, 400), "laws",
                            HARD_LEVELS))
    return runs


# ``--fresh``: the closest to unseen pages that dev can hold: a ninth and a tenth edition of
# every dev law code, the numbered ones with clauses in the ``--styles`` manner, faces drawn
# from all seven with weight on EB Garamond, Caladea and Bonum, levels as ``--styles``'s
FRESH_FACES = {"EB Garamond": 3, "Caladea": 3, "TeX Gyre Bonum": 3, "TeX Gyre Termes": 1,
               "TeX Gyre Schola": 1, "TeX Gyre Pagella": 1, "Linux Libertine": 1}
FRESH_EDITIONS = (9, 10)


def plan_fresh_runs(rnd: random.Random, seed: int, out: Path) -> list[Run]:
    """``--fresh``: a ninth and a tenth edition (``-ed9``, ``-ed10``) of each dev law code
    (``poor_texts``: dev only in the manifest, never a test text), the ones with numbered
    laws given clauses by ``styled_blocks`` (one style for the edition or one per law, by
    ``rnd`` and ``"<seed>-<text>-fresh-ed<n>"``), the others as printed; one and two
    columns, heading style and first folio by ``rnd``, faces by ``weigh_faces`` under
    ``FRESH_FACES``, levels by ``STYLES_LEVELS``."""
    runs, pool = [], []  # pool: the editions' own styles, each in turn
    for tid, make, even, odd in poor_texts(out):
        numbered = any(_LAW.match(" ".join(t.text for t in b.tokens[:3]))
                       for b in make() if b.kind == "para" and not b.depth)
        cols = rnd.sample([1, 2], 2)
        for e, ed in enumerate(FRESH_EDITIONS):
            blocks = make()
            if numbered:
                style = None
                if rnd.random() < 0.5:
                    pool = pool or rnd.sample(STYLES, len(STYLES))
                    style = pool.pop()
                blocks = styled_blocks(random.Random(f"{seed}-{tid}-fresh-ed{ed}"), blocks,
                                       style)
            runs.append(Run(f"{tid}-ed{ed}", [(tid, blocks, even, odd)], "", cols[e],
                            rnd.choice(["caps", "sc"]), rnd.randrange(20, 400), "laws",
                            STYLES_LEVELS))
    weigh_faces(runs, FRESH_FACES)
    for r in runs:
        assert r.texts[0][0] not in TEST_TEXTS and not r.id.startswith("eo-"), r.id
    return runs


def make_extra(args, out: Path, images: Path, started: float) -> int:
    """``--extra``: only the dev-only runs of EXTRA_TEXTS, planned by their own seeded RNG;
    their entries replace any earlier ones of the same runs at the end of the manifest, and
    nothing else in the manifest or pages/ is touched. ``--more`` and ``--hard`` likewise
    with their runs."""
    if args.fresh:
        runs = plan_fresh_runs(random.Random(f"{args.seed}-fresh-plan"), args.seed, out)
    elif args.poor and args.styles:
        runs = plan_poor_styles_runs(random.Random(f"{args.seed}-poor-styles-plan"),
                                     args.seed, out)
    elif args.poor:
        runs = plan_poor_runs(random.Random(f"{args.seed}-poor-plan"), out)
    elif args.styles:
        runs = plan_styles_runs(random.Random(f"{args.seed}-styles-plan"), args.seed, out)
    elif args.hard_eo:
        runs = plan_hard_eo_runs(random.Random(f"{args.seed}-hard-eo-plan"), args.seed, out)
    elif args.hard:
        runs = plan_hard_runs(random.Random(f"{args.seed}-hard-plan"))
    elif args.more:
        runs = plan_more_runs(random.Random(f"{args.seed}-more-plan"))
    else:
        runs = plan_extra_runs(random.Random(f"{args.seed}-extra-plan"))
    laid = lay_out(runs)
    if args.dry_run:
        print(sum(len(p) for *_, p in laid), "pages")
        return 0
    path = out / "manifest.json"
    if path.exists():
        manifest = json.loads(path.read_text(encoding="utf-8"))
    else:  # a trial in a fresh folder
        manifest = new_manifest(args.seed)
    ours = {r.id for r in runs}
    manifest["pages"] = [p for p in manifest["pages"] if p["run"] not in ours]
    done = write_runs(out, images, args, laid, {r.id: "dev" for r in runs}, manifest, started)
    print(f"{done} extra pages in {time.time() - started:.0f}s", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--out", default="benchmarks/pages")
    ap.add_argument("--images", default="/tmp/page-benchmark-images")
    ap.add_argument("--limit", type=int, default=0, help="stop after N pages (a trial)")
    ap.add_argument("--eo-volumes", type=int, default=10)
    ap.add_argument("--dry-run", action="store_true", help="lay out and count pages only")
    ap.add_argument("--gold-only", action="store_true",
                    help="rewrite gold, structure and manifest from the layout, keeping the OCR")
    ap.add_argument("--extra", action="store_true",
                    help="make only the extra dev-only law codes of wstools' corpus "
                         "(EXTRA_TEXTS) and append them to the manifest")
    ap.add_argument("--more", action="store_true",
                    help="make only a third and fourth edition of the dev split's law codes "
                         "(MORE_HOYLE and EXTRA_TEXTS, dev) and append it to the manifest")
    ap.add_argument("--hard", action="store_true",
                    help="make only a fifth and sixth edition of the dev split's law codes in "
                         "EB Garamond, mostly at level poor (dev), appended to the manifest")
    ap.add_argument("--hard-eo", action="store_true",
                    help="make only a second edition of three dev volumes of executive orders "
                         "in another typeface and layout, mostly at level poor (dev)")
    ap.add_argument("--styles", action="store_true",
                    help="make only three editions of the dev split's numbered law codes whose "
                         "laws carry clauses in every labelling style, mostly poor (dev)")
    ap.add_argument("--poor", action="store_true",
                    help="make only a seventh (Caladea, two columns) and an eighth (Bonum, "
                         "one column) edition of the dev split's law codes, mostly poor (dev); "
                         "with --styles, those editions of the numbered ones with clauses in "
                         "every style (not made yet: dev would pass 80 %% of the pages)")
    ap.add_argument("--fresh", action="store_true",
                    help="make only a ninth and a tenth edition of the dev split's law codes, "
                         "the numbered ones with clauses in every style, faces weighted to EB "
                         "Garamond, Caladea and Bonum, mostly poor (dev)")
    args = ap.parse_args(argv)
    out, images = Path(args.out), Path(args.images)
    (out / "pages").mkdir(parents=True, exist_ok=True)
    images.mkdir(parents=True, exist_ok=True)
    started = time.time()
    if args.extra or args.more or args.hard or args.hard_eo or args.styles or args.poor \
            or args.fresh:
        return make_extra(args, out, images, started)
    rnd = random.Random(f"{args.seed}-plan")
    runs = plan_runs(rnd, 0)
    runs = [r for r in runs if not r.id.startswith("eo-volume-")] + \
        [r for r in runs if r.id.startswith("eo-volume-")][:args.eo_volumes]
    # lay out every run first (fast), then split, then render and OCR
    laid = lay_out(runs)
    if args.dry_run:
        print(sum(len(p) for *_, p in laid), "pages")
        return 0
    split = assign_splits(runs, {r.id: len(p) for r, _, _, p in laid}, rnd)
    manifest = new_manifest(args.seed)
    done = write_runs(out, images, args, laid, split, manifest, started)
    print(f"{done} pages in {time.time() - started:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
