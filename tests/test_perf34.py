"""perf34: each stage once a page (issue 23), with the answers of the plain path."""

from __future__ import annotations

import pytest

import wstools.page_model as page_model
import wstools.proofread as proofread_module
from wstools.page import read_page
from wstools.proofread import proofread_page

PAGE = """CUTTING.

1. The dealer must present the pack to the player on his right, who shall cut it.

2. If in cutting a card be exposed, the pack must be cut again.

(a) A cut must leave not fewer than four cards in each packet.

(b) Should the dealer shuffle after the cut, the pack must be cut again.
"""


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    plain = page_model.read_blocks

    def read_blocks(text: str, *args: object, **kwargs: object) -> list[page_model.Block]:
        calls.append(text)
        return plain(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(page_model, "read_blocks", read_blocks)
    monkeypatch.setattr(proofread_module, "read_blocks", read_blocks)
    return calls


def test_a_page_in_paragraphs_reads_its_blocks_once(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = proofread_page(read_page(PAGE))
    calls = _counted(monkeypatch)
    once = proofread_page(read_page(PAGE))
    assert plain.codes and len(calls) == 1
    assert once.page.wikitext() == plain.page.wikitext()
    assert once.edits == plain.edits


def test_blocks_given_are_the_blocks_read() -> None:
    text = "(a) One.\n\n(6) Two.\n\n(c) Three.\n\n()} Four.\n\n(e) Five."
    read = page_model.read_blocks(text)
    assert page_model.label_repairs(text, (), read) == page_model.label_repairs(text)
    given = page_model.lay_out(PAGE, blocks=page_model.read_blocks(PAGE))
    assert given.body == page_model.lay_out(PAGE).body
