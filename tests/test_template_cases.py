"""Data-driven template cases (ftfy style): every file in tests/cases/templates/ is a list of
{name, input, title?, wikitext, text}; expansion and plain text must match exactly."""

from __future__ import annotations

import json

import pytest

from wstools.wikitext.expand import Expander
from wstools.wikitext.plain import TextRenderer
from wstools.wikitext.registry import Registry

from .conftest import CASES

# The templates the project must define (the seed's list, {{ol}}, the EO family).
REQUIRED = [
    "rh", "rvh", "rule", "smallrefs", "nop", "nopt", "ppb", "ph", "bc", "c", "ppoem", "ti",
    "di", "ld", "s", "bl", "sc", "asc", "...", "lang", "missing image", "unint", "SIC",
    "TOC begin", "TOC row l", "TOC row r", "TOC row 2-1", "TOC row 1-1-1", "TOC end", "spl",
    "ol", "EOheader", "EOheader2", "EOpageheader", "EOtitle", "EOsection", "EOsubsection",
    "EOGeneralProvisions", "EOGeneralProvisionsAB", "EOGeneralProvisionsC", "EOsignature",
    "EOfooter", "Potus-eo",
]


def load_cases() -> list[tuple[str, dict]]:
    cases = []
    for path in sorted((CASES / "templates").glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            cases.append((f"{path.stem}: {case['name']}", case))
    return cases


CASES_LIST = load_cases()


def test_enough_cases() -> None:
    assert len(CASES_LIST) >= 150


@pytest.mark.parametrize("label,case", CASES_LIST, ids=[c[0] for c in CASES_LIST])
def test_expand_to_wikitext(registry: Registry, label: str, case: dict) -> None:
    got = Expander(registry, case.get("title", "")).expand(case["input"]).text
    assert got == case["wikitext"]


@pytest.mark.parametrize("label,case", CASES_LIST, ids=[c[0] for c in CASES_LIST])
def test_plain_text(registry: Registry, label: str, case: dict) -> None:
    got = TextRenderer(registry, case.get("title", "")).render(case["input"]).text
    assert got == case["text"]


@pytest.mark.parametrize("name", REQUIRED)
def test_required_template_exists_with_templatedata(registry: Registry, name: str) -> None:
    page = registry.template(name)
    assert page is not None, f"{{{{{name}}}}} is not defined"
    data = page.templatedata
    assert data is not None and data.get("description"), f"{page.title} has no TemplateData"
    assert isinstance(data.get("params"), dict)


@pytest.fixture(scope="module")
def templates_used(registry: Registry) -> set[str]:
    used: set[str] = set()
    for _, case in CASES_LIST:
        used |= Expander(registry, case.get("title", "")).expand(case["input"]).templates
    return used


@pytest.mark.parametrize("name", REQUIRED)
def test_required_template_has_a_case(registry: Registry, templates_used: set[str],
                                      name: str) -> None:
    assert registry.template(name).title in templates_used


def test_every_template_file_is_valid(registry: Registry) -> None:
    for page in registry.pages.values():
        if page.redirect is None:
            data = page.templatedata
            assert data is not None, page.title
            for pname, spec in data["params"].items():
                assert spec.get("type") in {
                    "unknown", "number", "string", "line", "boolean", "date", "url",
                    "wiki-page-name", "wiki-file-name", "wiki-template-name",
                    "wiki-user-name", "content", "unbalanced-wikitext"}, (page.title, pname)
        else:
            assert registry.pages.get(page.redirect) is not None, page.title
