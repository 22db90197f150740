"""Markup that OCR text opens and never closes: written as text, so that it hides nothing.

A scan's OCR is text, not wikitext, but saved on a Page: page it is read as wikitext. A
``<!--`` that OCR read from a smudge (or a ``<ref>`` a reprint carried over) with nothing to
close it hides the whole rest of the page, footer included, and the page still saves. The
``<`` of such an opening is written ``&lt;``, which shows as the printed character and opens
nothing. Markup that is closed is left alone (it is the proofreader's, or a page's).

A line of OCR that begins with ``*``, ``#``, ``:`` or ``;`` (a note's star at the page's foot,
a speck) is a list item, an indent or a definition in wikitext: its first character is
written as its character reference (``&#42;``), which shows the printed mark and makes no list.

>>> [(e.old, e.new) for e in stray_markup("The dealer <!-- shall deal.\\n\\nNext law.")]
[('<', '&lt;')]
>>> stray_markup("A note<ref>Hoyle.</ref> and <!-- a comment -->")
[]
>>> [(e.old, e.new) for e in stray_markup("all cards\\n\\n* The elder hand may propose.")]
[('*', '&#42;')]
"""

from __future__ import annotations

import regex

from ..edits import Edit

# tags whose content MediaWiki does not show as text up to their closing (or to the page's
# end, when they are not closed)
_SWALLOWING = ("ref", "nowiki", "pre", "math", "chem", "ce", "poem", "gallery", "includeonly",
               "noinclude", "onlyinclude", "syntaxhighlight", "source", "score",
               "templatedata", "timeline", "hiero", "graph", "imagemap", "inputbox",
               "categorytree", "mapframe", "section", "references", "pagequality")
_OPENING = regex.compile(r"<!--|<(?P<tag>" + "|".join(_SWALLOWING) + r")\b(?P<rest>[^<>]*)>",
                         regex.IGNORECASE)


_LINE_MARK = regex.compile(r"^[*#:;]", regex.M)
_LINE_MARK_WHAT = {"*": "a list item", "#": "a numbered list item", ":": "an indented line",
                   ";": "a definition"}


def stray_markup(text: str) -> list[Edit]:
    """Edits writing the ``<`` of each unclosed comment or content tag as ``&lt;``, and a
    list, indent or definition mark that begins a line as its character reference."""
    out = [Edit(m.start(), m.end(), m.group(), f"&#{ord(m.group())};", "stray-markup", 0.95,
                f"a line that begins with '{m.group()}' is {_LINE_MARK_WHAT[m.group()]} in "
                "wikitext; the printed mark is written as text")
           for m in _LINE_MARK.finditer(text)]
    for m in _OPENING.finditer(text):
        if m.group("tag") is None:
            closed = text.find("-->", m.end()) >= 0
            what = "'<!--' (a comment)"
        else:
            if m.group("rest").rstrip().endswith("/"):
                continue  # <references />: closes itself
            closed = regex.search(rf"</{m.group('tag')}\s*>", text[m.end():],
                                  regex.IGNORECASE) is not None
            what = f"'<{m.group('tag')}>'"
        if not closed:
            out.append(Edit(m.start(), m.start() + 1, "<", "&lt;", "stray-markup", 0.95,
                            f"{what} is never closed: as wikitext it would hide the rest of "
                            "the page; written as text"))
    return sorted(out, key=lambda e: e.start)
