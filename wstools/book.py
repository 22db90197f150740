"""Book mode: the pages of one book, in order, proofread with the evidence of the sequence.

Each page is first proofread alone (:func:`wstools.proofread.proofread_page`); then what
the neighbouring pages show mends what one page alone cannot tell:

- ``folio-sequence``: folios go up by one a page, so a folio misread (``22`` for ``72``) or
  lost is set to the sequence's value, only when the neighbours on both sides agree on it;
  at an end of the run (no folio on the other side), the two next pages on the one side
  give only a folio lost or garbled whose digits fit (``6g`` for 69), at a lower confidence,
  never one printed in digits; a jump in the folios (a page missing from the folder) splits
  the sequence;
- a line of one of the book's running titles that the page alone kept as a heading is
  made its head only where it cannot be a heading (``_heading_like``): no stop, not
  opening a chapter, and a folio with it or the page in the middle of a run;
- ``running-title``: the running title alternates between the even and the odd page's
  title; a title that differs from the one its same-side neighbours agree on, and is an OCR
  reading of it (similar enough), or a title lost, takes the agreed title;
- ``hyphen-across-pages``: a word broken at the foot of a page (``de-``) and ended at the
  top of the next (``tached``) is written as Wikisource does, ``{{hws|de|detached}}`` and
  ``{{hwe|tached|detached}}``;
- ``nop``: no ``{{nop}}`` at the foot of a page whose paragraph goes on onto the next page
  (it begins in lower case, inside a sentence), and one where the page's last paragraph
  ends and the next page begins a new one (a heading, a section, a law, a clause label);
- ``law-sequence``: a page whose first law number does not follow the previous page's last
  (nor starts a new code) is flagged, never changed.

Every change is an :class:`~wstools.edits.Edit` in the coordinates of that page's input
(its body as given). The header's edits (``folio-sequence``, ``running-title``) are spans of
the running head, which the ``running-head`` edit moved out of the body: their ``new`` is
the value written in the header. Pages kept by do no harm (level 3 or 4, formatted
wikitext), refused pages and headers given with the page are never changed; they serve as
evidence only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import regex
from rapidfuzz.distance import Levenshtein

from .diagnostics import Diagnostic, locate
from .edits import Edit, with_positions
from .page import Page
from .proofread import Conventions, ProofreadResult, proofread_page
from .repair.repair import Repairer, is_word
from .running_head import DIGIT_READINGS, RunningHead
from .text.foot_notes import text_before_notes
from .text.formatted import is_wikitext
from .text.ocr import (
    capitalised_compound,
    hyphen_break_reading,
    page_language,
    period_hyphen,
    printed_forms,
)
from .text.vocabulary import EMPTY

__all__ = ["BOOK_RULES", "apply_sequence", "proofread_book"]



class _Rules(tuple[str, ...]):
    """The rules of book mode. A change of the running head is recorded in the edit that
    moved the head to the header (``running-head+folio-sequence``): ``rule in BOOK_RULES``
    holds of such a joined rule too, so that what counts book mode's edits by ``in`` (the
    command line's closing summary, ``book of N pages: …``) counts those."""

    __slots__ = ()

    def __contains__(self, rule: object) -> bool:
        return isinstance(rule, str) and any(tuple.__contains__(self, part)
                                             for part in rule.split("+"))


BOOK_RULES = _Rules(("folio-sequence", "running-title", "hyphen-across-pages", "nop"))

# the header the pipeline writes: {{rh|LEFT|CENTRE|RIGHT}} or {{rvh|N|TITLE}}
_RH = regex.compile(r"\{\{\s*(rh|rvh|running header)\s*\|([^{}]*)\}\}", regex.IGNORECASE)
_DIGITS = regex.compile(r"\d{1,4}")
# a word broken at the foot: letters and a hyphen, the last thing on the page
_FOOT = regex.compile(r"(?<![\p{L}\p{N}\-])(\p{L}+)-\s*\Z")
# its end at the top of the next page: letters (a capital only a compound's: "Anglo-|Saxon")
_TOP = regex.compile(r"\A\p{L}+")
_HWE = regex.compile(r"\A\{\{\s*hwe\s*\|([^{}|]*)\|([^{}|]*)\}\}", regex.IGNORECASE)
# how a new paragraph opens: a heading, a section, a law number, a clause label, a note
_NEW_PARAGRAPH = regex.compile(
    r"\A(?:\{\{\s*(?:c|center|centre|csc|sc)\s*\||(?:Sec(?:tion)?\.?|SEC(?:TION)?\.?|"
    r"Section|§)\s*\d|'*\d{1,3}[a-z]?\.['\s—–-]|\((?:\d{1,2}|[a-z]{1,4}|[A-Z])\)\s|"
    r"[IVXL]{1,5}\.\s|EXECUTIVE ORDER|Note\b|NOTE\b)")
_PARAGRAPH_END = regex.compile(r"""[.!?:]['"’”)\]]*\s*\Z""")
# how a paragraph that the next page's label (a clause, a section) follows may end: a stop,
# or a clause's "; and" / "; or"
_CLOSED = regex.compile(r"""(?:[.!?:;]['"’”)\]]*|;\s+(?:and|or))\s*\Z""")
_HEADING_START = regex.compile(r"\A\{\{\s*(?:c|center|centre|csc|sc)\s*\|")


@dataclass
class _Slot:
    """One page of the book and what book mode may do to it."""

    name: str
    page: Page
    result: ProofreadResult
    open: bool  # OCR proofread by the pipeline (not kept, not refused)
    head_open: bool  # its header is the running head the pipeline found in its body
    folio: int | None = None
    side: str | None = None
    title: str = ""


def proofread_book(pages: Sequence[tuple[str, Page]], *, titles: Sequence[str | None] = (),
                   repairer: Repairer | None = None, conventions: Conventions | None = None,
                   fixes: tuple[str, ...] = ()) -> list[ProofreadResult]:
    """Proofread the pages of one book, given in order as ``(name, page)``: each page alone
    (:func:`~wstools.proofread.proofread_page`), then :func:`apply_sequence`. ``titles``
    are the pages' titles (``Page:Book.djvu/72``), when known."""
    conventions = conventions or Conventions()
    if repairer is None:
        repairer = Repairer.load()
    results = []
    for k, (name, page) in enumerate(pages):
        title = titles[k] if k < len(titles) else None
        results.append(proofread_page(page, title=title, repairer=repairer,
                                      conventions=conventions, file=name, fixes=fixes))
    return apply_sequence(pages, results, conventions=conventions, repairer=repairer)


