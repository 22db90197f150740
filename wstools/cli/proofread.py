"""``wstools proofread``: one page (a file or stdin), the pages of a book (several files, a
folder, or ``--index INDEX --range A-B`` from a wiki: book mode, :mod:`wstools.book`), a dump
(``--dump``) or wiki pages (``--wiki``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import FIX_NAMES_HELP, UsageError, reports_unreachable

if TYPE_CHECKING:
    from ..review import Review
    from ..wiki import PushOutcome


def conventions_from(args: argparse.Namespace):  # noqa: ANN201 - Conventions
    from ..proofread import Conventions
    return Conventions(header=args.header, heading=args.heading, law_number=args.law_number,
                       nop="" if args.no_nop else "{{nop}}", level=args.level,
                       user=args.user or "", lower=getattr(args, "lower_level", False),
                       long_s=getattr(args, "long_s", False))


def fixes_from(args: argparse.Namespace) -> tuple[str, ...]:
    """The cleanup fixes named by ``--fixes`` (checked against the known names)."""
    from ..text.pipeline import FIXES, fix_name, fix_names
    names = tuple(fix_name(n.strip()) for n in (getattr(args, "fixes", "") or "").split(",")
                  if n.strip())
    unknown = [n for n in names if n not in FIXES]
    if unknown:
        raise UsageError(f"unknown fix {unknown[0]!r}; known: {fix_names()}")
    return names


def _repairer(args: argparse.Namespace):  # noqa: ANN202 - Repairer
    from ..corpus.store import CorpusError, default_corpus_dir
    from ..errors import InputError
    from ..repair.repair import Repairer
    folder = Path(args.corpus) if args.corpus else default_corpus_dir()
    if not folder.is_dir():
        raise InputError(str(folder), "corpus folder does not exist (proofread needs one)")
    try:
        return Repairer.load(folder)
    except CorpusError as exc:
        raise InputError(str(folder), str(exc)) from None


def named(diagnostics: list, name: str) -> list:
    """``diagnostics`` with ``name`` as the file of those that have none (a step that checks
    text, not a file, leaves it empty): in a batch every line names its page."""
    for d in diagnostics:
        if d.file in ("", "-"):
            d.file = name
    return diagnostics


def explain_lines(name: str, result, text: str | None = None) -> list[str]:  # noqa: ANN001
    """``file:line:col: rule 'old' -> 'new' (confidence) evidence — …context…`` for every
    edit (line and column in the input's own lines; strings as a proofreader reads them,
    invisible characters named), then the suspects left in the saved text, then the
    diagnostics."""
    from ..review import context, readable
    out = []
    for e in result.edits:
        line = (f"{name}:{e.line}:{e.column}: {e.rule} {readable(e.old)} -> "
                f"{readable(e.new)} ({e.confidence:.2f})")
        if e.evidence:
            line += f" {e.evidence}"
        if text is not None and text[e.start:e.end] == e.old:
            line += f" — {context(text, e.start, e.end, e.new)}"
        out.append(line)
    body = result.page.body
    for f, at in zip(result.flags, getattr(result, "flag_spans", [None] * len(result.flags)),
                     strict=False):
        line = f"{name}:{f.line}:{f.column}: suspect {readable(f.old)}: {f.evidence}"
        if at is not None:
            line += f" — in the saved text: {context(body, at[0], at[1])}"
        out.append(line)
    out += [d.format() for d in named(result.diagnostics, name)]
    return out


def add_suspects(result, text: str, name: str, repairer) -> Review:  # noqa: ANN001
    """Replace ``result.flags`` with the suspects left in its saved text (in the body's
    coordinates, like its edits) and return the page's review."""
    from ..review import flags_as_edits, make_review, page_suspects
    review = make_review(result, text, name, page_suspects(result, repairer))
    from ..edits import with_positions
    result.flags = with_positions(flags_as_edits(review), result.source)
    result.flag_spans = [(a, b) for a, b, _, _ in review.flags]
    return review


