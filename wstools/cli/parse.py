"""``wstools parse``: a code of laws read and exported."""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError
from ..io.inputs import read_input
from ..io.output import write_output
from .common import corpus_index


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("parse", help="parse a code of laws and export it")
    p.add_argument("file", metavar="FILE", help="text or wikitext file, or - for stdin")
    p.add_argument("--shape", choices=("flat", "lines", "wikitext"), help="override the "
                   "detected shape")
    p.add_argument("--to", choices=("json", "text", "lines", "wikitext", "html", "tei", "epub"),
                   default="json")
    p.add_argument("--form", choices=("paragraphs", "ol"), default="paragraphs",
                   help="wikitext form")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (headings, word list)")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_parse)


def cmd_parse(args: argparse.Namespace) -> int:
    from ..laws import render
    from ..laws.parse import parse
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    index = corpus_index(args)
    headings = index.headings if index is not None else ()
    vocabulary = index.vocabulary if index is not None else None
    result = parse(text, args.shape, file=name, headings=headings, vocabulary=vocabulary)
    codes = result.codes
    if args.to == "json":
        out = render.to_json(codes)
    elif args.to == "text":
        out = render.to_text(codes, markup=result.shape == "wikitext")
    elif args.to == "lines":
        out = render.to_lines(codes)
    elif args.to == "wikitext":
        out = render.to_wikitext(codes, args.form, markup=result.shape == "wikitext")
    elif args.to == "html":
        from ..laws.export import to_html
        out = to_html(codes)
    elif args.to == "tei":
        from ..laws.export import to_tei
        out = to_tei(codes)
    else:
        from ..laws.export import write_epub
        if not args.output or args.output == "-":
            raise InputError(name, "EPUB is binary: give -o FILE.epub")
        write_epub(codes, args.output)
        out = None
    if out is not None:
        write_output(args.output, out)
    for d in result.diagnostics:
        print(d.format(), file=sys.stderr)
    if args.explain:
        for e in result.edits:
            print(f"{name}:{e.line}:{e.column}: {e.rule} {e.old!r} -> {e.new!r} "
                  f"({e.confidence:.2f}) {e.evidence}", file=sys.stderr)
    return 1 if any(d.severity == "error" for d in result.diagnostics) else 0