def apply_sequence(pages: Sequence[tuple[str, Page]], results: Sequence[ProofreadResult], *,
                   conventions: Conventions | None = None,
                   repairer: Repairer | None = None) -> list[ProofreadResult]:
    """The results of the pages proofread alone, mended by the sequence (new results; the
    ones given are not changed)."""
    conventions = conventions or Conventions()
    slots = [_slot(name, page, _copy(result))
             for (name, page), result in zip(pages, results, strict=True)]
    _lost_heads(slots, conventions, repairer)
    _false_heads(slots, conventions, repairer)
    _laws_across(slots, conventions, repairer)
    _folios(slots, conventions)
    _titles(slots, conventions, repairer)
    forms = printed_forms("\n".join(s.result.page.body for s in slots))
    # folios that do not go on by one (after the sequence mended what it could): across
    # them the next page is no evidence; it joins no word and decides no {{nop}}
    breaks = {k for k, (a, b) in enumerate(zip(slots, slots[1:], strict=False))
              if a.folio is not None and b.folio is not None and b.folio != a.folio + 1}
    for k, (a, b) in enumerate(zip(slots, slots[1:], strict=False)):
        if k not in breaks:
            _hyphen(a, b, repairer, forms)
    for k, a in enumerate(slots):
        _nop(a, slots[k + 1] if k + 1 < len(slots) and k not in breaks else None,
             conventions)
    _sequence_warnings(slots, breaks)
    _law_sequence(slots)
    _heads_missing(slots, conventions)
    for s in slots:
        s.result.edits = with_positions(sorted(s.result.edits, key=lambda e: (e.start, e.end)),
                                        s.page.body)
    return [s.result for s in slots]


# -- the pages --------------------------------------------------------------------------


def _copy(result: ProofreadResult) -> ProofreadResult:
    return replace(result, edits=list(result.edits), flags=list(result.flags),
                   diagnostics=list(result.diagnostics))


def _slot(name: str, page: Page, result: ProofreadResult) -> _Slot:
    kept = page.level >= 3 or is_wikitext(page.body) or result.page is page
    refused = any(d.code in ("order-check", "size-limit") for d in result.diagnostics)
    is_open = not kept and not refused
    head_open = is_open and result.running_head is not None and not page.header.strip()
    slot = _Slot(name, page, result, is_open, head_open)
    slot.folio, slot.side, slot.title = _header_parts(result.page.header)
    return slot


def _header_parts(header: str) -> tuple[int | None, str | None, str]:
    """(folio, side, title) of a running header: ``{{rh|72|EUCHRE|}}`` is (72, left,
    EUCHRE)."""
    m = _RH.search(header)
    if not m:
        return None, None, ""
    args = [a.strip() for a in m.group(2).split("|")]
    if m.group(1).lower() == "rvh":
        number = args[0] if args else ""
        title = args[1] if len(args) > 1 else ""
        return (int(number) if number.isdigit() else None), None, title
    args += [""] * (3 - len(args))
    left, centre, right = args[:3]
    if left.isdigit():
        return int(left), "left", centre
    if right.isdigit():
        return int(right), "right", centre
    if centre.isdigit() and left and right:
        return int(centre), None, ""  # a dictionary's guide words either side of its folio
    return None, None, centre


def _set_head(slot: _Slot, conventions: Conventions, number: str | None = None,
              title: str | None = None, side: str | None = None) -> str:
    """Write the slot's header anew from its running head with the values changed; returns
    the new header call."""
    head: RunningHead = slot.result.running_head  # type: ignore[assignment]
    head = replace(head, number=head.number if number is None else number,
                   title=head.title if title is None else title,
                   side=head.side if side is None else side)
    slot.result.running_head = head
    call = head.wikitext(conventions.header)
    slot.result.page = replace(slot.result.page, header=call)
    slot.folio, slot.side, slot.title = _header_parts(call)
    # the running-head edits now move the head to this header
    slot.result.edits = [replace(e, evidence=regex.sub(r"\{\{r[v]?h\|[^{}]*\}\}", call,
                                                       e.evidence))
                         if "running-head" in e.rule.split("+") else e for e in slot.result.edits]
    return call


def _head_edit(slot: _Slot, edit: Edit) -> None:
    """Record a change of the running head (its folio, its title). Where the head stood in
    the body, the running-head edit moves it to the header: the change is part of that edit
    (``running-head+folio-sequence``), not one of its own inside it, so that no two edits
    overlap and the edits applied to the input still give the body."""
    for k, e in enumerate(slot.result.edits):
        if "running-head" in e.rule.split("+") and e.start < e.end and \
                e.start <= edit.start and edit.end <= e.end:
            parts = e.rule.split("+")
            slot.result.edits[k] = replace(
                e, rule="+".join(parts + [edit.rule] * (edit.rule not in parts)),
                confidence=min(e.confidence, edit.confidence),
                evidence=f"{e.evidence}; {edit.evidence}")
            return
    slot.result.edits.append(edit)


# -- heads whose folio was lost -----------------------------------------------------------


def _book_titles(slots: list[_Slot]) -> list[str]:
    """The running titles the book prints on two pages or more."""
    seen = Counter(s.title for s in slots if s.title and s.head_open)
    return [t for t, n in seen.items() if n >= 2]


def _laws_across(slots: list[_Slot], conventions: Conventions,
                 repairer: Repairer | None) -> None:
    """Law numbering goes on across pages: a page whose first law the page alone could not
    read (its number garbled, no law before it on the page) is proofread again knowing the
    last law of the page before, which anchors it. The new reading is taken only when it
    keeps every law the page had and adds the next of the sequence before them."""
    titles = _book_titles(slots)
    for k in range(1, len(slots)):
        before, s = slots[k - 1], slots[k]
        previous = _law_numbers(before.result) if before.open else []
        numbers = _law_numbers(s.result) if s.open else []
        if not previous or not s.open:
            continue
        last = previous[-1]
        if numbers and numbers[0] in (last, last + 1):
            continue  # the sequence goes on already (or the page starts a new code)
        if numbers and numbers[0] == 1:
            continue
        again = proofread_page(s.page, title=s.result.title, repairer=repairer,
                               conventions=conventions, file=s.name,
                               running_titles=titles, previous_law=last)
        if again.running_head is not None and s.result.running_head is None and \
                _heading_like(slots, k, again):  # the titles made a heading the head
            again = proofread_page(s.page, title=s.result.title, repairer=repairer,
                                   conventions=conventions, file=s.name, previous_law=last)
        found = _law_numbers(again)
        if found[:1] != [last + 1] or found[1:] != numbers:
            continue
        slots[k] = _slot(s.name, s.page, again)
        slots[k].result.diagnostics.extend(locate([Diagnostic(
            "law-across-pages", f"law {last + 1} read from the sequence: the page before "
            f"ends with law {last}", 0, "info")], s.page.body, s.name))


