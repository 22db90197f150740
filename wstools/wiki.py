"""Pages on a real wiki, through pywikibot only: its ``user-config.py`` (``$PYWIKIBOT_DIR``),
families, throttle and login. Passwords stay in pywikibot's password file; wstools never
reads, prints or stores them. Without a ``user-config.py`` the commands stop (exit 2) before
pywikibot is imported, so they never reach pywikibot's default wiki.

``pull`` writes each page to ``DIR/<title>.wiki`` and records in ``DIR/pulled.json`` the
revision it was pulled at. ``push`` shows a diff for each changed file, refuses to save a
page that changed on the wiki since it was pulled (an edit conflict, reported) or that was
deleted since, and saves the others, setting the proofreading level (and the pushing user)
on the pages edited since the pull when asked. A text equal to the wiki's is never saved,
nor a change of the level alone that the command line did not ask for.

``pulled.json`` is the push's journal: it is rewritten (atomically) after every save with
the page's new revision and the file's hash, so a push that was interrupted resumes when run
again; the pages it had saved are reported as ``already saved``, not as conflicts.

A wiki that cannot be reached stops the command within seconds, in one line and exit 2
(``cannot reach the wiki at URL: connection refused (3 tries)``): pywikibot's retries are
limited (:data:`RETRY_LIMITS`, unless ``user-config.py`` sets them) and its tracebacks of
the failed tries are not printed (``WSTOOLS_DEBUG=1`` prints them).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from .errors import WstoolsError

if TYPE_CHECKING:
    import argparse

MANIFEST = "pulled.json"
_P = ParamSpec("_P")
_R = TypeVar("_R")


class WikiError(WstoolsError):
    """A wiki that cannot be reached or logged in to; reported without a traceback."""

    def __init__(self, message: str) -> None:
        super().__init__("", message)

    def format(self) -> str:
        return f"wstools wiki: {self}"


CONFIG_FILE = "user-config.py"


def config_dir() -> Path:
    """The folder holding pywikibot's ``user-config.py``: ``$PYWIKIBOT_DIR`` when it is set,
    else the current folder or ``~/.pywikibot`` (where pywikibot looks). Raises
    :class:`WikiError` when there is none: pywikibot would then quietly use its default wiki
    (test.wikipedia.org) and write ``throttle.ctrl`` into the current folder."""
    named = os.environ.get("PYWIKIBOT_DIR")
    if named:
        folder = Path(named).expanduser()
        if (folder / CONFIG_FILE).is_file():
            return _loadable(folder.resolve())
        raise WikiError(f"no pywikibot {CONFIG_FILE} in PYWIKIBOT_DIR={named}: write one "
                        "there naming the wiki and the bot user (see the README; "
                        "wstools.wiki.write_user_config writes one)")
    for folder in (Path.cwd(), Path.home() / ".pywikibot"):
        if (folder / CONFIG_FILE).is_file():
            return _loadable(folder.resolve())
    raise WikiError(f"no pywikibot {CONFIG_FILE}: set PYWIKIBOT_DIR to a folder with one "
                    "naming the wiki and the bot user (see the README); wstools will not "
                    "use pywikibot's default wiki")


def _loadable(folder: Path) -> Path:
    """``folder``, unless pywikibot would skip its config (writable by others, or owned by
    someone else) and fall back to its default wiki."""
    info = (folder / CONFIG_FILE).stat()
    if os.name == "posix" and (info.st_mode & 0o002 or info.st_uid not in (os.getuid(), 0)):
        raise WikiError(f"{folder / CONFIG_FILE} is writable by others or not yours: "
                        "pywikibot would skip it (chmod o-w, or own it)")
    return folder


def _pywikibot():  # noqa: ANN202 - the module
    folder = config_dir()  # before the import: importing pywikibot without a config has effects
    try:
        import pywikibot
        from pywikibot import config
    except ImportError as exc:
        raise WikiError(f"pywikibot is not installed: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - pywikibot's config errors are plain exceptions
        raise WikiError(f"pywikibot configuration: {exc}") from None
    global _LIMITED
    if not _LIMITED:  # once: a later change of pywikibot's config (a test's) is kept
        _LIMITED = True
        limit_retries(config, folder / CONFIG_FILE)
        if not os.environ.get("WSTOOLS_DEBUG"):
            import logging
            logging.getLogger("pywiki").addFilter(_RETRY_NOISE)
    return pywikibot


_LIMITED = False


#: pywikibot's retries of a failed request in a wstools run: 2 more tries, 1 s then 2 s
#: later. pywikibot's own (15 retries from 5 s, doubling up to 120 s) keep a run against an
#: unreachable wiki going for over 20 minutes; a ``user-config.py`` that sets one of them
#: explicitly has its own value kept. ``max_retries`` also bounds pywikibot's pauses for a
#: lagged wiki (``maxlag``).
RETRY_LIMITS: dict[str, int] = {"max_retries": 2, "retry_wait": 1, "retry_max": 4}


def limit_retries(config, user_config: Path) -> dict[str, int]:  # noqa: ANN001 - pywikibot.config
    """Set :data:`RETRY_LIMITS` on pywikibot's ``config``, except those ``user_config`` (the
    ``user-config.py`` pywikibot read) assigns; returns what was set."""
    try:
        mine = assigned_names(user_config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return {}  # not readable here: pywikibot's values are left alone
    chosen = {k: v for k, v in RETRY_LIMITS.items() if k not in mine}
    for name, value in chosen.items():
        setattr(config, name, value)
    return chosen


def assigned_names(source: str) -> set[str]:
    r"""The names a Python file assigns, anywhere (in an ``if`` too).

    >>> sorted(assigned_names("max_retries = 4\nif x:\n    retry_wait: int = 2\ny += 1"))
    ['max_retries', 'retry_wait', 'y']
    """
    import ast
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        for target in targets:
            names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return names


class _RetryNoise:
    """A filter on pywikibot's logger that drops what it prints about a request that failed
    and is tried again (the traceback, ``An error occurred for uri``, ``Waiting N seconds
    before retrying``), keeping the failure: when the tries run out, :func:`unreachable`
    says in one line what it was. ``WSTOOLS_DEBUG=1`` shows pywikibot's messages."""

    def __init__(self) -> None:
        self.failure: BaseException | None = None

    def filter(self, record: object) -> bool:
        where = (getattr(record, "caller_file", ""), getattr(record, "caller_name", ""))
        if where == ("_requests.py", "_http_request"):  # the traceback before a retry
            self.failure = sys.exc_info()[1] or self.failure
            return False
        if where == ("http.py", "error_handling_callback"):  # An error occurred for uri
            return False
        return not (where[1] == "wait" and str(getattr(record, "msg", "")).startswith(
            "Waiting ") and "retrying" in str(getattr(record, "msg", "")))


