"""``{{#expr:}}`` arithmetic with the ParserFunctions extension's grammar and messages.

Operators by precedence (high to low): unary ``-``/``+``, ``e`` (×10^); functions and
``not``; ``^``; ``*`` ``/`` ``div`` ``mod`` ``fmod``; ``+`` ``-``; ``round``; comparisons
``=`` ``<>`` ``!=`` ``<`` ``>`` ``<=`` ``>=``; ``and``; ``or``. Left-associative, like
MediaWiki (so ``2^3^2`` is 64). Results print as PHP prints floats (14 significant digits).

>>> evaluate("1 + 2 * 3")
'7'
>>> evaluate("(1+2)*3 = 9 and not 0")
'1'
>>> evaluate("7 mod 3"), evaluate("-7 mod 3"), evaluate("2^3^2")
('1', '-1', '64')
>>> evaluate("1/3"), evaluate("1e20"), evaluate("2.5 round 0"), evaluate("3.14159 round 2")
('0.33333333333333', '1.0E+20', '3', '3.14')
>>> try:
...     evaluate("1/0")
... except ExprError as e:
...     print(e)
Division by zero.
"""

from __future__ import annotations

import math

NUMBER_CHARS = "0123456789."


class ExprError(Exception):
    """An expression MediaWiki would answer with ``<strong class="error">``."""


# precedence
_PREC = {
    "neg": 10, "pos": 10, "e": 10,
    "sin": 9, "cos": 9, "tan": 9, "asin": 9, "acos": 9, "atan": 9, "not": 9, "sqrt": 9,
    "abs": 9, "floor": 9, "trunc": 9, "ceil": 9, "ln": 9, "exp": 9,
    "^": 8, "*": 7, "/": 7, "div": 7, "mod": 7, "fmod": 7, "+": 6, "-": 6, "round": 5,
    "=": 4, "<": 4, ">": 4, "<=": 4, ">=": 4, "<>": 4, "!=": 4,
    "and": 3, "or": 2, "(": -1,
}
_UNARY_WORDS = {"sin", "cos", "tan", "asin", "acos", "atan", "not", "sqrt", "abs", "floor",
                "trunc", "ceil", "ln", "exp"}
_BINARY_WORDS = {"mod", "and", "or", "round", "div", "fmod"}
_WORDS = _UNARY_WORDS | _BINARY_WORDS | {"e", "pi"}
_NAMES = {"neg": "-", "pos": "+"}


def _php_int(x: float) -> int:
    if math.isnan(x) or math.isinf(x):
        return 0
    return int(x)


def _apply(op: str, stack: list) -> None:
    name = _NAMES.get(op, op)
    if op in _UNARY_WORDS or op in ("neg", "pos"):
        if not stack:
            raise ExprError(f"Expression error: Missing operand for {name}.")
        a = stack.pop()
        if op == "neg":
            r = -a
        elif op == "pos":
            r = a
        elif op == "not":
            r = 0 if a else 1
        elif op in ("asin", "acos"):
            if a < -1 or a > 1:
                raise ExprError(f"Invalid argument for {op}: < -1 or > 1.")
            r = getattr(math, op)(a)
        elif op == "ln":
            if a <= 0:
                raise ExprError("Invalid argument for ln: <= 0.")
            r = math.log(a)
        elif op == "sqrt":
            if a < 0:
                raise ExprError("In sqrt: Result is not a number.")
            r = math.sqrt(a)
        elif op == "abs":
            r = abs(a)
        elif op == "floor":
            r = float(math.floor(a)) if math.isfinite(a) else a
        elif op == "ceil":
            r = float(math.ceil(a)) if math.isfinite(a) else a
        elif op == "trunc":
            r = _php_int(a)
        elif op == "exp":
            try:
                r = math.exp(a)
            except OverflowError:
                r = math.inf
        else:
            r = getattr(math, op)(a)
        stack.append(r)
        return
    if len(stack) < 2:
        raise ExprError(f"Expression error: Missing operand for {name}.")
    b = stack.pop()
    a = stack.pop()
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op in ("/", "div"):
        if b == 0:
            raise ExprError("Division by zero.")
        r = a / b
    elif op == "mod":
        ai, bi = _php_int(a), _php_int(b)
        if bi == 0:
            raise ExprError("Division by zero.")
        r = int(math.fmod(ai, bi))
    elif op == "fmod":
        if b == 0:
            raise ExprError("Division by zero.")
        r = math.fmod(a, b)
    elif op == "^":
        try:
            r = math.pow(a, b)
        except (OverflowError, ValueError):
            r = math.inf if a > 0 else math.nan
        if isinstance(r, float) and math.isnan(r):
            raise ExprError("Expression error: Result is not a number.")
    elif op == "e":
        try:
            r = a * math.pow(10, b)
        except OverflowError:
            r = math.inf
    elif op == "round":
        digits = _php_int(b)
        r = _php_round(a, digits)
    elif op == "=":
        r = 1 if a == b else 0
    elif op in ("<>", "!="):
        r = 1 if a != b else 0
    elif op == "<":
        r = 1 if a < b else 0
    elif op == ">":
        r = 1 if a > b else 0
    elif op == "<=":
        r = 1 if a <= b else 0
    elif op == ">=":
        r = 1 if a >= b else 0
    elif op == "and":
        r = 1 if (a and b) else 0
    elif op == "or":
        r = 1 if (a or b) else 0
    else:  # pragma: no cover
        raise ExprError(f"Expression error: Unknown error ({op}).")
    stack.append(r)