def _lost_heads(slots: list[_Slot], conventions: Conventions,
                repairer: Repairer | None) -> None:
    """A page alone could not tell its line of capitals at the top from a chapter's heading
    (its folio lost, its text opening a new paragraph); the book can: a line that is one of
    the running titles the book prints on two pages or more is the page's running head. The
    page is proofread again knowing those titles."""
    seen = Counter(s.title for s in slots if s.title and s.head_open)
    titles = _book_titles(slots)
    if not titles:
        return
    for i, s in enumerate(slots):
        if not s.open or s.result.running_head is not None or s.page.header.strip():
            continue
        again = proofread_page(s.page, title=s.result.title, repairer=repairer,
                               conventions=conventions, file=s.name, running_titles=titles)
        head = again.running_head
        if head is None or head.title not in titles or _heading_like(slots, i, again):
            continue
        slots[i] = _slot(s.name, s.page, again)
        for e in slots[i].result.edits:
            if "running-head" in e.rule.split("+"):
                # the sequence's running titles made the line the head: book mode's change
                slots[i].result.edits[slots[i].result.edits.index(e)] = replace(
                    e, rule=f"{e.rule}+running-title",
                    evidence=e.evidence + f"; the book prints {head.title!r} as a running "
                    f"title on {seen[head.title]} pages")
                break


def _false_heads(slots: list[_Slot], conventions: Conventions,
                 repairer: Repairer | None) -> None:
    """A page alone took a heading with a number for its running head (``POSITION 21`` on
    a page whose neighbours print ``HOYLE'S GAMES`` and give it folio 445): the book shows
    it is not one when the pages on both sides give another folio, the number is no OCR
    misreading of it (two digits or more misread, lost or added), and the title is
    none of the book's running titles. The page is proofread again with its top as text
    (changing the folio would lose the heading's number and put its words in the header)."""
    titles = _book_titles(slots)
    if not titles:
        return
    breaks = _breaks(slots)
    doubtful: list[tuple[int, str]] = []  # (page, why its top line is not the head)
    for i, s in enumerate(slots):
        head = s.result.running_head
        if not s.head_open or head is None or not head.title:
            continue
        if s.folio is None:
            # capitals alone over a page that goes on (THE GAME, its folio lost): a heading
            # when the same side's pages agree on another title, far from it, and its words
            # are words (no misreading of the book's title)
            side = [slots[j].title for j in (i - 2, i + 2) if 0 <= j < len(slots)]
            if len(side) == 2 and side[0] and _key(side[0]) == _key(side[1]) and _similar(
                    head.title, side[0]) < OTHER_TITLE and _words(head.title, repairer):
                doubtful.append((i, f"the pages two before and two after print the running "
                                    f"title {side[1]!r}"))
            continue
        found = _expected_folio(slots, i, breaks=breaks)
        if found is None or not found[2] or found[0] == s.folio:
            continue
        if Levenshtein.distance(str(s.folio), str(found[0])) <= 1:
            continue  # a digit misread, lost or doubled (7 for 71): the sequence mends it
        if max(_similar(head.title, t) for t in titles) >= OTHER_TITLE:
            continue
        doubtful.append((i, f"the book's running titles are "
                            f"{', '.join(repr(t) for t in titles)} and the sequence gives "
                            f"this page folio {found[0]} ({found[1]})"))
    for i, why in doubtful:
        s = slots[i]
        head = s.result.running_head
        assert head is not None
        again = proofread_page(s.page, title=s.result.title, repairer=repairer,
                               conventions=conventions, file=s.name, find_head=False)
        slots[i] = _slot(s.name, s.page, again)
        slots[i].result.diagnostics.extend(locate([Diagnostic(
            "head-not-head", f"the top line ({head.title} {head.number or ''}) is not the "
            f"running head: {why}; it is left in the text", 0, "warning")],
            s.page.body, s.name))


def _folio_token(body: str, head: RunningHead) -> tuple[int, int, str] | None:
    """The token that stands with the title in the head as read where no folio was read
    (``6g`` in ``EUCHRE 6g``): the folio's place, garbled. Where in the input, and what."""
    words = {_key(w) for w in head.title.split()}
    for a, b in head.spans:
        for m in regex.finditer(r"\S+", body[a:b]):
            key = _key(m.group())
            # a folio's place: short, with a digit or a lower-case letter (not a word of
            # the title in capitals that the reading of the title spelt otherwise)
            if key and all(k not in words for k in key.split()) and \
                    regex.fullmatch(r"[\p{N}\p{Ll}\p{Lu}]{1,4}", key.replace(" ", "")) and \
                    regex.search(r"[\p{N}\p{Ll}]", m.group()):
                return a + m.start(), a + m.end(), m.group()
    return None


def _folio_place(body: str, head: RunningHead) -> bool:
    """Whether a folio stands with the title in the head as read, or its place
    (``EUCHRE 6g``), not the title's words alone."""
    return head.number is not None or _folio_token(body, head) is not None


def _head_stop(slots: list[_Slot], i: int, title: str) -> bool:
    """Whether two pages or more of the book print this running title with a full stop
    after it in their heads (``BACKGAMMON. 275``): the stop is the head's style, not the
    sign of a heading."""
    stop = regex.compile(regex.escape(title) + r"\.")
    return sum(1 for j, s in enumerate(slots) if j != i and s.head_open and s.title == title
               and s.result.running_head is not None and any(
                   stop.search(s.page.body, a, b) for a, b in s.result.running_head.spans)) >= 2


