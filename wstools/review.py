"""The review page of ``wstools proofread --report``: from the OCR to the page to save.

The page shows the ``Page:`` as it will be saved, rendered (:mod:`wstools.wikitext.html`) and as
wikitext, with every change highlighted where it stands and the OCR it replaced beside it;
the scan beside the text (``--image``); filters by rule and confidence; accept or reject each
change or every change of a rule; and a Download that gives the Page: wikitext with the
accepted changes only.

**The accept/reject model.** The pipeline's edits are all in the coordinates of the input, but
they come from successive steps, so they overlap: the layout's ``' 58'`` -> ``'\\n\\n58'`` covers
the law-number repair ``'S8'`` -> ``'58'`` made before it. Undoing one of two overlapping edits
has no well-defined result, so the page is not reviewed edit by edit but *change by change*:
the input and the saved body are compared token by token (:func:`build_changes`), each
difference is one hunk, and hunks that one edit spans are merged, so every change is a span
of the input and the text that replaces it, and the changes never overlap. Each change lists
the edits that explain it (their rules, confidences and evidence). Accepting every change
gives the saved body exactly; rejecting a change puts its OCR back and nothing else. The
header (the running head moved to ``{{rh}}``) and the footer (the foot folio's ``{{c|53}}``,
``{{smallrefs}}``) are changes of their own, tied to the rule that made them; the running head
is one change with the body changes that take its text out of the body (their ``group``, its
rule alone or composed: ``running-head+line-end``), and so is the foot folio with its own:
the header and the head's removal (the footer and the folio's) are accepted or rejected
together, since either alone would give a page without the head or with it twice.

The page is self-contained (styles, script, data and image inline; a Content-Security-Policy
forbids any fetch), and every string from the input is escaped (HTML text, attributes, and
the JSON in the data block).
"""

from __future__ import annotations

import base64
import bisect
import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate
from pathlib import Path

import regex

from .edits import Edit
from .errors import WstoolsError
from .page import Page, read_page
from .text.ocr import french_spacing

_TOKENS = regex.compile(r"\w+|\s+|[^\w\s]", regex.DOTALL)
_DIFF_LIMIT = 400_000  # characters: a larger page is one change
# nothing is fetched: only inline styles and scripts, and images given as data: URIs
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
IMAGE_LIMIT = 20 * 1024 * 1024
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
               ".gif": "image/gif", ".webp": "image/webp", ".tif": "image/tiff",
               ".tiff": "image/tiff"}


@dataclass
class Change:
    """One reviewable change: ``old`` (the input at ``[start, end)``) becomes ``new`` (the
    saved text at ``[out_start, out_end)`` of its ``part``), explained by ``edits``."""

    index: int
    start: int
    end: int
    old: str
    new: str
    out_start: int
    out_end: int
    edits: list[Edit] = field(default_factory=list)
    part: str = "body"
    group: int | None = None  # the change this one is accepted or rejected with

    @property
    def key(self) -> int:
        """The index whose acceptance decides this change: its group's, or its own."""
        return self.index if self.group is None else self.group

    @property
    def rules(self) -> list[str]:
        seen: list[str] = []
        for e in self.edits:
            if e.rule not in seen:
                seen.append(e.rule)
        return seen or ["unexplained"]

    @property
    def confidence(self) -> float:
        return min((e.confidence for e in self.edits), default=0.0)

    def as_dict(self) -> dict:
        return {"index": self.index, "part": self.part, "group": self.key,
                "start": self.start, "end": self.end,
                "old": self.old, "new": self.new, "rules": self.rules,
                "confidence": self.confidence,
                "edits": [{"rule": e.rule, "old": e.old, "new": e.new,
                           "confidence": e.confidence, "evidence": e.evidence}
                          for e in self.edits]}


def _hunks(source: str, body: str) -> list[list[int]]:
    """The differences of ``source`` and ``body``, token by token: ``[src_start, src_end,
    out_start, out_end]``, in order, never touching (adjacent ones are merged)."""
    if source == body:
        return []
    if len(source) + len(body) > _DIFF_LIMIT:
        return [[0, len(source), 0, len(body)]]
    from rapidfuzz.distance import Levenshtein
    a, b = _TOKENS.findall(source), _TOKENS.findall(body)
    a_at = list(accumulate(map(len, a), initial=0))
    b_at = list(accumulate(map(len, b), initial=0))
    out: list[list[int]] = []
    for op in Levenshtein.opcodes(a, b):
        if op.tag == "equal":
            continue
        h = [a_at[op.src_start], a_at[op.src_end], b_at[op.dest_start], b_at[op.dest_end]]
        if out and out[-1][1] == h[0] and out[-1][3] == h[2]:
            out[-1][1], out[-1][3] = h[1], h[3]
        else:
            out.append(h)
    return out


def _meets(e: Edit, h: list[int]) -> bool:
    """Whether edit ``e`` (input span) and hunk ``h`` share some of the input."""
    s, t = h[0], h[1]
    if e.start < e.end and s < t:
        return e.start < t and s < e.end
    if e.start == e.end and s == t:
        return e.start == s
    if e.start == e.end:
        return s < e.start < t
    return e.start < s < e.end


