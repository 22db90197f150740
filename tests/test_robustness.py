"""Bad input never raises: hypothesis-generated wikitext gives a result or a diagnostic."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wstools.wikitext.expand import Expander
from wstools.wikitext.plain import TextRenderer
from wstools.wikitext.preprocess import parse, to_source
from wstools.wikitext.registry import Registry
from wstools.wikitext.validate import Linter

from .conftest import registry_with_traps

REGISTRY = registry_with_traps()

PIECES = ["{{", "}}", "{{{", "}}}", "[[", "]]", "|", "=", "\n", "==", "<!--", "-->", "<ref>",
          "</ref>", "<nowiki>", "</nowiki>", "<noinclude>", "</noinclude>", "<includeonly>",
          "<onlyinclude>", "</onlyinclude>", "<div>", "</div>", "<span>", "{|", "|}", "|-",
          "sc", "rh", "ol", "c", "TOC begin", "TOC row 2-1", "#if:", "#switch:", "#expr:",
          "#invoke:", "1", "2", "x", " ", "'''", "''", "*", "#", ":", "&amp;", "&#", "\x00",
          "\ufffd", "ſ", "Test loop", "Test double 0", "#ifexpr:", "PAGENAME", "!", "lc:"]

wikitext = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=5)),
                    max_size=60).map("".join)
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(wikitext)
def test_preprocessor_round_trips(text: str) -> None:
    assert to_source(parse(text)) == text
    assert to_source(parse(text, for_inclusion=True)) == text


@SETTINGS
@given(wikitext)
def test_expand_lint_and_text_never_raise(text: str) -> None:
    Expander(REGISTRY, "Page:X.djvu/3").expand(text)
    Linter(REGISTRY, "Page:X.djvu/3").lint(text)
    TextRenderer(REGISTRY, "Page:X.djvu/3").render(text)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=50, max_value=400), st.sampled_from(["{{sc|", "{{#if:1|", "[[",
                                                                   "{{{1|", "<div>"]))
def test_deep_nesting(depth: int, opener: str) -> None:
    text = opener * depth + "x" + ("}}" if "{" in opener else "") * depth
    Expander(REGISTRY).expand(text)
    Linter(REGISTRY).lint(text)


def test_huge_parameter_and_binary_junk() -> None:
    big = "{{sc|" + "a" * 2_000_000 + "}}"
    assert len(Expander(REGISTRY).expand(big).text) > 2_000_000
    junk = "".join(chr(c) for c in range(0, 0x3000, 7))
    Linter(REGISTRY).lint(junk + "{{" + junk)
    TextRenderer(REGISTRY).render(junk)


def test_unbalanced_everything_is_reported() -> None:
    result = Linter(Registry.from_directory()).lint("{{sc|[[a|{{{1|<div>\n{|")
    codes = {d.code for d in result.diagnostics}
    assert {"unbalanced-braces", "unbalanced-brackets", "unbalanced-table",
            "unclosed-tag"} <= codes
