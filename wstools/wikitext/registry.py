"""The template registry: ``wstools/data/templates/`` as wiki pages, with their TemplateData.

Each ``NAME.wiki`` there holds what ``Template:NAME`` holds on the wiki: the
definition, then ``<noinclude>`` documentation with a ``<templatedata>`` JSON block.
Shortcuts are redirect pages (``Rh.wiki`` = ``#REDIRECT [[Template:Running header]]``).
A ``/`` in a page name is written ``%2F`` in the file name, a ``.`` at its start ``%2E``
(``Template:...`` is ``%2E%2E%2E.wiki``).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path

from ..errors import WstoolsError
from .preprocess import Argument, Ignored, Template, parse, to_source
from .title import Title

_REDIRECT = re.compile(r"^\s*#REDIRECT\s*:?\s*\[\[([^\]|]+)(?:\|[^\]]*)?\]\]", re.IGNORECASE)
_TEMPLATEDATA = re.compile(r"<templatedata>(.*?)</templatedata>", re.S | re.I)
_BLOCK_MARKUP = re.compile(
    r"<(?:div|p|table|ol|ul|dl|hr|blockquote|h[1-6]|center|poem|pre)\b|^\s*\{\||^[*#:;]",
    re.I | re.M,
)
_TABLE_OPEN = re.compile(r"^[ \t]*(?::*)\{\|", re.M)
_TABLE_CLOSE = re.compile(r"^[ \t]*\|\}", re.M)

EXTENSION = ".wiki"


def default_template_dir() -> Path:
    """``$WSTOOLS_TEMPLATES``, else the package's own (``wstools/data/templates``)."""
    env = os.environ.get("WSTOOLS_TEMPLATES")
    if env:
        return Path(env)
    return Path(str(resources.files("wstools") / "data" / "templates"))


def file_name(title: str) -> str:
    """File name for a template page name.

    >>> file_name("Block center/s"), file_name("...")
    ('Block center%2Fs.wiki', '%2E%2E%2E.wiki')
    """
    name = title.replace("%", "%25").replace("/", "%2F")
    stripped = name.lstrip(".")
    return "%2E" * (len(name) - len(stripped)) + stripped + EXTENSION


def page_name(path: Path) -> str:
    return (path.name[: -len(EXTENSION)].replace("%2F", "/").replace("%2E", ".")
            .replace("%25", "%"))


class TemplateDataError(WstoolsError, ValueError):
    """A ``<templatedata>`` block that is not valid JSON (the message names the page)."""

    def __init__(self, message: str) -> None:
        super().__init__("", message)


class TemplateFileError(TemplateDataError):
    """A template file that cannot be read (not UTF-8, binary, unreadable)."""


