"""``wstools expand``: templates expanded to wikitext, plain text or HTML."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..io.inputs import read_input
from ..io.output import write_output
from .common import add_common, print_diagnostics, registry_from


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("expand", help="expand templates to wikitext, plain text or HTML")
    p.add_argument("file", metavar="FILE", help="wikitext file, or - for standard input")
    p.add_argument("--to", choices=("wikitext", "text", "html"), default="wikitext")
    p.add_argument("--standalone", action="store_true", help="with --to html: a whole page, "
                   "the templates' stylesheet (wstools.css) embedded in it, so that it keeps "
                   "its styles wherever it is copied")
    p.add_argument("--stylesheet", metavar="HREF", help="with --standalone: link the "
                   "stylesheet at this address instead of embedding wstools.css")
    p.add_argument("--article-path", default="/wiki/$1", help="with --to html: where wiki "
                   "links point ($1 is the title; default /wiki/$1)")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically) instead "
                   "of standard output")
    add_common(p, max_bytes)
    p.set_defaults(func=cmd_expand)


def cmd_expand(args: argparse.Namespace) -> int:
    from ..diagnostics import locate
    registry = registry_from(args)
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    if args.to == "text":
        from ..wikitext.plain import TextRenderer
        result = TextRenderer(registry, args.title).render(text)
        out, diags = result.text, result.diagnostics
    elif args.to == "html":
        from ..wikitext.html import HtmlRenderer, page_css, standalone_page
        rendered = HtmlRenderer(registry, args.title, article_path=args.article_path).render(text)
        out, diags = rendered.html, rendered.diagnostics
        if args.standalone:
            out = standalone_page(out, args.title or Path(name).stem, args.stylesheet,
                                  None if args.stylesheet else page_css(registry))
    else:
        from ..wikitext.expand import Expander
        expansion = Expander(registry, args.title).expand(text)
        out, diags = expansion.text, expansion.diagnostics
    locate(diags, text, name)
    if args.format == "json":
        from ..diagnostics import finding_item
        write_output(args.output, json.dumps(
            {"file": name, "title": args.title, "to": args.to, "text": out,
             "diagnostics": [finding_item(d) for d in diags]}, ensure_ascii=False, indent=1))
    else:
        write_output(args.output, out)
    print_diagnostics(diags, args.format)
    return 1 if any(d.severity == "error" for d in diags) else 0
