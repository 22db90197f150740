"""The ``wstools`` command: thin argument parsing around the library.

Exit codes: 0 clean, 1 findings (lint) or errors during expansion, 2 usage or input error.
Diagnostics go to standard error as ``file:line:col: CODE message``.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, locate
from .errors import WstoolsError
from .io import output
from .wikitext.expand import Expander
from .wikitext.html import HtmlRenderer, standalone_page
from .wikitext.plain import TextRenderer
from .wikitext.registry import Registry, TemplateDataError, default_template_dir

MAX_INPUT_BYTES = 20 * 1024 * 1024


class InputError(WstoolsError):
    """An input that cannot be processed; reported with its position, exit code 2."""

    def __init__(self, file: str, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(file, message)
        self.line, self.column = line, column

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: input-error {self}"


def read_bytes(path: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of ``path`` (``-`` for standard input), refusing huge input."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            # a FIFO or a device would block or never end: only regular files are read
            if not stat.S_ISREG(os.stat(path).st_mode):
                if os.path.isdir(path):
                    raise IsADirectoryError
                raise InputError(name, "not a regular file (a FIFO, device or socket); "
                                 "use - to read standard input")
            with open(path, "rb") as f:
                output.note_input(f.fileno())
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
    return data


def read_input(path: str, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text file (``-`` for standard input), refusing binary or huge input."""
    name = "<stdin>" if path == "-" else path
    data = read_bytes(path, max_bytes)
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
    """Write to standard output (``None`` or ``-``), or whole to the file ``path``: see
    :func:`wstools.io.output.write_output` (refuses the input, links, devices, FIFOs)."""
    output.write_output(path, text)


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
    elif args.to == "html":
        rendered = HtmlRenderer(registry, args.title, article_path=args.article_path).render(text)
        out, diags = rendered.html, rendered.diagnostics
        if args.standalone:
            out = standalone_page(out, args.title or Path(name).stem,
                                  args.stylesheet or _stylesheet_href(registry, args.output))
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


def _stylesheet_href(registry: Registry, output: str | None) -> str:
    """Where a standalone page finds ``wstools.css`` of the template folder: relative to the
    output file when there is one, else as an absolute file URI."""
    folder = next((p.path.parent for p in registry.pages.values() if p.path), None)
    css = (folder or default_template_dir()) / "wstools.css"
    if output and output != "-":
        return Path(os.path.relpath(css.resolve(), Path(output).resolve().parent)).as_posix()
    return css.resolve().as_uri()


def _corpus_index(args: argparse.Namespace):
    """The corpus index (``--corpus DIR`` or the project's corpus), or None without one."""
    from .corpus.index import load_index
    from .corpus.store import CorpusError, default_corpus_dir
    folder = Path(args.corpus) if getattr(args, "corpus", None) else default_corpus_dir()
    if not folder.is_dir():
        if getattr(args, "corpus", None):
            raise InputError(str(folder), "corpus folder does not exist")
        return None
    try:
        return load_index(folder)
    except CorpusError as exc:
        raise InputError(str(folder), str(exc)) from None


_LAW_CHOICES = {"auto": None, "yes": True, "no": False}


