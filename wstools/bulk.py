"""Proofreading in bulk: a dump in, an importable dump out.

A source yields pages, a job maps them: in this process (``jobs=1``), in worker processes
(``jobs=N``) or on a Dask cluster (``engine="dask"``). Pages go out in batches and come back in
input order through a bounded window, so memory stays flat however large the dump. A page that
fails is reported and skipped; the others are written.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from .io.dumps import DumpError, DumpPage, DumpWriter, read_dump
from .page import read_page

BATCH = 8  # pages a task
MAX_PAGE_BYTES = 2 * 1024 * 1024  # MediaWiki's default $wgMaxArticleSize


@dataclass
class PageOutcome:
    """What became of one page: the new text, or the error that stopped it."""

    title: str
    text: str | None = None
    edits: int = 0
    flags: int = 0
    diagnostics: list[str] = field(default_factory=list)
    laws: int = 0
    error: str | None = None


@dataclass
class Summary:
    pages: int = 0
    proofread: int = 0
    failed: int = 0
    edits: int = 0
    flags: int = 0
    diagnostics: int = 0
    laws: int = 0
    seconds: float = 0.0
    failures: list[dict] = field(default_factory=list)
    rules: dict[str, int] = field(default_factory=dict)

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds if self.seconds else 0.0

    def add(self, o: PageOutcome) -> None:
        self.pages += 1
        if o.error is not None:
            self.failed += 1
            self.failures.append({"title": o.title, "error": o.error})
            return
        self.proofread += 1
        self.edits += o.edits
        self.flags += o.flags
        self.diagnostics += len(o.diagnostics)
        self.laws += o.laws

    def as_dict(self) -> dict:
        d = asdict(self)
        d["pages_per_second"] = round(self.pages_per_second, 2)
        return d

    def line(self) -> str:
        return (f"{self.pages} pages: {self.proofread} proofread, {self.failed} failed; "
                f"{self.edits} edits, {self.flags} flags, {self.diagnostics} diagnostics, "
                f"{self.laws} laws; {self.seconds:.1f} s ({self.pages_per_second:.1f} pages/s)")


# -- the job (runs in workers) ----------------------------------------------------------

_WORKER: dict = {}


def _setup(corpus: str | None, conventions: dict) -> None:
    from .proofread import Conventions
    from .repair.repair import Repairer
    key = (corpus, tuple(sorted(conventions.items())))
    if _WORKER.get("key") != key:
        _WORKER["repairer"] = Repairer.load(Path(corpus) if corpus else None)
        _WORKER["conventions"] = Conventions(**conventions)
        _WORKER["key"] = key


def proofread_one(title: str, text: str) -> PageOutcome:
    """Proofread one stored page with the worker's repairer; never raises."""
    from .proofread import proofread_page
    try:
        if len(text) > MAX_PAGE_BYTES // 4 and len(text.encode("utf-8")) > MAX_PAGE_BYTES:
            raise ValueError(f"page is larger than {MAX_PAGE_BYTES} bytes (MediaWiki's limit)")
        result = proofread_page(read_page(text), title=title, repairer=_WORKER["repairer"],
                                conventions=_WORKER["conventions"], file=title)
    except RecursionError:
        return PageOutcome(title, error="nesting too deep to process")
    except Exception as exc:  # noqa: BLE001 - a bad page must not stop the run
        return PageOutcome(title, error=f"{type(exc).__name__}: {exc}")
    return PageOutcome(title, result.page.wikitext(), len(result.edits), len(result.flags),
                       [d.format() for d in result.diagnostics], result.laws)


def proofread_batch(batch: list[tuple[str, str]], corpus: str | None,
                    conventions: dict) -> list[PageOutcome]:
    """A task: set the worker up once, then proofread each page of ``batch``."""
    _setup(corpus, conventions)
    return [proofread_one(title, text) for title, text in batch]


# -- engines ---------------------------------------------------------------------------


def _batches(pages: Iterable[DumpPage], size: int) -> Iterator[list[DumpPage]]:
    batch: list[DumpPage] = []
    for p in pages:
        batch.append(p)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _in_order(batches: Iterable[list[DumpPage]], submit: Callable, window: int
              ) -> Iterator[tuple[DumpPage, PageOutcome]]:
    """Submit each batch (``submit(batch)`` returns a future), keeping at most ``window``
    in flight, and yield the pages with their outcomes in input order."""
    pending: deque = deque()
    for batch in batches:
        pending.append((batch, submit(batch)))
        if len(pending) >= window:
            done, future = pending.popleft()
            yield from zip(done, future.result(), strict=True)
    while pending:
        done, future = pending.popleft()
        yield from zip(done, future.result(), strict=True)


