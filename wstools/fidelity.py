"""The fidelity suite: test pages expanded and rendered by wstools and by MediaWiki.

Pages come from ``tests/cases/templates/*.json`` (every template in several forms) and
``tests/cases/fidelity/*.json`` (parser functions, magic words, whitespace, ``=``/``|``
edges, nesting, redirects, ``noinclude`` and friends; HTML pages). The wiki they run in
holds ``templates/`` plus the test-only pages of ``tests/cases/fidelity/templates`` and
``tests/cases/fidelity/pages``. MediaWiki's answers are recorded in
``tests/cases/fidelity/recorded.json`` (``scripts/record-oracle.py``), so that the offline
tests compare against them and the ``mediawiki`` tier checks the record is still true.

Normalisation before comparing expanded wikitext: none. Before comparing HTML: see
:mod:`wstools.wikitext.compare`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .wikitext.registry import Registry, page_name

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
FIDELITY = CASES / "fidelity"
RECORDED = FIDELITY / "recorded.json"
KNOWN_DIFFERENCES = FIDELITY / "known-differences.txt"
DEFAULT_TITLE = "API"


@dataclass(frozen=True)
class Case:
    """One test page: ``kind`` is ``expand`` or ``html``."""

    kind: str
    id: str
    input: str
    title: str = DEFAULT_TITLE


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
    return cases


def wiki_pages() -> list[tuple[str, str]]:
    """Every page the fidelity wiki holds: templates/ and the test-only pages."""
    pages = []
    for folder, namespace in ((ROOT / "templates", "Template:"),
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
    if not RECORDED.exists():
        return {}
    return json.loads(RECORDED.read_text(encoding="utf-8"))


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
    from .wikitext.expand import Expander
    from .wikitext.html import HtmlRenderer

    if case.kind == "expand":
        return Expander(reg, case.title, on_missing="link").expand(case.input).text
    renderer = HtmlRenderer(
        reg, case.title, link_exists=lambda t: t in reg.pages,
        is_redirect=lambda t: t in reg.pages and reg.pages[t].redirect is not None)
    return renderer.render(case.input).html


def agrees(case: Case, ours: str, theirs: str) -> bool:
    """Expanded wikitext must be identical; HTML must have the same structure and text."""
    from .wikitext.compare import same_structure

    return ours == theirs if case.kind == "expand" else same_structure(ours, theirs)
