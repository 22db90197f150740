"""Wikitext → HTML, as MediaWiki's parser renders a page, made safe.

The passes follow MediaWiki 1.39's legacy parser, in its order:

1. templates are expanded (:class:`~wstools.wikitext.expand.Expander`); the content of
   ``<ref>`` and ``<poem>`` is expanded in the frame it appears in;
2. extension tags (``<nowiki>``, ``<pre>``, ``<ref>``, ``<references>``, ``<poem>``…) are
   rendered and replaced by strip markers;
3. HTML tags are sanitized (:mod:`~wstools.wikitext.sanitize`);
4. tables, ``----``, behaviour switches, headings, internal links, ``''``/``'''``,
   external links and bare URLs;
5. the extension output is put back, paragraphs and lists are made (the block-level pass),
   ``<nowiki>`` text is put back, French spacing is armoured;
6. the result is parsed with lxml (which balances tags, as MediaWiki's tidy does), every
   element and attribute is checked against the output whitelist, and it is serialised.

The fragment is well-formed; :func:`standalone_page` wraps it in a page that links the
stylesheet of ``wstools/data/templates/``.

>>> from wstools.wikitext.registry import Registry
>>> reg = Registry()
>>> _ = reg.add("Template:Sc", '<span class="smallcaps">{{{1}}}</span>')
>>> out = HtmlRenderer(reg).render("'''1.''' {{sc|Whist}}<ref>A note.</ref>").html
>>> print(out.replace("<sup", "\\n<sup").replace("</span> <span", "</span>\\n<span"))
<p><b>1.</b> <span class="smallcaps">Whist</span>
<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup>
</p>
<div class="mw-references-wrap"><ol class="references">
<li id="cite_note-1"><span class="mw-cite-backlink"><a href="#cite_ref-1">↑</a></span>
<span class="reference-text">A note.</span>
</li>
</ol></div>
"""

from __future__ import annotations

import html
import html.entities
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

import lxml.html
from lxml import etree

from ..diagnostics import Diagnostic
from .expand import Expander, Frame, node_limit_exceeded
from .preprocess import ExtensionTag, Heading, parse, to_source
from .registry import Registry
from .sanitize import (
    clean_tree,
    decode_attributes,
    decode_char_references,
    encode_attribute,
    fix_attributes,
    sanitize_tags,
    valid_code_point,
)
from .title import Title

MARKER = "\x7f'\"`UNIQ-"
MARKER_END = "-QINU`\"'\x7f"
_MARKER_RE = re.compile(re.escape(MARKER) + r"(\w+)-([0-9A-F]{8})" + re.escape(MARKER_END))
# content that is wikitext and so is expanded where the tag appears
WIKITEXT_EXTENSIONS = frozenset({"ref", "poem", "references"})
SILENT_EXTENSIONS = frozenset({"templatestyles", "section", "pagequality", "templatedata",
                               "indicator", "pages", "pagelist"})
URL_PROTOCOLS = ("bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://",
                 "https://", "irc://", "ircs://", "magnet:", "mailto:", "matrix:", "mms://",
                 "news:", "nntp://", "redis://", "sftp://", "sip:", "sips:", "sms:", "ssh://",
                 "svn://", "tel:", "telnet://", "urn:", "worldwind://", "xmpp:", "//")
_PROTO = "|".join(re.escape(p) for p in URL_PROTOCOLS if p != "//")
_URL_CHARS = r"[^\]\[<>\"\x00-\x20\x7f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\ufffd]"
# MediaWiki's bracketed external link (the reference; it backtracks quadratically on
# "[http://aaa…" without "]")
_EXT_LINK = re.compile(r"\[((?i:" + _PROTO + "|//)" + _URL_CHARS + r"+)[ \u00a0]*"
                       r"([^\]\x00-\x08\x0a-\x1f\ufffd]*?)\]")
# _EXT_LINK in two steps, linear in time: the start ("[", protocol, address: the address
# possessive, which finds the same links as no address character can end the label), then
# the first character that may not be in a label, which must be "]"
_EXT_LINK_START = re.compile(r"\[((?i:" + _PROTO + "|//)" + _URL_CHARS + r"++)[ \u00a0]*+")
_EXT_LINK_STOP = re.compile(r"[\]\x00-\x08\x0a-\x1f\ufffd]")
_FREE_URL = re.compile(r"(?<![\w/])((?i:" + _PROTO + ")" + _URL_CHARS + "+)")
_TAG_OR_LINK = re.compile(r"<a\b[^>]*>.*?</a>|<[^>]*>", re.S | re.I)
_LINK_TRAIL = re.compile(r"[a-z]+")
_TITLE_CHARS = re.compile(r"[^\[\]{}|<>\x00-\x1f\x7f]+")
_DOUBLE_UNDERSCORE = re.compile(
    r"__(?:NOTOC|FORCETOC|TOC|NOEDITSECTION|NEWSECTIONLINK|NONEWSECTIONLINK|NOGALLERY|"
    r"HIDDENCAT|EXPECTUNUSEDCATEGORY|NOCONTENTCONVERT|NOCC|NOTITLECONVERT|NOTC|INDEX|"
    r"NOINDEX|STATICREDIRECT|NOGLOBAL|DISAMBIG)__")
_HEADING = [(n, re.compile(rf"^(={{{n}}})(.+)={{{n}}}\s*$", re.M)) for n in range(6, 0, -1)]
_HR = re.compile(r"(^|\n)-----*")
_FRENCH = re.compile(r" (?=[?:;!%»›](?!\w))|([«‹]) ")
_FILE_OPTIONS = frozenset({"thumb", "thumbnail", "frame", "framed", "frameless", "border",
                           "left", "right", "center", "centre", "none", "baseline", "sub",
                           "super", "top", "text-top", "middle", "bottom", "text-bottom"})
INTERWIKI = {"w": "https://en.wikipedia.org/wiki/$1",
             "wikipedia": "https://en.wikipedia.org/wiki/$1",
             "wikt": "https://en.wiktionary.org/wiki/$1",
             "wiktionary": "https://en.wiktionary.org/wiki/$1"}


_CATEGORY_MARK = "\x00category\x00"
# namespaces with subpages: MediaWiki's defaults and the lab wiki's (main, Page, Index),
# as on Wikisource
SUBPAGE_NAMESPACES = frozenset({0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15, 104, 106})


def subpage_link(target: str, context: str) -> tuple[str, str]:
    """A relative link resolved against the page ``context`` (MediaWiki's
    ``normalizeSubpageLink``): the target and the text shown when the link gives none.

    >>> subpage_link("../", "Book/Chapter 1"), subpage_link("../Chapter 2/", "Book/Chapter 1")
    (('Book', 'Book'), ('Book/Chapter 2', 'Chapter 2'))
    >>> subpage_link("/Notes/", "Book"), subpage_link("/Notes", "Book")
    (('Book/Notes', 'Notes'), ('Book/Notes', '/Notes'))
    """
    if target.startswith("/"):
        trailing = len(target) - len(target.rstrip("/"))
        if trailing and len(target) > trailing:
            noslash = shown = target[1:-trailing]
        else:
            noslash, shown = target[1:], target
        resolved = context + "/" + noslash.strip()
        return resolved, shown
    chunks = target.split("/")
    count = 0
    rest = target
    for chunk in chunks:
        if chunk != "..":
            break
        count += 1
        rest = rest[3:]
    parts = context.split("/")
    if len(parts) <= count:
        return target, target
    resolved = "/".join(parts[:-count])
    shown = ""
    if rest.endswith("/"):
        rest = rest.rstrip("/")
        shown = rest
    rest = rest.strip()
    if rest:
        resolved += "/" + rest
    return resolved, shown or resolved


