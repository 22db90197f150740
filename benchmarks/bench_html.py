"""wstools against MediaWiki itself: pages per second on the same pages, same machine.

The fidelity pages (tests/cases/fidelity and tests/cases/templates) and the realistic
pages of bench_expand.py are expanded (wstools' Expander vs ``action=expandtemplates``)
and rendered to HTML (wstools' HtmlRenderer vs ``action=parse``), sequentially. MediaWiki
is the lab wiki (scripts/mediawiki-lab.sh) over loopback HTTP, so its figure includes the
request; it is the baseline of the ratio.

    WSTOOLS_MW_API=http://127.0.0.1:8089/api.php python benchmarks/bench_html.py
    python benchmarks/bench_html.py --start        # start and stop a lab wiki for the run
    python benchmarks/bench_html.py --growth [--max-kb 4096]   # no wiki needed

``--growth`` (issue 23) renders pages of one shape (paragraphs, one long paragraph, a list,
a table, headings) from 1 KB to 4 MB and prints the CPU time at each size and its ratio to
the time at a quarter of the size: about 4 where rendering is linear in the page, 16 where
it is quadratic. Exit 1 if a last ratio is over 6.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support

from bench_expand import build_pages  # noqa: E402

from tests.support.fidelity import load_cases, registry, wiki_pages  # noqa: E402
from tests.support.oracle import connect  # noqa: E402
from wstools.wikitext.expand import Expander  # noqa: E402
from wstools.wikitext.html import HtmlRenderer  # noqa: E402


def rate(fn, pages: list[tuple[str, str]], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for text, title in pages:
            fn(text, title)
        best = min(best, time.perf_counter() - start)
    return len(pages) / best


GROWTH_SHAPES = {
    "paragraphs": "12. If a player lead out of turn, the card may be {{sc|called}}; ''see'' "
                  "[[Law 13|law 13]].<ref>A note.</ref>\n\n",
    "one paragraph": "the card may be ''called'' [[Law 13|law]] {{sc|x}} and ",
    "list": "* item ''one'' [[a]]\n",
    "table": "|-\n| a || ''b'' || [[c]]\n",
    "headings": "== Heading ==\ntext\n",
}


def growth(max_kb: int) -> int:
    """HTML rendering time against page size, per shape; exit 1 if super-linear."""
    from wstools.wikitext.registry import Registry, default_template_dir
    reg = Registry.from_directory(default_template_dir())
    sizes = [1]
    while sizes[-1] * 4 <= max_kb:
        sizes.append(sizes[-1] * 4)
    print(f"{'shape':<14}" + "".join(f"{s:>9} KB" for s in sizes) + "   ratio x4 (each step)")
    worst = 0.0
    for name, unit in GROWTH_SHAPES.items():
        times = []
        for kb in sizes:
            text = unit * max(1, kb * 1024 // len(unit))
            if name == "table":
                text = "{|\n" + text + "|}\n"
            start = time.process_time()
            rendered = HtmlRenderer(reg).render(text)
            if any(d.code == "size-limit" for d in rendered.diagnostics):
                break  # over $wgMaxPPNodeCount: refused, not rendered (a 4 MB table)
            times.append(time.process_time() - start)
        ratios = [b / max(a, 1e-6) for a, b in zip(times, times[1:], strict=False)]
        worst = max(worst, ratios[-1] if ratios else 0.0)
        print(f"{name:<14}" + "".join(f"{t:>12.3f}" for t in times)
              + "".join(f"{'limit':>12}" for _ in sizes[len(times):]) + "   "
              + " ".join(f"{r:.1f}" for r in ratios), flush=True)
    print(f"largest last ratio {worst:.1f} (4 = linear)")
    return 1 if worst > 6 else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--extra", type=int, default=60, help="realistic pages added")
    parser.add_argument("--growth", action="store_true", help="the growth curve, 1 KB to "
                        "--max-kb per shape (no wiki)")
    parser.add_argument("--max-kb", type=int, default=4096)
    args = parser.parse_args()
    if args.growth:
        return growth(args.max_kb)
    try:
        api, lab = connect(args.start, wiki_pages())
    except LookupError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        reg = registry()
        cases = load_cases()
        extra = [(p, "API") for p in build_pages(args.extra)]
        pages = [(c.input, c.title) for c in cases] + extra
        size = sum(len(t.encode()) for t, _ in pages)
        print(f"{len(pages)} pages, {size / 1024:.0f} KiB, best of {args.repeat}")

        def ours_expand(text: str, title: str) -> str:
            return Expander(reg, title, on_missing="link").expand(text).text

        def ours_html(text: str, title: str) -> str:
            return HtmlRenderer(reg, title).render(text).html

        for name, ours, theirs in (("expand", ours_expand, api.expand),
                                   ("html", ours_html, api.parse)):
            a = rate(ours, pages, args.repeat)
            b = rate(theirs, pages, 1)
            print(f"{name:7} wstools {a:8.0f} pages/s   MediaWiki {b:6.0f} pages/s   "
                  f"ratio {a / b:5.1f}x")
    finally:
        if lab is not None:
            lab.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
