"""What several commands share: the template folder, the corpus index, diagnostics."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from ..errors import InputError, WstoolsError
from ..io.inputs import MAX_INPUT_BYTES

if TYPE_CHECKING:
    from ..corpus.index import CorpusIndex
    from ..diagnostics import Diagnostic
    from ..wikitext.registry import Registry

_P = ParamSpec("_P")
_R = TypeVar("_R")
LAW_CHOICES = {"auto": None, "yes": True, "no": False}
# the cleanup fixes' names for the help texts (wstools.text.pipeline.FIXES and ALIASES; kept
# here so that building the parser imports no pipeline; tests/test_cli_fix_names.py holds
# them equal). Each name is also the rule of the fix's edits in --explain.
FIX_NAMES_HELP = (
    "fixes: line-end, boilerplate, scraper-dots, page-mark, footnote-mark, italics, unwrap, "
    "hyphen-join, space-before-punctuation, etc, ligature, long-s, dash, quotes, whitespace, "
    "paragraph-lines (each the rule its edits carry in --explain; the old names line-ends, "
    "page-marks, footnote-marks, hyphens, ligatures, dashes are still accepted)")


def reports_unreachable(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """:func:`wstools.wiki.reports_unreachable` around ``command``, the wiki module imported
    when the command runs (building the parser imports no pywikibot glue)."""
    import functools

    @functools.wraps(command)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        from ..wiki import reports_unreachable as wrap
        return wrap(command)(*args, **kwargs)
    return run


class UsageError(WstoolsError):
    """An error in the command's options, not in a file: ``usage-error MESSAGE``, exit 2
    (no file position: ``-:1:1:`` would name standard input).

    >>> UsageError("unknown fix 'bogus'").format()
    "usage-error unknown fix 'bogus'"
    """

    def __init__(self, message: str) -> None:
        super().__init__("", message)

    def format(self) -> str:
        return f"usage-error {self}"


def add_common(p: argparse.ArgumentParser, max_bytes: int = MAX_INPUT_BYTES) -> None:
    """``--templates``, ``--title``, ``--format`` and the hidden ``--max-bytes``."""
    p.add_argument("--templates", metavar="DIR", help="template folder (default: the "
                   "package's wstools/data/templates, or $WSTOOLS_TEMPLATES)")
    p.add_argument("--title", default="", help="page title, e.g. 'Page:File.djvu/624' "
                   "(for {{PAGENAME}} and {{rvh}})")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--max-bytes", type=int, default=max_bytes, help=argparse.SUPPRESS)


def registry_from(args: argparse.Namespace) -> Registry:
    """The templates of ``--templates DIR`` (else the package's), TemplateData checked."""
    from ..wikitext.registry import Registry, TemplateDataError, default_template_dir
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


def print_diagnostics(diags: list[Diagnostic], fmt: str) -> None:
    if fmt == "text":
        for d in diags:
            print(d.format(), file=sys.stderr)


def corpus_index(args: argparse.Namespace) -> CorpusIndex | None:
    """The corpus index (``--corpus DIR`` or the project's corpus), or None without one."""
    from ..corpus.index import load_index
    from ..corpus.store import CorpusError, default_corpus_dir
    folder = Path(args.corpus) if getattr(args, "corpus", None) else default_corpus_dir()
    if not folder.is_dir():
        if getattr(args, "corpus", None):
            raise InputError(str(folder), "corpus folder does not exist")
        return None
    try:
        return load_index(folder)
    except CorpusError as exc:
        raise InputError(str(folder), str(exc)) from None