def cmd_clean(args: argparse.Namespace) -> int:
    from .text import pipeline
    from .wikitext.markup import clean_text_nodes, is_formatted
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    index = _corpus_index(args)
    options = pipeline.Options(dash=args.dash, quotes=None if args.quotes == "keep"
                               else args.quotes, italics=args.italics,
                               space_before="" if args.keep_space_before else ",;:?!")
    if index is not None:
        options.vocabulary = index.vocabulary
    options.law = _LAW_CHOICES[args.law]
    try:
        fixes = [f.strip() for f in args.fixes.split(",")] if args.fixes else \
            pipeline.default_fixes(args.rules or "")
        if args.unwrap and "unwrap" not in fixes:
            fixes.insert(1, "unwrap")
        if is_formatted(text):
            # wikitext a person wrote: the fixes touch its text nodes, never its markup
            result = clean_text_nodes(text, fixes, options)
        else:
            result = pipeline.clean(text, fixes, options)
    except ValueError as exc:
        print(f"wstools clean: {exc}", file=sys.stderr)
        return 2
    if args.format == "json":
        write_output(args.output, json.dumps(
            {"file": name, "text": result.text, "edits": [e.as_dict() for e in result.edits],
             "marks": [m.__dict__ for m in result.marks]}, ensure_ascii=False, indent=1))
    else:
        write_output(args.output, result.text)
        if args.explain:
            for e in result.edits:
                print(f"{name}:{e.line}:{e.column}: {e.rule} {e.old!r} -> {e.new!r} "
                      f"({e.confidence:.2f}) {e.evidence}", file=sys.stderr)
            print(f"{name}: {len(result.edits)} edits", file=sys.stderr)
    return 0


