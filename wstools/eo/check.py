"""Round trip: the plain text of the formatted order against the order as printed.

The printed text is taken from the source (the ``Executive Order N of DATE`` line to the
billing code) with page marks, ``<GRAPHIC>`` notes and the ``(Presidential Sig.)``
placeholder removed and the GPO's typewriter conventions made typography. The formatted
page's plain text (``wstools expand --to text``) must have the same words, in order, with
whitespace normalised; the documented template texts are allowed on top:

- the signature name that ``{{EOsignature}}`` shows when the print has only the signature
  image, and the full stop it puts after the date;
- ``of`` in ``Executive Order N of DATE``, which ``{{EOtitle}}`` always writes;
- the caption's full stop that ``{{EOsection}}`` adds (the print may end it with ``.--``);
- the footer (``[FR Doc. …]``, billing code) is compared by its values, which
  ``{{EOfooter}}`` prints from the model: the FR Doc. number, filing date and billing code
  must each be found in the printed footer.
"""

from __future__ import annotations

import difflib
import re

from ..wikitext.plain import TextRenderer
from ..wikitext.registry import Registry
from .model import ExecutiveOrder
from .read import EO_LINE, EO_LINE_LOOSE, GRAPHIC, PAGE_MARK, text_of, typography


def printed_words(data: bytes | str) -> list[str]:
    text, _ = text_of(data)
    m = EO_LINE.search(text) or EO_LINE_LOOSE.search(text)
    if m is None:
        return []
    body = text[m.start():]
    footer = body.find("[FR Doc")
    if footer >= 0:
        body = body[:footer]
    body = PAGE_MARK.sub(" ", body)
    body = GRAPHIC.sub(" ", body)
    body = re.sub(r"\(Presidential Sig\.\)\S*", " ", body)
    body = re.sub(r"(?<!-)- *\n\s*(?:\[\[Page \d+\]\]\s*)?", "-", body)  # line-end hyphen joins
    return _words(typography(body))


def _words(text: str) -> list[str]:
    return text.split()


def rendered_words(wikitext: str, registry: Registry) -> list[str]:
    text = TextRenderer(registry).render(wikitext).text
    footer = text.find("[FR Doc")
    return _words(text[:footer] if footer >= 0 else text)


def differences(order: ExecutiveOrder, data: bytes | str, wikitext: str,
                registry: Registry) -> list[str]:
    """The word-level differences that are not documented template texts ([] if none)."""
    printed = printed_words(data)
    rendered = rendered_words(wikitext, registry)
    allowed_extra = set()
    if order.signature.president is None:
        from .presidents import presidency_of
        p = presidency_of(order.number)
        if p:
            allowed_extra.update(p.name.upper().split())
    out = []
    text, _ = text_of(data)
    printed_footer = " ".join(text[text.find("[FR Doc"):].split())
    fr = order.register
    for value in (fr.frdoc, fr.filed, fr.billing):
        if value and value not in printed_footer:
            out.append(f"footer value {value!r} not in the printed footer")
    matcher = difflib.SequenceMatcher(None, printed, rendered, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            continue
        old, new = printed[a1:a2], rendered[b1:b2]
        if op == "insert" and set(new) <= allowed_extra | {".", "of"}:
            continue  # the name, the date's full stop, "of" in the title line
        if "".join(old) == "".join(new):
            continue  # only whitespace differs
        if [w.rstrip(".").lower() for w in old] == [w.rstrip(".").lower() for w in new]:
            continue  # the full stop a template adds (signature date, caption)
        if [w.replace(".—", ".").replace("—", "") for w in old] == \
                [w.replace("—", "") for w in new]:
            continue
        out.append(f"{' '.join(old)!r} -> {' '.join(new)!r}")
    return out
