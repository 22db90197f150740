"""Issue #21: the last structure mismatches of the flat shapes. Text from a PDF's text layer
(``pdfflat``: no blank line between paragraphs, none set in) read as the GPO HTML of the
same order reads it, by three rules about how such text is laid out:

- a label at a line's start that goes on with a list run in inside a quotation still open
  (``… by adding “(xii) …; and`` then ``(xiii) …``) is that quoted list, run in;
- a heading in title case with no stop, whose line had room for the label after it, is no
  sentence a list's first item runs into; a bracketed note closed at a line's end closes
  a clause as a stop does;
- a term's meaning run on after a colon (``“X” means … through: (a) …; or``) is no list of
  the section's own letters set apart (the 914 prints run it in all 3 times, and none of
  the 49 sections that set their letters apart after a colon define a term there).

Measured on the 914 prints x 13 shapes (scripts/eo_structure_check.py): pdfflat 7 → 4
orders differ (13041, 13086, 13148 now agree), every other cell 0 as before, words
identical as before, the HTML's structures unchanged."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from wstools.eo.check import pre_text
from wstools.eo.read import (
    _DEFINES,
    _NOTE_END,
    _follows_opening,
    _opened,
    _run_in_list,
    _title_line,
    read_order,
)
from wstools.eo.rewrite import SHAPES, cut

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources" / "eo-govinfo"
needs_sources = pytest.mark.skipif(not SOURCES.is_dir(),
                                   reason="../shared/sources/eo-govinfo not present")


def test_a_quoted_list_run_in_goes_on_run_in() -> None:
    before = ("it is hereby ordered that the order is amended by adding (1) “(ii) the "
              "Secretary of Energy; and")
    assert _run_in_list(before, "(iii) the Secretary of the Interior.” to section 2")
    # the quotation closed before the line: its list is not the one the line goes on with
    closed = "it is amended by adding “(a) The Board shall meet.” and it shall report; and"
    assert not _run_in_list(closed, "(b) The Secretary shall report.")


def test_a_heading_in_title_case_is_no_sentence() -> None:
    assert _title_line("“Rule 413. Evidence of Similar Crimes in Sexual Assault Cases")
    assert _title_line("Part B—Standards for the Review of Grants")
    assert not _title_line("The Department of Justice (DOJ) and the Federal Trade Commission,")
    assert not _title_line("the functions of the Director of the Office of Management")
    assert not _title_line("Sec. 4. Duties of the Council")
    assert not _title_line("Rule")


def test_a_bracketed_note_closes_a_clause() -> None:
    assert _NOTE_END.search("by proper authority. [Note: If the escape was from post-trial "
                            "confinement, add the following element]")
    assert _NOTE_END.search("[Reserved]")
    assert not _NOTE_END.search("as defined in section 3[a]")
    assert not _NOTE_END.search("the term [as used here]")


def test_a_terms_meaning_runs_its_list_in() -> None:
    head = ("Sec. 1007. “Pollution prevention” means “source reduction,” as defined in the "
            "Act, and other practices that reduce pollutants through: (a) increased "
            "efficiency in the use of raw materials; or")
    assert _DEFINES.search(head)
    assert "a" not in _opened(set(), head)
    assert not _follows_opening(head, "(b) protection of natural resources.", set())
    # a section's own letters after a colon are set apart as before
    own = "Sec. 4. Mission. The Commission shall: (a) advise the President; and"
    assert _DEFINES.search(own) is None
    assert "a" in _opened(set(), own)
    assert _follows_opening(own, "(b) report to the Congress.", _opened(set(), own))


def _structure(data: bytes | str) -> list[tuple[str, str, int]]:
    sys.path.insert(0, str(ROOT / "scripts"))
    from eo_structure_check import structure
    return structure(read_order(data))


@needs_sources
@pytest.mark.parametrize("name", ["EO_13041", "EO_13086", "EO_13148",
                                  # a line in title case that ran full, an item after it
                                  # (``(FTC)``): unchanged
                                  "EO_13725"])
def test_pdf_text_layer_reads_as_the_html(name: str) -> None:
    data = (SOURCES / f"{name}.htm").read_bytes()
    flat = SHAPES["pdfflat"](cut(pre_text(data))).text
    assert _structure(flat) == _structure(data)


# The notes template (``eo format --notes-template FILE``): a misspelt field was an
# "internal error" (KeyError, exit 2, "a bug in wstools"), a width wrote it out in full
# (``{president:>99999999}``: 96 MB of notes in every page), an attribute was looked up
# (``{president.__class__}``). Now refused, saying why, before any order is read.

ORDER = ("Executive Order 13999 of May 1, 2020\nA Title\nBy the authority vested in me, it "
         "is hereby ordered as follows:\nSection 1. Policy. It is the policy to act.\n"
         "THE WHITE HOUSE,\nMay 1, 2020.\n")


@pytest.mark.parametrize("template", ["{presidnet}'s order", "{president:>9999} order",
                                      "{president!r}", "{president.__class__}", "{0}", "{}",
                                      "an unclosed {brace"])
def test_a_notes_template_with_no_field_of_the_notes_is_refused(template: str,
                                                                 tmp_path: Path) -> None:
    from wstools.eo.bulk import run
    from wstools.eo.format import FormatOptions, check_notes, notes
    from wstools.errors import InputError

    with pytest.raises(ValueError, match="notes template"):
        check_notes(template)
    options = FormatOptions(notes=template)
    with pytest.raises(ValueError, match="notes template"):
        notes(read_order(ORDER), options)
    source = tmp_path / "EO_13999.txt"
    source.write_text(ORDER)
    with pytest.raises(InputError, match="notes template"):
        run([source], tmp_path / "out", options, lint=False, progress=False)
    assert not (tmp_path / "out").exists()


def test_a_notes_template_of_the_fields_formats_as_before() -> None:
    from wstools.eo.format import FormatOptions, notes

    options = FormatOptions(notes="{president} ({number}), {{{{sic}}}}")
    assert notes(read_order(ORDER), options) == "Donald Trump (13999), {{sic}}"