def _heading_like(slots: list[_Slot], i: int, again: ProofreadResult) -> bool:
    """Whether the top line the sequence would make page ``i``'s running head may be a
    heading, which single-page mode keeps as text (``EUCHRE.`` opening a chapter): it ends
    with a stop; or no folio stands with it and the pages on both sides do not show the
    page in the middle of a run (the page before and the page after with heads whose folios
    place this page between them, the same side's pages before and after printing this
    title); or the page, without it, opens a chapter. The sequence alone never turns a
    heading into the head: removed into the header, a heading vanishes on transclusion."""
    head = again.running_head
    assert head is not None
    body = slots[i].page.body
    text = " ".join(body[a:b] for a, b in head.spans).strip()
    if regex.search(r"[.:;!?]['\"’”)\]]*\Z", text) and not _head_stop(slots, i, head.title):
        return True  # (unless the book's heads print the title with its stop: BACKGAMMON. 275)
    if _starts_document(again.page.body):
        return True
    if _folio_place(body, head):
        return False
    if not 0 < i < len(slots) - 1:
        return True
    b, a = _printed_page(slots, i, -1), _printed_page(slots, i, 1)
    before, after = slots[b], slots[a]
    if not (before.head_open and after.head_open and before.folio is not None
            and after.folio is not None and after.folio - before.folio == a - b):
        return True
    same = [slots[j].title for j in (i - 2, i + 2) if 0 <= j < len(slots)]
    return not (len(same) == 2 and all(t == head.title for t in same))


def _printed_page(slots: list[_Slot], i: int, step: int, skip: int = 2) -> int:
    """The nearest page to page ``i`` (``step`` -1 before, 1 after) with any text: a blank
    page or a plate (no text at all, ``skip`` of them at most) prints no head and stands
    between the pages whose heads place page ``i``; the next page when there is none."""
    j = i + step
    while skip and 0 <= j + step < len(slots) and not slots[j].page.body.strip():
        j, skip = j + step, skip - 1
    return j


# -- folios -----------------------------------------------------------------------------


def _breaks(slots: list[_Slot]) -> set[int]:
    """Where the folio sequence breaks: ``k`` when the folios read on pages ``k`` and
    ``k + 1`` do not go on by one and neither of them is a misreading between two pages
    that disagree with it (a page missing from the folder, 70 then 72 73: no mending across
    it)."""
    def odd(j: int) -> bool:  # its folio disagrees with a neighbour on each side
        f = slots[j].folio
        return f is not None and 0 < j < len(slots) - 1 and all(
            slots[n].folio is not None and slots[n].folio != f + (n - j) for n in (j - 1, j + 1))

    return {k for k in range(len(slots) - 1)
            if slots[k].folio is not None and slots[k + 1].folio is not None
            and slots[k + 1].folio != slots[k].folio + 1  # type: ignore[operator]
            and not odd(k) and not odd(k + 1)}


def _sequence_warnings(slots: list[_Slot], breaks: set[int]) -> None:
    """Warn where the folios go back or repeat (a page twice, pages out of order, a page
    of another book) and where two pages have the same text (a page scanned twice)."""
    for k in sorted(breaks):
        a, b = slots[k], slots[k + 1]
        if b.folio is None or a.folio is None or b.folio > a.folio:
            continue  # (a jump forward: pages missing from the folder, read as a break)
        what = "the same folio again" if b.folio == a.folio else "a folio lower"
        b.result.diagnostics.extend(locate([Diagnostic(
            "folio-order", f"folio {b.folio} after {a.folio} ({a.name}): {what} (a page "
            "twice, pages out of order, or a page of another book); the sequence is not "
            "used across it", 0, "warning")], b.page.body, b.name))
    seen: dict[str, str] = {}
    for s in slots:
        words = " ".join(regex.findall(r"\p{L}+", s.page.body.casefold()))
        if len(words) < 40:
            continue  # (a blank or a plate page: many are alike)
        if words in seen:
            s.result.diagnostics.extend(locate([Diagnostic(
                "duplicate-page", f"the same text as {seen[words]}: a page scanned or "
                "given twice?", 0, "warning")], s.page.body, s.name))
        else:
            seen[words] = s.name


def _expected_folio(slots: list[_Slot], i: int, reach: int = 3,
                    breaks: set[int] | None = None) -> tuple[int, str, bool] | None:
    """The folio the neighbours give page ``i``, when they agree, why, and whether from
    both sides: the nearest folio before and the nearest after (within ``reach`` pages)
    must give the same; with none on one side (an end of the run), the two nearest on the
    other must agree with each other. The neighbours are not sought across a break of the
    sequence (:func:`_breaks`)."""
    if breaks is None:
        breaks = _breaks(slots)
    before: list[int] = []
    for j in range(i - 1, max(-1, i - reach - 1), -1):
        if j in breaks:
            break
        if slots[j].folio is not None:
            before.append(j)
    after: list[int] = []
    for j in range(i + 1, min(len(slots), i + reach + 1)):
        if j - 1 in breaks:
            break
        if slots[j].folio is not None:
            after.append(j)

    def give(j: int) -> int:
        return slots[j].folio + (i - j)  # type: ignore[operator]

    if before and after:
        a, b = give(before[0]), give(after[0])
        if a == b:
            return a, (f"page {slots[before[0]].folio} {i - before[0]} before and page "
                       f"{slots[after[0]].folio} {after[0] - i} after"), True
        return None
    side = before or after
    if len(side) >= 2 and give(side[0]) == give(side[1]):
        return give(side[0]), (f"pages {slots[side[0]].folio} and {slots[side[1]].folio} "
                               f"{'before' if before else 'after'}, none on the other side "
                               "(an end of the run)"), False
    return None


# what OCR reads for a digit, and the digits it may stand for


def _fits(token: str, value: int) -> bool:
    """Whether a folio read garbled may be ``value``: its digits, and the letters OCR reads
    for digits, stand where ``value`` has them (``6g`` may be 69; ``7O`` may be 70, not
    71); a token with neither (``yo``, ``we``) says nothing against it.

    >>> _fits("6g", 69), _fits("7O", 70), _fits("7O", 71), _fits("we", 396)
    (True, True, False, True)
    """
    read = [(k, c if c.isdigit() else DIGIT_READINGS[c]) for k, c in enumerate(token)
            if c.isdigit() or c in DIGIT_READINGS]
    if not any(c.isdigit() for c in token):
        return True
    text = str(value)
    return len(token) == len(text) and all(text[k] in digits for k, digits in read)


def _side_of(slots: list[_Slot], folio: int) -> str | None:
    """The side a folio is printed on in this book: what the pages show for its parity."""
    seen = Counter((s.folio % 2, s.side) for s in slots if s.folio is not None and s.side)
    even = seen[(folio % 2, "left")], seen[(folio % 2, "right")]
    if even[0] > 2 * even[1]:
        return "left"
    if even[1] > 2 * even[0]:
        return "right"
    return None


