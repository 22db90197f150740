"""Bot safety of ``wstools wiki``: a push interrupted after some saves resumes without calling
its own saves conflicts; nothing is saved when nothing changed; a page deleted since the pull
is not created again; no pywikibot config means exit 2 (offline); options in any order.

The ``mediawiki`` tests drive the lab wiki (tests/conftest.py) with pywikibot, in
subprocesses, as tests/test_wiki.py does."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from wstools.cli import build_parser
from wstools.wiki import (
    file_name,
    level_change_only,
    refusal,
    same_text,
    text_hash,
    write_user_config,
)

USER = os.environ.get("WSTOOLS_MW_USER", "WstoolsBot")
PASSWORD = os.environ.get("WSTOOLS_MW_PASS", "wstools-lab-password-1")
ROOT = Path(__file__).resolve().parents[1]


def _pwb_dir(tmp: Path, api: str) -> Path:
    folder = tmp / "pwb"
    write_user_config(folder, api, USER)
    secret = folder / "user-password.py"
    secret.write_text(f"({USER!r}, {PASSWORD!r})\n", encoding="utf-8")
    secret.chmod(0o600)
    return folder


def _env(pwb: Path) -> dict:
    return {**os.environ, "PYWIKIBOT_DIR": str(pwb), "PYWIKIBOT_NO_USER_CONFIG": "0",
            "PYTHONPATH": str(ROOT)}


def _run(pwb: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wstools.cli", *args], env=_env(pwb),
                          text=True, capture_output=True, timeout=300, cwd=cwd or pwb)


_SETUP = """
import json, sys, pywikibot
s = pywikibot.Site(); s.login()
for title, text in json.load(sys.stdin).items():
    p = pywikibot.Page(s, title)
    if text is None:
        p.delete(reason='test setup', prompt=False)
    else:
        p.text = text
        p.save(summary='test setup', bot=True, quiet=True)