@dataclass
class Rendered:
    """A rendered page: the HTML fragment and what was noticed on the way."""

    html: str
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class _Reference:
    number: int
    key: int
    text: str
    name: str | None
    uses: int = 1


@dataclass
class _Group:
    refs: list[_Reference] = field(default_factory=list)
    by_name: dict[str, _Reference] = field(default_factory=dict)


class _TagExpander(Expander):
    """An expander that expands the wikitext inside ``<ref>`` and ``<poem>`` in the frame
    where the tag appears (MediaWiki's ``recursiveTagParse`` with the tag's frame)."""

    page_heading_mark = ""

    def heading(self, node: Heading, frame: Frame) -> str:
        text = self.expand_nodes(node.nodes, frame)
        if frame.parent is None and self.page_heading_mark:  # the page's own heading
            equals = len(text) - len(text.lstrip("="))
            return text[:equals] + self.page_heading_mark + text[equals:]
        return text

    def extension_tag(self, node: ExtensionTag, frame: Frame) -> str:
        if node.name.lower() in WIKITEXT_EXTENSIONS and node.inner:
            inner = self.expand_nodes(parse(node.inner, False, self.extension_tags), frame)
            return f"<{node.name}{node.attrs}>{inner}{node.close or ''}"
        return node.source()


class HtmlRenderer:
    """Renders wikitext pages to HTML fragments.

    ``article_path`` is where pages live (``$1`` is the title), ``script_path`` where a
    missing page is created; ``link_exists`` says whether a page exists (links to missing
    pages get MediaWiki's ``new`` class); by default every page exists. ``is_redirect``
    says whether a page is a redirect (``mw-redirect`` class).
    """

    def __init__(self, registry: Registry, title: str = "", *,
                 article_path: str = "/wiki/$1", script_path: str = "/w/index.php",
                 link_exists: Callable[[str], bool] | None = None,
                 is_redirect: Callable[[str], bool] | None = None, toc: bool = True) -> None:
        self.registry = registry
        self.toc = toc
        self.title_text = title
        self.title = Title.parse(title) if title else None
        self.article_path = article_path
        self.script_path = script_path
        self.link_exists = link_exists
        self.is_redirect = is_redirect
        self._reset()

    def _reset(self) -> None:
        self.strip: dict[str, tuple[str, str]] = {}
        self.groups: dict[str, _Group] = {}
        self.ref_key = 0
        self.autonumber = 0
        self.heading_ids: dict[str, int] = {}
        self.defining: str | None = None  # the group of the <references> being read
        self.unused_defined: list[str] = []
        self.page_heading_mark = ""
        self.heading_sources: list[bool] = []

    # -- public ---------------------------------------------------------------------------

    def render(self, text: str) -> Rendered:
        over = node_limit_exceeded(text)
        if over is not None:  # left as it is, as text
            return Rendered(f"<pre>{html.escape(text, quote=False)}</pre>", [over])
        self._reset()
        expander = _TagExpander(self.registry, self.title_text or "API", on_missing="link")
        self.page_heading_mark = expander.page_heading_mark = self._marker("general", "")
        expansion = expander.expand(text)
        body = self._internal_parse(expansion.text)
        body = self._unstrip(body, general=True)
        body = block_levels(body)
        body = self._unstrip(body, general=False)
        body = armour_french_spaces(body)
        leftover = self._references_html("", end_of_page=True)
        if leftover:
            body += "\n" + leftover
        body = self._heading_ids(tidy(body))
        if self.toc:  # after tidy, which would drop the toggle's <input> and <label>
            body = insert_toc(body, expansion.text, self.heading_sources)
        return Rendered(body, list(expansion.diagnostics))

    # -- the passes -----------------------------------------------------------------------

    def _internal_parse(self, text: str, headings: bool = True) -> str:
        """MediaWiki's ``internalParse`` after expansion (everything but the block pass);
        ``headings=False`` inside tags (a ``== x ==`` in a ``<ref>`` stays text)."""
        text = self._strip_extensions(text)
        text = sanitize_tags(text)
        text = do_tables(text)
        text = _HR.sub(r"\1<hr />", text)
        text = _DOUBLE_UNDERSCORE.sub("", text)
        if headings:
            text = self._headings(text)
        text = self._internal_links(text)
        text = "\n".join(do_quotes(line) for line in text.split("\n"))
        text = self._external_links(text)
        text = self._free_urls(text)
        return text

    def _inline(self, text: str) -> str:
        """``recursiveTagParse``: wikitext already expanded, rendered without the block pass
        and with extension output put back."""
        return self._unstrip(self._unstrip(self._internal_parse(text, headings=False), True),
                             False)

    def _marker(self, kind: str, content: str) -> str:
        key = f"{MARKER}{kind}-{len(self.strip):08X}{MARKER_END}"
        self.strip[key] = (kind, content)
        return key

    def _unstrip(self, text: str, general: bool) -> str:
        for _ in range(20):  # markers inside markers
            if MARKER not in text:
                break
            changed = _MARKER_RE.sub(
                lambda m: self.strip[m.group(0)][1]
                if (self.strip[m.group(0)][0] != "nowiki") == general else m.group(0), text)
            if changed == text:
                break
            text = changed
        return text

    def _strip_extensions(self, text: str) -> str:
        return self._strip_nodes(parse(text, False))

    def _strip_nodes(self, nodes: list) -> str:
        out = []
        for n in nodes:
            if isinstance(n, ExtensionTag):
                out.append(self._extension(n))
            elif isinstance(n, Heading):  # a <ref> in a heading is a ref too
                out.append(self._strip_nodes(n.nodes))
            else:
                out.append(to_source([n]))
        return "".join(out)

    def _extension(self, tag: ExtensionTag) -> str:
        name = tag.name.lower()
        attrs = dict(decode_attributes(tag.attrs))
        inner = tag.inner
        if name in SILENT_EXTENSIONS:
            return self._marker("general", "")
        if name == "nowiki":
            return self._marker("nowiki", _escape_allow_entities(inner or ""))
        if name == "pre":
            content = _escape_allow_entities(
                re.sub(r"<nowiki>(.*?)</nowiki>", r"\1", inner or "", flags=re.S | re.I))
            return self._marker("general", f"<pre{fix_attributes('pre', tag.attrs)}>"
                                f"{content}</pre>")
        if name == "ref":
            return self._marker("general", self._ref(inner, attrs))
        if name == "references":
            self.unused_defined = []
            if inner:  # list-defined references: they give text to refs used before
                self.defining = attrs.get("group", "")
                try:
                    self._strip_extensions(inner)
                finally:
                    self.defining = None
            listed = self._references_html(attrs.get("group", ""))
            for unused in self.unused_defined:
                listed += "\n" + _cite_error(
                    f'<code>&lt;ref&gt;</code> tag with name "{html.escape(unused)}" defined '
                    "in <code>&lt;references&gt;</code> is not used in prior text.",
                    invalid=False)
            return self._marker("general", listed)
        if name == "poem":
            return self._marker("general", self._poem(inner or "", attrs, tag.attrs))
        # an extension wstools does not render: shown as its source text
        return self._marker("general", html.escape(tag.source(), quote=False))

    def _ref(self, inner: str | None, attrs: dict[str, str]) -> str:
        group_name = attrs.get("group", "")
        name = attrs.get("name") or None
        if self.defining is not None:  # inside <references>: defines, shows nothing
            group_name = attrs.get("group", self.defining)
            known = self.groups.get(group_name)
            ref = known.by_name.get(name) if known and name else None
            if ref is not None and inner and inner.strip() and not ref.text:
                ref.text = self._inline(inner.strip())
            elif ref is None and name:
                self.unused_defined.append(name)
            return ""
        if name is None and inner is None:
            return _cite_error("The opening <code>&lt;ref&gt;</code> tag is malformed or has "
                               "a bad name", invalid=False)
        if name is None and not (inner or "").strip():
            return _cite_error("refs with no name must have content")
        group = self.groups.setdefault(group_name, _Group())
        ref = group.by_name.get(name) if name else None
        if ref is None:
            self.ref_key += 1
            ref = _Reference(len(group.refs) + 1, self.ref_key,
                             self._inline(inner.strip()) if inner else "", name)
            group.refs.append(ref)
            if name:
                group.by_name[name] = ref
            use = 0
        else:
            if inner and not ref.text:
                ref.text = self._inline(inner.strip())
            use = ref.uses
            ref.uses += 1
        label = f"{group_name} {ref.number}" if group_name else str(ref.number)
        return (f'<sup id="{_ref_id(ref, use)}" class="reference"><a href="#{_note_id(ref)}">'
                f"&#91;{html.escape(label)}&#93;</a></sup>")

    def _references_html(self, group_name: str, end_of_page: bool = False) -> str:
        names = list(self.groups) if end_of_page else [group_name]
        parts = []
        for g in names:
            group = self.groups.pop(g, None)
            if group is None or not group.refs:
                continue
            items = []
            for ref in group.refs:
                if ref.uses == 1:
                    back = (f'<span class="mw-cite-backlink"><a href="#{_ref_id(ref, 0)}">↑</a>'
                            "</span>")
                else:
                    links = " ".join(f'<sup><a href="#{_ref_id(ref, k)}">{ref.number}.{k}</a>'
                                     "</sup>" for k in range(ref.uses))
                    back = f'<span class="mw-cite-backlink">↑ {links}</span>'
                if ref.text:
                    items.append(f'<li id="{_note_id(ref)}">{back} '
                                 f'<span class="reference-text">{ref.text}</span>\n</li>')
                else:  # a name used but never given a text
                    items.append(f'<li id="{_note_id(ref)}">{back} ' + _cite_error(
                        "no text was provided for refs named "
                        f"<code>{html.escape(ref.name or '')}</code>") + "</li>")
            css = "mw-references-wrap" + (" mw-references-columns" if len(items) > 10 else "")
            group_class = f' data-mw-group="{html.escape(g)}"' if g else ""
            parts.append(f'<div class="{css}"><ol class="references"{group_class}>\n'
                         + "\n".join(items) + "\n</ol></div>")
        return "\n".join(parts)

    def _poem(self, inner: str, attrs: dict[str, str], attr_text: str) -> str:
        br = self._marker("general", "<br />")
        text = re.sub(r"^(:+)(.+)$", lambda m: (
            f'<span class="mw-poem-indented" style="display: inline-block; '
            f'margin-inline-start: {len(m.group(1))}em;">{m.group(2)}</span>'), inner, flags=re.M)
        text = re.sub(r"^\n", "", text)
        text = re.sub(r"\n$", "", text)
        text = re.sub(r"(?<!^----)\n", br + "\n", text, flags=re.M)
        text = re.sub(r"^ +", lambda m: "&#160;" * len(m.group(0)), text, flags=re.M)
        text = self._internal_parse(text)
        text = text.replace("<hr />" + br, "<hr />")
        fixed = fix_attributes("div", attr_text)
        if ' class="' in fixed:
            fixed = fixed.replace(' class="', ' class="poem ', 1)
        else:
            fixed = ' class="poem"' + fixed
        newline = "" if "compact" in attrs else "\n"
        return f"<div{fixed}>{newline}{text.strip()}{newline}</div>"

    def _headings(self, text: str) -> str:
        for level, pattern in _HEADING:
            def heading(m: re.Match[str], n: int = level) -> str:
                return self._heading(n, m.group(2))
            text = pattern.sub(heading, text)
        return text

    def _heading(self, level: int, content: str) -> str:
        # the anchor is made from the final headline (links and refs rendered): see
        # _heading_ids, after tidy
        own = bool(self.page_heading_mark) and self.page_heading_mark in content
        content = content.replace(self.page_heading_mark, "") if own else content
        slot = _HEADING_SLOT + ("" if own else "-t")
        return (f'<h{level}><span class="mw-headline" id="{slot}">'
                f"{content.strip()}</span></h{level}>")

    def _heading_ids(self, body: str) -> str:
        """Give each heading its anchor (MediaWiki's, from the headline's text, numbered
        when repeated) and, when it differs, the legacy anchor in a span before it."""
        self.heading_sources = []

        def one(m: re.Match[str]) -> str:
            self.heading_sources.append(not m.group(2))
            text = decode_char_references(re.sub(r"<.*?>", "", m.group(3), flags=re.S))
            anchor = _anchor(" ".join(text.replace("_", " ").split()))
            key = anchor.lower()
            count = self.heading_ids.get(key, 0)
            self.heading_ids[key] = count + 1
            if count:
                anchor = f"{anchor}_{count + 1}"
            legacy = urllib.parse.quote_plus(anchor, safe="-_.").replace("%3A", ":")
            legacy = legacy.replace("%", ".")
            fallback = (f'<span id="{encode_attribute(legacy)}"></span>' if legacy != anchor
                        else "")
            return (f'<h{m.group(1)}>{fallback}<span class="mw-headline" '
                    f'id="{encode_attribute(anchor)}">{m.group(3)}</span></h{m.group(1)}>')
        return _SLOTTED.sub(one, body)

    # -- links --------------------------------------------------------------------------

    def _href(self, title: str) -> str:
        return self.article_path.replace("$1", _url_title(title))

    def _internal_links(self, text: str) -> str:
        pieces = text.split("[[")
        out = [pieces[0]]
        for piece in pieces[1:]:
            m = re.match(r"([^\[\]|]+)(?:\|(.*?))?\]\](.*)$", piece, re.S)
            if m is None:
                out.append("[[" + piece)
                continue
            target, label, rest = m.group(1), m.group(2), m.group(3)
            rendered = self._link(target, label, rest)
            if rendered is None:
                out.append("[[" + piece)
            elif rendered.startswith(_CATEGORY_MARK):
                # MediaWiki drops the whitespace before a category link (T2087)
                out = ["".join(out).rstrip(" \t\n\r\0\x0b"), rendered[len(_CATEGORY_MARK):]]
            else:
                out.append(rendered)
        return "".join(out)

    def _link(self, target: str, label: str | None, rest: str) -> str | None:
        if target.lstrip(" ").lower().startswith(URL_PROTOCOLS):
            return None  # [[http://…]] is no page link (the external-link pass takes it)
        raw = target
        target = decode_char_references(target).strip()
        if (target.startswith(("/", "../")) and self.title is not None
                and self.title.namespace_number in SUBPAGE_NAMESPACES):
            target, shown = subpage_link(target, self.title.full)
            if not label:
                label = shown
        leading_colon = target.startswith(":")
        fragment = ""
        if "#" in target:
            target, fragment = target.split("#", 1)
        if not target and fragment:  # [[#Section]]
            text = label if label is not None else raw
            trail, rest = _trail(rest)
            return (f'<a href="#{encode_attribute(_anchor(fragment))}">{text}{trail}</a>'
                    + rest)
        if not _TITLE_CHARS.fullmatch(target or "x"):
            return None
        prefix = target.lstrip(":").split(":", 1)[0].strip().lower()
        if ":" in target.lstrip(":") and prefix in INTERWIKI:
            page = target.lstrip(":").split(":", 1)[1]
            url = INTERWIKI[prefix].replace("$1", _url_title(page))
            text = label if label is not None else raw.lstrip(":")
            trail, rest = _trail(rest)
            return (f'<a href="{encode_attribute(url)}" class="extiw" '
                    f'title="{encode_attribute(prefix + ":" + page)}">{text}{trail}</a>{rest}')
        title = Title.parse(target)
        if title is None:
            return None
        if title.namespace == "Category" and not leading_colon:
            return _CATEGORY_MARK + rest
        if title.namespace in ("File", "Media") and not leading_colon:
            return self._file(title, label) + rest
        link_text = label if label else raw.lstrip(":") if label is None else None
        if link_text is None:
            return None
        text = link_text
        trail, rest = _trail(rest)
        text += trail
        if self.title is not None and title.full == self.title.full and not fragment:
            return f'<a class="mw-selflink selflink">{text}</a>{rest}'
        if self.link_exists is not None and not self.link_exists(title.full):
            href = (f"{self.script_path}?title={_url_title(title.full)}&action=edit"
                    "&redlink=1")
            return (f'<a href="{encode_attribute(href)}" class="new" '
                    f'title="{encode_attribute(title.full)} (page does not exist)">'
                    f"{text}</a>{rest}")
        href = self._href(title.full) + ("#" + _anchor(fragment) if fragment else "")
        css = ' class="mw-redirect"' if self.is_redirect and self.is_redirect(title.full) else ""
        return (f'<a href="{encode_attribute(href)}"{css} title="{encode_attribute(title.full)}">'
                f"{text}</a>{rest}")

    def _file(self, title: Title, options: str | None) -> str:
        """A file link. No media are stored offline (and the lab wiki, like this, has
        uploads off), so the file is shown as MediaWiki 1.39 shows a missing one: a link to
        its page, in a thumbnail frame when one is asked for, in the alignment's wrapper.
        A ``Media:`` link points at the upload form."""
        if title.namespace == "Media":
            upload = (f"{self.script_path}?title=Special:Upload&wpDestFile="
                      f"{_url_title(title.text)}")
            text = options if options else html.escape(title.full)
            return (f'<a href="{encode_attribute(upload)}" class="new" '
                    f'title="{encode_attribute(title.text)}">{text}</a>')
        parts = [p.strip() for p in options.split("|")] if options else []
        framed = any(p in ("thumb", "thumbnail", "frame", "framed") for p in parts)
        align = next((("center" if p == "centre" else p) for p in reversed(parts)
                      if p in ("left", "right", "center", "centre", "none")), "")
        caption = next((p for p in reversed(parts) if p and p not in _FILE_OPTIONS
                        and not re.fullmatch(r"\d*x?\d+\s*px|upright.*|(?:alt|link|page|"
                                             r"class|lang)=.*", p)), "")
        name = html.escape(title.full)
        link = (f'<a href="{encode_attribute(self._href(title.full))}" '
                f'title="{encode_attribute(title.full)}">')
        if not framed:
            out = f"{link}{caption or name}</a>"
            if align == "center":
                return f'<div class="center"><div class="floatnone">{out}</div></div>'
            return f'<div class="float{align}">{out}</div>' if align else out
        inner = "none" if align == "center" else align or "right"
        out = (f'<div class="thumb t{inner}"><div class="thumbinner" style="width:182px;">'
               f'{link}{name}</a>  <div class="thumbcaption">{caption}</div></div></div>')
        return f'<div class="center">{out}</div>' if align == "center" else out

    def _external_links(self, text: str) -> str:
        def link(url: str, label: str) -> str:
            if label:
                css = "external text"
            else:
                self.autonumber += 1
                label, css = f"[{self.autonumber}]", "external autonumber"
            return (f'<a rel="nofollow" class="{css}" href="{encode_attribute(_clean_url(url))}">'
                    f"{label}</a>")
        out = []
        last = position = 0
        stop = -1  # the first stop character at or after the last start's end
        while (m := _EXT_LINK_START.search(text, position)) is not None:
            if stop < m.end():
                found = _EXT_LINK_STOP.search(text, m.end())
                stop = found.start() if found else len(text)
            if stop == len(text) or text[stop] != "]":
                position = m.start() + 1
                continue
            out.append(text[last:m.start()])
            out.append(link(m.group(1), text[m.end():stop]))
            last = position = stop + 1
        out.append(text[last:])
        return "".join(out)

    def _free_urls(self, text: str) -> str:
        out = []
        last = 0
        for m in _TAG_OR_LINK.finditer(text):
            out.append(_link_free_urls(text[last:m.start()]))
            out.append(m.group(0))
            last = m.end()
        out.append(_link_free_urls(text[last:]))
        return "".join(out)


