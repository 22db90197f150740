"""Which parts of a wikitext are text: OCR and repair rules touch text nodes only.

A body a person has formatted (templates, tables, tags, links, comments, headings,
entities) is not OCR text. The cleanup fixes a proofreader asks for may still run on it, but
only inside its text nodes: never on a template call, table syntax, a tag or its attributes,
a link target, a reference or a comment (mwparserfromhell's tree gives the nodes; their
offsets are the sums of the nodes' lengths, since the tree round-trips its input exactly).

>>> is_formatted("53. After the dealer has dealt, x <y the deal is lost.")
False
>>> is_formatted("{{c|{{sc|Laws}}}}\\n\\n1. The deal.")
True
>>> [(e.old, e.new) for e in clean_text_nodes(
...     "A word , {{x|a , b}} and <ref>c , d</ref>.", ("space-before-punctuation",)).edits]
[(' ,', ',')]
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import TYPE_CHECKING

import regex

from ..edits import with_positions
from .expand import markup_marks, node_limit_exceeded

if TYPE_CHECKING:
    from mwparserfromhell.wikicode import Wikicode

_LETTERS = regex.compile(r"\p{L}{2}")
PARSE_LIMIT = 200_000  # characters: a larger text is judged by _STRUCTURE, not parsed
_STRUCTURE = regex.compile(  # complete markup only: OCR dust has '<fie' and '<p tn j'
    r"\{\{[^{}|\n]{1,100}(?:\||\}\})|\[\[[^\[\]\n]{1,250}\]\]|^\{\|"
    r"|<(?:ref|references|div|span|center|br|small|big|sup|sub|poem|table|noinclude"
    r"|includeonly|onlyinclude|section|nowiki|pre|math|blockquote|font|s|u|i|b)\b[^<>\n]{0,200}>"
    r"|<!--|&(?:nbsp|amp|lt|gt|quot|mdash|ndash|thinsp|hairsp|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});"
    r"|^==+[^=\n]*\p{L}\p{L}[^=\n]*==+[ \t]*$", regex.MULTILINE)
# where a node other than text can begin (a template, a link, a bracketed URL, a tag or a
# comment, an entity, a heading, a table): without one, the text is text all through
_SIGNS = regex.compile(r"\{\{|\[\[|\[(?:[A-Za-z][A-Za-z0-9+.\-]*:|//)|<[!/A-Za-z]"
                       r"|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);"
                       r"|^[ \t]*=|^[ \t]*\{\|",
                       regex.MULTILINE)
# markup OCR text has too: list marks at a line's start, italics and bold quotes
_TEXT_MARKUP = ("*", "#", ":", ";", "''", "'''")
# tags whose contents are running text (a <ref>, a table or a <math> is not)
INLINE_TAGS = frozenset({"i", "b", "em", "strong", "small", "big", "span", "u", "sup", "sub",
                         "p", "div", "center", "poem", "blockquote", "s", "del", "ins"})


def is_formatted(text: str) -> bool:
    """Whether ``text`` is wikitext a person wrote (templates, tables, tags, links, comments,
    headings, entities), not OCR text. Italics and bold, list marks, bare URLs and a line
    of dashes are not enough: OCR text has them.

    >>> is_formatted("the system:\\n\\n-----+--------+\\n\\nShowing"), is_formatted("{{rh|1}}")
    (False, True)
    """
    if not any(c in text for c in "{[<'=&") or _SIGNS.search(text) is None:
        return False  # (no node but text can start: mwparserfromhell is not needed)
    if len(text) > PARSE_LIMIT or markup_marks(text) > PARSE_LIMIT // 10:
        # too large to parse cheaply (mwparserfromhell retries an unclosed template at
        # every pipe): the signs of structure decide
        return _STRUCTURE.search(text) is not None
    import mwparserfromhell
    from mwparserfromhell.nodes import ExternalLink, Heading, Tag, Text
    for node in mwparserfromhell.parse(text).nodes:
        if isinstance(node, Text):
            continue
        if isinstance(node, Tag) and node.wiki_markup and (
                node.wiki_markup in _TEXT_MARKUP or set(node.wiki_markup) == {"-"}):
            continue  # (a line of dashes: a printed rule, a table's border OCR read)
        if isinstance(node, ExternalLink) and not node.brackets:
            continue  # a bare URL printed in the text
        if isinstance(node, Heading) and not _LETTERS.search(str(node.title)):
            continue  # "=.=" at a line's start: OCR dust, not a heading
        return True
    return False


def text_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` spans of ``text`` that are running text: its top-level text
    nodes and the text inside inline formatting tags (recursively).

    >>> s = "Ab {{t|x}} <i>cd</i> [[L|e]] f"
    >>> [s[a:b] for a, b in text_spans(s)]
    ['Ab ', ' ', 'cd', ' ', ' f']
    """
    import mwparserfromhell
    from mwparserfromhell.nodes import Tag, Text
    spans: list[tuple[int, int]] = []

    def walk(code: Wikicode, at: int) -> None:
        for node in code.nodes:
            source = str(node)
            if isinstance(node, Text):
                spans.append((at, at + len(source)))
            elif (isinstance(node, Tag) and node.contents is not None and not node.wiki_markup
                  and str(node.tag).lower() in INLINE_TAGS and not node.self_closing):
                inner = str(node.contents)
                open_end = source.find(">") + 1
                if inner and source[open_end:open_end + len(inner)] == inner:
                    walk(node.contents, at + open_end)
            elif isinstance(node, Tag) and node.wiki_markup in ("''", "'''"):
                inner, mark = str(node.contents), len(node.wiki_markup)
                if source[mark:mark + len(inner)] == inner:
                    walk(node.contents, at + mark)
            at += len(source)

    walk(mwparserfromhell.parse(text), 0)
    return spans