def _check_options(args: argparse.Namespace) -> None:
    """Refuse an option that would be silently ignored or misread: a heading or law number
    template without ``$1`` (the printed text would be lost), ``--report-json`` outside a
    dump (only a dump run writes one)."""
    for option, value in (("--heading", args.heading), ("--law-number", args.law_number)):
        if "$1" not in value:
            raise UsageError(f"{option} {value!r} has no $1 (where the printed text goes)")
    if getattr(args, "report_json", None) and not args.dump:
        raise UsageError("--report-json is the report of a --dump run; for one page or a "
                         "book use --format json or --report")


def _check_report(report: str | None) -> None:
    """Refuse a ``--report`` path that cannot be written (its folder missing, a folder, a
    link…) before any page is proofread or written: the report is written last."""
    if report and report != "-":
        from ..io.output import check_target
        check_target(report)


def cmd_proofread(args: argparse.Namespace) -> int:
    from ..io.inputs import read_input
    from ..io.output import check_distinct, write_output
    _check_report(args.report)
    if args.dump:
        if args.image:
            raise UsageError("--image is the scan of one page, not of a dump")
        code = run_dump(args)
        if args.report:
            write_dump_report(args)
        return code
    _check_options(args)
    if args.output and args.report:  # (-o onto an input is refused where it is written)
        check_distinct(args.file, [args.output, args.report])
    if args.wiki is not None:
                return cmd_proofread_wiki(args)
    files = args.file if isinstance(args.file, list) else [args.file] if args.file else []
    if args.index or args.range or len(files) > 1 or (files and Path(files[0]).is_dir()):
        return cmd_proofread_book(args, files)
    if not files:
        raise UsageError("give a FILE (or - for standard input), FILE... or DIR (book "
                         "mode), --index INDEX --range A-B, --dump or --wiki")
    args.file = files[0]
    from ..page import read_page
    from ..proofread import proofread_page
    text = read_input(args.file, args.max_bytes)
    name = "<stdin>" if args.file == "-" else args.file
    conventions = conventions_from(args)
    page = read_page(text)
    repairer = _repairer(args)
    result = proofread_page(page, title=args.title or None, repairer=repairer,
                            conventions=conventions, file=name, fixes=fixes_from(args))
    review: Review | None = add_suspects(result, text, name, repairer)
    if not args.report:
        review = None
    if page._stored.get("bare") is False:
        # the body of a stored page starts after its header: report input positions
        shift = text.find(page.body) if page.body else 0
        result.edits = _shifted(result.edits, shift, text)
        result.flags = _shifted(result.flags, shift, text)
    if args.format == "json":
        write_output(args.output, _rendered(args, name, result, text))
    else:  # the page as it is: no line end added on standard output either
        from ..io import output
        output.write_output(args.output, page_text(result, text), end_newline=False)
    if review is not None:
        from ..review import image_data_uri, review_html
        stem = Path(name).stem if args.file != "-" else "stdin"
        image = image_data_uri(args.image) if args.image else None
        write_output(args.report, review_html(review, image, f"{stem}.wiki"))
    if args.explain:
        for line in explain_lines(name, result, text):
            print(line, file=sys.stderr)
    elif result.diagnostics:
        for d in named(result.diagnostics, name):
            print(d.format(), file=sys.stderr)
    print(f"{name}: {result.summary()}", file=sys.stderr)
    return 0 if result.lint_clean else 1


# -- book mode ---------------------------------------------------------------------------


def natural_key(name: str) -> list:
    """Sort key putting ``p2`` before ``p10``.

    >>> sorted(["p10.txt", "p2.txt", "p1.txt"], key=natural_key)
    ['p1.txt', 'p2.txt', 'p10.txt']
    """
    import regex
    return [(0, int(t), "") if t.isdigit() else (1, 0, t.casefold())
            for t in regex.split(r"(\d+)", name) if t]


PAGE_SUFFIXES = (".txt", ".wiki", "")  # what book mode reads from a folder


