#!/usr/bin/env python3
"""Score ``wstools proofread`` on real OCR pages (issue 19): the Internet Archive OCR of the
EB1911 article AFRICA (``real/pages/eb1911-ocr-pair/africa.ia-ocr.txt``, printed pp. 320–353).

    python benchmarks/pages/score_real.py [--real DIR] [--pages]

The OCR is one text; its printed pages are cut where each running head begins (the text layer
puts the head at the top of its page: ``GEOGRAPHY]`` / ``AFRICA`` / ``321`` on an odd page,
``322`` / ``AFRICA`` / ``[GEOGRAPHY`` on an even one, lines apart). The gold of each page is its
printed head: the folio (the head's own number, checked against the sequence 321, 322… so
that an OCR misreading such as ``33 1`` is scored against 331) and the title ``AFRICA`` (the
section word beside it, ``[GEOGRAPHY``, is a third element of the head). The page before the
first head (p. 320, the article's opening) has no head in the OCR and is not scored.

For each page: running head found, folio right, title right (``AFRICA``), and whether the
section word went into the header or stayed in the body (a heading made of it is wrong);
words moved out of order; pages refused; crashes. Exit 0.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
REAL = Path(__file__).resolve().parents[3] / "shared" / "real"
FIRST_FOLIO = 321
_TITLE = regex.compile(r"(?m)^[ \t]*AFRICA[ \t]*$")
_FOLIO = regex.compile(r"^\d[\d .°]{1,4}$")  # as the OCR reads it: 33 1, 33.5, 33°
_SECTION = regex.compile(r"^(?:\p{Lu}[\p{Lu} ]+\]|\[\p{Lu}[\p{Lu} ]+)$")


def _lines_around(text: str, at: int) -> tuple[tuple[int, str] | None, tuple[int, str] | None]:
    """The non-blank lines just before and just after the line at ``at``."""
    before = text[:at].rstrip()
    start = before.rfind("\n") + 1
    prev = (start, before[start:].strip()) if before else None
    end = text.find("\n", at)
    rest = text[end:] if end >= 0 else ""
    m = regex.search(r"\S[^\n]*", rest)
    nxt = (end + m.start(), m.group().strip()) if m else None
    return prev, nxt


def pages(ocr: str) -> list[dict]:
    """The printed pages of the AFRICA OCR, each from its running head to the next one."""
    starts = []
    for m in _TITLE.finditer(ocr):
        prev, nxt = _lines_around(ocr, m.start())
        parts = [p for p in (prev, nxt) if p and (_FOLIO.match(p[1]) or _SECTION.match(p[1]))]
        if not parts:
            continue
        folio = next((p[1] for p in parts if _FOLIO.match(p[1])), None)
        section = next((p[1] for p in parts if _SECTION.match(p[1])), None)
        start = prev[0] if prev and prev in parts else m.start()
        starts.append((start, folio, section))
    out = []
    for k, (start, folio, section) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(ocr)
        out.append({"folio": FIRST_FOLIO + k, "printed_folio": folio, "section": section,
                    "text": ocr[start:end]})
    return out


def _header(header: str) -> tuple[str, str, str]:
    m = regex.search(r"\{\{rh\|([^|{}]*)\|([^|{}]*)\|([^|{}]*)\}\}", header)
    return (m[1].strip(), m[2].strip(), m[3].strip()) if m else ("", "", "")


def score(real: Path = REAL, book: bool = False) -> list[dict]:
    """A row per printed page; with ``book``, the pages proofread as one book
    (:func:`wstools.book.proofread_book`), otherwise each alone."""
    from wstools.book import proofread_book
    from wstools.page import read_page
    from wstools.proofread import moved_words, proofread_page
    ocr = (real / "pages" / "eb1911-ocr-pair" / "africa.ia-ocr.txt").read_text(encoding="utf-8")
    printed = pages(ocr)
    if book:
        results = proofread_book([(f"p{p['folio']}", read_page(p["text"])) for p in printed])
    rows = []
    for k, p in enumerate(printed):
        row = {"folio": p["folio"], "section": p["section"]}
        try:
            result = results[k] if book else proofread_page(read_page(p["text"]))
        except Exception as e:  # a crash is a result
            row.update(crashed=f"{type(e).__name__}: {e}", head=None)
            rows.append(row)
            continue
        left, title, right = _header(result.page.header)
        body = result.page.body
        row.update(
            crashed=None,
            header=result.page.header,
            found=bool(left or title or right),
            folio_right=str(p["folio"]) in (left, right),
            title_right="AFRICA" in title.upper(),
            section_heading=bool(p["section"]) and regex.search(
                r"\{\{c\|[^\n]*" + regex.escape(p["section"].strip("[]")), body) is not None,
            moved=bool(moved_words(p["text"], body)),
            refused=any(d.code == "order-check" for d in result.diagnostics),
        )
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--real", type=Path, default=REAL)
    ap.add_argument("--pages", action="store_true", help="a line per page")
    args = ap.parse_args(argv)
    for book in (False, True):
        report(score(args.real, book), "book mode" if book else "single pages", args.pages)
    return 0


def report(rows: list[dict], mode: str, per_page: bool = False) -> None:
    n = len(rows)

    def pct(key: str) -> str:
        return f"{100 * sum(1 for r in rows if r.get(key)) / n:.0f}%"

    if per_page:
        for r in rows:
            print(r["folio"], r.get("header"), "section-as-heading" if r.get("section_heading")
                  else "", r.get("crashed") or "")
    right = sum(1 for r in rows if r.get("folio_right") and r.get("title_right"))
    print(f"AFRICA (EB1911, IA OCR), {mode}: {n} printed pages with a running head; head found "
          f"{pct('found')}, folio right {pct('folio_right')}, title right {pct('title_right')}, "
          f"head right {100 * right / n:.0f}%; section word made a heading on "
          f"{sum(1 for r in rows if r.get('section_heading'))}; moved "
          f"{sum(1 for r in rows if r.get('moved'))}, refused "
          f"{sum(1 for r in rows if r.get('refused'))}, crashed "
          f"{sum(1 for r in rows if r.get('crashed'))}")


if __name__ == "__main__":
    sys.exit(main())
