"""Round trip: the plain text of the formatted order against the words of the print.

This check does not use the reader. The printed words are taken from the print with a
procedure of their own (:func:`printed_words`): every word from the order's head line to
the end of the print, the signature's note, the graphics notes, the footer and an annex
after it included; only the page marks are left out (they are checked as pages). The GPO's
typewriter conventions are read as the typography they stand for (````x''`` as “x”, ``--``
as —) on both sides.

The formatted text is what a reader of the pages would see (:func:`rendered_words`): the
Page: pages' bodies rendered to plain text one after the other (the header template left
out), with the comments that keep the print's own notes (``<!-- print: (Presidential
Sig.) -->``) read as the note. The main page is held to the same words without the footer.

Wikisource's ``{{Missing image}}`` placeholder is not compared (the note it stands with
is). Differences that are only in spacing (``self-`` ``governing`` against ``self-governing`` at
a line end) are not differences; every other one is reported, a space lost or added
elsewhere (``programsor``) too.
"""

from __future__ import annotations

import difflib
import html
import re
from collections import Counter

from ..wikitext.expand import Expander
from ..wikitext.plain import TextRenderer
from ..wikitext.registry import Registry
from .shapes import GPO_TAGS

_HEAD = re.compile(r"^[ \t]*(?:EXECUTIVE ORDER|Executive Order)(?: No\.?)? \d", re.M)
_MARK = re.compile(r"\[\[Page \d+\]\]")
_NOTE = re.compile(r"<!-- print: (.*?) -->", re.S)
_TAG = re.compile(r"<[^<>]*>")


def _typography(text: str) -> str:
    text = text.replace("``", "“").replace("''", "”").replace("--", "—")
    return text.replace("\u00a0", " ")


def pre_text(data: bytes | str) -> str:
    """The text of the GPO's ``<pre>``, read without the reader: the tags dropped (the
    GPO's own ``<GRAPHIC(S) …>`` notes are text, not tags), entities decoded; the issue's
    table of contents that a few files carry after the order left out."""
    if isinstance(data, bytes):
        data = data.replace(b"\0", b"").decode("utf-8", "replace")
    start = data.lower().find("<pre>")
    end = data.lower().rfind("</pre>")
    if start < 0:
        return data
    body = data[start + 5:end if end > start else len(data)]
    body = re.sub(r"</?(?:a|b|i|span|font)\b[^<>]*>", "", body, flags=re.I)
    body = re.sub(r"<(/?[\w-]+)>", lambda m: GPO_TAGS.get(m.group(1), m.group(0)), body)
    # the GPO's typesetting locator codes are not text
    body = re.sub(r"\ufffd[A-Z]{2,8}\ufffd|\*ERR\d+\*", "", body)
    body = html.unescape(body)
    # a few files go on past the order with the table of contents: a line
    # CONTENTS, then the running head "Federal Register / Vol. … / Contents"
    lines = body.split("\n")
    for k, line in enumerate(lines):
        if line.strip() == "CONTENTS":
            after = " ".join(x.strip() for x in lines[k + 1:k + 10] if x.strip())
            if after.startswith("Federal Register /") and "/ Contents" in after[:120]:
                return "\n".join(lines[:k]) + "\n"
    return body


def printed_words(print_text: str) -> list[str]:
    """The words of a print, from its head line to its end, page marks left out."""
    m = None
    for m in _HEAD.finditer(print_text):
        if re.match(r"[ \t]*\S+ \S+(?: No\.?)? \d+(?: of|,| [A-Z][a-z]+ \d)", print_text[
                m.start():m.start() + 80].lstrip("\n")):
            break
    else:
        m = _HEAD.search(print_text)
    if m is None:
        return []
    body = _MARK.sub(" ", print_text[m.start():])
    return _typography(body).split()


_BLOCK_TAG = re.compile(r"</?(?:div|p|br|center|poem|table|tr|td)\b[^<>]*>", re.I)
_BOLD_ITALIC = re.compile("'{2,5}")