# a folder's notes beside the pages (README, LICENSE…): files without an extension are pages
# only when their name holds a number (0042, p42, Page-42): (regex's pattern cache keeps it
# compiled; the module is imported by book mode only)
_DOC_NAME = r"[^\d]+"


def _page_file(name: str) -> bool:
    """Whether book mode takes a folder's file as a page.

    >>> _page_file("p0042.txt"), _page_file("0042"), _page_file("README"), _page_file("a.png")
    (True, True, False, False)
    """
    suffix = Path(name).suffix.lower()
    if suffix not in PAGE_SUFFIXES:
        return False
    import regex
    return bool(suffix) or regex.fullmatch(_DOC_NAME, name) is None


def book_files(files: list[str]) -> list[str]:
    """The page files of a book: the FILEs as given, or a folder's page files (``.txt``,
    ``.wiki``, no extension) in natural order of their names; hidden files, subfolders and
    other files (a pull's ``pulled.json``, images, tables) are left out and named."""
    from ..errors import InputError
    if len(files) == 1 and Path(files[0]).is_dir():
        folder = Path(files[0])
        try:
            entries = [e for e in folder.iterdir() if not e.name.startswith(".") and e.is_file()]
        except OSError as exc:
            raise InputError(str(folder), f"cannot read the folder: {exc.strerror or exc}") \
                from None
        names = [e.name for e in entries if _page_file(e.name)]
        others = sorted(e.name for e in entries if not _page_file(e.name))
        if others:  # an image, a table, a pull's pulled.json: not pages of the book
            print(f"{folder}: {len(others)} file(s) that are not pages left out "
                  f"({', '.join(others[:5])}{' …' if len(others) > 5 else ''}); pages are "
                  f"{', '.join(s or '(no extension)' for s in PAGE_SUFFIXES)} files",
                  file=sys.stderr)
        if not names:
            raise InputError(str(folder), "the folder holds no page files (.txt, .wiki)")
        return [str(folder / n) for n in sorted(names, key=natural_key)]
    for f in files:
        if f == "-":
            raise InputError("-", "book mode reads files, not standard input")
        if Path(f).is_dir():
            raise InputError(f, "is a directory (give one DIR, or FILE...)")
    return files


def page_title(path: str) -> str | None:
    """The page title a file pulled by ``wstools wiki pull`` is named after, if any."""
    from urllib.parse import unquote
    name = Path(path).name
    if not name.startswith("Page%3A"):
        return None
    return unquote(name[:-5] if name.endswith(".wiki") else name)


def cmd_proofread_book(args: argparse.Namespace, files: list[str]) -> int:
    """Book mode: the pages in order, proofread with the evidence of the sequence
    (:func:`wstools.book.proofread_book`), one output file a page in ``-o DIR``."""
    from ..errors import InputError
    from ..io.inputs import read_input
    from ..io.output import check_target, write_output
    if args.image:
        raise UsageError("--image is the scan of one page, not of a book")
    if args.title:
        raise UsageError("--title names one page; a book's page titles come from "
                         "--index, or from file names as 'wiki pull' writes them")
    if not args.output or args.output == "-":
        raise UsageError("book mode writes one file a page: give -o DIR")
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise InputError(str(out), "-o must name a folder in book mode")
    if args.index or args.range:
        if files:
            raise UsageError("give FILE..., DIR or --index INDEX --range A-B, not both")
        if not (args.index and args.range):
            raise UsageError("--index INDEX and --range A-B go together")
        return _book_from_wiki(args, out)
    files = book_files(files)
    # a file that cannot be read is reported and left out; it splits the book (no join or
    # sequence across it); the others are proofread
    segments: list[list[tuple[str, str]]] = [[]]
    bad: list[str] = []
    for f in files:
        try:
            segments[-1].append((f, read_input(f, args.max_bytes)))
        except InputError as exc:
            print(exc.format(), file=sys.stderr)
            bad.append(f)
            segments.append([])
    segments = [seg for seg in segments if seg]
    if not segments:
        print(f"book of {len(files)} files: none could be read", file=sys.stderr)
        return 2
    files = [f for seg in segments for f, _ in seg]
    texts = [t for seg in segments for _, t in seg]
    names = [Path(f).name + (".json" if args.format == "json" else "") for f in files]
    dup = next((n for k, n in enumerate(names) if n in names[:k]), None)
    if dup:
        raise InputError(dup, "two pages of the book have this file name; the outputs would "
                         "overwrite each other")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(out), f"cannot make the folder: {exc.strerror or exc}") from None
    targets = [str(out / n) for n in names]
    for t in targets:
        check_target(t)  # refuses an input (same file), a link, a device… before any work
    reviews: list | None = [] if args.report else None
    results = []
    for seg in segments:
        results += _proofread_book(args, [f for f, _ in seg], [t for _, t in seg],
                                   [page_title(f) for f, _ in seg], reviews)
    for target, name, text, result in zip(targets, files, texts, results, strict=True):
        write_output(target, _rendered(args, name, result, text))
    if reviews is not None:
        write_book_report(args.report, str(out), reviews)
    code = _report_book(args, files, results)
    if bad:
        print(f"{len(bad)} of {len(files) + len(bad)} files could not be read (left out: "
              f"{', '.join(bad)})", file=sys.stderr)
        return 1
    return code


