"""Parser functions and magic words, as MediaWiki core and ParserFunctions define them.

Each function receives the expander, the frame, the text after the colon (trimmed) and
the remaining parts *unexpanded*, so that ``#if`` and ``#switch`` expand only the branch
they choose (MediaWiki's ``SFH_OBJECT_ARGS``). A function returns ``None`` when it
cannot evaluate the call; the caller then leaves it visibly in place.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING

from .expr import ExprError, evaluate
from .title import NAMESPACES, Title, escape_wikitext, ucfirst

if TYPE_CHECKING:  # pragma: no cover
    from .expand import Expander, Frame
    from .preprocess import Part

Function = Callable[["Expander", "Frame", str, list, int], "str | None"]

PHP_WHITESPACE = " \t\n\r\0\x0b"
_ERROR_RE = re.compile(r'<(?:strong|span|p|div)\s(?:[^\s>]*\s+)*?class="(?:[^"\s>]*\s+)*?error'
                       r'(?:\s[^">]*)?"')
_NUMERIC = re.compile(r"^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
                      r"[ \t\n\r\v\f]*$")
_LEADING_INT = re.compile(r"^[ \t\n\r\v\f]*[+-]?\d+")


def is_numeric(s: str) -> bool:
    """PHP 8's ``is_numeric`` for strings.

    >>> is_numeric("01"), is_numeric(" 1e3 "), is_numeric("1x"), is_numeric("")
    (True, True, False, False)
    """
    return bool(_NUMERIC.match(s))


def loose_equal(a: str, b: str) -> bool:
    """PHP 8's ``==`` between two strings: numeric when both are numeric.

    >>> loose_equal("01", "1"), loose_equal("1e3", "1000"), loose_equal("a", "A")
    (True, True, False)
    """
    if a == b:
        return True
    if is_numeric(a) and is_numeric(b):
        return float(a) == float(b)
    return False


def php_int(s: str) -> int:
    """PHP's ``(int)"12abc"`` is 12, ``(int)"abc"`` is 0."""
    m = _LEADING_INT.match(s)
    return int(m.group(0)) if m else 0


def decode(s: str) -> str:
    """Decode character references, as ``#ifeq`` and ``#switch`` do before comparing."""
    return html.unescape(s) if "&" in s else s


def _arg(ex: Expander, frame: Frame, parts: list[Part], i: int) -> str:
    return ex.expand_part(parts[i], frame).strip(PHP_WHITESPACE) if i < len(parts) else ""


# -- ParserFunctions ------------------------------------------------------------------------