# -- helpers ------------------------------------------------------------------------------

def _escape_allow_entities(text: str) -> str:
    """``<``, ``>`` and ``"`` escaped, valid character references kept."""
    text = text.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return re.sub(r"&(?!(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);)", "&amp;", text)


def _cite_error(why: str, invalid: bool = True) -> str:
    """Cite's error message for a bad ``<ref>`` (MediaWiki 1.39, English)."""
    text = f"Invalid <code>&lt;ref&gt;</code> tag; {why}" if invalid else why
    return f'<span class="error mw-ext-cite-error" lang="en" dir="ltr">Cite error: {text}</span>'



def _ref_id(ref: _Reference, use: int) -> str:
    if ref.name:
        return f"cite_ref-{_anchor(ref.name)}_{ref.key}-{use}"
    return f"cite_ref-{ref.key}"


def _note_id(ref: _Reference) -> str:
    if ref.name:
        return f"cite_note-{_anchor(ref.name)}-{ref.key}"
    return f"cite_note-{ref.key}"


_HEADING_SLOT = "wstools-heading-anchor"
_SLOTTED = re.compile(r'<h([1-6])><span class="mw-headline" id="' + _HEADING_SLOT
                      + r'(-t)?">(.*?)</span></h\1>', re.S)
_HEADLINE = re.compile(r'<h([1-6])>(?:<span id="[^"]*"></span>)?<span class="mw-headline" '
                       r'id="([^"]*)">(.*?)</span></h\1>', re.S)
