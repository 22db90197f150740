"""Proofreading in bulk: a dump in, an importable dump out.

A source yields pages, a job maps them: in this process (``jobs=1``), in worker processes
(``jobs=N``) or on a Dask cluster (``engine="dask"``). Pages go out in batches and come back in
input order through a bounded window, so memory stays flat however large the dump. A page that
fails is reported and skipped; the others are written.

What is read is never lost: a fault in the dump (malformed XML, a truncated bz2/gz, a limit of
:class:`~wstools.io.dumps.DumpReader`) ends the run after the pages before it, which are
written to a well-formed output dump, and is reported with its position (exit 1).

Only the Page: namespace is proofread: the one the dump's ``<siteinfo>`` names with a name of
ProofreadPage's Page namespace in any language (Page, Seite, Pagina...: 104 on en, 102 on de,
108 on it, 250 on a lab wiki; :mod:`wstools.io.namespaces`), unless ``namespace`` is given (a
number or a name); a siteinfo that names none (or several) is an error, never 104; only a
dump without siteinfo is read as 104. Pages whose content model is not
wikitext (json, css, javascript, Scribunto...) are skipped and counted. Duplicate titles and
entity references kept as text are reported.

Each page has a time budget (``PAGE_TIMEOUT`` seconds, 60 by default; 0: none): a page over
it is reported and skipped and the run goes on. The budget is a ``SIGALRM`` interval timer in
the process that proofreads the page (this one with ``jobs=1``, each worker with ``jobs=N``):
no extra process or pickling for ``jobs=1``, and the page's exception unwinds normally, so
the worker stays usable. ``regex`` and ``re`` check for signals while matching, which stops
a backtracking pattern; code that never returns to Python is not interrupted. Dask runs
tasks in threads, where no signal can be received: there the budget is not enforced.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from .errors import InputError
from .io.dumps import PAGE_NAMESPACE, TEXT_MODELS, DumpPage, DumpReader, DumpWriter
from .io.namespaces import namespace_by_name, page_namespaces
from .page import read_page

BATCH = 8  # pages a task
MAX_PAGE_BYTES = 2 * 1024 * 1024  # MediaWiki's default $wgMaxArticleSize
PAGE_TIMEOUT = 60.0  # seconds a page; a 2 MiB page takes about 25 s


class PageTimeout(BaseException):
    """A page over its time budget (a BaseException: no ``except Exception`` swallows it)."""


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
    rules: dict[str, int] = field(default_factory=dict)  # edits by rule


@dataclass
class Summary:
    """The report of a run: ``pages`` were proofread or failed; pages of other namespaces
    and of other content models (``skipped``) were not written; ``fault`` is where reading
    the dump stopped early (None: read to its end). ``rules`` counts the edits by rule
    (the dump index's chart); ``per_page``, when asked for (None otherwise: it grows with
    the dump), has each proofread page's counts: title, edits, flags, laws, rules."""

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
    namespace: int = PAGE_NAMESPACE
    namespace_from: str = "default"
    read: int = 0
    other_namespaces: int = 0
    skipped_models: dict[str, int] = field(default_factory=dict)
    skipped: list[dict] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    timed_out: int = 0
    fault: dict | None = None
    per_page: list[dict] | None = None

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds if self.seconds else 0.0

    def add(self, o: PageOutcome) -> None:
        self.pages += 1
        if o.error is not None:
            self.failed += 1
            self.timed_out += o.error.startswith("over the time budget")
            self.failures.append({"title": o.title, "error": o.error})
            return
        self.proofread += 1
        self.edits += o.edits
        self.flags += o.flags
        self.diagnostics += len(o.diagnostics)
        self.laws += o.laws
        for rule, n in o.rules.items():
            self.rules[rule] = self.rules.get(rule, 0) + n
        if self.per_page is not None:
            self.per_page.append({"title": o.title, "edits": o.edits, "flags": o.flags,
                                  "laws": o.laws, "rules": dict(o.rules)})

    def as_dict(self) -> dict:
        d = asdict(self)
        d["pages_per_second"] = round(self.pages_per_second, 2)
        return d

    @property
    def ok(self) -> bool:
        """Every page read was proofread as it was: no failure, fault, duplicate, warning."""
        return not (self.failed or self.fault or self.duplicates or self.warnings)

    def line(self) -> str:
        line = (f"{self.pages} pages: {self.proofread} proofread, {self.failed} failed; "
                f"{self.edits} edits, {self.flags} flags, {self.diagnostics} diagnostics, "
                f"{self.laws} laws; {self.seconds:.1f} s ({self.pages_per_second:.1f} pages/s)")
        source = self.namespace_from
        if source == "default":
            source = f"default: the dump's siteinfo lists no namespaces, {PAGE_NAMESPACE} assumed"
        extra = [f"{self.read} pages read, namespace {self.namespace} ({source})"]
        if self.other_namespaces:
            extra.append(f"{self.other_namespaces} in other namespaces")
        if self.skipped_models:
            extra.append(f"{sum(self.skipped_models.values())} skipped for their content model ("
                         + ", ".join(f"{m} {n}" for m, n in sorted(self.skipped_models.items()))
                         + ")")
        if self.timed_out:
            extra.append(f"{self.timed_out} over the time budget")
        if self.duplicates:
            extra.append(f"{len(self.duplicates)} duplicate titles")
        if self.warnings:
            extra.append(f"{len(self.warnings)} warnings")
        if self.fault:
            extra.append("stopped early by a fault in the dump")
        return line + "; " + ", ".join(extra)


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


