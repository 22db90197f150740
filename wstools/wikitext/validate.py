"""``wstools lint``: check template use against TemplateData, and wikitext structure.

Codes (``file:line:col: CODE message``):

========================  =====================================================
unknown-template          ``{{name}}`` has no page in the registry (a warning: it may
                          exist on the wiki)
unknown-parameter         a parameter the template neither declares nor reads (a
                          warning when the template has no TemplateData of its own)
missing-required          a required parameter absent or empty
duplicate-parameter       the same parameter given twice (also via an alias)
deprecated-parameter      a parameter TemplateData marks deprecated
bad-value                 a value not of the declared type or suggested values
empty-list-item           an empty item in ``{{ol}}``
block-in-inline           a block template (``c``, ``bc``, ``ph``…) in an inline one
unbalanced-braces         ``{{``/``{{{`` never closed, or ``}}`` never opened
unbalanced-brackets       ``[[`` never closed, or ``]]`` never opened
unbalanced-table          ``{|`` never closed, or ``|}`` never opened
unclosed-tag              an HTML tag such as ``<div>`` never closed
unclosed-markup           ``<!--`` never closed (the rest of the page is a comment,
                          hidden), or an extension tag (``<ref>``, ``<nowiki>``,
                          ``<pre>``…) never closed (printed as text, its content not read)
stray-tag                 a closing HTML tag with no opening tag
attribute-quote           an attribute's quoted value the tag never closes (a warning:
                          MediaWiki drops the attribute, the tag stands)
toc-row-outside           ``{{TOC row …}}`` outside ``{{TOC begin}}``…``{{TOC end}}``
toc-not-ended             ``{{TOC begin}}`` never ended
template-loop             a template that transcludes itself
depth-limit, size-limit   MediaWiki's expansion limits reached
unevaluated               ``#invoke`` or an unknown parser function, left in place
placeholder               ``{{EOplaceholder}}``: a value left to be filled in (a warning)
expr-error                an ``#expr`` error that reaches the page
========================  =====================================================

Severity: ``error`` for what is certainly wrong, ``warning`` for what may be right
(``--strict`` makes warnings fail too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, locate
from . import functions
from .expand import Expander, node_limit_exceeded
from .preprocess import (
    EXTENSION_TAGS,
    BracketProblem,
    Comment,
    ExtensionTag,
    Heading,
    Ignored,
    Part,
    Template,
    parse,
    to_source,
)
from .preprocess import Argument as ArgumentNode
from .registry import Registry, WikiPage
from .title import Title

CODES = (
    "unknown-template", "unknown-parameter", "missing-required", "duplicate-parameter",
    "deprecated-parameter", "bad-value", "empty-list-item", "block-in-inline",
    "unbalanced-braces", "unbalanced-brackets", "unbalanced-table", "unclosed-tag",
    "unclosed-markup", "stray-tag", "attribute-quote", "toc-row-outside", "toc-not-ended",
    "template-loop", "depth-limit",
    "size-limit", "unevaluated", "expr-error", "placeholder",
)
_EXPANSION_CODES = frozenset({"template-loop", "depth-limit", "size-limit", "unevaluated",
                              "expr-error"})
LIST_TEMPLATES = frozenset({"Template:Ordered list"})
PLACEHOLDER_TEMPLATES = frozenset({"Template:EOplaceholder"})
TOC_BEGIN = "Template:TOC begin"
TOC_END = "Template:TOC end"

# HTML elements whose end tag may not be left out (MediaWiki's Sanitizer would fix them up,
# but the page then renders differently from what the proofreader meant).
PAIRED_TAGS = frozenset({
    "div", "span", "b", "i", "u", "s", "small", "big", "sup", "sub", "center", "font",
    "blockquote", "table", "ol", "ul", "dl", "em", "strong", "code", "tt", "strike", "del",
    "ins", "var", "kbd", "samp", "cite", "q", "abbr", "h1", "h2", "h3", "h4", "h5", "h6",
    "caption", "ruby", "bdi", "bdo", "mark", "poem",
})
# as MediaWiki's Sanitizer reads a tag: its attributes run to the first ">" (a quote left
# open does not hide it: ``<span style="a;>`` is an opening span whose style is dropped)
_HTML_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*?)(/?)>")
_OPEN_QUOTE = re.compile(r"""(?:^|\s)([\w:.-]+)\s*=\s*(["'])(?:(?!\2).)*\Z""", re.S)
def _open_quote(attrs: str) -> str:
    """The attribute of a tag whose quoted value is never closed (``style="a;``), or "".

    >>> _open_quote(' style="line-height:200%; text-align:center;'), _open_quote(' a="b"')
    ('style', '')
    """
    if attrs.count('"') % 2 == 0 and attrs.count("'") % 2 == 0:
        return ""
    m = _OPEN_QUOTE.search(attrs)
    return m.group(1) if m else ""


_PAGETEXT = re.compile(r"""\bclass\s*=\s*["']?pagetext\b""", re.I)
_TABLE_OPEN = re.compile(r"^[ \t:]*\{\|", re.M)
_TABLE_CLOSE = re.compile(r"^[ \t]*\|\}", re.M)
_NOT_NEWLINE = re.compile(r"[^\n]")
_BOOLEAN = frozenset({"", "0", "1", "yes", "no", "y", "n", "true", "false"})
_URL = re.compile(r"^(?:https?:)?//\S+$|^(?:ftp|mailto|irc):\S+$", re.I)
_DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$|^[A-Z][a-z]+\.? \d{1,2}, \d{4}$"
                   r"|^\d{1,2} [A-Z][a-z]+ \d{4}$|^[A-Z][a-z]+ \d{4}$")


