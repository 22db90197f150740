"""``{{#time:}}``: PHP-style date formats for the dates that wikitext writes.

Only explicit dates are evaluated (``2020-01-05``, ``1995-03-09 14:05``, ``4 July 1879``,
``July 4, 1879``, ``1879``), optionally followed by relative steps (``+1 month``,
``-2 days``, ``3 weeks ago``, computed as PHP does: 2020-01-31 +1 month is 2020-03-02); an
empty date means now (UTC). A date with a word PHP does not know is invalid
(:func:`invalid_date`: MediaWiki shows an error). Anything else returns ``None`` so that
the expander leaves the call in place and reports it, instead of guessing.

>>> format_time("j F Y, l", "1879-07-04")
'4 July 1879, Friday'
>>> format_time('Y "year" \\\\n', "2001-12-31")
'2001 year n'
>>> format_time("Y", "next tuesday") is None
True
>>> format_time("Y-m-d t U", "2020-01-31 +1 month")
'2020-03-02 31 1583107200'
>>> format_time("xrY c", "1879-07-04 10:00")
'MDCCCLXXIX 1879-07-04T10:00:00+00:00'
>>> invalid_date("not a date"), invalid_date("next tuesday"), invalid_date("2020-01-01")
(True, False, False)
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime, timedelta

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTH_INDEX = {m.lower(): i + 1 for i, m in enumerate(MONTHS)}
_MONTH_INDEX.update({m[:3].lower(): i + 1 for i, m in enumerate(MONTHS)})
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?Z?")
_DMY = re.compile(r"(\d{1,2}) ([A-Za-z]+)\.? (\d{4})")
_MDY = re.compile(r"([A-Za-z]+)\.? (\d{1,2}),? (\d{4})")


_RELATIVE = re.compile(r"\s*([+-]?)\s*(\d+)\s*(sec|second|min|minute|hour|day|week|"
                       r"fortnight|month|year)s?(\s+ago)?\b", re.I)
# words PHP's date parser knows (with time zones, of which single letters are military ones)
_KNOWN_WORDS = {
    "now", "today", "midnight", "noon", "tomorrow", "yesterday", "next", "last", "previous",
    "this", "ago", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
    "eighth", "ninth", "tenth", "eleventh", "twelfth", "sec", "secs", "seconds",
    "min", "mins", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks",
    "fortnight", "fortnights", "month", "months", "year", "years", "weekday", "weekdays",
    "of", "back", "front", "am", "pm", "a.m.", "p.m.", "t", "utc", "gmt", "z", "est", "edt",
    "cst", "cdt", "mst", "mdt", "pst", "pdt", "bst", "cet", "cest", "eet", "eest", "st",
    "nd", "rd", "th", "sept",
} | {m.lower() for m in MONTHS} | {m[:3].lower() for m in MONTHS} | {
    d.lower() for d in DAYS} | {d[:3].lower() for d in DAYS}


def invalid_date(text: str) -> bool:
    """Whether PHP's date parser certainly refuses ``text``: no digit, and a word that is
    no date word, month, day, unit or time zone (with digits PHP may read more than we
    know, so such a text is left unevaluated instead)."""
    if any(c.isdigit() for c in text):
        return False
    for word in re.findall(r"[A-Za-z][A-Za-z.]*", text):
        w = word.lower().rstrip(".")
        if len(w) > 1 and w not in _KNOWN_WORDS and word.lower() not in _KNOWN_WORDS:
            return True
    return False


def _add_months(t: datetime, months: int) -> datetime:
    """PHP's month arithmetic: the day is kept and overflows into the next month."""
    total = t.year * 12 + (t.month - 1) + months
    year, month = divmod(total, 12)
    last = calendar.monthrange(year, month + 1)[1]
    extra = max(0, t.day - last)
    return t.replace(year=year, month=month + 1, day=min(t.day, last)) + timedelta(days=extra)


def _relative(t: datetime, steps: str) -> datetime | None:
    pos = 0
    while pos < len(steps):
        m = _RELATIVE.match(steps, pos)
        if not m:
            return None if steps[pos:].strip() else t
        n = int(m.group(2)) * (-1 if m.group(1) == "-" else 1) * (-1 if m.group(4) else 1)
        unit = m.group(3).lower()
        if unit in ("month", "year"):
            t = _add_months(t, n * (12 if unit == "year" else 1))
        else:
            seconds = {"sec": 1, "second": 1, "min": 60, "minute": 60, "hour": 3600,
                       "day": 86400, "week": 604800, "fortnight": 1209600}[unit]
            t = t + timedelta(seconds=n * seconds)
        pos = m.end()
    return t


