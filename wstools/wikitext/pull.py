"""``wstools templates pull``: template pages from a wiki, through pywikibot, into a folder
that ``lint`` and ``expand`` read with ``--templates DIR``.

Each ``Template:NAME`` is written as the page's source to ``DIR/NAME.wiki`` (the registry's
file naming), redirects as they are (their targets are pulled too), and the templates a
pulled definition calls are pulled in turn (``--no-deps`` stops that). A template without
``<templatedata>`` of its own gets the TemplateData the wiki has for it (the TemplateData
extension's API, else the ``/doc`` subpage's block), appended in a ``<noinclude>``, so lint
knows its parameters. A template whose definition calls ``#invoke`` needs a Lua module that
wstools does not run: that is said once per template. ``DIR/pulled-templates.json`` records
each page's revision.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .preprocess import Argument, ExtensionTag, Heading, Template, parse
from .registry import EXTENSION, Registry, WikiPage, file_name
from .title import Title

MANIFEST = "pulled-templates.json"
_WIKITEXT_TAGS = frozenset({"ref", "poem", "references", "gallery"})
_INVOKE = re.compile(r"\{\{\s*#invoke\s*:\s*([^|}]+)", re.I)
_TEMPLATEDATA = re.compile(r"<templatedata>.*?</templatedata>", re.S | re.I)


@dataclass
class PullResult:
    """What a pull did: pages written (title → revision), missing titles, Lua needs."""

    written: dict[str, int | None] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    lua: dict[str, list[str]] = field(default_factory=dict)
    templatedata_added: list[str] = field(default_factory=list)


def used_templates(text: str) -> list[str]:
    """The templates a wikitext calls (``Template:`` titles, in order of first use), in
    ``<ref>``, ``<poem>`` and ``<references>`` too; parser functions, variables, ``subst:``
    and computed names are left out."""
    from .validate import Linter

    linter = Linter(Registry())
    seen: dict[str, None] = {}

    def walk(nodes: list) -> None:
        for node in nodes:
            if isinstance(node, ExtensionTag):
                if node.inner and node.name.lower() in _WIKITEXT_TAGS:
                    walk(parse(node.inner, False))
                continue
            if not isinstance(node, Template | Argument | Heading):
                continue
            if isinstance(node, Heading):
                walk(node.nodes)
                continue
            if isinstance(node, Template):
                call = linter._call(node, None)
                if call.title and call.title.startswith("Template:"):
                    seen.setdefault(call.title, None)
            walk(node.title)
            for part in node.parts:
                if part.name:
                    walk(part.name)
                walk(part.value)

    walk(parse(text, False))
    return list(seen)


def template_title(name: str) -> str | None:
    """``Template:Name`` for a name as written in a call or on the command line."""
    t = Title.parse(name.strip(), "Template")
    return t.full if t is not None and t.full.startswith("Template:") else None


def lua_modules(source: str) -> list[str]:
    """The modules a template's definition invokes."""
    page = WikiPage("Template:X", source)
    return sorted({"Module:" + m.strip() for m in _INVOKE.findall(page.definition)})


def site_for(name: str):  # noqa: ANN201 - pywikibot.BaseSite
    """The pywikibot site for ``--wiki``: ``en.wikisource`` (code.family), ``wikisource:en``
    (family:code), or a family whose only code is its name (an AutoFamily of
    ``user-config.py``, such as ``labwiki``)."""
    from ..wiki import WikiError, _pywikibot, unreachable

    pywikibot = _pywikibot()
    from pywikibot import exceptions as exc

    if ":" in name:
        family, code = name.split(":", 1)
    elif "." in name:
        code, family = name.split(".", 1)
    else:
        family = code = name
    try:
        return pywikibot.Site(code, family)
    except (exc.Error, OSError) as e:
        raise unreachable(e) or WikiError(f"no wiki {name!r} for pywikibot: "
                                          f"{str(e).splitlines()[0]}") from None