_RETRY_NOISE = _RetryNoise()


def unreachable(e: BaseException) -> WikiError | None:
    """The one-line report of ``e`` when it says the wiki could not be reached: no
    connection, or no answer after pywikibot's tries (``ApiTimeoutError`` raised by its
    request loop); None for any other error.

    >>> import requests
    >>> refused = ConnectionRefusedError(111, "Connection refused")
    >>> err = requests.exceptions.ConnectionError(refused)
    >>> err.request = requests.Request("POST", "http://127.0.0.1:9/w/api.php?a=b").prepare()
    >>> print(unreachable(err).format())
    wstools wiki: cannot reach the wiki at http://127.0.0.1:9/w/api.php: connection refused
    >>> unreachable(ValueError("x")) is None
    True

    The error may be wrapped (pywikibot raises a failed save as ``OtherPageSaveError``).
    """
    for x in _chain(e):
        if type(x).__name__ == "ApiTimeoutError":
            if _raised_in(x, "_http_request") and _RETRY_NOISE.failure is not None:
                failure = _RETRY_NOISE.failure
                return WikiError(f"cannot reach the wiki at {_url(failure)}: "
                                 f"{_reason(failure)} ({_tries()} tries)")
            # else maxlag, or a wiki answering with errors: pywikibot's own message
        elif _network_error(x):
            return WikiError(f"cannot reach the wiki at {_url(x)}: {_reason(x)}")
    return None


