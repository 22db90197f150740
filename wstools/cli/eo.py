"""``wstools eo``: read an executive order (``show``) or format many into the EO templates
(``format``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


def cmd_eo(args: argparse.Namespace) -> int:
    from ..eo.bulk import input_files, run, summary
    from ..eo.format import DEFAULT_NOTES, FormatOptions, read_metadata
    from ..eo.read import OrderError, read_order
    from ..errors import InputError
    from ..io.inputs import read_bytes, read_input

    if args.action == "show":
        data = read_bytes(args.files[0], args.max_bytes)
        try:
            order = read_order(data, args.files[0])
        except OrderError as exc:
            raise InputError(args.files[0], str(exc)) from None
        print(json.dumps(order.to_dict(), ensure_ascii=False, indent=1))
        return 0
    if not args.output:
        raise InputError("-", "eo format needs -o OUTDIR")
    options = FormatOptions(notes=DEFAULT_NOTES)
    if args.meta:
        if os.path.exists(args.meta) and not os.path.isfile(args.meta):
            raise InputError(args.meta, "not a regular file")
        try:
            options.metadata = read_metadata(args.meta)
        except (OSError, ValueError, KeyError) as exc:
            raise InputError(args.meta, f"cannot read the metadata CSV: {exc}") from None
    if args.notes_template:
        options.notes = read_input(args.notes_template)
    files = input_files(args.files)
    if not files:
        raise InputError(" ".join(args.files), "no order files found")
    missing = [f for f in files if not f.exists()]
    for f in missing:
        print(InputError(str(f), "no such file").format(), file=sys.stderr)
    files = [f for f in files if f.exists()]
    # a progress bar only where a person watches it (not into a log)
    progress = not args.quiet and len(files) > 1 and sys.stderr.isatty()
    outcomes = run(files, Path(args.output), options, args.jobs, not args.no_lint,
                   progress=progress)
    for o in outcomes:
        if not o.ok:
            print(f"{o.file}:1:1: input-error {o.error} (skipped)", file=sys.stderr)
        for w in o.warnings if args.verbose else []:
            print(f"{o.file}: warning {w}", file=sys.stderr)
        for w in o.flags:
            print(f"{o.file}: flag {w}", file=sys.stderr)
        for finding in o.lint:
            print(f"{o.file}: lint {finding}", file=sys.stderr)
    print(summary(outcomes))
    if missing or any(not o.ok for o in outcomes):
        return 2
    return 1 if any(o.lint for o in outcomes) else 0


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("eo", help="executive orders: read (show) and format into the EO "
                       "templates (format)")
    p.add_argument("action", choices=("format", "show"))
    p.add_argument("files", metavar="FILE|DIR", nargs="+", help="an order in any shape it "
                   "was printed in: GPO Federal Register .htm, the Federal Register's XML, "
                   "federalregister.gov text or JSON, text from a PDF, a copied Wikisource "
                   "or American Presidency Project page, plain or hard-wrapped text; "
                   "folders are read whole")
    p.add_argument("-o", "--output", metavar="OUTDIR", help="format: write here")
    p.add_argument("--meta", metavar="CSV", help="format: number,white_house_url,"
                   "white_house_date,index[,first_scan_page,status] for the notes")
    p.add_argument("--notes-template", metavar="FILE", help="format: the notes' wording, "
                   "with {president} {ordinal} {presidency} {number} {white_house_date} "
                   "{white_house} (linked) {white_house_url} {publication_date} {register_url} "
                   "{citation} {scan}")
    p.add_argument("--jobs", type=int, default=1, help="format: parallel processes")
    p.add_argument("--no-lint", action="store_true", help="format: skip linting the output")
    p.add_argument("--quiet", action="store_true", help="format: no progress bar")
    p.add_argument("--verbose", action="store_true", help="format: list the readers' warnings")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_eo)
