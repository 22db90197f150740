"""The notes printed at a page's foot, below its text.

A printed note begins with its mark (``*``, ``†``, ``‡``; OCR reads ``†`` as ``+``) and a
capital; the notes of a page come last in its OCR, after the text's last paragraph. Where a
note's mark stands in the text cannot be told from OCR (the superscript is read as a quote, a
speck or nothing), so the notes are not moved; what this module gives is where the page's
text ends, so that a note does not pass for the last paragraph (whether that paragraph ends
on the page decides the ``{{nop}}`` at its foot).

>>> body = "the non-dealer counts as tricks all cards\\n\\n* The elder hand may propose."
>>> text_before_notes(body)
'the non-dealer counts as tricks all cards'
>>> text_before_notes("A law.\\n\\n&#42; The first note.\\n\\n+ The second note.")
'A law.'
>>> text_before_notes("* A page that is all notes is text.")
'* A page that is all notes is text.'
"""

from __future__ import annotations

import regex

# a note: its mark (a star or a dagger; OCR's + for a dagger after a first note), a blank, and
# the note's first word, capitalised (or opening with a quote or bracket)
# (a star at a line's start written as its reference, &#42;, so that it makes no list item)
# (or a superscript figure, "¹ See Livy"; or a plain figure that the text carries as a mark
# glued to a word, "senate,1 which": see _figure_marks)
_FIRST_NOTE = regex.compile(r"[ \t]*(?:\*{1,3}|&#42;|[†‡]|[¹²³⁴-⁹][⁰-⁹]?)[ \t]*[\"'‘“(\[]?\p{Lu}")
_NOTE = regex.compile(r"[ \t]*(?:\*{1,3}|&#42;|[†‡§¶+]|[¹²³⁴-⁹][⁰-⁹]?)[ \t]*[\"'‘“(\[]?\p{Lu}")
_FIGURE_NOTE = regex.compile(r"[ \t]*(?P<n>[1-9]\d?)[ \t]+[\"'‘“(\[]?\p{Lu}")
_PARAGRAPHS = regex.compile(r"\n[ \t]*\n\s*")


def notes_start(body: str) -> int:
    """Where the notes at the foot of ``body`` begin (``len(body)`` when it has none): the
    last paragraphs that each open with a note's mark, the first of them with a star or a
    dagger, after a paragraph of text.

    >>> notes_start("Text.\\n\\n* A note.")
    7
    >>> body = "Text.\\n\\n+ No note: no star or dagger before it."
    >>> notes_start(body) == len(body)
    True
    """
    starts = [0] + [m.end() for m in _PARAGRAPHS.finditer(body)]
    first = len(body)
    for at in reversed(starts[1:]):
        figure = _FIGURE_NOTE.match(body, at)
        if figure is not None and _figure_mark(body[:at], figure["n"]):
            first = at
            continue
        if not _NOTE.match(body, at):
            break
        if _FIRST_NOTE.match(body, at):
            first = at
    return first


def _figure_mark(text: str, n: str) -> bool:
    """Whether ``text`` carries the figure ``n`` as a note's mark: glued after a word or its
    mark, before a space or a mark (``senate,1 which``, ``kings.2``), where OCR reads a
    superscript.

    >>> _figure_mark("The senate,1 which had been", "1"), _figure_mark("in 1 day", "1")
    (True, False)
    """
    return regex.search(r"(?<=[\p{L}][,.;:’”'\"]?)" + n + r"(?=[\s,.;:]|\Z)", text) is not None


def text_before_notes(body: str) -> str:
    """``body`` without the notes at its foot (and the blank lines before them)."""
    return body[:notes_start(body)].rstrip()
