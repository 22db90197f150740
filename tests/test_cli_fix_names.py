"""One name per cleanup fix (issue 23): the name given to ``--fixes`` is the rule its edits
carry in ``--explain``; the old option names are still accepted; the help lists them."""

from __future__ import annotations

import re

import pytest

from wstools.cli import main
from wstools.cli.common import FIX_NAMES_HELP
from wstools.text.pipeline import ALIASES, DEFAULT_FIXES, FIXES, Options, clean, default_fixes

SAMPLES = {  # a text each fix changes
    "line-end": "a\r\nb",
    "page-mark": "It is paid. {242}\nNext",
    "hyphen-join": "a card de-\ntached",
    "ligature": "\ufb01ne",
    "dash": "a--b",
    "footnote-mark": "who is to deal.[49] If",
    "whitespace": "a  \nb",
    "etc": "cards, Ac., and",
    "long-s": "\u017fuch",
    "unwrap": "A long line of text that runs on\nto the next line of the same paragraph\nand on.",
}


def test_the_help_lists_every_name() -> None:
    listed = FIX_NAMES_HELP.split("fixes: ", 1)[1].split(" (", 1)[0].split(", ")
    assert listed == list(FIXES)
    for old in ALIASES:
        assert re.search(rf"\b{re.escape(old)}\b", FIX_NAMES_HELP)
    assert set(ALIASES.values()) <= set(FIXES) and not set(ALIASES) & set(FIXES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_fix_edits_under_its_own_name(name: str) -> None:
    from wstools.text.vocabulary import Vocabulary
    options = Options(vocabulary=Vocabulary.from_texts(["detached"]))
    edits = clean(SAMPLES[name], [name], options).edits
    assert edits and {e.rule for e in edits} == {name}
    old = next((a for a, b in ALIASES.items() if b == name), None)
    if old:  # the old name: the same fix, the same edits
        assert clean(SAMPLES[name], [old], options).edits == edits


def test_old_names_are_accepted(capsys: pytest.CaptureFixture, tmp_path) -> None:  # noqa: ANN001
    assert default_fixes("-dashes,-hyphens") == [
        f for f in DEFAULT_FIXES if f not in ("dash", "hyphen-join", "boilerplate")]
    page = tmp_path / "p.txt"
    page.write_text("A fine--word.\n", encoding="utf-8")
    assert main(["clean", str(page), "--fixes", "dashes", "--explain"]) == 0
    assert ":1:7: dash '--' -> '—'" in capsys.readouterr().err
    assert main(["clean", str(page), "--fixes", "dash", "--explain"]) == 0
    assert ":1:7: dash '--' -> '—'" in capsys.readouterr().err
    assert main(["clean", str(page), "--fixes", "bogus"]) == 2
    assert capsys.readouterr().err.startswith("usage-error unknown fix 'bogus'; known: line-end")


def test_clean_help_lists_the_names(capsys: pytest.CaptureFixture) -> None:
    for command in ("clean", "proofread"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
        assert "hyphen-join, space-before-punctuation" in out and "hyphens" in out, command
