"""Pages on a real wiki, through pywikibot only: its ``user-config.py`` (``$PYWIKIBOT_DIR``),
families, throttle and login. Passwords stay in pywikibot's password file; wstools never
reads, prints or stores them.

``pull`` writes each page to ``DIR/<title>.wiki`` and records in ``DIR/pulled.json`` the
revision it was pulled at. ``push`` shows a diff for each changed file, refuses to save a
page that changed on the wiki since it was pulled (an edit conflict, reported), and saves the
others, setting the proofreading level (and the pushing user) on the pages edited since the
pull when asked.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

MANIFEST = "pulled.json"


class WikiError(Exception):
    """A wiki that cannot be reached or logged in to; reported without a traceback."""


def _pywikibot():  # noqa: ANN202 - the module
    try:
        import pywikibot
        from pywikibot import config  # noqa: F401
    except ImportError as exc:
        raise WikiError(f"pywikibot is not installed: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - pywikibot's config errors are plain exceptions
        raise WikiError(f"pywikibot configuration: {exc}") from None
    return pywikibot


def site(login: bool = False):  # noqa: ANN201 - pywikibot.BaseSite
    """The wiki ``user-config.py`` names; logged in when ``login``."""
    pywikibot = _pywikibot()
    from pywikibot import exceptions as exc
    try:
        s = pywikibot.Site()
        if login:
            s.login()
            if not s.logged_in():
                raise WikiError("login failed: check the user name and the password file "
                                "named in user-config.py")
    except WikiError:
        raise
    except (exc.NoUsernameError, exc.APIError) as e:
        raise WikiError(f"login failed: {_without_secrets(e)}") from None
    except exc.Error as e:
        raise WikiError(f"wiki error: {_without_secrets(e)}") from None
    except (ConnectionError, OSError) as e:
        raise WikiError(f"cannot reach the wiki: {e}") from None
    return s


def _without_secrets(e: Exception) -> str:
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


def pull(titles: list[str], folder: Path, log=print) -> tuple[list[Pulled], list[str]]:  # noqa: ANN001
    """Fetch ``titles`` into ``folder``; returns what was pulled and the titles missing."""
    pywikibot = _pywikibot()
    s = site()
    folder.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(folder)
    pulled, missing = [], []
    for title in titles:
        page = pywikibot.Page(s, title)
        if not page.exists():
            missing.append(title)
            log(f"{title}: does not exist on {s}")
            continue
        text = page.text
        rev = page.latest_revision
        item = Pulled(page.title(), file_name(page.title()), rev.revid, str(rev.timestamp))
        _atomic_write(folder / item.file, text)
        manifest[item.title] = {"file": item.file, "revision": item.revision,
                                "timestamp": item.timestamp, "sha1": _sha1(text)}
        pulled.append(item)
        log(f"{item.title}: revision {item.revision} -> {folder / item.file}")
    _atomic_write(folder / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return pulled, missing


def _sha1(text: str) -> str:
    import hashlib
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _read_manifest(folder: Path) -> dict:
    path = folder / MANIFEST
    if not path.exists():
        return {}
    return json.loads(path.read_text("utf-8"))


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def diff(old: str, new: str, title: str) -> str:
    """A unified diff of a page's text."""
    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                        f"{title} (wiki)", f"{title} (local)"))


@dataclass
class PushOutcome:
    title: str
    status: str  # saved, unchanged, conflict, missing, dry-run, error
    detail: str = ""


def _with_level(text: str, level: int | None, user: str) -> str:
    if level is None:
        return text
    from .page import read_page
    page = read_page(text)
    page.level, page.user = level, user
    return page.wikitext()


def save_page(page, text: str, summary: str, expected_revision: int | None,  # noqa: ANN001
              dry_run: bool, out=sys.stdout) -> PushOutcome:  # noqa: ANN001
    """Save ``text`` to ``page`` unless it changed since ``expected_revision``."""
    from pywikibot import exceptions as exc
    title = page.title()
    current = page.text if page.exists() else ""
    if expected_revision is not None and page.exists() and \
            page.latest_revision_id != expected_revision:
        return PushOutcome(title, "conflict", f"changed on the wiki since it was pulled "
                           f"(revision {expected_revision}, now {page.latest_revision_id}); "
                           "pull it again and redo the changes")
    if text.rstrip() == current.rstrip():
        return PushOutcome(title, "unchanged")
    print(diff(current, text, title), file=out, end="")
    if dry_run:
        return PushOutcome(title, "dry-run", "not saved (--dry-run)")
    page.text = text
    try:
        page.save(summary=summary, bot=True, quiet=True)
    except exc.EditConflictError:
        return PushOutcome(title, "conflict", "edit conflict while saving")
    except exc.Error as e:
        return PushOutcome(title, "error", _without_secrets(e))
    return PushOutcome(title, "saved", f"revision {page.latest_revision_id}")


