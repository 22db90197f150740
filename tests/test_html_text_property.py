"""The HTML renderer keeps every character of text (issue 17, "do no harm").

A ``<`` that opens no whitelisted tag, a ``>`` and a bare ``&`` are text, as MediaWiki's
Sanitizer treats them: the plain text of the rendered HTML is the input's, whitespace
aside. Also: the crash repros of the attack set give output, the sanitizer lets no
page-level element (``link``, ``meta``, ``base``, ``style``) through, and hostile lines
render in linear time.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

import lxml.html
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wstools.wikitext.html import HtmlRenderer, to_html
from wstools.wikitext.preprocess import EXTENSION_TAGS
from wstools.wikitext.registry import Registry
from wstools.wikitext.sanitize import WIKITEXT_TAGS, sanitize_tags

REGISTRY = Registry()
# letters that start no whitelisted tag name (so "<" + letter is never a tag), others
SAFE_LETTERS = "gjnxyzGJNXYZéжωß"
TEXT_CHARS = "<>&/\" \n.,"
_TAG = re.compile(r"</?(?:" + "|".join(sorted(WIKITEXT_TAGS, key=len, reverse=True))
                  + r")(?=[\s/>])[^<>]*>", re.I)
# tags the preprocessor reads (<nowiki>, <ref>, <onlyinclude>…): markup, not text
_PREPROCESSOR_TAG = re.compile(r"</?(?:" + "|".join(sorted(
    EXTENSION_TAGS | {"noinclude", "includeonly", "onlyinclude"}, key=len, reverse=True))
    + r")(?![A-Za-z0-9])", re.I)


def _plain(rendered: str) -> str:
    if not rendered.strip():
        return ""
    return " ".join(lxml.html.fragment_fromstring(rendered, create_parent="div")
                    .text_content().split())


def _render(text: str) -> str:
    return HtmlRenderer(REGISTRY).render(text).html


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=SAFE_LETTERS + TEXT_CHARS, max_size=120))
def test_text_with_angle_brackets_and_ampersands_is_kept(text: str) -> None:
    assert _plain(_render(text)) == " ".join(text.split())


@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.text(alphabet=st.sampled_from(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" + TEXT_CHARS), max_size=120))
def test_any_letters_kept_unless_they_make_a_whitelisted_tag(text: str) -> None:
    assume(not _TAG.search(text) and not _PREPROCESSOR_TAG.search(text))
    assert _plain(_render(text)) == " ".join(text.split())


TOKENS = ["<", ">", "&", "<b", "<p", "<div", "<br", "</", "</b", "<b/", "<link", "<style",
          "<script", "<meta", "<base", "<x", "<ref", "<!", "&amp", "&not", "&#", "&#x", "=",
          "word", "Dealer", "y z", " ", "  ", "\n", "\n\n", "'", ".", "\"", "/"]


@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(st.sampled_from(TOKENS), max_size=40).map("".join))
def test_tag_like_pieces_kept_unless_they_make_a_tag(text: str) -> None:
    assume(not _TAG.search(text) and not _PREPROCESSOR_TAG.search(text)
           and not re.search(r"(^|\n)=|''", text))
    assert _plain(_render(text)) == " ".join(text.split())


@pytest.mark.parametrize("text", [
    "If x <y the deal is lost.\n",
    "a <b c\n\nnext <p para\n",
    "x < y > z & w &notx &amp\n",
    "<div\nsecond line\n",
    "<link rel=stylesheet href=x\n",
    "</b the end\n",
    "<b\x0cx\n",
])
def test_examples_keep_their_text(text: str) -> None:
    rendered = _render(text)
    assert _plain(rendered) == " ".join(text.replace("\x0c", " ").split()), rendered


@pytest.mark.parametrize(("text", "shown"), [
    ("&#0; &#x1b; &#xD800; &#1114112; &bogus; &notx", "&#0; &#x1b; &#xD800; &#1114112; &bogus; "
                                                      "&notx"),
    ("&#" + "1" * 5000 + ";", "&#" + "1" * 5000 + ";"),
    ("&lt;b&gt; &amp; &hellip; &#65;&#x42; &NotEqualTilde;", "<b> & \u2026 AB \u2242\u0338"),
])
def test_character_references(text: str, shown: str) -> None:
    """Complete references to valid characters are decoded, anything else is text
    (MediaWiki's normalizeCharReferences)."""
    assert _plain(_render(text)) == shown


def test_lone_angle_bracket_makes_one_paragraph() -> None:
    assert _render("If x <y the deal is lost.\n") == "<p>If x &lt;y the deal is lost.\n</p>"


def test_tags_still_work() -> None:
    out = _render("a <b>bold</b> <span style=\"color:red\" onclick=x>s</span> <y\n")
    assert out == '<p>a <b>bold</b> <span style="color:red">s</span> &lt;y\n</p>'


@pytest.mark.parametrize("text", ["<P\n{{}}\n", "\x1b<DIV\n", "<P\x0c{\n", "<p {{}}>x</p>",
                                  "<span aria-{x}=1 data-{y}=2>z</span>", "a\x00b\x0cc\x1bd"])
def test_crash_repros_render(text: str) -> None:
    out = _render(text)
    assert out.startswith("<p>")
    lxml.html.fragment_fromstring(out, create_parent="div")


@pytest.mark.parametrize("text", ["<P\n{{}}\n", "\x1b<DIV\n", "<P\x0c{\n"])
def test_crash_repros_cli(text: str) -> None:
    done = subprocess.run([sys.executable, "-m", "wstools.cli", "expand", "-", "--to", "html"],
                          input=text.encode(), capture_output=True, timeout=60, check=False)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 0 and done.stdout.startswith(b"<p>")


@pytest.mark.parametrize("text", [
    '<link rel=stylesheet href="//evil.example/x.css" x=&lt;\n',
    '<link rel=stylesheet href="//evil.example/x.css">\n',
    '<link rel="preload prefetch icon import dns-prefetch" href="//e.example/">\n',
    '<link itemprop="url" href="//e.example/">\n',
    '<meta http-equiv="refresh" content="0;url=//e.example/">\n',
    '<meta itemprop="x" content="y">\n',
    '<base href="//e.example/">\n',
    "<style>body{background:red}</style>\n",
    "<style\n",
])
def test_no_page_level_elements_from_text(text: str) -> None:
    out = _render(text)
    tree = lxml.html.fragment_fromstring(out, create_parent="div")
    assert not tree.xpath("//link|//meta|//base|//style"), out
    assert not re.search(r"<(link|meta|base|style)\b", out, re.I), out


@pytest.mark.parametrize("text", [
    "<b" + "a" * 64_000 + "\n",
    "a." * 32_000 + "\n",
    "<b a=" * 12_800 + "\n",
    "x <y " * 13_000 + "\n",
    '<span style="attr(' + " " * 64_000 + '">x</span>\n',
    '<span style="' + "attr(" * 13_000 + '">x</span>\n',
])
def test_hostile_lines_render_fast(text: str) -> None:
    start = time.process_time()
    sanitize_tags(text)
    assert time.process_time() - start < 0.5
    start = time.process_time()
    to_html(text, REGISTRY)
    assert time.process_time() - start < 2.0


@pytest.mark.parametrize("opening", ["<div>", "<span>", "<b>", "<ul><li>", "<table><tr><td>",
                                     "<div><b><i>", "<dd>", "<dt>", "<dl><dt>", "<caption>",
                                     "<table><caption>", "<li><p>", "<tr>", "<td>", "<p>",
                                     "<blockquote>", "<center>", "<ol><li><span>"])
def test_deep_nesting_keeps_the_text(opening: str) -> None:
    """libxml2 drops what is nested deeper than 256 elements: tags that deep are left out,
    the text stays, and the output parses with lxml's defaults."""
    rendered = _render(opening * 3000 + "end of text\n")
    assert rendered
    assert _plain(rendered) == "end of text"
    tree = lxml.html.fragment_fromstring(rendered, create_parent="div")
    assert max(len(list(e.iterancestors())) for e in tree.iter()) < 256


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["[", "]", "http://", "//", "mailto:", "a", "b.c", " ", "\u00a0",
                                 "\n", "\x01", "\ufffd", "<", "x y", "["]), max_size=30)
       .map("".join))
def test_external_links_found_as_mediawiki_regex_finds_them(text: str) -> None:
    """The linear two-step search finds what MediaWiki's bracketed-link regex finds."""
    from wstools.wikitext.html import _EXT_LINK

    found: list[tuple[str, str]] = []
    renderer = HtmlRenderer(REGISTRY)
    renderer._reset()
    out = renderer._external_links(text)
    expected = _EXT_LINK.sub(lambda m: found.append(m.group(1, 2)) or "\x00LINK\x00", text)
    links = re.findall(r'<a rel="nofollow" class="[^"]*" href="[^"]*">.*?</a>', out, re.S)
    assert len(links) == len(found)
    for link in links:
        out = out.replace(link, "\x00LINK\x00", 1)
    assert out == expected


def test_unclosed_external_link_is_fast() -> None:
    for text in ["[http://" + "a" * 64_000, "[http://a" * 7_000, "[http://a x" * 6_000 + "\n"]:
        start = time.process_time()
        _render(text)
        assert time.process_time() - start < 2.0
