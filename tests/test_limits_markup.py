"""Limits as MediaWiki has them, on the paths a hostile page takes: a text with more marks
than the node-count limit is not parsed, expanded, rendered or linted (4 MB of pipes took
1.4 GB); a page over MediaWiki's page size is left as it is; each in bounded time."""

from __future__ import annotations

import time

import pytest

from wstools import expand, lint, to_text
from wstools.page import read_page
from wstools.proofread import MAX_PAGE_BYTES, proofread_page
from wstools.wikitext.html import to_html
from wstools.wikitext.markup import clean_text_nodes, is_formatted

PIPES = "{{rh" + "|" * 1_000_001 + "}}"


@pytest.mark.parametrize("job", ["expand", "to_text", "lint", "html", "clean", "formatted"])
def test_over_the_node_count_limit_is_left_as_it_is(job: str) -> None:
    started = time.process_time()
    if job == "expand":
        result = expand(PIPES)
        assert result.text == PIPES and result.diagnostics[0].code == "size-limit"
    elif job == "to_text":
        plain = to_text(PIPES)
        assert plain.text == PIPES and plain.diagnostics[0].code == "size-limit"
    elif job == "lint":
        assert [d.code for d in lint(PIPES).diagnostics] == ["size-limit"]
    elif job == "html":
        assert to_html(PIPES).count("|") == 1_000_001
    elif job == "clean":
        assert clean_text_nodes(PIPES, ("whitespace",)).text == PIPES
    else:
        assert is_formatted(PIPES)
    assert time.process_time() - started < 5.0


def test_a_page_over_mediawikis_size_is_left_as_it_is() -> None:
    body = "53. After the dealer has dealt ; the deal stands. " * (MAX_PAGE_BYTES // 50 + 10)
    page = read_page(body)
    started = time.process_time()
    result = proofread_page(page)
    assert time.process_time() - started < 5.0
    assert result.page is page and result.edits == []
    assert [d.code for d in result.diagnostics] == ["size-limit"]
