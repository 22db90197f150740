"""Learn OCR confusion costs for repair (wstools/repair/confusions.tsv) from Tesseract.

Laws of printings that no repair test page is made from (Hoyle 1909 Bridge and Auction
Bridge, Work's Auction of To-day) are typeset, degraded and read exactly as
scripts/make-ocr-fixtures.py does for the test pages, at the worn and poor levels. Each
OCR word that replaces one gold word is aligned to it character by character, and every
differing stretch (widened to whole glyph pairs of at most three characters a side) is
counted as "printed read as OCR". A pair seen at least ``--min-count`` times gets a cost
from how often the printed string is read so: the likelier, the cheaper (0.3 to 0.8, the
range of the hand-written pairs in wstools.repair.confusion).

The test pages (Hoyle 1909 Whist, Loo, Rubicon Bézique) are not used, so the harness does
not score repair on the pages it learned from.

Needs what make-ocr-fixtures.py needs (tesseract-ocr, fonts-ebgaramond, Pillow).

    python scripts/learn-confusions.py [--out wstools/repair/confusions.tsv]
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
from collections import Counter
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
TRAINING = [("hoyle-1909-bridge", 1, 108), ("hoyle-1909-auction-bridge", 1, 40),
            ("work-auction-of-to-day", 62, 93)]
LAWS_PER_PAGE = 18
MAX_SIDE = 3


def _fixtures():
    spec = importlib.util.spec_from_file_location("make_ocr_fixtures",
                                                  ROOT / "scripts" / "make-ocr-fixtures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def pairs(gold: str, ocr: str) -> tuple[Counter, Counter]:
    """(printed, OCR) pairs of one page, and how often each printed string of one to
    three characters occurs in the gold words that were aligned."""
    found: Counter = Counter()
    seen: Counter = Counter()
    gw, ow = gold.split(), ocr.split()
    for op in Levenshtein.opcodes(gw, ow):
        if op.tag not in ("equal", "replace"):
            continue
        for g, o in zip(gw[op.src_start:op.src_end], ow[op.dest_start:op.dest_end],
                        strict=False):
            for n in range(1, MAX_SIDE + 1):
                seen.update(g[i:i + n] for i in range(len(g) - n + 1))
            if op.tag == "equal" or Levenshtein.distance(g, o) > max(2, len(g) // 2):
                continue  # equal, or too far apart to be read as one word
            for c in Levenshtein.opcodes(g, o):
                if c.tag == "equal":
                    continue
                s1, e1, s2, e2 = c.src_start, c.src_end, c.dest_start, c.dest_end
                if s1 == e1 and e2 - s2 == 1 and s1 > 0:  # an extra glyph: take its left
                    s1, s2 = s1 - 1, s2 - 1
                if e1 - s1 <= MAX_SIDE and e2 - s2 <= MAX_SIDE and e1 > s1:
                    found[(g[s1:e1], o[s2:e2])] += 1
    return found, seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "wstools" / "repair" / "confusions.tsv"))
    parser.add_argument("--min-count", type=int, default=3)
    args = parser.parse_args()
    fx = _fixtures()
    found: Counter = Counter()
    seen: Counter = Counter()
    for printing, first, last in TRAINING:
        for start in range(first, last + 1, LAWS_PER_PAGE):
            gold = fx.law_text(printing, start, min(last, start + LAWS_PER_PAGE - 1))
            if not gold.strip():
                continue
            for level in ("worn", "poor"):
                rnd = random.Random(f"learn-{printing}-{start}-{level}")
                text = fx.ocr(fx.degrade(fx.typeset(gold), fx.LEVELS[level], rnd))
                f, s = pairs(gold, text)
                found.update(f)
                seen.update(s)
                print(printing, start, level, sum(f.values()), file=sys.stderr)
    rows = []
    for (printed, read), count in found.items():
        if count < args.min_count or printed == read or not printed.strip():
            continue
        share = count / max(1, seen[printed])
        # a pair read in 1 of 10 cases costs 0.3; 1 in 1,000 costs 0.8
        price = round(min(0.8, max(0.3, 0.3 + 0.25 * (-math.log10(share) - 1))), 2)
        rows.append((printed, read, count, share, price))
    rows.sort(key=lambda r: (r[4], -r[2]))
    lines = ["# printed\tOCR\tcount\tshare\tcost  (scripts/learn-confusions.py)"]
    lines += [f"{p}\t{o}\t{c}\t{s:.4f}\t{x}" for p, o, c, s, x in rows]
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(rows)} pairs -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