def parse_date(text: str) -> datetime | None:
    """The date ``text`` names, or None when it is not one of the supported forms."""
    text = " ".join(text.split())
    if not text:
        return datetime.now(UTC).replace(tzinfo=None)
    step = re.search(r"\s[+-]?\s*\d+\s*(?:sec|min|hour|day|week|fortnight|month|year)", text,
                     re.I)
    if step:
        base = parse_date(text[:step.start()]) if step.start() else None
        if base is not None:
            return _relative(base, text[step.start():])
    try:
        if m := _ISO.fullmatch(text):
            y, mo, d, h, mi, s = (int(g) if g else 0 for g in m.groups())
            return datetime(y, mo, d, h, mi, s)
        if m := _DMY.fullmatch(text):
            month = _MONTH_INDEX.get(m.group(2).lower())
            return datetime(int(m.group(3)), month, int(m.group(1))) if month else None
        if m := _MDY.fullmatch(text):
            month = _MONTH_INDEX.get(m.group(1).lower())
            return datetime(int(m.group(3)), month, int(m.group(2))) if month else None
        if re.fullmatch(r"\d{4}", text):
            now = datetime.now(UTC)
            return datetime(int(text), now.month, now.day)
    except ValueError:
        return None
    return None


def _code(ch: str, t: datetime) -> str | None:
    table = {
        "Y": lambda: str(t.year), "y": lambda: f"{t.year % 100:02d}",
        "n": lambda: str(t.month), "m": lambda: f"{t.month:02d}",
        "F": lambda: MONTHS[t.month - 1], "M": lambda: MONTHS[t.month - 1][:3],
        "j": lambda: str(t.day), "d": lambda: f"{t.day:02d}",
        "l": lambda: DAYS[t.weekday()], "D": lambda: DAYS[t.weekday()][:3],
        "N": lambda: str(t.isoweekday()), "w": lambda: str(t.isoweekday() % 7),
        "z": lambda: str(t.timetuple().tm_yday - 1),
        "W": lambda: f"{t.isocalendar()[1]:02d}",
        "L": lambda: "1" if (t.year % 4 == 0 and t.year % 100 != 0) or t.year % 400 == 0
        else "0",
        "H": lambda: f"{t.hour:02d}", "G": lambda: str(t.hour),
        "h": lambda: f"{(t.hour % 12) or 12:02d}", "g": lambda: str((t.hour % 12) or 12),
        "i": lambda: f"{t.minute:02d}", "s": lambda: f"{t.second:02d}",
        "a": lambda: "am" if t.hour < 12 else "pm", "A": lambda: "AM" if t.hour < 12 else "PM",
        "U": lambda: str(calendar.timegm(t.timetuple())),
        "t": lambda: str(calendar.monthrange(t.year, t.month)[1]),
        "c": lambda: t.strftime("%Y-%m-%dT%H:%M:%S") + "+00:00",
        "r": lambda: (f"{DAYS[t.weekday()][:3]}, {t.day:02d} {MONTHS[t.month - 1][:3]} "
                      f"{t.year} {t.strftime('%H:%M:%S')} +0000"),
        "e": lambda: "UTC", "T": lambda: "UTC", "O": lambda: "+0000", "P": lambda: "+00:00",
        "Z": lambda: "0", "I": lambda: "0",
    }
    fn = table.get(ch)
    return fn() if fn else None


def format_time(fmt: str, date: str) -> str | None:
    """``fmt`` applied to ``date`` as ``{{#time:fmt|date}}`` does, or None if the date form
    is not supported."""
    t = parse_date(date)
    if t is None:
        return None
    out = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "\\" and i + 1 < len(fmt):
            out.append(fmt[i + 1])
            i += 2
            continue
        if ch == '"':
            end = fmt.find('"', i + 1)
            if end < 0:
                out.append('"')
                i += 1
            else:
                out.append(fmt[i + 1:end])
                i = end + 1
            continue
        if fmt.startswith("xr", i) and i + 2 < len(fmt):  # the next number in Roman numerals
            value = _code(fmt[i + 2], t)
            if value is not None and value.isdigit() and 0 < int(value) < 10000:
                out.append(roman(int(value)))
                i += 3
                continue
        value = _code(ch, t)
        out.append(ch if value is None else value)
        i += 1
    return "".join(out)


def roman(n: int) -> str:
    """Roman numerals, as MediaWiki writes them (thousands as repeated M).

    >>> roman(2020), roman(1879)
    ('MMXX', 'MDCCCLXXIX')
    """
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)
