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
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MANIFEST = "pulled.json"


class WikiError(Exception):
    """A wiki that cannot be reached or logged in to; reported without a traceback."""


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
    config_dir()  # before the import: importing pywikibot without a config has effects
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
    try:
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
    finally:  # interrupted too: the files written so far are recorded
        _write_manifest(folder, manifest)
    return pulled, missing


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


@dataclass
class PushOutcome:
    title: str
    status: str  # saved, already saved, unchanged, conflict, deleted, missing, dry-run, error
    detail: str = ""
    revision: int | None = None  # the wiki's revision after this outcome, when known


BAD = ("conflict", "deleted", "error", "missing")  # the outcomes that make the exit code 1
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
              saved_before: str | None = None, before_save=None) -> PushOutcome:  # noqa: ANN001
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
    ``before_save`` (if given) is called just before the save request.
    """
    from pywikibot import exceptions as exc
    title = page.title()
    try:
        exists = page.exists()
        current = page.text if exists else ""
        revision = page.latest_revision_id if exists else None
    except exc.Error as e:
        return PushOutcome(title, "error", _without_secrets(e))
    refused = refusal(title, text, current if exists else None, revision, expected_revision,
                      level_asked=level_asked, saved_before=saved_before,
                      parent_id=lambda: _parent_id(page))
    if refused is not None:
        return refused
    print(diff(current, text, title), file=out, end="", flush=True)
    if dry_run:
        return PushOutcome(title, "dry-run", "not saved (--dry-run)", revision)
    if before_save is not None:
        before_save()
    page.text = text
    try:
        page.save(summary=summary, bot=True, minor=False, quiet=True)
    except exc.EditConflictError:
        return PushOutcome(title, "conflict", "edit conflict while saving", revision)
    except exc.Error as e:
        return PushOutcome(title, "error", _without_secrets(e), revision)
    return PushOutcome(title, "saved", f"revision {page.latest_revision_id}",
                       page.latest_revision_id)


def push(folder: Path, summary: str, level: int | None = None, dry_run: bool = False,
         out=sys.stdout, report=None) -> list[PushOutcome]:  # noqa: ANN001
    """Save the changed files of a pulled ``folder`` with the edit summary ``summary``; see
    the module docstring. ``report`` is called with each outcome as soon as it is known.

    ``pulled.json`` is rewritten after every save (and before it, with the hash of the text
    about to be saved), so that an interruption loses nothing: run again, the pages saved
    are ``already saved`` and the others are pushed."""
    pywikibot = _pywikibot()
    manifest = _read_manifest(folder)
    if not manifest:
        raise WikiError(f"{folder}: no {MANIFEST}; pull pages into it first")
    s = site(login=not dry_run)
    user = s.username() or ""
    outcomes = []
    for title, item in manifest.items():
        outcome = _push_one(pywikibot, s, folder, title, item, summary, level, user,
                            dry_run, out, manifest)
        outcomes.append(outcome)
        if report is not None:
            report(outcome)
    return outcomes


def _push_one(pywikibot, s, folder: Path, title: str, item: dict, summary: str,  # noqa: ANN001
              level: int | None, user: str, dry_run: bool, out,  # noqa: ANN001
              manifest: dict) -> PushOutcome:
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
                        before_save=before_save)
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


def _print_outcome(o: PushOutcome) -> None:
    print(f"{o.title}: {o.status}{': ' + o.detail if o.detail else ''}", file=sys.stderr,
          flush=True)


def _summary(outcomes: list[PushOutcome]) -> int:
    """The counts line (``2 saved, 1 unchanged``) on stderr; the exit code."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    print(", ".join(f"{n} {k}" for k, n in counts.items()) or "nothing to do", file=sys.stderr,
          flush=True)
    return 1 if any(o.status in BAD for o in outcomes) else 0


def _interrupted(outcomes: list[PushOutcome], what: str) -> int:
    _summary(outcomes)
    print(f"wstools wiki: interrupted; {what}", file=sys.stderr, flush=True)
    return 130


