"""The bot as pywikibot users expect it (issue 24): -simulate / --dry-run, -always and a
confirmation per page with its diff, -pt and -maxlag, pages of an Index, pages at level 3
or above left alone unless asked, a per-page log that a rerun resumes from, outcomes as they
happen, and a word-level diff.

Offline tests check the pieces; the ``mediawiki`` tests drive the lab wiki."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from wstools.cli import build_parser
from wstools.wiki import BotOptions, Confirm, PushOutcome, RunLog, pywikibot_args, word_diff

from .test_wiki_resume import _env, _pwb_dir, _revisions, _run, _setup

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"


# -- offline -------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["wiki", "push", "-simulate", "DIR", "-always", "-pt:2", "-maxlag:7"],
    ["wiki", "push", "--always", "--simulate", "--put-throttle", "2", "--maxlag", "7", "DIR"],
    ["wiki", "push", "DIR", "--dry-run", "-always", "-pt", "2", "-maxlag", "7"],
])
def test_pywikibot_arguments(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)
    options = BotOptions.from_args(args)
    assert args.folder == "DIR"
    assert (options.simulate, options.always, options.put_throttle, options.maxlag) == \
        (True, True, 2.0, 7)
    assert not options.asks()


def test_proofread_wiki_arguments() -> None:
    args = build_parser().parse_args(["proofread", "--wiki", "--index", "Index:B.djvu",
                                      "--range", "1-3", "-simulate", "-pt:0.5", "--log",
                                      "run.log", "--skip-level", "5"])
    assert args.wiki == [] and args.index == "Index:B.djvu" and args.dry_run
    options = BotOptions.from_args(args)
    assert (options.put_throttle, options.log, options.skip_level) == (0.5, "run.log", 5)
    assert pywikibot_args(["-maxlag:3", "a:b"]) == ["-maxlag", "3", "a:b"]


def test_confirmation() -> None:
    answers = iter(["x\n", "n\n", "y\n", "a\n"])
    out = io.StringIO()
    confirm = Confirm(True, read=lambda: next(answers), out=out)
    assert [confirm("P1"), confirm("P2"), confirm("P3"), confirm("P4")] == \
        ["no", "yes", "yes", "yes"]
    assert out.getvalue().count("Save P") == 4  # 'x' asked again; after 'all' no more asking
    assert Confirm(True, read=lambda: "")("P") == "quit"  # end of input
    assert Confirm(True, read=lambda: "q\n")("P") == "quit"
    assert Confirm(False)("P") == "yes"


def test_run_log(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    log = RunLog(str(path))
    log.add(PushOutcome("Page:A/1", "saved", "revision 5", 5))
    log.add(PushOutcome("Page:A/2", "error", "boom", 3))
    log.add(PushOutcome("Page:A/3", "skipped", "not confirmed", 4))
    log.add(PushOutcome("Page:A/4", "unchanged", "the wiki has this text", 9))
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"title": "Page:A/5", "sta')  # a line cut by a kill
    again = RunLog(str(path))
    assert again.done("Page:A/1", 5) and again.done("Page:A/4", 9)
    assert not again.done("Page:A/1", 6)  # edited on the wiki since: done again
    assert not again.done("Page:A/2", 3) and not again.done("Page:A/3", 4)
    assert not again.done("Page:A/5", None)


def test_word_diff_is_readable() -> None:
    ocr = EXAMPLE.read_text("utf-8").split("\n")[6]
    saved = ocr.replace(" 58.", "\n\n53.").replace("quicklv", "quickly").replace("\xa0;", ";")
    text = word_diff(ocr, saved, "Page:X/624")
    lines = text.splitlines()
    assert lines[:2] == ["--- Page:X/624 (wiki)", "+++ Page:X/624 (local)"]
    assert max(len(line) for line in lines) < 300  # not one 11 KB line
    assert "[-quicklv-]{+quickly+}" in text and "{+⏎⏎53.+}" in text
    assert "[nbsp]" in text


# -- the lab wiki --------------------------------------------------------------------------


def _ocr_page(n: int, level: int = 1) -> str:
    ocr = EXAMPLE.read_text("utf-8").split("\n")[6]
    return (f'<noinclude><pagequality level="{level}" user="OCR" /></noinclude>'
            f"{ocr.replace('600 WHIST', f'{600 + n} WHIST')}<noinclude></noinclude>")


@pytest.mark.mediawiki
def test_bot_over_an_index_range(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    """A dry run over an Index range shows each page's diff as it goes; pages at level 3 or
    above are skipped unless asked; a run cut short resumes from its log; with confirmation
    a page answered 'no' is not saved."""
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    book = "Bot run.djvu"
    titles = [f"Page:{book}/{n}" for n in range(1, 5)]
    _setup(pwb, {titles[0]: _ocr_page(0), titles[1]: _ocr_page(1),
                 titles[2]: _ocr_page(2, level=3), titles[3]: _ocr_page(3)})
    before = {t: _revisions(lab_wiki, t)[0]["id"] for t in titles}

    # a dry run: the diffs (word level) and the outcomes as they come, nothing saved
    proc = subprocess.Popen([sys.executable, "-m", "wstools.cli", "proofread", "--wiki",
                             "--index", f"Index:{book}", "--range", "1-4", "-simulate"],
                            env=_env(pwb), text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, cwd=pwb)
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, out
    order = [line for line in out.splitlines() if line.startswith(("--- Page:", "Page:"))]
    first_diff = order.index(f"--- {titles[0]} (wiki)")
    assert order.index(f"{titles[0]}: dry-run: not saved (--dry-run)") < order.index(
        f"--- {titles[1]} (wiki)"), order  # page 1's outcome before page 2's diff
    # the diff in short lines (a page's summary line, which names every rule, may be long)
    diff_lines = [line for line in out.splitlines() if not line.startswith("Page:")]
    assert first_diff >= 0 and "{+⏎⏎53.+}" in out and max(map(len, diff_lines)) < 400
    assert f"{titles[2]}: skipped: level 3 (Proofread); --skip-level 5 takes it" in out
    assert "3 dry-run, 1 skipped" in out
    assert {t: _revisions(lab_wiki, t)[0]["id"] for t in titles} == before

    # a run with a log, stopped at the confirmation of page 2 ('y' then 'q')
    log = tmp_path / "run.log"
    done = subprocess.run([sys.executable, "-m", "wstools.cli", "proofread", "--wiki",
                           "--index", f"Index:{book}", "--range", "1-4", "--confirm",
                           "--log", str(log), "--summary", "bot run", "--diff", "words"],
                          env=_env(pwb), text=True, capture_output=True, input="y\nq\n",
                          timeout=300, cwd=pwb)
    assert done.returncode == 130, done.stderr
    assert f"{titles[0]}: saved" in done.stderr and "quit at a confirmation" in done.stderr
    assert _revisions(lab_wiki, titles[0])[0]["comment"] == "bot run"
    assert _revisions(lab_wiki, titles[1])[0]["id"] == before[titles[1]]

    # the rerun resumes: page 1 done by the first run, page 2 asked 'n', page 4 'y'
    done = subprocess.run([sys.executable, "-m", "wstools.cli", "proofread", "--wiki",
                           "--index", f"Index:{book}", "--range", "1-4", "--confirm",
                           "--log", str(log), "--summary", "bot run"],
                          env=_env(pwb), text=True, capture_output=True, input="n\ny\n",
                          timeout=300, cwd=pwb)
    assert done.returncode == 0, done.stderr
    assert f"{titles[0]}: done: revision" in done.stderr
    assert f"{titles[1]}: skipped: not confirmed" in done.stderr
    assert f"{titles[3]}: saved" in done.stderr
    assert _revisions(lab_wiki, titles[1])[0]["id"] == before[titles[1]]
    assert len(_revisions(lab_wiki, titles[0])) == 2  # saved once, never again
    entries = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [e["status"] for e in entries if e["title"] == titles[0]] == ["saved"]

    # asked for: the level-3 page is taken (and kept as it is: proofread leaves it)
    done = _run(pwb, "proofread", "--wiki", titles[2], "--skip-level", "5", "-always")
    assert done.returncode == 0 and f"{titles[2]}: unchanged" in done.stderr, done.stderr

    # wiki pull --index skips level 3 too, unless asked
    pulled = tmp_path / "pulled"
    done = _run(pwb, "wiki", "pull", "--index", f"Index:{book}", "--range", "1-4", "-o",
                str(pulled))
    assert done.returncode == 0 and "3 pulled" in done.stderr, done.stderr
    assert f"{titles[2]}: skipped: level 3" in done.stderr


def test_maxlag_and_throttle_reach_pywikibot(tmp_path: Path) -> None:
    """-pt and -maxlag set pywikibot's config as its own global arguments do."""
    from wstools.wiki import write_user_config
    pwb = tmp_path / "pwb"
    write_user_config(pwb, "http://127.0.0.1:9/w/api.php", "Bot")
    code = ("from wstools.wiki import BotOptions\n"
            "BotOptions(maxlag=7, put_throttle=2.5).apply()\n"
            "from pywikibot import config\n"
            "print(getattr(config, 'write_maxlag', getattr(config, 'maxlag', None)), "
            "config.put_throttle)\n")
    done = subprocess.run([sys.executable, "-c", code], env=_env(pwb), text=True,
                          capture_output=True, timeout=120, cwd=pwb)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "2.5"]
