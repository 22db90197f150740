"""``wstools clean``: OCR and web-reprint cleanup, every edit explained."""

from __future__ import annotations

import argparse
import json
import sys

from ..io.inputs import read_input
from ..io.output import write_output
from .common import FIX_NAMES_HELP, LAW_CHOICES, UsageError, corpus_index


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("clean", help="clean OCR or web-reprint text, explaining each edit",
                       epilog=FIX_NAMES_HELP)
    p.add_argument("file", metavar="FILE", help="text file, or - for standard input")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--fixes", metavar="A,B", help="comma-separated fixes to apply, in order "
                   "(default: all but the opt-in ones, boilerplate); the names are below")
    p.add_argument("--rules", metavar="SPEC", help="+name adds an opt-in fix (boilerplate), "
                   "-name drops a default one (comma-separated; the names are below)")
    p.add_argument("--law", choices=tuple(LAW_CHOICES), default="auto", help="whether the "
                   "text is a law code, where boilerplate may run (default: from its law "
                   "numbers)")
    p.add_argument("--unwrap", action="store_true", help="join hard-wrapped paragraph lines")
    p.add_argument("--dash", default="—", help="what '--' becomes (default: em dash); a "
                   "spaced ' -- ' between words keeps its spaces")
    p.add_argument("--quotes", choices=("keep", "straight", "curly"), default="keep")
    p.add_argument("--italics", choices=("wiki", "strip"), default="wiki")
    p.add_argument("--keep-space-before", action="store_true",
                   help="keep the space before ; : ? ! (French spacing)")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder for the word list")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_clean)


def cmd_clean(args: argparse.Namespace) -> int:
    from ..text import pipeline
    from ..wikitext.markup import clean_text_nodes, is_formatted
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    index = corpus_index(args)
    options = pipeline.Options(dash=args.dash, quotes=None if args.quotes == "keep"
                               else args.quotes, italics=args.italics,
                               space_before="" if args.keep_space_before else ",;:?!.")
    if index is not None:
        options.vocabulary = index.vocabulary
    options.law = LAW_CHOICES[args.law]
    try:
        fixes = [f.strip() for f in args.fixes.split(",")] if args.fixes else \
            pipeline.default_fixes(args.rules or "")
        if args.unwrap and "unwrap" not in fixes:
            fixes.insert(1, "unwrap")
        if is_formatted(text):
            # wikitext a person wrote: the fixes touch its text nodes, never its markup; its
            # blank lines are the layout a person chose (four of them render a spacer), so
            # the whitespace fix stays out unless asked for by name
            if not args.fixes:
                fixes = [f for f in fixes if f != "whitespace"]
            result = clean_text_nodes(text, fixes, options)
        else:
            result = pipeline.clean(text, fixes, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        from ..diagnostics import edit_item
        write_output(args.output, json.dumps(
            {"file": name, "text": result.text, "edits": [edit_item(e, name) for e in result.edits],
             "marks": [m.__dict__ for m in result.marks]}, ensure_ascii=False, indent=1))
    else:
        write_output(args.output, result.text)
    if args.explain:  # on standard error with either format, as proofread and repair do
        for e in result.edits:
            print(f"{name}:{e.line}:{e.column}: {e.rule} {e.old!r} -> {e.new!r} "
                  f"({e.confidence:.2f}) {e.evidence}", file=sys.stderr)
        print(f"{name}: {len(result.edits)} edits", file=sys.stderr)
    return 0
