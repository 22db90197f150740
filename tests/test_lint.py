"""Lint page sets: every planted error is found, clean pages give nothing."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from wstools.wikitext.registry import Registry
from wstools.wikitext.validate import CODES, Linter

from .conftest import CASES, PAGE_TITLE

BAD = sorted((CASES / "lint" / "bad").glob("*.wiki"))
CLEAN = sorted((CASES / "lint" / "clean").glob("*.wiki"))
_EXPECT = re.compile(r"<!-- expect: ([\w\- ]+) -->")


def expected_codes(path: Path) -> set[str]:
    m = _EXPECT.search(path.read_text(encoding="utf-8"))
    assert m, f"{path.name} has no '<!-- expect: … -->' line"
    return set(m.group(1).split())


def test_page_sets_are_big_enough() -> None:
    assert len(CLEAN) >= 20
    planted = set().union(*(expected_codes(p) for p in BAD))
    assert planted >= set(CODES), f"no planted page for {set(CODES) - planted}"


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_planted_errors_are_found(trap_registry: Registry, path: Path) -> None:
    result = Linter(trap_registry, PAGE_TITLE).lint(path.read_text(encoding="utf-8"),
                                                   path.name)
    found = {d.code for d in result.diagnostics}
    assert found == expected_codes(path), [d.format() for d in result.diagnostics]
    for d in result.diagnostics:
        assert d.line >= 2 and d.column >= 1  # line 1 is the expectation comment


@pytest.mark.parametrize("path", CLEAN, ids=[p.stem for p in CLEAN])
def test_clean_pages_have_no_findings(registry: Registry, path: Path) -> None:
    result = Linter(registry, PAGE_TITLE).lint(path.read_text(encoding="utf-8"), path.name)
    assert result.ok, [d.format() for d in result.diagnostics]


def test_positions_are_exact(registry: Registry) -> None:
    text = "line one\n  {{sc|a|b}} and {{nosuch}}\n"
    result = Linter(registry).lint(text, "page.wiki")
    got = [(d.code, d.line, d.column) for d in result.diagnostics]
    assert got == [("unknown-parameter", 2, 10), ("unknown-template", 2, 18)]
    assert result.diagnostics[0].format().startswith("page.wiki:2:10: unknown-parameter ")


def test_aliases_and_named_positionals_are_known(registry: Registry) -> None:
    text = "{{rh|left=1|center=2|right=3}} {{rule|width=6em}} {{ol|a|2=b|start=3}}"
    assert Linter(registry).lint(text).ok


def test_alias_and_canonical_together_is_a_duplicate(registry: Registry) -> None:
    result = Linter(registry).lint("{{rule|6em|width=2em}}")
    assert [d.code for d in result.diagnostics] == ["duplicate-parameter"]


def test_ref_content_is_linted(registry: Registry) -> None:
    text = "Text.<ref>See {{nosuch}}.</ref>\n{{smallrefs}}"
    result = Linter(registry).lint(text)
    assert [(d.code, d.column) for d in result.diagnostics] == [("unknown-template", 15)]


def test_comments_and_nowiki_are_not_checked(registry: Registry) -> None:
    text = "<!-- {{nosuch}} <div> -->\n<nowiki>{{sc|a|b}} </span></nowiki>"
    assert Linter(registry).lint(text).ok


def test_traps_stop_quickly(trap_registry: Registry) -> None:
    linter = Linter(trap_registry)
    for page, code in (("{{Test loop}}", "template-loop"), ("{{Test deep 0}}", "depth-limit"),
                       ("{{Test double 0}}", "size-limit")):
        start = time.perf_counter()
        result = linter.lint(page)
        elapsed = time.perf_counter() - start
        assert code in {d.code for d in result.diagnostics}
        assert elapsed < 1.0, f"{page} took {elapsed:.2f}s"


def test_unclosed_markup_is_an_error_at_its_opening(registry: Registry) -> None:
    """An unclosed ``<!--`` hides the rest of the page; an unclosed ``<ref>``, ``<nowiki>`` or
    ``<pre>`` is printed as text (audit H6): an error where it opens, not 'lint clean'."""
    text = "line one\nThe dealer <ref>shall\n<nowiki>x\n  <pre>y\nthe end <!-- and the rest\nz"
    result = Linter(registry).lint(text, "page.wiki")
    got = [(d.code, d.line, d.column, d.severity) for d in result.diagnostics]
    assert got == [("unclosed-markup", 2, 12, "error"), ("unclosed-markup", 3, 1, "error"),
                   ("unclosed-markup", 4, 3, "error"), ("unclosed-markup", 5, 9, "error")]
    assert result.diagnostics[0].format().startswith("page.wiki:2:12: unclosed-markup <ref>")
    # closed ones, self-closing ones, and one inside a closed <ref> found at its place
    assert Linter(registry).lint("a<ref>b</ref> <!-- c --> <nowiki>d</nowiki> <ref name=x />"
                                 " <references/>").ok
    inner = Linter(registry).lint("a<ref>b <!-- c</ref>").diagnostics
    assert [(d.code, d.column) for d in inner] == [("unclosed-markup", 9)]


def test_cli_lint_fails_on_unclosed_comment(tmp_path: Path) -> None:
    from wstools.cli import main
    page = tmp_path / "p.wiki"
    page.write_text("Text.\nMore <!--\nhidden\n", encoding="utf-8")
    assert main(["lint", str(page)]) == 1


def test_proofread_lints_an_unclosed_comment(tmp_path: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    """A validated page is kept as it is, but its unclosed ``<!--`` is a lint error."""
    from wstools.cli import main
    page = tmp_path / "p.wiki"
    page.write_text('<noinclude><pagequality level="3" user="X" /></noinclude>'
                    "First paragraph.\n\nSecond <!-- paragraph.\n\nThird paragraph.",
                    encoding="utf-8")
    assert main(["proofread", str(page), "-o", str(tmp_path / "o.wiki")]) == 1
    err = capsys.readouterr().err
    assert "(body):3:8: unclosed-markup '<!--'" in err and "lint errors" in err
