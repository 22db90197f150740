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


def test_a_slot_reading_is_judged_by_place_not_identity() -> None:
    # (compiled with mypyc, a tuple read from a list is a new object: "f is not fits[0]"
    # held for the word itself, and no slot reading was ever made; 14 pages lost an edit)
    from wstools.repair.repair import Repairer, _Lazy
    found = Repairer.load()._slot_reading("te", "player", "deal", _Lazy(lambda: {}))
    assert found == ("to", 0.4, ("e", "o"), 0, 15)


def _setup_module() -> dict:
    import runpy
    from pathlib import Path
    return runpy.run_path(str(Path(__file__).resolve().parents[1] / "setup.py"),
                          run_name="wstools_setup")


def test_the_default_build_is_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path
    setup = _setup_module()
    monkeypatch.delenv("WSTOOLS_COMPILE", raising=False)
    assert setup["compiled_modules"]() == []
    root = Path(__file__).resolve().parents[1]
    assert all((root / path).is_file() for path in setup["COMPILED"])


def test_an_editable_install_is_never_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module()
    monkeypatch.setenv("WSTOOLS_COMPILE", "1")
    monkeypatch.setattr("sys.argv", ["setup.py", "editable_wheel"])
    assert setup["compiled_modules"]() == []