"""


def _setup(pwb: Path, pages: dict[str, str | None]) -> None:
    """Save these pages on the wiki (a text of None deletes the page), as another user would."""
    done = subprocess.run([sys.executable, "-c", _SETUP], input=json.dumps(pages),
                          env=_env(pwb), text=True, capture_output=True, timeout=300, cwd=pwb)
    assert done.returncode == 0, done.stderr


def _revisions(api, title: str) -> list[dict]:  # noqa: ANN001 - MediaWikiAPI
    """The revisions of ``title``, newest first (id, comment, user, text); [] if missing."""
    answer = api.call(action="query", prop="revisions", titles=title, rvlimit="max",
                      rvprop="ids|comment|user|content", rvslots="main")
    page = answer["query"]["pages"][0]
    return [{"id": r["revid"], "comment": r["comment"], "user": r["user"],
             "text": r["slots"]["main"]["content"]} for r in page.get("revisions", [])]


def _page(book: str, n: int, level: int = 1, text: str = "") -> str:
    return (f'<noinclude><pagequality level="{level}" user="OCR" /></noinclude>'
            f"{text or f'The text of page {n} of {book}.'}<noinclude></noinclude>")


def _pull(pwb: Path, folder: Path, titles: list[str]) -> None:
    done = _run(pwb, "wiki", "pull", "-o", str(folder), *titles)  # options first (issue 18)
    assert done.returncode == 0, done.stderr


def _edit(folder: Path, title: str, old: str, new: str) -> None:
    path = folder / file_name(title)
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def _lines(stderr: str, status: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.endswith(f": {status}")
            or f": {status}: " in line]


# -- offline -------------------------------------------------------------------------------


@pytest.mark.parametrize("pywikibot_dir", ["unset", "empty"])
def test_no_user_config_stops_before_pywikibot(tmp_path: Path, pywikibot_dir: str) -> None:
    home, work, empty = tmp_path / "home", tmp_path / "work", tmp_path / "empty"
    for d in (home, work, empty):
        d.mkdir()
    (work / "pulled").mkdir()
    (work / "pulled" / "pulled.json").write_text(json.dumps({"Page:X/1": {
        "file": "x.wiki", "revision": 1, "sha1": "0"}}), "utf-8")
    (work / "pulled" / "x.wiki").write_text("text", "utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYWIKIBOT")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), PYWIKIBOT_NO_USER_CONFIG="0")
    if pywikibot_dir == "empty":
        env["PYWIKIBOT_DIR"] = str(empty)
    for args in (["wiki", "pull", "Page:X/1", "-o", "d"], ["wiki", "push", "pulled"],
                 ["wiki", "push", "--dry-run", "pulled"], ["proofread", "--wiki", "Page:X/1"]):
        done = subprocess.run([sys.executable, "-m", "wstools.cli", *args], env=env,
                              text=True, capture_output=True, timeout=120, cwd=work)
        assert done.returncode == 2, (args, done.stderr)
        assert "no pywikibot user-config.py" in done.stderr and "PYWIKIBOT_DIR" in done.stderr
        assert "Traceback" not in done.stderr
    left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    assert left == ["empty", "home", "work", "work/pulled", "work/pulled/pulled.json",
                    "work/pulled/x.wiki"]  # no throttle.ctrl, no ~/.pywikibot, no d/


def test_user_config_writable_by_others_is_refused(tmp_path: Path) -> None:
    pwb = tmp_path / "pwb"
    write_user_config(pwb, "http://127.0.0.1:9/api.php", USER).chmod(0o666)
    env = {**os.environ, "PYWIKIBOT_DIR": str(pwb), "PYTHONPATH": str(ROOT),
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "wstools.cli", "wiki", "pull", "Page:X/1",
                           "-o", str(tmp_path / "d")], env=env, text=True,
                          capture_output=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and "writable by others" in done.stderr, done.stderr


@pytest.mark.parametrize("argv, expected", [
    (["wiki", "push", "--dry-run", "DIR"], {"action": "push", "folder": "DIR",
                                            "dry_run": True}),
    (["wiki", "push", "DIR", "--summary", "S", "--level", "3"],
     {"folder": "DIR", "summary": "S", "level": 3}),
    (["wiki", "pull", "-o", "DIR", "A"], {"action": "pull", "output": "DIR", "titles": ["A"]}),
    (["wiki", "pull", "A", "-o", "DIR", "B"], {"output": "DIR", "titles": ["A", "B"]}),
    (["wiki", "pull", "--index", "Index:B.djvu", "-o", "DIR", "--range", "1-3"],
     {"index": "Index:B.djvu", "range": "1-3", "titles": []}),
    (["proofread", "--dry-run", "--summary", "typos", "--wiki", "Page:A/1", "Page:A/2"],
     {"wiki": ["Page:A/1", "Page:A/2"], "summary": "typos", "dry_run": True}),
])
def test_wiki_options_in_any_order(argv: list[str], expected: dict) -> None:
    args = vars(build_parser().parse_args(argv))
    assert {k: args[k] for k in expected} == expected


def test_wiki_needs_an_action(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["wiki"])
    assert exit_.value.code == 2 and "pull|push" in capsys.readouterr().err


def test_same_text_and_level_change_only() -> None:
    assert same_text("a\r\nb  \n", "a\nb") and not same_text("a b", "a  b")
    assert level_change_only(_page("B", 1, 3), _page("B", 1, 1)) == (3, 1)
    assert level_change_only(_page("B", 1, 3), _page("B", 1, 3)) is None
    assert level_change_only(_page("B", 1, 3), _page("B", 1, 1, "Other.")) is None


def test_refusal_rules() -> None:
    """What the wiki layer refuses to save, without a wiki: the rules of save_page."""
    old, new = _page("B", 1, 3), _page("B", 1, 3, "Proofread.")
    assert refusal("P", new, old, 5, 5) is None  # a real change on the pulled revision
    assert refusal("P", new, None, None, None) is None  # a new page
    assert refusal("P", new, None, None, 5).status == "deleted"  # not created again
    assert refusal("P", new, old, 6, 5).status == "conflict"
    assert refusal("P", new + "\n\n", new, 6, 5).status == "unchanged"  # no save, no conflict
    # a level change alone: saved only when asked (3 -> 1 is what a demoting run leaves)
    demoted = _page("B", 1, 1)
    assert "level (3 -> 1)" in refusal("P", demoted, old, 5, 5).detail
    assert refusal("P", demoted, old, 5, 5, level_asked=True) is None
    # an interrupted push had saved this text as revision 6 (on 5): already saved ...
    mark = text_hash(new)
    assert refusal("P", new, new, 6, 5, saved_before=mark).status == "already saved"
    # ... and when the file was edited again since, revision 6 is the base, not a conflict
    newer = _page("B", 1, 3, "Proofread twice.")
    assert refusal("P", newer, new, 6, 5, saved_before=mark, parent_id=lambda: 5) is None
    # unless someone else's edit came between: the text is not ours, or not made on 5
    assert refusal("P", newer, new, 7, 5, saved_before=mark,
                   parent_id=lambda: 6).status == "conflict"
    assert refusal("P", newer, old, 6, 5, saved_before=mark,
                   parent_id=lambda: 5).status == "conflict"


# -- the lab wiki --------------------------------------------------------------------------

_KILL_AFTER_SAVE = """
import os, signal, sys
import wstools.wiki as wiki
real, saves = wiki.save_page, []
def save_page(*args, **kwargs):
    outcome = real(*args, **kwargs)
    if outcome.status == "saved":
        saves.append(outcome.title)
        if len(saves) == int(sys.argv[1]):  # saved on the wiki, not yet in pulled.json
            os.kill(os.getpid(), signal.SIGKILL)
    return outcome
