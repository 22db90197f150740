"""The choice a witness's rules make for one token, for tests of :mod:`wstools.repair.choose`."""

from __future__ import annotations

from wstools.repair.align import Unit
from wstools.repair.choose import Context, choose
from wstools.repair.repair import Repairer


def choose_reading(repairer: Repairer, text: str, ocr: str, witness: str) -> str | None:
    """What the rules write for ``ocr`` (its first place in ``text``) against the witness's
    ``witness``, or None when they leave it."""
    start = text.index(ocr)
    unit = Unit(start, start + len(ocr), ocr, witness, 1)
    ctx = Context(repairer.index, repairer._is_word, text, "witness", repairer._rival)
    edit = choose(unit, ctx)
    return None if edit is None else edit.new
