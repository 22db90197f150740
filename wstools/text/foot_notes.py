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
_FIRST_NOTE = regex.compile(r"[ \t]*(?:\*{1,3}|&#42;|[†‡])[ \t]+[\"'‘“(\[]?\p{Lu}")
_NOTE = regex.compile(r"[ \t]*(?:\*{1,3}|&#42;|[†‡§¶+])[ \t]+[\"'‘“(\[]?\p{Lu}")
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
        if not _NOTE.match(body, at):
            break
        if _FIRST_NOTE.match(body, at):
            first = at
    return first


def text_before_notes(body: str) -> str:
    """``body`` without the notes at its foot (and the blank lines before them)."""
    return body[:notes_start(body)].rstrip()
