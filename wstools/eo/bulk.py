"""Formatting many orders: in parallel processes, with a progress bar and a summary.

Each input file gives ``OUTDIR/<number>/main.wiki`` (the main-namespace page) and
``OUTDIR/<number>/pages/<page>.wiki`` (Page: namespace), and ``OUTDIR/titles.tsv`` maps
every file to its wiki title. Run again into the same OUTDIR, an order's old Page: files
are removed before its new ones are written, and ``titles.tsv`` keeps the entries of the
other orders already there. A file that cannot be read is reported and skipped; the run
goes on.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..io.output import OutputError, describe, note_input, write_output
from .format import FormatOptions, check_notes, templated_provisions, to_pages, to_wikitext
from .read import OrderError, read_order

if TYPE_CHECKING:
    from ..wikitext.validate import Linter

MAX_BYTES = 20 * 1024 * 1024


@dataclass
class Outcome:
    """What formatting one file gave."""

    file: str
    number: str = ""
    ok: bool = False
    error: str = ""
    sections: int = 0
    subsections: int = 0
    general_provisions: str = ""  # "", "standard", "ab", "c", "variant"
    pages: int = 0
    warnings: list[str] = field(default_factory=list)
    #: places where the print is ambiguous and was left as printed
    flags: list[str] = field(default_factory=list)
    #: what the main page templates of the General Provisions (whole, ab+c, ab, c, "")
    templated: str = ""
    relations: list[tuple[str, str]] = field(default_factory=list)
    lint: list[str] = field(default_factory=list)
    outputs: list[tuple[str, str]] = field(default_factory=list)  # (path, title)


def input_files(paths: Iterable[str]) -> list[Path]:
    """Files named, and the ``.htm``/``.html``/``.txt`` files of folders named."""
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            out += sorted(p for p in path.iterdir()
                          if p.suffix.lower() in (".htm", ".html", ".txt") and p.is_file())
        else:
            out.append(path)
    return out


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole to ``path``, making its folder (OutputError on failure)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(str(path), describe(exc, path.parent)) from None
    write_output(path, text)


def format_file(path: Path, outdir: Path | None, options: FormatOptions,
                lint: bool = True, folder_name: str | None = None) -> Outcome:
    """Read, format and lint one file; write its pages under ``outdir``/the order's number
    (or ``folder_name``)."""
    outcome = Outcome(str(path))
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OrderError("not a regular file")
        with open(path, "rb") as f:
            note_input(f.fileno())
            data = f.read()
        if len(data) > MAX_BYTES:
            raise OrderError(f"larger than {MAX_BYTES} bytes")
        order = read_order(data, str(path))
    except (OrderError, OSError, ValueError) as exc:
        outcome.error = str(exc)
        return outcome
    outcome.number = order.number
    outcome.sections = len(order.sections)
    outcome.subsections = len(order.subsections)
    gp = order.general_provisions
    if gp is not None:
        outcome.general_provisions = ("standard" if gp.standard else "ab" if gp.ab else
                                      "c" if gp.c else "variant")
    outcome.warnings = list(order.warnings)
    outcome.flags = list(order.flags)
    outcome.templated = templated_provisions(order)
    outcome.relations = [(r.kind, r.number) for r in order.relations]
    main = to_wikitext(order, options)
    pages = to_pages(order, options)
    outcome.pages = len(pages)
    if lint:
        linter = _linter()
        for name, text in [("main", main), *pages]:
            for d in linter.lint(text, name).diagnostics:
                if d.code != "placeholder":
                    outcome.lint.append(d.format())
    if outdir is not None:
        folder = outdir / (folder_name or order.number)
        try:
            _clear_pages(folder / "pages")
            _write(folder / "main.wiki", main)
            outcome.outputs.append((str(folder / "main.wiki"),
                                    f"Executive Order {order.number}"))
            for title, text in pages:
                page = title.rsplit("/", 1)[-1]
                _write(folder / "pages" / f"{page}.wiki", text)
                outcome.outputs.append((str(folder / "pages" / f"{page}.wiki"), title))
        except OutputError as exc:
            outcome.error = exc.format()
            return outcome
    outcome.ok = True
    return outcome


#: how a Page: file this tool wrote begins
_OURS = '<noinclude><pagequality level="'


def _clear_pages(pages: Path) -> None:
    """Remove the Page: files an earlier run wrote for this order (``pages/*.wiki`` that
    begin as this tool writes them), so that a page the new run does not write is not left
    beside the new ones; nothing else is touched."""
    if not pages.is_dir() or pages.is_symlink():
        return
    for path in pages.glob("*.wiki"):
        try:
            if not path.is_file() or path.is_symlink():
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                head = f.read(200)
            if head.startswith(_OURS) and 'user="wstools"' in head:
                path.unlink()
        except OSError as exc:
            raise OutputError(str(path), describe(exc, path)) from None


def titles(outdir: Path, outcomes: list[Outcome]) -> str:
    """``titles.tsv``: this run's files, and the entries of an earlier run's that are still
    on disk in folders of OUTDIR this run did not write (other orders). An earlier entry is
    read as ``<folder>/main.wiki`` or ``<folder>/pages/<page>.wiki`` under OUTDIR, however
    OUTDIR was named then."""
    lines = [f"{path}\t{title}" for o in outcomes for path, title in o.outputs]
    written = {_entry(Path(path))[0] for o in outcomes for path, _ in o.outputs}
    old = outdir / "titles.tsv"
    kept: list[str] = []
    try:
        before = old.read_text(encoding="utf-8", errors="replace").splitlines() \
            if old.is_file() else []
    except OSError:
        before = []
    for line in before:
        path, tab, title = line.partition("\t")
        if not tab or not path:
            continue
        rel = _entry(Path(path))
        here = outdir.joinpath(*rel)
        if rel[0] not in written and here.is_file() and not here.is_symlink():
            kept.append(f"{here}\t{title}")
    return "".join(line + "\n" for line in dict.fromkeys(kept + lines))


def _entry(path: Path) -> tuple[str, ...]:
    """An output file's place under OUTDIR: (folder, "main.wiki") or (folder, "pages",
    page)."""
    parts = path.parts
    return tuple(parts[-3:]) if len(parts) >= 3 and parts[-2] == "pages" else tuple(parts[-2:])


_LINTER: Linter | None = None


def _linter() -> Linter:  # one per process
    global _LINTER
    if _LINTER is None:
        from ..wikitext.registry import Registry
        from ..wikitext.validate import Linter
        _LINTER = Linter(Registry.from_directory())
    return _LINTER


def _job(args: tuple[Path, Path | None, FormatOptions, bool]) -> Outcome:
    return format_file(*args)


def run(files: list[Path], outdir: Path | None, options: FormatOptions, jobs: int = 1,
        lint: bool = True, progress: bool = True) -> list[Outcome]:
    """Format ``files``; results in input order. A notes template that names no field of
    the notes, or formats one (:func:`~wstools.eo.format.check_notes`), raises
    :class:`~wstools.errors.InputError` before any file is read."""
    from tqdm import tqdm

    try:
        check_notes(options.notes)
    except ValueError as exc:
        raise InputError("notes template", str(exc)) from None

    tasks = [(f, outdir, options, lint) for f in files]
    bar = tqdm(total=len(tasks), unit="order", file=sys.stderr, disable=not progress,
               dynamic_ncols=True)
    outcomes: list[Outcome] = []
    try:
        if jobs <= 1:
            for task in tasks:
                outcomes.append(_job(task))
                bar.update()
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for outcome in pool.map(_job, tasks, chunksize=8):
                    outcomes.append(outcome)
                    bar.update()
    finally:
        bar.close()
    _later_history(outcomes, files, outdir, options, lint)
    _same_order_twice(outcomes, files, outdir, options, lint)
    if outdir is not None:
        _write(outdir / "titles.tsv", titles(outdir, outcomes))
    return outcomes


_BY = {"amends": "amended_by", "revokes": "revoked_by", "supersedes": "superseded_by"}


def _later_history(outcomes: list[Outcome], files: list[Path], outdir: Path | None,
                   options: FormatOptions, lint: bool) -> None:
    """Orders of the batch that another order of the batch amends, revokes or supersedes
    are formatted again with that relation (``Amended by`` … in the notes, ``status``)."""
    from dataclasses import replace

    from .format import Metadata

    numbers = {o.number: k for k, o in enumerate(outcomes) if o.ok}
    later: dict[str, dict[str, list[str]]] = {}
    for o in outcomes:
        for kind, target in o.relations:
            if target in numbers and kind in _BY:
                later.setdefault(target, {}).setdefault(_BY[kind], []).append(o.number)
    if not later:
        return
    metadata = dict(options.metadata)
    for number, relations in later.items():
        meta = metadata.get(number, Metadata())
        metadata[number] = replace(meta, relations={**meta.relations, **relations})
    again = replace(options, metadata=metadata)
    for number in later:
        k = numbers[number]
        outcomes[k] = format_file(files[k], outdir, again, lint)


def _same_order_twice(outcomes: list[Outcome], files: list[Path], outdir: Path | None,
                      options: FormatOptions, lint: bool) -> None:
    """One order read from two files (a print and a copy of it): the first file, in input
    order, keeps the order's folder and each other file gets a folder of its own
    (``13563-copy``, from its file name), with a warning, so that no output overwrites
    another."""
    if outdir is None:
        return
    seen: dict[str, list[int]] = {}
    for k, o in enumerate(outcomes):
        if o.ok:
            seen.setdefault(o.number, []).append(k)
    for number, ks in seen.items():
        if len(ks) < 2:
            continue
        used = {number}
        for rank, k in enumerate(ks):
            name = number
            if rank:
                stem = re.sub(r"[^\w.-]+", "_", files[k].stem)
                name = f"{number}-{stem}"
                while name in used:
                    name += "_"
            used.add(name)
            outcomes[k] = format_file(files[k], outdir, options, lint, name)
            first = files[ks[0]]
            if rank:
                outcomes[k].warnings.append(f"order {number} is also read from {first}: "
                                            f"written to {outdir / name}")


def summary(outcomes: list[Outcome]) -> str:
    """The summary table printed after a run."""
    ok = [o for o in outcomes if o.ok]
    gp = [o.general_provisions for o in ok]
    rows = [
        ("files", len(outcomes)),
        ("orders formatted", len(ok)),
        ("files skipped (errors)", len(outcomes) - len(ok)),
        ("sections", sum(o.sections for o in ok)),
        ("subsections", sum(o.subsections for o in ok)),
        ("Page: pages", sum(o.pages for o in ok)),
        ("general provisions found", sum(1 for g in gp if g)),
        ("  templated whole", sum(1 for o in ok if o.templated == "whole")),
        ("  templated (a)-(b) and (c)", sum(1 for o in ok if o.templated == "ab+c")),
        ("  templated (a)-(b) only", sum(1 for o in ok if o.templated == "ab")),
        ("  templated (c) only", sum(1 for o in ok if o.templated == "c")),
        ("  own wording throughout", sum(1 for o in ok if o.general_provisions
                                         and not o.templated)),
        ("orders with warnings", sum(1 for o in ok if o.warnings)),
        ("ambiguities left as printed (flags)", sum(len(o.flags) for o in ok)),
        ("lint findings (other than placeholders)", sum(len(o.lint) for o in ok)),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value:>7}" for name, value in rows)