def reports_unreachable(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """A command whose unreachable wiki (see :func:`unreachable`) is raised as a
    :class:`WikiError`, which ``wstools`` reports in one line (exit 2)."""
    import functools

    @functools.wraps(command)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return command(*args, **kwargs)
        except WikiError:
            raise
        except Exception as e:
            err = unreachable(e)
            if err is None:
                raise
            raise err from None
    return run


def _network_error(e: BaseException) -> bool:
    """A connection that failed or timed out: requests' errors, the ``ConnectionError``
    pywikibot raises for a host name that does not resolve, its ``ServerError`` for a
    timeout."""
    try:
        import requests
    except ImportError:  # pragma: no cover - pywikibot needs it
        return isinstance(e, ConnectionError)
    if isinstance(e, requests.ConnectionError | requests.Timeout | ConnectionError):
        return True
    return type(e).__name__ == "ServerError" and bool(e.args) and \
        isinstance(e.args[0], requests.Timeout)


def _raised_in(e: BaseException, function: str) -> bool:
    tb = e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_name == function:
            return True
        tb = tb.tb_next
    return False


def _tries() -> int:
    config = sys.modules.get("pywikibot.config")  # not imported here: importing has effects
    try:
        return int(config.max_retries) + 1  # type: ignore[union-attr]
    except (AttributeError, TypeError, ValueError):
        return RETRY_LIMITS["max_retries"] + 1


def _url(e: BaseException) -> str:
    """The URL the failed request went to, without its query; else the wiki's API as the
    ``user-config.py`` names it."""
    for x in _chain(e):
        request = getattr(x, "request", None)
        url = getattr(request, "url", None)
        if isinstance(url, str) and url:
            return url.split("?", 1)[0]
    config = sys.modules.get("pywikibot.config")  # not imported here: importing has effects
    try:
        named = config.family_files.get(config.family)  # type: ignore[union-attr]
        if isinstance(named, str) and "://" in named:
            return named
    except (AttributeError, TypeError):
        pass
    return "the address in user-config.py"


def _reason(e: BaseException) -> str:
    """``connection refused``, ``name or service not known``, ``timed out``…: the
    operating system's words where the error carries them.

    >>> _reason(TimeoutError("timed out"))
    'timed out'
    """
    import re
    for x in _chain(e):
        if isinstance(x, OSError) and isinstance(x.strerror, str) and x.strerror:
            return x.strerror[:1].lower() + x.strerror[1:]
    text = str(e)
    found = re.search(r"\[Errno -?\d+\] ([^'\"()\[\]]+)", text)
    if found:
        reason = found.group(1).strip().rstrip(".")
        return reason[:1].lower() + reason[1:]
    if "timed out" in text.lower() or "timeout" in type(e).__name__.lower():
        return "timed out"
    return _without_secrets(e)[:200]


def _chain(e: BaseException) -> list[BaseException]:
    """``e`` and the errors it wraps (arguments, ``reason``, cause, context), breadth
    first."""
    out: list[BaseException] = []
    todo = [e]
    while todo and len(out) < 50:
        x = todo.pop(0)
        if any(x is y for y in out):
            continue
        out.append(x)
        todo += [a for a in getattr(x, "args", ()) if isinstance(a, BaseException)]
        todo += [a for a in (getattr(x, "reason", None), x.__cause__, x.__context__)
                 if isinstance(a, BaseException)]
    return out


@dataclass
class BotOptions:
    """pywikibot's conventions for a bot run: ``simulate`` (``-simulate``, ``--dry-run``:
    show, save nothing), ``always`` (``-always``: no confirmation), ``confirm`` (ask before
    each save; default: when standard input is a terminal and not ``always``), ``maxlag``
    (``-maxlag``: seconds of replication lag at which the wiki makes the bot wait),
    ``put_throttle`` (``-pt``: seconds between saves), ``skip_level`` (pages at this level or
    above are not touched; 5: none skipped), ``log`` (a JSON-lines file of each page's outcome,
    which a rerun resumes from), ``diff`` (``words``, ``unified`` or ``pywikibot``)."""

    simulate: bool = False
    always: bool = False
    confirm: bool | None = None
    maxlag: int | None = None
    put_throttle: float | None = None
    skip_level: int = 3
    log: str | None = None
    diff: str = "auto"

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> BotOptions:
        g = lambda name, default=None: getattr(args, name, default)  # noqa: E731
        return cls(simulate=bool(g("dry_run")), always=bool(g("always")),
                   confirm=True if g("confirm") else None, maxlag=g("maxlag"),
                   put_throttle=g("put_throttle"), skip_level=g("skip_level", 3) or 3,
                   log=g("log"), diff=g("diff", "auto") or "auto")

    def asks(self) -> bool:
        if self.simulate or self.always:
            return False
        return self.confirm if self.confirm is not None else sys.stdin.isatty()

    def apply(self) -> None:
        """Set pywikibot's ``maxlag`` and ``put_throttle`` (before the site is made); a
        simulation leaves pywikibot's ``throttle.ctrl`` unwritten."""
        if self.simulate:
            _throttle_file_read_only()
        if self.maxlag is None and self.put_throttle is None:
            return
        _pywikibot()
        from pywikibot import config
        if self.maxlag is not None:  # as pywikibot's own -maxlag does
            if hasattr(config, "write_maxlag"):  # pywikibot 11.8 and later
                if getattr(config, "read_maxlag", None) is not None:
                    config.read_maxlag = max(config.read_maxlag, self.maxlag)
                config.write_maxlag = self.maxlag
            else:
                config.maxlag = self.maxlag
        if self.put_throttle is not None:
            config.put_throttle = self.put_throttle


class Confirm:
    """pywikibot's per-page confirmation: ``Save TITLE? ([y]es, [n]o, [a]ll, [q]uit)``,
    answered on standard input; ``all`` saves the rest without asking, ``quit`` stops."""

    def __init__(self, ask: bool, read=None, out=sys.stderr) -> None:  # noqa: ANN001
        self.ask = ask
        self.read = read or (lambda: sys.stdin.readline())
        self.out = out

    def __call__(self, title: str) -> str:
        """``yes``, ``no`` or ``quit``."""
        if not self.ask:
            return "yes"
        while True:
            print(f"Save {title}? ([y]es, [n]o, [a]ll, [q]uit) ", end="", file=self.out,
                  flush=True)
            answer = self.read()
            if answer == "":  # end of input: nothing more is confirmed
                return "quit"
            answer = answer.strip().lower()[:1]
            if answer == "a":
                self.ask = False
                return "yes"
            if answer in ("y", "n", "q"):
                return {"y": "yes", "n": "no", "q": "quit"}[answer]


class Quit(Exception):  # noqa: N818 - the operator's answer, not an error
    """The operator answered ``quit`` at a confirmation."""


def site(login: bool = False):  # noqa: ANN201 - pywikibot.BaseSite
    """The wiki ``user-config.py`` names; logged in when ``login``."""
    pywikibot = _pywikibot()
    from pywikibot import exceptions as exc
    try:
        s = pywikibot.Site()
    except (exc.Error, OSError) as e:
        _drop_throttle_entry()
        raise unreachable(e) or WikiError(f"wiki error: {_without_secrets(e)}") from None
    try:
        if login:
            s.login()
            if not s.logged_in():
                raise WikiError("login failed: check the user name and the password file "
                                "named in user-config.py")
    except WikiError:
        raise
    except (exc.NoUsernameError, exc.APIError) as e:
        raise WikiError(f"login failed: {_without_secrets(e)}") from None
    except (exc.Error, OSError) as e:
        raise unreachable(e) or WikiError(f"wiki error: {_without_secrets(e)}") from None
    return s


def _throttle_file_read_only() -> None:
    """pywikibot's ``throttle.ctrl`` read, not written, by this process: there each bot
    process on the machine registers, so that their delays add up; a dry run saves nothing
    (and pywikibot's reads are not delayed, ``minthrottle`` being 0), so it need not be
    counted. The other processes' entries still count for this one."""
    _pywikibot()
    try:
        from pywikibot.throttle import Throttle
    except ImportError:  # pragma: no cover - an old pywikibot: it writes the file
        return
    if hasattr(Throttle, "_write_file"):
        setattr(Throttle, "_write_file", lambda self, processes: None)  # noqa: B010


def _drop_throttle_entry() -> None:
    """This process taken out of pywikibot's ``throttle.ctrl`` when the site could not be
    made: pywikibot drops it at exit only through a site it made, and an entry left there
    (for 10 minutes) multiplies the delay between saves of the next runs."""
    try:
        from pywikibot import config
        from pywikibot.throttle import Throttle
        control = config.datafilepath("throttle.ctrl", create=False)
        if os.path.exists(control):
            throttle = Throttle.__new__(Throttle)  # its file, not a new entry in it
            throttle.ctrlfilename = control
            throttle.drop()
    except Exception:  # noqa: BLE001, S110 - pywikibot's bookkeeping: leave it as it is
        pass


def _without_secrets(e: BaseException) -> str:
    """The first line of pywikibot's message (its later lines may echo request data)."""
    return str(e).splitlines()[0] if str(e) else type(e).__name__


def file_name(title: str) -> str:
    """A file name for a title (``/`` and other unsafe characters percent-encoded).

    >>> file_name("Page:The American Cyclopædia (1879) Volume XVI.djvu/624")
    'Page%3AThe American Cyclopædia (1879) Volume XVI.djvu%2F624.wiki'
    """
    return "".join(f"%{ord(c):02X}" if c in _UNSAFE or ord(c) < 32 else c
                   for c in title) + ".wiki"


_UNSAFE = set('/\\:*?"<>|%')


def index_titles(index: str, pages: str) -> list[str]:
    """``Page:INDEX/N`` titles for a range such as ``600-620`` or ``1,3,5-7``.

    >>> index_titles("Index:Book.djvu", "1,3-4")
    ['Page:Book.djvu/1', 'Page:Book.djvu/3', 'Page:Book.djvu/4']
    """
    name = index.split(":", 1)[1] if index.lower().startswith("index:") else index
    out = []
    for part in pages.split(","):
        a, _, b = part.strip().partition("-")
        if not a.strip().isdigit() or (b and not b.strip().isdigit()):
            raise ValueError(f"not a page range: {pages!r}")
        for n in range(int(a), int(b or a) + 1):
            out.append(f"Page:{name}/{n}")
    return out


@dataclass
class Pulled:
    title: str
    file: str
    revision: int | None
    timestamp: str | None


def pull(titles: list[str], folder: Path, log=print,  # noqa: ANN001
         skip_level: int = 5) -> tuple[list[Pulled], list[str]]:
    """Fetch ``titles`` into ``folder``; returns what was pulled and the titles missing.
    A page at ``skip_level`` or above (3: proofread and validated pages) is not pulled."""
    pywikibot = _pywikibot()
    s = site()
    folder.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(folder)
    pulled, missing = [], []
    try:
        for title in titles:
            page = pywikibot.Page(s, title)
            if not page.exists():
                missing.append(title)
                log(f"{title}: does not exist on {s}")
                continue
            text = page.text
            level = _level(text)
            if level >= skip_level:
                log(f"{page.title()}: skipped: level {level} (--skip-level {skip_level}; "
                    "--skip-level 5 takes every page)")
                continue
            rev = page.latest_revision
            item = Pulled(page.title(), file_name(page.title()), rev.revid, str(rev.timestamp))
            _atomic_write(folder / item.file, text)
            manifest[item.title] = {"file": item.file, "revision": item.revision,
                                    "timestamp": item.timestamp, "sha1": _sha1(text)}
            pulled.append(item)
            log(f"{item.title}: revision {item.revision} -> {folder / item.file}")
    finally:  # interrupted too: the files written so far are recorded
        _write_manifest(folder, manifest)
    return pulled, missing


def _level(text: str) -> int:
    from .page import read_page
    page = read_page(text)
    return 4 if page.quality_unread else page.level  # (a mark unread: perhaps validated)


def index_pages(index: str, pages: str, log=None) -> list[str]:  # noqa: ANN001
    """The titles of an Index's pages in ``pages`` (``600-620``, ``1,3,5-7``: positions of
    the scans, as in ``Page:NAME/N``): from the Index's ``<pagelist>`` through
    ``pywikibot.proofreadpage.IndexPage`` where the wiki has the ProofreadPage extension
    (the pages as the Index names and numbers them; pages not created yet included, pages
    at any level: the caller decides what to skip), else built from the numbers
    (``Page:NAME/N``, :func:`index_titles`). Where pywikibot cannot read the rendered
    pagelist (no ``beautifulsoup4``, or red links on a wiki whose scripts are not under
    ``/w/``), the Index's pages come from ProofreadPage's API
    (``list=proofreadpagesinindex``), which IndexPage itself reads first."""
    numbers = index_titles(index, pages)  # checks the range before any request
    s = site()
    try:
        has = s.has_extension("ProofreadPage")
    except Exception as e:  # noqa: BLE001 - an old wiki or pywikibot: use the numbers
        if unreachable(e) is not None:
            raise
        has = False
    if not has:
        if log is not None:
            log(f"{s}: no ProofreadPage extension; page titles built from the numbers")
        return numbers
    title = index if index.lower().startswith("index:") else f"Index:{index}"
    wanted = [int(t.rsplit("/", 1)[1]) for t in numbers]
    try:
        by_number, labels = _pagelist(s, title, log)
    except Exception as e:  # noqa: BLE001 - pywikibot's errors: say which and stop
        raise unreachable(e) or WikiError(f"{title}: cannot read its pagelist: "
                                          f"{_without_secrets(e)}") from None
    absent = [n for n in wanted if n not in by_number]
    if absent:
        raise WikiError(f"{title}: its pagelist has no page {_ranges(absent)} "
                        f"(it has {_ranges(list(by_number)) or 'none'})")
    if log is not None and labels:
        log(f"{title}: {len(wanted)} pages from its pagelist, labelled "
            f"{labels.get(wanted[0], '?') or '(empty)'} to "
            f"{labels.get(wanted[-1], '?') or '(empty)'}")
    return [by_number[n] for n in wanted]


def _pagelist(s, title: str, log=None) -> tuple[dict[int, str], dict[int, str]]:  # noqa: ANN001
    """An Index's pages by position (title) and their labels (none when only the API was
    read): pywikibot's IndexPage, else ``list=proofreadpagesinindex``."""
    try:
        from pywikibot.proofreadpage import IndexPage
        index_page = IndexPage(s, title)  # needs beautifulsoup4
        by_number, labels = {}, {}
        for n in range(1, index_page.num_pages + 1):
            page = index_page.get_page(n)
            if getattr(page, "page_offset", n) != n:  # its HTML read amiss (python -O)
                raise ValueError(f"{page.title()} read as page {n}")
            by_number[n] = page.title()
            labels[n] = index_page.get_label_from_page_number(n)
        return by_number, labels
    except (ImportError, AssertionError, ValueError) as e:
        # pywikibot reads the labels from the rendered pagelist; where it cannot, the
        # pages still come from the API (positions and titles, no labels)
        if log is not None:
            log(f"{title}: pywikibot cannot read the rendered pagelist "
                f"({_without_secrets(e)}); its pages are read from the API")
    from pywikibot.data.api import ListGenerator
    items = ListGenerator("proofreadpagesinindex", site=s,
                          parameters={"prppiititle": title, "prppiiprop": "ids|title"})
    return {int(item["pageoffset"]): item["title"] for item in items}, {}


def _ranges(numbers: list[int]) -> str:
    """Numbers as ranges.

    >>> _ranges([7, 1, 2, 3])
    '1-3,7'
    """
    out: list[str] = []
    for n in sorted(set(numbers)):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ",".join(out)


def _sha1(text: str) -> str:
    import hashlib
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _read_manifest(folder: Path) -> dict:
    path = folder / MANIFEST
    if not path.exists():
        return {}
    try:
        manifest = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise WikiError(f"{path}: unreadable ({exc})") from None
    if not isinstance(manifest, dict):
        raise WikiError(f"{path}: not a {MANIFEST} written by wstools wiki pull")
    return manifest


def _write_manifest(folder: Path, manifest: dict) -> None:
    _atomic_write(folder / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")


def _atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk and rename it over
    ``path``: a reader (or a rerun after a kill) sees the old file or the new one, never half
    of one. The file gets the usual mode (umask applied), not a private one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def diff(old: str, new: str, title: str) -> str:
    """A unified diff of a page's text."""
    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                        f"{title} (wiki)", f"{title} (local)"))


