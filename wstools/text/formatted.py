"""Whether a page's text is wikitext a person wrote, to be kept as it is, or OCR to
proofread (:func:`is_wikitext`). Markup decides (:func:`wstools.wikitext.markup.is_formatted`),
but a heading line alone does not when the page shows the print's own marks
(:func:`ocr_with_headings`)."""

from __future__ import annotations

import regex

from ..running_head import find_running_head
from ..wikitext.markup import is_formatted

__all__ = ["is_wikitext", "ocr_with_headings"]


# a heading line of wikitext: "== Chapter ==" (levels 1-6, its marks balanced)
_HEADING_LINE = regex.compile(r"(?m)^[ \t]*(={1,6})[^=\n].*?\1[ \t]*$")
# a word broken at a line's end, lower case on both sides: OCR's hard-wrapped print
_LINE_END_BREAK = regex.compile(r"\p{Ll}-\n\p{Ll}")


def ocr_with_headings(text: str) -> bool:
    """Whether ``text`` is OCR that holds a line of wikitext heading (``== Note ==``) and no
    other markup: a heading alone is no proof that a person formatted the page when the
    page shows the print's own marks, a running head at its top or a word broken at a line
    end. Without them the page is taken as wikitext, as before (do no harm).

    >>> ocr_with_headings("THE REPUBLIC. 57\\n\\nThe senate was strong.\\n== Note ==\\nMore.")
    True
    >>> ocr_with_headings("The senate was strong.\\n== Note ==\\nMore text.")
    False
    >>> ocr_with_headings("THE REPUBLIC. 57\\n\\nThe {{sc|senate}}.\\n== Note ==\\nMore.")
    False
    """
    if _HEADING_LINE.search(text) is None:
        return False
    rest = _HEADING_LINE.sub("", text)
    if is_formatted(rest):
        return False  # (other markup: templates, tags, links… a person's wikitext)
    return _LINE_END_BREAK.search(rest) is not None or find_running_head(rest) is not None


def is_wikitext(text: str) -> bool:
    """Whether ``text`` is wikitext a person wrote, to be kept as it is, not OCR to
    proofread: formatted (:func:`wstools.wikitext.markup.is_formatted`), and not OCR whose
    only markup is a heading line (:func:`ocr_with_headings`)."""
    return is_formatted(text) and not ocr_with_headings(text)
