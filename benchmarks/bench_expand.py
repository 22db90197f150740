"""Throughput of expand+lint on realistic pages, against mwparserfromhell's plain parse.

Pages are built from the project's own material: the Laws of Whist list of seed 000 cut into
Page:-sized chunks with running headers and {{nop}}, TOC pages, poem pages, executive orders
formatted with the EO templates, footnoted pages and the lint page set. Both tools see the
same pages in the same process; the figure that matters is the ratio.

    python benchmarks/bench_expand.py [--pages 240] [--repeat 3]
    python benchmarks/bench_expand.py --growth [--max-depth 2000]

``--growth`` (issue 23) lints texts nested 1 to 2,000 deep (templates, template parameters,
parser functions, tags, tables, links) and prints the CPU time at each depth and its ratio
to the time at half the depth: about 2 where lint is linear in the depth, 4 where it is
quadratic. Exit 1 if a last ratio is over 3.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from pathlib import Path

import mwparserfromhell

from wstools.wikitext.registry import Registry
from wstools.wikitext.validate import Linter

ROOT = Path(__file__).resolve().parents[1]


def build_pages(count: int, seed: int = 1) -> list[str]:
    rnd = random.Random(seed)
    example = (ROOT / "examples" / "laws-of-whist.wiki").read_text(encoding="utf-8")
    items = [s.strip() for s in re.split(r"\n?\|(?=[A-Z])", example.split("{{ol |", 1)[1])]
    clean = sorted((ROOT / "tests" / "cases" / "lint" / "clean").glob("*.wiki"))
    extra = [p.read_text(encoding="utf-8") for p in clean]
    pages: list[str] = []
    n = 0
    while len(pages) < count:
        kind = n % 6
        n += 1
        page_no = 600 + n
        if kind in (0, 1):  # a Page: of laws as {{ol}}
            k = rnd.randint(4, 9)
            start = rnd.randint(0, max(0, len(items) - k))
            chunk = "|".join(items[start:start + k]).removesuffix("}}")
            pages.append(f"{{{{rvh|{page_no}|{{{{sc|Whist}}}}}}}}\n"
                         f"{{{{c|{{{{sc|Laws of Whist}}}}}}}}\n"
                         f"{{{{ol|start={start + 1}|{chunk}}}}}\n{{{{nop}}}}\n")
        elif kind == 2:  # numbered paragraphs with footnotes
            paras = []
            for j in range(rnd.randint(5, 10)):
                law = items[rnd.randrange(len(items))].split("\n")[0]
                note = f"<ref>Compare law {j + 1} of the code of 1864.</ref>" if j % 3 == 0 else ""
                paras.append(f"{j + 1}. {{{{sc|{law[:30]}}}}}{law[30:]}{note}")
            pages.append(f"{{{{rh|{page_no}|WHIST|}}}}\n" + "\n\n".join(paras)
                         + "\n{{nop}}\n{{smallrefs}}\n")
        elif kind == 3:  # table of contents
            rows = "\n".join(f"{{{{TOC row 1-1-1|{j}.|[[Laws/{j}|{items[j][:25]}]]|{j * 3}}}}}"
                             for j in range(1, rnd.randint(12, 30)))
            pages.append("{{c|CONTENTS.}}\n{{TOC begin|sc=yes}}\n" + rows + "\n{{TOC end}}\n")
        elif kind == 4:  # an executive order
            secs = "\n\n".join(
                f"{{{{EOsection|{j}|Caption {j}}}}} The heads of agencies shall act.\n"
                f"{{{{EOsubsection|a|first duty;}}}}\n{{{{EOsubsection|b|second duty.}}}}"
                for j in range(1, rnd.randint(3, 7)))
            pages.append(f"{{{{EOheader|number=13{n:03d}|title=Order {n}|president=Donald Trump"
                         f"|date=October 9, 2019|previous=13{n - 1:03d}|next=13{n + 1:03d}}}}}\n"
                         f"{{{{EOtitle|13{n:03d}|October 9, 2019|Order {n}}}}}\n\n{secs}\n\n"
                         f"{{{{EOGeneralProvisions|9}}}}\n\n{{{{EOsignature|DONALD J. TRUMP|"
                         f"October 9, 2019}}}}\n"
                         f"{{{{EOfooter|frdoc=2019-2{n:04d}|billing=3295-F0-P}}}}\n")
        else:
            pages.append(extra[n % len(extra)])
    return pages


def measure(fn, pages: list[str], repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for p in pages:
            fn(p)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


NESTING = {
    "templates": lambda d: "{{c|" * d + "x" + "}}" * d,
    "parameters": lambda d: "{{{1|" * d + "x" + "}}}" * d,
    "#if": lambda d: "{{#if:1|" * d + "x" + "}}" * d,
    "tags": lambda d: "<div>" * d + "x" + "</div>" * d,
    "tables": lambda d: "{|\n|\n" * d + "x\n" + "|}\n" * d,
    "links": lambda d: "[[a|" * d + "x" + "]]" * d,
}


def growth(max_depth: int) -> int:
    """Lint time against nesting depth, per construct; exit 1 if super-linear."""
    import sys
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # as the command sets it
    registry = Registry.from_directory(ROOT / "wstools" / "data" / "templates")
    depths = [1]
    while depths[-1] * 2 <= max_depth:
        depths.append(depths[-1] * 2)
    if depths[-1] != max_depth:
        depths.append(max_depth)
    print(f"{'nesting':<11}" + "".join(f"{d:>8}" for d in depths) + "   ratio at the last "
          "doubling")
    worst = 0.0
    for name, make in NESTING.items():
        times = []
        for depth in depths:
            text = make(depth)
            best = float("inf")
            for _ in range(3):  # best of 3: the small depths take microseconds
                start = time.process_time()
                Linter(registry).lint(text)
                best = min(best, time.process_time() - start)
            times.append(best)
        a, b = times[-2], times[-1]
        ratio = (b / max(a, 1e-6)) / (depths[-1] / depths[-2]) * 2  # per doubling
        worst = max(worst, ratio)
        print(f"{name:<11}" + "".join(f"{t:>8.3f}" for t in times) + f"   {ratio:.1f}",
              flush=True)
    # plain text of a text with thousands of unclosed '{{a|' (the parser retried each one at
    # every pipe: 99 s for 12,000 of them, a seventh audit)
    from wstools.wikitext.plain import to_text
    counts = [max(1, d * 6) for d in depths]
    times = []
    for count in counts:
        start = time.process_time()
        to_text("{{a|" * count, registry)
        times.append(time.process_time() - start)
    ratio = (times[-1] / max(times[-2], 1e-6)) / (counts[-1] / counts[-2]) * 2
    worst = max(worst, ratio)
    print(f"{'text {{a|':<11}" + "".join(f"{t:>8.3f}" for t in times) + f"   {ratio:.1f}"
          f"   (openers: {counts[0]} to {counts[-1]})")
    print(f"largest ratio {worst:.1f} (2 = linear)")
    return 1 if worst > 3 else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pages", type=int, default=240)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--growth", action="store_true", help="lint time against nesting depth")
    ap.add_argument("--max-depth", type=int, default=2000)
    args = ap.parse_args()
    if args.growth:
        raise SystemExit(growth(args.max_depth))
    registry = Registry.from_directory(ROOT / "wstools" / "data" / "templates")
    pages = build_pages(args.pages)
    size = sum(len(p) for p in pages)
    linter = Linter(registry, "Page:The American Cyclopædia (1879) Volume XVI.djvu/624")
    expander = linter.expander
    for p in pages[:20]:  # warm the template caches
        linter.lint(p)

    def baseline(p: str) -> None:
        mwparserfromhell.parse(p)

    def expand_and_lint(p: str) -> None:
        linter.lint(p)  # parses once, checks, and expands (the expansion is part of lint)

    def expand_only(p: str) -> None:
        expander.expand(p)

    t_base = measure(baseline, pages, args.repeat)
    t_ours = measure(expand_and_lint, pages, args.repeat)
    t_exp = measure(expand_only, pages, args.repeat)
    print(f"pages: {len(pages)}, {size / 1024:.0f} KiB of wikitext, median of {args.repeat} runs")
    print(f"mwparserfromhell.parse:  {len(pages) / t_base:8.0f} pages/s")
    print(f"wstools expand:          {len(pages) / t_exp:8.0f} pages/s")
    print(f"wstools expand+lint:     {len(pages) / t_ours:8.0f} pages/s")
    print(f"ratio expand+lint / mwparserfromhell parse: {t_ours / t_base:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