def cmd_repair(args: argparse.Namespace) -> int:
    from .corpus.store import CorpusError, default_corpus_dir
    from .diagnostics import LineIndex
    from .repair.repair import Repairer
    from .repair.report import review_page
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
    result = repairer.repair(text, law=_LAW_CHOICES[args.law])
    lines = LineIndex(text)

    def where(offset: int) -> str:
        line, column = lines.position(result.cleanup.to_source(offset))
        return f"{name}:{line}:{column}"

    if args.format == "json":
        write_output(args.output, json.dumps({
            "file": name, "text": result.text,
            "cleanup": [e.as_dict() for e in result.cleanup.edits],
            "repairs": [dict(e.as_dict(), at=where(e.start)) for e in result.edits],
            "flags": [dict(f.as_dict(), at=where(f.start)) for f in result.flags],
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


def cmd_parse(args: argparse.Namespace) -> int:
    from .laws import render
    from .laws.parse import parse
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    index = _corpus_index(args)
    headings = index.headings if index is not None else ()
    vocabulary = index.vocabulary if index is not None else None
    result = parse(text, args.shape, file=name, headings=headings, vocabulary=vocabulary)
    codes = result.codes
    if args.to == "json":
        out = render.to_json(codes)
    elif args.to == "text":
        out = render.to_text(codes)
    elif args.to == "lines":
        out = render.to_lines(codes)
    elif args.to == "wikitext":
        out = render.to_wikitext(codes, args.form)
    elif args.to == "html":
        from .laws.export import to_html
        out = to_html(codes)
    elif args.to == "tei":
        from .laws.export import to_tei
        out = to_tei(codes)
    else:
        from .laws.export import write_epub
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


def cmd_corpus(args: argparse.Namespace) -> int:
    from .corpus import store
    folder = Path(args.corpus) if args.corpus else store.default_corpus_dir()
    if args.action == "build":
        from .corpus.build import build
        shared = Path(args.sources)
        if not shared.is_dir():
            raise InputError(str(shared), "sources folder does not exist (give --sources "
                             "DIR, the folder holding seeds/ and sources/)")
        reports = build(shared, folder, log=print, explain=args.explain)
        edits = sum(len(r.edits) for r in reports)
        print(f"{len(reports)} printings, {sum(r.laws for r in reports)} laws, {edits} edits")
        return 0
    if args.action == "check":
        from .corpus.check import check
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
    from .laws import render
    code = p.parse().code
    if args.law:
        law = code.law(args.law)
        if law is None:
            print(f"wstools corpus show: {p.id} has no law {args.law}", file=sys.stderr)
            return 2
        from .laws.model import Section
        section = next((s for s in code.sections if law in s.laws), Section())
        from .laws.model import Code as _Code
        print(render.to_text([_Code(sections=[Section(section.heading, [law])])]), end="")
        return 0
    for k, v in p.metadata.items():
        print(f"{k}: {v}")
    print()
    print(render.to_text([code]), end="")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wstools", description="Tools for Wikisource "
                                     "proofreaders: expand and lint templates, offline.")
    parser.add_argument("--version", action="version", version=f"wstools {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--templates", metavar="DIR", help="template folder (default: the "
                       "package's wstools/data/templates, or $WSTOOLS_TEMPLATES)")
        p.add_argument("--title", default="", help="page title, e.g. 'Page:File.djvu/624' "
                       "(for {{PAGENAME}} and {{rvh}})")
        p.add_argument("--format", choices=("text", "json"), default="text")
        p.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES, help=argparse.SUPPRESS)

    p = sub.add_parser("expand", help="expand templates to wikitext, plain text or HTML")
    p.add_argument("file", metavar="FILE", help="wikitext file, or - for standard input")
    p.add_argument("--to", choices=("wikitext", "text", "html"), default="wikitext")
    p.add_argument("--standalone", action="store_true", help="with --to html: a whole page "
                   "that links the templates' stylesheet (wstools.css)")
    p.add_argument("--stylesheet", metavar="HREF", help="with --standalone: the stylesheet's "
                   "address (default: the templates' wstools.css, relative to -o)")
    p.add_argument("--article-path", default="/wiki/$1", help="with --to html: where wiki "
                   "links point ($1 is the title; default /wiki/$1)")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically) instead "
                   "of standard output")
    common(p)
    p.set_defaults(func=cmd_expand)

    from .cli_eo import add_parser as add_eo
    add_eo(sub, MAX_INPUT_BYTES)

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
    p.add_argument("--law", choices=tuple(_LAW_CHOICES), default="auto", help="whether the "
                   "text is a law code, where rules without a witness may guess (default: "
                   "decided from its law numbers and witnesses)")
    p.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_repair)

    p = sub.add_parser("clean", help="clean OCR or web-reprint text, explaining each edit")
    p.add_argument("file", metavar="FILE", help="text file, or - for standard input")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--fixes", help="comma-separated fixes to apply, in order (default: all "
                   "but the opt-in ones)")
    p.add_argument("--rules", metavar="SPEC", help="+name adds an opt-in fix (boilerplate), "
                   "-name drops a default one (comma-separated)")
    p.add_argument("--law", choices=tuple(_LAW_CHOICES), default="auto", help="whether the "
                   "text is a law code, where boilerplate may run (default: from its law "
                   "numbers)")
    p.add_argument("--unwrap", action="store_true", help="join hard-wrapped paragraph lines")
    p.add_argument("--dash", default="—", help="what '--' becomes (default: em dash)")
    p.add_argument("--quotes", choices=("keep", "straight", "curly"), default="keep")
    p.add_argument("--italics", choices=("wiki", "strip"), default="wiki")
    p.add_argument("--keep-space-before", action="store_true",
                   help="keep the space before ; : ? ! (French spacing)")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder for the word list")
    p.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_clean)

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
    p.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_parse)

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

    from .cli_proofread import add_parser as add_proofread
    add_proofread(sub, MAX_INPUT_BYTES)
    from .wiki import add_parser as add_wiki
    add_wiki(sub)

    from .cli_templates import add_parser as add_templates
    add_templates(sub, MAX_INPUT_BYTES)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    output.forget_inputs()
    try:
        return args.func(args)
    except WstoolsError as exc:
        print(exc.format(), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{getattr(args, 'file', '-')}:1:1: input-error nesting too deep to process",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        print(f"{getattr(args, 'file', '-')}: input-error out of memory", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{exc.filename or getattr(args, 'file', '-')}: {output.describe(exc)}",
              file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: one line and exit 2, the traceback on request
        if os.environ.get("WSTOOLS_DEBUG"):
            raise
        print(f"{getattr(args, 'file', '-')}: internal error {type(exc).__name__}: "
              f"{str(exc)[:300]} (a bug in wstools, please report it; WSTOOLS_DEBUG=1 "
              "shows the traceback)", file=sys.stderr)
        return 2


def _quiet_stdout() -> None:
    """After a broken pipe, point standard output at /dev/null so that Python's final
    flush does not print another error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
