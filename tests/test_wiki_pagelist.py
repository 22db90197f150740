"""The bot over an Index's ``<pagelist>`` on a wiki with ProofreadPage (issue 24).

The lab wiki has no ProofreadPage (Debian does not package it), so these tests start a lab
wiki of their own with wstools' test double of it loaded (``WSTOOLS_MW_PROOFREADPAGE=1``,
``tests/support/mediawiki/ProofreadPageLab``, see its README): ``meta=proofreadinfo``,
``prop=proofread``, ``list=proofreadpagesinindex`` and the ``<pagelist/>`` HTML that
``pywikibot.proofreadpage.IndexPage`` reads. Then the commands are run as a user runs them,
in subprocesses: ``wstools proofread --wiki --index … --range …`` (a dry run, a run
interrupted and run again with its log) and ``wstools wiki pull --index …``.

The Index numbers its scans differently from their positions (``1to4=roman 5=1``): scans
1-4 are pages i-iv, scan 5 is page 1. ``--range`` counts scans (``Page:NAME/N``)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .test_wiki_resume import _env, _pwb_dir, _revisions, _run, _setup

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"
BOOK = "Pagelist lab.djvu"
INDEX = f"Index:{BOOK}"
PAGELIST = "<pagelist from=1 to=7 1to4=roman 5=1 />"
# scan: level (7 is a blank scan, level 0: 'Without text')
LEVELS = {1: 1, 2: 3, 3: 4, 4: 1, 5: 1, 6: 3, 7: 0}


def _title(n: int, book: str = BOOK) -> str:
    return f"Page:{book}/{n}"


def _index_text(pagelist: str) -> str:
    return ("{{:MediaWiki:Proofreadpage_index_template\n|Title=The Laws of Whist\n"
            f"|Author=Cavendish\n|Pages={pagelist}\n}}}}")


def _ocr_page(n: int, level: int) -> str:
    """The example's OCR with its running head numbered for scan ``n``; a level-0 page is
    blank, as ProofreadPage has a scan without text."""
    ocr = EXAMPLE.read_text("utf-8").split("\n")[6]
    body = "" if level == 0 else ocr.replace("600 WHIST", f"{600 + n} WHIST")
    return (f'<noinclude><pagequality level="{level}" user="OCR" /></noinclude>'
            f"{body}<noinclude></noinclude>")


@pytest.fixture(scope="module")
def prp_wiki(tmp_path_factory):  # noqa: ANN201 - tests.support.oracle.MediaWikiAPI
    """A lab wiki of its own with the ProofreadPage test double (never the shared one of
    $WSTOOLS_MW_API, whose tests expect no ProofreadPage). Skips when MediaWiki is not
    installed, unless $WSTOOLS_REQUIRE_MEDIAWIKI is set (CI): then it fails."""
    from tests.support.oracle import LabWiki

    from .conftest import require_lab

    require_lab()
    lab = LabWiki(tmp_path_factory.mktemp("mediawiki-prp"))
    lab.env["WSTOOLS_MW_PROOFREADPAGE"] = "1"
    api = lab.start()
    try:
        yield api
    finally:
        lab.stop()


@pytest.fixture(scope="module")
def book(prp_wiki, tmp_path_factory) -> Path:  # noqa: ANN001
    """The Index and its seven Page: pages on the wiki; the pywikibot folder to use."""
    pwb = _pwb_dir(tmp_path_factory.mktemp("pagelist"), prp_wiki.url)
    pages: dict[str, str | None] = {INDEX: _index_text(PAGELIST)}
    pages.update({_title(n): _ocr_page(n, level) for n, level in LEVELS.items()})
    _setup(pwb, pages)
    return pwb


def _has_bs4() -> bool:
    try:
        import bs4  # noqa: F401
    except ImportError:
        return False
    return True


# -- the test double itself -----------------------------------------------------------------


@pytest.mark.mediawiki
def test_the_double_answers_as_proofreadpage(prp_wiki, book: Path) -> None:  # noqa: ANN001
    info = prp_wiki.call(action="query", meta="proofreadinfo|siteinfo", siprop="extensions")
    assert info["query"]["proofreadnamespaces"]["page"]["id"] == 104
    assert info["query"]["proofreadnamespaces"]["index"]["id"] == 106
    assert [q["category"] for q in info["query"]["proofreadqualitylevels"]] == [
        "Without text", "Not proofread", "Problematic", "Proofread", "Validated"]
    assert any(e["name"] == "ProofreadPage" for e in info["query"]["extensions"])

    listed = prp_wiki.call(action="query", list="proofreadpagesinindex", prppiititle=INDEX,
                           prop="proofread", titles="|".join(_title(n) for n in LEVELS))
    assert [(p["pageoffset"], p["title"]) for p in listed["query"]["proofreadpagesinindex"]] \
        == [(n, _title(n)) for n in range(1, 8)]
    quality = {p["title"]: p["proofread"]["quality"] for p in listed["query"]["pages"]}
    assert quality == {_title(n): level for n, level in LEVELS.items()}

    html = prp_wiki.call(action="parse", page=INDEX, prop="text")["parse"]["text"]
    for n, label in zip(range(1, 8), ["i", "ii", "iii", "iv", "1", "2", "3"], strict=True):
        level = LEVELS[n]
        assert (f'class="prp-index-pagelist-page prp-pagequality-{level} quality{level}" '
                f'title="{_title(n)}">{label}</a>') in html
    assert "The Laws of Whist" in html  # the Index's fields, through the index template


# -- the bot's commands, as a user runs them --------------------------------------------------


def _read_until(proc: subprocess.Popen, seen: list[str], text: str, timeout: float = 120) -> str:
    """Read the process's merged output (a prompt has no newline) until ``text`` shows."""
    fd = proc.stdout.fileno()  # type: ignore[union-attr]
    end = time.monotonic() + timeout
    while text not in "".join(seen):
        if time.monotonic() > end:
            raise AssertionError(f"{text!r} not shown in time:\n{''.join(seen)[-3000:]}")
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                raise AssertionError(f"{text!r} never shown:\n{''.join(seen)[-3000:]}")
            seen.append(chunk.decode("utf-8", "replace"))
    return "".join(seen)