ONE_SIDE_CONFIDENCE = 0.7  # a folio from the pages of one side only (an end of the run)


def _folios(slots: list[_Slot], conventions: Conventions) -> None:
    """Set a folio misread or lost to the value of the sequence. From both sides, any folio
    read; from one side only (an end of the run), only a folio lost or garbled whose digits
    fit the value, at a lower confidence: a folio printed cleanly in digits is not changed
    on the word of one side (a page missing from the folder looks the same)."""
    # decide every page on the folios as read, then apply (a mended folio is no evidence)
    breaks = _breaks(slots)
    decisions = []
    for i, s in enumerate(slots):
        if not s.head_open:
            continue
        found = _expected_folio(slots, i, breaks=breaks)
        if found is None or found[0] == s.folio or found[0] <= 0:
            continue
        value, why, both = found
        if not both:
            number = s.result.running_head.number if s.result.running_head else None
            token = _folio_token(s.page.body, s.result.running_head)  # type: ignore[arg-type]
            read = number if number is not None else token[2] if token else None
            if read is not None and (read.isdigit() or not _fits(read, value)):
                continue
        decisions.append((i, value, why, both))
    for i, value, why, both in decisions:
        s = slots[i]
        head = s.result.running_head
        assert head is not None
        side = _side_of(slots, value) or head.side or ("left" if value % 2 == 0 else "right")
        old_number = head.number
        token = _folio_token(s.page.body, head) if old_number is None else None
        if token is not None:
            start, end, old_number = token
        else:
            start, end = _folio_span(s.page.body, head, old_number)
        call = _set_head(s, conventions, number=str(value), side=side)
        old = s.page.body[start:end]
        _head_edit(s, Edit(
            start, end, old, str(value), "folio-sequence",
            0.9 if both else ONE_SIDE_CONFIDENCE,
            f"folio {'misread ' + repr(old_number) if old_number else 'lost'}; the sequence "
            f"gives {value} ({why}); header {call}"))
        if old_number is None:
            _foot_folio_to_head(s, value, call)


def _foot_folio_to_head(slot: _Slot, value: int, call: str) -> None:
    """The folio OCR set at the page's foot (``{{c|69}}`` in the footer) is the one the
    sequence now gives the head whose folio was lost: printed once, it is the header's, not
    both (Tesseract moves a right-hand folio to the foot of the lines it reads)."""
    foot = f"{{{{c|{value}}}}}"
    page = slot.result.page
    if foot not in page.footer.split("\n"):
        return
    footer = "\n".join(line for line in page.footer.split("\n") if line != foot)
    slot.result.page = replace(page, footer=footer)
    slot.result.edits = [replace(e, evidence=f"'{value}' printed alone at the page's foot is "
                                 f"the folio the sequence gives the head: in the header, "
                                 f"{call}")
                         if e.rule == "foot-folio" and e.old.strip() == str(value) else e
                         for e in slot.result.edits]


def _folio_span(body: str, head: RunningHead, number: str | None) -> tuple[int, int]:
    """Where the folio was read in the input (an empty span where the head has none)."""
    for a, b in head.spans:
        if number is not None and not number.isdigit() and number in body[a:b]:
            at = body.index(number, a, b)  # a folio OCR garbled ("3S9")
            return at, at + len(number)
        for m in _DIGITS.finditer(body, a, b):
            if number is None or m.group() == number or number in m.group():
                return m.start(), m.end()
    a, b = head.spans[0]
    return (b, b) if head.side != "right" else (a, a)


# -- running titles ------------------------------------------------------------------------


def _similar(a: str, b: str) -> float:
    from rapidfuzz.fuzz import ratio
    return ratio(_key(a), _key(b)) / 100.0


def _key(s: str) -> str:
    return " ".join(regex.sub(r"[^\p{L}\p{N} ]", " ", s).casefold().split())


def _agreed_title(slots: list[_Slot], i: int) -> tuple[str, str, bool] | None:
    """The title the same-side neighbours of page ``i`` (two pages away) agree on, why, and
    whether they stand on both sides of it."""
    def t(j: int) -> str:
        return slots[j].title if 0 <= j < len(slots) else ""
    prev1, prev2, next1, next2 = t(i - 2), t(i - 4), t(i + 2), t(i + 4)
    if prev1 and prev1 == next1:
        return prev1, "the pages two before and two after (the same side) have it", True
    # a same-side neighbour that shows no head at all (a chapter's first page, a plate) is
    # no evidence either way: the next page of the side beyond it stands in for it, when
    # both sides then agree
    before = prev1 or (t(i - 4) if _headless(slots, i - 2) else "")
    after = next1 or (t(i + 4) if _headless(slots, i + 2) else "")
    if before and before == after:
        return before, ("the nearest pages of the same side before and after it that print "
                        "a head have it (one shows none)"), True
    options = []
    if prev1 and prev1 == prev2:
        options.append((prev1, "the two previous pages of the same side have it"))
    if next1 and next1 == next2:
        options.append((next1, "the two next pages of the same side have it"))
    if len(options) == 2:
        found = _closest(options, slots[i].title)
        return (*found, False) if found else None
    return (*options[0], False) if options else None


def _headless(slots: list[_Slot], j: int) -> bool:
    """Whether page ``j`` shows no running head at all (read by the pipeline, no head
    found, none given)."""
    return 0 <= j < len(slots) and slots[j].open and slots[j].result.running_head is None \
        and not slots[j].page.header.strip() and not slots[j].result.page.header.strip()


SIDE_SHARE = 0.6  # of the pages of a side, how many must print a title for it to be the side's


def _side_title(slots: list[_Slot], i: int) -> tuple[str, str] | None:
    """The title the pages of page ``i``'s side (every second page) print, three or more
    of them and most (``SIDE_SHARE``), when page ``i`` reads a title like it: the first
    page of a run, whose one neighbour on its side is misread too, has no two neighbours
    to agree (``54 ÉCARTE`` beside ``56 EOARTÉ``, ``58 ÉCARTÉ``)."""
    title = slots[i].title
    same = [s.title for k, s in enumerate(slots)
            if k % 2 == i % 2 and k != i and s.head_open and s.title]
    if not title or len(same) < 3:
        return None
    top, count = Counter(same).most_common(1)[0]
    if top == title or count < 3 or count < SIDE_SHARE * len(same) or \
            _similar(title, top) < TITLE_SIMILARITY:
        return None
    return top, f"{count} of the {len(same)} other pages of its side print it"