@dataclass
class WikiPage:
    """One page: its title (``Template:Running header``) and source text."""

    title: str
    source: str
    path: Path | None = None
    _trees: dict = field(default_factory=dict, repr=False)

    @cached_property
    def redirect(self) -> str | None:
        """The target of a ``#REDIRECT``, normalised, or ``None``."""
        m = _REDIRECT.match(self.source)
        if not m:
            return None
        t = Title.parse(m.group(1))
        return t.full if t else None

    def tree(self, for_inclusion: bool = True) -> list:
        """The preprocessed source (cached): transclusion view by default."""
        tree = self._trees.get(for_inclusion)
        if tree is None:
            tree = self._trees[for_inclusion] = parse(self.source, for_inclusion)
        return tree

    @cached_property
    def templatedata(self) -> dict | None:
        m = _TEMPLATEDATA.search(self.source)
        if not m:
            return None
        try:
            data = json.loads(m.group(1))
        except json.JSONDecodeError as exc:
            raise TemplateDataError(f"{self.title}: invalid TemplateData JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise TemplateDataError(f"{self.title}: TemplateData must be a JSON object")
        return data

    @cached_property
    def definition(self) -> str:
        """The text that is transcluded (without ``<noinclude>`` parts)."""
        return "".join(to_source([n]) for n in self.tree() if not isinstance(n, Ignored))

    @cached_property
    def params(self) -> dict[str, dict]:
        """TemplateData parameters by name."""
        data = self.templatedata or {}
        params = data.get("params") or {}
        return params if isinstance(params, dict) else {}

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Alias name → canonical parameter name."""
        out = {}
        for name, spec in self.params.items():
            for alias in (spec or {}).get("aliases", []) or []:
                out[str(alias)] = name
        return out

    @cached_property
    def referenced_params(self) -> frozenset[str]:
        """Parameter names the definition reads with ``{{{name}}}`` (literal names only)."""
        return frozenset("".join(n.title).strip() for n in _calls(self.tree())
                         if isinstance(n, Argument) and _literal(n.title))

    @cached_property
    def known_params(self) -> frozenset[str]:
        """Every name the template accepts: TemplateData params, their aliases, and the
        names its definition reads."""
        return frozenset(self.params) | frozenset(self.aliases) | self.referenced_params

    @cached_property
    def table_delta(self) -> int:
        """Tables this template opens (+) or closes (-) when transcluded."""
        d = self.definition
        return len(_TABLE_OPEN.findall(d)) - len(_TABLE_CLOSE.findall(d))

    def called_templates(self) -> list[str]:
        """Literal names of templates called by the definition."""
        return ["".join(n.title).strip() for n in _calls(self.tree())
                if isinstance(n, Template) and _literal(n.title)]


def _literal(nodes: list) -> bool:
    return all(isinstance(x, str) for x in nodes)


def _calls(nodes: list):  # type: ignore[no-untyped-def]
    """Every template and argument node in ``nodes``, nested ones included."""
    for n in nodes:
        if isinstance(n, (Template, Argument)):
            yield n
            yield from _calls(n.title)
            for p in n.parts:
                if p.name:
                    yield from _calls(p.name)
                yield from _calls(p.value)


class Registry:
    """Pages by normalised title; templates are looked up in the Template namespace."""

    def __init__(self, pages: dict[str, WikiPage] | None = None) -> None:
        self.pages: dict[str, WikiPage] = dict(pages or {})
        self._block: dict[str, bool] = {}

    @classmethod
    def from_directory(cls, path: Path | str | None = None) -> Registry:
        """Load every ``*.wiki`` file of ``path`` (default: :func:`default_template_dir`)."""
        folder = Path(path) if path is not None else default_template_dir()
        if not folder.is_dir():
            raise FileNotFoundError(f"template folder not found: {folder}")
        reg = cls()
        for f in sorted(folder.glob("*" + EXTENSION)):
            if not f.is_file():
                continue  # a subfolder (or a FIFO) named like a template is not one
            try:
                data = f.read_bytes()
                if b"\0" in data:
                    raise TemplateFileError(f"{f}: binary data (NUL byte): not a template")
                reg.add("Template:" + page_name(f), data.decode("utf-8"), f)
            except UnicodeDecodeError as exc:
                raise TemplateFileError(f"{f}: not UTF-8 (byte 0x{exc.object[exc.start]:02x} "
                                        f"at offset {exc.start})") from None
            except OSError as exc:
                raise TemplateFileError(f"{f}: cannot read: {exc.strerror or exc}") from None
            except TemplateDataError:
                raise
            except ValueError as exc:  # a file name that is no page title
                raise TemplateFileError(f"{f}: {exc}") from None
        return reg

    def add(self, title: str, source: str, path: Path | None = None) -> WikiPage:
        t = Title.parse(title)
        if t is None:
            raise ValueError(f"invalid page title: {title!r}")
        # MediaWiki strips trailing whitespace and normalises to NFC when a page is saved
        source = source.rstrip()
        if not unicodedata.is_normalized("NFC", source):
            source = unicodedata.normalize("NFC", source)
        page = WikiPage(t.full, source, path)
        self.pages[t.full] = page
        self._block.clear()
        return page

    def get(self, title: str) -> WikiPage | None:
        return self.pages.get(title)

    def resolve(self, title: str, hops: int = 2) -> tuple[WikiPage | None, str]:
        """Follow up to ``hops`` redirects from the page ``title`` (already normalised).
        Returns the final page (``None`` if missing) and its title."""
        page = self.pages.get(title)
        for _ in range(hops):
            if page is None or page.redirect is None:
                break
            title = page.redirect
            page = self.pages.get(title)
        return page, title

    def template(self, name: str) -> WikiPage | None:
        """The template that ``{{name}}`` transcludes, redirects followed."""
        t = Title.parse(name, "Template")
        if t is None:
            return None
        page, _ = self.resolve(t.full)
        return page

    def templates(self) -> list[WikiPage]:
        """Template pages that are not redirects, by name."""
        return [p for k, p in sorted(self.pages.items())
                if k.startswith("Template:") and p.redirect is None]

    def redirects_to(self, title: str) -> list[str]:
        return sorted(k for k, p in self.pages.items() if p.redirect == title)

    def is_block(self, name: str) -> bool:
        """Whether ``{{name}}`` produces block-level output (a ``div``, list, table…),
        derived from its definition and the templates it calls."""
        page = self.template(name)
        if page is None:
            return False
        if page.title in self._block:
            return self._block[page.title]
        self._block[page.title] = False  # cycle guard
        result = bool(_BLOCK_MARKUP.search(page.definition)) or any(
            self.is_block(n) for n in page.called_templates() if not n.startswith("#"))
        self._block[page.title] = result
        return result
