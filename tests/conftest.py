"""Shared fixtures: the project's template registry, and one with test-only templates."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.repair.repair import Repairer
from wstools.wikitext.registry import Registry

# A test run started in the background of a shell without job control (`cmd &`) has SIGINT
# ignored, and every process it starts inherits that: the tests that interrupt a run with
# Ctrl-C's SIGINT would see it ignored. A handled signal is reset to its default in a child.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases"
TEMPLATES = ROOT / "wstools" / "data" / "templates"
PAGE_TITLE = "Page:The American Cyclopædia (1879) Volume XVI.djvu/624"


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry.from_directory(TEMPLATES)


def registry_with_traps() -> Registry:
    """The project's templates plus a self-transcluding template, a chain 45 templates
    deep, and one that doubles its output 40 levels deep."""
    reg = Registry.from_directory(TEMPLATES)
    reg.add("Template:Test loop", "before {{Test loop}} after")
    for k in range(45):
        reg.add(f"Template:Test deep {k}", f"<{k}>{{{{Test deep {k + 1}}}}}")
    for k in range(40):
        call = "{{Test double " + str(k + 1) + "|{{{1|x}}}}}"
        reg.add(f"Template:Test double {k}", call + call)
    reg.add("Template:Test double 40", "{{{1|x}}}" * 4)
    return reg


@pytest.fixture(scope="session")
def trap_registry() -> Registry:
    return registry_with_traps()


def require_lab() -> None:
    """Skip when a lab MediaWiki cannot be started here, unless $WSTOOLS_REQUIRE_MEDIAWIKI
    is set (CI): then fail."""
    import os

    from tests.support.oracle import lab_available

    reason = lab_available()
    if reason is not None:
        if os.environ.get("WSTOOLS_REQUIRE_MEDIAWIKI"):
            pytest.fail(reason)
        pytest.skip(f"mediawiki tier: {reason}")


@pytest.fixture(scope="session")
def lab_wiki(tmp_path_factory):
    """A real MediaWiki holding the fidelity pages: the one named by $WSTOOLS_MW_API (as
    .ci/run starts it), else a lab wiki started here and stopped at the end. Skips when
    MediaWiki is not installed, unless $WSTOOLS_REQUIRE_MEDIAWIKI is set (CI): then it
    fails."""
    import os

    from tests.support.fidelity import wiki_pages
    from tests.support.oracle import LabWiki, MediaWikiAPI

    if os.environ.get("WSTOOLS_MW_API"):
        api = MediaWikiAPI(os.environ["WSTOOLS_MW_API"])
        if not api.alive():
            pytest.fail(f"WSTOOLS_MW_API={api.url} does not answer")
        if os.environ.get("WSTOOLS_MW_DIR") and os.environ.get("WSTOOLS_MW_PORT"):
            lab = LabWiki(os.environ["WSTOOLS_MW_DIR"], int(os.environ["WSTOOLS_MW_PORT"]))
            lab.import_pages(wiki_pages())
        yield api
        return
    require_lab()
    lab = LabWiki(tmp_path_factory.mktemp("mediawiki"))
    api = lab.start()
    try:
        lab.import_pages(wiki_pages())
        yield api
    finally:
        lab.stop()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``wstools ARGS`` in-process: the exit code, standard output and standard error."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="session")
def repairer() -> Repairer:
    """The repairer with the package's own corpus, loaded once for the whole run."""
    return Repairer.load()