def push(folder: Path, summary: str, level: int | None = None, dry_run: bool = False,
         out=sys.stdout) -> list[PushOutcome]:  # noqa: ANN001
    """Save the changed files of a pulled ``folder``; see the module docstring."""
    pywikibot = _pywikibot()
    manifest = _read_manifest(folder)
    if not manifest:
        raise WikiError(f"{folder}: no {MANIFEST}; pull pages into it first")
    s = site(login=not dry_run)
    user = s.username() or ""
    outcomes = []
    for title, item in manifest.items():
        path = folder / item["file"]
        if not path.exists():
            outcomes.append(PushOutcome(title, "missing", f"{path} is gone"))
            continue
        text = path.read_text("utf-8")
        if item.get("sha1") == _sha1(text):
            outcomes.append(PushOutcome(title, "unchanged", "not edited since the pull"))
            continue
        text = _with_level(text, level, user)
        page = pywikibot.Page(s, title)
        outcome = save_page(page, text, summary, item.get("revision"), dry_run, out)
        if outcome.status == "saved":
            item["revision"] = page.latest_revision_id
            item["sha1"] = _sha1(text)
        outcomes.append(outcome)
    if not dry_run:
        _atomic_write(folder / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False)
                      + "\n")
    return outcomes


# -- commands --------------------------------------------------------------------------


def _report(outcomes: list[PushOutcome]) -> int:
    for o in outcomes:
        print(f"{o.title}: {o.status}{': ' + o.detail if o.detail else ''}", file=sys.stderr)
    bad = [o for o in outcomes if o.status in ("conflict", "error", "missing")]
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    print(", ".join(f"{n} {k}" for k, n in counts.items()) or "nothing to do", file=sys.stderr)
    return 1 if bad else 0


def cmd_wiki(args: argparse.Namespace) -> int:
    from .cli import InputError
    try:
        if args.action == "pull":
            if args.index:
                titles = index_titles(args.index, args.range or "1")
            else:
                titles = args.titles
            if not titles or not args.output:
                raise InputError("-", "wiki pull needs TITLE... or --index INDEX --range A-B, "
                                 "and -o DIR")
            pulled, missing = pull(titles, Path(args.output),
                                   log=lambda s: print(s, file=sys.stderr))
            print(f"{len(pulled)} pulled, {len(missing)} missing", file=sys.stderr)
            return 1 if missing else 0
        if not args.titles or len(args.titles) != 1:
            raise InputError("-", "wiki push needs the DIR of a pull")
        return _report(push(Path(args.titles[0]), args.summary, args.level, args.dry_run))
    except WikiError as exc:
        print(f"wstools wiki: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        raise InputError("-", str(exc)) from None


def cmd_proofread_wiki(args: argparse.Namespace) -> int:
    """``wstools proofread --wiki TITLE...``: fetch, proofread, show the diff, save."""
    from .cli_proofread import _repairer, conventions_from
    from .page import read_page
    from .proofread import proofread_page
    try:
        pywikibot = _pywikibot()
        s = site(login=not args.dry_run)
        repairer = _repairer(args)
        conventions = conventions_from(args)
        if not conventions.user:
            conventions.user = s.username() or ""
        outcomes = []
        for title in args.wiki:
            page = pywikibot.Page(s, title)
            if not page.exists():
                outcomes.append(PushOutcome(title, "missing", "does not exist"))
                continue
            revision = page.latest_revision_id
            result = proofread_page(read_page(page.text), title=page.title(),
                                    repairer=repairer, conventions=conventions,
                                    file=page.title())
            print(f"{page.title()}: {result.summary()}", file=sys.stderr)
            if args.explain:
                from .cli_proofread import explain_lines
                for line in explain_lines(page.title(), result):
                    print(line, file=sys.stderr)
            outcomes.append(save_page(page, result.page.wikitext(), args.summary,
                                      revision, args.dry_run))
        return _report(outcomes)
    except WikiError as exc:
        print(f"wstools wiki: {exc}", file=sys.stderr)
        return 2


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("wiki", help="pull pages from a wiki and push them back (pywikibot)")
    p.add_argument("action", choices=("pull", "push"))
    p.add_argument("titles", metavar="TITLE|DIR", nargs="*", help="pull: page titles; "
                   "push: the folder a pull wrote")
    p.add_argument("--index", help="pull: an Index (Index:Book.djvu) whose pages to pull")
    p.add_argument("--range", help="pull with --index: pages, e.g. 600-620 or 1,3,5-7")
    p.add_argument("-o", "--output", metavar="DIR", help="pull: where to write the pages")
    p.add_argument("--summary", default="wstools", help="push: the edit summary")
    p.add_argument("--level", type=int, choices=(0, 1, 2, 3, 4), help="push: set this "
                   "proofreading level (and the pushing user) on each page")
    p.add_argument("--dry-run", action="store_true", help="push: show the diffs, save nothing")
    p.set_defaults(func=cmd_wiki)


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
        "put_throttle = 0\nminthrottle = 0\nread_maxlag = 0\nwrite_maxlag = 0\n"
        "max_retries = 1\nretry_wait = 1\n", encoding="utf-8")
    return path
