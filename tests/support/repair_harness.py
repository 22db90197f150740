"""The evaluation harness of OCR repair (test and benchmark code, not installed): repair
the Tesseract pages of ``tests/cases/repair/tesseract`` with the corpus subset each names,
and score them against their gold.

A page's manifest entry says which printings are held out (``exclude``) and which copies
count as witnesses there (``witness``: their ``copy-of`` mark is dropped in the subset).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tests.support.repair_evaluate import Evaluation, evaluate
from wstools.corpus.store import default_corpus_dir
from wstools.repair.repair import Repairer

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "cases" / "repair" / "tesseract"


@dataclass
class PageScore:
    page: str
    case: str
    level: str
    score: Evaluation
    repairs: int


def subset_corpus(folder: Path, exclude: list[str], witness: list[str],
                  source: Path | None = None) -> Path:
    """A copy of the corpus in ``folder`` without ``exclude``; ``witness`` copies lose
    their ``copy-of`` mark."""
    source = source or default_corpus_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("*.txt")):
        if path.stem in exclude:
            continue
        if path.stem in witness:
            head, sep, body = path.read_text(encoding="utf-8").partition("\n---\n")
            head = re.sub(r"(?m)^copy-of:.*\n?", "", head).rstrip("\n")
            (folder / path.name).write_text(head + sep + body, encoding="utf-8")
        else:
            shutil.copy(path, folder / path.name)
    return folder


def run(fixtures: Path = FIXTURES) -> list[PageScore]:
    manifest = json.loads((fixtures / "manifest.json").read_text(encoding="utf-8"))
    scores = []
    repairers: dict[str, Repairer] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for page, spec in sorted(manifest.items()):
            key = json.dumps([spec.get("exclude", []), spec.get("witness", [])])
            if key not in repairers:
                folder = subset_corpus(Path(tmp) / str(len(repairers)),
                                       spec.get("exclude", []), spec.get("witness", []))
                repairers[key] = Repairer.load(folder)
            ocr = (fixtures / f"{page}.ocr.txt").read_text(encoding="utf-8")
            gold = (fixtures / f"{page}.gold.txt").read_text(encoding="utf-8")
            result = repairers[key].repair(ocr)
            scores.append(PageScore(page, spec["case"], spec["level"],
                                    evaluate(ocr, gold, result.text), len(result.edits)))
    return scores


def table(scores: list[PageScore]) -> str:
    rows = ["page                 CER before  after  reduced  precision  damage  repairs"]
    for s in scores:
        e = s.score
        rows.append(f"{s.page:<20} {100 * e.cer_before:8.2f} % {100 * e.cer_after:5.2f} % "
                    f"{100 * e.error_reduction:6.1f} % {100 * e.precision:8.1f} % "
                    f"{100 * e.damage_rate:5.2f} % {s.repairs:7d}")
    return "\n".join(rows)