_TOC_TAGS = re.compile(r"<(?!/?(?:span|sup|sub|bdi|i|b|s|strike)(?: [^>]*)?>).*?>", re.S)
_TOC_KEEP = re.compile(r"<(/?(?:span(?: dir=\"(?:rtl|ltr)\")?|sup|sub|bdi|i|b|s|strike))"
                       r"(?: .*?)?>", re.S)
_SWITCH = {w: re.compile(rf"__{w}__", re.I) for w in ("NOTOC", "FORCETOC", "TOC")}


def insert_toc(body: str, source: str, own: list[bool] | None = None) -> str:
    """MediaWiki's table of contents, before the first heading, when the page has four or
    more (``__FORCETOC__`` or ``__TOC__``: always; ``__NOTOC__``: never). ``__TOC__``'s own
    position is not kept: the table goes before the first heading. ``own`` says which
    headings are the page's own (numbered sections); those from templates have none."""
    heads = list(_HEADLINE.finditer(body))
    if own is None or len(own) != len(heads):
        own = [True] * len(heads)
    section = 0
    if not heads or _SWITCH["NOTOC"].search(source):
        return body
    if len(heads) < 4 and not (_SWITCH["FORCETOC"].search(source)
                               or _SWITCH["TOC"].search(source)):
        return body
    toc = []
    level_count: dict[int, int] = {}
    sub_count: dict[int, int] = {}
    toclevel = prevlevel = prevtoclevel = 0
    for index, m in enumerate(heads, 1):
        level = int(m.group(1))
        if level > prevlevel:
            toclevel += 1
            sub_count[toclevel] = 0
            prevtoclevel = toclevel
            toc.append("\n<ul>\n")
        elif level < prevlevel and toclevel > 1:
            for i in range(toclevel, 0, -1):
                if level_count.get(i) == level:
                    toclevel = i
                    break
                if level_count.get(i, 0) < level:
                    toclevel = i + 1
                    break
            else:
                toclevel = 1
            toc.append("</li>\n" + "</ul>\n</li>\n" * max(0, prevtoclevel - toclevel))
            prevtoclevel = toclevel
        else:
            toc.append("</li>\n")
        level_count[toclevel] = level
        sub_count[toclevel] = sub_count.get(toclevel, 0) + 1
        number = ".".join(str(sub_count[i]) for i in range(1, toclevel + 1)
                          if sub_count.get(i))
        line = _TOC_KEEP.sub(r"<\1>", _TOC_TAGS.sub("", m.group(3))).strip()
        css = f"toclevel-{toclevel}"
        if own[index - 1]:
            section += 1
            css += f" tocsection-{section}"
        toc.append(f'<li class="{css}"><a href="#{m.group(2)}">'
                   f'<span class="tocnumber">{number}</span> <span class="toctext">{line}'
                   "</span></a>")
        prevlevel = level
    toc.append("</li>\n" + "</ul>\n</li>\n" * max(0, toclevel - 1))
    block = ('<div id="toc" class="toc" role="navigation" aria-labelledby="mw-toc-heading">'
             '<input type="checkbox" role="button" id="toctogglecheckbox" '
             'class="toctogglecheckbox" style="display:none" /><div class="toctitle" '
             'lang="en" dir="ltr"><h2 id="mw-toc-heading">Contents</h2><span '
             'class="toctogglespan"><label class="toctogglelabel" for="toctogglecheckbox">'
             "</label></span></div>" + "".join(toc) + "</ul>\n</div>\n")
    first = heads[0].start()
    return body[:first] + block + "\n" + body[first:]


