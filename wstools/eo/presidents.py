"""Presidents and their executive orders (public facts, kept in ``presidents.csv``), and
American ordinals spelled out.

The table gives each presidency's first and last order number as the Office of the Federal
Register's Executive Orders Disposition Tables (archives.gov/federal-register/
executive-orders/disposition) list them, Franklin D. Roosevelt (6071) to today, checked
against The American Presidency Project's lists (the sources are named in the table's
header). An order's ordinal in its presidency is its number's place in that range.
Roosevelt's and Truman's ranges also hold number-and-letter orders (6106-A, 9577-A,
9616-A…) that the Office counts in an administration's total, so past the first of them the
place by number is not the ordinal: :meth:`Presidency.ordinal_of` gives it up to that
order's base number (Roosevelt's 6071-6106, Truman's 9538-9577) and None after it, where the
notes leave a placeholder rather than guess. A lettered number belongs to the presidency of
its base number and has no ordinal here. Eisenhower's and Johnson's totals in the American
Presidency Project (484, 325) exceed their ranges (482, 324) with no lettered order known
to place: past their first order the ordinal is not given either.

>>> ordinal_words(75), ordinal_words(123), ordinal_words(1), ordinal_words(100)
('seventy-fifth', 'one hundred twenty-third', 'first', 'one hundredth')
>>> p = presidency_of("13563")
>>> p.name, p.ordinal_of("13563")
('Barack Obama', 75)
>>> truman = presidency_of("9577-A")
>>> truman.name, truman.ordinal_of(9577), truman.ordinal_of(9578), truman.ordinal_of("9577-A")
('Harry S. Truman', 40, None, None)
>>> ike = presidency_of(10450)
>>> ike.ordinal_of(10432), ike.ordinal_of(10450), presidency_of(10924).ordinal_of(10924)
(1, None, 11)
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).with_name("presidents.csv")
_ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORDINAL = {"one": "first", "two": "second", "three": "third", "five": "fifth",
            "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}


def cardinal_words(n: int) -> str:
    """American style: no "and" (``one hundred twenty-three``)."""
    if n < 0:
        return "minus " + cardinal_words(-n)
    if n == 0:
        return "zero"
    parts = []
    for value, name in ((1_000_000, "million"), (1000, "thousand"), (100, "hundred")):
        if n >= value:
            parts.append(f"{cardinal_words(n // value)} {name}")
            n %= value
    if n >= 20:
        parts.append(_TENS[n // 10] + (f"-{_ONES[n % 10]}" if n % 10 else ""))
    elif n:
        parts.append(_ONES[n])
    return " ".join(parts)


def ordinal_words(n: int) -> str:
    words = cardinal_words(n)
    head, sep, last = words.rpartition(" ")
    if "-" in last:
        a, _, b = last.rpartition("-")
        last, joiner = b, a + "-"
    else:
        joiner = ""
    if last in _ORDINAL:
        last = _ORDINAL[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + joiner + last


@dataclass(frozen=True)
class Presidency:
    name: str
    short: str
    presidency: int
    start: str
    end: str
    first_eo: int
    last_eo: int | None
    terms: int
    #: the presidency's first number-and-letter order by number (``9577-A``), or "": past
    #: its base number the place by number is not the ordinal
    lettered: str = ""
    #: the sources' total where it is not the range's size (lettered orders of unknown
    #: place), or None
    total: int | None = None

    def ordinal_of(self, number: str | int) -> int | None:
        """The order's ordinal in the presidency: its place in the range, up to the base
        number of the first lettered order (None past it, where lettered orders shift the
        count, and for a lettered number). Where the sources count more orders than the
        range holds and no lettered order is placed, only the first order's is certain."""
        try:
            n = int(number)
        except ValueError:
            return None
        if not self.covers(n):
            return None
        base = _base_number(self.lettered)
        if base is not None and n > base:
            return None
        if base is None and self.total is not None and self.last_eo is not None \
                and self.total != self.last_eo - self.first_eo + 1 and n > self.first_eo:
            return None
        return n - self.first_eo + 1

    def covers(self, number: int) -> bool:
        return number >= self.first_eo and (self.last_eo is None or number <= self.last_eo)


