"""The Python API refuses what it cannot read, with a message that says what was given,
instead of failing deep inside (or silently reading a string a letter at a time)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wstools
from wstools.laws.model import Code

PAGE = "600 WHIST\n\n12. If a player lead out of turn , the card may be called.\n"


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: wstools.proofread_book(PAGE), TypeError, "not a str: write [text]"),
    (lambda: wstools.proofread_book([PAGE, PAGE], titles=["Page:B.djvu/1"]), ValueError,
     "1 given for 2 pages"),
    (lambda: wstools.proofread_book([PAGE, b"x"]), TypeError, "not bytes"),
    (lambda: wstools.clean("a b", fixes="dash"), TypeError, "write ('dash',)"),
    (lambda: wstools.proofread_text(PAGE, fixes="dash"), TypeError, "write ('dash',)"),
    (lambda: wstools.proofread_text(PAGE, fixes=("bogus",)), ValueError, "unknown fix 'bogus'"),
    (lambda: wstools.proofread_text(Path("page.txt")), TypeError, "read the file first"),
    (lambda: wstools.proofread_text(b"600 WHIST"), TypeError, "decode it first"),
    (lambda: wstools.proofread_text(None), TypeError, "not NoneType"),
    (lambda: wstools.proofread_text(PAGE, level=7), ValueError, "level must be 0 to 4"),
    (lambda: wstools.repair_text(b"tbe"), TypeError, "not bytes"),
    (lambda: wstools.parse_laws(Path("laws.txt")), TypeError, "not PosixPath"),
    (lambda: wstools.export_laws("12. Two packs."), TypeError, "sequence of Code"),
    (lambda: wstools.expand("{{rh|1|A|2}}", registry="/no/such/folder"), ValueError,
     "does not exist"),
    (lambda: wstools.lint(None), TypeError, "not NoneType"),
])
def test_bad_argument_is_refused_clearly(call, error: type[Exception], message: str) -> None:  # noqa: ANN001
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_old_fix_names_are_still_accepted() -> None:
    assert wstools.clean("a man-\nner", fixes=["hyphens"]).text == "a manner"


def test_level_sets_the_level_and_never_lowers() -> None:
    assert wstools.proofread_text(PAGE, level=3).page.level == 3
    stored = ('<noinclude><pagequality level="4" user="X" /></noinclude>Text.'
              "<noinclude></noinclude>")
    assert wstools.proofread_text(stored, level=1).page.level == 4
    pages = wstools.proofread_book([PAGE, "WHIST 601\n\n13. The trick stands.\n"], level=3)
    assert [p.page.level for p in pages] == [3, 3]


def test_registry_may_be_a_template_folder() -> None:
    folder = Path(wstools.__file__).parent / "data" / "templates"
    assert wstools.to_text("{{c|{{sc|Laws}}}}", registry=folder).text == "Laws"
    assert wstools.to_text("{{c|{{sc|Laws}}}}", registry=str(folder)).text == "Laws"


def test_export_laws_takes_parsed_codes() -> None:
    codes = wstools.parse_laws("12. Two packs are used.\n").codes
    assert all(isinstance(c, Code) for c in codes)
    assert "Two packs" in wstools.export_laws(codes, "text")


def test_dir_lists_the_public_calls_only() -> None:
    names = dir(wstools)
    assert "proofread_text" in names and "__version__" in names
    assert not {"Callable", "Path", "Sequence", "TYPE_CHECKING", "annotations",
                "lru_cache"} & set(names)
