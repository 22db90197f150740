"""The fidelity suite: test pages expanded and rendered by wstools and by MediaWiki.

Pages come from ``tests/cases/templates/*.json`` (every template in several forms) and
``tests/cases/fidelity/*.json`` (parser functions, magic words, whitespace, ``=``/``|``
edges, nesting, redirects, ``noinclude`` and friends; HTML pages). The wiki they run in
holds ``templates/`` plus the test-only pages of ``tests/cases/fidelity/templates`` and
``tests/cases/fidelity/pages``. MediaWiki's answers are recorded in
``tests/cases/fidelity/recorded.json`` (``scripts/record-oracle.py``), so that the offline
tests compare against them and the ``mediawiki`` tier checks the record is still true.

Whole pages (issue 22): the 23 real ``Page:`` texts of ``tests/cases/templates-real`` and the
realistic main-namespace chapters of ``tests/cases/fidelity-pages/pages.json``, each expanded
and rendered; their answers are recorded in ``tests/cases/fidelity-pages/recorded.json``
(``python -m tests.support.fidelity record --start``).

Normalisation before comparing expanded wikitext: none. Before comparing HTML: see
:mod:`tests.support.compare`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from wstools.wikitext.registry import Registry, page_name

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
FIDELITY = CASES / "fidelity"
RECORDED = FIDELITY / "recorded.json"
KNOWN_DIFFERENCES = FIDELITY / "known-differences.txt"
REAL_PAGES = CASES / "templates-real"
WHOLE_PAGES = CASES / "fidelity-pages"
WHOLE_RECORDED = WHOLE_PAGES / "recorded.json"
DEFAULT_TITLE = "API"


@dataclass(frozen=True)
class Case:
    """One test page: ``kind`` is ``expand`` or ``html``."""

    kind: str
    id: str
    input: str
    title: str = DEFAULT_TITLE
    toc: bool = False  # asked with the table of contents (the older cases are not)


def load_cases() -> list[Case]:
    cases = []
    for path in sorted((CASES / "templates").glob("*.json")):
        for c in json.loads(path.read_text(encoding="utf-8")):
            cases.append(Case("expand", f"templates/{path.stem}: {c['name']}", c["input"],
                              c.get("title", DEFAULT_TITLE)))
    for kind in ("expand", "html"):
        path = FIDELITY / f"{kind}.json"
        for c in json.loads(path.read_text(encoding="utf-8")):
            cases.append(Case(kind, f"{kind}: {c['name']}", c["input"],
                              c.get("title", DEFAULT_TITLE)))
    return cases + whole_page_cases()


def real_page_title(path: Path) -> str:
    """The title of a real page of ``tests/cases/templates-real``."""
    if path.stem.startswith("eb1911"):
        _, vol, page = path.stem.split("-")
        return f"Page:EB1911 - Volume {vol[1:]}.djvu/{int(page[1:])}"
    return f"Page:Pentagon Papers.djvu/{path.stem}"


def whole_page_cases() -> list[Case]:
    """The realistic whole pages: real Page: texts and main-namespace chapters, each
    expanded (``expand``) and rendered (``html``)."""
    pages = [(f"real {p.stem}", p.read_text(encoding="utf-8"), real_page_title(p))
             for p in sorted(REAL_PAGES.glob("*.wiki"))]
    listed = WHOLE_PAGES / "pages.json"
    if listed.exists():
        pages += [(c["name"], c["input"], c["title"])
                  for c in json.loads(listed.read_text(encoding="utf-8"))]
    cases = [Case(kind, f"{kind}: whole {name}", text, title, toc=True)
             for name, text, title in pages for kind in ("expand", "html")]
    edges = WHOLE_PAGES / "edges.json"
    if edges.exists():  # the differences issue 22 found, each a case
        cases += [Case(c["kind"], f"{c['kind']}: edge {c['name']}", c["input"],
                       c.get("title", DEFAULT_TITLE), toc=True)
                  for c in json.loads(edges.read_text(encoding="utf-8"))]
    return cases

def wiki_pages() -> list[tuple[str, str]]:
    """Every page the fidelity wiki holds: wstools/data/templates/ and the test-only pages."""
    pages = []
    for folder, namespace in ((ROOT / "wstools" / "data" / "templates", "Template:"),
                              (FIDELITY / "templates", "Template:"), (FIDELITY / "pages", "")):
        for f in sorted(folder.glob("*.wiki")):
            pages.append((namespace + page_name(f), f.read_text(encoding="utf-8")))
    return pages


def registry() -> Registry:
    reg = Registry()
    for title, text in wiki_pages():
        reg.add(title, text)
    return reg


def load_recorded() -> dict[str, str]:
    recorded = {}
    for path in (RECORDED, WHOLE_RECORDED):
        if path.exists():
            recorded.update(json.loads(path.read_text(encoding="utf-8")))
    return recorded


def record_whole_pages(api) -> int:  # noqa: ANN001 - oracle.MediaWikiAPI
    """Ask ``api`` for the answer of every whole page, edge case and case the older record
    (``RECORDED``) does not hold, and write them to ``WHOLE_RECORDED``."""
    recorded = {}
    older = json.loads(RECORDED.read_text(encoding="utf-8")) if RECORDED.exists() else {}
    ids = {c.id for c in whole_page_cases()}
    for case in load_cases():
        if case.id not in ids and case.id in older:
            continue
        if case.kind == "expand":
            recorded[case.id] = api.expand(case.input, case.title)
        else:
            recorded[case.id] = api.parse(case.input, case.title, toc=case.toc)
    WHOLE_RECORDED.write_text(json.dumps(recorded, ensure_ascii=False, indent=0,
                                         sort_keys=True) + "\n", encoding="utf-8")
    return len(recorded)


def summary(cases: list[Case], answers: dict[str, str], reg: Registry) -> dict:
    """How many cases agree with ``answers``: expand byte-identical, HTML equivalent, for
    all cases and for the whole pages alone, with the ids that do not."""
    out: dict = {}
    for group, chosen in (("all", cases), ("whole pages", [c for c in cases
                                                         if ": whole " in c.id])):
        for kind in ("expand", "html"):
            these = [c for c in chosen if c.kind == kind and c.id in answers]
            bad = [c.id for c in these if not agrees(c, render(c, reg), answers[c.id])]
            out[f"{group} {kind}"] = {"cases": len(these), "agree": len(these) - len(bad),
                                      "differ": bad}
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.support.fidelity record [--start]`` records the whole pages' answers
    (from ``$WSTOOLS_MW_API`` or a lab wiki started for the run); ``summary`` prints the
    agreement with the recorded answers."""
    import argparse
    import sys

    from tests.support.oracle import connect

    parser = argparse.ArgumentParser(prog="python -m tests.support.fidelity")
    parser.add_argument("action", choices=("record", "summary"))
    parser.add_argument("--start", action="store_true", help="record: start (and stop) a "
                        "lab wiki")
    args = parser.parse_args(argv)
    if args.action == "summary":
        result = summary(load_cases(), load_recorded(), registry())
        print(json.dumps(result, indent=1))
        return 0
    try:
        api, lab = connect(args.start, wiki_pages())
    except LookupError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        n = record_whole_pages(api)
    finally:
        if lab is not None:
            lab.stop()
    print(f"recorded {n} answers in {WHOLE_RECORDED}")
    return 0



