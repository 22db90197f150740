"""A page whose only print is what would be a running head ("12 / THE END", a half-title
under its folio) keeps its words in the text: a head needs a text under it."""

from __future__ import annotations

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer


@pytest.mark.parametrize("ocr", ["12\n\nTHE END\n", "12\n\nPART II.\n", "THE END\n\n12\n"])
def test_a_title_with_nothing_under_it_stays_in_the_text(repairer: Repairer, ocr: str) -> None:
    r = proofread(ocr, repairer=repairer)
    words = [w for w in ocr.split() if w.isalpha() or w.rstrip(".").isalpha()]
    assert all(w in r.page.body for w in words), r.page.wikitext()
    assert not any(w in r.page.header for w in words)  # (its folio may go there)


def test_a_head_over_text_is_still_a_head(repairer: Repairer) -> None:
    r = proofread("12\n\nTHE END\n\nThe deal passes to the left.\n", repairer=repairer)
    assert r.page.header == "{{rh|12|THE END|}}"


def test_a_folio_alone_goes_to_the_header(repairer: Repairer) -> None:
    r = proofread("7\n", repairer=repairer)
    assert r.page.header == "{{rh|||7}}" and r.page.body.strip() == ""