@pytest.mark.mediawiki
def test_dry_run_over_the_pagelist(prp_wiki, book: Path) -> None:  # noqa: ANN001
    """The pages come from the pagelist (its labels named; a scan past its end is an error,
    even where the wiki has such a page), each page's diff and outcome are shown as it
    goes, pages at level 3 or 4 are skipped unless asked, and nothing is saved."""
    before = {n: _revisions(prp_wiki, _title(n))[0]["id"] for n in LEVELS}
    proc = subprocess.Popen([sys.executable, "-m", "wstools.cli", "proofread", "--wiki",
                             "--index", INDEX, "--range", "1-7", "--dry-run"],
                            env=_env(book), text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, cwd=book)
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, out
    if _has_bs4():  # pywikibot's IndexPage read the rendered pagelist
        assert f"{INDEX}: 7 pages from its pagelist, labelled i to 3" in out, out
    else:
        assert "its pages are read from the API" in out, out
    order = [line for line in out.splitlines() if line.startswith(("--- Page:", "Page:"))]
    # each page's diff, then its outcome, before the next page's
    assert order.index(f"--- {_title(1)} (wiki)") < order.index(
        f"{_title(1)}: dry-run: not saved (--dry-run)") < order.index(
        f"--- {_title(4)} (wiki)") < order.index(f"{_title(4)}: dry-run: not saved (--dry-run)")
    assert "[-quicklv-]{+quickly+}" in out  # a word diff, in short lines
    assert max(len(line) for line in out.splitlines() if line.startswith("@@")) < 300
    assert f"{_title(2)}: skipped: level 3 (Proofread); --skip-level 5 takes it" in out
    assert f"{_title(3)}: skipped: level 4 (Validated); --skip-level 5 takes it" in out
    assert f"{_title(6)}: skipped: level 3 (Proofread); --skip-level 5 takes it" in out
    assert f"--- {_title(2)} (wiki)" not in out and f"--- {_title(6)} (wiki)" not in out
    titled = [line.split(":", 2)[1] for line in order if line.startswith("Page:")]
    assert f"{BOOK}/7" in titled  # the level-0 scan is one of the Index's pages too
    assert {n: _revisions(prp_wiki, _title(n))[0]["id"] for n in LEVELS} == before

    # asked for: level 3 and 4 are taken (and come back as they are: do no harm)
    done = _run(book, "proofread", "--wiki", "--index", INDEX, "--range", "2-3",
                "--skip-level", "5", "-simulate")
    assert done.returncode == 0, done.stderr
    assert "skipped" not in done.stderr
    assert f"{_title(2)}: unchanged" in done.stderr and f"{_title(3)}: unchanged" in \
        done.stderr, done.stderr

    # a scan the pagelist does not have, though the wiki has the page: nothing is done
    _setup(book, {_title(8): _ocr_page(8, 1)})
    done = _run(book, "proofread", "--wiki", "--index", INDEX, "--range", "6-8", "-simulate")
    assert done.returncode == 2, done.stderr
    assert f"{INDEX}: its pagelist has no page 8 (it has 1-7)" in done.stderr
    assert f"--- {_title(6)}" not in done.stdout