def load_known_differences() -> dict[str, str]:
    """``case id`` → reason, from the known-differences file (``id<TAB>reason`` lines)."""
    known = {}
    for line in KNOWN_DIFFERENCES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            case_id, _, reason = line.partition("\t")
            known[case_id.strip()] = reason.strip()
    return known


def render(case: Case, reg: Registry) -> str:
    """wstools' answer for ``case``: expanded wikitext or the HTML fragment, configured as
    the lab wiki is (missing templates shown as links, page existence from its pages)."""
    from wstools.wikitext.expand import Expander
    from wstools.wikitext.html import HtmlRenderer

    if case.kind == "expand":
        return Expander(reg, case.title, on_missing="link").expand(case.input).text
    renderer = HtmlRenderer(
        reg, case.title, link_exists=lambda t: t in reg.pages,
        is_redirect=lambda t: t in reg.pages and reg.pages[t].redirect is not None,
        toc=case.toc)
    return renderer.render(case.input).html


def agrees(case: Case, ours: str, theirs: str) -> bool:
    """Expanded wikitext must be identical; HTML must have the same structure and text."""
    from tests.support.compare import same_structure

    return ours == theirs if case.kind == "expand" else same_structure(ours, theirs)


if __name__ == "__main__":
    raise SystemExit(main())