class _Plain:
    """Wikitext to the text a reader sees: :class:`TextRenderer` (MediaWiki's passes), or
    ``fast``: the templates expanded and the markup the EO pages use taken off (tags,
    bold and italic, entities), several times quicker and what CI runs on every order."""

    def __init__(self, registry: Registry, fast: bool = True) -> None:
        self.renderer = None if fast else TextRenderer(registry)
        self.expander = Expander(registry)

    def __call__(self, body: str) -> str:
        notes: list[str] = []

        def keep(m: re.Match[str]) -> str:
            notes.append(m.group(1).replace("- -", "--"))
            return f" \ue000{len(notes) - 1}\ue001 "

        body = _NOTE.sub(keep, body)
        if self.renderer is not None:
            text = self.renderer.render(body).text
        else:
            text = self.expander.expand(body).text
            text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
            text = _BLOCK_TAG.sub(" ", text)
            text = re.sub(r"</?\w[^<>]*>", "", text)
            text = _BOLD_ITALIC.sub("", text)
            text = html.unescape(text)
        return re.sub(r"\ue000(\d+)\ue001", lambda m: notes[int(m.group(1))], text)


def rendered_words(wikitext: str, registry: Registry, fast: bool = True) -> list[str]:
    """The words a reader sees of formatted wikitext (Page: pages, parts joined by NUL:
    the bodies only)."""
    words: list[str] = []
    plain = _Plain(registry, fast)
    for part in wikitext.split("\x00"):
        body = re.sub(r"<noinclude>.*?</noinclude>", "", part, flags=re.S)
        # Wikisource's placeholder where the image goes: the print's note is compared
        body = body.replace("{{Missing image}}", "")
        words += _typography(plain(body)).split()
    return words


def main_body(wikitext: str) -> str:
    """The order on the main page: from its title to the signature (header, notes and
    licence left out)."""
    start = wikitext.find("\n", wikitext.find("\n}}") + 1) + 1 if "{{EOheader" in wikitext \
        else 0
    end = len(wikitext)
    for tail in ("\n\n== Notes ==", "\n\n{{PD-USGov}}"):
        if (k := wikitext.find(tail, start)) >= 0:
            end = min(end, k)
    return wikitext[start:end]


def _cuts(words: list[str]) -> set[int]:
    out, at = set(), 0
    for word in words[:-1]:
        at += len(word)
        out.add(at)
    return out


def _same_but_dash_spacing(a: list[str], b: list[str]) -> bool:
    """The same letters, cut into words differently only beside a hyphen or a dash
    (``self-`` ``governing`` against ``self-governing`` at a line end; ``word—`` ``word``)
    or before a label set by its own template (``(b)(1)`` printed, ``(b) (1)`` shown):
    ``programs`` ``or`` against ``programsor`` is a difference."""
    joined = "".join(a)
    if joined != "".join(b):
        return False
    return all(joined[at - 1:at] in ("-", "—") or joined[at:at + 1] == "—"
               or joined[at - 1:at + 1] in (")(", ".(")  # a label's template: "(b) (1)"
               for at in _cuts(a) ^ _cuts(b))


def compare(printed: list[str], rendered: list[str]) -> list[str]:
    """Word differences other than spacing beside a hyphen or dash, as ``'old' -> 'new'``
    lines."""
    if printed == rendered or _same_but_dash_spacing(printed, rendered):
        return []  # the same, or only spacing at a hyphen or dash differs
    out = []
    start = 0  # the common head and tail are equal: only the middle is aligned
    while start < min(len(printed), len(rendered)) and printed[start] == rendered[start]:
        start += 1
    end = 0
    while end < min(len(printed), len(rendered)) - start and \
            printed[-1 - end] == rendered[-1 - end]:
        end += 1
    printed = printed[start:len(printed) - end]
    rendered = rendered[start:len(rendered) - end]
    matcher = difflib.SequenceMatcher(None, printed, rendered,
                                      autojunk=len(printed) + len(rendered) > 2000)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            continue
        old, new = printed[a1:a2], rendered[b1:b2]
        if _same_but_dash_spacing(old, new):
            continue  # only spacing at a hyphen or dash differs
        out.append(f"{' '.join(old)[:80]!r} -> {' '.join(new)[:80]!r}")
    return out


