"""wstools against MediaWiki itself: pages per second on the same pages, same machine.

The fidelity pages (tests/cases/fidelity and tests/cases/templates) and the realistic
pages of bench_expand.py are expanded (wstools' Expander vs ``action=expandtemplates``)
and rendered to HTML (wstools' HtmlRenderer vs ``action=parse``), sequentially. MediaWiki
is the lab wiki (scripts/mediawiki-lab.sh) over loopback HTTP, so its figure includes the
request; it is the baseline of the ratio.

    WSTOOLS_MW_API=http://127.0.0.1:8089/api.php python benchmarks/bench_html.py
    python benchmarks/bench_html.py --start        # start and stop a lab wiki for the run
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--extra", type=int, default=60, help="realistic pages added")
    args = parser.parse_args()
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