def _closest(options: list[tuple[str, str]], title: str) -> tuple[str, str] | None:
    scored = sorted(options, key=lambda o: -_similar(o[0], title))
    if title and _similar(scored[0][0], title) > _similar(scored[1][0], title) + 0.2:
        return scored[0]
    return None


TITLE_SIMILARITY = 0.6  # an OCR reading of the agreed title, not another title
OTHER_TITLE = 0.8  # under this, a title whose words are all words is another title
CLUSTER_SIMILARITY = 0.9  # a variant of a title the book prints more than once


def _words(title: str, repairer: Repairer | None) -> bool:
    """Whether every word of a title is a word (of the corpus or of English)."""
    if repairer is None:
        return False
    return all(is_word(w, repairer.index) for w in regex.findall(r"\p{L}+", title.lower()))


def _one_letter_off(a: str, b: str) -> bool:
    """Two readings of one title: similar (``CLUSTER_SIMILARITY``), or a short title with a
    letter misread (``AFRTCA``, 0.83 like ``AFRICA``)."""
    from rapidfuzz.distance import Levenshtein
    return _similar(a, b) >= CLUSTER_SIMILARITY or Levenshtein.distance(_key(a), _key(b)) <= 1


def _cluster_title(slots: list[_Slot], i: int,
                   repairer: Repairer | None) -> tuple[str, str] | None:
    """The edit-distance cluster of page ``i``'s title: a title read once on its side of the
    book, next to a same-side page whose title differs from it by a letter or two
    (similarity at least ``CLUSTER_SIMILARITY``) and that the book prints at least twice,
    or once with all its words words where this reading has one that is not."""
    title = slots[i].title
    if not title:
        return None
    side = Counter(s.title for s in slots[i % 2::2] if s.title)
    if side[title] > 1:
        return None
    near = {slots[j].title for j in (i - 2, i + 2) if 0 <= j < len(slots)
            and slots[j].title and _one_letter_off(slots[j].title, title)}
    if len(near) != 1:
        return None
    agreed = near.pop()
    if side[agreed] >= 2:
        return agreed, (f"the book prints it on {side[agreed]} pages of the same side, one "
                        "of them next to this page; this reading is the only one of its kind")
    if _words(agreed, repairer) and not _words(title, repairer):
        return agreed, ("the next page of the same side prints it, and its words are words "
                        "where this reading's are not")
    return None


def _titles(slots: list[_Slot], conventions: Conventions,
            repairer: Repairer | None = None) -> None:
    decisions = []
    for i, s in enumerate(slots):
        if not s.head_open:
            continue
        if any(0 <= j < len(slots) and slots[j].title == s.title and s.title
               for j in (i - 2, i + 2)):
            continue  # the page's own title is a neighbour's too
        found = _agreed_title(slots, i)
        if found is not None and found[0] != s.title and (
                s.title and _similar(s.title, found[0]) >= TITLE_SIMILARITY
                or not s.title and found[2]):  # a lost title only from both sides
            decisions.append((i, found[0], found[1]))
            continue
        cluster = _cluster_title(slots, i, repairer)
        if cluster is not None:
            decisions.append((i, *cluster))
            continue
        side = _side_title(slots, i)
        if side is not None:
            decisions.append((i, *side))
    for i, agreed, why in decisions:
        s = slots[i]
        head = s.result.running_head
        assert head is not None
        old_title = head.title
        if _key(old_title).startswith(_key(agreed) + " ") and len(head.spans) == 1 and \
                s.page.body[head.spans[0][1]:head.spans[0][1] + 1] not in ("", "\n"):
            # "HOYLE'S GAMES BLACK'S" fused into "men are moved": the words after the
            # book's title open the text; read the page again knowing the title
            if any(e.rule in BOOK_RULES for e in s.result.edits):
                continue  # (mended by the sequence already: the title is left as read)
            again = proofread_page(s.page, title=s.result.title, repairer=repairer,
                                   conventions=conventions, file=s.name,
                                   running_titles=[agreed])
            if again.running_head is not None and again.running_head.title == agreed:
                slots[i] = _slot(s.name, s.page, again)
            continue  # (never a title cut down to the book's: its words are the text's)
        if old_title and _similar(old_title, agreed) < OTHER_TITLE and _words(
                old_title, repairer):
            continue  # words, far from the book's title: another title, not a misreading
            # of it; replaced, the printed words would vanish
        start, end = _title_span(s.page.body, head)
        call = _set_head(s, conventions, title=agreed)
        _head_edit(s, Edit(
            start, end, s.page.body[start:end], agreed, "running-title",
            0.9 if old_title else 0.8,
            f"running title {repr(old_title) if old_title else '(lost)'} is {agreed!r}: {why}"
            f" (similarity {_similar(old_title, agreed):.2f}); header {call}"))


def _title_span(body: str, head: RunningHead) -> tuple[int, int]:
    """The stretch of the head from its first capital letter to its last (an empty span
    beside the folio where the title was lost)."""
    for a, b in head.spans:
        letters = [m.start() for m in regex.finditer(r"\p{L}", body[a:b])]
        if letters:
            return a + letters[0], a + letters[-1] + 1
    a, b = head.spans[0]
    return (a, a) if head.side == "right" else (b, b)


# -- words broken across pages --------------------------------------------------------------


