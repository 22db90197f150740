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

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


@lru_cache(maxsize=4)
def _repairer(corpus: str | None) -> Repairer:
    from .repair.repair import Repairer
    return Repairer.load(Path(corpus) if corpus else None)


def proofread_text(text: str, *, title: str | None = None, corpus: str | Path | None = None,
              conventions: Conventions | None = None,
              fixes: tuple[str, ...] = ()) -> ProofreadResult:
    """Proofread one ``Page:``: its OCR text (or its stored wikitext) in, the page to save
    out (``result.page.wikitext()``), with every edit (``result.edits``) and what is still
    doubtful (``result.flags``). A page at level 3 or 4, or already formatted, comes back as
    it was. ``corpus`` is a corpus folder (default: the package's).

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
    return proofread_page(read_page(text), title=title,
                          repairer=_repairer(str(corpus) if corpus else None),
                          conventions=conventions, fixes=fixes)


def proofread_book(texts: Sequence[str], *, titles: Sequence[str | None] = (),
                   corpus: str | Path | None = None,
                   conventions: Conventions | None = None) -> list[ProofreadResult]:
    """Proofread the pages of one book, in order: each page as :func:`proofread_text` does, then
    mended from the sequence (folios, running titles, words broken across pages, ``{{nop}}``).

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
    return run([(f"page-{i}", read_page(t)) for i, t in enumerate(texts, 1)], titles=titles,
               repairer=_repairer(str(corpus) if corpus else None), conventions=conventions)


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
    return pipeline.clean(text, list(fixes) if fixes is not None
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
    return _repairer(str(corpus) if corpus else None).repair(text)


def parse_laws(text: str, shape: str | None = None) -> ParseResult:
    """Read a code of laws (run-together OCR, one paragraph a line, or wikitext; ``shape``
    ``flat``, ``lines`` or ``wikitext``, else detected) into ``result.codes``.

    >>> result = parse_laws("CARDS.\\n12. If a player lead out of turn, the card may be "
    ...                     "called.\\n13. Two packs are used.\\n")
    >>> [(law.number, law.text) for law in result.laws]
    [(12, 'If a player lead out of turn, the card may be called.'), (13, 'Two packs are used.')]
    """
    from .laws.parse import parse
    return parse(text, shape)


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


def expand(text: str, registry: Registry | None = None, title: str = "") -> Expansion:
    """Expand the templates of ``text`` as MediaWiki's ``action=expandtemplates`` does
    (``.text``, and ``.diagnostics`` for what could not be expanded).

    >>> expand("{{rh|1|A|2}}").text.count("wst-running-header-cell")
    3
    """
    from .wikitext.expand import expand as run
    return run(text, registry, title)


def to_text(text: str, registry: Registry | None = None, title: str = "") -> PlainText:
    """Expand ``text`` and render the text a reader would copy.

    >>> to_text("{{c|{{sc|Laws of Whist}}}}").text
    'Laws of Whist'
    """
    from .wikitext.plain import to_text as run
    return run(text, registry, title)


def to_html(text: str, registry: Registry | None = None, title: str = "", *,
            standalone: bool = False) -> str:
    """Render ``text`` to HTML as MediaWiki's parser does (a whole page with
    ``standalone``).

    >>> to_html("''Whist''")
    '<p><i>Whist</i>\\n</p>'
    """
    from .wikitext.html import to_html as run
    return run(text, registry, title, standalone=standalone)


def lint(text: str, registry: Registry | None = None, file: str = "-",
         title: str = "") -> LintResult:
    """Check template use against TemplateData and the wikitext's structure.

    >>> [d.message for d in lint("{{c|Whist|y=1}}").diagnostics]
    ["unknown parameter 'y' for {{c}}"]
    """
    from .wikitext.validate import lint as run
    return run(text, registry, file, title)


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
