"""Issue 20: a collection of documents as a corpus, the calibrated decision on witness
readings (wstools.repair.model) and its hard limits, and the page benchmark's edit scorer."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from wstools.corpus.store import load, read_html
from wstools.edits import Edit
from wstools.repair.align import Unit
from wstools.repair.model import FEATURES, MODEL_FILE, load_model, raw_candidate
from wstools.repair.repair import Repairer

ROOT = Path(__file__).resolve().parents[1]

ORDER = """<html><head><title>Federal Register</title></head><body><pre>
[[Page 101]]

                Executive Order 99999 of May 1, 2001

Establishing the Committee on ``Sample Matters''

    By the authority vested in me as President by the Constitution and the
laws of the United States of America, it is hereby ordered as follows:

    Section 1. Establishment. There is established the Committee on Sample
Matters--the ``Committee''--within the Department of the Interior.

    Sec. 2. Membership. The Committee shall consist of the Secretary of the
Interior, the Secretary of Agriculture, and the Secretary of Commerce.
</pre></body></html>
"""


@pytest.fixture(scope="module")
def collection(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("orders")
    (folder / "EO_99999.htm").write_text(ORDER, encoding="utf-8")
    return folder


def test_read_html_takes_the_pre_text_as_paragraphs(collection: Path) -> None:
    printing = read_html(collection / "EO_99999.htm")
    lines = printing.text.split("\n")
    assert printing.id == "EO_99999" and printing.metadata["kind"] == "collection"
    assert "Establishing the Committee on “Sample Matters”" in lines
    assert lines[-2].startswith("Section 1. Establishment. There is established the Committee "
                                "on Sample Matters—the “Committee”—within")
    assert not any("[[Page" in line for line in lines)
    assert [p.id for p in load(collection)] == ["EO_99999"]


def test_a_collection_witnesses_but_does_not_make_a_law_code(collection: Path, tmp_path: Path,
                                                           monkeypatch) -> None:
    monkeypatch.setenv("WSTOOLS_CACHE", str(tmp_path))
    repairer = Repairer.load(collection)
    ocr = ("Sec. 2. Membership. The Committee shall consist of the. Secretary of the\n"
           "Interior, the Secretary of Agrlculture, and the Secretary of Commerce.")
    result = repairer.repair(ocr)
    assert "of the Secretary of the" in result.text  # the speck after "the" goes
    assert "Agriculture" in result.text
    assert result.law is not None and not result.law.law and result.law.witnessed > 0.5
    # no guess runs on a text a collection witnesses (it is not a law code)
    assert all(e.rule.startswith(("witness", "law-")) for e in result.edits)


def _unit(text: str, ocr: str, witness: str) -> tuple[Unit, str]:
    start = text.index(ocr)
    return Unit(start, start + len(ocr), ocr, witness, len(ocr.split())), text


def _raw(text: str, ocr: str, witness: str) -> Edit | None:
    unit, text = _unit(text, ocr, witness)
    return raw_candidate(unit, text, lambda w: w.lower() in WORDS, lambda w: w.lower() in CORPUS)


WORDS = {"the", "faces", "face", "of", "cards", "win", "or", "not", "to", "back", "there",
         "is", "no", "penalty", "placed", "played", "chen", "them", "dos", "has", "if",
         "second", "player", "should", "in", "counters", "for", "which"}
CORPUS = WORDS - {"chen", "dos"}


@pytest.mark.parametrize("text, ocr, witness, new", [
    ("expose the. faces of the cards", "the.", "the", "the"),  # a speck after "the"
    ("good lead; for if. the second player", "if.", "if", "if"),
    ("or in.counters. for which cash", "in.counters.", "in counters", "in counters"),
    ("they took chen. home", "chen.", "them.", "them."),  # a word the corpus never uses
])
def test_raw_candidates_the_hard_limits_allow(text, ocr, witness, new) -> None:
    edit = _raw(text, ocr, witness)
    assert edit is not None and edit.new == new


@pytest.mark.parametrize("text, ocr, witness", [
    ("to expose the faces of the cards", "faces", "face"),  # a letter more: a reading
    ("may be called on to win. or not", "win.", "win"),  # a mark before "or"
    ("are taken back: there is no penalty", "back:", "back;"),  # a stop for another
    ("quitted, -i. e., the hand", "-i. e.,", "i.e.,"),  # spacing
    ("section 401(c) of the NEA (50 U.S.C. 1641)", "(50", "50"),  # brackets
    ("subject to the availabi-", "availabi-", "availability"),  # the page foot's word
    ("nity outreach and listening", "nity", "community"),  # the page head's fragment
    ("the rules of 1904, section 12 of", "12", "13"),  # numbers are the sequence's
    ("a new deal, Dos 22.=The dealer", "Dos", "has"),  # a capital: what is left of a number
    ("is made is void; all preceding", "void;", "void."),  # no stop before lower case
    ("this order. Sec. 2. I hereby", "order.", "Order"),  # a stop before a section
    ("the players drawing cards", "drawing", "cutting"),  # words against other words
])
def test_raw_candidates_the_hard_limits_refuse(text, ocr, witness) -> None:
    assert _raw(text, ocr, witness) is None


def test_the_shipped_model_matches_its_features() -> None:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    assert len(data["weights"]) == len(FEATURES)
    model = load_model()
    assert model is not None and 0.5 < model.threshold < 1.0


def test_without_the_model_the_rules_alone_decide() -> None:
    repairer = Repairer.load()
    text = (ROOT / "tests" / "cases" / "repair" / "cyclopaedia-624.ocr.txt").read_text(
        encoding="utf-8")
    with_model = repairer.repair(text)
    repairer.use_model = False
    try:
        without = repairer.repair(text)
    finally:
        repairer.use_model = True
    assert not any(e.rule == "witness-model" for e in without.edits)
    rules = {(e.start, e.new) for e in without.edits}
    # the model only adds: every edit the rules make is still made
    assert rules <= {(e.start, e.new) for e in with_model.edits}


def test_bench_scores_each_edit_against_the_gold() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from bench_repair_pages import score_edits
    finally:
        sys.path.pop(0)
    body = "The dealer arc to play whon it is his turn."
    gold = "the dealer are to play when it is his turn."
    edits = [Edit(11, 14, "arc", "are", "r"), Edit(23, 27, "whon", "when", "r"),
             Edit(34, 37, "his", "her", "r"), Edit(0, 3, "The", "the", "r")]
    verdicts = [s.verdict for s in score_edits(body, gold, edits)]
    assert verdicts == ["right", "right", "wrong", "neutral"]
    assert [s.damaged for s in score_edits(body, gold, edits)] == [0, 0, 1, 0]