def _warm() -> None:
    """Build in this process what the job builds on first use (the witnesses' shingles and
    weights, the corpus headings, the repair model, the English word list, wordfreq for
    words with digits), then move every object made so far out of the
    collector's reach (``gc.freeze``): forked workers start with all of it, rather than
    each building it again, and their collections do not walk the shared index."""
    import gc

    from .repair.model import load_model
    from .text.english import warm as warm_english
    repairer = _WORKER["repairer"]
    repairer.witnesses.warm()
    repairer._heading_words()  # (made on first use, kept on the repairer)
    load_model()
    warm_english()
    gc.collect()
    gc.freeze()


def _on_alarm(signum: int, frame: object) -> None:
    raise PageTimeout


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise :class:`PageTimeout` in the block once ``seconds`` have passed (a ``SIGALRM``
    timer); nothing where there is no such timer or off the main thread, or if ``seconds``
    is 0 or None."""
    if not seconds or seconds <= 0 or not hasattr(signal, "setitimer") or \
            threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def proofread_one(title: str, text: str, budget: float | None = PAGE_TIMEOUT) -> PageOutcome:
    """Proofread one stored page with the worker's repairer within ``budget`` seconds;
    never raises."""
    from .proofread import proofread_page
    try:
        if len(text) > MAX_PAGE_BYTES // 4 and len(text.encode("utf-8")) > MAX_PAGE_BYTES:
            raise ValueError(f"page is larger than {MAX_PAGE_BYTES} bytes (MediaWiki's limit)")
        with time_budget(budget):
            result = proofread_page(read_page(text), title=title,
                                    repairer=_WORKER["repairer"],
                                    conventions=_WORKER["conventions"], file=title)
    except PageTimeout:
        return PageOutcome(title, error=f"over the time budget of {budget:g} s a page")
    except RecursionError:
        return PageOutcome(title, error="nesting too deep to process")
    except Exception as exc:  # noqa: BLE001 - a bad page must not stop the run
        return PageOutcome(title, error=f"{type(exc).__name__}: {exc}")
    rules: dict[str, int] = {}
    for e in result.edits:
        rules[e.rule] = rules.get(e.rule, 0) + 1
    return PageOutcome(title, result.page.wikitext(), len(result.edits), len(result.flags),
                       [d.format() for d in result.diagnostics], result.laws, rules=rules)


def proofread_batch(batch: list[tuple[str, str]], corpus: str | None,
                    conventions: dict, budget: float | None = PAGE_TIMEOUT
                    ) -> list[PageOutcome]:
    """A task: set the worker up once, then proofread each page of ``batch``, each within
    ``budget`` seconds."""
    _setup(corpus, conventions)
    return [proofread_one(title, text, budget) for title, text in batch]


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
              scheduler: str | None = None, client: object = None,
              page_timeout: float | None = PAGE_TIMEOUT
              ) -> Iterator[tuple[DumpPage, PageOutcome]]:
    """Proofread ``pages``, yielding each with its outcome, in input order; a page over
    ``page_timeout`` seconds fails (not enforced on Dask, whose tasks run in threads)."""
    conventions = conventions or {}
    batches = _batches(pages, BATCH)

    def task(batch: list[DumpPage]) -> tuple:
        return ([(p.title, p.text) for p in batch], corpus, conventions, page_timeout)

    if engine == "dask":
        yield from _run_dask(batches, task, scheduler, client, jobs)
        return
    if jobs <= 1:
        for batch in batches:
            yield from zip(batch, proofread_batch(*task(batch)), strict=True)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    # (the start method set, else the platform's default, without fixing it)
    method = multiprocessing.get_start_method(allow_none=True) or \
        multiprocessing.get_all_start_methods()[0]
    if method == "fork":
        # the workers are forks of this process: set the job up here once (imports, the
        # corpus index, the witnesses) and each worker starts with it, rather than every
        # worker importing and building it again
        _setup(corpus, conventions)
        _warm()
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


def proofread_dump(source: str | Path, output: str | Path, *,
                   namespace: int | str | None = None,
                   jobs: int = 1, corpus: str | None = None, conventions: dict | None = None,
                   engine: str = "processes", scheduler: str | None = None,
                   client: object = None, limit: int | None = None, progress: bool = False,
                   comment: str = "wstools proofread", log: Callable[[str], None] | None = None,
                   page_timeout: float | None = PAGE_TIMEOUT,
                   max_decompressed: int | None = None, per_page: bool = False) -> Summary:
    """Proofread every wikitext page of ``source`` in ``namespace`` (a number or a name of the
    dump's siteinfo; None: the dump's Page: namespace) and write ``output``. A siteinfo
    with no Page namespace (and no ``namespace``) raises :class:`InputError`, nothing
    written. A fault in the dump after its first page ends the run:
    the pages before it are written and the fault is in ``Summary.fault``; a fault before it
    raises :class:`DumpError` (and nothing is written). ``per_page``: keep each page's
    counts in ``Summary.per_page`` (for a dump's index)."""
    summary = Summary(per_page=[] if per_page else None)
    started = time.perf_counter()
    say = log or (lambda s: None)
    reader = DumpReader(source, tolerant=True, max_decompressed=max_decompressed)
    seen: set[int] = set()  # hashes of the titles read: 8 bytes a title, not the title

    def wanted() -> Iterator[DumpPage]:
        for page in reader:
            summary.read += 1
            if summary.read == 1:
                _choose_namespace(summary, reader, namespace)
            key = hash(page.title)
            if key in seen:
                summary.duplicates.append(page.title)
                say(f"{page.title}: duplicate title (read again, page {summary.read})")
            seen.add(key)
            if page.model not in TEXT_MODELS:
                summary.skipped_models[page.model] = summary.skipped_models.get(page.model, 0) + 1
                summary.skipped.append({"title": page.title, "model": page.model})
                if page.ns == summary.namespace:
                    say(f"{page.title}: skipped: content model {page.model}, not wikitext")
                continue
            if page.ns != summary.namespace:
                summary.other_namespaces += 1
                continue
            for warning in page.warnings:
                summary.warnings.append({"title": page.title, "warning": warning})
                say(f"{page.title}: {warning}")
            if page.missing:  # not proofread, not written: the import would blank it
                summary.add(PageOutcome(page.title, error=page.missing))
                say(f"{page.title}: skipped: {page.missing}")
                continue
            yield page

    pages: Iterable[DumpPage] = wanted()
    if limit is not None:
        pages = _first(pages, limit)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(unit="page", desc="proofread", file=sys.stderr, dynamic_ncols=True)
    user = (conventions or {}).get("user") or "wstools"
    level_asked = (conventions or {}).get("level") is not None
    try:
        with DumpWriter(output) as writer:
            for page, outcome in run_pages(pages, jobs=jobs, corpus=corpus,
                                           conventions=conventions, engine=engine,
                                           scheduler=scheduler, client=client,
                                           page_timeout=page_timeout):
                writer.lang, writer.siteinfo = reader.lang or writer.lang, reader.siteinfo
                if outcome.error is None:
                    try:
                        # a page left as it was keeps its revision (an import of the output
                        # makes no new revision of it); a changed one is a new revision
                        writer.write(page if outcome.text == page.text or _unchanged(
                            page.text, outcome, level_asked) else
                                     replace(page, text=outcome.text or "", timestamp="",
                                             revision_id="", contributor=user, contributor_id="",
                                             contributor_ip=False, comment=comment))
                    except ValueError as exc:  # text XML cannot hold (control characters)
                        outcome = replace(outcome, error=f"cannot be written as XML: {exc}")
                summary.add(outcome)
                if outcome.error is not None:
                    say(f"{page.title}: skipped: {outcome.error}")
                if bar is not None:
                    bar.update(1)
            if summary.read == 0 and (reader.bytes_read or not isinstance(namespace, str)):
                _choose_namespace(summary, reader, namespace)  # no page: still checked
            writer.lang, writer.siteinfo = reader.lang or writer.lang, reader.siteinfo
    finally:
        if bar is not None:
            bar.close()
    if reader.fault is not None:
        summary.fault = reader.fault.as_dict()
        say(f"{reader.fault.file}: reading stopped: {reader.fault} ({reader.fault.where()}); "
            f"the {summary.read} pages before it were read")
    summary.seconds = time.perf_counter() - started
    return summary


def _unchanged(before: str, outcome: PageOutcome, level_asked: bool) -> bool:
    """Whether a page proofread with no edit is changed only in how it is written (its
    ``<noinclude>`` wrapping, the ``<pagequality>`` an empty or bare page is given): then
    it is no new revision. A level set by ``--level`` is a change."""
    if outcome.edits or outcome.text is None:
        return False
    was, now = read_page(before), read_page(outcome.text)
    if (was.header.strip(), was.body.strip(), was.footer.strip()) != \
            (now.header.strip(), now.body.strip(), now.footer.strip()):
        return False
    return not level_asked or (was.level, was.user) == (now.level, now.user)


def _first(pages: Iterable[DumpPage], limit: int) -> Iterator[DumpPage]:
    if limit <= 0:
        return
    for i, page in enumerate(pages, 1):
        yield page
        if i >= limit:
            return


def _choose_namespace(summary: Summary, reader: DumpReader, namespace: int | str | None
                      ) -> None:
    """The namespace to proofread: ``namespace`` if given (a number, or a name the dump's
    siteinfo has); else the one the siteinfo names as ProofreadPage's Page namespace; else,
    for a dump whose siteinfo lists no namespaces, 104. A siteinfo that names no Page
    namespace, or several, raises :class:`InputError`: 104 may be another namespace there
    (de: Index, it: Progetto)."""
    if isinstance(namespace, str) and namespace.strip().lstrip("-").isdigit():
        namespace = int(namespace)
    names = reader.namespaces
    if isinstance(namespace, str):
        found = namespace_by_name(names, namespace, reader.canonical)
        if found is None:
            raise InputError(reader.name, f"--namespace {namespace!r}: " + (
                f"no namespace of that name in the dump's siteinfo ({_listing(names)})"
                if names else "the dump has no siteinfo naming its namespaces: give the "
                "namespace's number"))
        namespace = found
    if namespace is not None:
        summary.namespace, summary.namespace_from = namespace, "given"
        return
    if not names:
        summary.namespace, summary.namespace_from = PAGE_NAMESPACE, "default"
        return
    found_all = page_namespaces(names, reader.canonical)
    if len(found_all) == 1:
        summary.namespace, summary.namespace_from = found_all[0], "siteinfo"
        return
    if found_all:
        raise InputError(reader.name, "the dump's siteinfo names several Page namespaces ("
                         + _listing({k: names[k] for k in found_all})
                         + "): say which with --namespace NUMBER or NAME")
    raise InputError(reader.name, "the dump's siteinfo names no ProofreadPage Page namespace "
                     f"({_listing(names)}): give it with --namespace NUMBER or NAME "
                     f"(namespace {PAGE_NAMESPACE} is not assumed when the siteinfo "
                     "names the namespaces)")


def _listing(names: dict[int, str], most: int = 12) -> str:
    """``names`` (key → name) in a few words: '102 Seite, 104 Index'."""
    shown = [f"{k} {v}" for k, v in sorted(names.items()) if v][:most]
    more = sum(1 for v in names.values() if v) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "") or "none named"