def build_changes(source: str, body: str, edits: Sequence[Edit]) -> tuple[list[Change],
                                                                          list[Edit]]:
    """The reviewable changes that turn ``source`` into ``body`` (see the module docstring),
    and the edits that left no difference (an edit undone by a later one).

    >>> es = [Edit(2, 4, "S8", "58", "law-number"), Edit(1, 4, " S8", "\\n\\n58", "layout")]
    >>> changes, _ = build_changes("a. S8. b", "a.\\n\\n58. b", es)
    >>> [(c.old, c.new, c.rules) for c in changes]
    [(' S8', '\\n\\n58', ['layout', 'law-number'])]
    """
    hunks = _hunks(source, body)
    starts = [h[0] for h in hunks]
    parent = list(range(len(hunks)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owners: dict[int, list[Edit]] = {}
    idle: list[Edit] = []
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        lo = max(bisect.bisect_right(starts, e.start) - 1, 0)
        met = []
        k = lo
        while k < len(hunks) and hunks[k][0] <= e.end:
            if _meets(e, hunks[k]):
                met.append(k)
            k += 1
        if not met:  # touching a hunk (an insertion next to it), or no net difference
            near = [k for k in range(lo, min(k + 1, len(hunks)))
                    if hunks[k][0] <= e.end and e.start <= hunks[k][1]]
            if near:
                met = near[:1]
            else:
                idle.append(e)
                continue
        for k in range(met[0], met[-1] + 1):  # an edit spans every hunk between
            parent[find(k)] = find(met[0])
        owners.setdefault(met[0], []).append(e)
    groups: dict[int, list[int]] = {}
    for k in range(len(hunks)):
        groups.setdefault(find(k), []).append(k)
    changes: list[Change] = []
    for members in sorted(groups.values()):
        first, last = hunks[members[0]], hunks[members[-1]]
        mine = [e for k in members for e in owners.get(k, [])]
        changes.append(Change(len(changes), first[0], last[1], source[first[0]:last[1]],
                              body[first[2]:last[3]], first[2], last[3],
                              sorted(mine, key=lambda e: (e.start, e.end))))
    return changes, idle


def apply_changes(source: str, changes: Sequence[Change], accepted: set[int]) -> str:
    """``source`` with the body changes whose index (or group's, :attr:`Change.key`) is in
    ``accepted`` made.

    >>> es = [Edit(0, 3, "arc", "are", "witness"), Edit(7, 8, " ", "\\n\\n", "layout")]
    >>> cs, _ = build_changes("arc one two", "are one\\n\\ntwo", es)
    >>> apply_changes("arc one two", cs, {1})
    'arc one\\n\\ntwo'
    """
    out, pos = [], 0
    for c in changes:
        if c.part != "body":
            continue
        out.append(source[pos:c.start])
        out.append(c.new if c.key in accepted else c.old)
        pos = c.end
    out.append(source[pos:])
    return "".join(out)


@dataclass
class Review:
    """What the review page shows: the input page, the saved page, the changes."""

    name: str
    title: str | None
    source: str  # the body the pipeline read (the OCR)
    page: Page  # the page to save
    original: Page  # the page as given
    changes: list[Change]
    idle: list[Edit]
    flags: list[tuple[int, int, str, str]]  # (start, end, word, why) in the saved body
    frame: tuple[str, str, str, str]  # wikitext around header, body and footer

    def wikitext(self, accepted: set[int] | None = None) -> str:
        """The Page: wikitext with the ``accepted`` changes (default: all)."""
        every = {c.index for c in self.changes}
        accepted = every if accepted is None else accepted
        if all(c.key in accepted for c in self.changes):
            return self.page.wikitext()
        body = apply_changes(self.source, self.changes, accepted)
        header, footer = self.original.header, self.original.footer
        for c in self.changes:
            if c.key in accepted and c.part == "header":
                header = c.new
            if c.key in accepted and c.part == "footer":
                footer = c.new
        return "".join((self.frame[0], header, self.frame[1], body, self.frame[2], footer,
                        self.frame[3]))


_SENTINELS = ("\ue000HEADER\ue000", "\ue000BODY\ue000", "\ue000FOOTER\ue000")


def _frame(page: Page) -> tuple[str, str, str, str]:
    """The wikitext around the header, body and footer of ``page`` as it is written."""
    probe = replace(page, header=_SENTINELS[0], body=_SENTINELS[1], footer=_SENTINELS[2])
    probe._stored = dict(page._stored)
    text = probe.wikitext()
    a, rest = text.split(_SENTINELS[0], 1)
    b, rest = rest.split(_SENTINELS[1], 1)
    c, d = rest.split(_SENTINELS[2], 1) if _SENTINELS[2] in rest else (rest, "")
    return a, b, c, d


def make_review(result, input_text: str, name: str = "page",  # noqa: ANN001 - ProofreadResult
                flags: Sequence[tuple[int, int, str, str]] = ()) -> Review:
    """The review of ``result`` (:func:`wstools.proofread.proofread_page` of
    ``read_page(input_text)``); its edits in the coordinates of the page's body.
    ``flags`` are suspects in the saved body: ``(start, end, word, why)``."""
    original = read_page(input_text)
    source = result.source
    page = result.page
    changes, idle = build_changes(source, page.body, result.edits)
    extra = []
    for part in ("header", "footer"):
        old, new = getattr(original, part), getattr(page, part)
        if old != new:
            extra.append(Change(0, 0, len(old), old, new, 0, len(new),
                                _part_edits(part, old, new, result.edits), part))
    changes = extra[:1] + changes + extra[1:] if extra and extra[0].part == "header" \
        else changes + extra
    changes = _tie_furniture([replace(c, index=k) for k, c in enumerate(changes)])
    frame = _frame(page)
    whole = "".join((frame[0], page.header, frame[1], page.body, frame[2], page.footer,
                     frame[3]))
    if whole != page.wikitext():  # stored byte for byte (a bare page): the body is the page
        frame = ("", "", "", "")
    review = Review(name, result.title, source, page, original, changes, idle, list(flags),
                    frame)
    return review


def _of_rule(rule: str, name: str) -> bool:
    """Whether ``rule`` is ``name`` or a composition with it (``running-head+line-end``,
    the head's removal in CRLF input)."""
    return name in rule.split("+")


def _part_edits(part: str, old: str, new: str, edits: Sequence[Edit]) -> list[Edit]:
    """What explains the change of the page's ``part``: the running head's edits (the
    header), the foot folio's (the footer), and the list of the footnotes a footer gained."""
    if part == "header":
        mine = [e for e in edits if _of_rule(e.rule, "running-head")]
        return mine or [Edit(0, len(old), old, new, "running-head", 1.0,
                             "the page's header: the running head, as a template")]
    mine = [e for e in edits if _of_rule(e.rule, "foot-folio")]
    if not mine or _REFERENCE_LIST.search(new) and not _REFERENCE_LIST.search(old):
        mine.append(Edit(0, len(old), old, new, "references", 1.0,
                         "the page's footer: the list of the footnotes (<ref>s)"))
    return mine


_REFERENCE_LIST = regex.compile(r"\{\{\s*(?:smallrefs|reflist|references)\b|<references\b",
                                regex.IGNORECASE)


def _tie_furniture(changes: list[Change]) -> list[Change]:
    """The running head and the foot folio are each one change: the header (the footer)
    they become and their text leaving the body are accepted or rejected together (either
    alone loses the head or the folio, or gives it twice); a body change that takes out
    both ties the header and the footer too."""
    head = next((c for c in changes if c.part == "header"), None)
    foot = next((c for c in changes if c.part == "footer"
                 and any(_of_rule(r, "foot-folio") for r in c.rules)), None)
    tied = {"running-head": head, "foot-folio": foot}
    if head is not None and foot is not None and any(
            c.part == "body" and all(any(_of_rule(r, name) for r in c.rules) for name in tied)
            for c in changes):
        tied["foot-folio"] = head
        changes = [replace(c, group=head.index) if c is foot else c for c in changes]
    for name, furniture in tied.items():
        if furniture is not None:
            changes = [replace(c, group=furniture.index) if c.part == "body" and any(
                _of_rule(r, name) for r in c.rules) and c.group is None else c
                for c in changes]
    return changes


# -- flags in the saved text ---------------------------------------------------------------


def flag_spans(review: Review) -> list[tuple[int, int, str, str]]:
    """The flags (in the saved body) with where they stand."""
    return review.flags


# -- HTML ----------------------------------------------------------------------------------


def json_for_script(data: str) -> str:
    """JSON made safe inside ``<script type="application/json">`` (``<``, ``>``, ``&`` as
    ``\\u`` escapes, which JSON.parse reads back).

    >>> json_for_script('{"t": "</script>"}')
    '{"t": "\\\\u003c/script\\\\u003e"}'
    """
    return (data.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _visible(text: str) -> str:
    """Whitespace made visible for the list of changes: ``⏎`` for a line break, ``·`` for
    a space, ``∅`` for nothing."""
    if not text:
        return "∅"
    return text.replace(" ", "·").replace("\n", "⏎").replace("\t", "→")


_PLAIN = regex.compile(r"[^\[\]{}<>|'=\n&~_:;*#!\ue000-\ue0ff]+")
_MARK = regex.compile(r"\ue001(f?\d+)\ue002([^\ue001-\ue003]*)\ue003")
_MARKERS = regex.compile(r"[\ue001-\ue003]")


def _rendered_body(review: Review) -> str:
    """The saved body rendered, with the changes that are plain text (no markup in their old
    and new text) marked where they stand, so that rejecting one shows the OCR there."""
    from .wikitext.html import HtmlRenderer
    from .wikitext.registry import Registry
    body = review.page.body
    marked = []
    pos = 0
    spans: list[tuple[int, int, str]] = []
    if not _MARKERS.search(body):
        for c in review.changes:
            if c.part == "body" and _PLAIN.fullmatch(c.new) and (
                    c.old == "" or _PLAIN.fullmatch(c.old)):
                spans.append((c.out_start, c.out_end, str(c.index)))
        for k, (a, b, _, _) in enumerate(review.flags):
            if _PLAIN.fullmatch(body[a:b]) and not any(
                    x < b and a < y for c in review.changes if c.part == "body"
                    for x, y in [(c.out_start, c.out_end)]):
                spans.append((a, b, f"f{k}"))
    for a, b, key in sorted(spans):
        if a < pos:
            continue
        marked.append(body[pos:a])
        marked.append(f"\ue001{key}\ue002{body[a:b]}\ue003")
        pos = b
    marked.append(body[pos:])
    renderer = HtmlRenderer(Registry.from_directory(), review.title or "", toc=False)
    parts = []
    for part, text in (("header", review.page.header), ("body", "".join(marked)),
                       ("footer", review.page.footer)):
        if not text.strip():
            continue
        fragment = renderer.render(text).html
        parts.append(f'<div class="page-{part}">{_marks(fragment, review.flags)}</div>')
    return "\n".join(parts)


def _marks(fragment: str, flags: Sequence[tuple[int, int, str, str]] = ()) -> str:
    """Turn the change markers in the text of ``fragment`` into ``<mark>`` elements; markers
    anywhere else (an attribute) are dropped."""
    import lxml.html
    from lxml import etree
    if not _MARKERS.search(fragment):
        return fragment
    root = lxml.html.fragment_fromstring(fragment, create_parent="div")

    def split(text: str) -> tuple[str, list]:
        pieces: list = []
        last = 0
        head = None
        for m in _MARK.finditer(text):
            chunk = _MARKERS.sub("", text[last:m.start()])
            if pieces:
                pieces[-1].tail = chunk
            else:
                head = chunk
            el = etree.Element("mark")
            key = m.group(1)
            if key.startswith("f"):
                el.set("class", "flag-r")
                el.set("title", "suspect: " + flags[int(key[1:])][3])
            else:
                el.set("class", "chg-r")
                el.set("data-change", key)
            el.text = m.group(2)
            pieces.append(el)
            last = m.end()
        rest = _MARKERS.sub("", text[last:])
        if pieces:
            pieces[-1].tail = rest
        else:
            head = rest
        return head or "", pieces

    for el in list(root.iter()):
        if not isinstance(el.tag, str):
            continue
        for key, value in el.attrib.items():
            if _MARKERS.search(value):
                el.set(key, _MARKERS.sub("", value))
        if el.text and _MARKERS.search(el.text):
            head, pieces = split(el.text)
            el.text = head
            for k, p in enumerate(pieces):
                el.insert(k, p)
        if el is not root and el.tail and _MARKERS.search(el.tail):
            head, pieces = split(el.tail)
            el.tail = head
            parent = el.getparent()
            at = parent.index(el) + 1
            for k, p in enumerate(pieces):
                parent.insert(at + k, p)
    out = (root.text or "") + "".join(
        etree.tostring(child, encoding="unicode", method="html") for child in root)
    return _MARKERS.sub("", out)


def _wikitext_view(review: Review) -> str:
    """The saved wikitext, each change in place: the saved text and the OCR it replaced."""
    flags = sorted(review.flags)
    out = []
    for part, text in (("header", review.page.header), ("body", review.page.body),
                       ("footer", review.page.footer)):
        changes = [c for c in review.changes if c.part == part]
        pieces = []
        pos = 0
        for c in changes:
            pieces.append(_flagged(text, pos, c.out_start, flags if part == "body" else []))
            flag = any(f[0] < c.out_end and c.out_start < f[1] for f in flags) \
                if part == "body" else False
            pieces.append(
                f'<span class="chg accepted{" flagged" if flag else ""}" id="chg-{c.index}" '
                f'data-change="{c.index}" data-rules="{_esc(" ".join(c.rules))}" '
                f'title="{_esc(_tooltip(c))}"><ins>{_esc(c.new)}</ins>'
                f'<del>{_esc(c.old)}</del></span>')
            pos = c.out_end
        pieces.append(_flagged(text, pos, len(text), flags if part == "body" else []))
        out.append(f'<div class="wt-{part}"><span class="part-name">{part}</span>'
                   f'{"".join(pieces)}</div>')
    return "\n".join(out)


def _flagged(text: str, start: int, end: int, flags: list) -> str:
    out, pos = [], start
    for a, b, _word, why in flags:
        if a < pos or b > end:
            continue
        out.append(_esc(text[pos:a]))
        out.append(f'<span class="flag" title="{_esc("suspect: " + why)}">'
                   f"{_esc(text[a:b])}</span>")
        pos = b
    out.append(_esc(text[pos:end]))
    return "".join(out)


def _tooltip(c: Change) -> str:
    lines = [f"OCR: {_visible(c.old)} -> {_visible(c.new)}"]
    for e in c.edits:
        lines.append(f"{e.rule} ({e.confidence:.2f}): {readable_evidence(e.evidence)}")
    return "\n".join(lines)


_PRINTINGS: dict[str, str] | None = None


def readable_evidence(text: str) -> str:
    """Evidence with the corpus' printing ids (``witness hoyle-1909-whist:137``) named as a
    proofreader knows them: ``witness The Laws of Whist (Hoyle's Games Modernized, 1909),
    line 137``."""
    global _PRINTINGS
    if _PRINTINGS is None:
        _PRINTINGS = {}
        try:
            from .corpus.store import load
            for p in load():
                m = p.metadata
                where = ", ".join(v for v in (m.get("edition"), m.get("year")) if v)
                _PRINTINGS[p.id] = f"{m.get('title', p.id)}" + (f" ({where})" if where else "")
        except Exception:  # noqa: BLE001 - no corpus: the ids stay
            pass
    if not _PRINTINGS:
        return text
    return regex.sub(r"\b([a-z0-9][a-z0-9-]+):(\d+)\b",
                     lambda m: f"{_PRINTINGS[m.group(1)]}, line {m.group(2)}"
                     if m.group(1) in _PRINTINGS else m.group(0), text)


def _context(source: str, start: int, end: int, width: int = 30) -> str:
    left = source[max(0, start - width):start].replace("\n", " ")
    right = source[end:end + width].replace("\n", " ")
    return (f'…{_esc(left)}<b class="ctx-old">{_esc(_visible(source[start:end]))}</b>'
            f"{_esc(right)}…")


def _ocr_view(review: Review) -> str:
    """The OCR as given, each change's span marked."""
    out, pos = [], 0
    for c in review.changes:
        if c.part != "body":
            continue
        out.append(_esc(review.source[pos:c.start]))
        out.append(f'<span class="ocr-chg" data-change="{c.index}">'
                   f'{_esc(c.old) or "&#8203;"}</span>')
        pos = c.end
    out.append(_esc(review.source[pos:]))
    return "".join(out)


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def image_data_uri(path: str) -> str:
    """The scan ``path`` as a ``data:`` URI (PNG, JPEG, GIF, WebP or TIFF, at most 20 MB)."""
    p = Path(path)
    kind = IMAGE_TYPES.get(p.suffix.lower())
    if kind is None:
        raise WstoolsError(path, "--image takes a PNG, JPEG, GIF, WebP or TIFF file")
    try:
        if not p.is_file():
            raise WstoolsError(path, "no such image file")
        if p.stat().st_size > IMAGE_LIMIT:
            raise WstoolsError(path, "the image is over 20 MB")
        data = p.read_bytes()
    except OSError as exc:
        raise WstoolsError(path, f"cannot read the image: {exc.strerror or exc}") from None
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def review_html(review: Review, image: str | None = None, download: str | None = None) -> str:
    """The review page; ``image`` a ``data:`` URI of the scan; ``download`` the file name."""
    download = download or (Path(review.name).stem or "page") + ".wiki"
    rules: dict[str, int] = {}
    for c in review.changes:
        for r in c.rules:
            rules[r] = rules.get(r, 0) + 1
    rule_rows = "".join(
        f'<li><label><input type="checkbox" class="show-rule" value="{_esc(r)}" checked> '
        f'{_esc(r)} ({n})</label> <button class="rule-accept" data-rule="{_esc(r)}">'
        f'accept all</button> <button class="rule-reject" data-rule="{_esc(r)}">reject all'
        "</button></li>" for r, n in sorted(rules.items(), key=lambda x: (-x[1], x[0])))
    rows = []
    for c in review.changes:
        where = ""
        if c.part == "body":
            line, col = _line_col(review.source, c.start)
            where = f"{line}:{col}"
        if c.group is not None:  # accepted or rejected with the header or the footer
            where += f" (with change {c.group}, the {review.changes[c.group].part})"
        evidence = "".join(f"<li><b>{_esc(e.rule)}</b> ({e.confidence:.2f}) "
                           f"{_esc(readable_evidence(e.evidence))}</li>" for e in c.edits) or \
            "<li>a difference no edit explains</li>"
        ocr = _context(review.source, c.start, c.end) if c.part == "body" else \
            _esc(_visible(c.old))
        rows.append(
            f'<tr class="row" id="row-{c.index}" data-change="{c.index}" '
            f'data-rules="{_esc(" ".join(c.rules))}" data-confidence="{c.confidence:.2f}">'
            f'<td><input type="checkbox" class="accept" id="accept-{c.index}" '
            f'data-change="{c.index}" checked></td><td>{_esc(c.part)} {where}</td>'
            f"<td>{ocr}</td>"
            f"<td class=\"new\">{_esc(_visible(c.new))}</td><td>{_esc(', '.join(c.rules))}</td>"
            f"<td>{c.confidence:.2f}</td><td><ul>{evidence}</ul></td></tr>")
    flag_rows = "".join(
        f"<li><b>{_esc(word)}</b> — {_esc(why)}</li>" for _, _, word, why in review.flags)
    data = {"name": download, "frame": list(review.frame), "source": review.source,
            "original": {"header": review.original.header, "footer": review.original.footer},
            "changes": [c.as_dict() for c in review.changes],
            "saved": review.page.wikitext()}
    scan = (f'<section class="scan"><h2>Scan</h2><img id="scan" alt="the scan of the page" '
            f'src="{_esc(image)}"></section>') if image else ""
    title = review.title or review.name
    summary = (f"{len(review.changes)} changes ({sum(len(c.edits) for c in review.changes)} "
               f"edits), {len(review.flags)} suspects left in the text")
    css = _stylesheet()
    payload = json_for_script(json.dumps(data, ensure_ascii=False))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<title>Review: {_esc(title)}</title>
<style>{css}
{STYLE}</style>
</head>
<body>
<header class="top">
<h1>Review: {_esc(title)}</h1>
<p>{_esc(summary)}. <span id="accepted-count">{len(review.changes)}</span> of
{len(review.changes)} changes accepted. Click a change (in the page or the list) to reject or
accept it; <b>Download</b> gives the Page: wikitext with the accepted changes, ready to save.
<button id="download">Download {_esc(download)}</button>
<button id="accept-all">accept all</button> <button id="reject-all">reject all</button></p>
<details class="filters" open><summary>Filters</summary>
<p><label>show changes of confidence up to <input type="range" id="max-confidence" min="0"
max="1" step="0.05" value="1"> <output id="max-confidence-value">1.00</output></label>
<label><input type="checkbox" id="only-flagged"> only changes with a suspect</label></p>
<ul class="rules">{rule_rows}</ul></details>
</header>
<main class="panes">
{scan}
<section class="page"><h2>The page as it will be saved</h2>
<p class="note">Rendered with every change accepted; a plain-text change you reject shows
the OCR here, the wikitext below follows every choice.</p>
<div class="rendered mw-parser-output" id="rendered">{_rendered_body(review)}</div>
<h2>Wikitext</h2>
<div class="wikitext" id="wikitext">{_wikitext_view(review)}</div></section>
<section class="ocr"><h2>OCR</h2><div class="ocr-text" id="ocr">{_ocr_view(review)}</div>
</section>
</main>
<section><h2>Suspects left in the text</h2><ul id="flags">{flag_rows or "<li>none</li>"}</ul>
</section>
<section><h2>Changes</h2>
<table id="changes"><thead><tr><th>accept</th><th>where (OCR line:column)</th>
<th>OCR in context</th><th>saved</th><th>rules</th><th>confidence</th><th>why</th></tr>
</thead><tbody>{"".join(rows)}</tbody></table></section>
<script type="application/json" id="review-data">{payload}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _stylesheet() -> str:
    from .wikitext.registry import default_template_dir
    try:
        css = (default_template_dir() / "wstools.css").read_text(encoding="utf-8")
    except OSError:
        return ""
    return css.replace("</", "<\\/")


STYLE = """
body { font-family: sans-serif; margin: 0 1em; }
.top { border-bottom: 1px solid #c8ccd1; }
.panes { display: flex; gap: 1em; align-items: flex-start; }
.panes > section { flex: 1 1 0; min-width: 0; }
.scan { position: sticky; top: 0; }
.scan img { max-width: 100%; border: 1px solid #c8ccd1; }
.rendered { font-family: serif; border: 1px solid #c8ccd1; padding: 0.5em 1em; }
.wikitext, .ocr-text { white-space: pre-wrap; font-family: monospace; font-size: 90%;
  border: 1px solid #c8ccd1; padding: 0.5em; overflow-wrap: anywhere; }
.part-name { display: block; color: #72777d; font-size: 80%; }
.chg { cursor: pointer; border-radius: 2px; }
.chg ins { text-decoration: none; background: #d5fdf4; }
.chg del { color: #b32424; background: #fee7e6; font-size: 80%; }
.chg.accepted del { display: none; }
.chg.accepted:hover del, .chg.current del { display: inline; }
.chg.rejected ins { display: none; }
.chg.rejected del { font-size: 100%; text-decoration: none; outline: 1px solid #d33; }
.chg.hidden-by-filter ins, .chg.hidden-by-filter del { background: none; outline: none; }
.chg.flagged, .flag { border-bottom: 2px dotted #d33; }
.current { outline: 2px solid #36c; }
mark.chg-r { background: #d5fdf4; cursor: pointer; }
mark.chg-r.rejected { background: #fee7e6; }
mark.flag-r { background: none; border-bottom: 2px dotted #d33; }
.ocr-chg { background: #fef6e7; }
.ocr-chg.rejected { background: none; }
table { border-collapse: collapse; margin-top: 1em; }
td, th { border: 1px solid #c8ccd1; padding: 0.2em 0.5em; vertical-align: top; }
td ul { margin: 0; padding-left: 1em; }
tr.rejected { background: #fee7e6; }
tr.hidden { display: none; }
.ctx-old { background: #fef6e7; }
ul.rules { columns: 3; }
"""

SCRIPT = r"""
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('review-data').textContent);
  var accepted = data.changes.map(function () { return true; });
  // the changes' offsets count code points (Python's); a JS string counts UTF-16 units, so
  // the OCR is sliced as an array of code points (a 𝑥 or an emoji is one, not two)
  var source = Array.from(data.source);
  function key(i) { var g = data.changes[i].group; return g == null ? i : g; }
  function on(i) { return accepted[key(i)]; }
  function byChange(sel, i) {
    return document.querySelectorAll(sel + '[data-change="' + i + '"]');
  }
  function wikitext() {
    var every = data.changes.every(function (c, i) { return on(i); });
    if (every) { return data.saved; }
    var body = '', pos = 0, header = data.original.header, footer = data.original.footer;
    data.changes.forEach(function (c, i) {
      if (c.part === 'header') { if (on(i)) { header = c.new; } return; }
      if (c.part === 'footer') { if (on(i)) { footer = c.new; } return; }
      body += source.slice(pos, c.start).join('') + (on(i) ? c.new : c.old);
      pos = c.end;
    });
    body += source.slice(pos).join('');
    var f = data.frame;
    return f[0] + header + f[1] + body + f[2] + footer + f[3];
  }
  function refresh() {
    var n = 0;
    data.changes.forEach(function (c, i) {
      var state = on(i) ? 'accepted' : 'rejected';
      if (on(i)) { n += 1; }
      var box = document.getElementById('accept-' + i);
      if (box) { box.checked = on(i); }
      var chg = document.getElementById('chg-' + i);
      if (chg) { chg.classList.remove('accepted', 'rejected'); chg.classList.add(state); }
      var row = document.getElementById('row-' + i);
      if (row) { row.classList.toggle('rejected', !on(i)); }
      byChange('mark.chg-r', i).forEach(function (m) {
        m.textContent = on(i) ? c.new : c.old;
        m.classList.toggle('rejected', !on(i));
      });
      byChange('.ocr-chg', i).forEach(function (m) {
        m.classList.toggle('rejected', !on(i));
      });
    });
    document.getElementById('accepted-count').textContent = n;
  }
  function set(i, value) {  // a change and the changes of its group, together
    var k = key(i);
    data.changes.forEach(function (c, j) { if (key(j) === k) { accepted[j] = value; } });
  }
  function toggle(i) { set(i, !on(i)); refresh(); }
  function focus(i) {
    document.querySelectorAll('.current').forEach(function (e) {
      e.classList.remove('current'); });
    ['#chg-' + i, '#row-' + i].forEach(function (s) {
      var e = document.querySelector(s); if (e) { e.classList.add('current'); } });
    byChange('.ocr-chg', i).forEach(function (e) { e.classList.add('current'); });
    byChange('mark.chg-r', i).forEach(function (e) { e.classList.add('current'); });
  }
  document.querySelectorAll('input.accept').forEach(function (box) {
    box.addEventListener('change', function () {
      set(+box.dataset.change, box.checked); refresh(); focus(+box.dataset.change); });
  });
  document.querySelectorAll('.chg, mark.chg-r').forEach(function (e) {
    e.addEventListener('click', function () {
      toggle(+e.dataset.change); focus(+e.dataset.change);
      var row = document.getElementById('row-' + e.dataset.change);
      if (row && row.scrollIntoViewIfNeeded) { row.scrollIntoViewIfNeeded(); }
    });
  });
  document.querySelectorAll('.ocr-chg').forEach(function (e) {
    e.addEventListener('click', function () { focus(+e.dataset.change); });
  });
  function byRule(rule, value) {
    data.changes.forEach(function (c, i) {
      if (c.rules.indexOf(rule) >= 0) { set(i, value); } });
    refresh();
  }
  document.querySelectorAll('button.rule-accept').forEach(function (b) {
    b.addEventListener('click', function () { byRule(b.dataset.rule, true); }); });
  document.querySelectorAll('button.rule-reject').forEach(function (b) {
    b.addEventListener('click', function () { byRule(b.dataset.rule, false); }); });
  document.getElementById('accept-all').addEventListener('click', function () {
    data.changes.forEach(function (c, i) { set(i, true); }); refresh(); });
  document.getElementById('reject-all').addEventListener('click', function () {
    data.changes.forEach(function (c, i) { set(i, false); }); refresh(); });
  function filter() {
    var max = +document.getElementById('max-confidence').value;
    document.getElementById('max-confidence-value').textContent = max.toFixed(2);
    var onlyFlagged = document.getElementById('only-flagged').checked;
    var shown = {};
    document.querySelectorAll('input.show-rule').forEach(function (b) {
      shown[b.value] = b.checked; });
    data.changes.forEach(function (c, i) {
      var visible = c.confidence <= max + 1e-9 &&
        c.rules.some(function (r) { return shown[r]; });
      var chg = document.getElementById('chg-' + i);
      if (onlyFlagged && !(chg && chg.classList.contains('flagged'))) { visible = false; }
      var row = document.getElementById('row-' + i);
      if (row) { row.classList.toggle('hidden', !visible); }
      if (chg) { chg.classList.toggle('hidden-by-filter', !visible); }
    });
  }
  document.getElementById('max-confidence').addEventListener('input', filter);
  document.getElementById('only-flagged').addEventListener('change', filter);
  document.querySelectorAll('input.show-rule').forEach(function (b) {
    b.addEventListener('change', filter); });
  document.getElementById('download').addEventListener('click', function () {
    var blob = new Blob([wikitext()], {type: 'text/plain;charset=utf-8'});
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = data.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  window.wstoolsReview = {wikitext: wikitext, toggle: toggle, accepted: accepted,
                          set: function (i, v) { set(i, v); refresh(); }};
  refresh();
})();
"""


# -- the index of a book or a dump -------------------------------------------------------


def index_html(title: str, pages: Sequence[dict], totals: dict[str, int] | None = None) -> str:
    """An index page: one row a page (``name``, ``link`` or None, ``edits``, ``changes``,
    ``flags``, ``rules`` {rule: n}, ``status``) and a bar chart of the edit kinds (their
    ``totals``, by default the pages' sums)."""
    if totals is None:
        totals = {}
        for p in pages:
            for r, n in p.get("rules", {}).items():
                totals[r] = totals.get(r, 0) + n
    totals = {str(r): int(n) for r, n in totals.items() if isinstance(n, int)}
    top = max(totals.values(), default=1)
    bars = "".join(
        f'<tr><th>{_esc(r)}</th><td><span class="bar" style="width:{400 * n / top:.0f}px">'
        f"</span> {n}</td></tr>" for r, n in sorted(totals.items(), key=lambda x: -x[1]))
    rows = []
    for p in pages:
        name = _esc(p["name"])
        link = f'<a href="{_esc(p["link"])}">{name}</a>' if p.get("link") else name
        kinds = ", ".join(f"{n} {_esc(r)}" for r, n in sorted(
            p.get("rules", {}).items(), key=lambda x: -x[1]))
        rows.append(f"<tr><td>{link}</td><td>{p.get('edits', 0)}</td>"
                    f"<td>{p.get('changes', 0)}</td><td>{p.get('flags', 0)}</td>"
                    f"<td>{_esc(str(p.get('status', '')))}</td><td>{kinds}</td></tr>")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Review: {_esc(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; }}
td, th {{ border: 1px solid #c8ccd1; padding: 0.2em 0.5em; text-align: left; }}
.bar {{ display: inline-block; height: 0.8em; background: #36c; }}
</style>
</head>
<body>
<h1>Review: {_esc(title)}</h1>
<p>{len(pages)} pages listed, {sum(totals.values())} edits,
{sum(p.get('flags', 0) for p in pages)} suspects.</p>
<h2>Edits by kind</h2>
<table class="chart" id="chart">{bars}</table>
<h2>Pages</h2>
<table id="pages"><thead><tr><th>page</th><th>edits</th><th>changes</th><th>suspects</th>
<th>status</th><th>kinds</th></tr></thead><tbody>{"".join(rows)}</tbody></table>
</body>
</html>
"""


# -- suspects: what is still doubtful in the saved text ------------------------------------

# markup the layout writes around the words (template names and braces, tags, quotes,
# links): masked (same length) before the words are read
_MARKUP = regex.compile(r"\{\{\s*(?:hws|hwe|hyphenated word (?:start|end))\s*\|[^{}|]*\|?"
                        r"|\{\{[^{}|]*\|?|\}\}|\|[^{}|=]*=|\||<[^<>\n]*>|'{2,}"
                        r"|\[\[[^\]|\n]*\|?|\]\]")
# a character reference the layout wrote for a printed mark ("~~&#126;~", "&#42;")
_CHAR_REF = regex.compile(r"&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));")
_SPECKS = "/\\¦^~«»£$§¬"  # (the characters of _JUNK's first branch)


def _mask_char_ref(m: regex.Match[str]) -> str:
    """A character reference masked to its length: as its character, repeated, when that is
    a speck character (so that ``~~&#126;~`` reads as one run), else as NULs.

    >>> _mask_char_ref(_CHAR_REF.search("~~&#126;~")), _mask_char_ref(_CHAR_REF.search("&#42;"))
    ('~~~~~~', '\\x00\\x00\\x00\\x00\\x00')
    """
    code = int(m.group(1)) if m.group(1) else int(m.group(2), 16)
    char = chr(code) if code <= 0x10FFFF else ""
    return (char if char and char in _SPECKS else "\0") * len(m.group())


_WORDISH = regex.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_MIXED = regex.compile(r"\b(?=\w*\d)(?=\w*[^\W\d_])\w+\b")  # letters and digits: U5, 8S
_JUNK = regex.compile(
    r"[/\\¦^~«»£$§¬]+"  # characters OCR makes of specks and strokes
    r"|(?<=\s|^)[.,;:]+(?=\s)"  # a mark standing alone (a lost word or label before it)
    r"|[.,;:](?:\s[.,;:])+"  # marks run together ('. .,')
    r"|(?<=\s)['‘’](?=\w)"  # a quote opening a word where none closes
    r"|(?<=\s)-(?=\w)",  # a hyphen before a word, after a space
    regex.MULTILINE)
_ORDINAL = regex.compile(r"\d+(?:st|nd|rd|th|d|s)")  # 21st, 6d (pence), 1890s
_LAW = regex.compile(r"^(\d+)[a-z]?\.", regex.MULTILINE)
# (not the first letter of an abbreviation: "e. g.", "i. e.")
_LABEL = regex.compile(r"(?:(?<=[;:]\s)|(?<=^))(\(?)([a-z])([,.)])(?=\s)(?!\s?[a-z]\.)",
                       regex.MULTILINE)
# function words OCR misreads as one another ('lowest or the suit' for 'of')
_SWAPS = {"or": "of", "in": "is", "is": "in", "be": "he", "he": "be",
          "bo": "be", "tho": "the", "aud": "and", "ho": "he", "hut": "but", "arc": "are"}
SHORT_WORDS = {"a", "i", "o", "A", "I", "O"}


def suspects(body: str, is_word, bigrams=None,  # noqa: ANN001
             rare=lambda w: True) -> list[tuple[int, int, str, str]]:  # noqa: ANN001
    """What is still doubtful in a saved body (offsets into it): a non-word, a token of
    letters and digits, characters OCR makes of specks, marks run together or standing
    alone, a lone letter, a capital ``I`` or lone ``i`` between words, a law number or a
    clause letter out of its sequence, and a common word whose neighbours in the corpus
    (``bigrams``) call for its usual misreading's twin. ``is_word(w)`` says whether ``w``
    (lower case) is a word, ``rare(w)`` whether it is too rare in English to be one.

    >>> sorted(w for _, _, w, _ in suspects("1. A tbe (/, b, x; , takes", lambda w: w != "tbe"))
    ['/', '; ,', 'tbe', 'x']
    """
    text = _CHAR_REF.sub(_mask_char_ref, _MARKUP.sub(lambda m: "\0" * len(m.group()), body))
    found: dict[tuple[int, int], tuple[str, str]] = {}

    def add(a: int, b: int, why: str) -> None:
        if not any(x < b and a < y for x, y in found):
            found[(a, b)] = (body[a:b], why)

    words = [(m.start(), m.end(), m.group()) for m in _WORDISH.finditer(text)]
    for k, (a, b, w) in enumerate(words):
        prev = words[k - 1][2] if k else ""
        nxt = words[k + 1][2] if k + 1 < len(words) else ""
        after = text[b:b + 2]
        if len(w) == 1:
            between = text[words[k - 1][1]:a] if k else ""
            if w == "I" and prev.islower() and nxt.islower() and between == " " and \
                    nxt != "hereby" and not _pronoun_i(prev, nxt):
                add(a, b, "a capital I between words in lower case: often a misread mark")
            elif w == "i" and not after.startswith((".", ")")) and text[a - 1:a] != "(":
                add(a, b, "a lone 'i': often a misread mark or letter")
            elif w.islower() and w not in SHORT_WORDS and text[a - 1:a] in (" ", "'", "’") \
                    and after[:1] in (" ", ";", ":", ""):
                add(a, b, "a lone letter")
            continue
        if not is_word(w.lower()) and not w.isupper() and w.isascii() and rare(w.lower()):
            add(a, b, "not a word of the corpus or of English")
            continue
        if bigrams and w in _SWAPS and prev and nxt:
            alt = _SWAPS[w]
            p, n = prev.lower(), nxt.lower()
            if bigrams.get((p, alt), 0) >= 5 * max(bigrams.get((p, w), 0), 1) and \
                    bigrams.get((alt, n), 0) >= 5 * max(bigrams.get((w, n), 0), 1):
                add(a, b, f"'{prev} {w} {nxt}': the corpus reads '{prev} {alt}' here")
    for m in _MIXED.finditer(text):
        if _ORDINAL.fullmatch(m.group()):
            continue
        add(m.start(), m.end(), "letters and digits in one token: a misread number or word")
    french: bool | None = None  # (the page's language, looked at only where it matters)
    for m in _JUNK.finditer(text):
        if regex.fullmatch(r"[;:«»]", m.group()) \
                and regex.fullmatch(r"\s?[;:«»]\s?", text[max(m.start() - 1, 0):m.end() + 1]):
            french = french_spacing(text) if french is None else french
            if french:
                continue  # French typesetting: « guillemets » and a space before ; and :
        add(m.start(), m.end(), "characters OCR makes of specks, strokes or lost letters")
    numbers = [(m.start(1), m.end(1), int(m.group(1))) for m in _LAW.finditer(text)
               if not 1000 <= int(m.group(1)) < 2100]  # (a year opening a line: "1815. The")
    for (_, _, n0), (a, b, n) in zip(numbers, numbers[1:], strict=False):
        if n != n0 + 1 and n != n0:
            add(a, b, f"law {n} after law {n0}: a number out of its sequence")
    for para_at, para in _paragraphs(text):
        labels = [(para_at + m.start(2), m.group(2)) for m in _LABEL.finditer(para)]
        if len(labels) < 3:
            continue
        for k, (at, letter) in enumerate(labels):
            before = labels[k - 1][1] if k else "-"
            after_ = labels[k + 1][1] if k + 1 < len(labels) else "-"
            fits = any(0 <= k + d < len(labels) and ord(labels[k + d][1]) - ord(letter) == d
                       for d in (-2, -1, 1, 2))
            if not fits:
                add(at, at + 1, f"clause '{letter}' out of the sequence of its neighbours "
                    f"({before}, {after_})")
    return [(a, b, w, why) for (a, b), (w, why) in sorted(found.items())]


# the words that open a clause whose subject follows ("while I pondered", "before I sleep"),
# and those that follow the pronoun I (its verbs' helpers)
_SUBJECT_OPENS = frozenset("while before when whenever if as that because since until till "
                           "though although unless whether where what how than once after "
                           "so lest wherever".split())
_AFTER_I = frozenset("am was have had do did will shall would should could can cannot may "
                     "might must know think thought said say saw see hope fear feel felt "
                     "believe found find went came heard remember".split())


def _pronoun_i(prev: str, nxt: str) -> bool:
    """A capital ``I`` between lower-case words that is the pronoun: after a word that
    opens a clause, or before a verb (``while I pondered``, ``and I remember``).

    >>> _pronoun_i("while", "pondered"), _pronoun_i("and", "remember"), _pronoun_i("the", "card")
    (True, True, False)
    """
    return prev in _SUBJECT_OPENS or nxt in _AFTER_I or (
        nxt.endswith("ed") and len(nxt) > 4 and prev not in ("the", "a", "an", "of"))


def _paragraphs(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for part in regex.split(r"(\n\s*\n)", text):
        if part.strip() and not part.isspace():
            out.append((pos, part))
        pos += len(part)
    return out


def to_input(review: Review, pos: int) -> int:
    """The input offset of saved body offset ``pos`` (inside a change: the change's start)."""
    shift = 0
    for c in review.changes:
        if c.part != "body":
            continue
        if pos < c.out_start:
            break
        if pos < c.out_end:
            return c.start
        shift = c.end - c.out_end
    return pos + shift


def readable(text: str) -> str:
    """A string as a proofreader reads it, quoted: invisible characters named.

    >>> readable("\\xa0;\\n")
    "'[nbsp];⏎'"
    """
    names = {"\xa0": "[nbsp]", "\n": "⏎", "\t": "[tab]", "\u200b": "[zwsp]",
             "\u00ad": "[shy]", "\ufeff": "[bom]"}
    out = "".join(names.get(ch, ch if ch.isprintable() or ch == " " else f"[U+{ord(ch):04X}]")
                  for ch in text)
    return f"'{out}'"


def context(text: str, start: int, end: int, new: str | None = None, width: int = 25) -> str:
    """``…before[old → new]after…`` on one line, for ``--explain``."""
    left = text[max(0, start - width):start].replace("\n", " ")
    right = text[end:end + width].replace("\n", " ")
    old = text[start:end]
    if len(old) > 60:
        old = f"{old[:28]}…{old[-28:]}"
    mid = old if new is None or new == old else f"{old}→{new}"
    mid = mid.replace("\n", "⏎").replace("\xa0", "[nbsp]")
    return f"…{left.lstrip()}[{mid}]{right.rstrip()}…"


def page_suspects(result, repairer) -> list[tuple[int, int, str, str]]:  # noqa: ANN001
    """:func:`suspects` of a proofread page's saved body, with the corpus of ``repairer``;
    none on a page proofread left as it was (level 3 or 4, formatted wikitext)."""
    if result.repair is None or repairer is None:
        return []
    from .repair.repair import _zipf, is_word
    from .repair.twins import suspect
    index = repairer.index
    return suspects(result.page.body, lambda w: is_word(w, index), index.bigrams,
                    lambda w: suspect(w, _zipf))




def flags_as_edits(review: Review) -> list[Edit]:
    """The review's suspects as flags (``old == new``, rule ``suspect``, confidence 0) in
    input coordinates (a suspect inside a change points at the change's start)."""
    out = []
    for a, b, word, why in review.flags:
        start = to_input(review, a)
        end = max(start, to_input(review, b)) if review.source[start:start + len(word)] == \
            word else start
        out.append(Edit(start, end, word, word, "suspect", 0.0, why))
    return out
