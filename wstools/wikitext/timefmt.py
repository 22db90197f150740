"""``{{#time:}}``: PHP-style date formats for the dates that wikitext writes.

Only explicit dates are evaluated (``2020-01-05``, ``1995-03-09 14:05``, ``4 July 1879``,
``July 4, 1879``, ``1879``); an empty date means now (UTC). Anything else returns ``None``
so that the expander leaves the call in place and reports it, instead of guessing.

>>> format_time("j F Y, l", "1879-07-04")
'4 July 1879, Friday'
>>> format_time('Y "year" \\\\n', "2001-12-31")
'2001 year n'
>>> format_time("Y", "next tuesday") is None
True
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTH_INDEX = {m.lower(): i + 1 for i, m in enumerate(MONTHS)}
_MONTH_INDEX.update({m[:3].lower(): i + 1 for i, m in enumerate(MONTHS)})
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?Z?")
_DMY = re.compile(r"(\d{1,2}) ([A-Za-z]+)\.? (\d{4})")
_MDY = re.compile(r"([A-Za-z]+)\.? (\d{1,2}),? (\d{4})")


def parse_date(text: str) -> datetime | None:
    """The date ``text`` names, or None when it is not one of the supported forms."""
    text = " ".join(text.split())
    if not text:
        return datetime.now(UTC).replace(tzinfo=None)
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
        value = _code(ch, t)
        out.append(ch if value is None else value)
        i += 1
    return "".join(out)