@lru_cache(maxsize=1)
def presidencies() -> tuple[Presidency, ...]:
    with TABLE.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["name"]] = counts.get(row["name"], 0) + 1
    return tuple(Presidency(r["name"], r["short"], int(r["presidency"]), r["start"], r["end"],
                            int(r["first_eo"]), int(r["last_eo"]) if r["last_eo"] else None,
                            counts[r["name"]], (r.get("lettered") or "").strip(),
                            int(r["total"]) if (r.get("total") or "").strip() else None)
                 for r in rows)


def _base_number(number: str | int) -> int | None:
    """``9577`` for ``9577``, ``"9577-A"`` or ``"9577A"``; None for anything else."""
    match = re.fullmatch(r"\s*(\d+)(?:\s*-?\s*[A-Za-z])?\s*", str(number))
    return int(match.group(1)) if match else None


def presidency_of(number: str | int) -> Presidency | None:
    """The presidency in which executive order ``number`` was signed (a lettered number,
    ``9577-A``, by its base number)."""
    n = _base_number(number)
    if n is None:
        return None
    return next((p for p in presidencies() if p.covers(n)), None)


_MONTHS = ("January February March April May June July August September October November "
           "December").split()


def signed_on(date: str | None, lenient: bool = False) -> str | None:
    """The ISO day of a printed date (``Washington, December 11, 2009.``); None when
    there is no date or it does not exist (``February 30, 2021``). ``lenient`` reads a
    month misspelled by a letter or two (``Janaury``) as the one month it is close to.

    >>> signed_on("Washington, December 11, 2009."), signed_on("February 30, 2021")
    ('2009-12-11', None)
    >>> signed_on("Janaury 15, 2001"), signed_on("Janaury 15, 2001", lenient=True)
    (None, '2001-01-15')
    """
    from datetime import datetime
    from difflib import get_close_matches

    text = (date or "").strip().removeprefix("Washington, ").rstrip(".").replace(",", ", ")
    words = text.split()
    if lenient and words and words[0] not in _MONTHS:
        close = get_close_matches(words[0], _MONTHS, n=2, cutoff=0.8)
        if len(close) == 1:
            words[0] = close[0]
    try:
        return datetime.strptime(" ".join(words), "%B %d, %Y").strftime("%Y-%m-%d")
    except ValueError:
        return None


def in_office(day: str) -> list[Presidency]:
    """The presidencies whose term holds ``day`` (two on an inauguration day)."""
    return [p for p in presidencies() if p.start <= day and (not p.end or day <= p.end)]


def presidency_at(number: str | int, date: str | None) -> tuple[Presidency | None, int | None]:
    """The president who signed order ``number`` of ``date``, and its ordinal: from the
    date, the number only choosing between the two presidents of an inauguration day and
    giving the ordinal when it falls in that presidency. A number outside the date's
    presidency (a misprint) gives the date's president and no ordinal; no date, an
    impossible date (a month misspelled by a letter or two is read
    as the month it is close to) or an inauguration day the number does not settle give neither.

    >>> p, n = presidency_at("13523", "December 11, 2009"); p.name, n
    ('Barack Obama', 35)
    >>> p, n = presidency_at("15323", "December 11, 2009"); p.name, n
    ('Barack Obama', None)
    >>> presidency_at("99999", "February 30, 2021")
    (None, None)
    >>> p, n = presidency_at("13985", "January 20, 2021"); p.name, n
    ('Joe Biden', 1)
    """
    day = signed_on(date, lenient=True)
    if day is None:
        return None, None
    candidates = in_office(day)
    by_number = presidency_of(number)
    if by_number is not None and by_number in candidates:
        return by_number, by_number.ordinal_of(number)
    if len(candidates) == 1:
        return candidates[0], None
    return None, None
