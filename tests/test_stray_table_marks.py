"""OCR lines that begin with a table's marks are written as text (a "{|" would open a table
that swallows the lines after it), and a mark the layout wrote as a character reference is
one suspect, not two pieces."""

from __future__ import annotations

import wstools
from wstools.proofread import proofread
from wstools.repair.repair import Repairer
from wstools.review import page_suspects

PAGE = ("A HISTORY 77\n\nThe line of dots ~~~~ marks an omission.\n{| rule\nThe text goes on "
        "here.\n|} rule\nAnd ends.\n")


def test_table_marks_at_a_line_start_are_text(repairer: Repairer) -> None:
    r = proofread(PAGE, repairer=repairer)
    body = r.page.body
    assert "&#123;| rule" in body and "&#124;} rule" in body
    assert not [d for d in r.diagnostics if d.severity == "error"]
    shown = wstools.to_text(body).text
    assert "{| rule" in shown and "|} rule" in shown and "The text goes on here." in shown


def test_a_written_tilde_run_is_one_suspect(repairer: Repairer) -> None:
    r = proofread(PAGE, repairer=repairer)
    tildes = [w for _, _, w, _ in page_suspects(r, repairer) if "~" in w]
    assert tildes == ["~~&#126;~"]
