"""Plain OCR text needs no wikitext parser: proofreading it does not import
mwparserfromhell (its import, with importlib.metadata's, was a tenth of the command's
start-up), while a page with markup still gets the parser's judgement."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout


def test_plain_ocr_does_not_load_the_parser() -> None:
    out = _modules_after(
        "import sys\nfrom wstools.proofread import proofread\n"
        "proofread(\"600 WHIST\\n\\n53. After the dealer's turn, the card isn't led.\\n\")\n"
        "print('mwparserfromhell' in sys.modules)")
    assert out.strip() == "False"


def test_a_formatted_page_is_still_parsed() -> None:
    from wstools.wikitext.markup import is_formatted
    assert is_formatted("{{c|{{sc|Laws}}}}\n\n1. The deal.")
    assert is_formatted("== The Deal ==\n1. The deal.")
    assert is_formatted("A &amp; B")
    assert not is_formatted("It isn't ''quite'' a template: x <y, [a] and = b")