@pytest.mark.mediawiki
def test_interrupted_run_resumes_from_its_log(prp_wiki, book: Path, tmp_path: Path) -> None:  # noqa: ANN001
    """A run saving pages is interrupted (Ctrl-C) while it waits to save scan 4, after
    saving scan 1; run again with the same log it leaves scan 1 alone (done) and saves the
    rest, each page once."""
    log = tmp_path / "run.jsonl"
    before = {n: _revisions(prp_wiki, _title(n))[0]["id"] for n in LEVELS}
    args = [sys.executable, "-m", "wstools.cli", "proofread", "--wiki", "--index", INDEX,
            "--range", "1-5", "--log", str(log), "--summary", "pagelist run"]
    proc = subprocess.Popen([*args, "--confirm", "--diff", "words"], env=_env(book),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, cwd=book)
    seen: list[str] = []
    try:
        _read_until(proc, seen, f"Save {_title(1)}?")
        out = "".join(seen)
        assert f"--- {_title(1)} (wiki)" in out and f"--- {_title(4)}" not in out  # as it goes
        proc.stdin.write(b"y\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        out = _read_until(proc, seen, f"Save {_title(4)}?")
        assert f"{_title(1)}: saved" in out and f"--- {_title(5)}" not in out
        proc.send_signal(signal.SIGINT)  # the operator's Ctrl-C at page 4's question
        rest, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "".join(seen) + rest.decode("utf-8", "replace")
    assert proc.returncode == 130, out
    assert "interrupted" in out and f"run again with --log {log} to go on" in out
    first = _revisions(prp_wiki, _title(1))
    assert first[0]["comment"] == "pagelist run" and first[1]["id"] == before[1]
    assert _revisions(prp_wiki, _title(4))[0]["id"] == before[4]  # not saved

    done = _run(book, *args[3:], "-always")
    assert done.returncode == 0, done.stderr
    assert f"{_title(1)}: done: revision {first[0]['id']}" in done.stderr, done.stderr
    for n in (4, 5):
        assert f"{_title(n)}: saved" in done.stderr
        assert _revisions(prp_wiki, _title(n))[0]["comment"] == "pagelist run"
    for n in (2, 3):  # skipped by the first run at this revision: done
        assert f"{_title(n)}: done: revision {before[n]}" in done.stderr
        assert _revisions(prp_wiki, _title(n))[0]["id"] == before[n]
    assert len(_revisions(prp_wiki, _title(1))) == len(first)  # saved once, never again
    entries = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [e["status"] for e in entries if e["title"] == _title(1)] == ["saved"]


@pytest.mark.mediawiki
def test_wiki_pull_index(prp_wiki, book: Path, tmp_path: Path) -> None:  # noqa: ANN001
    """``wiki pull --index`` takes the pagelist's pages, the level-0 scan among them, and
    leaves pages at level 3 or above unless asked."""
    out = tmp_path / "pulled"
    done = _run(book, "wiki", "pull", "--index", INDEX, "--range", "5-7", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert f"{_title(6)}: skipped: level 3" in done.stderr
    assert "2 pulled, 0 missing" in done.stderr, done.stderr
    pulled = json.loads((out / "pulled.json").read_text("utf-8"))
    assert sorted(k for k in pulled if k.startswith("Page:")) == [_title(5), _title(7)]
    done = _run(book, "wiki", "pull", "--index", INDEX, "--range", "5-7", "--skip-level",
                "5", "-o", str(tmp_path / "all"))
    assert done.returncode == 0 and "3 pulled, 0 missing" in done.stderr, done.stderr
    # an Index that does not exist: said, nothing pulled
    done = _run(book, "wiki", "pull", "--index", "No such book.djvu", "--range", "1-2", "-o",
                str(tmp_path / "none"))
    assert done.returncode == 2, done.stderr
    assert "Index:No such book.djvu: cannot read its pagelist: missingtitle" in done.stderr


@pytest.mark.mediawiki
def test_index_with_a_page_not_created(prp_wiki, book: Path, tmp_path: Path) -> None:  # noqa: ANN001
    """An Index whose pagelist names a page not created yet: pywikibot's IndexPage cannot
    map it on a wiki whose scripts are not under /w/ (the lab's), so the pages come from
    ProofreadPage's API, in the pagelist's order; the missing page is reported."""
    other = "Pagelist gap.djvu"
    _setup(book, {f"Index:{other}": _index_text("<pagelist to=3 1=Cover 2=1 />"),
                  _title(1, other): _ocr_page(1, 1), _title(3, other): _ocr_page(3, 1)})
    done = _run(book, "wiki", "pull", "--index", f"Index:{other}", "--range", "1-3", "-o",
                str(tmp_path / "gap"))
    assert done.returncode == 1, done.stderr  # a page missing
    assert f"{_title(2, other)}: does not exist" in done.stderr
    assert "2 pulled, 1 missing" in done.stderr
    if _has_bs4():
        assert f"Index:{other}: pywikibot cannot read the rendered pagelist" in done.stderr


@pytest.mark.mediawiki
def test_book_mode_takes_the_pagelist(prp_wiki, book: Path, tmp_path: Path) -> None:  # noqa: ANN001
    """``proofread --index INDEX --range A-B -o DIR`` pulls the pages 'as wiki pull does':
    a scan the pagelist does not have is refused, though the wiki has such a page."""
    _setup(book, {_title(8): _ocr_page(8, 1)})
    done = _run(book, "proofread", "--index", INDEX, "--range", "6-8", "-o",
                str(tmp_path / "book"))
    assert done.returncode == 2, done.stderr
    assert f"{INDEX}: its pagelist has no page 8" in done.stderr
