"""``wstools wiki pull|push``: the command over the library of :mod:`wstools.wiki`
(pywikibot's conventions, pull, push, save), and the pywikibot-style options that
``wstools proofread --wiki`` (:mod:`wstools.cli.proofread`) shares."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import UsageError, reports_unreachable

if TYPE_CHECKING:
    from ..wiki import PushOutcome


def print_outcome(o: PushOutcome) -> None:
    print(f"{o.title}: {o.status}{': ' + o.detail if o.detail else ''}", file=sys.stderr,
          flush=True)


def outcomes_line(outcomes: list[PushOutcome]) -> int:
    """The counts line (``2 saved, 1 unchanged``) on stderr; the exit code."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    print(", ".join(f"{n} {k}" for k, n in counts.items()) or "nothing to do", file=sys.stderr,
          flush=True)
    from ..wiki import BAD
    return 1 if any(o.status in BAD for o in outcomes) else 0


def interrupted(outcomes: list[PushOutcome], what: str) -> int:
    outcomes_line(outcomes)
    print(f"wstools wiki: interrupted; {what}", file=sys.stderr, flush=True)
    return 130


@reports_unreachable
def cmd_wiki_pull(args: argparse.Namespace) -> int:
    from ..wiki import index_pages, pull
    try:
        if args.index and args.titles:
            raise UsageError("wiki pull takes TITLE... or --index INDEX, not both")
        if args.range and not args.index:
            raise UsageError("wiki pull --range goes with --index INDEX")
        if not (args.titles or args.index):
            raise UsageError("wiki pull needs TITLE... or --index INDEX --range A-B")
        log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731
        titles = index_pages(args.index, args.range or "1", log) if args.index \
            else args.titles
        skip = args.skip_level if args.skip_level is not None else (3 if args.index else 5)
        pulled, missing = pull(titles, Path(args.output), log=log, skip_level=skip)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(f"{len(pulled)} pulled, {len(missing)} missing", file=sys.stderr)
    return 1 if missing else 0


@reports_unreachable
def cmd_wiki_push(args: argparse.Namespace) -> int:
    from ..wiki import MANIFEST, BotOptions, Quit, push
    outcomes: list[PushOutcome] = []

    def report(o: PushOutcome) -> None:
        outcomes.append(o)
        print_outcome(o)
    try:
        push(Path(args.folder), args.summary, args.level, args.dry_run, report=report,
             options=BotOptions.from_args(args))
    except Quit:
        return interrupted(outcomes, f"quit at a confirmation; {MANIFEST} records every "
                            "save made")
    except KeyboardInterrupt:
        return interrupted(outcomes, f"{MANIFEST} records every save made: run the same "
                            "push again to save the rest")
    except BrokenPipeError:  # the diffs' reader went away (| head): stopped before a save
        try:
            interrupted(outcomes, f"output closed; {MANIFEST} records every save made: run "
                         "the same push again to save the rest")
        except OSError:
            pass
        raise
    return outcomes_line(outcomes)


def cmd_wiki(args: argparse.Namespace) -> int:
    """``wstools wiki pull|push`` (the parsed arguments of either)."""
    return cmd_wiki_pull(args) if args.action == "pull" else cmd_wiki_push(args)


class _IntermixedParser(argparse.ArgumentParser):
    """Options and positionals in any order (``pull A -o DIR B``): argparse's intermixed
    parsing, for a subcommand (argparse's subparsers call ``parse_known_args``)."""

    _inside = False

    def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201
        if self._inside:
            return super().parse_known_args(args, namespace)
        if args is not None:
            from ..wiki import pywikibot_args
            args = pywikibot_args(args)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False


def add_bot_options(p: argparse.ArgumentParser, saves: bool = True) -> None:
    """pywikibot's conventions on a command that saves: ``-simulate``, ``-always``,
    ``-pt``, ``-maxlag`` (also as ``-pt:N``), the diff style."""
    if saves:
        p.add_argument("--always", "-always", action="store_true", help="save without "
                       "asking (the default when standard input is not a terminal); "
                       "otherwise each page's diff is shown and 'Save? ([y]es, [n]o, [a]ll, "
                       "[q]uit)' asked")
        p.add_argument("--confirm", action="store_true", help="ask before each save even "
                       "when standard input is not a terminal (answers read from it)")
        p.add_argument("--put-throttle", "-pt", type=float, metavar="S", help="seconds "
                       "between saves (pywikibot's put_throttle; default: user-config.py's)")
        p.add_argument("--maxlag", "-maxlag", type=int, metavar="N", help="make the bot wait "
                       "while the wiki's replication lag is over N seconds (pywikibot's "
                       "maxlag; default: user-config.py's, 5)")
        p.add_argument("--diff", choices=("auto", "words", "unified", "pywikibot"),
                       default="auto", help="how each page's diff is shown: pywikibot's own "
                       "(coloured, on a terminal), a word diff ([-old-]{+new+}, in a pipe or "
                       "a log), or a unified diff; default auto")


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
    pull_p.add_argument("--skip-level", "-skip-level", type=int, choices=(1, 2, 3, 4, 5),
                        help="do not pull pages at this proofreading level or above "
                        "(default: 3 with --index, proofread and validated pages being done; "
                        "5, none skipped, for TITLEs named)")
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
    push_p.add_argument("--dry-run", "--simulate", "-simulate", action="store_true",
                        help="show the diffs, save nothing (pywikibot's -simulate)")
    add_bot_options(push_p)
    push_p.set_defaults(func=cmd_wiki_push)
    p.set_defaults(func=cmd_wiki)
