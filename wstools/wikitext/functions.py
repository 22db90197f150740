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
from .timefmt import format_time, invalid_date
from .title import NAMESPACES, Title, escape_wikitext, ucfirst

if TYPE_CHECKING:  # pragma: no cover
    from .expand import Expander, Frame
    from .preprocess import Part

Function = Callable[["Expander", "Frame", str, list, int], "str | None"]

PHP_WHITESPACE = " \t\n\r\0\x0b"
# A tag with an ``error`` class, as ParserFunctions' #iferror looks for it. Possessive
# tokens (a word, then all its spaces) leave one way to split a tag's attributes, and the
# lookahead fails at once when no closing quote follows ``class="``; no match contains
# ``>``, so ``find_error`` tries only the first opening before each ``>`` (a later one
# in the same tag can reach only what the first reached).
_ERROR_OPEN = re.compile(r"<(?:strong|span|p|div)\s")
_ERROR_RE = re.compile(r'<(?:strong|span|p|div)\s(?:[^\s>]*+\s++)*?class="(?=[^">]*+")'
                       r'(?:[^"\s>]*+\s++)*?error(?:\s[^">]*+)?"')
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
        # integers past PHP's 64 bits overflow to floats; two that overflow alike are
        # compared as strings, one that overflows never equals one that does not
        over_a, over_b = _overflows(a), _overflows(b)
        if over_a is not None or over_b is not None:
            if over_a is not None and over_b is not None:
                return over_a == over_b and float(a) == float(b) and a == b
            if (over_a is None and _is_int(a)) or (over_b is None and _is_int(b)):
                return False
        return float(a) == float(b)
    return False


_INT_STRING = re.compile(r"[ \t\n\r\v\f]*[+-]?\d+[ \t\n\r\v\f]*")


def _is_int(s: str) -> bool:
    return bool(_INT_STRING.fullmatch(s))


def _overflows(s: str) -> int | None:
    """The sign (1 or -1) of an integer string past PHP's 64-bit range, else None."""
    if not _is_int(s):
        return None
    value = int(s)
    if -(2 ** 63) <= value < 2 ** 63:
        return None
    return 1 if value > 0 else -1


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


def find_error(text: str) -> re.Match[str] | None:
    """The first error tag in ``text``: what ``_ERROR_RE.search`` finds, in linear time.

    >>> find_error('x <strong class="error">No</strong>').group(0)
    '<strong class="error"'
    >>> find_error('<p class="errors">x</p>') is None
    True
    """
    pos = 0
    while m := _ERROR_OPEN.search(text, pos):
        if found := _ERROR_RE.match(text, m.start()):
            return found
        pos = text.find(">", m.end()) + 1
        if not pos:
            return None
    return None


