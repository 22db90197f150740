"""wordfreq's English statistics without wordfreq's start-up (issue 23).

Importing wordfreq (langcodes, ftfy, its tokenizer) and unpacking its English list cost a
page about 0.15 s, more than the rest of the cleanup. Both are compiled once into a compact
file in the cache folder (:func:`wstools.io.cache.cache_dir`, beside the corpus index): a
first line with wordfreq's token and quote expressions (JSON), then one ``word<TAB>bucket``
line a word, sorted by its UTF-8 bytes, read in one go and searched by bisection. wordfreq
is imported only when the cache is cold, or for a word with digits (whose frequency
wordfreq estimates by a formula of its own). The numbers are wordfreq's to the last digit:

>>> from wordfreq import zipf_frequency
>>> words = ("the", "Plaver", "floodwater", "Bézique", "o'clock", "offender’s", "end'of",
...          "('ulliinj", "card*", "well-known", "1909", "", "--")
>>> [w for w in words if zipf(w) != zipf_frequency(w, "en")]
[]
"""

from __future__ import annotations

import bisect
import importlib.util
import json
import math
import unicodedata
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

FORMAT = 2  # of the cache file; a change of format or of wordfreq's data makes a new file


def _data_file() -> Path | None:
    """wordfreq's English list ("best" is the large one), found without importing it."""
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).parent / "data" / "large_en.msgpack.gz"
    return path if path.is_file() else None


def _build() -> bytes:
    from ftfy import chardata
    from wordfreq import get_frequency_list
    from wordfreq.tokens import TOKEN_RE
    header = {"token": [TOKEN_RE.pattern, TOKEN_RE.flags],
              "single_quote": [chardata.SINGLE_QUOTE_RE.pattern, chardata.SINGLE_QUOTE_RE.flags],
              "double_quote": [chardata.DOUBLE_QUOTE_RE.pattern, chardata.DOUBLE_QUOTE_RE.flags]}
    lines = sorted(f"{w}\t{i}".encode() for i, bucket in enumerate(get_frequency_list("en"))
                   for w in bucket)
    return json.dumps(header).encode() + b"\n" + b"\n".join(lines) + b"\n"


class _Table:
    """The compiled list: the word lines (``data[start:]``) and the tokenizer."""

    def __init__(self, data: bytes) -> None:
        import re

        import regex
        self.start = data.index(b"\n") + 1
        header: dict[str, Any] = json.loads(data[:self.start])
        self.data = data
        self.token = regex.compile(*header["token"])
        self.single_quote = re.compile(*header["single_quote"])
        self.double_quote = re.compile(*header["double_quote"])

    @cached_property
    def lines(self) -> list[bytes]:
        """The ``word<TAB>bucket`` lines, in their (sorted) order: searched by
        :func:`bisect.bisect_left` in C (made on first use)."""
        lines = self.data[self.start:].split(b"\n")
        if lines and not lines[-1]:
            lines.pop()  # (the file ends with a line end)
        return lines

    def bucket(self, word: str) -> int | None:
        """The bucket of ``word`` in the sorted ``word<TAB>bucket`` lines, by bisection:
        the first line at or after ``word<TAB>`` is the word's if it starts so (a tab
        sorts before every character a word has, so a word's line comes before those of
        the longer words it begins)."""
        key = word.encode() + b"\t"
        if b"\n" in key or b"\t" in key[:-1]:  # (no word of the list has them)
            return self._bucket_searched(word)
        lines = self.lines
        i = bisect.bisect_left(lines, key)
        if i < len(lines) and lines[i].startswith(key):
            return int(lines[i][len(key):])
        return None

    def _bucket_searched(self, word: str) -> int | None:
        """:meth:`bucket` by bisection over the bytes, line by line."""
        data, key = self.data, word.encode()
        lo, hi = self.start, len(data)
        while lo < hi:  # lo and hi are line starts; the lines between are the ones left
            mid = (lo + hi) // 2
            start = data.rfind(b"\n", 0, mid) + 1
            end = data.index(b"\n", start)
            tab = data.index(b"\t", start, end)
            found = data[start:tab]
            if found == key:
                return int(data[tab + 1:end])
            if found < key:
                lo = end + 1
            else:
                hi = start
        return None

    def tokens(self, word: str) -> list[str]:
        """wordfreq's ``lossy_tokenize(word, "en")``: NFC, case folded, its token
        expression, apostrophes stripped, curly quotes straightened."""
        text = unicodedata.normalize("NFC", unicodedata.normalize("NFC", word).casefold())
        return [self.single_quote.sub("'", self.double_quote.sub('"', t.strip("'").casefold()))
                for t in self.token.findall(text)]