def _php_round(value: float, digits: int) -> float:
    """PHP's round(): half away from zero, after pre-rounding to 15 significant digits."""
    if not math.isfinite(value):
        return value
    f = 10.0 ** digits
    tmp = value * f if digits >= 0 else value / (10.0 ** -digits)
    if not math.isfinite(tmp):
        return value
    tmp = float(f"{tmp:.15g}")
    r = math.copysign(math.floor(abs(tmp) + 0.5), tmp)
    return r / f if digits >= 0 else r * (10.0 ** -digits)


def format_number(x: float | int) -> str:
    """Print a number as PHP does with ``precision=14``.

    >>> format_number(5.0), format_number(0.1 + 0.2), format_number(1e15), format_number(-1e-5)
    ('5', '0.3', '1.0E+15', '-1.0E-5')
    """
    if isinstance(x, bool):
        return "1" if x else ""
    if isinstance(x, int):
        return str(x)
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INF" if x > 0 else "-INF"
    if x == 0:
        return "-0" if math.copysign(1, x) < 0 else "0"
    s = f"{x:.14G}"
    if "E" in s:
        mant, exp = s.split("E")
        if "." not in mant:
            mant += ".0"
        return f"{mant}E{'-' if exp.startswith('-') else '+'}{int(exp.lstrip('+-'))}"
    return s


def evaluate(expr: str) -> str:
    """Evaluate ``expr``; raise :class:`ExprError` with MediaWiki's message on error."""
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&minus;", "-"), ("\u2212", "-")):
        expr = expr.replace(entity, char)
    operands: list = []
    operators: list[str] = []
    expecting = "expression"
    p = 0
    n = len(expr)
    expr_lower = expr.lower()
    while p < n:
        if len(operands) > 100 or len(operators) > 100:
            raise ExprError("Expression error: Stack exhausted.")
        ch = expr[p]
        if ch in " \t\n\r\x0b\x0c":
            p += 1
            continue
        if ch in NUMBER_CHARS:
            if expecting != "expression":
                raise ExprError("Expression error: Unexpected number.")
            q = p
            while q < n and expr[q] in NUMBER_CHARS:
                q += 1
            operands.append(_php_float(expr[p:q]))
            p = q
            expecting = "operator"
            continue
        if ch.isascii() and ch.isalpha():
            q = p
            while q < n and expr[q].isascii() and expr[q].isalpha():
                q += 1
            word = expr_lower[p:q]
            p = q
            if word not in _WORDS:
                raise ExprError(f'Expression error: Unrecognized word "{word}".')
            if word == "pi" or (word == "e" and expecting == "expression"):
                if expecting != "expression":
                    raise ExprError(f"Expression error: Unexpected {word} operator.")
                operands.append(math.pi if word == "pi" else math.e)
                expecting = "operator"
                continue
            if word in _UNARY_WORDS:
                if expecting != "expression":
                    raise ExprError(f"Expression error: Unexpected {word} operator.")
                operators.append(word)
                continue
            op = word
        elif ch == "(":
            if expecting == "operator":
                raise ExprError("Expression error: Unexpected ( operator.")
            operators.append("(")
            p += 1
            continue
        elif ch == ")":
            while operators and operators[-1] != "(":
                _apply(operators.pop(), operands)
            if not operators:
                raise ExprError("Expression error: Unexpected closing bracket.")
            operators.pop()
            expecting = "operator"
            p += 1
            continue
        elif ch in "+-":
            p += 1
            if expecting == "expression":
                operators.append("neg" if ch == "-" else "pos")
                continue
            op = ch
        elif ch in "*/^=":
            op = ch
            p += 1
        elif ch == "<":
            if expr.startswith("<=", p):
                op, p = "<=", p + 2
            elif expr.startswith("<>", p):
                op, p = "<>", p + 2
            else:
                op, p = "<", p + 1
        elif ch == ">":
            if expr.startswith(">=", p):
                op, p = ">=", p + 2
            else:
                op, p = ">", p + 1
        elif ch == "!" and expr.startswith("!=", p):
            op, p = "!=", p + 2
        else:
            raise ExprError(f'Expression error: Unrecognized punctuation character "{ch}".')
        # a binary operator
        if expecting != "operator":
            raise ExprError(f"Expression error: Unexpected {op} operator.")
        while operators and _PREC[op] <= _PREC[operators[-1]]:
            _apply(operators.pop(), operands)
        operators.append(op)
        expecting = "expression"
    while operators:
        op = operators.pop()
        if op == "(":
            raise ExprError("Expression error: Unclosed bracket.")
        _apply(op, operands)
    return "<br />\n".join(format_number(x) for x in operands)


def _php_float(s: str) -> float:
    """PHP's ``(float)"1.2.3"`` is 1.2: take the longest valid prefix."""
    head, dot, tail = s.partition(".")
    tail = tail.split(".", 1)[0]
    text = head + (dot + tail if dot else "")
    if text in ("", "."):
        return 0.0
    try:
        return float(text)
    except ValueError:
        return 0.0
