"""``wstools proofread``: one page (a file or stdin), a dump (``--dump``) or wiki pages
(``--wiki``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .page import read_page


def conventions_from(args: argparse.Namespace):  # noqa: ANN201 - Conventions
    from .proofread import Conventions
    return Conventions(header=args.header, heading=args.heading, law_number=args.law_number,
                       nop="" if args.no_nop else "{{nop}}", level=args.level,
                       user=args.user or "")


def fixes_from(args: argparse.Namespace) -> tuple[str, ...]:
    """The cleanup fixes named by ``--fixes`` (checked against the known names)."""
    from .cli import InputError
    from .text.pipeline import FIXES
    names = tuple(n.strip() for n in (getattr(args, "fixes", "") or "").split(",") if n.strip())
    unknown = [n for n in names if n not in FIXES]
    if unknown:
        raise InputError("-", f"unknown fix {unknown[0]!r}; known: {', '.join(FIXES)}")
    return names


def _repairer(args: argparse.Namespace):  # noqa: ANN202 - Repairer
    from .cli import InputError
    from .corpus.store import CorpusError, default_corpus_dir
    from .repair.repair import Repairer
    folder = Path(args.corpus) if args.corpus else default_corpus_dir()
    if not folder.is_dir():
        raise InputError(str(folder), "corpus folder does not exist (proofread needs one)")
    try:
        return Repairer.load(folder)
    except CorpusError as exc:
        raise InputError(str(folder), str(exc)) from None


def explain_lines(name: str, result) -> list[str]:  # noqa: ANN001 - ProofreadResult
    """``file:line:col: rule 'old' -> 'new' (confidence) evidence`` for every edit, then the
    flags and the diagnostics."""
    out = [f"{name}:{e.line}:{e.column}: {e.rule} {e.old!r} -> {e.new!r} "
           f"({e.confidence:.2f}) {e.evidence}" for e in result.edits]
    out += [f"{name}:{f.line}:{f.column}: suspect {f.old!r} left as printed ({f.evidence})"
            for f in result.flags]
    out += [d.format() for d in result.diagnostics]
    return out


def cmd_proofread(args: argparse.Namespace) -> int:
    from .cli import InputError, read_input, write_output
    if args.dump:
        from .bulk import run_dump
        return run_dump(args)
    if args.wiki:
        from .wiki import cmd_proofread_wiki
        return cmd_proofread_wiki(args)
    if not args.file:
        raise InputError("-", "give a FILE (or - for standard input), --dump or --wiki")
    from .proofread import proofread_page
    from .repair.report import review_page
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    conventions = conventions_from(args)
    page = read_page(text)
    result = proofread_page(page, title=args.title or None, repairer=_repairer(args),
                            conventions=conventions, file=name, fixes=fixes_from(args))
    if page._stored.get("bare") is False:
        # the body of a stored page starts after its header: report input positions
        shift = text.find(page.body) if page.body else 0
        result.edits = _shifted(result.edits, shift, text)
        result.flags = _shifted(result.flags, shift, text)
    if args.format == "json":
        write_output(args.output, json.dumps({
            "file": name, "title": result.title, "page": result.page.to_dict(),
            "wikitext": result.page.wikitext(),
            "edits": [e.as_dict() for e in result.edits],
            "flags": [f.as_dict() for f in result.flags],
            "diagnostics": [d.as_dict() for d in result.diagnostics],
            "laws": result.laws, "headings": result.headings}, ensure_ascii=False, indent=1))
    else:
        write_output(args.output, result.page.wikitext() + "\n")
    if args.report and result.repair is not None:
        stem = Path(name).stem if args.file != "-" else "stdin"
        write_output(args.report, review_page(result.repair, f"{stem}.repaired.txt"))
    if args.explain:
        for line in explain_lines(name, result):
            print(line, file=sys.stderr)
    elif result.diagnostics:
        for d in result.diagnostics:
            print(d.format(), file=sys.stderr)
    print(f"{name}: {result.summary()}", file=sys.stderr)
    return 0 if result.lint_clean else 1


def _shifted(edits: list, shift: int, text: str) -> list:
    from dataclasses import replace

    from .edits import with_positions
    return with_positions([replace(e, start=e.start + shift, end=e.end + shift)
                           for e in edits], text)


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("proofread", help="the main job: an OCR'd Page: in, the page to save "
                       "out (running header, repaired text, one law a paragraph, lint)")
    p.add_argument("file", metavar="FILE", nargs="?", help="the page's OCR text or stored "
                   "Page: wikitext, or - for standard input")
    p.add_argument("--title", default="", help="the page title, e.g. 'Page:The American "
                   "Cyclopædia (1879) Volume XVI.djvu/624' (default: the title line of a "
                   "copied page, if any)")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the project's)")
    p.add_argument("--level", type=int, choices=(0, 1, 2, 3, 4), default=None,
                   help="proofreading level to save with (default: the page's own, never "
                   "lowered; 1 for new OCR text)")
    p.add_argument("--user", default="", help="who sets the level, named in <pagequality> "
                   "when the level changes (default: the page's own user is kept)")
    p.add_argument("--fixes", default="", metavar="A,B", help="on a page that is not OCR "
                   "(level 3 or 4, or formatted wikitext, which proofread otherwise leaves "
                   "as it is): apply these cleanup fixes to its text, never to markup "
                   "(names as in 'wstools clean --fixes')")
    p.add_argument("--header", choices=("rh", "rvh"), default="rh", help="running header "
                   "template: rh (number left on even pages, right on odd) or rvh")
    p.add_argument("--heading", default="{{c|{{sc|$1}}}}", metavar="TEMPLATE",
                   help="how headings are written; $1 is the heading (default {{c|{{sc|$1}}}})")
    p.add_argument("--law-number", default="$1. ", metavar="FORM", help="how a law number "
                   "opens its paragraph (default '$1. '; \"'''$1.''' \" for bold)")
    p.add_argument("--no-nop", action="store_true", help="no {{nop}} when the last paragraph "
                   "ends on the page")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically)")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--report", metavar="HTML", help="write a review page of the repairs")
    p.add_argument("--dump", metavar="XML", help="proofread every page of a MediaWiki XML "
                   "dump (.xml, .xml.bz2, .xml.gz); -o names the output dump")
    p.add_argument("--namespace", type=int, help="with --dump: the Page: namespace number "
                   "(default: the one named Page in the dump's siteinfo, else 104)")
    p.add_argument("--jobs", type=int, default=1, help="with --dump: parallel processes")
    p.add_argument("--engine", choices=("processes", "dask"), default="processes",
                   help="with --dump: where the pages are proofread")
    p.add_argument("--scheduler", metavar="ADDR", help="with --engine dask: the Dask "
                   "scheduler's address (tcp://host:8786)")
    p.add_argument("--report-json", metavar="JSON", help="with --dump: write the run's report "
                   "here (default: OUT.summary.json)")
    p.add_argument("--limit", type=int, help="with --dump: stop after this many pages")
    p.add_argument("--page-timeout", type=float, default=60.0, metavar="S", help="with "
                   "--dump: a page taking longer is reported and skipped (default 60; 0: none)")
    p.add_argument("--max-decompressed", type=float, metavar="MiB", help="with --dump: stop "
                   "a .bz2/.gz dump that decompresses to more (default: max(256, 100 times "
                   "its size); 0: none)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--wiki", metavar="TITLE", nargs="+", help="proofread these pages on the "
                   "wiki pywikibot is configured for and save them")
    p.add_argument("--summary", default="wstools proofread", metavar="S",
                   help="with --wiki: the edit summary (as on every command that saves)")
    p.add_argument("--dry-run", action="store_true", help="with --wiki: show the diff, save "
                   "nothing")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_proofread)
