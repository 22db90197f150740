"""Do no harm: what ``wstools proofread`` does to pages other people proofread.

Runs the main job on the real, validated Wikisource pages of ``../shared/real/pages`` (one
page at a time, and through ``--dump`` on ``../shared/real/dumps/real-pages-export-0.11.xml``)
and on the reorder repro, and prints per page: body byte-identical, body words changed,
level before/after, user before/after, edits, and the order check's verdict. A baseline is
the same run in the same process with nothing but the page reader and writer (lossless
round trip), so the figures are the pipeline's own.

    python benchmarks/bench_harm.py [--real DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from wstools.page import read_page
from wstools.proofread import Conventions, proofread_page, words_in_order

HERE = Path(__file__).resolve().parent
DEFAULT_REAL = HERE.parent.parent / "shared" / "real"


def _words(text: str) -> list[str]:
    return text.split()


def run(real: Path) -> int:
    pages = sorted((real / "pages").glob("*/*.wiki"))
    if not pages:
        print(f"no pages under {real / 'pages'}", file=sys.stderr)
        return 2
    print(f"{'page':32} {'identical':>9} {'words±':>7} {'level':>7} {'user kept':>9} "
          f"{'edits':>5}")
    totals = {"pages": 0, "identical": 0, "changed": 0, "lowered": 0, "user": 0}
    started = time.perf_counter()
    for path in pages:
        text = path.read_text("utf-8")
        page = read_page(text)
        result = proofread_page(page, conventions=Conventions(), file=str(path))
        out = result.page
        identical = out.wikitext() == text
        a, b = _words(page.body), _words(out.body)
        changed = a != b
        lowered = out.level < page.level
        user_kept = out.user == page.user or out.level != page.level
        totals["pages"] += 1
        totals["identical"] += identical
        totals["changed"] += changed
        totals["lowered"] += lowered
        totals["user"] += not user_kept
        print(f"{path.parent.name + '/' + path.name:32} {str(identical):>9} "
              f"{sum(x != y for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b)):>7} "
              f"{page.level}->{out.level:<4} {str(user_kept):>9} {len(result.edits):>5}")
    seconds = time.perf_counter() - started
    base_start = time.perf_counter()
    for path in pages:
        text = path.read_text("utf-8")
        assert read_page(text).wikitext() == text
    base = time.perf_counter() - base_start
    print(f"\n{totals['pages']} pages: {totals['identical']} byte-identical, "
          f"{totals['changed']} with words changed, {totals['lowered']} with the level "
          f"lowered, {totals['user']} with the user changed without a level change")
    print(f"time: {seconds:.2f} s ({seconds / max(base, 1e-9):.0f}x the lossless round trip, "
          f"{base * 1000:.1f} ms)")
    repro = real / "tools" / "repro-reorder.txt"
    if repro.is_file():
        text = repro.read_text("utf-8")
        result = proofread_page(read_page(text), conventions=Conventions())
        ok = words_in_order(text, result)
        print(f"reorder repro: words in order {ok}; body:\n  "
              + result.page.body.replace("\n", "\n  "))
    return 0


def run_generated(count: int, seed: int) -> None:
    """The pipeline's order check over generated pages: corpus laws set as pages with
    Tesseract's errors, each also cut to begin mid-law and given a heading and a line of
    prose before its first law (what the law layout used to move)."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
    from tests.support.generate import generated_pages
    from wstools.proofread import moved_words
    from wstools.repair.repair import Repairer
    repairer = Repairer.load()
    rng = random.Random(seed)
    counts = {"pages": 0, "laid out": 0, "fallback": 0, "refused": 0, "moved": 0}
    started = time.perf_counter()
    for generated in generated_pages(count, seed=seed):
        text = generated.text
        variants = [text]
        words = read_page(text).body.split()
        if len(words) > 12:
            cut = " ".join(words[rng.randrange(2, 10):])
            variants.append("AFRICA\nKilimanjaro . . 19,321\" Naivasha . . 6135\"\n" + cut)
        for source in variants:
            result = proofread_page(read_page(source), repairer=repairer)
            codes = {d.code for d in result.diagnostics}
            counts["pages"] += 1
            counts["refused"] += "order-check" in codes
            counts["fallback"] += "layout-not-placed" in codes
            counts["laid out"] += bool(result.codes)
            counts["moved"] += bool(moved_words(source, result.page.body))
    seconds = time.perf_counter() - started
    print(f"\ngenerated pages: {counts['pages']} proofread in {seconds:.1f} s "
          f"({counts['pages'] / seconds:.0f} pages/s): {counts['laid out']} laid out as laws, "
          f"{counts['fallback']} left in their own paragraphs by the order check, "
          f"{counts['refused']} refused, {counts['moved']} with words moved")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--real", type=Path, default=DEFAULT_REAL)
    ap.add_argument("--generated", type=int, default=1000, metavar="N",
                    help="also run the order check over N generated pages (0: none)")
    ap.add_argument("--seed", type=int, default=1909)
    args = ap.parse_args()
    code = run(args.real)
    if args.generated:
        run_generated(args.generated, args.seed)
    return code


if __name__ == "__main__":
    sys.exit(main())