_DIFF_TOKENS = None


def word_diff(old: str, new: str, title: str, context: int = 6, width: int = 100) -> str:
    r"""A word-level diff, readable on any terminal or in a log (``git diff --word-diff``'s
    notation): one hunk a change, ``[-removed-]{+added+}`` between a few words of context,
    with the line of the wiki's text it is on; a line break shows as ``⏎``.

    >>> print(word_diff("A tbe cat sat.", "A the cat\n\nsat.", "P"), end="")
    --- P (wiki)
    +++ P (local)
    @@ line 1 @@ A [-tbe-]{+the+} cat[- -]{+⏎⏎+}sat.
    """
    global _DIFF_TOKENS
    if old == new:
        return ""
    import regex
    from rapidfuzz.distance import Levenshtein
    if _DIFF_TOKENS is None:
        _DIFF_TOKENS = regex.compile(r"\S+|\s+")  # words as git's --word-diff has them
    a, b = _DIFF_TOKENS.findall(old), _DIFF_TOKENS.findall(new)
    if len(a) + len(b) > 200_000:
        return diff(old, new, title)
    show = lambda t: t.replace("\n", "⏎").replace("\xa0", "[nbsp]")  # noqa: E731
    ops = list(Levenshtein.opcodes(a, b))
    out = [f"--- {title} (wiki)\n+++ {title} (local)\n"]
    # hunks: runs of changes whose equal stretches between are short, shown on one line
    groups: list[list] = []
    for k, op in enumerate(ops):
        if op.tag == "equal":
            continue
        near = groups and all(o.tag != "equal" or o.src_end - o.src_start <= 2 * context
                              for o in ops[groups[-1][-1] + 1:k])
        if near:
            groups[-1].append(k)
        else:
            groups.append([k])
    for g in groups:
        first, last = ops[g[0]], ops[g[-1]]
        line = 1 + sum(t.count("\n") for t in a[:first.src_start])
        before = ops[g[0] - 1] if g[0] else None
        after = ops[g[-1] + 1] if g[-1] + 1 < len(ops) else None
        left = "".join(a[max(before.src_start, first.src_start - context):first.src_start]) \
            if before else ""
        right = "".join(a[last.src_end:min(after.src_end, last.src_end + context)]) \
            if after else ""
        middle = []
        for op in ops[g[0]:g[-1] + 1]:
            gone = "".join(a[op.src_start:op.src_end])
            came = "".join(b[op.dest_start:op.dest_end])
            if op.tag == "equal":
                middle.append(show(gone))
                continue
            middle.append((f"[-{show(gone)}-]" if gone else "")
                          + (f"{{+{show(came)}+}}" if came else ""))
        left, right = show(left)[-width // 2:], show(right)[:width // 2]
        out.append(f"@@ line {line} @@ {left.lstrip()}{''.join(middle)}{right.rstrip()}\n")
    return "".join(out)


def show_diff(old: str, new: str, title: str, style: str = "auto", out=sys.stdout) -> None:  # noqa: ANN001
    """Print the diff of a page: ``pywikibot`` (its own, coloured, on a terminal),
    ``words`` (:func:`word_diff`), ``unified``; ``auto`` is pywikibot's on a terminal and
    the word diff otherwise."""
    if style == "auto":
        style = "pywikibot" if getattr(out, "isatty", lambda: False)() else "words"
    if style == "pywikibot":
        try:
            from pywikibot.diff import PatchManager
            print(f"--- {title} (wiki)\n+++ {title} (local)", file=out, flush=True)
            PatchManager(old, new, context=1).print_hunks()
            return
        except ImportError:
            style = "words"
    text = diff(old, new, title) if style == "unified" else word_diff(old, new, title)
    print(text, file=out, end="", flush=True)


@dataclass
class PushOutcome:
    title: str
    status: str  # saved, already saved, unchanged, conflict, deleted, missing, dry-run, error
    detail: str = ""
    revision: int | None = None  # the wiki's revision after this outcome, when known


BAD = ("conflict", "deleted", "error", "missing")
# statuses: ... skipped (not confirmed, or at a level the run leaves alone), done (a rerun:
# this revision was done by the run the log records)  # the outcomes that make the exit code 1
WIKI_HAS_IT = "the wiki has this text"


def _with_level(text: str, level: int | None, user: str) -> str:
    if level is None:
        return text
    from .page import read_page
    page = read_page(text)
    page.level, page.user = level, user
    return page.wikitext()


def same_text(a: str, b: str) -> bool:
    r"""Whether saving ``a`` over ``b`` changes nothing: MediaWiki stores text in NFC, with
    ``\n`` line ends and no trailing whitespace.

    >>> same_text("Caf\u0065\u0301\r\nx \n\n", "Caf\u00e9\nx")
    True
    """
    return _as_saved(a) == _as_saved(b)


def _as_saved(text: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n")).rstrip()


def level_change_only(old: str, new: str) -> tuple[int, int] | None:
    """``(old level, new level)`` when ``new`` differs from ``old`` only in its
    ``<pagequality>`` (level or user); else None.

    >>> tag = '<noinclude><pagequality level="{}" user="A" /></noinclude>Text.'
    >>> level_change_only(tag.format(3), tag.format(1))
    (3, 1)
    >>> level_change_only(tag.format(3), tag.format(1) + " More.") is None
    True
    """
    from .page import read_page
    was, now = read_page(_as_saved(old)), read_page(_as_saved(new))
    if (was.header.strip(), was.body.strip(), was.footer.strip()) != \
            (now.header.strip(), now.body.strip(), now.footer.strip()):
        return None
    return (was.level, now.level) if (was.level, was.user) != (now.level, now.user) else None


def text_hash(text: str) -> str:
    """The SHA-1 of ``text`` as the wiki stores it (see :func:`same_text`)."""
    return _sha1(_as_saved(text))


def _parent_id(page) -> int | None:  # noqa: ANN001
    try:
        return page.latest_revision.parentid
    except Exception:  # noqa: BLE001 - an old pywikibot or a missing field: not known
        return None


def refusal(title: str, text: str, current: str | None, revision: int | None,
            expected_revision: int | None, *, level_asked: bool = False,
            saved_before: str | None = None,
            parent_id: Callable[[], int | None] = lambda: None) -> PushOutcome | None:
    """Why saving ``text`` over ``current`` (the wiki's text at ``revision``; None when the
    page does not exist) would change nothing or be unsafe, as an outcome; None to save.
    The rules are :func:`save_page`'s; ``parent_id`` gives the parent of ``revision``.

    >>> refusal("P", "New.", "Old.", 7, 5).status
    'conflict'
    >>> refusal("P", "Old. ", "Old.", 7, 5).status
    'unchanged'
    >>> refusal("P", "New.", None, None, 5).status
    'deleted'
    >>> refusal("P", "New.", "Old.", 5, 5) is None
    True
    """
    if current is None and expected_revision is not None:
        return PushOutcome(title, "deleted", f"existed at revision {expected_revision} and "
                           "has been deleted on the wiki since; not created again")
    ours = saved_before is not None and saved_before == text_hash(current or "")
    if current is not None and same_text(text, current):
        if ours:
            return PushOutcome(title, "already saved", f"revision {revision} (by an "
                               "interrupted push)", revision)
        return PushOutcome(title, "unchanged", WIKI_HAS_IT, revision)
    if ours and expected_revision is not None and revision != expected_revision and \
            parent_id() == expected_revision:
        expected_revision = revision  # our interrupted save, the file edited again since
    if expected_revision is not None and revision != expected_revision:
        return PushOutcome(title, "conflict", f"changed on the wiki since it was pulled "
                           f"(revision {expected_revision}, now {revision}); "
                           "pull it again and redo the changes", revision)
    if current is not None and not level_asked:
        levels = level_change_only(current, text)
        if levels is not None:
            what = f"the proofreading level ({levels[0]} -> {levels[1]})" \
                if levels[0] != levels[1] else "the user in <pagequality>"
            return PushOutcome(title, "unchanged", f"only {what} would change; not saved: "
                               "a level is set only when asked (wiki push --level N)",
                               revision)
    return None


def save_page(page, text: str, summary: str, expected_revision: int | None,  # noqa: ANN001
              dry_run: bool, out=sys.stdout, *, level_asked: bool = False,  # noqa: ANN001
              saved_before: str | None = None, before_save=None,  # noqa: ANN001
              confirm=None, diff_style: str = "auto") -> PushOutcome:  # noqa: ANN001
    """Save ``text`` to ``page`` (a ``pywikibot.Page``), with ``summary`` as the edit summary,
    unless that would change nothing or would be unsafe.

    - a text equal to the wiki's (see :func:`same_text`) is not saved: ``unchanged``, or
      ``already saved`` when its hash is ``saved_before`` (what an interrupted push was
      saving);
    - a page that existed at ``expected_revision`` and no longer exists is not created
      again: ``deleted``;
    - a page whose revision is no longer ``expected_revision`` is not saved: ``conflict``;
    - a change of the ``<pagequality>`` alone is saved only when ``level_asked``.

    ``saved_before`` is the :func:`text_hash` of a save that was under way when a push was
    interrupted: a wiki revision with that text, made on ``expected_revision``, is that save.
    ``before_save`` (if given) is called just before the save request. ``confirm`` (a
    :class:`Confirm`) is asked after the diff; ``no`` skips the page, ``quit`` raises
    :class:`Quit`.
    """
    from pywikibot import exceptions as exc
    title = page.title()
    try:
        exists = page.exists()
        current = page.text if exists else ""
        revision = page.latest_revision_id if exists else None
    except exc.Error as e:
        _stop_if_unreachable(e)
        return PushOutcome(title, "error", _without_secrets(e))
    refused = refusal(title, text, current if exists else None, revision, expected_revision,
                      level_asked=level_asked, saved_before=saved_before,
                      parent_id=lambda: _parent_id(page))
    if refused is not None:
        return refused
    show_diff(current, text, title, diff_style, out)
    if dry_run:
        return PushOutcome(title, "dry-run", "not saved (--dry-run)", revision)
    answer = confirm(title) if confirm is not None else "yes"
    if answer == "quit":
        raise Quit(title)
    if answer == "no":
        return PushOutcome(title, "skipped", "not confirmed", revision)
    if before_save is not None:
        before_save()
    page.text = text
    try:
        page.save(summary=summary, bot=True, minor=False, quiet=True)
    except exc.EditConflictError:
        return PushOutcome(title, "conflict", "edit conflict while saving", revision)
    except exc.Error as e:
        _stop_if_unreachable(e)  # saved or not, unknown: a rerun finds out
        return PushOutcome(title, "error", _without_secrets(e), revision)
    return PushOutcome(title, "saved", f"revision {page.latest_revision_id}",
                       page.latest_revision_id)


def _stop_if_unreachable(e: BaseException) -> None:
    """Raise the :class:`WikiError` of an unreachable wiki: the run stops there rather than
    trying every page in turn."""
    err = unreachable(e)
    if err is not None:
        raise err from None


def push(folder: Path, summary: str, level: int | None = None, dry_run: bool = False,
         out=sys.stdout, report=None,  # noqa: ANN001
         options: BotOptions | None = None) -> list[PushOutcome]:
    """Save the changed files of a pulled ``folder`` with the edit summary ``summary``; see
    the module docstring. ``report`` is called with each outcome as soon as it is known.

    ``pulled.json`` is rewritten after every save (and before it, with the hash of the text
    about to be saved), so that an interruption loses nothing: run again, the pages saved
    are ``already saved`` and the others are pushed."""
    pywikibot = _pywikibot()
    manifest = _read_manifest(folder)
    if not manifest:
        raise WikiError(f"{folder}: no {MANIFEST}; pull pages into it first")
    options = options or BotOptions(simulate=dry_run)
    options.apply()
    confirm = Confirm(options.asks())
    s = site(login=not dry_run)
    user = s.username() or ""
    outcomes = []
    for title, item in manifest.items():
        outcome = _push_one(pywikibot, s, folder, title, item, summary, level, user,
                            dry_run, out, manifest, confirm, options.diff)
        outcomes.append(outcome)
        if report is not None:
            report(outcome)
    return outcomes


def _push_one(pywikibot, s, folder: Path, title: str, item: dict, summary: str,  # noqa: ANN001
              level: int | None, user: str, dry_run: bool, out,  # noqa: ANN001
              manifest: dict, confirm=None, diff_style: str = "auto") -> PushOutcome:  # noqa: ANN001
    path = folder / item["file"]
    if not path.exists():
        return PushOutcome(title, "missing", f"{path} is gone")
    local = path.read_text("utf-8")
    local_sha1 = _sha1(local)
    if item.get("sha1") == local_sha1:
        if item.get("saved") is not None and item.get("saved") == item.get("revision"):
            return PushOutcome(title, "already saved", f"revision {item['saved']}, by an "
                               "earlier push; the file is unchanged since",
                               item["revision"])
        return PushOutcome(title, "unchanged", "not edited since the pull")
    text = _with_level(local, level, user)
    page = pywikibot.Page(s, title)

    def before_save() -> None:  # a save is under way: a rerun after a kill will know it
        item["saving"] = text_hash(text)
        _write_manifest(folder, manifest)
    outcome = save_page(page, text, summary, item.get("revision"), dry_run, out,
                        level_asked=level is not None, saved_before=item.get("saving"),
                        before_save=before_save, confirm=confirm, diff_style=diff_style)
    if dry_run:
        return outcome
    changed = item.pop("saving", None) is not None
    if outcome.status in ("saved", "already saved") or \
            (outcome.status == "unchanged" and outcome.detail == WIKI_HAS_IT):
        # the wiki now holds this file's text: the file is in step with that revision
        item.update(revision=outcome.revision, sha1=local_sha1)
        if outcome.status != "unchanged":
            item["saved"] = outcome.revision
        changed = True
    if changed:
        _write_manifest(folder, manifest)
    return outcome


# -- commands --------------------------------------------------------------------------


class RunLog:
    """A per-page log of a bot run (JSON lines: title, status, revision, time), appended
    and flushed as each outcome is known. A rerun with the same log skips a page done
    (saved, unchanged, skipped) when the wiki still has the revision the log names."""

    DONE = ("saved", "already saved", "unchanged", "skipped")

    def __init__(self, path: str | None) -> None:
        self.path = Path(path) if path else None
        self.revisions: dict[str, int | None] = {}
        if self.path is None or not self.path.exists():
            return
        try:
            lines = self.path.read_text("utf-8").splitlines()
        except OSError as exc:
            raise WikiError(f"{self.path}: unreadable ({exc.strerror or exc})") from None
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:  # a line cut by a kill: the page is done again
                continue
            if not isinstance(entry, dict) or "title" not in entry:
                continue
            if entry.get("status") in self.DONE and not str(entry.get("detail", "")).startswith(
                    "not confirmed"):
                self.revisions[entry["title"]] = entry.get("revision")
            else:
                self.revisions.pop(entry["title"], None)

    def done(self, title: str, revision: int | None) -> bool:
        return title in self.revisions and self.revisions[title] == revision

    def add(self, o: PushOutcome) -> None:
        if self.path is None or o.status == "done":
            return
        import time
        entry = {"title": o.title, "status": o.status, "detail": o.detail,
                 "revision": o.revision, "time": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                               time.gmtime())}
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())


