"""The shapes printed executive orders come in, brought to one text the reader parses.

:func:`normalize` takes the bytes or text of a file and returns a :class:`Source`: the
order's text with page marks as ``[[Page N]]`` (where they fall, inside a line or a word
too), and the shape it was found in:

- ``govinfo``: the GPO's Federal Register HTML (a ``<pre>``, hard-wrapped, every decade
  the GPO has online);
- ``xml``: the Federal Register's own XML (``<EXECORD>``, ``<PRTPAGE P="N"/>``…);
- ``json``: a federalregister.gov document (its ``raw_text``/``body_html``/``full_text_xml``
  with ``citation``, ``start_page``, ``document_number`` as fallbacks);
- ``federalregister``: federalregister.gov's text (one paragraph a line,
  ``[Start Printed Page N]``, the ``Filed`` line after ``[FR Doc.``);
- ``pdf``: text taken out of a Federal Register PDF (running heads, folios, the GPO's
  ``VerDate`` slug, words hyphenated at line ends);
- ``wikisource``: a copied Wikisource page (chrome, ``Signature of …``, the licence);
- ``app``: a copied American Presidency Project page (``Executive Order N—Title``, the
  date line, the citation and the site's chrome);
- ``html``: another HTML page, as its text;
- ``lines`` / ``wrapped``: plain text, one paragraph a line or hard-wrapped.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

import lxml.etree
import lxml.html

from ..errors import WstoolsError

GPO_CODES = re.compile(r"\ufffd[A-Z]{2,8}\ufffd|\*ERR\d+\*")
#: the GPO's typesetting codes printed as tags in its HTML: the character each stands for
#: ("" for a code that only marks a sub- or superscript or the signature's place)
GPO_TAGS = {"Register": "®", "orndash": "–", "yen": "¥", "radical": "√", "implies": "⇒",
            "gr-thn-eq": "≥", "ls-thn-eq": "≤", "INF": "", "SUP": "", "/INF": "", "/SUP": "",
            "Clinton1": "", "Clinton2": ""}
_GPO_TAG = re.compile(r"<(" + "|".join(GPO_TAGS) + r")>")
MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|"
          "December")


class OrderError(WstoolsError, ValueError):
    """The input is not an executive order wstools can read (a :class:`WstoolsError`, the
    one base of the errors reported as ``file: message`` with exit 2; still a ValueError for
    callers that catch that). ``file`` names the input where the caller knows it.

    >>> OrderError("no 'Executive Order N' head line", "EO_1.htm").format()
    "EO_1.htm: no 'Executive Order N' head line"
    >>> isinstance(OrderError("x"), ValueError)
    True
    """

    def __init__(self, message: str, file: str = "") -> None:
        super().__init__(file, message)


@dataclass
class Source:
    text: str
    shape: str
    #: what a JSON document or an XML print says beside the text (number, page, frdoc…)
    meta: dict[str, str] = field(default_factory=dict)
    #: places where the print is ambiguous and was left as printed
    flags: list[str] = field(default_factory=list)
    #: the heads of further orders the file holds (a second GPO ``<pre>``)
    others: list[str] = field(default_factory=list)


#: an order's head line, in any print
_ANY_HEAD = re.compile(r"^[ \t]*Executive Order \d+(?: of)? +\w+ \d{1,2}, \d{4}[ \t]*$", re.M)


def decode(data: bytes | str) -> str:
    if isinstance(data, bytes):
        data = data.replace(b"\0", b"")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data.replace("\0", "")
    text = text.removeprefix("\ufeff")
    return GPO_CODES.sub("", text).replace("\r\n", "\n").replace("\r", "\n")


_HTML_START = re.compile(r"\s*<(?:!doctype\b|!--|[a-z][a-z0-9]*\b[^<>]*>)", re.I)


def normalize(data: bytes | str) -> Source:
    """The order's text and its shape (raises :class:`OrderError` on a JSON or XML without
    an order)."""
    text = decode(data)
    head = text.lstrip()[:1]
    if head in "{[" and (doc := _json(text)) is not None:
        return _from_json(doc)
    if re.search(r"<(?:EXECORD|PRESDOCU|EXECORDR)\b", text[:200_000]):
        return _from_xml(text)
    if re.search(r"<pre\b", text[:200_000], re.I):
        text = _GPO_TAG.sub(lambda m: GPO_TAGS[m.group(1)], text)
        text = re.sub(r"<(GRAPHIC\b[^<>]{0,80})>", r"&lt;\1&gt;", text)  # a note, not a tag
        try:
            root = lxml.html.fromstring(text)
        except lxml.etree.ParserError:  # ("Document is empty": the <pre> inside a comment)
            raise OrderError("HTML without a <pre> text") from None
        pres = root.findall(".//pre")
        if not pres:
            raise OrderError("HTML without a <pre> text")
        # a second <pre> (after the first's </html> too, where lxml stops reading) that
        # holds an order's head: another order
        blocks = re.split(r"<pre\b", text, flags=re.I)[2:]
        others = [" ".join(m.group(0).split()) for block in blocks
                  if (m := _ANY_HEAD.search(block)) is not None]
        return Source(pres[0].text_content(), "govinfo", others=others)
    # an HTML page (a saved or copied web page) opens with markup; plain text that quotes a
    # tag ("<div>", "<!--") is text, every character of it
    html = _HTML_START.match(text) is not None and re.search(
        r"<(?:html|body|p|div)\b", text[:20_000], re.I) is not None
    text, details = _site_details(_html_text(text) if html else text)
    source = _text_shape(text, html=html)
    source.meta = {**details, **source.meta}
    return source


#: federalregister.gov's document details, lines of their own a copy of its page carries
#: between the title and the text (never the print's words)
_SITE_DETAILS = re.compile(
    r"^[ \t]*(?:A Presidential Document by the [^\n]{1,80} on (?P<published>\d\d/\d\d/\d{4})"
    r"|Document Citation:[ \t]*(?P<citation>\d+ FR \d+)"
    r"|Pages?:[ \t]*(?P<start>\d+)(?:[ \t]*-[ \t]*(?P<end>\d+))?[ \t]*\(\d+ pages?\)"
    r"|EO Citation:[ \t]*EO \d+|Executive Order Number:[ \t]*\d+"
    r"|Document Number:[ \t]*(?P<document>[\w-]+)"
    r"|(?:Publication|Signing) Date:[ \t]*\d\d/\d\d/\d{4}"
    r"|Document Type:[ \t]*Presidential Document"
    r"|Presidential Document Type:[ \t]*Executive Order"
    r"|Agenc(?:y|ies):[ \t]*Executive Office of the President"
    r"|Printed version:[ \t]*PDF)[ \t]*\n", re.M)


def _site_details(text: str) -> tuple[str, dict[str, str]]:
    r"""The text without federalregister.gov's document details (two or more of its lines:
    ``Document Citation: 86 FR 7009``, ``Page: 7009-7012 (4 pages)``, ``Document Number:
    …``), and what they say (citation, pages, document number, publication date).

    >>> text, meta = _site_details("Title\nDocument Citation: 86 FR 7009\n"
    ...                            "Page: 7009-7012 (4 pages)\nBy the authority\n")
    >>> text
    'Title\nBy the authority\n'
    >>> sorted(meta.items())
    [('citation', '86 FR 7009'), ('end_page', '7012'), ('start_page', '7009')]
    """
    hits = list(_SITE_DETAILS.finditer(text))
    if len(hits) < 2:
        return text, {}
    meta: dict[str, str] = {}
    for m in hits:
        if m.group("published"):
            month, day, year = m.group("published").split("/")
            meta["publication_date"] = f"{year}-{month}-{day}"
        for key, group in (("citation", "citation"), ("start_page", "start"),
                           ("end_page", "end"), ("document_number", "document")):
            if m.group(group):
                meta.setdefault(key, m.group(group))
    return _SITE_DETAILS.sub("", text), meta


def _json(text: str) -> dict | None:
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    if isinstance(doc, list) and doc and isinstance(doc[0], dict):
        doc = doc[0]
    return doc if isinstance(doc, dict) else None


def _from_json(doc: dict) -> Source:
    meta = {k: str(doc[k]) for k in ("executive_order_number", "title", "signing_date",
                                     "citation", "start_page", "end_page", "document_number",
                                     "publication_date", "volume", "html_url", "pdf_url")
            if doc.get(k) not in (None, "")}
    body = next((doc[k] for k in ("raw_text", "full_text_xml", "body_html", "full_text",
                                  "text") if isinstance(doc.get(k), str) and doc[k].strip()),
                None)
    if body is None:
        raise OrderError("a federalregister.gov JSON without the order's text (its "
                         "raw_text_url or body_html_url holds it)")
    inner = normalize(body)
    inner.meta = {**meta, **inner.meta}
    inner.shape = "json"
    return inner


# -- the Federal Register's XML ------------------------------------------------------------

_XML_BLOCKS = {"EXECORDR": "head", "HD": "title", "FP": "p", "P": "p", "PSIG": "sig",
               "PLACE": "p", "DATE": "p", "FRDOC": "p", "BILCOD": "p", "GPH": "graphic",
               "PRES": "p", "TITLE3": "skip", "PRES_DOC": "skip", "PRESDOCU": "skip"}


def _from_xml(text: str) -> Source:
    from lxml import etree

    start = re.search(r"<(?:PRESDOCU|EXECORD)\b", text)
    try:
        root = etree.fromstring(text[start.start() if start else 0:].encode("utf-8"),
                                etree.XMLParser(resolve_entities=False, no_network=True,
                                                recover=True, huge_tree=False))
    except etree.XMLSyntaxError as exc:
        raise OrderError(f"XML that cannot be read: {exc}") from None
    if root is None:
        raise OrderError("XML without an order")
    out: list[str] = []
    meta: dict[str, str] = {}

    def inline(el: etree._Element) -> str:
        parts = [el.text or ""]
        for child in el:
            if child.tag == "PRTPAGE":
                parts.append(f"[[Page {child.get('P', '')}]]")
            elif child.tag == "E" and child.get("T") == "03":
                parts.append(inline(child))
            else:
                parts.append(inline(child))
            parts.append(child.tail or "")
        return "".join(parts)

    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.tag == "PRTPAGE" and el.getparent() is not None and \
                el.getparent().tag not in _XML_BLOCKS:
            out.append(f"[[Page {el.get('P', '')}]]")
            continue
        kind = _XML_BLOCKS.get(el.tag)
        if kind is None or kind == "skip":
            continue
        if kind == "graphic":
            gid = el.findtext(".//GID") or ""
            out.append(f"[GRAPHIC] [TIFF OMITTED] {gid}".rstrip())
            continue
        line = " ".join(inline(el).split())
        if kind == "sig" and not line:
            line = "(Presidential Sig.)"
        if line:
            out.append(line)
    if not out:
        raise OrderError("XML without an order")
    if m := re.search(r"<FRDOC>\s*\[FR Doc\.\s*([\w-]+)", text):
        meta["document_number"] = m.group(1)
    return Source("\n\n".join(out), "xml", meta)


# -- text of HTML pages --------------------------------------------------------------------

_BLOCK_TAGS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "dd", "dt",
               "blockquote", "section", "article", "header", "footer", "table", "ul", "ol"}


def _html_text(text: str) -> str:
    """The text an HTML page shows, a block a paragraph; none for a page with no element
    (only a comment, say).

    >>> _html_text("<!--<P>")
    ''
    """
    try:
        root = lxml.html.fromstring(text)
    except lxml.etree.ParserError:  # ("Document is empty": nothing but a comment or blanks)
        return ""
    for bad in root.xpath("//script|//style|//noscript"):
        bad.drop_tree()
    parts: list[str] = []

    def walk(el: lxml.html.HtmlElement) -> None:
        tag = el.tag if isinstance(el.tag, str) else ""
        block = tag in _BLOCK_TAGS
        if block:
            parts.append("\n")
        if tag == "img" and el.get("alt"):
            parts.append("\n" + el.get("alt") + "\n")
        parts.append(el.text or "")
        for child in el:
            walk(child)
            parts.append(child.tail or "")
        if block:
            parts.append("\n")

    walk(root)
    lines = [" ".join(line.split()) for line in "".join(parts).split("\n")]
    return "\n".join(line for line in lines if line)


# -- plain text shapes ---------------------------------------------------------------------

_RUNNING_HEAD = re.compile(r"^\s*(?:\d{1,6}\s+)?Federal Register\s*/\s*Vol\.\s*\d+\s*,\s*No\.\s*"
                           r"\d+\s*/\s*\w+,\s+\w+\s+\d{1,2},\s+\d{4}\s*/\s*Presidential "
                           r"Documents(?:\s+(\d{1,6}))?\s*$")
_HEAD_ISSUE = re.compile(r"Federal Register\s*/\s*Vol\.\s*(\d+)\s*,\s*No\.\s*(\d+)\s*/\s*"
                         r"(\w+,\s+\w+\s+\d{1,2},\s+\d{4})")
_VERDATE = re.compile(r"^\s*VerDate\b.*$")
_FOLIO = re.compile(r"^\s*(\d{1,6})\s*$")
_START_PAGE = re.compile(r"\[Start Printed Page (\d+)\]")


def _text_shape(text: str, html: bool = False) -> Source:
    if "[Start Printed Page" in text:
        return _from_federalregister(text)
    if "American Presidency Project" in text or "presidency.ucsb.edu" in text:
        return _from_app(text)
    if ("From Wikisource" in text or "wikisource" in text.lower()
            or re.search(r"^Signature of \S", text, re.M)
            or "This work is in the public domain in the United States" in text):
        return _from_wikisource(text)
    lines = text.split("\n")
    heads = sum(1 for line in lines if _RUNNING_HEAD.match(line))
    if "\f" in text or any(_VERDATE.match(line) for line in lines) or heads >= 2 \
            or (heads == 1 and any(_FOLIO.match(line) for line in lines)):
        return _from_pdf(text)
    body = [line for line in lines if line.strip()]
    long_lines = sum(1 for line in body if len(line) > 120)
    blank = sum(1 for line in text.strip().split("\n") if not line.strip())
    indented = sum(1 for line in body if line[:1] in " \t")
    shape = "lines" if body and (long_lines * 4 >= len(body) or (
        blank * 10 <= len(body) and indented * 10 < len(body)
        and not _hard_wrapped(body))) else "wrapped"
    if html:
        shape = "lines"
    return Source(text, "html" if html else shape)


_RUNS_ON_END = re.compile(r"[A-Za-z,]$")
_LABEL_ALONE = re.compile(r"\s*\(\w{1,8}\)\s*")


def _hard_wrapped(body: list[str]) -> bool:
    """Lines wrapped at a width with no blank line between paragraphs (text rewrapped by
    hand), not one paragraph a line: one line in 20 or more ends inside a sentence (a
    letter or comma) and the next goes on in lower case, and 9 lines in 10 are no wider
    than 100 characters. One paragraph a line has few such lines (a title, a label alone
    on its line, a sentence the print broke with a blank line) and wider lines.

    >>> _hard_wrapped(["Sec. 1. The Secretary shall", "report to the President.", "Sec. 2."])
    True
    >>> _hard_wrapped(["Sec. 1. The Secretary shall report.", "(a)", "the first item;"])
    False
    """
    runs_on = sum(1 for line, after in zip(body, body[1:], strict=False)
                  if _RUNS_ON_END.search(line.rstrip()) and after[:1].islower()
                  and not _LABEL_ALONE.fullmatch(line))
    wide = sum(1 for line in body if len(line.rstrip()) > 100)
    return runs_on >= 1 and runs_on * 20 >= len(body) and wide * 10 <= len(body)


def _from_federalregister(text: str) -> Source:
    """``[Start Printed Page N]`` becomes ``[[Page N]]`` where it stands (inside a word too:
    the page turns inside it)."""
    return Source(_START_PAGE.sub(r"[[Page \1]]", text), "federalregister")


def _from_pdf(text: str) -> Source:
    """Running heads and folios become page marks; the GPO's slug goes; words broken at a
    line end by a hyphen are joined where the text shows how (the same word elsewhere with
    or without its hyphen) and otherwise kept with the hyphen and flagged."""
    out: list[str] = []
    flags: list[str] = []
    meta: dict[str, str] = {}
    pending: str | None = None
    for line in text.replace("\f", "\n").split("\n"):
        if _VERDATE.match(line):
            continue
        head = _RUNNING_HEAD.match(line)
        if head and not meta and (issue := _HEAD_ISSUE.search(line)):
            # the running head names the issue: volume, number and date
            meta = {"volume": issue.group(1), "issue": issue.group(2),
                    "issue_date": " ".join(issue.group(3).split())}
        if head:
            folio = re.match(r"^\s*(\d{1,6})\s", line)
            page = head.group(1) or (folio.group(1) if folio else None)
            if page:
                out.append(f"[[Page {page}]]")
            else:
                pending = "head"
            continue
        if pending == "head" and (folio := _FOLIO.match(line)):
            out.append(f"[[Page {folio.group(1)}]]")
            pending = None
            continue
        pending = None
        out.append(line)
    joined = _dehyphenate(out, flags)
    return Source(joined, "pdf", meta=meta, flags=flags)


_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")


def _dehyphenate(lines: list[str], flags: list[str]) -> str:
    text = "\n".join(lines)
    words = Counter(w.lower() for w in _WORD.findall(text.replace("-\n", "\x01")))
    result: list[str] = []
    index = 0
    # the length of a line the text fills (the median)
    filled = sorted(len(x.strip()) for x in lines if x.strip())
    typical = filled[len(filled) // 2] if filled else 0
    while index < len(lines):
        line = lines[index].rstrip()
        nxt_i = index + 1
        while nxt_i < len(lines) and re.fullmatch(r"\s*\[\[Page \d+\]\]\s*", lines[nxt_i]):
            nxt_i += 1
        m = re.search(r"([A-Za-z]+)-$", line)
        if m and not line.endswith("--") and nxt_i < len(lines):
            nxt = lines[nxt_i].lstrip()
            n = re.match(r"[a-z]+", nxt)
            if n:
                left, right = m.group(1), n.group(0)
                whole = (left + right).lower()
                dashed = f"{left}-{right}".lower()
                marks = [ln.strip() for ln in lines[index + 1:nxt_i]]
                if words[dashed] > words[whole]:
                    pass  # the text has the word with its hyphen (more often than without)
                elif words[whole] > words[dashed] or (
                        not words[dashed] and _dictionary_word(left, right)):
                    line = line[:-1]
                else:
                    flags.append(f"line-end hyphen {left}-{right}: kept as printed")
                # the next line runs on after the word it ends ("profes-" "sional, and
                # (1) …"): none of its words is left at a line's start it did not have
                # (a label there would read as an item); the joined line is read again
                # for its own line-end hyphen. A paragraph's last line, cut short
                # ("dures (11 FAM 720);"), takes the word down instead, and stays short
                # as printed: what follows it opens a paragraph (a word in lower case: the
                # line it leaves, shorter, does not end its paragraph before a line in lower
                # case, read.py's _runs_on)
                head, _, word = line.rpartition(" ")
                if head.strip() and word[:1].islower() and len(word) + len(nxt) <= typical:
                    result.append(head.rstrip())
                    indent = lines[nxt_i][:len(lines[nxt_i]) - len(nxt)]
                    lines[nxt_i] = indent + word + "".join(marks) + nxt
                else:
                    lines[nxt_i] = line + "".join(marks) + nxt
                index = nxt_i
                continue
        result.append(line)
        index += 1
    return "\n".join(result)


def _dictionary_word(left: str, right: str) -> bool:
    """A word broken at a line end is one word when English knows it whole and its two
    pieces are not both words of their own (``assis-tance``; not ``well-being``)."""
    from wordfreq import zipf_frequency

    whole = (left + right).lower()
    if zipf_frequency(whole, "en") < 2.5:
        return False
    return not (zipf_frequency(left.lower(), "en") >= 3.0
                and zipf_frequency(right.lower(), "en") >= 3.0)


_WIKISOURCE_CHROME = re.compile(
    r"^(?:From Wikisource|Jump to navigation Jump to search|Jump to: navigation, search|"
    r"Jump to search|validated|proofread|not proofread|This page has been validated\.?|"
    r"Public domainPublic domain\w*|Navigation menu|Edit|\[edit\]|"
    r"This article is issued from Wikisource\..*|"
    r"This work is in the public domain in the United States because.*|"
    r"Retrieved from .*)$")


def _from_wikisource(text: str) -> Source:
    lines = [line.strip() for line in text.split("\n")]
    if "From Wikisource" in lines[:6]:  # the page's title above the tagline
        lines = lines[lines.index("From Wikisource") + 1:]
    out: list[str] = []
    for line in lines:
        if re.fullmatch(r"Notes(?: Edit|\[edit\])?", line):
            break  # the relations block after the order
        if _WIKISOURCE_CHROME.match(line):
            continue
        out.append(line)
    return Source("\n".join(out), "wikisource")


def _from_app(text: str) -> Source:
    out: list[str] = []
    for line in text.split("\n"):
        s = line.strip()
        if re.search(r"Online by Gerhard Peters and John T\. Woolley|The American Presidency "
                     r"Project|^Filed Under$|^Categories$|^Simple Search of Our Archives$|"
                     r"^Share$|^Twitter$|^Facebook$|^About Search$|^Citation$", s):
            if out and re.search(r"Online by Gerhard Peters", s):
                break  # the citation closes the document
            continue
        out.append(s)
    return Source("\n".join(out), "app")
