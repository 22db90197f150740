"""pywikibot against the real MediaWiki on loopback: pull, proofread, push, pull again;
an edit conflict; a page that does not exist; a wrong password."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wstools.page import read_page
from wstools.wiki import file_name, index_titles, write_user_config

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"
USER = os.environ.get("WSTOOLS_MW_USER", "WstoolsBot")
PASSWORD = os.environ.get("WSTOOLS_MW_PASS", "wstools-lab-password-1")
INDEX = "Index:Test Cyclopaedia (1879) Volume XVI.djvu"
BOOK = "Page:Test Cyclopaedia (1879) Volume XVI.djvu"


def test_titles_and_file_names() -> None:
    assert index_titles(INDEX, "623-624") == [f"{BOOK}/623", f"{BOOK}/624"]
    with pytest.raises(ValueError):
        index_titles(INDEX, "a-b")
    assert "/" not in file_name(f"{BOOK}/624")


def _pwb_dir(tmp: Path, api: str, password: str) -> Path:
    folder = tmp / "pwb"
    write_user_config(folder, api, USER)
    secret = folder / "user-password.py"
    secret.write_text(f"({USER!r}, {password!r})\n", encoding="utf-8")
    secret.chmod(0o600)
    return folder


def _run(pwb: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYWIKIBOT_DIR": str(pwb), "PYWIKIBOT_NO_USER_CONFIG": "0"}
    return subprocess.run([sys.executable, "-m", "wstools.cli", *args], env=env, text=True,
                          capture_output=True, timeout=300, cwd=pwb)


def _save(pwb: Path, title: str, text: str) -> None:
    code = ("import sys, pywikibot\ns = pywikibot.Site(); s.login()\n"
            "p = pywikibot.Page(s, sys.argv[1]); p.text = sys.stdin.read()\n"
            "p.save(summary='test setup', bot=True, quiet=True)\n")
    env = {**os.environ, "PYWIKIBOT_DIR": str(pwb), "PYWIKIBOT_NO_USER_CONFIG": "0"}
    done = subprocess.run([sys.executable, "-c", code, title], input=text, env=env,
                          text=True, capture_output=True, timeout=120, cwd=pwb)
    assert done.returncode == 0, done.stderr


@pytest.mark.mediawiki
def test_pull_proofread_push_round_trip(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    pwb = _pwb_dir(tmp_path, lab_wiki.url, PASSWORD)
    ocr = EXAMPLE.read_text("utf-8").split("\n")[6]  # the OCR layer: "600 WHIST the first…"
    stored = f'<noinclude><pagequality level="1" user="OCR" /></noinclude>{ocr}' \
             "<noinclude></noinclude>"
    _save(pwb, f"{BOOK}/624", stored)
    _save(pwb, f"{BOOK}/623", stored.replace("600 WHIST", "599 WHIST"))

    pulled = tmp_path / "pulled"
    done = _run(pwb, "wiki", "pull", "--index", INDEX, "--range", "623-625", "-o", str(pulled))
    assert done.returncode == 1, done.stderr  # 625 does not exist
    assert "625: does not exist" in done.stderr and "2 pulled, 1 missing" in done.stderr
    manifest = json.loads((pulled / "pulled.json").read_text("utf-8"))
    assert set(manifest) == {f"{BOOK}/623", f"{BOOK}/624"}
    page_file = pulled / file_name(f"{BOOK}/624")
    assert page_file.read_text("utf-8").rstrip() == stored

    # proofread the pulled file, put the result in its place, then push with level 3
    proofread = tmp_path / "proofread.wiki"
    done = _run(pwb, "proofread", str(page_file), "-o", str(proofread))
    assert done.returncode == 0, done.stderr
    os.replace(proofread, page_file)
    done = _run(pwb, "wiki", "push", str(pulled), "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "dry-run" in done.stderr  # a word diff, one short line a change
    assert "[-quicklv-]{+quickly+}" in done.stdout and "{+⏎⏎" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) < 400
    done = _run(pwb, "wiki", "push", str(pulled), "--level", "3", "--summary", "proofread")
    assert done.returncode == 0, done.stderr
    assert "1 unchanged, 1 saved" in done.stderr and PASSWORD not in done.stdout + done.stderr

    again = tmp_path / "again"
    assert _run(pwb, "wiki", "pull", f"{BOOK}/624", "-o", str(again)).returncode == 0
    page = read_page((again / file_name(f"{BOOK}/624")).read_text("utf-8"))
    local = read_page(page_file.read_text("utf-8"))
    assert page.header == "{{rh|600|WHIST|}}" and page.level == 3 and page.user == USER
    assert page.body.rstrip() == local.body.rstrip()
    assert page.body.count("\n\n") >= 45

    # an edit on the wiki after the pull: push refuses and reports the conflict
    _save(pwb, f"{BOOK}/624", page.wikitext() + "\nA proofreader's fix.")
    local_again = again / file_name(f"{BOOK}/624")
    local_again.write_text(page.wikitext().replace("53.", "53 .", 1), "utf-8")
    done = _run(pwb, "wiki", "push", str(again))
    assert done.returncode == 1 and "conflict" in done.stderr, done.stderr
    assert "changed on the wiki since it was pulled" in done.stderr

    # proofread on the wiki directly
    _save(pwb, f"{BOOK}/623", stored.replace("600 WHIST", "599 WHIST"))
    done = _run(pwb, "proofread", "--wiki", f"{BOOK}/623", f"{BOOK}/999",
                "--summary", "typo fixes")
    assert done.returncode == 1, done.stderr  # 999 is missing
    assert f"{BOOK}/623: saved" in done.stderr and f"{BOOK}/999: missing" in done.stderr
    done = _run(pwb, "wiki", "pull", f"{BOOK}/623", "-o", str(tmp_path / "third"))
    third = read_page((tmp_path / "third" / file_name(f"{BOOK}/623")).read_text("utf-8"))
    assert third.header == "{{rh||WHIST|599}}" and "\n\n53. After" in third.body
    top = _top_revision(lab_wiki, f"{BOOK}/623")
    assert top["comment"] == "typo fixes"  # --summary is the edit summary

    # proofread again: nothing to change, so nothing saved
    done = _run(pwb, "proofread", "--wiki", f"{BOOK}/623", "--summary", "again")
    assert done.returncode == 0, done.stderr
    assert f"{BOOK}/623: unchanged" in done.stderr and "1 unchanged" in done.stderr
    assert _top_revision(lab_wiki, f"{BOOK}/623")["revid"] == top["revid"]


def _top_revision(api, title: str) -> dict:  # noqa: ANN001 - MediaWikiAPI
    answer = api.call(action="query", prop="revisions", titles=title,
                      rvprop="ids|comment|user")
    return answer["query"]["pages"][0]["revisions"][0]


@pytest.mark.mediawiki
def test_wrong_password(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    pwb = _pwb_dir(tmp_path, lab_wiki.url, "not-the-password-123")
    pulled = tmp_path / "p"
    pulled.mkdir()
    (pulled / "pulled.json").write_text(json.dumps({f"{BOOK}/1": {
        "file": "x.wiki", "revision": 1}}), "utf-8")
    (pulled / "x.wiki").write_text("text", "utf-8")
    done = _run(pwb, "wiki", "push", str(pulled))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "login failed" in done.stderr and "Traceback" not in done.stderr
    assert "not-the-password-123" not in done.stdout + done.stderr