def write_dump_report(args: argparse.Namespace) -> None:
    """``--dump … --report index.html``: the run's index from its JSON report: pages,
    edits, flags, a chart of the edit kinds (the report's ``rules``), a row a proofread page
    with its counts (the report's ``per_page``, kept when ``--report`` is asked), and the
    pages that failed, were skipped or duplicated."""
    from ..io.output import write_output
    from ..review import index_html
    path = Path(args.report_json or f"{args.output}.summary.json")
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    rows = [{"name": p.get("title", "?"), "edits": p.get("edits", 0),
             "changes": "–", "flags": p.get("flags", 0), "rules": p.get("rules", {}),
             "status": f"{p.get('laws', 0)} laws"}
            for p in summary.get("per_page") or [] if isinstance(p, dict)]
    rows += [{"name": f.get("title", "?"), "status": f"failed: {f.get('error', '')}"}
             for f in summary.get("failures", [])]
    rows += [{"name": d.get("title", "?") if isinstance(d, dict) else str(d),
              "status": "skipped" + (f": {d.get('reason') or d.get('model') or ''}"
                                     if isinstance(d, dict) else "")}
             for d in summary.get("skipped", [])]
    rows += [{"name": t, "status": "duplicate title"} for t in summary.get("duplicates", [])]
    write_output(args.report, index_html(
        f"{args.dump}: {summary.get('pages', 0)} pages, {summary.get('proofread', 0)} "
        f"proofread, {summary.get('edits', 0)} edits, {summary.get('flags', 0)} flags",
        rows, totals=summary.get("rules", {})))


def write_book_report(report: str, title: str, reviews: list) -> None:
    """The index of a book's review (``report``: counts per page, a chart of the edit kinds)
    and, beside it, one review page a page (``STEM-N.html``), linked from the index."""
    from ..io.output import check_target, write_output
    from ..review import index_html, review_html
    target = Path(report)
    rows = []
    for k, review in enumerate(reviews, 1):
        page = target.with_name(f"{target.stem}-{k}.html")
        check_target(page)
        write_output(str(page), review_html(review, None, Path(review.name).name))
        rules: dict[str, int] = {}
        for c in review.changes:
            for e in c.edits:
                rules[e.rule] = rules.get(e.rule, 0) + 1
        rows.append({"name": Path(review.name).name, "link": page.name,
                     "edits": sum(rules.values()), "changes": len(review.changes),
                     "flags": len(review.flags), "rules": rules,
                     "status": f"level {review.page.level}"})
    write_output(report, index_html(title, rows))


