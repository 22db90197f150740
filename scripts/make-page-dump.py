"""Write a MediaWiki XML dump of generated Page: pages (corpus laws set as pages, with the
OCR errors Tesseract made on our rendered test pages; the first pages are those Tesseract
pages themselves), for bulk runs and benchmarks.

    python scripts/make-page-dump.py pages.xml.bz2 [--pages 1000] [--seed 1909]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support

from tests.support.generate import write_generated_dump  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the dump to write (.xml, .xml.bz2 or .xml.gz)")
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1909)
    args = parser.parse_args()
    n = write_generated_dump(args.output, args.pages, args.seed)
    print(f"wrote {n} pages to {args.output}")


if __name__ == "__main__":
    main()
