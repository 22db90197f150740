"""``wstools repair``: OCR repaired against the corpus, every edit with its evidence."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..io.inputs import read_input
from ..io.output import write_output
from .common import LAW_CHOICES

if TYPE_CHECKING:
    from ..edits import Edit


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("repair", help="repair OCR against the corpus, explaining each edit")
    p.add_argument("file", metavar="FILE", help="OCR text, or - for standard input")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the project's)")
    p.add_argument("--min-confidence", type=float, default=0.5, metavar="X",
                   help="make only repairs at least this confident (default 0.5)")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--report", metavar="HTML", help="write a review page (accept or reject "
                   "each repair, download the result)")
    p.add_argument("--rules", metavar="SPEC", help="+name turns an opt-in rule on, -name "
                   "turns a rule off (comma-separated; +all: every rule)")
    p.add_argument("--law", choices=tuple(LAW_CHOICES), default="auto", help="whether the "
                   "text is a law code, where rules without a witness may guess (default: "
                   "decided from its law numbers and witnesses)")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_repair)


def cmd_repair(args: argparse.Namespace) -> int:
    from ..corpus.store import CorpusError, default_corpus_dir
    from ..diagnostics import LineIndex
    from ..io.output import check_distinct
    from ..repair.repair import Repairer
    from ..repair.report import review_page
    if args.output and args.report:  # (-o onto the input: refused where it is written)
        check_distinct([args.file], [args.output, args.report])
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    folder = Path(args.corpus) if args.corpus else default_corpus_dir()
    if not folder.is_dir():
        raise InputError(str(folder), "corpus folder does not exist (repair needs one)")
    try:
        repairer = Repairer.load(folder, args.min_confidence, args.rules or "")
    except CorpusError as exc:
        raise InputError(str(folder), str(exc)) from None
    except ValueError as exc:
        print(f"wstools repair: {exc}", file=sys.stderr)
        return 2
    result = repairer.repair(text, law=LAW_CHOICES[args.law])
    lines = LineIndex(text)

    def where(offset: int) -> str:
        line, column = lines.position(result.cleanup.to_source(offset))
        return f"{name}:{line}:{column}"

    if args.format == "json":
        from ..diagnostics import edit_item

        def item(e: Edit) -> dict:  # a repair of the cleaned text, placed in the input
            start, end = result.cleanup.to_source(e.start), result.cleanup.to_source(e.end)
            line, column = lines.position(start)
            return edit_item(e, name, line, column, start, max(start, end))

        write_output(args.output, json.dumps({
            "file": name, "text": result.text,
            "cleanup": [edit_item(e, name) for e in result.cleanup.edits],
            "repairs": [item(e) for e in result.edits],
            "flags": [item(f) for f in result.flags],
            "law": result.law._asdict() if result.law else None},
            ensure_ascii=False, indent=1))
    else:
        write_output(args.output, result.text)
    if args.report:
        stem = Path(name).stem if args.file != "-" else "stdin"
        write_output(args.report, review_page(result, f"{stem}.repaired.txt"))
    if args.explain:
        for e in result.cleanup.edits:
            print(f"{name}:{e.line}:{e.column}: {e.rule} {e.old!r} -> {e.new!r} "
                  f"({e.confidence:.2f}) {e.evidence}", file=sys.stderr)
        for e in result.edits:
            print(f"{where(e.start)}: {e.rule} {e.old!r} -> {e.new!r} ({e.confidence:.2f}) "
                  f"{e.evidence}", file=sys.stderr)
        for f in result.flags:
            print(f"{where(f.start)}: suspect {f.old!r} left as printed ({f.evidence})",
                  file=sys.stderr)
        if result.law is not None:
            print(f"{name}: {result.law.describe()}"
                  + ("" if result.law.law else "; rules without a witness do not guess here"),
                  file=sys.stderr)
    print(f"{name}: {len(result.cleanup.edits)} cleanup edits, {len(result.edits)} repairs, "
          f"{len(result.flags)} flags", file=sys.stderr)
    return 0
