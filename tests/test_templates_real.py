"""The templates of real pages (issue 22): lint on 23 real, validated Wikisource pages
reports only their true problems, and their plain text keeps no raw template call."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.wikitext.plain import TextRenderer
from wstools.wikitext.registry import Registry
from wstools.wikitext.validate import Linter

from .conftest import CASES

REAL = CASES / "templates-real"
PAGES = sorted(REAL.glob("*.wiki"))
EXPECTED = {tuple(x) for x in json.loads((REAL / "expected-findings.json").read_text())}


def title(path: Path) -> str:
    if path.stem.startswith("eb1911"):
        _, vol, page = path.stem.split("-")
        return f"Page:EB1911 - Volume {vol[1:]}.djvu/{int(page[1:])}"
    return f"Page:Pentagon Papers.djvu/{path.stem}"


def test_there_are_23_real_pages() -> None:
    assert len(PAGES) == 23


def test_lint_reports_only_true_problems(registry: Registry) -> None:
    found = set()
    for path in PAGES:
        for d in Linter(registry, title(path)).lint(path.read_text(encoding="utf-8"),
                                                    path.name).diagnostics:
            found.add((path.name, d.line, d.code))
    assert found == EXPECTED


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_plain_text_has_no_raw_template(registry: Registry, path: Path) -> None:
    result = TextRenderer(registry, title(path)).render(path.read_text(encoding="utf-8"))
    assert "{{" not in result.text and "}}" not in result.text
    assert "<s>" not in result.text and "<span" not in result.text


def test_an_unknown_template_is_a_warning(registry: Registry) -> None:
    diags = Linter(registry).lint("{{Some work-specific template|x}}").diagnostics
    assert [(d.code, d.severity) for d in diags] == [("unknown-template", "warning")]


def test_unknown_parameter_severity_follows_templatedata(registry: Registry) -> None:
    reg = Registry(dict(registry.pages))
    reg.add("Template:No data", "{{{1}}}")
    diags = Linter(reg).lint("{{No data|a|b=1}} {{sc|a|b=1}}").diagnostics
    assert [(d.code, d.severity) for d in diags] == [("unknown-parameter", "warning"),
                                                     ("unknown-parameter", "error")]


def test_strict_makes_warnings_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "p.wiki"
    page.write_text("{{Work specific}} text", encoding="utf-8")
    assert main(["lint", str(page)]) == 0
    out = capsys.readouterr().out
    assert "unknown-template" in out and out.rstrip().endswith("[warning]")
    assert main(["lint", "--strict", str(page)]) == 1


@pytest.mark.parametrize("call,text", [
    ("{{dropinitial|fl=“|T}}he", "“The"),
    ("{{di|W|4em}}E have", "WE have"),
    ("{{smallrefs|90%}}", ""),
    ("a{{gap}}b {{em|2}}c", "ab c"),
    ("{{larger|□ ACTION}}", "□ ACTION"),
    ("{{popup note|Handwritten|RTC}}", "RTC"),
    ("{{EB1911 lkpl|Mesoxalic Acid|mesoxalic acid}}", "mesoxalic acid"),
    ("{{abbr|S. T. D.|Sacrae Theologiae Doctor}}", "S. T. D."),
    ("{{strike|gone}} kept", "gone kept"),
    ("{{frac|3|1|4}}", "31⁄4"),
])
def test_real_calls_render_as_text(registry: Registry, call: str, text: str) -> None:
    assert TextRenderer(registry).render(call).text.strip() == text


def test_table_style_codes(registry: Registry) -> None:
    from wstools.wikitext.expand import Expander
    out = Expander(registry).expand("{{ts|ac|vtp|sm92|lh11|width:240px}}").text
    assert out == ('style="text-align:center;vertical-align:top;font-size:92%;'
                   'line-height:1.1em;width:240px;"')


def test_enough_templates(registry: Registry) -> None:
    assert len(registry.templates()) >= 150
    for page in registry.templates():
        assert page.templatedata is not None, page.title


def test_text_of_a_margin_note_is_not_run_into_the_line() -> None:
    """A second new-user audit: `--to text` of EB1911's shoulder headings glued them to the
    word before ('resemblingVatopede. the court'); a floated element is out of the line."""
    from wstools.wikitext.plain import to_text
    text = to_text("resembling{{EB1911 Shoulder HeadingSmall|Vatopede.}} the court").text
    assert "resembling Vatopede. the court" in " ".join(text.split())
    assert to_text('a<span style="color:red">b</span>c').text.strip() == "abc"
