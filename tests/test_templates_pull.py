"""``wstools templates pull`` (issue 22): template pages from a wiki through pywikibot.

The offline tests check which templates a page uses and which modules a template needs;
the ``mediawiki`` tier pulls the lab wiki's templates (which hold ``wstools/data/templates/``) and
compares them with ours byte for byte, pulls what a real page uses, and the TemplateData of
a ``/doc`` subpage and the ``#invoke`` notice.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wstools.wiki import write_user_config
from wstools.wikitext.pull import lua_modules, template_title, used_templates
from wstools.wikitext.registry import Registry, page_name

from .conftest import CASES, TEMPLATES

USER = os.environ.get("WSTOOLS_MW_USER", "WstoolsBot")
PASSWORD = os.environ.get("WSTOOLS_MW_PASS", "wstools-lab-password-1")
REAL = CASES / "templates-real"


def test_used_templates_leave_out_functions_and_variables() -> None:
    text = ("{{sc|a}} {{#if:x|{{Gap}}}} {{PAGENAME}} {{subst:x}} {{ts|ac}} {{lc:X}} "
            "{{anchorencode:x}} {{{{{1}}}}} {{sc|b}}")
    assert used_templates(text) == ["Template:Sc", "Template:Gap", "Template:Ts"]


def test_template_titles() -> None:
    assert template_title("ts") == "Template:Ts"
    assert template_title("Template:block center/s") == "Template:Block center/s"
    assert template_title(":Main Page") is None


def test_lua_modules_of_the_definition_only() -> None:
    source = "{{#invoke:Running header|main}}<noinclude>{{#invoke:Documentation|x}}</noinclude>"
    assert lua_modules(source) == ["Module:Running header"]


def _pwb_dir(tmp: Path, api: str) -> Path:
    folder = tmp / "pwb"
    write_user_config(folder, api, USER)
    secret = folder / "user-password.py"
    secret.write_text(f"({USER!r}, {PASSWORD!r})\n", encoding="utf-8")
    secret.chmod(0o600)
    return folder


def _env(pwb: Path) -> dict[str, str]:
    return {**os.environ, "PYWIKIBOT_DIR": str(pwb), "PYWIKIBOT_NO_USER_CONFIG": "0"}


def _run(pwb: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wstools.cli", *args], env=_env(pwb),
                          text=True, capture_output=True, timeout=600, cwd=pwb)


def _save(pwb: Path, title: str, text: str) -> None:
    code = ("import sys, pywikibot\ns = pywikibot.Site(); s.login()\n"
            "p = pywikibot.Page(s, sys.argv[1]); p.text = sys.stdin.read()\n"
            "p.save(summary='test setup', bot=True, quiet=True)\n")
    done = subprocess.run([sys.executable, "-c", code, title], input=text, env=_env(pwb),
                          text=True, capture_output=True, timeout=120, cwd=pwb)
    assert done.returncode == 0, done.stderr


@pytest.mark.mediawiki
def test_pull_round_trips_the_lab_wikis_templates(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    ours = {page_name(f): f.read_text("utf-8") for f in sorted(TEMPLATES.glob("*.wiki"))}
    out = tmp_path / "pulled"
    done = _run(pwb, "templates", "pull", "--wiki", "labwiki", "--no-deps", "-o", str(out),
                "--format", "json", *sorted(ours))
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert len(report["written"]) == len(ours) and not report["missing"]
    assert not report["templatedata_added"]  # every template of ours has its own
    pulled = {page_name(f): f.read_text("utf-8") for f in out.glob("*.wiki")}
    assert set(pulled) == set(ours)
    different = [n for n in ours if pulled[n].rstrip() != ours[n].rstrip()]
    assert different == []
    # the folder is a template folder lint and expand use
    page = REAL / "eb1911-v01-p0044.wiki"
    assert _run(pwb, "lint", "--templates", str(out), str(page)).returncode == 0
    assert _run(pwb, "expand", "--to", "text", "--templates", str(out),
                str(page)).stdout == _run(pwb, "expand", "--to", "text", str(page)).stdout


@pytest.mark.mediawiki
def test_pull_what_a_page_uses_with_dependencies_and_redirects(lab_wiki,  # noqa: ANN001
                                                               tmp_path: Path) -> None:
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    out = tmp_path / "used"
    page = REAL / "eb1911-v01-p0044.wiki"
    done = _run(pwb, "templates", "pull", "--wiki", "labwiki", "--used-in", str(page),
                "-o", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    reg = Registry.from_directory(out)
    assert reg.template("ts") is not None  # a redirect and its target
    assert reg.template("Table style/code") is not None  # called by Table style: a dependency
    lint = _run(pwb, "lint", "--strict", "--templates", str(out), str(page))
    assert lint.returncode == 0, lint.stdout
    manifest = json.loads((out / "pulled-templates.json").read_text("utf-8"))
    assert all(isinstance(v["revision"], int) for v in manifest.values())


@pytest.mark.mediawiki
def test_pull_adds_doc_templatedata_and_says_lua_is_needed(lab_wiki,  # noqa: ANN001
                                                           tmp_path: Path) -> None:
    pwb = _pwb_dir(tmp_path, lab_wiki.url)
    _save(pwb, "Template:Pulltest doc", "<span>{{{1}}}</span><noinclude>{{/doc}}</noinclude>")
    _save(pwb, "Template:Pulltest doc/doc", 'About it.\n<templatedata>{"params": {"1": '
          '{"label": "Text", "type": "content"}}, "format": "inline"}</templatedata>')
    _save(pwb, "Template:Pulltest lua", "{{#invoke:Pulltest|main}} {{#invoke:Other|x}}")
    out = tmp_path / "lua"
    done = _run(pwb, "templates", "pull", "--wiki", "labwiki", "Pulltest doc",
                "Pulltest lua", "Pulltest missing", "-o", str(out))
    assert done.returncode == 1  # one is missing
    assert "Template:Pulltest missing: does not exist" in done.stderr
    notice = [line for line in done.stderr.splitlines() if "#invoke" in line]
    assert notice == ["Template:Pulltest lua: calls #invoke (Module:Other, Module:Pulltest): "
                      "a Lua module is needed, which wstools does not run (the call is left "
                      "unevaluated)"]
    reg = Registry.from_directory(out)
    assert reg.template("Pulltest doc").params == {"1": {"label": "Text", "type": "content"}}
    page = tmp_path / "p.wiki"
    page.write_text("{{Pulltest doc|a|b=1}}", encoding="utf-8")
    lint = _run(pwb, "lint", "--templates", str(out), str(page))
    assert "unknown-parameter unknown parameter 'b'" in lint.stdout and lint.returncode == 1