@dataclass(slots=True)
class _Call:
    node: Template
    page: WikiPage | None
    title: str | None  # resolved page title
    name: str
    inside_inline: str | None  # name of an enclosing inline template


@dataclass
class LintResult:
    """Findings for one text, located (file, line, column)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No finding at all (warnings included)."""
        return not self.diagnostics

    @property
    def errors(self) -> list[Diagnostic]:
        """The findings that are certainly wrong."""
        return [d for d in self.diagnostics if d.severity == "error"]

    def failed(self, strict: bool = False) -> bool:
        """Whether the text fails: an error, or with ``strict`` any warning too."""
        return bool(self.diagnostics if strict else self.errors)


class Linter:
    """Checks wikitext against a template registry."""

    def __init__(self, registry: Registry, title: str = "", *,
                 extension_tags: frozenset[str] = EXTENSION_TAGS) -> None:
        self.registry = registry
        self.title = title
        self.extension_tags = extension_tags
        self.expander = Expander(registry, title, extension_tags=extension_tags)

    def lint(self, text: str, file: str = "-") -> LintResult:
        over = node_limit_exceeded(text)
        if over is not None:
            return LintResult(locate([over], text, file))
        problems: list[BracketProblem] = []
        nodes = parse(text, False, self.extension_tags, problems)
        self._text = text
        found: list[Diagnostic] = []
        calls: list[_Call] = []
        masks: list[tuple[int, int]] = []
        self._unclosed: list[Diagnostic] = []
        self._collect(nodes, calls, masks, None)
        found.extend(self._unclosed)
        for call in calls:
            self._check_call(call, found)
        self._check_brackets(problems, found)
        masked = _mask(text, masks)
        self._check_tables(masked, calls, found)
        self._check_tags(masked, found)
        self._check_extension_tags(masked, found)
        self._check_toc(calls, found)
        expansion = self.expander.expand(text, nodes)
        found.extend(d for d in expansion.diagnostics if d.code in _EXPANSION_CODES)
        found.sort(key=lambda d: (d.offset, d.code))
        return LintResult(locate(found, text, file))

    # -- collection ------------------------------------------------------------------------

    def _collect(self, nodes: list, calls: list[_Call], masks: list[tuple[int, int]],
                 inline: str | None) -> None:
        for n in nodes:
            if isinstance(n, Template):
                call = self._call(n, inline)
                calls.append(call)
                inner_inline = inline
                if call.page is not None and not self.registry.is_block(call.name):
                    inner_inline = call.name
                self._collect(n.title, calls, masks, inline)
                for p in n.parts:
                    if p.name:
                        self._collect(p.name, calls, masks, inline)
                    self._collect(p.value, calls, masks, inner_inline)
            elif isinstance(n, ArgumentNode):
                self._collect(n.title, calls, masks, inline)
                for p in n.parts:
                    self._collect(p.value, calls, masks, inline)
            elif isinstance(n, ExtensionTag):
                if n.inner is not None and n.name.lower() in ("ref", "poem"):
                    # their content is wikitext: check it too, at its own offsets
                    inner_start = n.start + len(n.source()) - len(n.inner) - len(n.close or "")
                    sub = parse(n.inner, False, self.extension_tags)
                    _shift(sub, inner_start)
                    self._collect(sub, calls, masks, inline)
                    masks.append((n.start, inner_start))
                    if n.close:
                        masks.append((n.end - len(n.close), n.end))
                else:
                    masks.append((n.start, n.end))
            elif isinstance(n, (Comment, Ignored)):
                masks.append((n.start, n.start + len(n.text)))
                opens = n.text.find("<!--") if isinstance(n, Comment) else -1
                if opens >= 0 and "-->" not in n.text[opens + 4:]:  # ran to the text's end
                    self._unclosed.append(Diagnostic(
                        "unclosed-markup", "'<!--' is never closed: everything after it is "
                        "a comment, hidden from the page", n.start + opens))
            elif isinstance(n, Heading):
                self._collect(n.nodes, calls, masks, inline)

    def _call(self, node: Template, inline: str | None) -> _Call:
        name = to_source(node.title).strip()
        if "{{" in name or "{{{" in name or not name:
            return _Call(node, None, None, name, inline)
        colon = name.find(":")
        if colon > 0 and functions.lookup(name[:colon]) is not None:
            return _Call(node, None, None, name, inline)
        if not node.parts and functions.variable(name, self.expander) is not None:
            return _Call(node, None, None, name, inline)
        if name.lower().startswith(("subst:", "safesubst:", "#")):
            return _Call(node, None, None, name, inline)
        t = Title.parse(name, "Template")
        if t is None:
            return _Call(node, None, None, name, inline)
        page, resolved = self.registry.resolve(t.full)
        if page is not None and page.redirect is not None:
            page = None
        return _Call(node, page, resolved if page else t.full, name, inline)

    # -- checks ----------------------------------------------------------------------------

    def _check_call(self, call: _Call, found: list[Diagnostic]) -> None:
        node = call.node
        if call.title is None:
            return
        page = call.page
        if page is None:
            # it may exist on the wiki: a warning, not an error
            found.append(Diagnostic("unknown-template",
                                    f"unknown template {{{{{call.name}}}}} "
                                    f"([[{call.title}]] is not in the template folder)",
                                    node.start, "warning"))
            return
        if page.title in PLACEHOLDER_TEMPLATES:
            found.append(Diagnostic("placeholder", "a value to fill in before saving: "
                                    f"{node.source()[:80]}", node.start, "warning"))
        if call.inside_inline and self.registry.is_block(call.name):
            found.append(Diagnostic(
                "block-in-inline", f"block template {{{{{call.name}}}}} inside inline "
                f"template {{{{{call.inside_inline}}}}}", node.start))
        known = page.known_params
        declared = page.params
        aliases = page.aliases
        seen: dict[str, int] = {}
        index = 1
        values: dict[str, tuple[Part, str]] = {}
        for i, part in enumerate(node.parts):
            name_source = None
            if part.name is None:
                key = str(index)
                index += 1
            else:
                name_source = to_source(part.name)
                key = name_source.strip()
                if "{{" in key:
                    continue
            canonical = aliases.get(key, key)
            if canonical in seen:
                found.append(Diagnostic(
                    "duplicate-parameter", f"parameter '{key}' of {{{{{call.name}}}}} given "
                    "more than once; the last one wins", part.start, "warning"))
            seen[canonical] = part.start
            value = self._value_source(node, i, name_source)
            values[canonical] = (part, value)
            if known and key not in known:
                # certain only when the template documents its parameters
                has_data = page.templatedata is not None
                found.append(Diagnostic(
                    "unknown-parameter", f"unknown parameter '{key}' for {{{{{call.name}}}}}"
                    + ("" if has_data else " (it has no TemplateData; read from its "
                       "definition)"), part.start, "error" if has_data else "warning"))
                continue
            spec = declared.get(canonical) or {}
            deprecated = spec.get("deprecated")
            if deprecated:
                why = f": {deprecated}" if isinstance(deprecated, str) else ""
                found.append(Diagnostic(
                    "deprecated-parameter", f"parameter '{key}' of {{{{{call.name}}}}} is "
                    f"deprecated{why}", part.start, "warning"))
            self._check_value(call, key, spec, part, value, found)
            if page.title in LIST_TEMPLATES and part.name is None and not value.strip():
                found.append(Diagnostic(
                    "empty-list-item", f"empty item {key} in {{{{{call.name}}}}} (it is "
                    "skipped, so later items are renumbered)", part.start, "warning"))
        for name, spec in declared.items():
            if not (spec or {}).get("required"):
                continue
            if name not in values:
                found.append(Diagnostic(
                    "missing-required", f"{{{{{call.name}}}}} needs parameter '{name}' "
                    f"({(spec or {}).get('label', name)})", node.start))
            elif not values[name][1].strip():
                found.append(Diagnostic(
                    "missing-required", f"required parameter '{name}' of "
                    f"{{{{{call.name}}}}} is empty", values[name][0].start))

    def _value_source(self, node: Template, i: int, name_source: str | None) -> str:
        """The source of part ``i``'s value: a slice of the page text (rebuilding it from
        the nodes would cost the size of everything nested inside, at every level)."""
        part = node.parts[i]
        end = node.parts[i + 1].start - 1 if i + 1 < len(node.parts) else node.end - 2
        start = part.start + (len(name_source) + 1 if name_source is not None else 0)
        value = self._text[start:end]
        if len(value) < 200 and value != to_source(part.value):  # offsets that do not fit
            return to_source(part.value)
        return value

    def _check_value(self, call: _Call, key: str, spec: dict, part: Part, value: str,
                     found: list[Diagnostic]) -> None:
        if "{{" in value or "<" in value:
            return  # computed or marked-up values are not checked
        v = value.strip()
        kind = spec.get("type", "unknown")
        problem = None
        if v == "":
            return
        if kind == "number" and not functions.is_numeric(v):
            problem = "a number"
        elif kind == "boolean" and v.lower() not in _BOOLEAN:
            problem = "yes/no (or 1/0)"
        elif kind == "url" and not _URL.match(v):
            problem = "a URL"
        elif kind == "date" and not _DATE.match(v):
            problem = "a date (2019-10-09 or October 9, 2019)"
        elif kind == "line" and "\n" in v:
            problem = "a single line"
        suggested = spec.get("suggestedvalues")
        if problem is None and suggested and v not in suggested:
            problem = "one of " + ", ".join(suggested)
        if problem:
            found.append(Diagnostic(
                "bad-value", f"parameter '{key}' of {{{{{call.name}}}}} should be {problem}, "
                f"not {v!r}", part.start, "warning"))

    def _check_brackets(self, problems: list[BracketProblem], found: list[Diagnostic]) -> None:
        for p in problems:
            code = "unbalanced-brackets" if p.text[0] in "[]" else "unbalanced-braces"
            if p.kind == "unclosed":
                msg = f"'{p.text}' is never closed"
            else:
                msg = f"'{p.text}' closes nothing"
            found.append(Diagnostic(code, msg, p.start))

    def _check_tables(self, masked: str, calls: list[_Call], found: list[Diagnostic]) -> None:
        events = [(m.start(), 1, m.start() + m.group(0).index("{")) for m in
                  _TABLE_OPEN.finditer(masked)]
        events += [(m.start(), -1, m.start() + m.group(0).index("|")) for m in
                   _TABLE_CLOSE.finditer(masked)]
        for call in calls:
            if call.page is not None and call.page.table_delta:
                events.append((call.node.start, call.page.table_delta, call.node.start))
        events.sort()
        opened: list[int] = []
        for _, delta, pos in events:
            if delta > 0:
                opened.extend([pos] * delta)
            else:
                for _ in range(-delta):
                    if opened:
                        opened.pop()
                    else:
                        found.append(Diagnostic("unbalanced-table",
                                                "'|}' closes no table", pos))
        for pos in opened:
            found.append(Diagnostic("unbalanced-table", "table '{|' is never closed", pos))

    def _check_tags(self, masked: str, found: list[Diagnostic]) -> None:
        stack: list[tuple[str, int, bool]] = []
        for m in _HTML_TAG.finditer(masked):
            closing, name, attrs, selfclose = m.groups()
            name = name.lower()
            quote = _open_quote(attrs)
            if quote and not closing:
                found.append(Diagnostic(
                    "attribute-quote", f"<{name}>: the value of {quote} opens a quote that "
                    "the tag never closes (MediaWiki drops the attribute)", m.start(),
                    "warning"))
            if name not in PAIRED_TAGS or selfclose:
                continue
            if not closing:
                stack.append((name, m.start(), name == "div" and bool(_PAGETEXT.search(attrs))))
                continue
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    for inner, pos, _ in stack[i + 1:]:
                        found.append(Diagnostic("unclosed-tag",
                                                f"<{inner}> is not closed before </{name}>", pos))
                    del stack[i:]
                    break
            else:
                if name == "div" and not masked[m.end():].strip():
                    # a Page: footer of the legacy form closes the header's wrapper
                    found.append(Diagnostic(
                        "stray-tag", "</div> closes no <div> (the end of a legacy "
                        "<div class=\"pagetext\"> wrapper, which ProofreadPage strips?)",
                        m.start(), "warning"))
                else:
                    found.append(Diagnostic("stray-tag", f"</{name}> closes no <{name}>",
                                            m.start()))
        for name, pos, wrapper in stack:
            if wrapper:
                found.append(Diagnostic(
                    "unclosed-tag", "<div class=\"pagetext\"> is never closed (the legacy "
                    "Page: wrapper, closed in the footer, which ProofreadPage strips)", pos,
                    "warning"))
            else:
                found.append(Diagnostic("unclosed-tag", f"<{name}> is never closed", pos))

    def _check_extension_tags(self, masked: str, found: list[Diagnostic]) -> None:
        """An extension tag left in the masked text is one the preprocessor found no end for:
        MediaWiki prints it as text and does not read what follows as its content."""
        for m in _HTML_TAG.finditer(masked):
            closing, name, _, selfclose = m.groups()
            lower = name.lower()
            if closing or selfclose or lower not in self.extension_tags or \
                    lower in PAIRED_TAGS:  # those are unclosed-tag's
                continue
            found.append(Diagnostic(
                "unclosed-markup", f"<{name}> is never closed: MediaWiki prints it as text "
                f"and reads nothing after it as its content", m.start()))

    def _check_toc(self, calls: list[_Call], found: list[Diagnostic]) -> None:
        open_at: int | None = None
        for call in sorted(calls, key=lambda c: c.node.start):
            if call.page is None:
                continue
            title = call.page.title
            if title == TOC_BEGIN:
                if open_at is not None:
                    found.append(Diagnostic("toc-not-ended", "{{TOC begin}} is not ended "
                                            "before the next {{TOC begin}}", open_at))
                open_at = call.node.start
            elif title == TOC_END:
                if open_at is None:
                    found.append(Diagnostic("toc-row-outside",
                                            "{{TOC end}} without {{TOC begin}}", call.node.start))
                open_at = None
            elif title.startswith("Template:TOC row") and open_at is None:
                found.append(Diagnostic("toc-row-outside", f"{{{{{call.name}}}}} outside "
                                        "{{TOC begin}}…{{TOC end}}", call.node.start))
        if open_at is not None:
            found.append(Diagnostic("toc-not-ended", "{{TOC begin}} is never ended with "
                                    "{{TOC end}}", open_at))


