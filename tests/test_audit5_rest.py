"""What the fifth new-user audit found and stop 30 left: a dictionary's senses laid out as
laws, a French page's spacing taken out, a title page's lines run together, a running head
in mixed case (small capitals as OCR reads them) left in the text. Each case is the page as
OCR gave it and what a proofreader expects; every case failed before its fix."""

from __future__ import annotations

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer

DICTIONARY = ("12 A DICTIONARY.\n\nABACUS, n. 1. A counting frame with beads. 2. The upper\n"
              "member of a capital. 3. A sideboard.\nABANDON, v. t. 1. To give up wholly. "
              "2. To desert.\n")


def test_a_dictionarys_senses_are_not_laws(repairer: Repairer) -> None:
    """Numbered senses that start again at 1 with every entry are no law code run together:
    the entries keep their text and lines (each sense was made a paragraph of its own)."""
    r = proofread(DICTIONARY, repairer=repairer)
    assert r.page.body.startswith("ABACUS, n. 1. A counting frame with beads. 2. The upper\n"
                                  "member of a capital. 3. A sideboard.\nABANDON, v. t. 1. To")
    assert not r.codes or not any(c.laws for c in r.codes)


FRENCH = ("12 HISTOIRE DE FRANCE.\n\nLe roi fit venir le maréchal de Villars, et lui dit : "
          "« Vous voyez où nous en sommes ; il faut vaincre ou périr. » Le maréchal répondit "
          "qu'il était prêt , et qu'il espérait que Dieu bénirait ses armes.\n")


def test_a_french_page_keeps_its_spacing(repairer: Repairer) -> None:
    """French printers set a space before ; : ? ! and French Wikisource keeps it; the space
    before a comma is still OCR's and goes. No flag on the guillemets or the spaced marks."""
    r = proofread(FRENCH, repairer=repairer)
    assert "lui dit : « Vous voyez où nous en sommes ; il faut" in r.page.body
    assert "prêt, et" in r.page.body
    assert not [f for f in r.flags if f.old in (":", ";", "«", "»")]


def test_an_english_page_with_a_speck_guillemet_loses_its_spaces() -> None:
    """One guillemet alone is OCR's speck, not French: the English spacing fix still works."""
    from wstools.text.ocr import remove_space_before_punctuation
    assert remove_space_before_punctuation("the House; » and the order of the day :").text \
        == "the House; » and the order of the day:"


TITLE_PAGE = ("THE\nCOMPLETE WORKS\nOF\nWILLIAM SHAKESPEARE.\n\nWITH A LIFE OF THE POET.\n\n"
              "LONDON:\nROUTLEDGE AND SONS.\n1864.\n")


def test_a_title_pages_lines_stay_apart(repairer: Repairer) -> None:
    """Lines in capitals that each end with their own stop are a title page's: each stays a
    line (they were run into 'LONDON: ROUTLEDGE AND SONS. 1864.')."""
    body = proofread(TITLE_PAGE, repairer=repairer).page.body
    assert "{{c|{{sc|LONDON:}}}}" in body
    assert "{{c|{{sc|ROUTLEDGE AND SONS.}}}}" in body
    assert "{{c|{{sc|1864.}}}}" in body
    assert "LONDON: ROUTLEDGE" not in body


@pytest.mark.parametrize(("page", "header"), [
    ("70 Hoyle's Games.\n\nthe players having cut for deal, five cards are dealt.\n",
     "{{rh|70|Hoyle's Games|}}"),
    ("The Laws of Piquet 71\n\nthe elder hand may discard five cards.\n",
     "{{rh||The Laws of Piquet|71}}"),
])
def test_a_mixed_case_running_head(repairer: Repairer, page: str, header: str) -> None:
    """Small capitals that OCR read in mixed case, a folio at the page's outer side: the
    running head (it was left as the body's first line)."""
    r = proofread(page, repairer=repairer)
    assert r.page.header == header
    assert r.page.body.startswith("the ")


@pytest.mark.parametrize("page", [
    "71 Hoyle's Games.\n\nthe players having cut.\n",  # an odd folio at the left
    "12 Princes and lords may flourish,\nOr may fade;\n",  # verse with a margin number
    "1801 England and Wales\n\nThe increase was great.\n",  # a year, a table's row
    "3 Chapter Nine\n\nThe morning came.\n",
])
def test_no_mixed_case_head_where_none_is(repairer: Repairer, page: str) -> None:
    r = proofread(page, repairer=repairer)
    assert r.page.header == ""
    assert r.page.body.startswith(page.split()[0])


def test_a_comma_in_a_running_title_is_kept(repairer: Repairer) -> None:
    """The title's own comma stays in {{rh}} (it was dropped: HAMLET PRINCE OF DENMARK)."""
    r = proofread("118 HAMLET, PRINCE OF DENMARK.\n\nKING. Though yet of Hamlet our dear "
                  "brother's death\n", repairer=repairer)
    assert r.page.header == "{{rh|118|HAMLET, PRINCE OF DENMARK|}}"


def test_years_in_prose_are_no_law_numbers(repairer: Repairer) -> None:
    """Years opening lines of prose ('1815. The treaty') got 'law 1803 to 1814 missing'
    warnings and a 'number out of its sequence' flag."""
    r = proofread("The war began in 1793. Peace came in\n1802. War broke out again in 1803, "
                  "and lasted until\n1815. The treaty was signed at Vienna.\n", repairer=repairer)
    assert not [d for d in r.diagnostics if d.code.startswith("law-")]
    assert not [f for f in r.flags if "sequence" in f.evidence]