def run_pages(pages: Iterable[DumpPage], *, jobs: int = 1, corpus: str | None = None,
              conventions: dict | None = None, engine: str = "processes",
              scheduler: str | None = None, client: object = None
              ) -> Iterator[tuple[DumpPage, PageOutcome]]:
    """Proofread ``pages``, yielding each with its outcome, in input order."""
    conventions = conventions or {}
    batches = _batches(pages, BATCH)

    def task(batch: list[DumpPage]) -> tuple:
        return ([(p.title, p.text) for p in batch], corpus, conventions)

    if engine == "dask":
        yield from _run_dask(batches, task, scheduler, client, jobs)
        return
    if jobs <= 1:
        for batch in batches:
            yield from zip(batch, proofread_batch(*task(batch)), strict=True)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(jobs) as pool:
        yield from _in_order(batches, lambda b: pool.submit(proofread_batch, *task(b)),
                             jobs * 4)


def _run_dask(batches: Iterator[list[DumpPage]], task: Callable, scheduler: str | None,
              client: object, jobs: int) -> Iterator[tuple[DumpPage, PageOutcome]]:
    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError("the dask engine needs 'distributed': pip install "
                           "'wstools[dask]'") from None
    own = client is None
    if own:
        if not scheduler:
            raise RuntimeError("--engine dask needs --scheduler ADDRESS")
        client = Client(scheduler, timeout="30s")
    try:
        workers = max(jobs, sum(client.nthreads().values()) or 1)  # type: ignore[attr-defined]
        yield from _in_order(batches, lambda b: client.submit(  # type: ignore[attr-defined]
            proofread_batch, *task(b), pure=False), workers * 4)
    finally:
        if own:
            client.close()  # type: ignore[attr-defined]


# -- the command -----------------------------------------------------------------------


def proofread_dump(source: str | Path, output: str | Path, *, namespace: int | None = 104,
                   jobs: int = 1, corpus: str | None = None, conventions: dict | None = None,
                   engine: str = "processes", scheduler: str | None = None,
                   client: object = None, limit: int | None = None, progress: bool = False,
                   comment: str = "wstools proofread", log: Callable[[str], None] | None = None
                   ) -> Summary:
    """Proofread every page of ``source`` in ``namespace`` and write ``output``."""
    summary = Summary()
    started = time.perf_counter()
    pages: Iterable[DumpPage] = read_dump(source, namespace)
    if limit is not None:
        pages = (p for i, p in enumerate(pages) if i < limit)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(unit="page", desc="proofread", file=sys.stderr, dynamic_ncols=True)
    user = (conventions or {}).get("user") or "wstools"
    try:
        with DumpWriter(output) as writer:
            for page, outcome in run_pages(pages, jobs=jobs, corpus=corpus,
                                           conventions=conventions, engine=engine,
                                           scheduler=scheduler, client=client):
                if outcome.error is None:
                    try:
                        writer.write(replace(page, text=outcome.text or "", timestamp="",
                                             revision_id="", contributor=user, comment=comment))
                    except ValueError as exc:  # text XML cannot hold (control characters)
                        outcome = replace(outcome, error=f"cannot be written as XML: {exc}")
                summary.add(outcome)
                if outcome.error is not None and log:
                    log(f"{page.title}: skipped: {outcome.error}")
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - started
    return summary


def run_dump(args: argparse.Namespace) -> int:
    """``wstools proofread --dump``."""
    from .cli import InputError
    from .cli_proofread import conventions_from
    if not args.output:
        raise InputError(args.dump, "--dump needs -o OUT.xml (the output dump)")
    if Path(args.output).resolve() == Path(args.dump).resolve():
        raise InputError(args.dump, "the output may not be the input dump")
    if not Path(args.dump).is_file():
        raise InputError(args.dump, "no such file")
    conventions = asdict(conventions_from(args))
    try:
        summary = proofread_dump(args.dump, args.output, namespace=args.namespace,
                                 jobs=args.jobs, corpus=args.corpus, conventions=conventions,
                                 engine=args.engine, scheduler=args.scheduler,
                                 limit=args.limit, progress=not args.quiet,
                                 log=lambda s: print(s, file=sys.stderr))
    except DumpError as exc:
        raise InputError(exc.file, str(exc), exc.line or 1, exc.column or 1) from None
    except RuntimeError as exc:
        raise InputError(args.dump, str(exc)) from None
    summary_path = Path(args.report_json or f"{args.output}.summary.json")
    from .cli import write_output
    write_output(str(summary_path), json.dumps(summary.as_dict(), indent=1,
                                               ensure_ascii=False) + "\n")
    print(f"{args.dump}: {summary.line()}; wrote {args.output} and {summary_path}",
          file=sys.stderr)
    return 0 if summary.failed == 0 else 1
