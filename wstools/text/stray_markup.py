"""Markup that OCR text opens and never closes: written as text, so that it hides nothing.

A scan's OCR is text, not wikitext, but saved on a Page: page it is read as wikitext. A
``<!--`` that OCR read from a smudge (or a ``<ref>`` a reprint carried over) with nothing to
close it hides the whole rest of the page, footer included, and the page still saves. The
``<`` of such an opening is written ``&lt;``, which shows as the printed character and opens
nothing. Markup that is closed is left alone (it is the proofreader's, or a page's).

A line of OCR that begins with ``*``, ``#``, ``:`` or ``;``, indented or not (a note's star
at the page's foot, a centred asterism, a speck) is a list item, an indent or a definition
in wikitext: its first character is written as its character reference (``&#42;``), which
shows the printed mark and makes no list.

OCR's own readings that are wikitext too: two or more apostrophes (a double quote OCR read as
``''``) make italics or bold, three to five tildes a signature or a date when the page is
saved, and ``__NOTOC__`` a behaviour switch that vanishes. Their characters are written so
that they show as printed (``&#39;'``, ``~~&#126;``, ``&#95;_NOTOC__``).

>>> [(e.old, e.new) for e in stray_markup("The dealer <!-- shall deal.\\n\\nNext law.")]
[('<', '&lt;')]
>>> stray_markup("A note<ref>Hoyle.</ref> and <!-- a comment -->")
[]
>>> [(e.old, e.new) for e in stray_markup("all cards\\n\\n* The elder hand may propose.")]
[('*', '&#42;')]
>>> [(e.old, e.new) for e in stray_markup("''Stop,'' he said ~~~~ __NOTOC__")]
[("''", "&#39;'"), ("''", "&#39;'"), ('~~~~', '~~&#126;~'), ('_', '&#95;')]
"""

from __future__ import annotations

from collections.abc import Callable

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


# (after blanks too: the layout takes a line's indent away, "     *     *     *" an asterism)
_LINE_MARK = regex.compile(r"(?<=^[ \t]*)[*#:;]", regex.M)
_LINE_MARK_WHAT = {"*": "a list item", "#": "a numbered list item", ":": "an indented line",
                   ";": "a definition"}


# a table's opening and closing marks: "{|" would open a table that swallows the lines after
_TABLE_MARK = regex.compile(r"(?<=^[ \t]*)(?:\{\||\|\})", regex.M)

_APOSTROPHES = regex.compile(r"'{2,}")
_TILDES = regex.compile(r"~{3,}")
# MediaWiki's behaviour switches (double-underscore magic words)
_SWITCH = regex.compile(
    r"__(?:NOTOC|FORCETOC|TOC|NOEDITSECTION|NEWSECTIONLINK|NONEWSECTIONLINK|NOGALLERY|"
    r"HIDDENCAT|EXPECTUNUSEDCATEGORY|NOCONTENTCONVERT|NOCC|NOTITLECONVERT|NOTC|INDEX|NOINDEX|"
    r"STATICREDIRECT|NOGLOBAL|DISAMBIG|EXPECTUNUSEDTEMPLATE|ARCHIVEDTALK|NOTALK|START|END)__",
    regex.IGNORECASE)


def _tildes(run: str) -> str:
    """A run of tildes with every third written ``&#126;``: no three left together."""
    return "".join("&#126;" if i % 3 == 2 else c for i, c in enumerate(run))


def wiki_signs(text: str, keep: Callable[[int, int], bool] = lambda a, b: False
               ) -> list[Edit]:
    """Edits writing OCR's apostrophe pairs, signature tildes and behaviour switches as
    text; ``keep(start, end)`` says that a run of apostrophes is markup the cleanup wrote
    (``_italics_`` made ``''italics''``)."""
    out = [Edit(m.start(), m.end(), m.group(), "&#39;" * (len(m.group()) - 1) + "'",
                "stray-markup", 0.95, f"{m.group()!r} is italics or bold in wikitext; the "
                "printed marks are written as text")
           for m in _APOSTROPHES.finditer(text) if not keep(m.start(), m.end())]
    out += [Edit(m.start(), m.end(), m.group(), _tildes(m.group()), "stray-markup", 0.95,
                 f"{m.group()!r} becomes a signature or a date when the page is saved; the "
                 "printed marks are written as text")
            for m in _TILDES.finditer(text)]
    out += [Edit(m.start(), m.start() + 1, "_", "&#95;", "stray-markup", 0.95,
                 f"{m.group()!r} is a behaviour switch in wikitext and would not show; "
                 "written as text")
            for m in _SWITCH.finditer(text)]
    return out


def stray_markup(text: str, keep: Callable[[int, int], bool] = lambda a, b: False
                 ) -> list[Edit]:
    """Edits writing the ``<`` of each unclosed comment or content tag as ``&lt;``, a list,
    indent or definition mark that begins a line, and the first mark of a table's ``{|`` or
    ``|}`` there, as its character reference, and the signs of :func:`wiki_signs`.

    >>> [(e.old, e.new) for e in stray_markup("{| rule\\nand |} so\\n|} end")]
    [('{', '&#123;'), ('|', '&#124;')]
    """
    out = wiki_signs(text, keep)
    out += [Edit(m.start(), m.end(), m.group(), f"&#{ord(m.group())};", "stray-markup", 0.95,
                f"a line that begins with '{m.group()}' is {_LINE_MARK_WHAT[m.group()]} in "
                "wikitext; the printed mark is written as text")
           for m in _LINE_MARK.finditer(text)]
    out += [Edit(m.start(), m.start() + 1, m.group()[0], f"&#{ord(m.group()[0])};",
                 "stray-markup", 0.95, f"a line that begins with '{m.group()}' "
                 f"{'opens' if m.group() == '{|' else 'closes'} a table in wikitext; the "
                 "printed marks are written as text")
            for m in _TABLE_MARK.finditer(text)]
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
