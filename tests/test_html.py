"""HTML rendering: well-formed output, the CLI, and behaviours worth pinning down."""

from __future__ import annotations

import lxml.html
from lxml import etree

from tests.support.fidelity import load_cases
from wstools.cli import main
from wstools.wikitext.html import HtmlRenderer, block_levels, standalone_page

from .conftest import ROOT


def test_every_page_is_well_formed(registry) -> None:
    for case in load_cases():
        fragment = HtmlRenderer(registry, case.title).render(case.input).html
        etree.fromstring(f"<div>{fragment}</div>")  # raises if not well-formed XML
        etree.fromstring(standalone_page(fragment, "t").encode())


def test_cli_html_fragment_and_page(tmp_path, capsys) -> None:
    assert main(["expand", str(ROOT / "examples" / "laws-of-whist.wiki"), "--to", "html"]) == 0
    fragment = capsys.readouterr().out
    root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    assert len(root.findall(".//ol/li")) == 39
    out = tmp_path / "page.html"
    assert main(["expand", str(ROOT / "examples" / "laws-of-whist.wiki"), "--to", "html",
                 "--standalone", "-o", str(out)]) == 0
    page = lxml.html.document_fromstring(out.read_text(encoding="utf-8"))
    css = (ROOT / "wstools" / "data" / "templates" / "wstools.css").read_text("utf-8")
    assert page.find(".//link") is None  # nothing outside the page: it can be copied anywhere
    assert [s.text.strip() for s in page.iter("style")] == [css.strip()]


def test_standalone_page_embeds_its_stylesheet(tmp_path) -> None:
    """The page keeps its styles away from the install (no file:// link into it); the
    templates' own wstools.css of --templates DIR is the one embedded; --stylesheet HREF
    links instead, on purpose."""
    for args in (["--stylesheet", "site.css"], []):
        out = tmp_path / "p.html"
        assert main(["expand", str(ROOT / "examples" / "laws-of-whist.wiki"), "--to", "html",
                     "--standalone", "-o", str(out), *args]) == 0
        text = out.read_text(encoding="utf-8")
        assert "file:" not in text and str(ROOT) not in text
        page = lxml.html.document_fromstring(text)
        if args:
            assert [link.get("href") for link in page.iter("link")] == ["site.css"]
            assert not list(page.iter("style"))
        else:
            assert not list(page.iter("link")) and len(list(page.iter("style"))) == 1
    own = tmp_path / "templates"
    own.mkdir()
    for f in (ROOT / "wstools" / "data" / "templates").glob("*.wiki"):
        (own / f.name).write_bytes(f.read_bytes())
    (own / "wstools.css").write_text(".mine { color: teal; } /* </style> */\n", "utf-8")
    out = tmp_path / "own.html"
    assert main(["expand", str(ROOT / "examples" / "laws-of-whist.wiki"), "--to", "html",
                 "--standalone", "--templates", str(own), "-o", str(out)]) == 0
    page = lxml.html.document_fromstring(out.read_text(encoding="utf-8"))
    styles = [s.text for s in page.iter("style")]
    assert len(styles) == 1 and ".mine { color: teal; }" in styles[0]
    assert "<\\/style>" in styles[0]  # it could not close the element early
    assert page.find(".//body//li") is not None


def test_cli_bad_input(tmp_path, capsys) -> None:
    binary = tmp_path / "x.wiki"
    binary.write_bytes(b"abc\x00def")
    assert main(["expand", str(binary), "--to", "html"]) == 2
    err = capsys.readouterr().err
    assert f"{binary}:1:4:" in err and "Traceback" not in err


def test_article_path_and_missing_pages(registry) -> None:
    renderer = HtmlRenderer(registry, "Page:X.djvu/1", article_path="/w/$1",
                            link_exists=lambda t: t == "Exists")
    out = renderer.render("[[Exists|a]] [[Missing page]] [[Page:X.djvu/1|self]]").html
    assert 'href="/w/Exists"' in out
    assert 'class="new"' in out and "Missing_page&amp;action=edit" in out
    assert 'class="mw-selflink selflink"' in out


def test_refs_numbered_per_group_and_reused(registry) -> None:
    out = HtmlRenderer(registry).render(
        'a<ref name="n">N</ref> b<ref name="n"/> c<ref group="g">G</ref>'
        '<references group="g"/><references/>').html
    root = lxml.html.fragment_fromstring(out, create_parent="div")
    labels = [s.text_content() for s in root.findall(".//sup[@class='reference']")]
    assert labels == ["[1]", "[1]", "[g 1]"]
    backlinks = root.findall(".//span[@class='mw-cite-backlink']")
    assert [b.text_content() for b in backlinks] == ["↑", "↑ 1.0 1.1"]


def test_block_levels_pre_and_lists() -> None:
    assert block_levels(" code\n text") == "<pre>code\ntext\n</pre>"
    assert block_levels("; term : def") == "<dl><dt>term</dt>\n<dd>def</dd></dl>"
