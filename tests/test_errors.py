"""One error base class (issue 23): every error a user can cause is a WstoolsError, which
the command's top-level handler reports as one line, exit 2."""

from __future__ import annotations

import pytest

from wstools.cli import main
from wstools.corpus.store import CorpusError
from wstools.errors import InputError, WstoolsError
from wstools.io.dumps import DumpError
from wstools.io.output import OutputError
from wstools.page import PageFormatError
from wstools.wiki import WikiError
from wstools.wikitext.registry import TemplateDataError, TemplateFileError


@pytest.mark.parametrize("cls", [InputError, OutputError, CorpusError, DumpError,
                                 PageFormatError, TemplateDataError, TemplateFileError,
                                 WikiError])
def test_every_user_error_is_a_wstools_error(cls: type) -> None:
    assert issubclass(cls, WstoolsError)


@pytest.mark.parametrize("cls", [PageFormatError, TemplateDataError, TemplateFileError])
def test_value_errors_stay_value_errors(cls: type) -> None:
    """Callers that catch ValueError still catch them."""
    assert issubclass(cls, ValueError)


def test_each_formats_one_line() -> None:
    assert CorpusError("c.txt", 3, "bad").format() == "c.txt:3:1: corpus-error bad"
    assert CorpusError("c.txt", 3, "bad").file == "c.txt"
    assert WikiError("cannot reach the wiki").format() == "wstools wiki: cannot reach the wiki"
    dump = DumpError("d.xml", "not XML", line=4, column=2, offset=10)
    assert dump.format() == ("d.xml:4:2: input-error not XML (line 4, column 2; after 10 "
                             "bytes of XML; before the first page)")
    assert DumpError("d.xml", "empty").format().startswith("d.xml:1:1: input-error empty (")
    assert PageFormatError("level must be 0-4").format() == "level must be 0-4"
    assert TemplateDataError("Template:X: invalid").format() == "Template:X: invalid"


def test_the_command_reports_any_of_them_once(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """An error no command catches itself reaches the top-level handler: one line, exit 2,
    never 'internal error'."""
    from wstools.cli import expand

    for exc in (PageFormatError("the header may not contain </noinclude>"),
                WikiError("login failed"), CorpusError("c.txt", 2, "no '---' line")):
        def boom(args: object, exc: Exception = exc) -> int:
            raise exc
        monkeypatch.setattr(expand, "cmd_expand", boom)
        assert main(["expand", "-"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "internal error" not in err, err
        assert err.strip() == exc.format()  # type: ignore[attr-defined]


def test_a_dump_that_is_not_xml(tmp_path) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.xml"
    bad.write_text("this is not XML")
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "wstools", "proofread", "--dump", str(bad),
                           "-o", str(tmp_path / "out.xml")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{bad}:1:1: input-error ") and "before the first page" in last, \
        done.stderr
