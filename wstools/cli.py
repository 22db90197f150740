"""The ``wstools`` command: thin argument parsing around the library.

Exit codes: 0 clean, 1 findings (lint) or errors during expansion, 2 usage or input error.
Diagnostics go to standard error as ``file:line:col: CODE message``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, locate
from .wikitext.expand import Expander
from .wikitext.plain import TextRenderer
from .wikitext.registry import Registry, TemplateDataError, default_template_dir
from .wikitext.validate import Linter

MAX_INPUT_BYTES = 20 * 1024 * 1024


class InputError(Exception):
    """An input that cannot be processed; reported with its position, exit code 2."""

    def __init__(self, file: str, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.file, self.line, self.column = file, line, column

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: input-error {self}"


def read_input(path: str, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text file (``-`` for standard input), refusing binary or huge input."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "is a directory") from None
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputError(name, f"input is larger than {max_bytes} bytes (MediaWiki's own "
                         "limit is 2 MiB a page); split it or raise --max-bytes")
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
        raise InputError(name, "binary data (NUL byte): not a wikitext file", line, col)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(name, f"not UTF-8 (byte 0x{data[exc.start]:02x})", line, col) from None
    return text.removeprefix("\ufeff")


def write_output(path: str | None, text: str) -> None:
    """Write to standard output, or atomically to ``path`` (never a partial file)."""
    if path is None or path == "-":
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
        return
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), prefix=f".{target.name}.",
                               suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _registry(args: argparse.Namespace) -> Registry:
    folder = Path(args.templates) if args.templates else default_template_dir()
    try:
        registry = Registry.from_directory(folder)
        for page in registry.templates():
            page.templatedata  # noqa: B018 - validate the JSON once, up front
    except FileNotFoundError as exc:
        raise InputError(str(folder), f"{exc}; give --templates DIR or set "
                         "WSTOOLS_TEMPLATES") from None
    except TemplateDataError as exc:
        raise InputError(str(folder), str(exc)) from None
    return registry


def _print_diagnostics(diags: list[Diagnostic], fmt: str) -> None:
    if fmt == "text":
        for d in diags:
            print(d.format(), file=sys.stderr)


def cmd_expand(args: argparse.Namespace) -> int:
    registry = _registry(args)
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    if args.to == "text":
        result = TextRenderer(registry, args.title).render(text)
        out, diags = result.text, result.diagnostics
    else:
        expansion = Expander(registry, args.title).expand(text)
        out, diags = expansion.text, expansion.diagnostics
    locate(diags, text, name)
    if args.format == "json":
        write_output(args.output, json.dumps(
            {"file": name, "title": args.title, "to": args.to, "text": out,
             "diagnostics": [d.as_dict() for d in diags]}, ensure_ascii=False, indent=1))
    else:
        write_output(args.output, out)
    _print_diagnostics(diags, args.format)
    return 1 if any(d.severity == "error" for d in diags) else 0


def cmd_lint(args: argparse.Namespace) -> int:
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
    if args.format == "json":
        print(json.dumps([d.as_dict() for d in all_diags], ensure_ascii=False, indent=1))
    else:
        for d in all_diags:
            print(d.format())
    if input_errors:
        return 2
    return 1 if all_diags else 0


def cmd_templates(args: argparse.Namespace) -> int:
    registry = _registry(args)
    if args.action == "list":
        for page in registry.templates():
            name = page.title.removeprefix("Template:")
            shortcuts = [r.removeprefix("Template:") for r in registry.redirects_to(page.title)]
            kind = "block" if registry.is_block(name) else "inline"
            desc = (page.templatedata or {}).get("description", "")
            short = ", ".join(shortcuts)
            print(f"{name}\t{kind}\t{short}\t{desc}")
        return 0
    if not args.name:
        print("wstools templates show: give a template name", file=sys.stderr)
        return 2
    page = registry.template(args.name)
    if page is None:
        print(f"wstools templates show: no template {args.name!r}", file=sys.stderr)
        return 2
    data = page.templatedata or {}
    if args.format == "json":
        print(json.dumps({"title": page.title, "redirects": registry.redirects_to(page.title),
                          "block": registry.is_block(args.name), "templatedata": data},
                         ensure_ascii=False, indent=1))
        return 0
    name = page.title.removeprefix("Template:")
    print(name)
    shortcuts = [r.removeprefix("Template:") for r in registry.redirects_to(page.title)]
    if shortcuts:
        print("shortcuts: " + ", ".join("{{" + s + "}}" for s in shortcuts))
    print(("block" if registry.is_block(args.name) else "inline") + " template")
    if data.get("description"):
        print(data["description"])
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wstools", description="Tools for Wikisource "
                                     "proofreaders: expand and lint templates, offline.")
    parser.add_argument("--version", action="version", version=f"wstools {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--templates", metavar="DIR", help="template folder (default: the "
                       "project's templates/, or $WSTOOLS_TEMPLATES)")
        p.add_argument("--title", default="", help="page title, e.g. 'Page:File.djvu/624' "
                       "(for {{PAGENAME}} and {{rvh}})")
        p.add_argument("--format", choices=("text", "json"), default="text")
        p.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES, help=argparse.SUPPRESS)

    p = sub.add_parser("expand", help="expand templates to wikitext or plain text")
    p.add_argument("file", metavar="FILE", help="wikitext file, or - for standard input")
    p.add_argument("--to", choices=("wikitext", "text"), default="wikitext")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically) instead "
                   "of standard output")
    common(p)
    p.set_defaults(func=cmd_expand)

    p = sub.add_parser("lint", help="check templates and wikitext structure")
    p.add_argument("files", metavar="FILE", nargs="+", help="wikitext files, - for stdin")
    common(p)
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("templates", help="list the templates or show one's parameters")
    p.add_argument("action", choices=("list", "show"))
    p.add_argument("name", nargs="?", help="template name for 'show' (shortcuts work)")
    common(p)
    p.set_defaults(func=cmd_templates)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    try:
        return args.func(args)
    except InputError as exc:
        print(exc.format(), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{getattr(args, 'file', '-')}:1:1: input-error nesting too deep to process",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