def fn_if(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    return _arg(ex, frame, parts, 0 if first else 1)


def fn_ifeq(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    left = decode(first)
    right = decode(_arg(ex, frame, parts, 0))
    return _arg(ex, frame, parts, 1 if loose_equal(left, right) else 2)


def fn_iferror(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    if _ERROR_RE.search(first):
        return _arg(ex, frame, parts, 0)
    if len(parts) < 2:
        return first
    return _arg(ex, frame, parts, 1)


def _expr_error(e: ExprError) -> str:
    return '<strong class="error">' + html.escape(str(e), quote=True) + "</strong>"


def fn_expr(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    try:
        return evaluate(first)
    except ExprError as e:
        ex.report("expr-error", f"#expr: {e}", frame, site, "warning")
        return _expr_error(e)


def fn_ifexpr(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    try:
        value = evaluate(first)
    except ExprError as e:
        ex.report("expr-error", f"#ifexpr: {e}", frame, site, "warning")
        return _expr_error(e)
    truth = bool(float(value)) if is_numeric(value) else bool(value)
    return _arg(ex, frame, parts, 0 if truth else 1)


def fn_switch(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    primary = decode(first)
    found = default_found = False
    default = None
    last_no_equals = False
    last_item = ""
    for part in parts:
        if part.name is not None:
            last_no_equals = False
            if found:
                return ex.trimmed(part.value, frame)
            test = decode(ex.trimmed(part.name, frame))
            if loose_equal(test, primary):
                return ex.trimmed(part.value, frame)
            if default_found or test.lower() == "#default":
                default = part.value
                default_found = False
        else:
            last_no_equals = True
            last_item = ex.trimmed(part.value, frame)
            test = decode(last_item)
            if loose_equal(test, primary):
                found = True
            elif test.lower() == "#default":
                default_found = True
    if last_no_equals:
        return last_item
    if default is not None:
        return ex.trimmed(default, frame)
    return ""


def fn_tag(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    name = first.lower()
    if not name:
        return ""
    inner = ex.expand_part(parts[0], frame) if parts else None
    attrs = []
    for p in parts[1:]:
        if p.name is None:
            continue
        key = ex.trimmed(p.name, frame)
        value = ex.trimmed(p.value, frame)
        m = re.match(r"""^(?:["'](.+)["']|""|'')$""", value, re.S)
        if m:
            value = m.group(1) or ""
        attrs.append(f' {html.escape(key)}="{html.escape(value)}"')
    attr_text = "".join(attrs)
    if inner is None:
        return f"<{name}{attr_text}/>"
    return f"<{name}{attr_text}>{inner}</{name}>"


def fn_invoke(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> None:
    ex.report("unevaluated", f"cannot evaluate {{{{#invoke:{first}}}}}: Lua modules are not "
              "run offline (left in place)", frame, site, "warning")
    return None


# -- core string functions (arguments expanded and trimmed) ---------------------------------

def _plain(fn: Callable[..., str]) -> Function:
    def call(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
        args = [first] + [ex.expand_part(p, frame).strip(PHP_WHITESPACE) for p in parts]
        return fn(*args)
    call.__doc__ = fn.__doc__
    return call


def _lc(s: str, *_: str) -> str:
    return s.lower()


def _uc(s: str, *_: str) -> str:
    return s.upper()


def _lcfirst(s: str, *_: str) -> str:
    return s[:1].lower() + s[1:]


def _ucfirst(s: str, *_: str) -> str:
    return ucfirst(s)


def _pad(s: str, length: str = "0", padding: str = "0", *_: str, left: bool) -> str:
    if not padding:
        return s
    remaining = min(php_int(length), 500) - len(s)
    if remaining <= 0:
        return s
    fill = ""
    while remaining > 0:
        fill += padding[:remaining]
        remaining -= len(padding)
    return fill + s if left else s + fill


def _padleft(s: str, length: str = "0", padding: str = "0", *_: str) -> str:
    return _pad(s, length, padding, left=True)


def _padright(s: str, length: str = "0", padding: str = "0", *_: str) -> str:
    return _pad(s, length, padding, left=False)


def _urlencode(s: str, kind: str = "", *_: str) -> str:
    kind = kind.upper()
    if kind == "PATH":
        return urllib.parse.quote(s, safe="")
    if kind == "WIKI":
        return urllib.parse.quote(s.replace(" ", "_"), safe=";@$!*(),/~:")
    return urllib.parse.quote_plus(s, safe="")


def _ns(s: str, *_: str) -> str:
    if s.lstrip("-").isdigit():
        number = int(s)
        for name, num in NAMESPACES.items():
            if num == number:
                return name
        return ""
    t = Title.parse(s.replace("_", " ") + ":X")
    return t.namespace if t and t.namespace else ""


# -- page-name magic words --------------------------------------------------------------

def _pagename_value(kind: str, title: Title, encoded: bool) -> str:
    if kind == "PAGENAME":
        v = title.text
    elif kind == "FULLPAGENAME":
        v = title.full
    elif kind == "NAMESPACE":
        v = title.namespace
    elif kind == "NAMESPACENUMBER":
        return str(title.namespace_number)
    elif kind == "BASEPAGENAME":
        v = title.base
    elif kind == "ROOTPAGENAME":
        v = title.root
    elif kind == "SUBPAGENAME":
        v = title.subpage
    else:  # pragma: no cover
        return ""
    if encoded:
        return urllib.parse.quote(v.replace(" ", "_"), safe=";@$!*(),/~:")
    return escape_wikitext(v)


_PAGE_WORDS = ("PAGENAME", "FULLPAGENAME", "NAMESPACE", "NAMESPACENUMBER", "BASEPAGENAME",
               "ROOTPAGENAME", "SUBPAGENAME")


def _page_variable(name: str) -> tuple[str, bool] | None:
    if name in _PAGE_WORDS:
        return name, False
    if name.endswith("E") and name[:-1] in _PAGE_WORDS:
        return name[:-1], True
    return None


def variable(name: str, ex: Expander) -> str | None:
    """The value of magic word ``{{name}}`` without arguments, or None if it is not one."""
    if name == "!":
        return "|"
    if name == "=":
        return "="
    page = _page_variable(name)
    if page is not None:
        return _pagename_value(page[0], ex.title, page[1])
    return None


def _page_function(kind: str, encoded: bool) -> Function:
    def call(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
        title = Title.parse(first) if first else ex.title
        if title is None:
            return ""
        return _pagename_value(kind, title, encoded)
    return call


# case-insensitive function names (ParserFunctions and core string functions)
_FUNCTIONS: dict[str, Function] = {
    "#if": fn_if, "#ifeq": fn_ifeq, "#iferror": fn_iferror, "#expr": fn_expr,
    "#ifexpr": fn_ifexpr, "#switch": fn_switch, "#tag": fn_tag, "#invoke": fn_invoke,
    "lc": _plain(_lc), "uc": _plain(_uc), "lcfirst": _plain(_lcfirst),
    "ucfirst": _plain(_ucfirst), "padleft": _plain(_padleft), "padright": _plain(_padright),
    "urlencode": _plain(_urlencode), "ns": _plain(_ns),
}
# case-sensitive ones (page-name words)
_CASED: dict[str, Function] = {}
for _w in _PAGE_WORDS:
    _CASED[_w] = _page_function(_w, False)
    _CASED[_w + "E"] = _page_function(_w, True)


def lookup(name: str) -> Function | None:
    """The parser function called as ``{{name:…}}``, or None."""
    fn = _CASED.get(name)
    if fn is not None:
        return fn
    return _FUNCTIONS.get(name.lower())


def names() -> list[str]:
    """Every parser function and magic word this expander knows."""
    return sorted(set(_FUNCTIONS) | set(_CASED) | {"!", "="})
