"""MediaWiki's preprocessor grammar: wikitext to a tree of braces, comments and tags.

This is the first stage of MediaWiki's parser (``Preprocessor_Hash::preprocessToObj``):
it finds ``{{templates}}``, ``{{{arguments}}}``, ``[[...]]`` (only so that pipes inside links
do not split template arguments), headings (only so that their ``=`` is not taken as a
name/value separator), comments, extension tags (``<ref>``, ``<nowiki>``, ``<poem>``…) and
``<noinclude>``/``<includeonly>``/``<onlyinclude>``. Everything else is literal text.

Why not mwparserfromhell here? It parses the *whole* wikitext grammar (links, tables,
bold, HTML tags) with its own recovery rules, while template expansion must follow the
preprocessor's narrower grammar exactly (``{{a|b=[[c|d]]}}``, ``{{{{{1}}}}}``, pipes in
headings, unclosed tags, comments that eat their line). mwparserfromhell is used after
expansion, where the full grammar matters (plain text, HTML).

The tree round-trips: ``to_source(parse(text)) == text`` for every input.

>>> nodes = parse("a{{b|c=d|e}}f")
>>> nodes[1].parts[0].name_text(), nodes[1].parts[0].value, nodes[1].parts[1].value
('c', ['d'], ['e'])
>>> to_source(nodes)
'a{{b|c=d|e}}f'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Extension tags whose content the preprocessor does not look into (MediaWiki core, Cite,
# Poem, TemplateData, TemplateStyles, ProofreadPage, Labeled Section Transclusion, Math…).
EXTENSION_TAGS: frozenset[str] = frozenset(
    {
        "pre", "nowiki", "gallery", "indicator", "langconvert",
        "ref", "references", "poem", "templatedata", "templatestyles",
        "section", "pages", "pagelist", "pagequality", "math", "chem", "ce",
        "score", "syntaxhighlight", "source", "hiero", "timeline", "inputbox",
        "categorytree", "charinsert", "mapframe", "maplink",
    }
)


@dataclass(slots=True)
class Comment:
    """``<!-- … -->``, possibly with the whitespace and newline it eats."""

    text: str
    start: int


@dataclass(slots=True)
class Ignored:
    """Source text dropped in this mode: ``<noinclude>`` sections when transcluded, the
    ``<includeonly>`` tags themselves, text outside ``<onlyinclude>``…"""

    text: str
    start: int


@dataclass(slots=True)
class ExtensionTag:
    """An extension tag such as ``<ref name=a>…</ref>``; its inner text is opaque here."""

    name: str
    attrs: str
    inner: str | None
    close: str | None
    start: int
    end: int

    def source(self) -> str:
        tail = "/>" if self.inner is None else ">"
        return f"<{self.name}{self.attrs}{tail}{self.inner or ''}{self.close or ''}"


@dataclass(slots=True)
class Part:
    """One ``|``-separated part of a template or argument: ``name=value`` or ``value``."""

    value: list
    name: list | None = None
    start: int = 0

    def name_text(self) -> str | None:
        return None if self.name is None else to_source(self.name)

    def source(self) -> str:
        if self.name is None:
            return to_source(self.value)
        return to_source(self.name) + "=" + to_source(self.value)


@dataclass(slots=True)
class Template:
    """``{{title|part|…}}``: a template call, parser function or magic word."""

    title: list
    parts: list[Part]
    start: int
    end: int
    line_start: bool = False

    def source(self) -> str:
        return "{{" + "|".join([to_source(self.title)] + [p.source() for p in self.parts]) + "}}"


@dataclass(slots=True)
class Argument:
    """``{{{name|default}}}``: a template parameter."""

    title: list
    parts: list[Part]
    start: int
    end: int

    def source(self) -> str:
        return "{{{" + "|".join([to_source(self.title)] + [p.source() for p in self.parts]) + "}}}"


@dataclass(slots=True)
class Heading:
    """``== title ==`` on its own line; kept only so its ``=`` signs are not separators."""

    level: int
    nodes: list
    start: int


class _Equals:
    """The ``=`` that splits a part into name and value (only while parsing)."""

    __slots__ = ()


_EQ = _Equals()

Node = str | Comment | Ignored | ExtensionTag | Template | Argument | Heading


def to_source(nodes: list) -> str:
    """The exact source text of a node list."""
    out = []
    for n in nodes:
        if isinstance(n, str):
            out.append(n)
        elif isinstance(n, (Comment, Ignored)):
            out.append(n.text)
        elif isinstance(n, Heading):
            out.append(to_source(n.nodes))
        else:
            out.append(n.source())
    return "".join(out)


@dataclass(slots=True)
class _Part:
    out: list = field(default_factory=list)
    eqpos: int | None = None
    start: int = 0
    comment_end: int | None = None
    visual_end: int | None = None


@dataclass(slots=True)
class _Piece:
    open: str
    close: str
    count: int
    start: int
    line_start: bool
    parts: list = field(default_factory=list)

    def current(self) -> _Part:
        return self.parts[-1]

    def flags(self) -> tuple[bool, bool, bool]:
        find_pipe = self.open != "\n" and self.open != "["
        find_equals = find_pipe and len(self.parts) > 1 and self.parts[-1].eqpos is None
        return find_pipe, find_equals, self.open == "\n"

    def break_syntax(self, opening_count: int | None = None) -> list:
        if self.open == "\n":
            return list(self.parts[0].out)
        count = self.count if opening_count is None else opening_count
        acc: list = [self.open * count]
        for i, part in enumerate(self.parts):
            if i:
                acc.append("|")
            acc.extend("=" if x is _EQ else x for x in part.out)
        return acc


_STRAY = re.compile(r"\}\}+|\]\]+")
_RULES: dict[str, tuple[str, dict[int, str | None], int, int]] = {
    "{": ("}", {2: "template", 3: "argument"}, 2, 3), "[": ("]", {2: None}, 2, 2)}
_SEARCH_CACHE: dict[str, re.Pattern[str]] = {}


def _search(chars: str) -> re.Pattern[str]:
    pat = _SEARCH_CACHE.get(chars)
    if pat is None:
        pat = _SEARCH_CACHE[chars] = re.compile("[" + re.escape(chars) + "]")
    return pat


def _add(acc: list, text: str) -> None:
    if not text:
        return
    if acc and type(acc[-1]) is str:
        # taken out of the list, the string has one reference and CPython grows it in place;
        # ``acc[-1] += text`` copied it every time (a page of one long text run: quadratic)
        last = acc.pop()
        last += text
        acc.append(last)
    else:
        acc.append(text)


def _rspan(text: str, end: int, chars: str) -> int:
    """Length of the run of ``chars`` ending just before ``end``."""
    i = end
    while i > 0 and text[i - 1] in chars:
        i -= 1
    return end - i


def _span(text: str, start: int, chars: str, limit: int | None = None) -> int:
    i = start
    stop = len(text) if limit is None else min(len(text), start + limit)
    while i < stop and text[i] in chars:
        i += 1
    return i - start


_TAG_CACHE: dict[tuple[bool, frozenset[str]], re.Pattern[str]] = {}


def _tag_regex(for_inclusion: bool, tags: frozenset[str]) -> re.Pattern[str]:
    key = (for_inclusion, tags)
    pat = _TAG_CACHE.get(key)
    if pat is None:
        if for_inclusion:
            names = sorted(tags | {"noinclude", "includeonly", "/includeonly"})
        else:
            names = sorted(tags | {"includeonly", "noinclude", "/noinclude", "onlyinclude",
                                   "/onlyinclude"})
        alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        pat = _TAG_CACHE[key] = re.compile(r"(" + alt + r")(?=[\s>]|/>)", re.IGNORECASE)
    return pat


@dataclass(slots=True)
class BracketProblem:
    """An opening ``{{``/``{{{``/``[[`` never closed (``unclosed``), or a ``}}``/``]]``
    with nothing to close (``stray``), at offset ``start``."""

    kind: str
    start: int
    text: str


def parse(text: str, for_inclusion: bool = False,
          extension_tags: frozenset[str] = EXTENSION_TAGS,
          problems: list[BracketProblem] | None = None) -> list:
    """Preprocess ``text`` into a node list, as MediaWiki does.

    ``for_inclusion`` is true when the text is a template being transcluded: then
    ``<noinclude>`` sections are dropped, ``<includeonly>`` tags vanish and, if the text
    has ``<onlyinclude>``, only those sections count.

    >>> parse("{{{{{1}}}}}")[0].title[0].source()
    '{{{1}}}'
    >>> [type(n).__name__ for n in parse("x<noinclude>doc</noinclude>", for_inclusion=True)]
    ['str', 'Ignored']
    >>> to_source(parse("{{a|[[b|c]]|d=e}}")[0].parts[0].value)
    '[[b|c]]'
    >>> found = []
    >>> _ = parse("a {{b|c ]] d", problems=found)
    >>> [(p.kind, p.start, p.text) for p in found]
    [('stray', 8, ']]'), ('unclosed', 2, '{{')]
    """
    if for_inclusion:
        ignored_tags = {"includeonly", "/includeonly"}
        ignored_elements = {"noinclude"}
    else:
        ignored_tags = {"noinclude", "/noinclude", "onlyinclude", "/onlyinclude"}
        ignored_elements = {"includeonly"}
    allow_missing_end = {"includeonly", "noinclude", "onlyinclude"}
    tag_re = _tag_regex(for_inclusion, extension_tags)
    enable_onlyinclude = (for_inclusion and "<onlyinclude>" in text
                          and "</onlyinclude>" in text)
    find_onlyinclude = enable_onlyinclude

    n = len(text)
    root: list = []
    stack: list[_Piece] = []
    acc = root
    find_pipe = find_equals = in_heading = False
    fake_line_start = True
    no_more_gt = False
    no_more_closing: set[str] = set()
    i = 0

    def refresh() -> None:
        nonlocal acc, find_pipe, find_equals, in_heading
        if stack:
            acc = stack[-1].current().out
            find_pipe, find_equals, in_heading = stack[-1].flags()
        else:
            acc = root
            find_pipe = find_equals = in_heading = False

    while True:
        if find_onlyinclude:
            pos = text.find("<onlyinclude>", i)
            if pos < 0:
                acc.append(Ignored(text[i:], i))
                i = n
                break
            end = pos + len("<onlyinclude>")
            acc.append(Ignored(text[i:end], i))
            i = end
            find_onlyinclude = False

        if fake_line_start:
            found = "line-start"
            ch = ""
        else:
            search = "[{<\n"
            closing = stack[-1].close if stack else ""
            search += closing
            if find_pipe:
                search += "|"
            if find_equals:
                search += "="
            m = _search(search).search(text, i)
            j = m.start() if m else n
            if j > i:
                chunk = text[i:j]
                if problems is not None and ("}}" in chunk or "]]" in chunk):
                    for sm in _STRAY.finditer(chunk):
                        problems.append(BracketProblem("stray", i + sm.start(), sm.group(0)))
                _add(acc, chunk)
                i = j
            if i >= n:
                if closing == "\n":
                    ch = ""
                    found = "line-end"
                else:
                    break
            else:
                ch = text[i]
                if ch == "|":
                    found = "pipe"
                elif ch == "=":
                    found = "equals"
                elif ch == "<":
                    found = "angle"
                elif ch == "\n":
                    found = "line-end" if in_heading else "line-start"
                elif ch == closing:
                    found = "close"
                else:
                    found = "open"

        if found == "angle":
            if text.startswith("</onlyinclude>", i) and enable_onlyinclude:
                find_onlyinclude = True
                continue
            if text.startswith("<!--", i):
                end_pos = text.find("-->", i + 4)
                if end_pos < 0:
                    acc.append(Comment(text[i:], i))
                    i = n
                    continue
                ws_start = i - _rspan(text, i, " \t") if i else 0
                ws_end = end_pos + 2 + _span(text, end_pos + 3, " \t")
                comments = [(ws_start, ws_end)]
                while text.startswith("<!--", ws_end + 1):
                    c = text.find("-->", ws_end + 4)
                    if c < 0:
                        break
                    c = c + 2 + _span(text, c + 3, " \t")
                    comments.append((ws_end + 1, c))
                    ws_end = c
                if (ws_start > 0 and text[ws_start - 1] == "\n"
                        and text[ws_end + 1:ws_end + 2] == "\n"):
                    ws_len = i - ws_start
                    if ws_len > 0 and acc and type(acc[-1]) is str and \
                            len(acc[-1]) >= ws_len and not acc[-1][-ws_len:].strip(" \t"):
                        acc[-1] = acc[-1][:-ws_len]
                        if not acc[-1]:
                            acc.pop()
                    else:
                        ws_start = i  # whitespace was not ours to take (MediaWiki's check)
                        comments[0] = (i, comments[0][1])
                    for cs, ce in comments[:-1]:
                        acc.append(Comment(text[cs:ce + 1], cs))
                    start_pos, end_pos = comments[-1][0], comments[-1][1] + 1
                    fake_line_start = True
                else:
                    start_pos = i
                    end_pos += 2
                if stack:
                    part = stack[-1].current()
                    if not (part.comment_end is not None and part.comment_end == ws_start - 1):
                        part.visual_end = ws_start
                    part.comment_end = end_pos
                acc.append(Comment(text[start_pos:end_pos + 1], start_pos))
                i = end_pos + 1
                continue
            m = tag_re.match(text, i + 1)
            if not m:
                _add(acc, "<")
                i += 1
                continue
            name = m.group(1)
            lower = name.lower()
            attr_start = i + 1 + len(name)
            tag_end = -1 if no_more_gt else text.find(">", attr_start)
            if tag_end < 0:
                no_more_gt = True
                _add(acc, "<")
                i += 1
                continue
            if lower in ignored_tags:
                acc.append(Ignored(text[i:tag_end + 1], i))
                i = tag_end + 1
                continue
            tag_start = i
            if text[tag_end - 1] == "/":
                attr_end = tag_end - 1
                inner = close = None
                i = tag_end + 1
            else:
                attr_end = tag_end
                cm = None
                if lower not in no_more_closing:
                    cm = re.compile(r"</" + re.escape(name) + r"\s*>", re.IGNORECASE).search(
                        text, tag_end + 1)
                if cm:
                    inner = text[tag_end + 1:cm.start()]
                    close = cm.group(0)
                    i = cm.end()
                elif lower in allow_missing_end:
                    inner = text[tag_end + 1:]
                    close = None
                    i = n
                else:
                    i = tag_end + 1
                    _add(acc, text[tag_start:i])
                    no_more_closing.add(lower)
                    continue
            if lower in ignored_elements:
                acc.append(Ignored(text[tag_start:i], tag_start))
                continue
            attrs = text[attr_start:attr_end] if attr_end > attr_start else ""
            if inner is None:
                # keep the exact self-closing spelling: attrs hold everything up to "/>"
                attrs = text[attr_start:tag_end - 1]
            acc.append(ExtensionTag(name, attrs, inner, close, tag_start, i))
            continue

        if found == "line-start":
            if fake_line_start:
                fake_line_start = False
            else:
                _add(acc, ch)
                i += 1
            count = _span(text, i, "=", 6)
            if count == 1 and find_equals:
                pass  # MediaWiki's guess: a lone "=" at line start is a separator
            elif count > 0:
                piece = _Piece("\n", "\n", count, i, False, [_Part(["=" * count], start=i)])
                stack.append(piece)
                i += count
                refresh()
            continue

        if found == "line-end":
            piece = stack[-1]
            part = piece.current()
            search_start = i - _rspan(text, i, " \t")
            if part.comment_end is not None and search_start - 1 == part.comment_end:
                search_start = part.visual_end or search_start
                search_start -= _rspan(text, search_start, " \t")
            count = piece.count
            eq_len = _rspan(text, search_start, "=")
            element: list
            if eq_len > 0:
                if search_start - eq_len == piece.start:
                    count = eq_len
                    count = 0 if count < 3 else min(6, (count - 1) // 2)
                else:
                    count = min(eq_len, count)
                if count > 0:
                    element = [Heading(count, part.out, piece.start)]
                else:
                    element = piece.break_syntax()
            else:
                element = piece.break_syntax()
            stack.pop()
            refresh()
            for e in element:
                if type(e) is str:
                    _add(acc, e)
                else:
                    acc.append(e)
            if i >= n:
                break
            continue

        if found == "open":
            rule = _RULES.get(ch)
            if rule is None:  # pragma: no cover - search set only finds rule chars
                _add(acc, ch)
                i += 1
                continue
            count = _span(text, i, ch)
            line_start = i > 0 and text[i - 1] == "\n"
            if count >= rule[2]:
                stack.append(_Piece(ch, rule[0], count, i, line_start,
                                    [_Part(start=i + count)]))
                refresh()
            else:
                _add(acc, ch * count)
            i += count
            continue

        if found == "close":
            piece = stack[-1]
            close_ch, names, rmin, rmax = _RULES[piece.open]
            max_count = piece.count
            count = _span(text, i, ch, max_count)
            if count > rmax:
                matching = rmax
            else:
                matching = count
                while matching > 0 and matching not in names:
                    matching -= 1
            if matching <= 0:
                _add(acc, text[i:i + count])
                i += count
                continue
            kind = names[matching]
            if kind is None:
                element = piece.break_syntax(matching)
                element.append(text[i:i + matching])
            else:
                title = piece.parts[0].out
                parts = []
                for p in piece.parts[1:]:
                    if p.eqpos is not None:
                        parts.append(Part(p.out[p.eqpos + 1:], p.out[:p.eqpos], p.start))
                    else:
                        parts.append(Part(p.out, None, p.start))
                start = piece.start + piece.count - matching
                node: Template | Argument
                if kind == "template":
                    node = Template(title, parts, start, i + matching)
                    node.line_start = bool(piece.line_start and max_count == matching)
                else:
                    node = Argument(title, parts, start, i + matching)
                element = [node]
            i += matching
            stack.pop()
            refresh()
            if matching < piece.count:
                piece.count -= matching
                piece.parts = [_Part(start=piece.start + piece.count)]
                if piece.count >= rmin:
                    stack.append(piece)
                    refresh()
                else:
                    _add(acc, piece.open * piece.count)
            for e in element:
                if type(e) is str:
                    _add(acc, e)
                else:
                    acc.append(e)
            continue

        if found == "pipe":
            stack[-1].parts.append(_Part(start=i + 1))
            i += 1
            refresh()
            continue

        if found == "equals":
            part = stack[-1].current()
            part.eqpos = len(part.out)
            part.out.append(_EQ)
            i += 1
            find_equals = False
            continue

    for piece in stack:
        if problems is not None and piece.open != "\n":
            problems.append(BracketProblem("unclosed", piece.start, piece.open * piece.count))
        for e in piece.break_syntax():
            if type(e) is str:
                _add(root, e)
            else:
                root.append(e)
    return root
