"""``wstools lint`` and ``wstools templates`` (list, show, pull).

Lint exit codes: 0 when no error was found (warnings are printed but do not fail, unless
``--strict``), 1 when one was, 2 on an input error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import add_common

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from ..wikitext.registry import Registry


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    """Register ``lint`` and ``templates`` on the ``wstools`` command."""
    p = sub.add_parser("lint", help="check templates and wikitext structure")
    p.add_argument("files", metavar="FILE", nargs="+", help="wikitext files, - for stdin")
    p.add_argument("--strict", action="store_true", help="warnings fail too (exit 1): "
                   "unknown templates, parameters a template without TemplateData does not "
                   "read, deprecated parameters, odd values")
    add_common(p, max_bytes)
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("templates", help="list the templates, show one's parameters, or "
                       "pull templates from a wiki")
    actions = p.add_subparsers(dest="action", required=True, metavar="list|show|pull")
    q = actions.add_parser("list", help="every template: name, block or inline, shortcuts, "
                           "description")
    add_common(q, max_bytes)
    q = actions.add_parser("show", help="a template's parameters from its TemplateData")
    q.add_argument("name", nargs="?", help="template name (shortcuts work)")
    add_common(q, max_bytes)
    q = actions.add_parser("pull", help="fetch template pages (redirects followed, the "
                           "templates they call, their TemplateData) from a wiki through "
                           "pywikibot into a folder for --templates DIR")
    q.add_argument("names", metavar="NAME", nargs="*", help="the templates to fetch")
    q.add_argument("--wiki", metavar="SITE", required=True, help="the wiki as pywikibot "
                   "names it: 'en.wikisource', 'wikisource:en', or a family of your "
                   "user-config.py")
    q.add_argument("--used-in", metavar="FILE", nargs="+", default=[], help="fetch every "
                   "template these wikitext files call")
    q.add_argument("-o", "--output", metavar="DIR", help="the folder to write (default: "
                   "--templates DIR, else ./templates-SITE)")
    q.add_argument("--no-deps", action="store_true", help="do not fetch the templates the "
                   "pulled ones call")
    add_common(q, max_bytes)
    p.set_defaults(func=cmd_templates)


def _format(d: Diagnostic) -> str:
    return d.format() + (" [warning]" if d.severity == "warning" else "")


def cmd_lint(args: argparse.Namespace) -> int:
    from ..errors import InputError
    from ..io.inputs import read_input
    from ..wikitext.validate import Linter
    from .common import registry_from as _registry

    registry = _registry(args)
    linter = Linter(registry, args.title)
    all_diags: list[Diagnostic] = []
    input_errors = 0
    for path in args.files:
        try:
            text = read_input(path, args.max_bytes)
        except InputError as exc:
            print(exc.format(), file=sys.stderr)
            input_errors += 1
            continue
        name = "<stdin>" if path == "-" else path
        try:
            all_diags.extend(linter.lint(text, name).diagnostics)
        except RecursionError:
            all_diags.append(Diagnostic("depth-limit", "nesting too deep to analyse", 0,
                                        "error", name, 1, 1))
    if args.format == "json":  # the one JSON shape (wstools.diagnostics)
        from ..diagnostics import finding_item
        print(json.dumps({"files": ["<stdin>" if f == "-" else f for f in args.files],
                          "diagnostics": [finding_item(d) for d in all_diags]},
                         ensure_ascii=False, indent=1))
    else:
        for d in all_diags:
            print(_format(d))
    if input_errors:
        return 2
    failing = all_diags if args.strict else [d for d in all_diags if d.severity == "error"]
    return 1 if failing else 0


def cmd_templates(args: argparse.Namespace) -> int:
    if args.action == "pull":
        return cmd_pull(args)
    from .common import registry_from as _registry

    registry = _registry(args)
    if args.action == "list":
        rows = []
        for page in registry.templates():
            name = page.title.removeprefix("Template:")
            shortcuts = [r.removeprefix("Template:") for r in registry.redirects_to(page.title)]
            rows.append({"name": name, "block": registry.is_block(name),
                         "shortcuts": shortcuts,
                         "description": (page.templatedata or {}).get("description", "")})
        if args.format == "json":
            print(json.dumps(rows, ensure_ascii=False, indent=1))
            return 0
        for r in rows:
            kind = "block" if r["block"] else "inline"
            print(f"{r['name']}\t{kind}\t{', '.join(r['shortcuts'])}\t{r['description']}")
        return 0
    if not args.name:
        print("wstools templates show: give a template name", file=sys.stderr)
        return 2
    return _show(registry, args.name, args.format)


def _show(registry: Registry, wanted: str, fmt: str) -> int:
    page = registry.template(wanted)
    if page is None:
        print(f"wstools templates show: no template {wanted!r}", file=sys.stderr)
        return 2
    data = page.templatedata or {}
    if fmt == "json":
        print(json.dumps({"title": page.title, "redirects": registry.redirects_to(page.title),
                          "block": registry.is_block(wanted), "templatedata": data},
                         ensure_ascii=False, indent=1))
        return 0
    name = page.title.removeprefix("Template:")
    print(name)
    shortcuts = [r.removeprefix("Template:") for r in registry.redirects_to(page.title)]
    if shortcuts:
        print("shortcuts: " + ", ".join("{{" + s + "}}" for s in shortcuts))
    print(("block" if registry.is_block(wanted) else "inline") + " template")
    if data.get("description"):
        print(data["description"])
    how = next((line for line in page.source.splitlines() if line.startswith("Rendering ")),
               None)
    if how:  # documented, or inferred (and from what)
        print(how)
    params = data.get("params", {})
    order = data.get("paramOrder") or list(params)
    if params:
        print("\nparameters:")
    for key in order:
        spec = params.get(key, {})
        flags = [f for f in ("required", "suggested") if spec.get(f)]
        if spec.get("deprecated"):
            flags.append("deprecated")
        extra = []
        if spec.get("aliases"):
            extra.append("aliases: " + ", ".join(spec["aliases"]))
        if "default" in spec:
            extra.append(f"default: {spec['default']}")
        if spec.get("suggestedvalues"):
            extra.append("values: " + ", ".join(spec["suggestedvalues"]))
        head = f"  {key} ({spec.get('type', 'unknown')}{', ' if flags else ''}{', '.join(flags)})"
        print(f"{head}  {spec.get('label', '')}: {spec.get('description', '')}")
        if extra:
            print("      " + "; ".join(extra))
    if not params:
        print("\nno parameters")
    return 0


def default_pull_dir(args: argparse.Namespace) -> Path:
    """Where ``templates pull`` writes: ``-o``, else ``--templates``, else ./templates-SITE."""
    if args.output:
        return Path(args.output)
    if args.templates:
        return Path(args.templates)
    return Path("templates-" + str(args.wiki).replace(":", "-").replace("/", "-"))


def cmd_pull(args: argparse.Namespace) -> int:
    """``wstools templates pull --wiki SITE [NAME… | --used-in FILE…]``."""
    from ..errors import InputError
    from ..io.inputs import read_input
    from ..wiki import WikiError, unreachable
    from ..wikitext.pull import pull, site_for, used_templates

    names = list(args.names)
    for path in args.used_in:
        try:
            names.extend(used_templates(read_input(path, args.max_bytes)))
        except InputError as exc:
            print(exc.format(), file=sys.stderr)
            return 2
    if not names:
        print("wstools templates pull: name templates, or files with --used-in",
              file=sys.stderr)
        return 2
    folder = default_pull_dir(args)
    if folder.exists() and not folder.is_dir():
        print(f"{folder}: not a folder", file=sys.stderr)
        return 2
    try:
        site = site_for(args.wiki)
        result = pull(site, names, folder, deps=not args.no_deps,
                      log=lambda m: print(m, file=sys.stderr))
    except WikiError as exc:
        print(f"wstools templates pull: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a wiki that stopped answering: one line, as above
        err = unreachable(exc)
        if err is None:
            raise
        print(f"wstools templates pull: {err}", file=sys.stderr)
        return 2
    pages = len(result.written)
    print(f"{pages} pulled into {folder} ({len(result.redirects)} redirects, "
          f"{len(result.templatedata_added)} with TemplateData added), "
          f"{len(result.missing)} missing, {len(result.lua)} need Lua", file=sys.stderr)
    if args.format == "json":
        print(json.dumps({"folder": str(folder), "written": result.written,
                          "redirects": result.redirects, "missing": result.missing,
                          "lua": result.lua, "templatedata_added": result.templatedata_added},
                         ensure_ascii=False, indent=1))
    return 1 if result.missing else 0