def _api_templatedata(site, title: str) -> dict | None:  # noqa: ANN001
    """TemplateData from the TemplateData extension's API, or None (no extension, none)."""
    from pywikibot import exceptions as exc

    try:
        answer = site.simple_request(action="templatedata", titles=title, redirects=1,
                                     includeMissingTitles=1).submit()
    except exc.Error:
        return None
    for page in (answer.get("pages") or {}).values():
        if page.get("params") is not None and not page.get("missing"):
            data = {k: page[k] for k in ("description", "params", "paramOrder", "format",
                                         "sets", "maps") if page.get(k) not in (None, [], {})}
            if isinstance(data.get("description"), dict):  # per language
                data["description"] = data["description"].get("en") or next(
                    iter(data["description"].values()), "")
            for spec in (data.get("params") or {}).values():
                for key in ("label", "description"):
                    if isinstance(spec.get(key), dict):
                        spec[key] = spec[key].get("en") or next(iter(spec[key].values()), "")
            return data
    return None


def pull(site, names: Iterable[str], folder: Path, deps: bool = True,  # noqa: ANN001
         log: Callable[[str], None] = print) -> PullResult:
    """Pull the templates ``names`` (``Template:`` titles or bare names) from ``site``."""
    import pywikibot
    from pywikibot import exceptions as exc

    folder.mkdir(parents=True, exist_ok=True)
    result = PullResult()
    queue = [t for t in (template_title(n) for n in names) if t]
    done: set[str] = set()
    while queue:
        title = queue.pop(0)
        if title in done:
            continue
        done.add(title)
        page = pywikibot.Page(site, title)
        try:
            if not page.exists():
                result.missing.append(title)
                log(f"{title}: does not exist on {site}")
                continue
            source = page.text
            revision = page.latest_revision_id
        except exc.Error as e:
            from ..wiki import unreachable
            err = unreachable(e)
            if err is not None:  # the wiki, not this template: stop
                raise err from None
            result.missing.append(title)
            log(f"{title}: {str(e).splitlines()[0]}")
            continue
        wiki_page = WikiPage(title, source)
        if wiki_page.redirect:
            result.redirects[title] = wiki_page.redirect
            if wiki_page.redirect.startswith("Template:"):
                queue.append(wiki_page.redirect)
        else:
            if not _has_valid_data(wiki_page):
                log(f"{title}: its <templatedata> is not valid JSON (kept as it is)")
            elif wiki_page.templatedata is None:
                data = _api_templatedata(site, title)
                if data is None:
                    data = _doc_templatedata(site, title)
                if data is not None:
                    source = (source.rstrip() + "<noinclude><templatedata>\n"
                              + json.dumps(data, ensure_ascii=False, indent=1)
                              + "\n</templatedata></noinclude>\n")
                    result.templatedata_added.append(title)
            modules = lua_modules(source)
            if modules:
                result.lua[title] = modules
                log(f"{title}: calls #invoke ({', '.join(modules)}): a Lua module is "
                    "needed, which wstools does not run (the call is left unevaluated)")
            if deps:
                queue.extend(t for t in used_templates(wiki_page.definition) if t not in done)
        name = title.removeprefix("Template:")
        (folder / file_name(name)).write_text(source if source.endswith("\n")
                                              else source + "\n", encoding="utf-8")
        result.written[title] = revision
    manifest = folder / MANIFEST
    old = json.loads(manifest.read_text("utf-8")) if manifest.is_file() else {}
    old.update({t: {"revision": r, "wiki": str(site)} for t, r in result.written.items()})
    manifest.write_text(json.dumps(old, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")
    return result


def _has_valid_data(page: WikiPage) -> bool:
    try:
        page.templatedata  # noqa: B018
    except ValueError:
        return False
    return True


def _doc_templatedata(site, title: str) -> dict | None:  # noqa: ANN001
    import pywikibot
    from pywikibot import exceptions as exc

    try:
        doc = pywikibot.Page(site, title + "/doc")
        if not doc.exists():
            return None
        m = _TEMPLATEDATA.search(doc.text)
    except exc.Error:
        return None
    if not m:
        return None
    try:
        data = json.loads(m.group(0)[len("<templatedata>"):-len("</templatedata>")])
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


__all__ = ["EXTENSION", "PullResult", "lua_modules", "pull", "site_for",
           "template_title", "used_templates"]