def _proofread_book(args: argparse.Namespace, names: list[str], texts: list[str],
                    titles: list[str | None], reviews: list | None = None) -> list:
    from ..book import proofread_book
    from ..page import read_page
    pages = [(n, read_page(t)) for n, t in zip(names, texts, strict=True)]
    repairer = _repairer(args)
    results = proofread_book(pages, titles=titles, repairer=repairer,
                             conventions=conventions_from(args), fixes=fixes_from(args))
    for (name, page), text, result in zip(pages, texts, results, strict=True):
        review = add_suspects(result, text, name, repairer)
        result.input_text = text
        if reviews is not None:
            reviews.append(review)
        if page._stored.get("bare") is False:
            shift = text.find(page.body) if page.body else 0
            result.edits = _shifted(result.edits, shift, text)
            result.flags = _shifted(result.flags, shift, text)
    return results


def _rendered(args: argparse.Namespace, name: str, result, source: str) -> str:  # noqa: ANN001
    """The page as written: its wikitext, or with ``--format json`` the page, its edits and
    flags (in the input's lines) and the diagnostics of the saved page, in the one JSON shape
    (:mod:`wstools.diagnostics`)."""
    if args.format == "json":
        from ..diagnostics import edit_item, finding_item
        return json.dumps({
            "file": name, "title": result.title, "page": result.page.to_dict(),
            "wikitext": result.page.wikitext(),
            "edits": [edit_item(e, name) for e in result.edits],
            "flags": [edit_item(f, name) for f in result.flags],
            "diagnostics": [finding_item(d) for d in named(result.diagnostics, name)],
            "laws": result.laws, "headings": result.headings}, ensure_ascii=False, indent=1)
    return page_text(result, source)


def page_text(result, source: str) -> str:  # noqa: ANN001 - ProofreadResult
    """The page to write: its wikitext and a final line end; a page left as it was is
    written back byte for byte."""
    text = result.page.wikitext()
    if text != source and not text.endswith("\n"):
        text += "\n"
    return text


def _report_book(args: argparse.Namespace, names: list[str], results: list) -> int:
    from ..book import BOOK_RULES
    counts: dict[str, int] = {}
    for name, result in zip(names, results, strict=True):
        if args.explain:
            for line in explain_lines(name, result, result.input_text):
                print(line, file=sys.stderr)
        else:
            for d in named(result.diagnostics, name):
                if d.severity != "info":
                    print(d.format(), file=sys.stderr)
        print(f"{name}: {result.summary()}", file=sys.stderr)
        for e in result.edits:  # each book rule of an edit, joined ones too
            for part in e.rule.split("+"):
                if part in BOOK_RULES:
                    counts[part] = counts.get(part, 0) + 1
    book = ", ".join(f"{n} {r}" for r, n in counts.items()) or "no changes from the sequence"
    print(f"book of {len(results)} pages: {book}", file=sys.stderr)
    return 0 if all(r.lint_clean for r in results) else 1


@reports_unreachable
def _book_from_wiki(args: argparse.Namespace, out: Path) -> int:
    """``--index INDEX --range A-B -o DIR``: the pages pulled into DIR as ``wstools wiki
    pull`` does (``DIR/pulled.json`` records their revisions), proofread as a book, and the
    proofread pages written in their place, ready for ``wstools wiki push DIR``. A page
    missing on the wiki splits the book (no join across it)."""
    from ..io.output import write_output
    from ..wiki import index_pages, pull
    try:  # the Index's pagelist where the wiki has ProofreadPage, as wiki pull --index reads
        titles = index_pages(args.index, args.range, lambda s: print(s, file=sys.stderr,
                                                                      flush=True))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    pulled, missing = pull(titles, out, log=lambda s: print(s, file=sys.stderr, flush=True))
    by_title = {p.title: p for p in pulled}
    segments: list[list] = [[]]
    for title in titles:
        item = by_title.get(title)
        if item is None:
            segments.append([])
        else:
            segments[-1].append(item)
    names, results = [], []
    reviews: list | None = [] if args.report else None
    for segment in segments:
        if not segment:
            continue
        files = [str(out / p.file) for p in segment]
        texts = [Path(f).read_text(encoding="utf-8") for f in files]
        got = _proofread_book(args, files, texts, [p.title for p in segment], reviews)
        for f, text, result in zip(files, texts, got, strict=True):
            if args.format == "json":
                write_output(f + ".json", _rendered(args, f, result, text))
            else:
                write_output(f, _rendered(args, f, result, text))
        names += files
        results += got
    code = _report_book(args, names, results) if results else 0
    if reviews:
        write_book_report(args.report, args.index, reviews)
    if missing:
        print(f"{len(missing)} pages missing on the wiki", file=sys.stderr)
    return 1 if missing else code


