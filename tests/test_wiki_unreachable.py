"""A wiki that cannot be reached (audit item 9): the bot commands stop within seconds with
one line (``cannot reach the wiki at URL: connection refused``), exit 2, no pywikibot
traceback or retry chatter; a dry run writes no ``throttle.ctrl``, and a run that could not
make the site leaves no entry of its own in it. The retry limits give way to a
``user-config.py`` that sets them."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from wstools import wiki
from wstools.wiki import RETRY_LIMITS, assigned_names, limit_retries, unreachable

ROOT = Path(__file__).resolve().parents[1]


def _closed_port() -> int:
    """A loopback port nothing listens on: connecting is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pwb(folder: Path, api: str) -> Path:
    """A user-config.py as a user writes it: no retry settings of its own."""
    folder.mkdir(parents=True)
    (folder / "user-config.py").write_text(
        f"family_files['mywiki'] = {api!r}\nfamily = 'mywiki'\nmylang = 'mywiki'\n"
        "usernames['mywiki']['mywiki'] = 'Bot'\npassword_file = 'user-password.py'\n",
        encoding="utf-8")
    secret = folder / "user-password.py"
    secret.write_text("('Bot', 'not-a-real-password')\n", encoding="utf-8")
    secret.chmod(0o600)
    return folder


COMMANDS = {
    "proofread --wiki --dry-run": ["proofread", "--wiki", "Page:Hoyle.djvu/53", "--dry-run"],
    "proofread --wiki": ["proofread", "--wiki", "Page:Hoyle.djvu/53", "-always"],
    "wiki pull": ["wiki", "pull", "Page:Hoyle.djvu/53", "-o", "pulled"],
    "wiki pull --index": ["wiki", "pull", "--index", "Index:Hoyle.djvu", "--range", "1-2",
                          "-o", "pulled"],
    "wiki push --dry-run": ["wiki", "push", "pushed", "--dry-run"],
    "wiki push": ["wiki", "push", "pushed", "-always"],
}


def test_unreachable_wiki_is_one_line_and_exit_2(tmp_path: Path) -> None:
    port = _closed_port()
    api = f"http://127.0.0.1:{port}/w/api.php"
    runs = {}
    started = time.monotonic()
    for n, (name, args) in enumerate(COMMANDS.items()):  # at once: each takes a few seconds
        work = tmp_path / str(n)
        pwb = _pwb(work / "pwb", api)
        (work / "pushed").mkdir()
        (work / "pushed" / "p.wiki").write_text("edited", encoding="utf-8")
        (work / "pushed" / "pulled.json").write_text(json.dumps(
            {"Page:Hoyle.djvu/53": {"file": "p.wiki", "revision": 1, "sha1": "0"}}), "utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYWIKIBOT", "WSTOOLS"))}
        env.update(PYWIKIBOT_DIR=str(pwb), PYWIKIBOT_NO_USER_CONFIG="0", HOME=str(work),
                   PYTHONPATH=str(ROOT))
        runs[name] = (work, subprocess.Popen(
            [sys.executable, "-m", "wstools.cli", *args], env=env, cwd=work, text=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    for name, (work, proc) in runs.items():
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            pytest.fail(f"{name}: still running after 60 s")
        assert proc.returncode == 2, (name, err)
        assert err.splitlines() == [f"wstools wiki: cannot reach the wiki at {api}: "
                                    f"connection refused ({RETRY_LIMITS['max_retries'] + 1} "
                                    "tries)"], (name, err)
        assert "Traceback" not in out + err
        control = work / "pwb" / "throttle.ctrl"
        if "dry-run" in name:
            assert not control.exists(), name  # a dry run does not register with pywikibot
        else:  # registered when the site was made, and taken out again
            assert not control.exists() or control.read_text() == "", (name, control.read_text())
        assert not (work / "pulled").exists(), name
    assert time.monotonic() - started < 15


def test_retry_limits_give_way_to_the_user_config(tmp_path: Path) -> None:
    config = SimpleNamespace(max_retries=15, retry_wait=5, retry_max=120)
    user_config = tmp_path / "user-config.py"
    user_config.write_text("family = 'x'\nif True:\n    retry_wait = 7\n", encoding="utf-8")
    assert limit_retries(config, user_config) == {"max_retries": 2, "retry_max": 4}
    assert (config.max_retries, config.retry_wait, config.retry_max) == (2, 5, 4)
    user_config.write_text("max_retries = 15\n", encoding="utf-8")  # pywikibot's own value
    config = SimpleNamespace(max_retries=15, retry_wait=5, retry_max=120)
    limit_retries(config, user_config)
    assert (config.max_retries, config.retry_wait) == (15, 1)
    assert {"a", "b"} <= assigned_names("a = b = 1\n(c, d) = 2, 3\n")


class ApiTimeoutError(Exception):
    """Stands for pywikibot's, which :func:`unreachable` knows by name."""


def _http_request() -> None:  # where pywikibot's request loop raises it after its tries
    raise ApiTimeoutError("Maximum retries attempted without success.")


def test_retry_noise_is_dropped_and_the_failure_reported(monkeypatch) -> None:  # noqa: ANN001
    import requests
    noise = wiki._RetryNoise()
    monkeypatch.setattr(wiki, "_RETRY_NOISE", noise)

    def record(message: str, where: tuple[str, str], level: int = logging.ERROR) -> bool:
        item = logging.LogRecord("pywiki", level, "x.py", 1, message, None, None)
        item.caller_file, item.caller_name = where
        return noise.filter(item)
    refused = requests.exceptions.ConnectionError(ConnectionRefusedError(111, "Connection "
                                                                                 "refused"))
    refused.request = requests.Request("POST", "http://wiki.test/w/api.php").prepare()
    try:
        raise refused
    except requests.exceptions.ConnectionError:
        assert not record("Traceback (most recent call last): …", ("_requests.py",
                                                                     "_http_request"))
    assert noise.failure is refused
    assert not record("An error occurred for uri http://wiki.test/w/api.php",
                      ("http.py", "error_handling_callback"))
    assert not record("Waiting 1.0 seconds before retrying.", ("__init__.py", "wait"),
                      logging.WARNING)
    assert record("Page [[X]] saved", ("_basepage.py", "_save"), logging.INFO)

    try:
        _http_request()
    except ApiTimeoutError as e:
        assert str(unreachable(e)).startswith("cannot reach the wiki at "
                                              "http://wiki.test/w/api.php: connection refused (")
        wrapped = RuntimeError("Page [[X]] not saved")  # as pywikibot wraps a failed save
        wrapped.__context__ = e
        assert unreachable(wrapped) is not None
    # the same error raised elsewhere (pywikibot's maxlag loop): its own message stays
    assert unreachable(ApiTimeoutError("Maximum retries attempted due to maxlag")) is None
    assert unreachable(ValueError("no such page")) is None
