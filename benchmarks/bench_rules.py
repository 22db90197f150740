"""Rules earn their place: the precision of every cleanup and repair rule, measured.

Each edit is judged as ``score.py`` (in the real-material folder, ``tools/score.py``) judges
it: the text around it (±30 characters) is aligned to the proofread text, and the edit is
*better* if it brings that window closer to it, *worse* if it takes it further away, else
*neutral*. Precision is better / (better + worse).

Two benches:

* **AFRICA** — the Internet Archive OCR of the EB1911 article AFRICA against the
  Wikisource text (not a law code: the guessing rules should not run on it);
* **law** — the project's Tesseract pages (``tests/cases/repair/tesseract``, each with its
  corpus subset, as :mod:`tests.support.repair_harness`) and the Cyclopædia page, against their
  gold (whose space before ``;`` and ``:``, the period's habit, is dropped as the harness
  drops it).

Each is run twice: ``default`` (what ``wstools clean``/``repair`` do) and ``all`` (every
rule on, every text taken for a law code: the behaviour before rules had to earn their
place), so that the table shows what each gate costs or saves. For the law pages the
harness's scores (error reduction, precision, damage) are printed for both.

    python benchmarks/bench_rules.py [--real DIR] [--skip-africa] [--skip-law]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support

from tests.support.repair_evaluate import Evaluation, evaluate  # noqa: E402
from tests.support.repair_harness import FIXTURES, subset_corpus  # noqa: E402
from wstools.corpus.index import load_index  # noqa: E402
from wstools.edits import Edit
from wstools.repair.repair import OPT_IN, RULES, Repairer
from wstools.text.pipeline import (
    DEFAULT_FIXES,
    OPT_IN_FIXES,
    CleanResult,
    Options,
    clean,
    default_fixes,
)
from wstools.text.vocabulary import Vocabulary

ROOT = Path(__file__).resolve().parents[1]
REAL = Path(os.environ.get("WSTOOLS_REAL", ROOT.parent / "shared" / "real"))
CYCLOPAEDIA = ROOT / "tests" / "cases" / "repair" / "cyclopaedia-624"
VERDICTS = ("better", "neutral", "worse")


def load_tool(real: Path, name: str) -> ModuleType:
    """``tools/<name>.py`` of the real-material folder, imported from its path."""
    spec = importlib.util.spec_from_file_location(f"real_{name}", real / "tools" / f"{name}.py")
    if spec is None or spec.loader is None:
        raise FileNotFoundError(real / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def judge(score: ModuleType, before: str, groups: dict[str, list[Edit]], ref: str
          ) -> dict[str, Counter]:
    """score.py's verdicts on each group of edits (all offsets into ``before``): one
    alignment of ``before`` to ``ref`` serves every group. Returns group -> Counter of
    (rule, verdict)."""
    tagged = [dict(e.as_dict(), rule=f"{name}\t{e.rule}")
              for name, edits in groups.items() for e in edits]
    counts, worse = score.judge(before, tagged, ref)
    out: dict[str, Counter] = {name: Counter() for name in groups}
    for (tag, verdict), n in counts.items():
        name, rule = tag.split("\t")
        out[name][rule, verdict] += n
    for tag, old, new, context, reference in worse:
        name, rule = tag.split("\t")
        WORSE.append((name, rule, old, new, context, reference))
    return out


WORSE: list[tuple[str, ...]] = []  # every worse edit judged: (config, rule, old, new, ...)


def precision(better: int, worse: int) -> float | None:
    return better / (better + worse) if better + worse else None


def per_rule(counts: Counter) -> dict[str, tuple[int, int, int]]:
    rules = sorted({rule for rule, _ in counts})
    return {r: tuple(counts[r, v] for v in VERDICTS) for r in rules}  # type: ignore[misc]


def rule_table(columns: dict[str, Counter]) -> str:
    """One row per rule, a better/neutral/worse and precision column per bench."""
    rules = sorted({rule for c in columns.values() for rule, _ in c})
    head = f"{'rule':26}" + "".join(f"{name:>30}" for name in columns)
    rows = [head, f"{'':26}" + "".join(f"{'b/n/w   prec':>30}" for _ in columns)]
    for rule in rules:
        tag = "*" if rule in OPT_IN or rule in OPT_IN_FIXES else " "
        row = f"{tag}{rule:25}"
        for c in columns.values():
            b, n, w = (c[rule, v] for v in VERDICTS)
            p = precision(b, w)
            cell = f"{b}/{n}/{w}" if b + n + w else "-"
            row += f"{cell:>21} {'' if p is None else f'{100 * p:6.1f} %':>8}"
        rows.append(row)
    rows.append("")
    for name, c in columns.items():
        b, n, w = (sum(k for (_, v), k in c.items() if v == verdict) for verdict in VERDICTS)
        edits = b + n + w
        low = sorted(r for r, (rb, _, rw) in per_rule(c).items()
                     if (p := precision(rb, rw)) is not None and p < 0.99)
        ratio = f"1 in {edits / w:.0f}" if w else "none"
        rows.append(f"{name}: {edits} edits, {b} better, {n} neutral, {w} worse "
                    f"(worse: {ratio}); rules under 99 %: {', '.join(low) or 'none'}")
    return "\n".join(rows)


def repairers(corpus: Path | None) -> dict[str, Repairer]:
    default = Repairer.load(corpus)
    return {"default": default,
            "all": Repairer(default.index, default.witnesses, enable=frozenset(RULES))}


def cleans(text: str, vocabulary: Vocabulary) -> dict[str, CleanResult]:
    """``wstools clean`` as it runs by default, and with every fix on a law code."""
    return {"default": clean(text, default_fixes(), Options(vocabulary=vocabulary)),
            "all": clean(text, DEFAULT_FIXES, Options(vocabulary=vocabulary, law=True))}


def run_repairs(reps: dict[str, Repairer], text: str) -> dict:
    out = {}
    for name, rep in reps.items():
        out[name] = rep.repair(text, law=True if name == "all" else None)
    return out


def africa(real: Path) -> dict[str, Counter]:
    score, gtnorm = load_tool(real, "score"), load_tool(real, "gtnorm")
    pair = real / "pages" / "eb1911-ocr-pair"
    ocr = (pair / "africa.ia-ocr.txt").read_text(encoding="utf-8")
    ref = gtnorm.gt_plain((pair / "africa.wikisource-derived.txt").read_text(encoding="utf-8"))
    index = load_index()
    t = time.perf_counter()
    cleaned = cleans(ocr, index.vocabulary)
    results = run_repairs(repairers(None), ocr)
    took = time.perf_counter() - t
    for name, r in results.items():
        law = r.law.describe() if r.law else "?"
        print(f"AFRICA {name}: CER clean {score.cer(cleaned[name].text, ref):.4f}, repair "
              f"{score.cer(r.text, ref):.4f} (raw {score.cer(ocr, ref):.4f}); {law}")
    print(f"(clean and repair took {took:.1f} s; judging takes longer)", flush=True)
    base = results["default"].cleanup.text
    assert all(r.cleanup.text == base for r in results.values())
    cleanup = judge(score, ocr, {n: c.edits for n, c in cleaned.items()}, ref)
    repairs = judge(score, base, {name: r.edits for name, r in results.items()}, ref)
    return {name: cleanup[name] + repairs[name] for name in results}


def law_pages(score: ModuleType) -> dict[str, Counter]:
    """The Tesseract pages and the Cyclopædia page: per-rule verdicts against the gold, and
    the harness's page scores, for both configurations."""
    manifest = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
    pages: list[tuple[str, Path | None, Path]] = []
    totals: dict[str, Counter] = {"default": Counter(), "all": Counter()}
    scores: dict[str, dict[str, Evaluation]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        corpora: dict[str, Path | None] = {}
        for page, spec in sorted(manifest.items()):
            key = json.dumps([spec.get("exclude", []), spec.get("witness", [])])
            if key not in corpora:
                corpora[key] = subset_corpus(Path(tmp) / str(len(corpora)),
                                             spec.get("exclude", []), spec.get("witness", []))
            pages.append((page, corpora[key], FIXTURES / page))
        pages.append(("cyclopaedia-624", None, CYCLOPAEDIA))
        cache: dict[Path | None, dict[str, Repairer]] = {}
        for page, corpus, stem in pages:
            if corpus not in cache:
                cache[corpus] = repairers(corpus)
            ocr = stem.with_suffix(".ocr.txt").read_text(encoding="utf-8")
            # the gold keeps the period's space before ; and : which Wikisource drops (and
            # the harness's scores ignore, tests.support.repair_evaluate.normalise): so here
            gold = re.sub(r"[ \t]+([;:])", r"\1",
                          stem.with_suffix(".gold.txt").read_text(encoding="utf-8"))
            reps = cache[corpus]
            cleaned = cleans(ocr, reps["default"].index.vocabulary)
            results = run_repairs(reps, ocr)
            cleanup = judge(score, ocr, {n: c.edits for n, c in cleaned.items()}, gold)
            base = results["default"].cleanup.text
            repairs = judge(score, base, {n: r.edits for n, r in results.items()}, gold)
            scores[page] = {}
            for name, r in results.items():
                totals[name] += cleanup[name] + repairs[name]
                scores[page][name] = evaluate(ocr, gold, r.text)
            law = results["default"].law
            print(f"  {page:20} {'' if law is None else law.describe()}")
    print()
    print("page                   CER before   after: default    all   reduced: default    "
          "all   precision: default    all  damaged: default all")
    for page, by in scores.items():
        d, a = by["default"], by["all"]
        print(f"{page:22} {100 * d.cer_before:8.2f} % {100 * d.cer_after:15.2f} % "
              f"{100 * a.cer_after:5.2f} % {100 * d.error_reduction:15.1f} % "
              f"{100 * a.error_reduction:5.1f} % {100 * d.precision:17.1f} % "
              f"{100 * a.precision:5.1f} % {d.damaged:15d} {a.damaged:3d}")
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", type=Path, default=REAL,
                        help="the real-material folder (with tools/score.py)")
    parser.add_argument("--skip-africa", action="store_true")
    parser.add_argument("--skip-law", action="store_true")
    parser.add_argument("--worse", type=int, default=10, metavar="N",
                        help="list up to N worse edits of the default configuration")
    args = parser.parse_args(argv)
    if not (args.real / "tools" / "score.py").is_file():
        print(f"bench_rules: no tools/score.py under {args.real} (--real DIR)", file=sys.stderr)
        return 2
    columns: dict[str, Counter] = {}
    if not args.skip_africa:
        t = time.perf_counter()
        for name, counts in africa(args.real).items():
            columns[f"AFRICA {name}"] = counts
        print(f"(AFRICA judged in {time.perf_counter() - t:.0f} s)\n", flush=True)
    if not args.skip_law:
        print("law pages:")
        for name, counts in law_pages(load_tool(args.real, "score")).items():
            columns[f"law {name}"] = counts
        print()
    print("per rule (better/neutral/worse, precision = better / (better + worse)); "
          "* = opt-in (off by default)")
    print(rule_table(columns))
    shown = [w for w in WORSE if w[0] == "default"][:args.worse]
    if shown:
        print("\nworse edits (default configuration): rule, old -> new, OCR | proofread")
    for _, rule, old, new, context, reference in shown:
        print(f"  {rule}: {old!r} -> {new!r}   {context!r} | {reference[:60]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