def _hyphen(a: _Slot, b: _Slot, repairer: Repairer | None,
            forms: dict[str, int] | None = None) -> None:
    """``{{hws}}`` at the foot of ``a`` and ``{{hwe}}`` at the top of ``b`` for a word broken
    across them (both or neither; a page already holding its ``{{hwe}}`` gives the word)."""
    if not a.open:
        return
    body_a = a.result.page.body
    foot = _FOOT.search(body_a)
    foot_in = _FOOT.search(a.page.body)
    if not foot or not foot_in or foot.group(1) != foot_in.group(1) or any(
            e.start < foot_in.end(1) + 1 and e.end > foot_in.start() for e in a.result.edits):
        return
    first = foot.group(1)
    body_b = b.result.page.body
    given = _HWE.match(body_b)
    top = None
    language = page_language(a.page.body + "\n" + b.page.body)
    if given:
        word = given.group(2).strip()
        if not word.casefold().startswith(first.casefold()):
            return
    elif b.open:
        top = _top(b, repairer, first, forms or {}, language)
        if top is None:
            return
        word = top[2]
    else:
        return
    if not given and language == "en" and not _attested(first, top[1] if top else "", word,
                                                         repairer, forms or {}):
        # no word the book or the word list knows ("con-" then "than"): a line or a page
        # lost, or a page from elsewhere; joined, the break would be hidden
        a.result.diagnostics.extend(locate([Diagnostic(
            "hyphen-across-pages", f"'{first}-' ends the page and the next page ({b.name}) "
            f"begins '{word[len(first):].lstrip('-')}': '{word}' is no word the book or the "
            "word list knows (a line or a page lost?); left as printed", foot_in.start(),
            "warning")], a.page.body, a.name))
        return
    hws = f"{{{{hws|{first}|{word}}}}}"
    known = repairer is not None and (is_word(word, repairer.index) or "-" in word)
    confidence = 0.9 if known or given else 0.7
    start, end = foot_in.start(), foot_in.start() + len(first) + 1
    a.result.page = replace(a.result.page, body=body_a[:foot.start()] + hws
                            + body_a[foot.start() + len(first) + 1:])
    a.result.edits.append(Edit(start, end, a.page.body[start:end], hws, "hyphen-across-pages",
                               confidence, f"'{first}-' ends the page and the next page "
                               f"({b.name}) begins '{word[len(first):].lstrip('-')}': the "
                               f"word '{word}'{'' if known else ' (not a known word)'}"))
    if top is None:
        return
    pos, rest, word, out_len, dropped = top
    hwe = f"{{{{hwe|{rest}|{word}}}}}"
    b.result.page = replace(b.result.page, body=hwe + body_b[out_len:])
    b.result.edits = [e for e in b.result.edits if e not in dropped]
    b.result.edits.append(Edit(pos, pos + len(rest), rest, hwe, "hyphen-across-pages",
                               confidence, f"the previous page ({a.name}) ends '{first}-': "
                               f"the word '{word}'" + (
                                   f"; the repair of the fragment ({dropped[0].old!r} -> "
                                   f"{dropped[0].new!r}) undone" if dropped else "")))


def _attested(first: str, rest: str, word: str, repairer: Repairer | None,
              forms: dict[str, int]) -> bool:
    """Whether ``word``, read from ``first-`` / ``rest`` across a page break, is a word: the
    closed word in the word list, or a compound the word list, the book's own text or the
    period's spelling (``to-day``) gives; two words hyphenated for want of a better reading
    (``con-than``, ``to-the``) are not."""
    if repairer is None:
        return True  # (no word list to judge by)
    if "-" not in word:
        return is_word(word, repairer.index) or forms.get(word.lower(), 0) > 0
    vocabulary = repairer.index.vocabulary
    return vocabulary.is_compound(first, rest) or forms.get(word.lower(), 0) > 0 or \
        period_hyphen(first, rest) or capitalised_compound(first, rest) is not None


def _top(b: _Slot, repairer: Repairer | None, first: str, forms: dict[str, int],
         language: str = "en") -> tuple[int, str, str, int, list[Edit]] | None:
    """The end of a broken word at the top of ``b``: its place in the input, the fragment as
    printed, the whole word, the length of the fragment in the output, and the edits of the
    fragment to undo. The fragment is read from the input: a repair may have made a word
    of it (``yees`` -> ``sees``) that is no part of the word broken."""
    out = _TOP.match(b.result.page.body)
    if not out:
        return None
    head = b.result.running_head
    pos = lead = head.end if head is not None else 0
    while pos < len(b.page.body) and b.page.body[pos].isspace():
        pos += 1
    got = _TOP.match(b.page.body[pos:])
    if not got:
        return None
    rest = got.group()
    inside = [e for e in b.result.edits if e.rule != "running-head"
              and e.start < pos + len(rest) and e.end > pos]
    if rest != out.group():
        # the output's fragment differs: only a repair inside the fragment may be undone
        # (the layout's edits of the page's top may begin in the blank before it)
        if any(e.start < lead or e.end > pos + len(rest) for e in inside) or not inside:
            return None
        if repairer is not None and is_word(first + out.group(), repairer.index) \
                and not is_word(first + rest, repairer.index):
            return None  # the repair made the word: leave it
    elif inside:
        return None
    # the repairs of the fragment are undone; the layout's edits (a line break) stay
    undone = [e for e in inside if e.rule != "layout"]
    after = b.page.body[pos + len(rest):pos + len(rest) + 1]
    word = _joined(first, rest, repairer, forms, after, language)
    return None if word is None else (pos, rest, word, len(out.group()), undone)


def _joined(first: str, rest: str, repairer: Repairer | None,
            forms: dict[str, int], after: str = "", language: str = "en") -> str | None:
    """The word broken as ``first-`` / ``rest``, read as a break at a line's end within a
    page is (:func:`~wstools.text.ocr.hyphen_break_reading`), the book's own spelling
    first (``discards``, ``to-day``), then the word list's; ``after``: what follows the
    fragment (a suspended hyphen's ``pre- and post-war``, no word broken: None), and
    a capital only a compound's (``Anglo-Saxon``)."""
    if rest[:1].isupper():
        compound = capitalised_compound(first, rest)
        return compound[0] if compound is not None else None
    vocabulary = repairer.index.vocabulary if repairer is not None else EMPTY
    reading = hyphen_break_reading(first, rest, vocabulary, lambda form: forms.get(form, 0),
                                   after=after, language=language)
    return reading[0] if reading is not None else None


# -- {{nop}} ---------------------------------------------------------------------------------


def _starts_paragraph(body: str) -> bool | None:
    """True when a page begins a new paragraph, False when it goes on with the previous
    page's (lower case, a word's end), None when the page cannot tell."""
    text = body.lstrip()
    if not text:
        return None
    if _HWE.match(text):
        return False
    if _NEW_PARAGRAPH.match(text):
        return True
    if regex.match(r"\A[\"'‘“(]?\p{Ll}", text):
        return False
    return None


_DOCUMENT = regex.compile(r"\A[\"'‘“]?(EXECUTIVE ORDER|PROCLAMATION|CHAPTER|BOOK|PART)\b")


def _caps(paragraph: str) -> bool:
    letters = [c for c in paragraph if c.isalpha()]
    return len(letters) >= 4 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)


def _starts_document(body: str) -> bool:
    """Whether a page opens a new document (an order, a chapter): its first line names one
    (``EXECUTIVE ORDER 13543``), or its first two paragraphs are headings in capitals."""
    return _document_opening(body) is not None