def without_footer(printed: list[str]) -> list[str]:
    """The printed words without the footer (``[FR Doc. … Filed …]`` and the billing code
    after it), found in the words themselves."""
    for k in range(len(printed) - 1):
        if printed[k] in ("[FR", "[F.") and printed[k + 1].startswith(("Doc", "R.")):
            if k and re.fullmatch(r"\d{1,3}", printed[k - 1]):  # a typesetting number
                k -= 1
            end = k + 1
            while end < len(printed) and not printed[end].endswith("]") and end < k + 12:
                end += 1
            end += 1
            # the print may repeat its "Filed …]" line
            if end < len(printed) and printed[end] == "Filed":
                again = end
                while again < len(printed) and not printed[again].endswith("]") \
                        and again < end + 6:
                    again += 1
                if again < len(printed) and printed[again].endswith("]"):
                    end = again + 1
            if end + 2 <= len(printed) and printed[end].lower() == "billing" \
                    and printed[end + 1].lower() == "code":
                end += 3
                if end < len(printed) and printed[end] == "]":
                    end += 1
            printed = printed[:k] + printed[end:]
            break
    out: list[str] = []
    k = 0
    while k < len(printed):  # a billing code printed alone (before an annex)
        if printed[k].lower() == "billing" and k + 2 < len(printed) and \
                printed[k + 1].lower() == "code" and re.fullmatch(r"[\dA-Z]{4}-[\w-]+",
                                                                 printed[k + 2]):
            if out and re.fullmatch(r"\d{1,3}", out[-1]):
                out.pop()
            k += 3
            if k < len(printed) and printed[k] == "]":
                k += 1
            continue
        out.append(printed[k])
        k += 1
    return out


def differences(print_text: str, pages: list[tuple[str, str]], main: str,
                registry: Registry, fast: bool = True) -> list[str]:
    """Differences between the print and the Page: pages (all its words) and the main page
    (its words without the footer)."""
    return check_words(printed_words(print_text), pages, main, registry, fast)


def check_words(printed: list[str], pages: list[tuple[str, str]], main: str,
                registry: Registry, fast: bool = True) -> list[str]:
    """:func:`differences` for printed words got otherwise (a rewrite's own words)."""
    out = [f"pages: {d}" for d in compare(
        printed, rendered_words("\x00".join(text for _, text in pages), registry, fast))]
    out += [f"main: {d}" for d in compare(without_footer(printed),
                                          rendered_words(main_body(main), registry, fast))]
    return out


# a label, not a reference to one ("(a)(2) of this section", "(d) and (e)", "(b) above")
_SUB_LABEL = re.compile(r"\((?:[ivxlc]{1,8}|[a-z]{1,2}|[A-Z]{1,3}|\d{1,3})\)"
                        r"(?=\s|\(\w{1,8}\)\s)(?!(?:\(\w{1,8}\))*[\s,]*"
                        r"(?:of (?:this|section|subsection)\b|above\b|below\b"
                        r"|and \(|or \(|through \(|as \(|&))")
_CLAUSE_END = re.compile(r"(?:[.;:]|--|—|\b(?:and|or))[”’\"')]*$")
_SECTION_HEAD = re.compile(r"(?:Section\.?|SECTION|Sec\.|SEC\.)\s+\d[\w.-]*\.(?:--)?\s*")


def _leading_labels(text: str, found: list[str] | None = None) -> int:
    count = 0
    while m := _SUB_LABEL.match(text):
        count += 1
        if found is not None:
            found.append(text[:40])
        text = text[m.end():].lstrip()
    return count


_ROMANS = "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split()


def _follows(first_line: str, line: str) -> bool:
    """``line``'s label comes next after the one ``first_line`` opens with: (2) after (1),
    (b) after (a), (ii) after (i), (B) after (A)."""
    a = re.match(r"\((\w{1,8})\)", first_line)
    b = re.match(r"\((\w{1,8})\)", line)
    if a is None or b is None:
        return False
    x, y = a.group(1), b.group(1)
    if x.isdigit() and y.isdigit():
        return int(y) == int(x) + 1
    if x in _ROMANS and y in _ROMANS and _ROMANS.index(y) == _ROMANS.index(x) + 1:
        return True
    return len(x) == len(y) == 1 and x.isalpha() and ord(y) == ord(x) + 1