def _anchor(text: str) -> str:
    return re.sub(r"[\t\n\f\r ]", "_", text)


MARKER_STRIP = re.compile(re.escape(MARKER) + r"\w+-[0-9A-F]{8}" + re.escape(MARKER_END))


def _url_title(title: str) -> str:
    return urllib.parse.quote(title.replace(" ", "_"), safe=";@$!*(),/~:")


_URL_UNSAFE = re.compile(r'[\]\[<>"\x00-\x20\x7f|]')


def _clean_url(url: str) -> str:
    """MediaWiki's ``Sanitizer::cleanUrl``: references decoded, then brackets, angle
    brackets, quotes, spaces, controls and ``|`` percent-encoded."""
    return _URL_UNSAFE.sub(lambda m: f"%{ord(m.group(0)):02X}", decode_char_references(url))


def _trail(rest: str) -> tuple[str, str]:
    m = _LINK_TRAIL.match(rest)
    if m is None:
        return "", rest
    return m.group(0), rest[m.end():]


def _link_free_urls(text: str) -> str:
    def link(m: re.Match[str]) -> str:
        url = m.group(1)
        trailing = ""
        strip = ",;.:!?" + ("" if "(" in url else ")")
        while url and url[-1] in strip:
            trailing = url[-1] + trailing
            url = url[:-1]
        if "&" in url:  # an entity such as &lt; ends the URL
            cut = re.search(r"&(?:lt|gt|quot|#60|#62);", url)
            if cut:
                trailing = url[cut.start():] + trailing
                url = url[:cut.start()]
        clean = _clean_url(url)
        return (f'<a rel="nofollow" class="external free" '
                f'href="{encode_attribute(clean)}">{html.escape(clean, quote=False)}</a>'
                f"{trailing}")
    return _FREE_URL.sub(link, text)