wiki.save_page = save_page
from wstools.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _start_push(pwb: Path, folder: Path, how: str) -> subprocess.Popen:
    args = ["wiki", "push", "--summary", f"resume test ({how})", str(folder)]
    if how.startswith("kill in the save"):
        cmd = [sys.executable, "-c", _KILL_AFTER_SAVE, "2", *args]
    else:
        cmd = [sys.executable, "-m", "wstools.cli", *args]
    return subprocess.Popen(cmd, env=_env(pwb), text=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, cwd=pwb)


@pytest.mark.mediawiki
@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL", "kill in the save"])
def test_interrupted_push_resumes(lab_wiki, tmp_path: Path, how: str) -> None:  # noqa: ANN001
    """A push of 6 edited pages interrupted after its second save (Ctrl-C; kill -9; kill -9
    between the wiki's answer and the journal), then run again: the rest is saved, no
    conflict, exit 0; every page holds its file's text, saved once."""
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    book = f"Resume {how}.djvu"
    titles = [f"Page:{book}/{n}" for n in range(1, 7)]
    _setup(pwb, {t: _page(book, n) for n, t in enumerate(titles, 1)})
    folder = tmp_path / "pulled"
    _pull(pwb, folder, titles)
    for t in titles:
        _edit(folder, t, "The text", "The proofread text")

    push = _start_push(pwb, folder, how)
    first: list[str] = []
    for line in push.stderr:
        first.append(line.rstrip("\n"))
        if len(_lines("\n".join(first), "saved")) == 2 and how in ("SIGINT", "SIGKILL"):
            push.send_signal(getattr(signal, how))
            break
    _, rest = push.communicate(timeout=120)
    first += rest.splitlines()
    code = push.returncode
    first_text = "\n".join(first)
    printed = len(_lines(first_text, "saved"))
    on_wiki = [t for t in titles if "The proofread text" in _revisions(lab_wiki, t)[0]["text"]]
    saved_first = len(on_wiki)
    assert code == {"SIGINT": 130}.get(how, -signal.SIGKILL), first_text
    assert 2 <= saved_first < len(titles), first_text  # it was cut short after two saves
    assert on_wiki == titles[:saved_first]
    if how == "SIGINT":
        assert "run the same push again" in first_text
    journal = json.loads((folder / "pulled.json").read_text("utf-8"))
    recorded = [t for t in titles if journal[t].get("saved")]
    if how == "kill in the save":  # the second save reached the wiki but not the journal
        assert printed == len(recorded) == 1 and journal[titles[1]].get("saving"), journal
    else:  # a kill can land between the wiki's answer and the journal too
        assert len(recorded) in (saved_first, saved_first - 1), (journal, first_text)

    edited_again = []
    if how == "kill in the save":  # and the file of that page edited again before the rerun
        edited_again = [titles[1]]
        _edit(folder, titles[1], "The proofread text", "The proofread text, again")

    again = _run(pwb, "wiki", "push", "--summary", f"resume test ({how})", str(folder))
    assert again.returncode == 0, again.stderr
    assert "conflict" not in again.stderr
    already = _lines(again.stderr, "already saved")
    saved_again = _lines(again.stderr, "saved")
    assert len(already) == saved_first - len(edited_again), again.stderr
    assert len(saved_again) == len(titles) - saved_first + len(edited_again), again.stderr
    print(f"{how}: first push exit {code} after {saved_first} saves; rerun: "
          f"{len(already)} already saved, {len(saved_again)} saved, exit 0")

    for t in titles:
        revisions = _revisions(lab_wiki, t)
        local = (folder / file_name(t)).read_text("utf-8")
        assert same_text(revisions[0]["text"], local)
        assert "The proofread text" in revisions[0]["text"]
        # the setup's, then one save (two for a page edited again): none saved twice
        assert len(revisions) == 2 + (t in edited_again), revisions
        assert revisions[0]["comment"] == f"resume test ({how})"  # --summary is the summary

    third = _run(pwb, "wiki", "push", str(folder))
    assert third.returncode == 0 and f"{len(titles)} already saved" in third.stderr, \
        third.stderr
    assert [len(_revisions(lab_wiki, t)) for t in titles] == \
        [2 + (t in edited_again) for t in titles]  # and nothing saved again


