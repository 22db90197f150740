"""``wstools corpus``: build, list, show or check the rule corpus."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import InputError


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("corpus", help="build, list, show or check the rule corpus")
    p.add_argument("action", choices=("build", "list", "show", "check"))
    p.add_argument("id", nargs="?", help="printing id for 'show'")
    p.add_argument("law", nargs="?", help="law number for 'show'")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the project's)")
    p.add_argument("--explain", action="store_true", help="for 'build': log every edit")
    p.add_argument("--sources", metavar="DIR", default=str(Path(__file__).resolve().parents[2]
                                                            .parent / "shared"),
                   help="for 'build': the folder with seeds/ and sources/")
    p.set_defaults(func=cmd_corpus)


def cmd_corpus(args: argparse.Namespace) -> int:
    from ..corpus import store
    folder = Path(args.corpus) if args.corpus else store.default_corpus_dir()
    if args.action == "build":
        from ..corpus.build import build
        shared = Path(args.sources)
        if not shared.is_dir():
            raise InputError(str(shared), "sources folder does not exist (give --sources "
                             "DIR, the folder holding seeds/ and sources/)")
        reports = build(shared, folder, log=print, explain=args.explain)
        edits = sum(len(r.edits) for r in reports)
        print(f"{len(reports)} printings, {sum(r.laws for r in reports)} laws, {edits} edits")
        return 0
    if args.action == "check":
        from ..corpus.check import check
        if not folder.is_dir():
            raise InputError(str(folder), "corpus folder does not exist")
        diags = check(folder)
        for d in diags:
            print(d.format())
        print(f"corpus check: {len(diags)} problems" if diags else "corpus check: ok",
              file=sys.stderr)
        return 1 if diags else 0
    try:
        printings = store.load(folder)
    except (FileNotFoundError, store.CorpusError) as exc:
        raise InputError(str(folder), str(exc)) from None
    if args.action == "list":
        for p in printings:
            laws = p.parse().laws
            numbers = [law.number for law in laws if law.number is not None]
            span = f"{min(numbers)}-{max(numbers)}" if numbers else "-"
            print(f"{p.id}\t{p.metadata.get('game', '')}\t{p.metadata['year']}\t"
                  f"{len(laws)} laws ({span})\t{p.metadata['title']}")
        return 0
    # show
    match = [p for p in printings if p.id == args.id]
    if not match:
        print(f"wstools corpus show: no printing {args.id!r}", file=sys.stderr)
        return 2
    p = match[0]
    from ..laws import render
    code = p.parse().code
    if args.law:
        law = code.law(args.law)
        if law is None:
            print(f"wstools corpus show: {p.id} has no law {args.law}", file=sys.stderr)
            return 2
        from ..laws.model import Section
        section = next((s for s in code.sections if law in s.laws), Section())
        from ..laws.model import Code as _Code
        print(render.to_text([_Code(sections=[Section(section.heading, [law])])]), end="")
        return 0
    for k, v in p.metadata.items():
        print(f"{k}: {v}")
    print()
    print(render.to_text([code]), end="")
    return 0