def fn_iferror(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    if find_error(first):
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


def fn_ifexist(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    title = Title.parse(decode(first)) if first else None
    exists = title is not None and ex.page_exists(title.full)
    return _arg(ex, frame, parts, 0 if exists else 1)


def fn_rel2abs(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    base = _arg(ex, frame, parts, 0) or ex.title.full
    path = first.rstrip(" /")
    if path in ("", "."):
        return base
    if not path.startswith(("/", "./", "../")) and path != "..":
        base = ""
    full = re.sub(r"/{2,}", "/", re.sub(r"/(?:\./)+", "/", f"/{base}/{path}/")).strip("/")
    levels: list[str] = []
    for piece in full.split("/"):
        if piece == "..":
            if not levels:
                return ('<strong class="error">Error: Invalid depth in path: '
                        f'&quot;{html.escape(full, quote=False)}&quot; (tried to access a '
                        "node above the root node).</strong>")
            levels.pop()
        else:
            levels.append(piece)
    return "/".join(levels)


def _php_slice(items: list[str], offset: int, length: int | None) -> list[str]:
    n = len(items)
    start = offset if offset >= 0 else max(n + offset, 0)
    if length is None:
        end = n
    elif length >= 0:
        end = start + length
    else:
        end = n + length
    return items[start:end]


def fn_titleparts(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    title = Title.parse(decode(first))
    if title is None:
        return first
    count = php_int(_arg(ex, frame, parts, 0))
    offset = php_int(_arg(ex, frame, parts, 1))
    if offset > 0:
        offset -= 1
    bits = title.full.split("/", 24)
    return "/".join(_php_slice(bits, offset, count or None))


def fn_time(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str | None:
    date = _arg(ex, frame, parts, 0)
    if invalid_date(decode(date)):
        return '<strong class="error">Error: Invalid time.</strong>'
    value = format_time(first, decode(date))
    if value is None:
        ex.report("unevaluated", f"cannot evaluate {{{{#time:{first}|{date}}}}}: only explicit "
                  "dates (2020-01-05, 4 July 1879…) are supported (left in place)",
                  frame, site, "warning")
    return value


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
    # PHP's mb_strtolower maps each letter alone: no final sigma
    return "".join(c.lower() for c in s) if "Σ" in s else s.lower()


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
    # PHP's urlencode: like quote_plus, but "~" is encoded too
    return urllib.parse.quote_plus(s, safe="").replace("~", "%7E")


def _ns(s: str, *_: str) -> str:
    if s.lstrip("-").isdigit():
        number = int(s)
        for name, num in NAMESPACES.items():
            if num == number:
                return name
        return ""
    t = Title.parse(s.replace("_", " ") + ":X")
    return t.namespace if t and t.namespace else ""


def _formatnum(s: str, flag: str = "", *_: str) -> str:
    flag = flag.upper()
    if flag in ("R", "NOSEP"):
        return s.replace(",", "") if flag == "R" else s
    m = re.fullmatch(r"([-+−]?)(\d+)(\.\d+)?", s)
    if not m and is_numeric(s):  # PHP reads 12.5e3 as a number
        value = float(s)
        s = str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
        m = re.fullmatch(r"([-+−]?)(\d+)(\.\d+)?", s)
    if not m:
        return s
    sign = "−" if m.group(1) in ("-", "−") else ""
    if m.group(1) == "+":  # a signed number is read as PHP reads it: zeros go
        value = float(m.group(2) + (m.group(3) or ""))
        text = str(int(value)) if value.is_integer() else repr(value)
        m = re.fullmatch(r"()(\d+)(\.\d+)?", text)
        assert m is not None
    digits = m.group(2)
    # leading zeros are kept and grouped with the rest, as MediaWiki does
    groups: list[str] = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return sign + ",".join([digits, *groups]) + (m.group(3) or "")


def _plural(s: str, *forms: str) -> str:
    if not forms:
        return ""
    number = decode(s).replace(",", "").strip()
    one = is_numeric(number) and abs(float(number)) == 1
    return forms[0] if one or len(forms) == 1 else forms[1]


_MARKUP = re.compile(r"'{2,}|<[^>]*>")
_QUOTE_RUN = re.compile(r"'{2,}")


def _unlink(s: str) -> str:
    r"""``re.sub(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]", r"\1", s)`` in linear time: the pattern read
    to the next ``]`` again from each ``[[`` before it (``[[`` × 32,000: 30 s); a start that
    fails there fails for every ``[[`` before that ``]``.

    >>> _unlink("a [[b|c|d]] [[e]] [[f]g]] [[[h]]")
    'a c|d e [[f]g]] [h'
    """
    out: list[str] = []
    pos = done = 0
    while (start := s.find("[[", pos)) >= 0:
        close = s.find("]", start + 2)
        if close < 0:
            break
        if s.startswith("]]", close):
            inner = s[start + 2:close]
            out += [s[done:start], inner[inner.find("|") + 1:]]
            pos = done = close + 2
        else:
            pos = close + 1
    out.append(s[done:])
    return "".join(out)


def _anchorencode(s: str, *_: str) -> str:
    s = _unlink(s)
    # ``<`` with no ``>`` after it is not markup: stop tags at the last ``>`` (each such
    # ``<`` read to the end, ``<`` × 64,000: 3 s)
    last = s.rfind(">") + 1
    s = _MARKUP.sub("", s[:last]) + _QUOTE_RUN.sub("", s[last:])
    s = re.sub(r"[ \t\n\r\f_]+", "_", " ".join(decode(s).split()))
    return html.escape(s, quote=True).replace("&#x27;", "&#039;")


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
    elif kind in ("TALKPAGENAME", "SUBJECTPAGENAME"):
        other = title.talk_page() if kind == "TALKPAGENAME" else title.subject_page()
        if other is None:
            return ""
        v = other
    else:  # pragma: no cover
        return ""
    if encoded:
        return urllib.parse.quote(v.replace(" ", "_"), safe=";@$!*(),/~:")
    return escape_wikitext(v)


_PAGE_WORDS = ("PAGENAME", "FULLPAGENAME", "NAMESPACE", "NAMESPACENUMBER", "BASEPAGENAME",
               "ROOTPAGENAME", "SUBPAGENAME", "TALKPAGENAME", "SUBJECTPAGENAME")


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
    "urlencode": _plain(_urlencode), "ns": _plain(_ns), "#ifexist": fn_ifexist,
    "#rel2abs": fn_rel2abs, "#titleparts": fn_titleparts, "#time": fn_time,
    "formatnum": _plain(_formatnum), "plural": _plain(_plural),
    "anchorencode": _plain(_anchorencode),
}
# case-sensitive ones (page-name words)
_CASED: dict[str, Function] = {}
for _w in _PAGE_WORDS:
    _CASED[_w] = _page_function(_w, False)
    _CASED[_w + "E"] = _page_function(_w, True)


def _nothing(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    """Page properties (sort key, display title): they show nothing where they stand."""
    return ""


def _default_sort(ex: Expander, frame: Frame, first: str, parts: list, site: int) -> str:
    """The page's sort key: nothing shown, but a warning when it overrides another."""
    key = first.strip(PHP_WHITESPACE)
    if not key:
        return ""
    flag = _arg(ex, frame, parts, 0)
    old = ex.default_sort
    if old is None or flag != "noreplace":
        ex.default_sort = key
    if old is None or old == key or flag in ("noerror", "noreplace"):
        return ""
    return (f'<span class="error"><strong>Warning:</strong> Default sort key '
            f'"{escape_wikitext(key)}" overrides earlier default sort key '
            f'"{escape_wikitext(old)}".</span>')


for _w in ("DEFAULTSORT", "DEFAULTSORTKEY", "DEFAULTCATEGORYSORT"):
    _CASED[_w] = _default_sort
_CASED["DISPLAYTITLE"] = _nothing


def lookup(name: str) -> Function | None:
    """The parser function called as ``{{name:…}}``, or None."""
    fn = _CASED.get(name)
    if fn is not None:
        return fn
    return _FUNCTIONS.get(name.lower())


def names() -> list[str]:
    """Every parser function and magic word this expander knows."""
    return sorted(set(_FUNCTIONS) | set(_CASED) | {"!", "="})