@lru_cache(maxsize=1)
def _table() -> _Table | None:
    """The compiled list (from the cache, else built and cached), or None when wordfreq's
    data is not where it is expected (then wordfreq answers every word)."""
    data = _data_file()
    if data is None:
        return None
    from ..io.cache import cache_dir, write_cache
    st = data.stat()
    path = cache_dir() / f"wordfreq-en-{FORMAT}-{st.st_size}-{st.st_mtime_ns}.tsv"
    try:
        return _Table(path.read_bytes())
    except (OSError, ValueError):
        pass
    table = _build()
    write_cache(path, table)
    return _Table(table)


def _frequency(table: _Table, word: str) -> float | None:
    """wordfreq's ``word_frequency(word, "en", minimum=1e-9)``, or None where only wordfreq
    can say (a digit)."""
    if word.isascii() and word.isalpha():
        tokens = [word.lower()]  # one token, its case folded
    else:
        tokens = table.tokens(word)
        if any(c.isdigit() for t in tokens for c in t):
            return None
    minimum = 10.0 ** 0 / 1e9  # wordfreq's zipf_to_freq(0)
    if not tokens:
        return minimum
    one_over = 0.0
    for token in tokens:
        bucket = table.bucket(token)
        if bucket is None:
            return minimum
        one_over += 1.0 / 10 ** (-bucket / 100)
    frequency = max(1.0 / one_over, minimum)
    return round(frequency, math.floor(-math.log(frequency, 10)) + 3)


# spellings older printings use that today's English writes otherwise: words of the print,
# never OCR's misreadings of the modern form ("shewn" is not "shown" misread); a guess from
# the corpus's word list never replaces them (a witness of the same printing still may)
ARCHAIC_SPELLINGS = frozenset("""
shew shews shewed shewing shewn shewer connexion connexions gaol gaols gaoler gaolers
burthen burthens burthened controul controuled chuse chusing chused staid publick compleat
compleatly musick critick criticks antient antients ancle ancles recal recals befal befals
intrench inclose inclosed inclosing inclosure waggon waggons dulness fulness despatch
despatched surprize surprized enterprize cloathes cloaths phrenzy extasy dropt stept stopt
mixt fixt learnt spelt clew clews segar segars gulph chace croud crouded dutchess hiccough
sate shaked holden gotten sithence whilst amongst betwixt fetch'd call'd
""".split())


def archaic(word: str) -> bool:
    """A spelling of an older printing (``shewn``, ``connexion``, ``gaol``): a word of the
    print, not a misreading.

    >>> archaic("Shewn"), archaic("shown")
    (True, False)
    """
    return word.lower() in ARCHAIC_SPELLINGS


@lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """``wordfreq.zipf_frequency(word, "en")``."""
    table = _table()
    frequency = None if table is None else _frequency(table, word)
    if frequency is None:
        from wordfreq import zipf_frequency
        return zipf_frequency(word, "en")
    return round(math.log(frequency, 10) + 9, 2)


def warm() -> None:
    """Load now what :func:`zipf` loads on first use: the compiled list and wordfreq,
    which words with digits need (before worker processes are forked, so that they share
    them rather than each loading them)."""
    table = _table()
    if table is None or importlib.util.find_spec("wordfreq") is None:
        return
    table.lines  # noqa: B018 - a cached property: made now
    from wordfreq import get_frequency_dict
    get_frequency_dict("en", "best")