def armour_french_spaces(text: str) -> str:
    """A space before ``? : ; ! %`` and after ``«`` becomes a no-break space, outside tags
    (MediaWiki's ``armorFrenchSpaces``).

    >>> armour_french_spaces('Law 1 ; <span title="a :b">x ?</span>')
    'Law 1&#160;; <span title="a :b">x&#160;?</span>'
    """
    out = []
    last = 0
    for m in re.finditer(r"<[^>]*>", text):
        out.append(_french(text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_french(text[last:]))
    return "".join(out)


def _french(text: str) -> str:
    return _FRENCH.sub(lambda m: (m.group(1) + "&#160;") if m.group(1) else "&#160;", text)


def do_quotes(line: str) -> str:
    """``''italic''`` and ``'''bold'''`` on one line, MediaWiki's rules for unbalanced and
    run-together apostrophes included.

    >>> do_quotes("'''''both''' italic'' l'''amour")
    '<i><b>both</b> italic</i> l<b>amour</b>'
    >>> do_quotes("''the ''''Times'''''")
    "<i>the '<b>Times</b></i>"
    """
    arr = re.split(r"(''+)", line)
    if len(arr) == 1:
        return line
    italics = bold = 0
    for i in range(1, len(arr), 2):
        n = len(arr[i])
        if n == 4:
            arr[i - 1] += "'"
            arr[i] = "'''"
        elif n > 5:
            arr[i - 1] += "'" * (n - 5)
            arr[i] = "'''''"
        n = len(arr[i])
        if n == 2:
            italics += 1
        elif n == 3:
            bold += 1
        elif n == 5:
            italics += 1
            bold += 1
    if italics % 2 and bold % 2:
        single = multi = space = -1
        for i in range(1, len(arr), 2):
            if len(arr[i]) != 3:
                continue
            x1, x2 = arr[i - 1][-1:], arr[i - 1][-2:-1]
            if x1 == " ":
                if space == -1:
                    space = i
            elif x2 == " ":
                single = i
                break
            elif multi == -1:
                multi = i
        pick = next((k for k in (single, multi, space) if k > -1), -1)
        if pick > -1:
            arr[pick - 1] += "'"
            arr[pick] = "''"
    out: list[str] = []
    buffer = ""
    state = ""
    for i, piece in enumerate(arr):
        if i % 2 == 0:
            if state == "both":
                buffer += piece
            else:
                out.append(piece)
            continue
        n = len(piece)
        if n == 2:
            if state == "i":
                out.append("</i>")
                state = ""
            elif state == "bi":
                out.append("</i>")
                state = "b"
            elif state == "ib":
                out.append("</b></i><b>")
                state = "b"
            elif state == "both":
                out.append("<b><i>" + buffer + "</i>")
                state = "b"
            else:
                out.append("<i>")
                state += "i"
        elif n == 3:
            if state == "b":
                out.append("</b>")
                state = ""
            elif state == "bi":
                out.append("</i></b><i>")
                state = "i"
            elif state == "ib":
                out.append("</b>")
                state = "i"
            elif state == "both":
                out.append("<i><b>" + buffer + "</b>")
                state = "i"
            else:
                out.append("<b>")
                state += "b"
        elif n == 5:
            if state == "b":
                out.append("</b><i>")
                state = "i"
            elif state == "i":
                out.append("</i><b>")
                state = "b"
            elif state == "bi":
                out.append("</i></b>")
                state = ""
            elif state == "ib":
                out.append("</b></i>")
                state = ""
            elif state == "both":
                out.append("<i><b>" + buffer + "</b></i>")
                state = ""
            else:
                buffer = ""
                state = "both"
    if state in ("b", "ib"):
        out.append("</b>")
    if state in ("i", "bi", "ib"):
        out.append("</i>")
    if state == "bi":
        out.append("</b>")
    if state == "both" and buffer:
        out.append("<b><i>" + buffer + "</i></b>")
    return "".join(out)


def do_tables(text: str) -> str:
    """``{| … |}`` tables to HTML table tags (MediaWiki's ``handleTables``).

    >>> do_tables("{| class=t\\n| a || b\\n|}")
    '<table class="t">\\n<tr>\\n<td>a</td>\\n<td>b\\n</td></tr></table>'
    """
    out: list[str] = []
    td: list[bool] = []
    last_tag: list[str] = []
    tr: list[bool] = []
    tr_attrs: list[str] = []
    opened_tr: list[bool] = []
    indent: list[int] = []
    for out_line in text.split("\n"):
        line = out_line.strip()
        if not line:
            out.append(out_line)
            continue
        first, first_two = line[0], line[:2]
        m = re.match(r"^(:*)\s*\{\|(.*)$", line)
        if m:
            level = len(m.group(1))
            out_line = "<dl><dd>" * level + "<table" + fix_attributes("table", m.group(2)) + ">"
            td.append(False)
            last_tag.append("")
            tr.append(False)
            tr_attrs.append("")
            opened_tr.append(False)
            indent.append(level)
        elif not td:
            pass
        elif first_two == "|}":
            line = "</table>" + line[2:]
            tag = last_tag.pop()
            if not opened_tr.pop():
                line = "<tr><td></td></tr>" + line
            if tr.pop():
                line = "</tr>" + line
            if td.pop():
                line = f"</{tag}>" + line
            tr_attrs.pop()
            out_line = line + "</dd></dl>" * indent.pop()
        elif first_two == "|-":
            tr_attrs[-1] = fix_attributes("tr", re.sub(r"^\|-+", "", line))
            line = ""
            opened_tr[-1] = True
            if tr.pop():
                line = "</tr>"
            if td.pop():
                line = f"</{last_tag[-1]}>" + line
            last_tag.pop()
            out_line = line
            tr.append(False)
            td.append(False)
            last_tag.append("")
        elif first in "|!" or first_two == "|+":
            if first_two == "|+":
                first, line = "+", line[2:]
            else:
                line = line[1:]
            if first == "!":
                line = _replace_outside_links(line, "!!", "||")
            out_line = ""
            for cell in line.split("||"):
                previous = ""
                if first != "+":
                    if not tr[-1]:
                        previous = f"<tr{tr_attrs[-1]}>\n"
                    tr[-1] = True
                    tr_attrs[-1] = ""
                    opened_tr[-1] = True
                tag = last_tag.pop()
                if td.pop():
                    previous = f"</{tag}>\n" + previous
                tag = {"|": "td", "!": "th", "+": "caption"}.get(first, "")
                last_tag.append(tag)
                data = cell.split("|", 1)
                if "[[" in data[0] or len(data) == 1:
                    cell = f"{previous}<{tag}>{cell.strip()}"
                else:
                    cell = f"{previous}<{tag}{fix_attributes(tag, data[0])}>{data[1].strip()}"
                out_line += cell
                td.append(True)
        out.append(out_line)
    while td:
        if td.pop():
            out.append(f"</{last_tag.pop()}>")
        else:
            last_tag.pop()
        if tr.pop():
            out.append("</tr>")
        if not opened_tr.pop():
            out.append("<tr><td></td></tr>")
        out.append("</table>" + "</dd></dl>" * indent.pop())
    result = "\n".join(out)
    return "" if result == "<table>\n<tr><td></td></tr>\n</table>" else result


def _replace_outside_links(text: str, old: str, new: str) -> str:
    parts = re.split(r"(\[\[.*?\]\]|<[^>]*>)", text)
    return "".join(p if i % 2 else p.replace(old, new) for i, p in enumerate(parts))


def _find_colon(text: str) -> int:
    """Index of the first ``:`` outside tags and nested elements, or -1."""
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "<":
            end = text.find(">", i)
            if end < 0:
                return -1
            tag = text[i + 1:end]
            if tag.startswith("/"):
                depth = max(depth - 1, 0)
            elif not tag.endswith("/") and not re.match(r"(?i)(br|hr|wbr)\b", tag):
                depth += 1
            i = end + 1
            continue
        if ch == ":" and depth == 0:
            return i
        i += 1
    return -1


_BLOCK_OPEN = re.compile(r"<((table|h1|h2|h3|h4|h5|h6|pre|p|ul|ol|dl)|/(td|th)|/?(tr|caption"
                         r"|dt|dd|li))\b", re.I)
_BLOCK_CLOSE = re.compile(r"<(/(table|h1|h2|h3|h4|h5|h6|pre|p|ul|ol|dl)|(td|th)|/?(center"
                          r"|blockquote|div|hr|mw:|aside|figure))\b", re.I)


class _Blocks:
    """MediaWiki's block-level pass: paragraphs, lists, indented ``<pre>``."""

    def __init__(self) -> None:
        self.last_paragraph = ""
        self.in_pre = False
        self.dt_open = False

    def close_paragraph(self, at_end: bool = False) -> str:
        result = ""
        if self.last_paragraph:
            result = f"</{self.last_paragraph}>" + ("" if at_end else "\n")
        self.in_pre = False
        self.last_paragraph = ""
        return result

    def open_list(self, char: str) -> str:
        result = self.close_paragraph()
        if char == ";":
            self.dt_open = True
        return result + {"*": "<ul><li>", "#": "<ol><li>", ":": "<dl><dd>",
                         ";": "<dl><dt>"}[char]

    def next_item(self, char: str) -> str:
        if char in "*#":
            return "</li>\n<li>"
        close = "</dt>\n" if self.dt_open else "</dd>\n"
        self.dt_open = char == ";"
        return close + ("<dt>" if char == ";" else "<dd>")

    def close_list(self, char: str) -> str:
        if char == "*":
            return "</li></ul>"
        if char == "#":
            return "</li></ol>"
        if self.dt_open:
            self.dt_open = False
            return "</dt></dl>"
        return "</dd></dl>"

    def run(self, text: str) -> str:
        lines = text.split("\n")
        out: list[str] = []
        last_prefix = ""
        in_block = False
        pending: str | bool = False
        in_blockquote = False
        prefix_length = 0
        prefix2 = ""
        for index, line in enumerate(lines):
            not_last = index < len(lines) - 1
            last_length = len(last_prefix)
            pre_close = re.search(r"(?i)</pre", line) is not None
            pre_open = re.search(r"(?i)<pre", line) is not None
            if not self.in_pre:
                prefix_length = len(line) - len(line.lstrip("*#:;"))
                prefix = line[:prefix_length]
                prefix2 = prefix.replace(";", ":")
                t = line[prefix_length:]
                self.in_pre = pre_open
            else:
                prefix_length = 0
                prefix = prefix2 = ""
                t = line
            if prefix_length and last_prefix == prefix2:
                out.append(self.next_item(prefix[-1]))
                pending = False
                if prefix[-1] == ";":
                    colon = _find_colon(t)
                    if colon >= 0:
                        out.append(t[:colon].strip() + self.next_item(":"))
                        t = t[colon + 1:]
            elif prefix_length or last_length:
                common = 0
                while (common < min(prefix_length, last_length)
                       and prefix[common] == last_prefix[common]):
                    common += 1
                pending = False
                while common < last_length:
                    out.append(self.close_list(last_prefix[last_length - 1]))
                    last_length -= 1
                if prefix_length <= common and common > 0:
                    out.append(self.next_item(prefix[common - 1]))
                if self.dt_open and common > 0 and prefix[common - 1] == ":":
                    out.append(self.next_item(":"))
                if last_prefix and prefix_length > common:
                    out.append("\n")
                while prefix_length > common:
                    char = prefix[common]
                    out.append(self.open_list(char))
                    if char == ";":
                        colon = _find_colon(t)
                        if colon >= 0:
                            out.append(t[:colon].strip() + self.next_item(":"))
                            t = t[colon + 1:]
                    common += 1
                if not prefix_length and last_prefix:
                    out.append("\n")
                last_prefix = prefix2
            if prefix_length == 0:
                open_match = _BLOCK_OPEN.search(t) is not None
                close_match = _BLOCK_CLOSE.search(t) is not None
                if open_match or close_match:
                    pending = False
                    if not self.in_pre or pre_open:
                        out.append(self.close_paragraph())
                    if pre_open and not pre_close:
                        self.in_pre = True
                    for bq in re.finditer(r"(?i)<(/?)blockquote[\s>]", t):
                        in_blockquote = not bq.group(1)
                    in_block = not close_match
                elif not in_block and not self.in_pre:
                    if (t[:1] == " " and (self.last_paragraph == "pre" or t.strip())
                            and not in_blockquote):
                        if self.last_paragraph != "pre":
                            pending = False
                            out.append(self.close_paragraph() + "<pre>")
                            self.last_paragraph = "pre"
                        t = t[1:]
                    elif re.fullmatch(r"(?is)(?:<style\b[^>]*>.*?</style>\s*|<link\b[^>]*>\s*)+",
                                      t):
                        if pending:
                            out.append(self.close_paragraph())
                            pending = False
                    elif not t.strip(" \t\n\r\0\x0b"):
                        if pending:
                            out.append(f"{pending}<br />")
                            pending = False
                            self.last_paragraph = "p"
                        elif self.last_paragraph != "p":
                            out.append(self.close_paragraph())
                            pending = "<p>"
                        else:
                            pending = "</p><p>"
                    elif pending:
                        out.append(str(pending))
                        pending = False
                        self.last_paragraph = "p"
                    elif self.last_paragraph != "p":
                        out.append(self.close_paragraph() + "<p>")
                        self.last_paragraph = "p"
            if pre_close and self.in_pre:
                self.in_pre = False
            if pending is False:
                if prefix_length == 0:
                    out.append(t)
                    if not_last or self.last_paragraph:
                        out.append("\n")
                else:
                    out.append(t.strip(" \t\n\r\0\x0b"))
        while prefix_length:
            out.append(self.close_list(prefix2[prefix_length - 1]))
            prefix_length -= 1
            if not prefix_length and self.last_paragraph:
                out.append("\n")
        out.append(self.close_paragraph(at_end=True))
        return "".join(out)


def block_levels(text: str) -> str:
    """Paragraphs and lists for text whose inline markup is already HTML.

    >>> block_levels("a\\n\\nb\\n* x\\n** y")
    '<p>a\\n</p><p>b\\n</p>\\n<ul><li>x\\n<ul><li>y</li></ul></li></ul>'
    """
    return _Blocks().run(text)


# -- tidy and output ----------------------------------------------------------------------

_WRAP_IN_TBODY = frozenset({"tr"})
_AMPERSAND = re.compile(r"&(?:([A-Za-z][A-Za-z0-9]*)|#([0-9]+)|#[xX]([0-9A-Fa-f]+));|&")


def normalise_char_references(text: str) -> str:
    """Every ``&`` that starts no valid character reference made ``&amp;`` (MediaWiki's
    ``normalizeCharReferences``), so the parser does not read ``&notx`` as ``¬x`` nor
    ``&#0;`` as U+FFFD; a named reference becomes numeric, which any parser reads.

    >>> normalise_char_references("&lt; &notx &#0; &#x41; &hellip; &bogus; &")
    '&#60; &amp;notx &amp;#0; &#x41; &#8230; &amp;bogus; &amp;'
    """
    def one(m: re.Match[str]) -> str:
        name, dec, hexa = m.groups()
        if name is not None:
            value = html.entities.html5.get(name + ";")
            return "".join(f"&#{ord(c)};" for c in value) if value else "&amp;" + m.group(0)[1:]
        if dec is None and hexa is None:
            return "&amp;"
        digits = (dec or hexa).lstrip("0")
        code = -1 if len(digits) > 8 else int(dec) if dec is not None else int(hexa, 16)
        return m.group(0) if valid_code_point(code) else "&amp;" + m.group(0)[1:]
    return _AMPERSAND.sub(one, text)


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# libxml2 drops everything below depth 256 (2048 with huge_tree), and so would a reader
# of the output that parses it with lxml's defaults: tags nested deeper than MAX_DEPTH
# containers (a few elements each at most) are left out, their text kept, as browsers
# flatten deep trees
MAX_DEPTH = 50
_PARSER = lxml.html.HTMLParser(huge_tree=True)
_ANY_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)[^>]*>")
# elements the parser closes when a sibling opens (or void): they add no depth of their own
_SHALLOW = frozenset("p li tr td th tbody br hr wbr img meta link col area base input source "
                     "track embed param".split())