@pytest.mark.mediawiki
def test_push_refuses_a_page_deleted_since_the_pull(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    book = "Deleted since.djvu"
    titles = [f"Page:{book}/1", f"Page:{book}/2"]
    _setup(pwb, {t: _page(book, n) for n, t in enumerate(titles, 1)})
    folder = tmp_path / "pulled"
    _pull(pwb, folder, titles)
    for t in titles:
        _edit(folder, t, "The text", "The proofread text")
    _setup(pwb, {titles[0]: None})  # deleted on the wiki after the pull

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = _run(pwb, "wiki", "push", str(folder), "--dry-run", cwd=elsewhere)
    assert done.returncode == 1 and f"{titles[0]}: deleted" in done.stderr, done.stderr
    done = _run(pwb, "wiki", "push", str(folder), cwd=elsewhere)
    assert list(elsewhere.iterdir()) == []  # pywikibot's files (throttle.ctrl) stay in pwb/
    assert done.returncode == 1, done.stderr
    assert f"{titles[0]}: deleted: existed at revision" in done.stderr
    assert f"{titles[1]}: saved" in done.stderr and "1 deleted, 1 saved" in done.stderr
    assert _revisions(lab_wiki, titles[0]) == []  # not created again
    assert "The proofread text" in _revisions(lab_wiki, titles[1])[0]["text"]
    again = _run(pwb, "wiki", "push", str(folder))  # still refused on a rerun
    assert again.returncode == 1 and f"{titles[0]}: deleted" in again.stderr
    assert _revisions(lab_wiki, titles[0]) == []


@pytest.mark.mediawiki
def test_push_saves_nothing_when_nothing_changed(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    book = "Nothing changed.djvu"
    titles = [f"Page:{book}/{n}" for n in range(1, 5)]
    _setup(pwb, {titles[0]: _page(book, 1), titles[1]: _page(book, 2),
                 titles[2]: _page(book, 3, level=3), titles[3]: _page(book, 4, level=3)})
    before = {t: _revisions(lab_wiki, t)[0]["id"] for t in titles}
    folder = tmp_path / "pulled"
    _pull(pwb, folder, titles)

    done = _run(pwb, "wiki", "push", str(folder), "--level", "3")  # an untouched folder
    assert done.returncode == 0 and "4 unchanged" in done.stderr, done.stderr
    assert not _lines(done.stderr, "saved")

    # edited files whose text is still the wiki's: trailing spaces, CRLF line ends
    path = folder / file_name(titles[0])
    path.write_text(path.read_text("utf-8") + "\n\n  \n", "utf-8")
    path = folder / file_name(titles[1])
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n") + b"\r\n")
    # a level change alone (3 -> 1, as a proofreading run that demotes would leave it)
    _edit(folder, titles[2], 'level="3"', 'level="1"')
    # and a level change asked for with --level on page 4: its level is already 3
    _edit(folder, titles[3], 'user="OCR"', f'user="{USER}"')
    done = _run(pwb, "wiki", "push", str(folder))
    assert done.returncode == 0, done.stderr
    assert "4 unchanged" in done.stderr and not _lines(done.stderr, "saved"), done.stderr
    assert f"{titles[0]}: unchanged: the wiki has this text" in done.stderr
    assert f"{titles[2]}: unchanged: only the proofreading level (3 -> 1) would change" \
        in done.stderr
    assert f"{titles[3]}: unchanged: only the user in <pagequality> would change" in done.stderr
    assert {t: _revisions(lab_wiki, t)[0]["id"] for t in titles} == before  # no save at all

    # the same level, asked for: saved once (and the user set), then nothing more
    done = _run(pwb, "wiki", "push", str(folder), "--level", "2", "--summary", "level 2")
    assert done.returncode == 0, done.stderr
    assert len(_lines(done.stderr, "saved")) == 2, done.stderr  # pages 3 and 4 (edited)
    top = _revisions(lab_wiki, titles[2])[0]
    assert 'level="2"' in top["text"] and top["comment"] == "level 2"
    done = _run(pwb, "wiki", "push", str(folder), "--level", "2")
    assert done.returncode == 0 and not _lines(done.stderr, "saved"), done.stderr
    assert "2 unchanged, 2 already saved" in done.stderr
    assert len(_revisions(lab_wiki, titles[2])) == 2


@pytest.mark.mediawiki
def test_push_cut_by_a_closed_pipe_resumes(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    """``wstools wiki push DIR | head -1``: the reader goes away after the first diff line;
    the push stops before its next save, and a rerun saves the rest without a conflict."""
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    book = "Broken pipe.djvu"
    titles = [f"Page:{book}/{n}" for n in range(1, 5)]
    _setup(pwb, {t: _page(book, n) for n, t in enumerate(titles, 1)})
    folder = tmp_path / "pulled"
    _pull(pwb, folder, titles)
    for t in titles:
        _edit(folder, t, "The text", "The proofread text")
    push = subprocess.Popen([sys.executable, "-m", "wstools.cli", "wiki", "push", str(folder)],
                            env=_env(pwb), text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=pwb)
    assert push.stdout.readline().startswith("---")
    push.stdout.close()
    first = push.stderr.read()
    push.wait(timeout=120)
    on_wiki = [t for t in titles if "The proofread text" in _revisions(lab_wiki, t)[0]["text"]]
    assert len(on_wiki) < len(titles), first  # cut short
    assert "run the same push again" in first and "Traceback" not in first, first

    again = _run(pwb, "wiki", "push", str(folder))
    assert again.returncode == 0 and "conflict" not in again.stderr, again.stderr
    assert len(_lines(again.stderr, "saved")) == len(titles) - len(on_wiki), again.stderr
    assert all(len(_revisions(lab_wiki, t)) == 2 for t in titles)