def _shifted(edits: list, shift: int, text: str) -> list:
    from dataclasses import replace

    from ..edits import with_positions
    return with_positions([replace(e, start=e.start + shift, end=e.end + shift)
                           for e in edits], text)


def add_parser(sub: argparse._SubParsersAction, max_bytes: int) -> None:
    p = sub.add_parser("proofread", help="the main job: an OCR'd Page: in, the page to save "
                       "out (running header, repaired text, one law a paragraph, lint)")
    p.add_argument("file", metavar="FILE", nargs="*", help="the page's OCR text or stored "
                   "Page: wikitext, or - for standard input; several FILEs, or a DIR (its "
                   "files in natural order of their names), are the pages of one book in "
                   "order: book mode, with -o DIR")
    p.add_argument("--index", metavar="INDEX", help="book mode from a wiki: the Index "
                   "(Index:Book.djvu) whose pages --range names; they are pulled into -o DIR "
                   "(as 'wstools wiki pull' does), proofread as a book and written in place, "
                   "for 'wstools wiki push DIR'")
    p.add_argument("--range", metavar="A-B", help="with --index: the pages, e.g. 600-620")
    p.add_argument("--title", default="", help="the page title, e.g. 'Page:The American "
                   "Cyclopædia (1879) Volume XVI.djvu/624' (default: the title line of a "
                   "copied page, if any)")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the project's)")
    p.add_argument("--level", type=int, choices=(0, 1, 2, 3, 4), default=None,
                   help="proofreading level to save with (default: the page's own; 1 for "
                   "new OCR text, 0 for a page without text); it raises a page's level, "
                   "never lowers it without --lower-level")
    p.add_argument("--lower-level", action="store_true",
                   help="let --level lower a page's own level (a validated page to 1)")
    p.add_argument("--user", default="", help="who sets the level, named in <pagequality> "
                   "when the level changes (default: the page's own user is kept)")
    p.add_argument("--fixes", default="", metavar="A,B", help="on a page that is not OCR "
                   "(level 3 or 4, or formatted wikitext, which proofread otherwise leaves "
                   "as it is): apply these cleanup fixes to its text, never to markup; "
                   + FIX_NAMES_HELP)
    p.add_argument("--long-s", action="store_true", help="modernise the long s of OCR text "
                   "(ſ -> s, rule long-s); by default the print's ſ is kept")
    p.add_argument("--header", choices=("rh", "rvh"), default="rh", help="running header "
                   "template: rh (number left on even pages, right on odd) or rvh")
    p.add_argument("--heading", default="{{c|{{sc|$1}}}}", metavar="TEMPLATE",
                   help="how headings are written; $1 is the heading (default {{c|{{sc|$1}}}})")
    p.add_argument("--law-number", default="$1. ", metavar="FORM", help="how a law number "
                   "opens its paragraph (default '$1. '; \"'''$1.''' \" for bold)")
    p.add_argument("--no-nop", action="store_true", help="no {{nop}} when the last paragraph "
                   "ends on the page")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically); in book "
                   "mode a folder, one file a page, named as its input")
    p.add_argument("--explain", action="store_true", help="list every edit on stderr")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--report", metavar="HTML", help="write a review page: the page as it "
                   "will be saved (rendered and wikitext), every change beside the OCR, "
                   "accept or reject each, and download the Page: wikitext; in book mode an "
                   "index of the pages (counts, a chart of edit kinds) with a review page "
                   "for each beside it")
    p.add_argument("--image", metavar="FILE", help="with --report: the scan of the page "
                   "(PNG, JPEG…), shown beside the text (embedded in the page)")
    p.add_argument("--dump", metavar="XML", help="proofread every page of a MediaWiki XML "
                   "dump (.xml, .xml.bz2, .xml.gz); -o names the output dump")
    p.add_argument("--namespace", type=_namespace, metavar="NS", help="with --dump: the "
                   "Page: namespace, a number or a name of the dump's siteinfo (default: the "
                   "one the siteinfo names Page, Seite, Pagina... in any language; 104 for a "
                   "dump without siteinfo)")
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
    p.add_argument("--quiet", action="store_true", help="no progress bar (there is one only "
                   "when standard error is a terminal)")
    p.add_argument("--wiki", metavar="TITLE", nargs="*", help="proofread these pages on the "
                   "wiki pywikibot is configured for and save them (or, with no TITLE, the "
                   "pages of --index INDEX --range A-B, from the Index's pagelist where the "
                   "wiki has ProofreadPage); each diff shown and confirmed unless -always")
    p.add_argument("--summary", default="wstools proofread", metavar="S",
                   help="with --wiki: the edit summary (as on every command that saves)")
    p.add_argument("--dry-run", "--simulate", "-simulate", action="store_true",
                   help="with --wiki: show the diff, save nothing (pywikibot's -simulate)")
    p.add_argument("--skip-level", "-skip-level", type=int, choices=(1, 2, 3, 4, 5),
                   default=3, help="with --wiki: leave pages at this proofreading level or "
                   "above alone (default 3: proofread and validated; 5: none)")
    p.add_argument("--log", metavar="FILE", help="with --wiki: append each page's outcome "
                   "here (JSON lines); a rerun with the same log skips the pages it did at "
                   "the revision the wiki still has")
    from .wiki import add_bot_options
    add_bot_options(p)

    class _PywikibotArgs(argparse.ArgumentParser):  # -pt:N, -maxlag:N read as -pt N
        def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN202
            if args is not None and any(a.startswith("-") and ":" in a for a in args):
                # (only such an argument is rewritten: the wiki module is not imported
                # for the others)
                from ..wiki import pywikibot_args
                args = pywikibot_args(args)
            return super().parse_known_args(args, namespace)
    p.__class__ = _PywikibotArgs
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_proofread)