def cmd_wiki_pull(args: argparse.Namespace) -> int:
    from .cli import InputError
    try:
        titles = index_titles(args.index, args.range or "1") if args.index else args.titles
        if args.index and args.titles:
            raise InputError("-", "wiki pull takes TITLE... or --index INDEX, not both")
        if args.range and not args.index:
            raise InputError("-", "wiki pull --range goes with --index INDEX")
        if not titles:
            raise InputError("-", "wiki pull needs TITLE... or --index INDEX --range A-B")
        pulled, missing = pull(titles, Path(args.output),
                               log=lambda s: print(s, file=sys.stderr, flush=True))
    except WikiError as exc:
        print(f"wstools wiki: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        raise InputError("-", str(exc)) from None
    print(f"{len(pulled)} pulled, {len(missing)} missing", file=sys.stderr)
    return 1 if missing else 0


def cmd_wiki_push(args: argparse.Namespace) -> int:
    outcomes: list[PushOutcome] = []

    def report(o: PushOutcome) -> None:
        outcomes.append(o)
        _print_outcome(o)
    try:
        push(Path(args.folder), args.summary, args.level, args.dry_run, report=report)
    except WikiError as exc:
        print(f"wstools wiki: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted(outcomes, f"{MANIFEST} records every save made: run the same "
                            "push again to save the rest")
    except BrokenPipeError:  # the diffs' reader went away (| head): stopped before a save
        try:
            _interrupted(outcomes, f"output closed; {MANIFEST} records every save made: run "
                         "the same push again to save the rest")
        except OSError:
            pass
        raise
    return _summary(outcomes)


def cmd_wiki(args: argparse.Namespace) -> int:
    """``wstools wiki pull|push`` (the parsed arguments of either)."""
    return cmd_wiki_pull(args) if args.action == "pull" else cmd_wiki_push(args)


def cmd_proofread_wiki(args: argparse.Namespace) -> int:
    """``wstools proofread --wiki TITLE...``: fetch, proofread, show the diff, save with the
    edit summary ``--summary``. A page whose proofread text is the wiki's, or differs from it
    only in the proofreading level when ``--level`` was not given, is not saved
    (``unchanged``)."""
    from .cli_proofread import _repairer, conventions_from
    from .page import read_page
    from .proofread import proofread_page
    outcomes: list[PushOutcome] = []

    def report(o: PushOutcome) -> None:
        outcomes.append(o)
        _print_outcome(o)
    try:
        pywikibot = _pywikibot()
        s = site(login=not args.dry_run)
        repairer = _repairer(args)
        conventions = conventions_from(args)
        if not conventions.user:
            conventions.user = s.username() or ""
        for title in args.wiki:
            page = pywikibot.Page(s, title)
            if not page.exists():
                report(PushOutcome(title, "missing", "does not exist"))
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
            report(save_page(page, result.page.wikitext(), args.summary, revision,
                             args.dry_run,
                             level_asked=getattr(args, "level", None) is not None))
    except WikiError as exc:
        print(f"wstools wiki: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted(outcomes, "the pages reported saved are saved")
    return _summary(outcomes)


class _IntermixedParser(argparse.ArgumentParser):
    """Options and positionals in any order (``pull A -o DIR B``): argparse's intermixed
    parsing, for a subcommand (argparse's subparsers call ``parse_known_args``)."""

    _inside = False

    def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201
        if self._inside:
            return super().parse_known_args(args, namespace)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("wiki", help="pull pages from a wiki and push them back (pywikibot)",
                       description="Pages on the wiki pywikibot's user-config.py names "
                       "($PYWIKIBOT_DIR).")
    actions = p.add_subparsers(dest="action", metavar="pull|push", required=True,
                               parser_class=_IntermixedParser)
    pull_p = actions.add_parser("pull", help="fetch pages into a folder (and record their "
                                "revisions in its pulled.json)",
                                description="Fetch pages into DIR as TITLE.wiki files; "
                                "DIR/pulled.json records the revision of each.")
    pull_p.add_argument("titles", metavar="TITLE", nargs="*", help="page titles")
    pull_p.add_argument("--index", help="an Index (Index:Book.djvu) whose pages to pull")
    pull_p.add_argument("--range", help="with --index: pages, e.g. 600-620 or 1,3,5-7")
    pull_p.add_argument("-o", "--output", metavar="DIR", required=True,
                        help="where to write the pages")
    pull_p.set_defaults(func=cmd_wiki_pull)
    push_p = actions.add_parser("push", help="save the files edited since the pull",
                                description="Save the files of DIR edited since the pull, "
                                "showing a diff of each. Refuses pages changed or deleted on "
                                "the wiki since the pull (exit 1). Resumable: pulled.json "
                                "records each save, so an interrupted push can be run again.")
    push_p.add_argument("folder", metavar="DIR", help="the folder a pull wrote")
    push_p.add_argument("--summary", default="wstools", metavar="S",
                        help="the edit summary (default 'wstools')")
    push_p.add_argument("--level", type=int, choices=(0, 1, 2, 3, 4), help="set this "
                        "proofreading level (and the pushing user) on each page saved")
    push_p.add_argument("--dry-run", action="store_true", help="show the diffs, save nothing")
    push_p.set_defaults(func=cmd_wiki_push)
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