MASK = "\ue000"  # a private-use character: no word, space or mark to any fix


def masked(text: str) -> str:
    """``text`` with every character outside its text spans replaced by :data:`MASK` (same
    length, so offsets are shared), for fixes that must see the text but not the markup.

    >>> masked("A {{t|x}} b <ref>c</ref>.").replace(MASK, "#")
    'A ####### b ############.'
    """
    out = [MASK] * len(text)
    for start, end in text_spans(text):
        out[start:end] = text[start:end]
    for poem in _POEM.finditer(text):  # a verse line's end is the poet's: no fix joins it
        for i in range(*poem.span(1)):
            if text[i] == "\n":
                out[i] = MASK
    return "".join(out)


_POEM = regex.compile(r"<poem\b[^<>]*>(.*?)(?:</poem\s*>|$)", regex.IGNORECASE | regex.DOTALL)


def clean_text_nodes(text: str, fixes: Sequence[str], options: object = None):  # noqa: ANN201
    """:func:`wstools.text.pipeline.clean` for formatted wikitext (the same result type):
    the fixes run on the whole text with its markup masked (:func:`masked`), so a text
    node's end is not taken for the text's end, and the markup comes back as it was. If a
    fix would touch a masked character, no edit is made: what cannot be placed is left."""
    from ..text.pipeline import CleanResult, Options, clean
    opts = options if isinstance(options, Options) else None
    unchanged = CleanResult(text, text, [], [], [])
    if MASK in text or node_limit_exceeded(text) is not None:
        return unchanged
    hidden = masked(text)
    if MASK not in hidden:
        return clean(text, fixes, opts)
    if LINE_FIXES.intersection(fixes):
        hidden = keep_breaks(text, hidden)
    result = clean(hidden, fixes, opts)
    runs = [m.span() for m in _MASK_RUN.finditer(hidden)]
    if any(MASK in e.old or MASK in e.new for e in result.edits) or result.marks \
            or [b - a for a, b in runs] != [len(m.group()) for m in
                                            _MASK_RUN.finditer(result.text)]:
        return unchanged
    markup = iter(text[a:b] for a, b in runs)
    out = _MASK_RUN.sub(lambda m: next(markup), result.text)
    return CleanResult(text, out, with_positions(list(result.edits), text), [],
                       list(result.maps))


_MASK_RUN = regex.compile(MASK + "+")
# fixes that join or split lines: in wikitext a line break next to markup is structure (a
# template, table row or tag on its own line; a paragraph opening after one), not a wrap
LINE_FIXES = frozenset({"unwrap", "paragraph-lines"})
# markup that stays inside a paragraph's line: a line break next to it is a wrap like any
_INLINE_MARKUP = frozenset({"i", "b", "em", "strong", "small", "big", "span", "u", "sup",
                            "sub", "s", "del", "ins", "ref", "br", "abbr", "code", "tt",
                            "font", "nowiki", "var", "kbd", "q", "cite", "mark"})
_MEDIA = regex.compile(r"\s*:?\s*(?:file|image|category)\s*:", regex.IGNORECASE)


def structure_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that are structure, not running text: template calls and
    parameters, comments, headings, tables, block or unknown tags, file and category links
    (italics, inline tags such as ``<ref>`` and ``<i>``, entities and plain links are not).

    >>> s = "A ''b'' {{c}}<ref>d</ref> [[e]]\\n{|\\n|f\\n|}"
    >>> [s[a:b] for a, b in structure_spans(s)]
    ['{{c}}', '{|\\n|f\\n|}']
    """
    import mwparserfromhell
    from mwparserfromhell.nodes import Argument, Comment, Heading, Tag, Template, Wikilink
    spans: list[tuple[int, int]] = []
    at = 0
    for node in mwparserfromhell.parse(text).nodes:
        source = str(node)
        if isinstance(node, (Template, Argument, Comment, Heading)) or (
                isinstance(node, Wikilink) and _MEDIA.match(str(node.title))) or (
                isinstance(node, Tag) and node.wiki_markup not in ("''", "'''")
                and (node.wiki_markup or str(node.tag).lower() not in _INLINE_MARKUP)):
            spans.append((at, at + len(source)))
        at += len(source)
    return spans


def keep_breaks(text: str, hidden: str) -> str:
    """``hidden`` (:func:`masked` of ``text``) with the line breaks that are structure masked
    too, so that no fix joins or splits the lines there: every break whose nearest non-blank
    line before or after holds structure (:func:`structure_spans`: a template, a table, a
    tag on its own line…), and the breaks after the text's first line and before its last
    (a Page:'s body runs on from its header and into its footer).

    >>> t = "{{x}}\\n\\nA b\\nc d\\ne f\\n<div>g</div>"
    >>> keep_breaks(t, masked(t)).replace(MASK, "#")
    '#######A b\\nc d\\ne f######g######'
    """
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    marked = [False] * len(lines)
    for a, b in structure_spans(text):
        for k in range(bisect.bisect_right(starts, a) - 1, bisect.bisect_right(starts, b - 1)):
            marked[k] = True
    non_blank = [k for k, line in enumerate(lines) if line.strip()]
    if non_blank:
        marked[non_blank[0]] = marked[non_blank[-1]] = True
    out = list(hidden)
    for k in range(len(lines) - 1):  # the break after line k
        before = next((j for j in range(k, -1, -1) if lines[j].strip()), None)
        after = next((j for j in range(k + 1, len(lines)) if lines[j].strip()), None)
        if (before is not None and marked[before]) or (after is not None and marked[after]):
            out[starts[k + 1] - 1] = MASK
    return "".join(out)