# a parsed tree deeper than this is parsed again with its deepest tags left out
_TREE_DEPTH = 200


def limit_depth(fragment: str, limit: int = MAX_DEPTH) -> str:
    """``fragment`` with the tags that would nest more than ``limit`` elements deep left
    out; every character of text is kept.

    >>> limit_depth("<b><i><s>x</s>y</i>z</b>", 2)
    '<b><i>xy</i>z</b>'
    """
    if fragment.count("<") <= limit:
        return fragment
    depth = 0
    dropped: dict[str, int] = {}

    def tag(m: re.Match[str]) -> str:
        nonlocal depth
        name = m.group(2).lower()
        if name in _SHALLOW or m.group(0).endswith("/>"):
            return m.group(0)
        if m.group(1):  # closing
            if dropped.get(name):
                dropped[name] -= 1
                return ""
            depth = max(depth - 1, 0)
            return m.group(0)
        if depth >= limit:
            dropped[name] = dropped.get(name, 0) + 1
            return ""
        depth += 1
        return m.group(0)
    return _ANY_TAG.sub(tag, fragment)


def _depth(root: etree._Element) -> int:
    depth = deepest = 0
    for event, _ in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def tidy(fragment: str) -> str:
    """Balance the fragment's tags with lxml's HTML parser, apply the output whitelist, put
    ``<tr>`` rows in ``<tbody>`` as HTML5 parsers do, and serialise as well-formed markup.

    >>> tidy("<p>a<br>b<div>c")
    '<p>a<br/>b</p><div>c</div>'
    """
    if not fragment.strip():
        return ""
    # characters XML cannot hold: a form feed is white space, any other is shown as U+FFFD
    fragment = _NOT_XML.sub(lambda m: " " if m.group(0) == "\f" else "\ufffd", fragment)
    fragment = normalise_char_references(fragment)
    container = lxml.html.fragment_fromstring(fragment, create_parent="div", parser=_PARSER)
    if _depth(container) > _TREE_DEPTH:
        container = lxml.html.fragment_fromstring(limit_depth(fragment), create_parent="div",
                                                  parser=_PARSER)
    clean_tree(container)
    for table in container.iter("table"):
        rows = [c for c in table if c.tag in _WRAP_IN_TBODY]
        if rows:
            body = etree.Element("tbody")
            rows[0].addprevious(body)
            for row in rows:
                body.append(row)
    _drop_empty_paragraphs(container)
    for element in [container, *container.iter("blockquote")]:
        _wrap_inline(element)
    return serialise_children(container)