def print_paragraphs(lines: list[str]) -> tuple[list[str], set[int]]:
    """The print's paragraphs in ``lines`` (the text after the head line), read without the
    reader: blank lines end them, but for a paragraph the page turned inside; the indices
    of the lines that open one with no blank line before it (set in, a list's item; see
    the rules below)."""
    paragraphs: list[str] = []
    starts: set[int] = set()
    chunk: list[str] = []

    def close() -> None:
        paragraphs.append(" ".join(chunk).strip())

    # the print's column about each line: the commonest indent of the lines around it that
    # carry on a paragraph (a line after a line, not labelled); one print may set a part
    # at 16 and another at 0
    at = [len(line) - len(line.lstrip()) if k and line.strip() and lines[k - 1].strip()
          and not _MARK.search(line) and not _SUB_LABEL.match(line.strip()) else None
          for k, line in enumerate(lines)]
    column = []
    for k in range(len(lines)):
        near = Counter(n for n in at[max(k - 25, 0):k + 26] if n is not None)
        column.append(max(near, key=lambda n: (near[n], -n)) if near else 0)
    previous: int | None = None  # the indent of the paragraph's line before
    first = 0  # the indent of the paragraph's first line
    gap = turned = False
    last = ""  # the line before (page marks passed over)
    for k, line in enumerate(lines):
        stripped = line.strip()
        if _MARK.fullmatch(stripped):
            turned = True  # a page turns: the paragraph goes on unless a blank line ends it
            continue
        if not stripped or stripped.startswith(("[GRAPHIC", "<GRAPHIC")):
            gap = gap or bool(chunk)
            if stripped:
                close()
                chunk = []
                previous = None
                gap = False
            continue
        if gap and not (turned and stripped[:1].islower()):
            # a blank line ends the paragraph, but for one the page turned inside: its
            # sentence goes on in lower case after the page mark and the blanks around it
            close()
            chunk = []
            previous = None
        gap = turned = False
        indent = len(line) - len(line.lstrip())
        # a paragraph's first line is set in from the line before it. A labelled line
        # starts one when it is set in from the print's column (items of a line each), or,
        # after a line that ends a clause, set out of the column, or an item of a list
        # set with a hanging indent (the line after it set in by a column or two, never
        # a paragraph's four; or back at its paragraph's first indent after such lines)
        label = _SUB_LABEL.match(stripped) is not None
        ends = previous is not None and _CLAUSE_END.search(
            _MARK.sub("", chunk[-1]).rstrip()) is not None
        base = column[k]
        after = next((len(x) - len(x.lstrip()) if x.strip() else -1 for x in lines[k + 1:k + 3]
                      if not _MARK.fullmatch(x.strip())), -1)
        # and, after a clause's end, an item after a line the GPO cut short (it fills its
        # lines word by word: the label would have fit), or the item after the one that
        # opens the paragraph
        if previous is not None and label and ends and not (indent >= previous + 2):
            column_of_last = len(last) - len(last.lstrip())
            widths = [len(x.rstrip()) for x in lines[max(k - 12, 0):k + 12]
                      if x.strip() and not _MARK.search(x)
                      and abs(len(x) - len(x.lstrip()) - column_of_last) <= 6]
            short = len(last) + len(stripped.split()[0]) + 1 <= max(widths, default=0)
            item = short or _follows(chunk[0], stripped)
        else:
            item = False
        if previous is not None and (indent >= previous + 2 or item or (label and (
                indent >= base + 2
                or ends and (indent < base or first < previous and indent <= first
                             or 0 < after - indent < 4)))):
            close()
            chunk = []
            starts.add(k)
        if not chunk:
            first = indent
        chunk.append(stripped)
        previous = indent
        last = line.rstrip()
    close()
    return [p for p in paragraphs if p], starts


def count_subsections(print_text: str, found: list[str] | None = None) -> int:
    """Labelled paragraphs counted on the print, without the reader: a paragraph (the print's
    blank-line separated text) that begins with labels (``(a)``, ``(b) (i)`` is two), a
    label alone, and labels run in after a section's head and caption (``Sec. 2. General
    Provisions. (a) …``). ``found`` collects the start of each labelled text."""
    m = _HEAD.search(print_text)
    if m is None:
        return 0
    body = print_text[m.start():]

    def count(text: str, after: str) -> int:
        if not text:
            return 0
        if head := _SECTION_HEAD.match(text):
            rest = text[head.end():]
            if n := _leading_labels(rest, found):
                return n
            # labels after the caption: the first full stop (of 40 words) a label follows
            words = rest.split()
            for k, word in enumerate(words[:40]):
                if word.endswith((".", ".--")) and k + 1 < len(words) and \
                        _SUB_LABEL.match(" ".join(words[k + 1:]) + " "):
                    return _leading_labels(" ".join(words[k + 1:]) + " ", found)
            # or (a) after the section's own sentence, when the next paragraph is (b)
            if after.startswith("(b) ") and (m := re.search(r"[.:] \(a\) ", rest)):
                return _leading_labels(rest[m.start() + 2:], found)
            return 0
        return _leading_labels(text + " ", found)

    paragraphs, _ = print_paragraphs(body.split("\n")[1:])
    return sum(count(text, after) for text, after in zip(paragraphs, [*paragraphs[1:], ""],
                                                         strict=True))