def run_dump(args: argparse.Namespace) -> int:
    """``wstools proofread --dump``."""
    from ..bulk import PAGE_TIMEOUT, proofread_dump
    from ..errors import InputError
    if not args.output:
        raise InputError(args.dump, "--dump needs -o OUT.xml (the output dump)")
    if Path(args.output).resolve() == Path(args.dump).resolve():
        raise InputError(args.dump, "the output may not be the input dump")
    from ..io.output import check_distinct
    check_distinct([args.dump], [args.output, args.report_json or
                                 f"{args.output}.summary.json", getattr(args, "report", None)])
    if not Path(args.dump).is_file():
        raise InputError(args.dump, "no such file")
    from dataclasses import asdict
    conventions = asdict(conventions_from(args))
    try:
        summary = proofread_dump(args.dump, args.output, namespace=args.namespace,
                                 jobs=args.jobs, corpus=args.corpus, conventions=conventions,
                                 engine=args.engine, scheduler=args.scheduler,
                                 limit=args.limit,
                                 progress=not args.quiet and sys.stderr.isatty(),
                                 log=lambda s: print(s, file=sys.stderr),
                                 page_timeout=getattr(args, "page_timeout", PAGE_TIMEOUT),
                                 max_decompressed=_mib(getattr(args, "max_decompressed", None)),
                                 per_page=bool(getattr(args, "report", None)))
    except RuntimeError as exc:
        raise InputError(args.dump, str(exc)) from None
    summary_path = Path(args.report_json or f"{args.output}.summary.json")
    from ..io.output import write_output
    write_output(str(summary_path), json.dumps(summary.as_dict(), indent=1,
                                               ensure_ascii=False) + "\n")
    print(f"{args.dump}: {summary.line()}; wrote {args.output} and {summary_path}",
          file=sys.stderr)
    return 0 if summary.ok else 1


