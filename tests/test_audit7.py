"""A seventh new-user audit (the commands other than single-page proofread): a report that
replaced the input dump or the output, and a half-written file left by SIGTERM. Each case
failed before its fix."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wstools.cli import main

REAL_DUMP = Path(__file__).resolve().parents[2] / "shared" / "real" / "dumps" / \
    "real-pages-export-0.11.xml"


@pytest.mark.skipif(not REAL_DUMP.is_file(), reason="../shared/real not beside the checkout")
def test_the_dump_report_never_replaces_the_input_or_the_output(tmp_path: Path) -> None:
    dump = tmp_path / "in.xml"
    shutil.copy(REAL_DUMP, dump)
    before = dump.read_bytes()
    out = tmp_path / "out.xml"
    assert main(["proofread", "--dump", str(dump), "-o", str(out),
                 "--report-json", str(dump)]) == 2
    assert dump.read_bytes() == before and not out.exists()
    assert main(["proofread", "--dump", str(dump), "-o", str(out),
                 "--report-json", str(out)]) == 2
    assert not out.exists()


@pytest.mark.parametrize("command", ["repair", "proofread"])
def test_a_review_page_never_replaces_the_output(tmp_path: Path, command: str) -> None:
    page = tmp_path / "in.txt"
    page.write_text("53. After the dealer has dealt, the deal stands.\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main([command, str(page), "-o", str(out), "--report", str(out)]) == 2
    assert not out.exists()


def test_sigterm_leaves_no_half_written_file(tmp_path: Path) -> None:
    """A dump run stopped by SIGTERM (kill, timeout) left '.out.xml.*.tmp' beside the
    output; Ctrl-C did not."""
    pages = "".join(
        f"<page><title>Page:X.djvu/{i}</title><ns>104</ns><id>{i}</id><revision><id>{i}</id>"
        f"<text>{i} LAWS OF WHIST.\n\n{i}. After the dealer has dealt the cards, the deal "
        "stands, and the player on his left leads.</text></revision></page>"
        for i in range(1, 3001))
    dump = tmp_path / "in.xml"
    dump.write_text(f"<mediawiki xml:lang=\"en\">{pages}</mediawiki>", encoding="utf-8")
    out = tmp_path / "out.xml"
    proc = subprocess.Popen([sys.executable, "-m", "wstools", "proofread", "--dump", str(dump),
                             "-o", str(out), "--quiet"], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".out.xml.*")) and time.monotonic() < deadline \
            and proc.poll() is None:
        time.sleep(0.05)
    if proc.poll() is not None:
        pytest.skip("the run ended before it could be stopped")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 143
    assert not list(tmp_path.glob(".out.xml.*")) and not out.exists()


def test_unclosed_template_openers_are_text() -> None:
    """Thousands of unclosed '{{a|' are text in the plain rendering (they took 99 s for
    12,000: benchmarks/bench_expand.py --growth shows the curve), and a few are too."""
    from wstools import to_text
    assert to_text("{{a|" * 3000).text == "{{a|" * 3000
    assert to_text("x {{a| y").text == "x {{a| y"


def test_clean_keeps_the_blank_lines_of_formatted_wikitext(tmp_path: Path) -> None:
    """Four blank lines render a spacer in MediaWiki: on formatted wikitext 'clean' collapsed
    them to one paragraph break (a validated page lost three spacers)."""
    page = tmp_path / "p.wiki"
    page.write_text("{{larger|REMARKS}}\n\n\n\n{{c|Handwritten}}\n", encoding="utf-8")
    out = tmp_path / "out.wiki"
    assert main(["clean", str(page), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == "{{larger|REMARKS}}\n\n\n\n{{c|Handwritten}}\n"
