"""A fifth new-user audit (pages unlike the law codes: tables, notes, verse, indexes, plays,
three-part running heads; rendered and read with Tesseract): what the tool did harm with.
Each case is the page as OCR gave it and what a proofreader expects; every case failed
before its fix."""

from __future__ import annotations

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer

ROWS = "1801 ENGLAND 8,892,536\n1811 SCOTLAND 1,608,420\n1821 IRELAND 6,801,827\n"
AFTER = "\nThe increase in the ten years was thus about fourteen per cent.\n"

CASES = [
    # (name, page, header, body's start)
    ("a table's rows under the head keep their lines, no heading",
     "56 POPULATION.\n\n" + ROWS + AFTER, "{{rh|56|POPULATION|}}", ROWS),
    ("a table's first row is no running head", ROWS + AFTER, "", ROWS),
]


@pytest.fixture(scope="module")
def repairer() -> Repairer:
    return Repairer.load()


@pytest.mark.parametrize(("name", "page", "header", "start"), CASES, ids=[c[0] for c in CASES])
def test_audit5_page(repairer: Repairer, name: str, page: str, header: str, start: str) -> None:
    r = proofread(page, repairer=repairer)
    assert r.page.header == header
    assert r.page.body.startswith(start), r.page.body
    assert "{{c|" not in r.page.body
