"""Template expansion with MediaWiki's preprocessor semantics.

:class:`Expander` turns wikitext into expanded wikitext, as ``action=expandtemplates``
does: templates from the :class:`~wstools.wikitext.registry.Registry` are transcluded
with their arguments (``{{{1|default}}}``, named and numbered, MediaWiki's whitespace
rules), parser functions and magic words are evaluated, comments dropped, extension
tags (``<ref>``, ``<poem>``…) left as they are for the renderer.

It never raises on bad wikitext. What it cannot evaluate (``#invoke``, unknown parser
functions, missing templates) stays visibly in the text and is reported as a
:class:`~wstools.diagnostics.Diagnostic` with its position; loops, the recursion depth
(40), the expansion depth and the post-expand size cap stop expansion as MediaWiki's
limits do.

>>> from wstools.wikitext.registry import Registry
>>> reg = Registry()
>>> _ = reg.add("Template:Greet", "Hello, {{{1|world}}}{{#if:{{{2|}}}|!}}")
>>> Expander(reg).expand("{{greet}} / {{Greet| you |x}}").text
'Hello, world / Hello,  you !'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from . import functions
from .preprocess import (
    EXTENSION_TAGS,
    Argument,
    Comment,
    ExtensionTag,
    Heading,
    Ignored,
    Part,
    Template,
    parse,
)
from .registry import Registry
from .title import Title

PHP_WHITESPACE = " \t\n\r\0\x0b"  # what PHP's trim() removes (not U+00A0)
_BLOCK_STARTS = frozenset("{:;#*")


@dataclass(frozen=True, slots=True)
class Limits:
    """MediaWiki's parser limits (``$wgMaxTemplateDepth``, ``$wgMaxPPExpandDepth``,
    ``$wgMaxArticleSize`` for the post-expand include size, ``$wgMaxPPNodeCount``)."""

    template_depth: int = 40
    expansion_depth: int = 40
    post_expand_size: int = 2 * 1024 * 1024
    node_count: int = 1_000_000


def markup_marks(text: str) -> int:
    """How many pipes, brace pairs, bracket pairs and tag openings ``text`` has: each may
    become a node of the preprocessor's tree, so this bounds the tree's size.

    >>> markup_marks("{{rh|1|A|}} [[B]] <br>")
    6
    """
    return text.count("|") + text.count("{{") + text.count("[[") + text.count("<")


def node_limit_exceeded(text: str, limit: int = 1_000_000) -> Diagnostic | None:
    """A ``size-limit`` error when ``text`` has more marks (:func:`markup_marks`) than the
    node-count limit (MediaWiki's ``$wgMaxPPNodeCount``): such a text is not expanded,
    rendered or linted, and no tree is built for it (4 MB of pipes took 1.4 GB)."""
    marks = markup_marks(text)
    if marks <= limit:
        return None
    return Diagnostic("size-limit", f"node-count limit exceeded ({marks:,} pipes, braces, "
                      f"brackets and tags; the limit is {limit:,}): the text is left as it "
                      "is", 0, "error")


@dataclass(slots=True)
class Expansion:
    """The result of an expansion: text plus what was noticed on the way."""

    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    templates: set[str] = field(default_factory=set)
    post_expand_size: int = 0
    node_count: int = 0


class Frame:
    """One level of transclusion: the template's title and its (lazy) arguments."""

    __slots__ = ("title", "parent", "args", "cache", "site", "depth", "ancestors")

    def __init__(self, title: str | None, parent: Frame | None, args: dict[str, tuple],
                 site: int, depth: int) -> None:
        self.title = title
        self.parent = parent
        self.args = args  # name -> (nodes, named)
        self.cache: dict[str, str] = {}
        self.site = site
        self.depth = depth
        inherited = parent.ancestors if parent is not None else frozenset()
        #: titles of this frame and the frames that transclude it (for loop detection)
        self.ancestors: frozenset[str] = inherited | {title} if title else inherited


class Expander:
    """Expands wikitext for one page title against a template registry."""

    def __init__(self, registry: Registry, title: str | Title = "", *,
                 limits: Limits = Limits(), on_missing: str = "keep",
                 extension_tags: frozenset[str] = EXTENSION_TAGS) -> None:
        self.registry = registry
        if isinstance(title, str):
            title = Title.parse(title) or Title("", "Sandbox")
        self.title: Title = title
        self.limits = limits
        if on_missing not in ("keep", "link"):
            raise ValueError("on_missing must be 'keep' or 'link'")
        self.on_missing = on_missing
        self.extension_tags = extension_tags
        self._reset()

    def _reset(self) -> None:
        self.default_sort: str | None = None  # {{DEFAULTSORT:}} of this page so far
        self.diagnostics: list[Diagnostic] = []
        self.templates: set[str] = set()
        self.post_expand = 0
        self.nodes = 0
        self.depth = 0
        self._empty_cache: dict[str, str] = {}
        self._reported: set[tuple[str, int, str]] = set()

    # -- public -----------------------------------------------------------------------

    def expand(self, text: str, nodes: list | None = None) -> Expansion:
        """Expand page ``text`` (or its already parsed ``nodes``) in a fresh root frame."""
        self._reset()
        if nodes is None:
            if not unicodedata.is_normalized("NFC", text):
                text = unicodedata.normalize("NFC", text)  # as MediaWiki reads every input
            over = node_limit_exceeded(text, self.limits.node_count)
            if over is not None:
                self.diagnostics.append(over)
                return Expansion(text, self.diagnostics, set(), 0, markup_marks(text))
            nodes = parse(text, False, self.extension_tags)
        root = Frame(None, None, {}, 0, 0)
        out = self.expand_nodes(nodes, root)
        return Expansion(out, self.diagnostics, self.templates, self.post_expand, self.nodes)

    def heading(self, node: Heading, frame: Frame) -> str:
        """A ``== heading ==`` of the text being expanded (a hook: the HTML renderer marks
        the page's own headings, which MediaWiki numbers as sections)."""
        return self.expand_nodes(node.nodes, frame)

    def page_exists(self, title: str) -> bool:
        """Whether page ``title`` (normalised) exists, for ``{{#ifexist:}}``: a page of the
        registry (redirects count, as in MediaWiki)."""
        return title in self.registry.pages

    # -- machinery ----------------------------------------------------------------------

    def report(self, code: str, message: str, frame: Frame, offset: int,
               severity: str = "error") -> None:
        site = offset if frame.parent is None else frame.site
        if frame.title:
            message = f"{message} (in {frame.title})"
        key = (code, site, message)
        if key in self._reported:
            return
        self._reported.add(key)
        self.diagnostics.append(Diagnostic(code, message, site, severity))

    def expand_nodes(self, nodes: list, frame: Frame) -> str:
        """Expand a node list in ``frame`` (MediaWiki's ``PPFrame::expand``)."""
        if self.depth >= self.limits.expansion_depth:
            self.report("depth-limit", "expansion depth limit exceeded "
                        f"({self.limits.expansion_depth})", frame, _first_offset(nodes))
            return '<span class="error">Expansion depth limit exceeded</span>'
        self.nodes += len(nodes)
        if self.nodes > self.limits.node_count:
            self.report("size-limit", "node-count limit exceeded", frame, _first_offset(nodes))
            return '<span class="error">Node-count limit exceeded</span>'
        self.depth += 1
        try:
            out = []
            for n in nodes:
                t = type(n)
                if t is str:
                    out.append(n)
                elif t is Template:
                    out.append(self._template(n, frame))
                elif t is Argument:
                    out.append(self._argument(n, frame))
                elif t is Comment or t is Ignored:
                    continue
                elif t is ExtensionTag:
                    out.append(self.extension_tag(n, frame))
                elif t is Heading:
                    out.append(self.heading(n, frame))
            return "".join(out)
        finally:
            self.depth -= 1

    def extension_tag(self, node: ExtensionTag, frame: Frame) -> str:
        """What an extension tag becomes in the expansion: its source, unchanged (as in
        ``action=expandtemplates``). The HTML renderer overrides this."""
        return node.source()

    def trimmed(self, nodes: list, frame: Frame) -> str:
        return self.expand_nodes(nodes, frame).strip(PHP_WHITESPACE)

    def expand_part(self, part: Part, frame: Frame) -> str:
        """A whole part, ``name=value`` included, expanded (not trimmed)."""
        if part.name is None:
            return self.expand_nodes(part.value, frame)
        return self.expand_nodes(part.name, frame) + "=" + self.expand_nodes(part.value, frame)

    def literal_call(self, node: Template, frame: Frame) -> str:
        """The call written back with its pieces expanded (how MediaWiki shows a call it
        cannot perform)."""
        pieces = [self.expand_nodes(node.title, frame)]
        pieces += [self.expand_part(p, frame) for p in node.parts]
        return "{{" + "|".join(pieces) + "}}"

    def _argument(self, node: Argument, frame: Frame) -> str:
        name = self.trimmed(node.title, frame)
        value = self.argument(frame, name)
        if value is not None:
            return value
        if node.parts:
            return self.expand_part(node.parts[0], frame)
        pieces = [name] + [self.expand_part(p, frame) for p in node.parts]
        return "{{{" + "|".join(pieces) + "}}}"

    def argument(self, frame: Frame, name: str) -> str | None:
        """The value of argument ``name`` in ``frame`` (expanded in the caller), or None."""
        if name in frame.cache:
            return frame.cache[name]
        spec = frame.args.get(name)
        if spec is None:
            return None
        nodes, named = spec
        assert frame.parent is not None
        value = self.expand_nodes(nodes, frame.parent)
        if named:
            value = value.strip(PHP_WHITESPACE)
        frame.cache[name] = value
        return value

    def _template(self, node: Template, frame: Frame) -> str:
        text = self._substitute(node, frame)
        # MediaWiki (T2529): output that starts a table or list starts a new line
        if text[:1] in _BLOCK_STARTS and not node.line_start and (
                text[0] != "{" or text.startswith("{|")):
            text = "\n" + text
        return text

    def _substitute(self, node: Template, frame: Frame) -> str:
        mark = len(self.diagnostics)
        title_text = self.expand_nodes(node.title, frame)
        name = title_text.strip(PHP_WHITESPACE)
        site = node.start

        lowered = name.lower()
        if lowered.startswith("safesubst:"):
            name = name[len("safesubst:"):].strip(PHP_WHITESPACE)
        elif lowered.startswith("subst:"):
            return self.literal_call(node, frame)

        # magic word variables: only without arguments
        if not node.parts:
            value = functions.variable(name, self)
            if value is not None:
                return value

        colon = name.find(":")
        if colon > 0:
            fname = name[:colon]
            spec = functions.lookup(fname)
            if spec is not None:
                first = name[colon + 1:].strip(PHP_WHITESPACE)
                if spec is functions.fn_iferror:  # errors it catches are not findings
                    self.diagnostics[mark:] = [d for d in self.diagnostics[mark:]
                                               if d.code != "expr-error"]
                result = spec(self, frame, first, node.parts, site)
                if result is None:  # could not evaluate
                    return self.literal_call(node, frame)
                return result
            if fname.strip().startswith("#"):
                self.report("unevaluated", f"cannot evaluate {{{{{fname.strip()}:…}}}}: "
                            "unknown parser function (left in place)", frame, site, "warning")
                return self.literal_call(node, frame)

        title = Title.parse(name, "Template")
        if title is None:
            if name.startswith("#"):
                self.report("unevaluated", f"cannot evaluate {{{{{name}}}}} (left in place)",
                            frame, site, "warning")
            return self.literal_call(node, frame)

        page, resolved = self.registry.resolve(title.full)
        if resolved in frame.ancestors or title.full in frame.ancestors:
            self.report("template-loop", f"template loop detected: [[{resolved}]]", frame, site)
            return f'<span class="error">Template loop detected: [[{resolved}]]</span>'
        if frame.depth >= self.limits.template_depth:
            self.report("depth-limit", "template recursion depth limit exceeded "
                        f"({self.limits.template_depth})", frame, site)
            return ('<span class="error">Template recursion depth limit exceeded '
                    f"({self.limits.template_depth})</span>")
        if page is None or page.redirect is not None:
            self.report("unknown-template", f"unknown template {{{{{name}}}}} "
                        f"([[{title.full}]] does not exist)", frame, site)
            if self.on_missing == "link":
                return f"[[:{title.full}]]"
            return self.literal_call(node, frame)
        if self.post_expand > self.limits.post_expand_size:
            return self._too_large(frame, site, resolved)

        self.templates.add(resolved)
        if not node.parts and resolved in self._empty_cache:
            text = self._empty_cache[resolved]
        else:
            child = Frame(resolved, frame, self._frame_args(node.parts, frame),
                          site if frame.parent is None else frame.site, frame.depth + 1)
            text = self.expand_nodes(page.tree(True), child)
            if not node.parts:
                self._empty_cache[resolved] = text
        self.post_expand += len(text)
        if self.post_expand > self.limits.post_expand_size:
            return self._too_large(frame, site, resolved)
        return text

    def _too_large(self, frame: Frame, site: int, resolved: str) -> str:
        self.report("size-limit", "post-expand include size too large "
                    f"(over {self.limits.post_expand_size} bytes): [[{resolved}]] omitted",
                    frame, site)
        return "<!-- WARNING: template omitted, post-expand include size too large -->"

    def _frame_args(self, parts: list[Part], frame: Frame) -> dict[str, tuple]:
        args: dict[str, tuple] = {}
        index = 1
        for p in parts:
            if p.name is None:
                args[str(index)] = (p.value, False)
                index += 1
            else:
                args[self.trimmed(p.name, frame)] = (p.value, True)
        return args


def _first_offset(nodes: list) -> int:
    for n in nodes:
        start = getattr(n, "start", None)
        if start is not None:
            return start
    return 0


def expand(text: str, registry: Registry | None = None, title: str = "") -> Expansion:
    """Expand ``text`` with the templates of ``registry`` (default: ``wstools/data/templates/``)."""
    return Expander(registry or Registry.from_directory(), title).expand(text)