VOID_ELEMENTS = frozenset({"br", "hr", "wbr", "img", "meta", "link", "col", "area", "base",
                           "input", "source", "track", "embed", "param"})


def serialise_children(container: etree._Element) -> str:
    """The children of ``container`` as polyglot markup: well-formed XML that HTML parsers
    read the same way (void elements self-closed, every other element closed)."""
    for element in container.iter():
        if isinstance(element.tag, str) and element.tag not in VOID_ELEMENTS \
                and len(element) == 0 and element.text is None:
            element.text = ""
    out = [html.escape(container.text or "", quote=False)]
    out += [etree.tostring(child, method="xml", encoding="unicode") for child in container]
    return "".join(out)


BLOCK_ELEMENTS = frozenset("""
address article aside blockquote center details dialog dir div dl dd dt fieldset figcaption
figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li listing main menu nav ol p pre
section summary table caption tbody thead tfoot tr td th ul style script link meta
""".split())


def _wrap_inline(parent: etree._Element) -> None:
    """Runs of text and inline elements directly in ``parent`` go into a ``<p>``, as
    MediaWiki's tidy (Remex, ``pwrap``) does for the body and ``<blockquote>``;
    whitespace alone is not wrapped."""
    items: list = []
    if parent.text:
        items.append(parent.text)
    for child in parent:
        items.append(child)
        if child.tail:
            items.append(child.tail)
            child.tail = None
    if not any(isinstance(i, str) and i.strip() or not isinstance(i, str)
               and isinstance(i.tag, str) and i.tag not in BLOCK_ELEMENTS for i in items):
        _restore(parent, items)
        return
    parent.text = None
    for child in list(parent):
        parent.remove(child)
    group: list = []

    def flush() -> None:
        if not group:
            return
        if any(not isinstance(i, str) or i.strip() for i in group):
            p = etree.SubElement(parent, "p")
            _fill(p, group)
        else:
            _append_text(parent, "".join(group))
        group.clear()

    for item in items:
        if not isinstance(item, str) and isinstance(item.tag, str) \
                and item.tag in BLOCK_ELEMENTS:
            flush()
            parent.append(item)
        else:
            group.append(item)
    flush()


def _restore(parent: etree._Element, items: list) -> None:
    parent.text = None
    for child in list(parent):
        parent.remove(child)
    _fill(parent, items)


def _fill(element: etree._Element, items: list) -> None:
    for item in items:
        if isinstance(item, str):
            _append_text(element, item)
        else:
            element.append(item)


def _append_text(element: etree._Element, text: str) -> None:
    # the last child by index -1 (found from the end), never len(): lxml counts the children,
    # which made a page of many blocks quadratic (256 KB of headings: 28 s)
    try:
        last = element[-1]
    except IndexError:
        element.text = (element.text or "") + text
    else:
        last.tail = (last.tail or "") + text


def _drop_empty_paragraphs(root: etree._Element) -> None:
    """Remove ``<p></p>`` left where a block element closed a paragraph (as MediaWiki's
    tidy does)."""
    for p in list(root.iter("p")):
        if len(p) == 0 and not (p.text or "").strip() and p.getparent() is not None:
            parent = p.getparent()
            if p.tail:
                previous = p.getprevious()
                if previous is not None:
                    previous.tail = (previous.tail or "") + p.tail
                else:
                    parent.text = (parent.text or "") + p.tail
            parent.remove(p)


def standalone_page(fragment: str, title: str = "", stylesheet: str | None = None,
                    css: str | None = None) -> str:
    r"""A complete HTML5 page around ``fragment``: with ``css`` (default: the templates'
    ``wstools.css``, :func:`page_css`) in a ``<style>`` of its own, so that it keeps its
    styles wherever it is copied; or linking ``stylesheet`` (an address) when one is given.
    The page sets no Content-Security-Policy, so its inline ``<style>`` applies.

    >>> page = standalone_page("<p>x</p>", "T", css="p { margin: 0; }")
    >>> "<style>\np { margin: 0; }\n</style>" in page and "<link" not in page
    True
    >>> '<link rel="stylesheet" href="site.css"/>' in standalone_page("", stylesheet="site.css")
    True
    """
    heading = html.escape(title or "wstools")
    if stylesheet is not None:
        style = f"<link rel=\"stylesheet\" href=\"{html.escape(stylesheet, quote=True)}\"/>"
    else:
        rules = page_css() if css is None else css
        style = f"<style>\n{_in_style(rules)}\n</style>"
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
            f"<title>{heading}</title>\n{style}\n</head>\n<body>\n"
            f"<div class=\"mw-parser-output\">\n{fragment}\n</div>\n</body>\n</html>\n")


def page_css(registry: Registry | None = None) -> str:
    """The stylesheet a standalone page embeds: the ``wstools.css`` beside ``registry``'s
    templates (``--templates DIR``) where there is one, else the package's (or
    ``$WSTOOLS_TEMPLATES``'s); empty when none can be read."""
    from .registry import default_template_dir
    folder = next((page.path.parent for page in (registry.pages.values() if registry else ())
                   if page.path), None)
    for css in ([folder / "wstools.css"] if folder else []) + [
            default_template_dir() / "wstools.css"]:
        try:
            return css.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
    return ""


def _in_style(css: str) -> str:
    r"""``css`` as the text of a ``<style>``: ``</`` written ``<\/`` (the same in CSS, where
    ``\/`` is ``/``), so that nothing in it closes the element.

    >>> print(_in_style('a::after { content: "</style>" }'))
    a::after { content: "<\/style>" }
    """
    return css.replace("</", "<\\/")


def to_html(text: str, registry: Registry | None = None, title: str = "", *,
            standalone: bool = False, stylesheet: str | None = None,
            article_path: str = "/wiki/$1") -> str:
    """Render ``text`` (templates of ``registry``, default ``wstools/data/templates/``) to
    HTML; with ``standalone``, a whole page embedding the templates' stylesheet (or linking
    ``stylesheet``, an address)."""
    registry = registry or Registry.from_directory()
    renderer = HtmlRenderer(registry, title, article_path=article_path)
    fragment = renderer.render(text).html
    if not standalone:
        return fragment
    return standalone_page(fragment, title, stylesheet,
                           None if stylesheet is not None else page_css(registry))
