"""Opt-in line fixes on formatted wikitext (a new-user audit): ``--fixes unwrap`` and
``paragraph-lines`` on a validated page keep every line break next to markup (a template,
a table, a tag on its own line), so the rendered page has the same paragraphs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.wikitext.html import HtmlRenderer
from wstools.wikitext.markup import clean_text_nodes
from wstools.wikitext.registry import Registry

from .conftest import ROOT

EB1911 = sorted((ROOT.parent / "shared" / "real" / "pages" / "eb1911").glob("*.wiki"))


def _normal(html: str) -> str:
    """The HTML as a browser lays it out: a line break in running text is a space."""
    return re.sub(r"\s+", " ", html).replace(" </p>", "</p>").strip()


def test_a_break_next_to_markup_is_kept() -> None:
    text = ("|}\n{{EB1911 fine print/s}}\nThe text runs\non here.\n\n{{img float|file=x}}\n"
            "This line\nand this.\n<section end=\"s1\" />\nLast")
    got = clean_text_nodes(text, ["unwrap", "paragraph-lines"]).text
    assert "|}\n{{EB1911 fine print/s}}\nThe text runs on here." in got
    assert "\n\n{{img float|file=x}}\nThis line and this.\n<section end=\"s1\" />\nLast" in got
    # the running text between is still unwrapped, italics and all
    text = "{{x}}\nThe text of the page\nruns on with ''some'' words\nto the end of it.\n{{y}}"
    assert clean_text_nodes(text, ["unwrap"]).text == (
        "{{x}}\nThe text of the page runs on with ''some'' words to the end of it.\n{{y}}")


@pytest.mark.skipif(not EB1911, reason="no real EB1911 pages in /work/shared")
def test_eb1911_pages_keep_their_paragraphs(tmp_path: Path) -> None:
    renderer = HtmlRenderer(Registry.from_directory())
    joined = 0
    for page in EB1911:
        out = tmp_path / page.name
        main(["proofread", str(page), "--fixes", "unwrap,paragraph-lines", "-o", str(out)])
        before = renderer.render(page.read_text(encoding="utf-8")).html
        after = renderer.render(out.read_text(encoding="utf-8")).html
        assert before.count("<p>") == after.count("<p>"), page.name
        assert _normal(before) == _normal(after), page.name
        joined += out.read_text(encoding="utf-8") != page.read_text(encoding="utf-8")
    assert joined  # the fixes still unwrap the running text of some pages