def _namespace(value: str) -> int | str:
    """``--namespace``: a number, or a name (looked up in the dump's siteinfo)."""
    value = value.strip()
    if not value:
        raise argparse.ArgumentTypeError("a namespace number or name, not nothing")
    return int(value) if value.lstrip("-").isdigit() else value


def _mib(value: float | None) -> int | None:
    return None if value is None else int(value * 1024 * 1024)


@reports_unreachable
def cmd_proofread_wiki(args: argparse.Namespace) -> int:
    """``wstools proofread --wiki TITLE...`` (or ``--wiki --index INDEX --range A-B``: the
    Index's pages, from its pagelist where the wiki has ProofreadPage): fetch, proofread,
    show the diff, confirm (unless ``-always``), save with the edit summary ``--summary``.
    A page at ``--skip-level`` or above (default 3) is left alone; a page whose proofread
    text is the wiki's, or differs only in the level when ``--level`` was not given, is not
    saved (``unchanged``). Each outcome is printed as it happens and appended to ``--log``;
    a rerun with the same log skips the pages done at the revision the wiki still has."""
    from ..page import read_page
    from ..proofread import proofread_page
    from ..wiki import (
        BotOptions,
        Confirm,
        PushOutcome,
        Quit,
        RunLog,
        _pywikibot,
        index_pages,
        save_page,
        site,
    )
    from .wiki import interrupted, outcomes_line, print_outcome
    outcomes: list[PushOutcome] = []
    options = BotOptions.from_args(args)
    log = RunLog(options.log)

    def report(o: PushOutcome) -> None:
        outcomes.append(o)
        print_outcome(o)
        log.add(o)
    try:
        pywikibot = _pywikibot()
        options.apply()
        titles = list(args.wiki or [])
        if getattr(args, "index", None):
            if titles:
                raise UsageError("--wiki takes TITLE... or --index INDEX --range A-B, "
                                 "not both")
            try:
                titles = index_pages(args.index, args.range or "1",
                                     lambda m: print(m, file=sys.stderr, flush=True))
            except ValueError as exc:
                raise UsageError(str(exc)) from None
        if not titles:
            raise UsageError("--wiki needs TITLE... or --index INDEX --range A-B")
        s = site(login=not args.dry_run)
        repairer = _repairer(args)
        conventions = conventions_from(args)
        if not conventions.user:
            conventions.user = s.username() or ""
        confirm = Confirm(options.asks())
        for title in titles:
            page = pywikibot.Page(s, title)
            if not page.exists():
                report(PushOutcome(title, "missing", "does not exist"))
                continue
            revision = page.latest_revision_id
            if log.done(page.title(), revision):
                report(PushOutcome(page.title(), "done", f"revision {revision}, by an "
                                   f"earlier run ({options.log})", revision))
                continue
            stored = read_page(page.text)
            if stored.level >= options.skip_level:
                report(PushOutcome(page.title(), "skipped", f"level {stored.level} "
                                   f"({stored.level_name}); --skip-level 5 takes it",
                                   revision))
                continue
            result = proofread_page(stored, title=page.title(), repairer=repairer,
                                    conventions=conventions, file=page.title())
            add_suspects(result, page.text, page.title(), repairer)  # the flags left
            print(f"{page.title()}: {result.summary()}", file=sys.stderr, flush=True)
            if args.explain:
                for line in explain_lines(page.title(), result, stored.body):
                    print(line, file=sys.stderr)
            report(save_page(page, result.page.wikitext(), args.summary, revision,
                             args.dry_run,
                             level_asked=getattr(args, "level", None) is not None,
                             confirm=confirm, diff_style=options.diff))
    except Quit:
        return interrupted(outcomes, "quit at a confirmation; the pages reported saved "
                            "are saved")
    except KeyboardInterrupt:
        return interrupted(outcomes, "the pages reported saved are saved"
                            + (f"; run again with --log {options.log} to go on"
                               if options.log else ""))
    return outcomes_line(outcomes)
