"""Nothing executable survives rendering: known XSS vectors (tests/cases/xss-vectors.json),
each rendered to a fragment and to a standalone page, and checked through lxml."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import lxml.html
import pytest

from wstools.wikitext.html import HtmlRenderer, page_css, standalone_page
from wstools.wikitext.sanitize import normalise_css

from .conftest import CASES

VECTORS = json.loads((CASES / "xss-vectors.json").read_text(encoding="utf-8"))
FORBIDDEN_ELEMENTS = {"script", "style", "iframe", "object", "embed", "applet", "base",
                      "form", "input", "button", "img", "svg", "math", "video", "audio",
                      "source", "frame", "frameset", "details", "marquee", "noscript", "xml",
                      "template", "textarea", "select"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "background", "poster", "data",
                  "cite", "xlink:href", "srcdoc", "codebase"}
BAD_SCHEME = re.compile(r"^(?:javascript|data|vbscript|livescript):", re.I)
BAD_CSS = re.compile(r"expression|url\s*\(|behavior\s*:|-moz-binding|javascript|vbscript|"
                     r"@import|image-set|-o-link", re.I)


def test_at_least_sixty_vectors() -> None:
    assert len(VECTORS) >= 60


PAGE_CSS = page_css()


def assert_safe(markup: str, page: bool = False) -> None:
    tree = lxml.html.document_fromstring(markup) if page else lxml.html.fragment_fromstring(
        markup, create_parent="div")
    if page:  # the page's own stylesheet, in its head, and no other
        styles = list(tree.iter("style"))
        assert len(styles) == 1 and styles[0].getparent().tag == "head"
        assert styles[0].text.strip() == PAGE_CSS and PAGE_CSS
        assert not BAD_CSS.search(normalise_css(PAGE_CSS))
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        tag = element.tag.lower()
        if page and tag in ("html", "head", "body", "meta", "title", "style"):
            if tag == "style":
                assert element.getparent().tag == "head"
            continue
        assert tag not in FORBIDDEN_ELEMENTS, f"<{tag}> survived"
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), f"{name}= survived on <{tag}>"
            if name.lower() in URL_ATTRIBUTES:
                decoded = re.sub(r"[\x00-\x20]+", "", html.unescape(value))
                assert not BAD_SCHEME.match(decoded), f"{name}={value!r} survived"
            if name.lower() == "style":  # as a browser reads it: escapes and entities decoded
                assert not BAD_CSS.search(normalise_css(value)), f"style={value!r} survived"


@pytest.mark.parametrize("vector", VECTORS)
def test_vector_is_neutralised(vector: str, registry) -> None:
    fragment = HtmlRenderer(registry).render(vector).html
    assert_safe(fragment)
    assert_safe(standalone_page(fragment, "t"), page=True)


ATTACK_XSS = Path(__file__).resolve().parents[2] / "shared" / "attack" / "xss"


def _attack_vectors() -> list[str]:
    """The shared attack set's vectors (one a line; ``\\n`` is a newline in the wikitext
    ones), when it is there."""
    vectors = []
    for path in sorted(ATTACK_XSS.glob("*.txt")) if ATTACK_XSS.is_dir() else []:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.strip():
                vectors.append(line.replace("\\n", "\n") if "wikitext" in path.name
                               else line)
    return vectors


def test_attack_set_vectors_are_neutralised(registry) -> None:
    vectors = _attack_vectors()
    if not vectors:
        pytest.skip("no shared attack set here")
    for vector in vectors:
        fragment = HtmlRenderer(registry).render(vector).html
        assert_safe(fragment)
        assert_safe(standalone_page(fragment, "t"), page=True)
        if fragment.strip():  # nothing that loads or redirects from a fragment
            tree = lxml.html.fragment_fromstring(fragment, create_parent="div")
            assert not tree.xpath("//link|//meta|//base|//title"), (vector, fragment)


@pytest.mark.parametrize("markup", [
    '<img src=x onerror=alert(1)>', '<a href="jav&#x09;ascript:x">x</a>',
    '<span style="x:\\65 xpression(1)">x</span>', '<span style="behavior:url(x)">a</span>',
    '<p title="x" onclick="y">a</p>', '<div style="-moz-binding:url(x)">a</div>'])
def test_the_check_catches_unsafe_markup(markup: str) -> None:
    with pytest.raises(AssertionError):
        assert_safe(markup)


def test_escaped_tags_stay_visible(registry) -> None:
    """MediaWiki shows a disallowed tag as text, so the proofreader sees it."""
    fragment = HtmlRenderer(registry).render("a <script>alert(1)</script> b").html
    text = lxml.html.fragment_fromstring(fragment, create_parent="div").text_content()
    assert "<script>alert(1)</script>" in text


def test_clean_tree_is_the_last_gate() -> None:
    """Even HTML that bypassed the wikitext sanitizer is cleaned by the final tree pass."""
    from wstools.wikitext.html import tidy

    out = tidy('<p onclick="x">a<script>b</script><a href="javascript:x" style="behavior:url(y)">'
               "c</a><iframe></iframe></p>")
    assert_safe(out)
    assert "b" not in lxml.html.fragment_fromstring(out, create_parent="div").text_content()


def test_the_gate_keeps_only_harmless_link_types() -> None:
    """Whatever produced them, no link, meta, base or style element and no rel that loads
    something (stylesheet, preload, prefetch, icon, import, dns-prefetch) leaves tidy."""
    from wstools.wikitext.html import tidy

    out = tidy('<link rel=stylesheet href="//e.example/x.css"><meta http-equiv=refresh '
               'content="0;url=//e.example"><base href="//e.example/"><style>p{}</style>'
               '<a rel="stylesheet preload prefetch icon import dns-prefetch nofollow" '
               'href="/wiki/X">x</a><a rel="preload" href="/wiki/Y">y</a>')
    assert out == '<p><a rel="nofollow" href="/wiki/X">x</a><a href="/wiki/Y">y</a></p>'