def pywikibot_args(args: list[str]) -> list[str]:
    """pywikibot's ``-name:value`` arguments as argparse reads them (``-pt:5`` -> ``-pt 5``).

    >>> pywikibot_args(["-pt:5", "-maxlag:3", "-simulate", "Page:A/1"])
    ['-pt', '5', '-maxlag', '3', '-simulate', 'Page:A/1']
    """
    out = []
    for a in args:
        head, colon, value = a.partition(":")
        if colon and head in ("-pt", "-maxlag", "-log", "-skip-level") and value:
            out += [head, value]
        else:
            out.append(a)
    return out


def write_user_config(folder: Path, api: str, user: str, family: str = "labwiki") -> Path:
    """A pywikibot ``user-config.py`` in ``folder`` for the wiki at ``api`` (an AutoFamily,
    no throttling: meant for a wiki on loopback). The password goes in
    ``folder/user-password.py``, which the caller writes (``('User', 'password')``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "user-config.py"
    path.write_text(
        f"family_files[{family!r}] = {api!r}\n"
        f"family = {family!r}\nmylang = {family!r}\n"
        f"usernames[{family!r}][{family!r}] = {user!r}\n"
        "password_file = 'user-password.py'\n"
        "put_throttle = 0\nminthrottle = 0\n"
        "if 'write_maxlag' in globals():  # pywikibot 11.8 and later\n"
        "    read_maxlag = 0\n    write_maxlag = 0\nelse:\n    maxlag = 0\n"
        "max_retries = 1\nretry_wait = 1\n", encoding="utf-8")
    return path
