"""Plain text: what a reader would copy from the rendered page.

Expansion comes first (templates become HTML and wikitext), then mwparserfromhell's
tree of the expanded text is walked:

- inline markup (``<span>``, bold, italics, links) keeps only its text, so case templates
  keep the source letters and ``{{di|T}}HE`` joins to ``THE``; ``title=`` tooltips such as
  ``{{SIC}}``'s intended reading are not text;
- block elements (``<div>``, headings, ``{{nop}}``) are paragraph breaks; paragraphs stay
  paragraphs (a blank line in the source), single newlines inside a paragraph are spaces;
- header-only and export-excluded blocks (``wst-running-header``, ``ws-noexport``) vanish;
- ``<ol>`` items are numbered lines honouring ``start`` and ``list-style-type``; wiki
  lists get bullets, numbers or indents; table rows become lines of tab-separated cells
  (the cells before a table's first ``|-`` are its first row);
- ``<math>`` shows its TeX as ``$ … $`` (the Math extension's text mode), ``<score>`` its
  code (its image's ``alt``);
- ``<ref>`` becomes ``[1]`` and its text is listed at ``<references/>`` or at the end;
  ``<poem>`` keeps its lines.

>>> from wstools.wikitext.registry import Registry
>>> reg = Registry()
>>> _ = reg.add("Template:Sc", '<span class="smallcaps">{{{1}}}</span>')
>>> _ = reg.add("Template:Di", '<span class="dropinitial">{{{1}}}</span>')
>>> to_text("{{di|T}}HE {{sc|President}} said.<ref>A note.</ref>\\n\\nNext.", reg).text
'THE President said.[1]\\n\\nNext.\\n\\n[1] A note.'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

import mwparserfromhell
from mwparserfromhell.nodes import (
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Tag,
    Text,
    Wikilink,
)

from ..diagnostics import Diagnostic
from .expand import Expander, node_limit_exceeded
from .registry import Registry

_BRACES_PARSED = 200  # a text with more "{{" left after expansion has them held as text
_HELD = "\ue001"  # a private-use character standing for a held "{"

PARA = "\x00P"
BREAK = "\x00B"
TAB = "\x00T"
INDENT = "\x00I"
LIST_MARK = "\x00L"

BLOCK_TAGS = frozenset({
    "div", "p", "center", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ol",
    "ul", "dl", "hr", "pre", "poem", "figure", "section", "article", "header", "footer",
    "caption", "references",
})
DROPPED_CLASSES = frozenset({"wst-running-header", "ws-noexport", "wst-header-only",
                             "noprint", "mw-editsection"})
INVISIBLE_TAGS = frozenset({"templatestyles", "indicator", "templatedata", "section",
                            "pagequality", "timeline", "gallery", "style", "script"})
_QUOTES = re.compile(r"'{2,}")
_MAGIC = re.compile(r"__[A-Z]+__")
_SPACES = re.compile(r"[ \t\r\f\v]+")
_FLOAT = re.compile(r"(?:^|;)\s*float\s*:\s*(?:left|right)", re.IGNORECASE)
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.I)
# ``^\s*:?\s*(file|…)\s*:`` without the two blank runs' quadratic backtracking
_LINK_DROP = re.compile(r"^\s*+(?::\s*+)?(file|image|category|media)\s*+:", re.I)


@dataclass
class PlainText:
    """Plain text and the diagnostics of its expansion."""

    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)


def ordinal_label(n: int, style: str) -> str:
    """The label of item ``n`` in a list of ``list-style-type`` ``style``.

    >>> [ordinal_label(n, "lower-alpha") for n in (1, 26, 27)]
    ['a', 'z', 'aa']
    >>> ordinal_label(14, "upper-roman"), ordinal_label(9, "lower-roman")
    ('XIV', 'ix')
    """
    style = style.lower()
    if "alpha" in style or "latin" in style:
        letters = ""
        k = n
        while k > 0:
            k, r = divmod(k - 1, 26)
            letters = chr(ord("a") + r) + letters
        out = letters or str(n)
    elif "roman" in style and 0 < n < 4000:
        out = ""
        for value, sym in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                           (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                           (4, "iv"), (1, "i")):
            while n >= value:
                out += sym
                n -= value
    else:
        return str(n)
    return out.upper() if style.startswith("upper") else out


def _tag_name(node: object) -> str | None:
    """The lower-case element name of a tag node, or None for other nodes."""
    return str(node.tag).strip().lower() if isinstance(node, Tag) else None


def _children(tag: Tag) -> list:
    return tag.contents.nodes if tag.contents is not None else []


def _attr(tag: Tag, name: str) -> str:
    for a in tag.attributes:
        if str(a.name).strip().lower() == name:
            return str(a.value).strip() if a.value is not None else ""
    return ""


class _Notes:
    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []  # (label, text)
        self.by_name: dict[tuple[str, str], int] = {}
        self.counter: dict[str, int] = {}
        self.emitted = 0


class TextRenderer:
    """Renders wikitext to plain text for one page title."""

    def __init__(self, registry: Registry, title: str = "") -> None:
        self.expander = Expander(registry, title)
        self.diagnostics: list[Diagnostic] = []

    def render(self, text: str) -> PlainText:
        over = node_limit_exceeded(text)
        if over is not None:
            return PlainText(text, [over])
        self.diagnostics = []
        self.notes = _Notes()
        body = self._render_wikitext(text, line_mode=False, top=True)
        out = _finish(body)
        if self.notes.emitted < len(self.notes.items):
            rest = self.notes.items[self.notes.emitted:]
            listing = "\n".join(f"[{label}] {txt}" for label, txt in rest)
            out = f"{out}\n\n{listing}" if out else listing
        return PlainText(out, self.diagnostics)

    # -- helpers ---------------------------------------------------------------------------

    def _render_wikitext(self, text: str, line_mode: bool, top: bool = False) -> str:
        expansion = self.expander.expand(text)
        if top:
            self.diagnostics.extend(expansion.diagnostics)
        source = expansion.text
        # braces the expander left are text; thousands of unclosed ones make the parser
        # retry each at every pipe (quadratic: 99 s for 12,000 '{{a|'): they are held out
        hold = source.count("{{") > _BRACES_PARSED and _HELD not in source
        if hold:
            source = source.replace("{", _HELD)
        code = mwparserfromhell.parse(source, skip_style_tags=True)
        out: list[str] = []
        self._walk(code.nodes, out, line_mode, {"list": []})
        return "".join(out).replace(_HELD, "{") if hold else "".join(out)

    def _walk(self, nodes: list, out: list[str], line_mode: bool, state: dict) -> None:
        for node in nodes:
            if state["list"] and state.get("line_ended") and not _is_list_marker(node):
                # a wiki list ends at the first line that is not an item
                out.append(PARA)
                state["list"] = []
                state["line_ended"] = False
            if isinstance(node, Text):
                value = _MAGIC.sub("", _QUOTES.sub("", node.value))
                if line_mode:
                    out.append(value.replace("\n", BREAK))
                    continue
                if state["list"] and "\n" in value:
                    item, rest = value.split("\n", 1)
                    out.append(item)
                    if rest.strip("\n"):
                        out.extend([PARA, rest])
                        state["list"] = []
                    else:
                        state["line_ended"] = True
                    continue
                out.append(value)
            elif isinstance(node, HTMLEntity):
                out.append(html.unescape(str(node)))
            elif isinstance(node, Comment):
                continue
            elif isinstance(node, Tag):
                self._tag(node, out, line_mode, state)
            elif isinstance(node, Wikilink):
                target = str(node.title)
                if _LINK_DROP.match(target):
                    continue
                if node.text is not None:
                    self._walk(node.text.nodes, out, line_mode, state)
                else:
                    out.append(target.strip().lstrip(":"))
            elif isinstance(node, ExternalLink):
                if node.title is not None:
                    self._walk(node.title.nodes, out, line_mode, state)
                else:
                    out.append(str(node.url))
            elif isinstance(node, Heading):
                out.append(PARA)
                self._walk(node.title.nodes, out, line_mode, state)
                out.append(PARA)
            else:  # templates left in place by the expander (already reported), and the rest
                out.append(str(node))

    def _tag(self, tag: Tag, out: list[str], line_mode: bool, state: dict) -> None:
        name = _tag_name(tag)
        classes = set(_attr(tag, "class").split())
        if classes & DROPPED_CLASSES or _DISPLAY_NONE.search(_attr(tag, "style")):
            return
        if name in INVISIBLE_TAGS:
            return
        markup = tag.wiki_markup
        if name in ("li", "dd", "dt") and markup:
            self._wiki_list_item(markup, out, state)
            return
        if name == "br":
            out.append(BREAK)
            return
        if name == "hr":
            out.append(PARA)
            return
        if name == "ref":
            self._ref(tag, out)
            return
        if name in ("math", "score"):
            self._source_shown(name, tag, out)
            return
        if name == "references":
            self._references(tag, out)
            return
        if name in ("nowiki", "pre", "syntaxhighlight", "source"):
            inner = str(tag.contents) if tag.contents is not None else ""
            text = html.unescape(inner)
            if name != "nowiki":
                out.extend([PARA, text.replace("\n", BREAK), PARA])
            else:
                out.append(text)
            return
        if name == "poem":
            inner = str(tag.contents) if tag.contents is not None else ""
            rendered = self._render_wikitext(inner.strip("\n"), line_mode=True)
            out.extend([PARA, rendered.replace("\n", BREAK), PARA])
            return
        if name == "table":
            self._table(tag, out, line_mode, state)
            return
        if name == "ol" or name == "ul":
            self._html_list(tag, out, line_mode, state)
            return
        block = name in BLOCK_TAGS
        # a floated element (a margin note, EB1911's shoulder heading) is out of the line's
        # flow: its words are not run into the words around it ("resemblingVatopede.")
        floated = not block and _FLOAT.search(_attr(tag, "style")) is not None
        if block:
            out.append(PARA)
        if floated:
            out.append(" ")
        self._walk(_children(tag), out, line_mode, state)
        if block:
            out.append(PARA)
        if floated:
            out.append(" ")

    def _wiki_list_item(self, markup: str, out: list[str], state: dict) -> None:
        stack: list[int] = state["list"]
        state["line_ended"] = False
        level = 1
        if out and out[-1].startswith(LIST_MARK):
            # ``*#`` arrives as two markers in a row: the second one is a deeper level;
            # undo what the shallower one did to the counters
            out.pop()
            out.pop()  # the shallower marker's line prefix
            level, tail, counted = state["undo"]
            if counted:
                stack[level - 1] -= 1
            del stack[level:]
            stack.extend(tail)
            level += 1
        if not stack:
            out.append(PARA)  # a new list is a block of its own
        while len(stack) < level:
            stack.append(0)
        tail = stack[level:]
        del stack[level:]
        prefix = ""
        if markup == "#":
            stack[level - 1] += 1
            prefix = f"{stack[level - 1]}. "
        elif markup == "*":
            prefix = "• "
        state["undo"] = (level, tail, markup == "#")
        out.append(BREAK + INDENT * (level - 1 + (markup == ":")) + prefix)
        out.append(f"{LIST_MARK}{level}{markup}")

    def _html_list(self, tag: Tag, out: list[str], line_mode: bool, state: dict) -> None:
        ordered = _tag_name(tag) == "ol"
        try:
            number = int(_attr(tag, "start") or "1")
        except ValueError:
            number = 1
        style = _attr(tag, "type")
        m = re.search(r"list-style-type\s*:\s*([\w-]+)", _attr(tag, "style"))
        if m:
            style = m.group(1)
        style = {"a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman",
                 "I": "upper-roman", "1": "decimal"}.get(style, style or "decimal")
        out.append(PARA)
        first = True
        for node in _children(tag):
            if _tag_name(node) == "li":
                if not first:
                    out.append(BREAK)
                first = False
                try:
                    number = int(_attr(node, "value")) if _attr(node, "value") else number
                except ValueError:
                    pass
                label = (ordinal_label(number, style) + ". ") if ordered else "• "
                out.append(label)
                self._walk(_children(node), out, line_mode, state)
                number += 1
            elif isinstance(node, Text) and not node.value.strip():
                continue
            else:
                self._walk([node], out, line_mode, state)
        out.append(PARA)

    def _table(self, tag: Tag, out: list[str], line_mode: bool, state: dict) -> None:
        out.append(PARA)
        line_used = False  # the table's current line has a caption or a row on it
        loose = 0  # cells before the first ``|-``: MediaWiki's implicit first row
        for node in _children(tag):
            name = _tag_name(node)
            if name == "tr":
                if line_used:
                    out.append(BREAK)
                line_used, loose = True, 0
                self._row(node, out, line_mode, state)
            elif name in ("td", "th"):
                content = str(node.contents) if node.contents is not None else ""
                if content.startswith("+"):  # |+ caption
                    out.append(content[1:])
                    out.append(BREAK)
                    line_used = False
                    continue
                if loose:
                    out.append(TAB)
                loose += 1
                line_used = True
                self._walk(_children(node), out, line_mode, state)
            else:
                self._walk([node], out, line_mode, state)
        out.append(PARA)

    def _row(self, row: Tag, out: list[str], line_mode: bool, state: dict) -> None:
        """One table row: its cells, tab-separated, on one line."""
        first_cell = True
        for cell in _children(row):
            if _tag_name(cell) in ("td", "th"):
                if not first_cell:
                    out.append(TAB)
                first_cell = False
                self._walk(_children(cell), out, line_mode, state)
            else:
                self._walk([cell], out, line_mode, state)

    @staticmethod
    def _source_shown(name: str, tag: Tag, out: list[str]) -> None:
        """``<math>`` and ``<score>`` render as images whose text is their source: the
        Math extension's text mode shows ``$ TeX $`` (newlines as spaces) and its image's
        ``alt`` is the TeX; Score's image has the LilyPond or ABC code as its ``alt``. The
        score is a block (a ``<div>``), the formula runs in the line."""
        inner = html.unescape(str(tag.contents) if tag.contents is not None else "").strip()
        if not inner:
            return
        if name == "math":
            out.append("$ " + inner.replace("\n", " ") + " $")
        else:
            out.extend([PARA, inner, PARA])

    def _ref(self, tag: Tag, out: list[str]) -> None:
        notes = self.notes
        group = _attr(tag, "group")
        name = _attr(tag, "name").strip("\"'")
        follow = _attr(tag, "follow").strip("\"'")
        inner = str(tag.contents) if tag.contents is not None else ""
        if follow:
            index = notes.by_name.get((group, follow))
            text = self._note_text(inner)
            if index is not None:
                label, old = notes.items[index]
                notes.items[index] = (label, f"{old} {text}".strip())
            return
        if name and (group, name) in notes.by_name:
            index = notes.by_name[(group, name)]
            if inner.strip() and not notes.items[index][1]:
                notes.items[index] = (notes.items[index][0], self._note_text(inner))
            out.append(f"[{notes.items[index][0]}]")
            return
        notes.counter[group] = notes.counter.get(group, 0) + 1
        label = f"{group} {notes.counter[group]}" if group else str(notes.counter[group])
        text = self._note_text(inner)
        notes.items.append((label, text))
        if name:
            notes.by_name[(group, name)] = len(notes.items) - 1
        out.append(f"[{label}]")

    def _note_text(self, inner: str) -> str:
        return _finish(self._render_wikitext(inner, line_mode=False)) if inner.strip() else ""

    def _references(self, tag: Tag, out: list[str]) -> None:
        notes = self.notes
        if tag.contents is not None and str(tag.contents).strip():
            # list-defined references: <references><ref name=a>…</ref></references>
            self._walk(tag.contents.nodes, [], False, {"list": []})
        pending = notes.items[notes.emitted:]
        notes.emitted = len(notes.items)
        if pending:
            out.append(PARA)
            out.append(BREAK.join(f"[{label}] {txt}" for label, txt in pending))
            out.append(PARA)


def _is_list_marker(node: object) -> bool:
    return isinstance(node, Tag) and _tag_name(node) in ("li", "dd", "dt") \
        and bool(node.wiki_markup)


def _finish(text: str) -> str:
    """Turn the sentinel stream into text: paragraphs, lines, tabs, collapsed spaces."""
    text = re.sub(r"\x00L\d+[#*:;] *", "", text)
    text = re.sub(r"\n[ \t]*\n\s*", PARA, text)
    text = text.replace("\n", " ")
    text = _SPACES.sub(" ", text)
    text = re.sub(r" *(\x00[PBT]) *", r"\1", text)
    # a run of breaks with a paragraph among them is a paragraph; starting only where a run
    # starts (a start inside one fails where the run's first failed) keeps this linear
    text = re.sub(r"(?<!\x00[PB])(?:\x00[PB])*\x00P(?:\x00[PB])*", "\n\n", text)
    text = text.replace(BREAK, "\n").replace(TAB, "\t")
    text = "\n".join(line.strip(" ") for line in text.split("\n")).strip("\n ")
    return text.replace(INDENT, "    ")


def to_text(text: str, registry: Registry | None = None, title: str = "") -> PlainText:
    """Expand ``text`` and render it as plain text."""
    return TextRenderer(registry or Registry.from_directory(), title).render(text)
