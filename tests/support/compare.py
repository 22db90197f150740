"""Comparing two renderings of a page by their structure, through lxml.

Two HTML fragments agree when they have the same elements (tag names), nested the same
way, with the same classes, and the same text. The normalisation, and nothing more:

- text: whitespace runs become one space; whitespace-only text between elements is
  ignored; character references are decoded (``&#160;`` is U+00A0 in both);
- attributes other than ``class`` are not compared (``href``, ``id``, ``title``, ``style``
  depend on the wiki's URL layout and on escaping choices); class order is ignored;
- a wrapping ``<div class="mw-parser-output">`` is ignored.

>>> same_structure("<p>a <b>b</b></p>", "<p>a  <b>b</b>\\n</p>")
True
>>> print(difference("<p class='x'>a</p>", "<p>a</p>"))
-p.x
+p
   "a"
"""

from __future__ import annotations

import difflib
import re

import lxml.html
from lxml import etree

_SPACE = re.compile(r"\s+")


def outline(fragment: str) -> list[str]:
    """The page as lines: ``tag.class1.class2`` at its depth, and ``"text"`` lines."""
    if not fragment.strip():
        return []
    root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    if len(root) == 1 and "mw-parser-output" in (root[0].get("class") or "").split() \
            and not (root.text or "").strip():
        root = root[0]
    lines: list[str] = []
    _walk(root, 0, lines)
    return lines


def _text(lines: list[str], depth: int, text: str | None) -> None:
    if text is None:
        return
    text = _SPACE.sub(" ", text)
    if text.strip():
        if lines and lines[-1].startswith("  " * depth + '"'):
            lines[-1] = lines[-1][:-1] + text + '"'  # adjacent texts merge
        else:
            lines.append("  " * depth + '"' + text + '"')


def _walk(element: etree._Element, depth: int, lines: list[str]) -> None:
    _text(lines, depth, element.text)
    for child in element:
        if isinstance(child.tag, str):
            classes = sorted((child.get("class") or "").split())
            lines.append("  " * depth + ".".join([child.tag, *classes]))
            _walk(child, depth + 1, lines)
        _text(lines, depth, child.tail)


def _squeeze(lines: list[str]) -> list[str]:
    """Leading/trailing spaces inside a text line do not count."""
    out = []
    for line in lines:
        stripped = line.lstrip(" ")
        if stripped.startswith('"'):
            indent = line[:len(line) - len(stripped)]
            out.append(indent + '"' + stripped[1:-1].strip() + '"')
        else:
            out.append(line)
    return out


def same_structure(a: str, b: str) -> bool:
    return _squeeze(outline(a)) == _squeeze(outline(b))


def difference(a: str, b: str) -> str:
    """A unified diff of the outlines (empty when they agree)."""
    diff = difflib.unified_diff(_squeeze(outline(a)), _squeeze(outline(b)), lineterm="", n=2)
    return "\n".join(line for line in diff
                     if not line.startswith(("---", "+++", "@@")))
