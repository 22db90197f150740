"""``wstools corpus check``: every file parses, numbering is consistent, no junk is left.

The documents of a collection (HTML pages, :func:`.store.read_html`) are texts as printed,
not law codes: only their ids are checked."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic
from ..text.pipeline import Options, clean
from .store import CorpusError, load

# a cleanup fix that would still change something means its junk is left in the corpus
LEFTOVER_FIXES = ("line-end", "boilerplate", "scraper-dots", "italics", "dash")


def check(folder: Path | None = None) -> list[Diagnostic]:
    """Problems found in the corpus (an empty list when it is sound)."""
    try:
        printings = load(folder)
    except CorpusError as exc:
        return [Diagnostic("corpus-error", str(exc), 0, "error")]
    diags: list[Diagnostic] = []
    ids: set[str] = set()
    for p in printings:
        name = str(p.path)
        if p.id in ids:
            diags.append(Diagnostic("duplicate-id", f"id {p.id} used twice", 0, "error", name))
        ids.add(p.id)
        if p.path.stem != p.id:
            diags.append(Diagnostic("bad-name", f"file name should be {p.id}.txt", 0, "error",
                                    name))
        if p.metadata.get("kind") == "collection":
            continue  # a document as printed (store.read_html), not a law code to check
        result = p.parse()
        numbered = p.metadata.get("numbered", "yes") != "no"
        for d in result.diagnostics:
            if d.code == "no-laws" and not numbered:
                continue
            d.line += p.body_line - 1
            diags.append(d)
        for e in clean(p.text, LEFTOVER_FIXES, Options(law=True)).edits:  # a law corpus
            diags.append(Diagnostic(e.rule, f"left in the corpus: {e.old.strip()[:60]!r} "
                                    f"({e.evidence})", 0, "error", name,
                                    e.line + p.body_line - 1, e.column))
    return diags
