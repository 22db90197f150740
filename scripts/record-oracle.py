"""Record MediaWiki's answers for the fidelity suite (tests/cases/fidelity/recorded.json).

    WSTOOLS_MW_API=http://127.0.0.1:8089/api.php python scripts/record-oracle.py
    python scripts/record-oracle.py --start      # start a lab wiki for the run, then stop it

The wiki must hold the fidelity pages; with --start they are imported.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support

from tests.support.fidelity import RECORDED, load_cases, wiki_pages  # noqa: E402
from tests.support.oracle import connect  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", action="store_true", help="start (and stop) a lab wiki")
    args = parser.parse_args()
    try:
        api, lab = connect(args.start, wiki_pages())
    except LookupError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        recorded = {}
        for case in load_cases():
            call = api.expand if case.kind == "expand" else api.parse
            recorded[case.id] = call(case.input, case.title)
    finally:
        if lab is not None:
            lab.stop()
    RECORDED.write_text(json.dumps(recorded, ensure_ascii=False, indent=0, sort_keys=True)
                        + "\n", encoding="utf-8")
    print(f"recorded {len(recorded)} answers in {RECORDED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