def _document_opening(body: str) -> str | None:
    """What shows that a page opens a new document, said as seen: ``'CHAPTER IV.', a new
    chapter``; ``two headings in capitals, 'A' and 'B'``; None when nothing does.

    >>> _document_opening("{{c|CHAPTER IV.}}\\n\\n{{c|THE CONQUEST OF ITALY.}}\\n\\nThe war")
    "'CHAPTER IV.', a new chapter"
    >>> _document_opening("THE END.\\n\\nINDEX.\\n\\nAbbey, 12")
    "two headings in capitals, 'THE END.' and 'INDEX.'"
    """
    paragraphs = [p.strip() for p in regex.split(r"\n\s*\n", body.strip()) if p.strip()]
    plain = [regex.sub(r"\{\{[^{}|]*\||\}\}", "", p) for p in paragraphs[:2]]
    m = _DOCUMENT.match(plain[0]) if plain else None
    if m is not None:
        line = plain[0].split("\n", 1)[0].strip()
        line = line if len(line) <= 60 else line[:57] + "…"
        return f"{line!r}, a new {m.group(1).lower()}"
    if len(plain) == 2 and all(_caps(p) and len(p) < 200 for p in plain):
        return f"two headings in capitals, {_short(plain[0])!r} and {_short(plain[1])!r}"
    return None


def _short(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 40 else line[:37] + "…"


def _nop(a: _Slot, b: _Slot | None, conventions: Conventions) -> None:
    """``{{nop}}`` at the foot of ``a`` as the next page ``b`` shows: none where the
    paragraph goes on, nor where ``b`` opens a new document (the last page of an order or a
    chapter is transcluded apart); one where the paragraph ends and ``b`` opens another."""
    nop = conventions.nop
    if not a.open or not nop or b is None:
        return
    body = a.result.page.body
    next_body = b.result.page.body
    starts, document = _starts_paragraph(next_body), _document_opening(next_body)
    has = body.endswith(nop)
    text = text_before_notes(body)  # a note at the foot is not the page's last paragraph
    if has and (starts is False or document):
        why = (f"the next page ({b.name}) goes on with this paragraph" if not document else
               f"the next page ({b.name}) opens with {document}: this page's part ends "
               "here (transcluded apart)")
        _drop_nop(a, nop, why)
    elif not has and starts is True and not document and _CLOSED.search(text) and (
            _PARAGRAPH_END.search(text) or not _HEADING_START.match(next_body.lstrip())):
        end = len(a.page.body.rstrip())
        if any(e.start < end < e.end or e.start == e.end == end for e in a.result.edits):
            return  # the layout changed the page's end: leave it
        a.result.page = replace(a.result.page, body=body + "\n" + nop)
        a.result.edits.append(Edit(end, end, "", "\n" + nop, "nop", 0.8,
                                   f"the last paragraph ends at the foot and the next page "
                                   f"({b.name}) begins a new one"))


def _drop_nop(a: _Slot, nop: str, why: str) -> None:
    """Take the ``{{nop}}`` the layout put at the foot of ``a`` out again (its edit trimmed,
    the line break before it an edit ``nop`` of its own when it was the input's)."""
    body, source = a.result.page.body, a.page.body
    edits = a.result.edits
    for k, e in enumerate(edits):
        if e.rule != "layout" or not e.new.endswith(nop) or e.end < len(source.rstrip()):
            continue
        kept = e.new[:-len(nop)]
        extra: list[Edit] = []
        if kept.endswith("\n"):
            kept = kept[:-1]
        elif body.endswith("\n" + nop) and e.start > 0 and source[e.start - 1] == "\n" \
                and not any(x.start < e.start and x.end >= e.start for x in edits):
            extra = [Edit(e.start - 1, e.start, "\n", "", "nop", 0.8, f"no {nop}: {why}")]
        else:
            continue
        trimmed = [] if kept == e.old else [replace(e, new=kept)]
        edits[k:k + 1] = trimmed + extra
        a.result.page = replace(a.result.page, body=body[:-len(nop)].rstrip("\n"))
        a.result.diagnostics.extend(locate([Diagnostic(
            "nop", f"no {nop} at the foot: {why}", e.start, "info")], source, a.name))
        return


# -- law numbers -----------------------------------------------------------------------------


def _law_numbers(result: ProofreadResult) -> list[int]:
    """The numbers of the numbered laws of a page, in order."""
    return [law.number for code in result.codes for s in code.sections for law in s.laws
            if law.number is not None]


def _heads_missing(slots: list[_Slot], conventions: Conventions) -> None:
    """Say where a page shows no running head though the pages around it give one: its
    folio from the sequence and the title its side's neighbours agree on. Said, not written:
    a page may print none (a chapter's first page, its folio at the foot)."""
    breaks = _breaks(slots)
    for i, s in enumerate(slots):
        if not s.open or s.result.running_head is not None or s.result.page.header.strip() \
                or not s.page.body.strip():  # (a page without text, a plate, lost no head)
            continue
        found = _expected_folio(slots, i, breaks=breaks)
        title = _agreed_title(slots, i)
        if found is None or title is None or not title[2] or found[0] <= 0:
            continue
        side = _side_of(slots, found[0]) or ("left" if found[0] % 2 == 0 else "right")
        call = RunningHead(str(found[0]), title[0], side, 0, 0).wikitext(conventions.header)
        s.result.diagnostics.extend(locate([Diagnostic(
            "head-missing", f"no running head read on this page; the pages around it give "
            f"{call} ({found[1]}): the head lost by OCR, or a page that prints none", 0,
            "warning")], s.page.body, s.name))


def _law_sequence(slots: list[_Slot]) -> None:
    """Flag a page whose first law number neither goes on from the previous page's last
    (the same law, or the next) nor starts a new code at 1: a law number misread or missed
    on one of the two pages, or a page missing. Flagged, never changed: which of the two
    pages is wrong the sequence alone does not tell."""
    last: tuple[int, str] | None = None
    for s in slots:
        numbers = _law_numbers(s.result) if s.open else []
        if numbers and last is not None:
            first = numbers[0]
            if first not in (last[0], last[0] + 1, 1):
                s.result.diagnostics.extend(locate([Diagnostic(
                    "law-sequence", f"the first law here is {first}, the last of the previous "
                    f"page ({last[1]}) is {last[0]}: a law number misread or missed on one of "
                    "the two pages, or a page missing", 0, "warning")], s.page.body, s.name))
        if numbers:
            last = numbers[-1], s.name
        elif not s.open:
            last = None  # a page not read: no evidence across it
