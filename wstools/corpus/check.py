"""``wstools corpus check``: every file parses, numbering is consistent, no junk is left."""

from __future__ import annotations

from pathlib import Path

import regex

from ..diagnostics import Diagnostic
from ..text.web import score_boilerplate
from .store import CorpusError, load

ARTEFACTS = [
    ("scraper-dots", regex.compile(r"\p{L}+\.(?:\+|\p{Ll}\.)\p{L}+")),
    ("underscore-italics", regex.compile(r"(?<![\w_])_[^_\n]+_(?![\w_])")),
    ("double-hyphen", regex.compile(r"\S--|--\S")),
    ("crlf", regex.compile(r"\r")),
]


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
        result = p.parse()
        numbered = p.metadata.get("numbered", "yes") != "no"
        for d in result.diagnostics:
            if d.code == "no-laws" and not numbered:
                continue
            d.line += p.body_line - 1
            diags.append(d)
        for i, line in enumerate(p.text.split("\n"), start=p.body_line):
            score = score_boilerplate(line)
            if score.score >= 2:
                diags.append(Diagnostic("boilerplate", "looks like site boilerplate ("
                                        + ", ".join(score.features) + ")", 0, "error", name,
                                        i, 1))
            for code, pattern in ARTEFACTS:
                m = pattern.search(line)
                if m:
                    diags.append(Diagnostic(code, f"artefact {m.group(0)!r} left", 0, "error",
                                            name, i, m.start() + 1))
    return diags
