"""OCR repair against the corpus: the Cyclopædia page, variants, adversarial inputs, the CLI
and the review page."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.support.repair_evaluate import evaluate
from wstools.cli import main
from wstools.edits import apply_edits
from wstools.repair.repair import Repairer

from .conftest import CASES

REPAIR = CASES / "repair"
OCR = (REPAIR / "cyclopaedia-624.ocr.txt").read_text(encoding="utf-8")
GOLD = (REPAIR / "cyclopaedia-624.gold.txt").read_text(encoding="utf-8")
# readings of the 1879 printing that other printings give differently: they must stay
VARIANTS = [
    "the best card on the table", "the other cards thus improperly played",
    "throw his or their cards on the table face upward", "should one player alone retain",
    "the hands are abandoned, and no one", "so as to be named is liable to be called",
    "when he or his partner has the lead", "counted face downward",
    "he cannot score more than four",
]


RULE_CASES = json.loads((REPAIR / "rules.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", RULE_CASES, ids=[c["name"] for c in RULE_CASES])
def test_repair_rule_case(case: dict, repairer) -> None:
    """Rule cases are data (tests/cases/repair/rules.json: in the wild and negative),
    repaired with the project's corpus. A case too short to show it is a law code (no
    witness, no law numbers in sequence) says so with ``"law": true``."""
    result = repairer.repair(case["input"], law=case.get("law"))
    assert result.text == case["output"]
    if case["input"] == case["output"]:
        assert result.all_edits() == [] or all(e.old == e.new for e in result.all_edits())


@pytest.fixture(scope="module")
def cyclopaedia(repairer):
    return repairer.repair(OCR)


def test_gold_is_made_from_the_listed_corrections() -> None:
    import importlib.util
    spec = importlib.util.spec_from_file_location("gold", REPAIR / "make_cyclopaedia_gold.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.gold(OCR.strip()) + "\n" == GOLD


def test_cyclopaedia_error_rates(cyclopaedia) -> None:
    result = evaluate(OCR, GOLD, cyclopaedia.text)
    assert result.cer_before > 0.012
    assert result.cer_after < 0.0010  # 1.26 % -> 0.09 %
    assert result.wer_after < 0.01
    assert result.damaged == 0 and result.changed == 0  # nothing right was made wrong
    assert result.precision == 1.0 and result.fixed >= 83


def test_cyclopaedia_run_in_headings(cyclopaedia) -> None:
    """Headings run into the text as sentences of their own, garbled, read as the corpus'
    headings (``CALLING FOR NEW CARDS.``, ``THE ETIQUETTE OF WHIST.``)."""
    text = cyclopaedia.text
    assert "(See rule 61). Calling for new cards. 8" in text
    assert "turned. Etiquette of Whist. The following" in text


def test_cyclopaedia_list_letters(cyclopaedia) -> None:
    """The letters of the revoke's penalties (``a, … ; b, … ; c, …``) read from their
    sequence where OCR garbled them (``(/,``, ``t,``, a lost ``e``)."""
    letters = [(e.old, e.new) for e in cyclopaedia.edits if e.rule == "clause-letter"]
    assert letters == [("(/", "a"), ("t", "c"), ("", "e")]


def test_the_nine_law_numbers(cyclopaedia) -> None:
    numbers = [(e.old, e.new) for e in cyclopaedia.edits if e.rule == "law-number"]
    assert sorted(numbers) == sorted([("58", "53"), ("Cl", "61"), ("U5", "65"), ("6$", "68"),
                                      ("Hit", "69"), ("70", "76"), ("73", "78"), ("88", "83"),
                                      ("8S", "88")])
    for e in cyclopaedia.edits:
        if e.rule == "law-number":
            assert e.evidence.startswith("sequence")  # never a witness's number


def test_variant_readings_survive(cyclopaedia) -> None:
    text = " ".join(cyclopaedia.text.split())
    for reading in VARIANTS:
        assert reading in text, reading
    for e in cyclopaedia.edits:  # no repair rewrites a word the gold keeps
        assert e.old not in ("best", "other", "upward", "downward", "alone", "four")


def test_every_repair_explains_itself(cyclopaedia) -> None:
    base = cyclopaedia.cleanup.text
    for e in cyclopaedia.edits:
        assert base[e.start:e.end] == e.old and e.evidence and 0.5 <= e.confidence <= 1
    assert apply_edits(base, cyclopaedia.edits) == cyclopaedia.text
    for e in cyclopaedia.all_edits():  # mapped back to the input
        assert OCR[e.start:e.end] == e.old


def test_all_edits_do_not_overlap(cyclopaedia) -> None:
    """``repair --explain``'s edits: in input coordinates, none inside another (a repair
    of a word the cleanup joined is one edit with both rules), and together the text."""
    edits = cyclopaedia.all_edits()
    assert all(a.end <= b.start for a, b in zip(edits, edits[1:], strict=False))
    assert apply_edits(OCR, edits) == cyclopaedia.text


@pytest.mark.parametrize("name", ["novel.txt", "german.txt", "random.txt", "ecarte-laws.txt"])
def test_adversarial_inputs_get_few_edits(name: str, repairer) -> None:
    text = (REPAIR / "adversarial" / name).read_text(encoding="utf-8")
    result = repairer.repair(text)
    words = len(text.split())
    assert len(result.edits) <= max(2, words // 100), [e.describe() for e in result.edits]


def test_min_confidence_filters(repairer) -> None:
    strict = Repairer(repairer.index, repairer.witnesses, 0.9).repair(OCR)
    loose = repairer.repair(OCR)
    assert 0 < len(strict.edits) < len(loose.edits)
    assert all(e.confidence >= 0.9 for e in strict.edits)


def test_cli_repair(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out.txt"
    source = REPAIR / "cyclopaedia-624.ocr.txt"
    assert main(["repair", str(source), "-o", str(out), "--explain"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"cyclopaedia-624\.ocr\.txt:1:\d+: law-number 'Cl' -> '61'", err)
    assert "repairs" in err
    assert main(["repair", str(source), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["repairs"] and all(r["evidence"] for r in data["repairs"])
    assert source.read_text(encoding="utf-8") == OCR  # input untouched
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\x00\x01")
    assert main(["repair", str(binary)]) == 2


@pytest.mark.browser
def test_review_page_accept_reject_download(tmp_path: Path, cyclopaedia) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("browser tier: install Debian's chromium")
    playwright = pytest.importorskip("playwright.sync_api")
    from wstools.repair.report import review_page

    page_file = tmp_path / "review.html"
    page_file.write_text(review_page(cyclopaedia, "page.txt"), encoding="utf-8")
    rejected = next(k for k, e in enumerate(cyclopaedia.edits) if e.old == "now")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(accept_downloads=True)
        page.goto(page_file.as_uri())
        assert page.locator("span.repair").count() == len(cyclopaedia.edits)
        page.click(f"#edit-{rejected}")
        assert "rejected" in page.get_attribute(f"#edit-{rejected}", "class")
        assert page.inner_text("#accepted-count") == str(len(cyclopaedia.edits) - 1)
        page.screenshot(path=str(tmp_path / "review.png"))
        with page.expect_download() as info:
            page.click("#download")
        downloaded = Path(info.value.path()).read_text(encoding="utf-8")
        browser.close()
    kept = [e for k, e in enumerate(cyclopaedia.edits) if k != rejected]
    assert downloaded == apply_edits(cyclopaedia.cleanup.text, kept)
    assert "or now cards called" in downloaded and " or new cards" not in downloaded


def test_tesseract_pages_regression_guard() -> None:
    """The Tesseract pages (scripts/make-ocr-fixtures.py) scored with their corpus subsets.
    The issue's targets, guarded: 85 % of the errors removed where witnessed and 25 % where
    not, at every level; precision at least 99 % on every page; no damage."""
    from tests.support.repair_harness import run

    scores = {s.page: s for s in run()}
    assert len(scores) == 9
    for page, s in scores.items():
        assert s.score.cer_after <= s.score.cer_before, page  # never worse
        assert s.score.damaged == 0, page
        assert s.score.precision >= (1.0 if s.level in ("clean", "worn") else 0.99), page
    reduction = {page: s.score.error_reduction for page, s in scores.items()}
    for level in ("clean", "worn", "poor"):  # the target where witnessed
        assert reduction[f"witnessed-{level}"] >= 0.85, level
    assert reduction["variant-worn"] > 0.7 and reduction["variant-poor"] > 0.4
    for level in ("clean", "worn", "poor"):  # the target where not witnessed
        assert reduction[f"unwitnessed-{level}"] >= 0.25, level
    assert reduction["unwitnessed-clean"] > 0.9 and reduction["unwitnessed-worn"] > 0.6


@pytest.mark.parametrize("text, expected", [
    ("61. A law. ('ulliinj for new card*. 88. Any player may call.",
     "61. A law. Calling for new cards. 88. Any player may call."),
    # words of the language are readings, not misreadings; nor is a sentence that goes on
    ("61. A law. Calling for new players. 88. Any player may call.", None),
    ("61. A law. ('ulliinj for new card*, and more. 88. Any player may call.", None),
])
def test_run_in_heading(text: str, expected: str | None, repairer) -> None:
    result = repairer.repair(text, law=True)
    headings = [e for e in result.edits if e.rule == "run-in-heading"]
    if expected is None:
        assert headings == []
    else:
        assert result.text == expected


def test_law_number_mark_at_a_paragraph_start(repairer) -> None:
    """A paragraph opening with the next law's number, its full stop misread as a comma."""
    text = "3. The cut is made.\n\n4, If three players cut.\n\n5. The deal."
    assert repairer.repair(text, law=True).text == text.replace("4,", "4.")
