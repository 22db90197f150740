"""wstools: offline tools for Wikisource proofreaders.

The library's verbs are plain functions; the ``wstools`` command wraps them. One call per
job, each importing what it needs when it is called (``import wstools`` stays cheap). The
page and repair calls are ``proofread_text`` and ``repair_text``: ``wstools.proofread`` and
``wstools.repair`` are the modules that do the work.

==========================  =====================================================
:func:`proofread_text`      one ``Page:`` (OCR or stored wikitext) -> the page to save
:func:`proofread_book`      the pages of one book, mended from their sequence
:func:`proofread_dump`      a MediaWiki XML dump -> an importable dump and a summary
:func:`clean`               OCR and web-reprint cleanup, every edit explained
:func:`repair_text`         OCR repaired against the corpus, every edit with evidence
:func:`parse_laws`          a code of laws read into Code/Section/Law/Clause
:func:`export_laws`         parsed codes -> json, text, lines, wikitext, html or tei
:func:`expand`              templates expanded (``action=expandtemplates``)
:func:`to_text`             the text a reader would copy
:func:`to_html`             HTML as MediaWiki's parser renders it
:func:`lint`                template use and wikitext structure checked
:func:`format_order`        an executive order formatted with the EO templates
==========================  =====================================================

The templates (``wstools/data/templates``) and the corpus (``wstools/data/corpus``) ship in
the package; ``$WSTOOLS_TEMPLATES`` and ``$WSTOOLS_CORPUS`` (or the ``registry`` and
``corpus`` arguments) point elsewhere.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .bulk import Summary
    from .eo.format import FormatOptions
    from .laws.model import Code
    from .laws.parse import ParseResult
    from .proofread import Conventions, ProofreadResult
    from .repair.repair import Repairer, RepairResult
    from .text.pipeline import CleanResult
    from .wikitext.expand import Expansion
    from .wikitext.plain import PlainText
    from .wikitext.registry import Registry
    from .wikitext.validate import LintResult

__version__ = "0.1.0"


def _text(value: object, name: str = "text") -> str:
    """``value`` if it is a ``str``; else a TypeError that says what was given.

    >>> _text(b"12. A card.")
    Traceback (most recent call last):
    TypeError: text must be a str, not bytes (decode it first, e.g. data.decode('utf-8'))
    """
    if isinstance(value, str):
        return value
    hint = {"bytes": " (decode it first, e.g. data.decode('utf-8'))",
            "PosixPath": " (read the file first, e.g. path.read_text('utf-8'))",
            "WindowsPath": " (read the file first, e.g. path.read_text('utf-8'))"}
    kind = type(value).__name__
    raise TypeError(f"{name} must be a str, not {kind}{hint.get(kind, '')}")


def _names(value: object, name: str) -> tuple[str, ...]:
    """A sequence of names as a tuple; a lone string is refused (it would be read a letter
    at a time).

    >>> _names(["dash", "quotes"], "fixes")
    ('dash', 'quotes')
    >>> _names("dash", "fixes")
    Traceback (most recent call last):
    TypeError: fixes must be a sequence of names, not a str: write ('dash',)
    """
    if isinstance(value, str):
        raise TypeError(f"{name} must be a sequence of names, not a str: write ({value!r},)")
    return tuple(_text(v, f"each of {name}") for v in value)  # type: ignore[attr-defined]


def _fixes(value: object) -> tuple[str, ...]:
    """Cleanup fix names, checked against the known ones (old names accepted)."""
    from .text.pipeline import FIXES, fix_name, fix_names
    names = _names(value, "fixes")
    for n in names:
        if fix_name(n) not in FIXES:
            raise ValueError(f"unknown fix {n!r}; known: {fix_names()}")
    return names


def _conventions(conventions: Conventions | None, level: int | None) -> Conventions | None:
    """``conventions`` with ``level`` set, when one is given."""
    if level is None:
        return conventions
    if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 4:
        raise ValueError(f"level must be 0 to 4, not {level!r}")
    from dataclasses import replace

    from .proofread import Conventions
    return replace(conventions or Conventions(), level=level)


def _registry(registry: Registry | str | Path | None) -> Registry | None:
    """A registry, or the one read from a template folder given by its path."""
    if registry is None or not isinstance(registry, (str, Path)):
        return registry
    from .wikitext.registry import Registry
    folder = Path(registry)
    if not folder.is_dir():
        raise ValueError(f"registry: template folder {str(folder)!r} does not exist")
    return Registry.from_directory(folder)


def __dir__() -> list[str]:
    """The public names only (not the typing helpers this module imports)."""
    return sorted(__all__)


@lru_cache(maxsize=4)
def _repairer(corpus: str | None) -> Repairer:
    from .repair.repair import Repairer
    return Repairer.load(Path(corpus) if corpus else None)


def proofread_text(text: str, *, title: str | None = None, corpus: str | Path | None = None,
                   conventions: Conventions | None = None, fixes: Sequence[str] = (),
                   level: int | None = None) -> ProofreadResult:
    """Proofread one ``Page:``: its OCR text (or its stored wikitext) in, the page to save
    out (``result.page.wikitext()``), with every edit (``result.edits``) and what is still
    doubtful (``result.flags``). A page at level 3 or 4, or already formatted, comes back as
    it was. ``corpus`` is a corpus folder (default: the package's); ``conventions``
    (:class:`wstools.proofread.Conventions`) the house style; ``level`` (0–4) the
    proofreading level to set, which never lowers the page's own; ``fixes`` cleanup fixes
    for a page that is already wikitext.

    >>> result = proofread_text("600 WHIST\\n\\n12. If a player lead out of turn , the card "
    ...                    "may be called.\\n\\n13. If all have played, the trick stands.\\n")
    >>> result.page.header, result.page.level
    ('{{rh|600|WHIST|}}', 1)
    >>> print(result.page.body)
    12. If a player lead out of turn, the card may be called.
    <BLANKLINE>
    13. If all have played, the trick stands.
    {{nop}}
    >>> sorted({e.rule for e in result.edits})
    ['layout', 'running-head', 'space-before-punctuation']
    """
    from .page import read_page
    from .proofread import proofread_page
    return proofread_page(read_page(_text(text)), title=title,
                          repairer=_repairer(str(corpus) if corpus else None),
                          conventions=_conventions(conventions, level), fixes=_fixes(fixes))


def proofread_book(texts: Sequence[str], *, titles: Sequence[str | None] = (),
                   corpus: str | Path | None = None, conventions: Conventions | None = None,
                   level: int | None = None) -> list[ProofreadResult]:
    """Proofread the pages of one book, in order: each page as :func:`proofread_text` does, then
    mended from the sequence (folios, running titles, words broken across pages, ``{{nop}}``).
    ``titles`` (one a page, or none) are the pages' titles; the rest as in
    :func:`proofread_text`.

    >>> pages = proofread_book(["600 WHIST\\n\\n12. If a player lead out of turn, the card "
    ...                         "may be\\n", "WHIST 601\\n\\ncalled.\\n\\n13. The trick "
    ...                         "stands.\\n"])
    >>> [p.page.header for p in pages]
    ['{{rh|600|WHIST|}}', '{{rh||WHIST|601}}']
    >>> pages[0].page.body.endswith("{{nop}}")
    False
    """
    from .book import proofread_book as run
    from .page import read_page
    if isinstance(texts, str):
        raise TypeError("texts must be a sequence of page texts, not a str: "
                        "write [text] for one page")
    pages = [_text(t, "each page text") for t in texts]
    if titles and len(titles) != len(pages):
        raise ValueError(f"titles: {len(titles)} given for {len(pages)} pages")
    return run([(f"page-{i}", read_page(t)) for i, t in enumerate(pages, 1)], titles=titles,
               repairer=_repairer(str(corpus) if corpus else None),
               conventions=_conventions(conventions, level))


def proofread_dump(source: str | Path, output: str | Path, *, jobs: int = 1,
                   corpus: str | None = None, namespace: int | str | None = None) -> Summary:
    """Proofread every ``Page:`` of the MediaWiki XML dump ``source`` (``.xml``, ``.bz2``,
    ``.gz``), streamed, in ``jobs`` processes, into the importable dump ``output``; the
    summary counts pages, edits, flags and failures (``summary.as_dict()``).

    >>> import tempfile
    >>> from wstools.io.dumps import DumpPage, DumpWriter
    >>> folder = Path(tempfile.mkdtemp())
    >>> with DumpWriter(folder / "in.xml") as w:
    ...     w.write(DumpPage("Page:B.djvu/1", 104, "600 WHIST\\n\\n12. A card , led.\\n"))
    >>> summary = proofread_dump(folder / "in.xml", folder / "out.xml")
    >>> summary.pages, summary.proofread, summary.ok
    (1, 1, True)
    """
    from .bulk import proofread_dump as run
    return run(source, output, jobs=jobs, corpus=corpus, namespace=namespace)


def clean(text: str, fixes: Sequence[str] | None = None) -> CleanResult:
    """OCR and web-reprint cleanup (the default fixes, or the ``fixes`` named), every edit
    explained (``rule``, ``old``, ``new``, ``confidence``, ``evidence``).

    >>> result = clean("the table , but a man-\\nner")
    >>> result.text
    'the table, but a manner'
    >>> [(e.rule, e.old, e.new) for e in result.edits]
    [('space-before-punctuation', ' ,', ','), ('hyphen-join', 'man-\\nner', 'manner')]
    """
    from .text import pipeline
    return pipeline.clean(_text(text), list(_fixes(fixes)) if fixes is not None
                          else pipeline.default_fixes(""), pipeline.Options())


def repair_text(text: str, *, corpus: str | Path | None = None) -> RepairResult:
    """Repair OCR against the corpus of other printings: the cleanup, then each token whose
    difference from the witnesses is a plausible OCR confusion.

    >>> result = repair_text("12. If a player lead out of turn, tbe card may be called.")
    >>> result.text
    '12. If a player lead out of turn, the card may be called.'
    >>> [(e.rule, e.old, e.new) for e in result.edits]
    [('vocabulary', 'tbe', 'the')]
    """
    return _repairer(str(corpus) if corpus else None).repair(_text(text))


def parse_laws(text: str, shape: str | None = None) -> ParseResult:
    """Read a code of laws (run-together OCR, one paragraph a line, or wikitext; ``shape``
    ``flat``, ``lines`` or ``wikitext``, else detected) into ``result.codes``.

    >>> result = parse_laws("CARDS.\\n12. If a player lead out of turn, the card may be "
    ...                     "called.\\n13. Two packs are used.\\n")
    >>> [(law.number, law.text) for law in result.laws]
    [(12, 'If a player lead out of turn, the card may be called.'), (13, 'Two packs are used.')]
    """
    from .laws.parse import parse
    return parse(_text(text), shape)


def export_laws(codes: Sequence[Code], to: str = "json", form: str = "paragraphs", *,
                markup: bool = False) -> str:
    """Parsed codes as ``json`` (``wstools/laws/schema.json``), ``text``, ``lines``,
    ``wikitext`` (``form``: ``paragraphs`` or ``ol``), ``html`` or ``tei``
    (for EPUB: :func:`wstools.laws.export.write_epub`). In wikitext, the texts are
    escaped (markup in plain text opens nothing) unless ``markup`` (texts read from
    wikitext, ``parse_laws(...).shape == "wikitext"``: their templates are kept).

    >>> codes = parse_laws("12. Two packs are used.\\n13. The deal.\\n").codes
    >>> print(export_laws(codes, "wikitext"), end="")
    '''12.''' Two packs are used.
    <BLANKLINE>
    '''13.''' The deal.
    """
    from .laws import render
    from .laws.model import Code
    if isinstance(codes, (str, bytes)) or not all(isinstance(c, Code) for c in codes):
        raise TypeError("codes must be a sequence of Code, as parse_laws(text).codes gives")
    writers: dict[str, Callable[[list[Code]], str]] = {
        "json": render.to_json, "text": lambda c: render.to_text(c, markup=markup),
        "lines": render.to_lines,
        "wikitext": lambda c: render.to_wikitext(c, form, markup=markup)}
    if to in writers:
        return writers[to](list(codes))
    from .laws import export
    if to == "html":
        return export.to_html(list(codes))
    if to == "tei":
        return export.to_tei(list(codes))
    raise ValueError(f"unknown format {to!r}")


def expand(text: str, registry: Registry | str | Path | None = None, title: str = "") -> Expansion:
    """Expand the templates of ``text`` as MediaWiki's ``action=expandtemplates`` does
    (``.text``, and ``.diagnostics`` for what could not be expanded).

    >>> expand("{{rh|1|A|2}}").text.count("wst-running-header-cell")
    3
    """
    from .wikitext.expand import expand as run
    return run(_text(text), _registry(registry), title)


def to_text(text: str, registry: Registry | str | Path | None = None, title: str = "") -> PlainText:
    """Expand ``text`` and render the text a reader would copy.

    >>> to_text("{{c|{{sc|Laws of Whist}}}}").text
    'Laws of Whist'
    """
    from .wikitext.plain import to_text as run
    return run(_text(text), _registry(registry), title)


def to_html(text: str, registry: Registry | str | Path | None = None, title: str = "", *,
            standalone: bool = False) -> str:
    """Render ``text`` to HTML as MediaWiki's parser does (a whole page with
    ``standalone``).

    >>> to_html("''Whist''")
    '<p><i>Whist</i>\\n</p>'
    """
    from .wikitext.html import to_html as run
    return run(_text(text), _registry(registry), title, standalone=standalone)


def lint(text: str, registry: Registry | str | Path | None = None, file: str = "-",
         title: str = "") -> LintResult:
    """Check template use against TemplateData and the wikitext's structure.

    >>> [d.message for d in lint("{{c|Whist|y=1}}").diagnostics]
    ["unknown parameter 'y' for {{c}}"]
    """
    from .wikitext.validate import lint as run
    return run(_text(text), _registry(registry), file, title)


def format_order(data: str | bytes, name: str = "",
                 options: FormatOptions | None = None) -> tuple[str, list[tuple[str, str]]]:
    """An executive order, in any shape it was printed in, formatted with the EO templates:
    the main-namespace page and the ``Page:`` pages as ``(title, wikitext)``.
    """
    from .eo.format import to_pages, to_wikitext
    from .eo.read import read_order
    order = read_order(data, name)
    return to_wikitext(order, options), to_pages(order, options)


__all__ = ["__version__", "clean", "expand", "export_laws", "format_order", "lint",
           "parse_laws", "proofread_book", "proofread_dump", "proofread_text", "repair_text",
           "to_html", "to_text"]