def _shift(nodes: list, delta: int) -> None:
    """Move the offsets of a parsed sub-text to its place in the page."""
    for n in nodes:
        if isinstance(n, str):
            continue
        n.start += delta
        if isinstance(n, (Template, ArgumentNode, ExtensionTag)):
            n.end += delta
        if isinstance(n, (Template, ArgumentNode)):
            _shift(n.title, delta)
            for p in n.parts:
                p.start += delta
                if p.name:
                    _shift(p.name, delta)
                _shift(p.value, delta)
        elif isinstance(n, Heading):
            _shift(n.nodes, delta)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the given spans blanked (newlines kept, so offsets stay).

    >>> _mask("a<!--x\\ny-->b", [(1, 11)])
    'a     \\n    b'
    """
    if not spans:
        return text
    out = []
    pos = 0
    for a, b in sorted(spans):
        a = max(a, pos)
        if b <= a:
            continue
        out.append(text[pos:a])
        out.append(_NOT_NEWLINE.sub(" ", text[a:b]))
        pos = b
    out.append(text[pos:])
    return "".join(out)


def lint(text: str, registry: Registry | None = None, file: str = "-",
         title: str = "") -> LintResult:
    """Lint ``text`` against ``registry`` (default: ``wstools/data/templates/``)."""
    return Linter(registry or Registry.from_directory(), title).lint(text, file)
