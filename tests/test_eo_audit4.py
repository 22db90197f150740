"""Fixes from a new-user audit of ``wstools eo format`` (audit 4): the president and the
ordinal from the order's date; every order a sentence revokes, supersedes or amends; nesting
by depth; two orders in one file; re-running into an output folder."""

from __future__ import annotations

from pathlib import Path

from wstools.eo.format import to_wikitext
from wstools.eo.presidents import presidency_at
from wstools.eo.read import read_order

SOURCES = Path(__file__).resolve().parents[1].parent / "shared" / "sources" / "eo-govinfo"


def _text(head: str, body: str = "Section 1. Purpose. Agencies shall act.",
          date: str = "December 11, 2009") -> str:
    return (f"{head}\nA Title\nBy the authority vested in me, it is hereby ordered as "
            f"follows:\n{body}\nTHE WHITE HOUSE,\n{date}.\n")


def test_president_from_the_date_not_the_number() -> None:
    """The print's misprint "Executive Order 15323 of December 11, 2009" (13523): the
    date's president, Barack Obama, and the ordinal left as a placeholder, flagged; never
    Donald Trump, whose term does not hold the date."""
    order = read_order(_text("Executive Order 15323 of December 11, 2009"))
    main = to_wikitext(order)
    assert " |president=Barack Obama\n" in main
    assert "Barack Obama's {{EOplaceholder|ordinal}} executive order of his first" in main
    assert "Trump" not in main
    assert any("15323" in f for f in order.flags)
    good = to_wikitext(read_order(_text("Executive Order 13523 of December 11, 2009")))
    assert "Barack Obama's thirty-fifth executive order" in good


def test_impossible_date_names_no_president() -> None:
    order = read_order(_text("Executive Order 99999 of February 30, 2021",
                             date="February 30, 2021"))
    main = to_wikitext(order)
    assert " |president={{EOplaceholder|president}}\n" in main
    assert "{{EOplaceholder|president}}'s {{EOplaceholder|ordinal}}" in main
    assert "Trump" not in main and "Biden" not in main
    assert any("does not exist" in f for f in order.flags)


def test_inauguration_day_and_misspelled_month() -> None:
    """On an inauguration day two terms hold the date: the number chooses between them
    (and only them). A month misspelled in the print ("Janaury", 13190) is read as the one
    month it is close to, flagged, and kept as printed."""
    p, n = presidency_at("13985", "January 20, 2021")
    assert p is not None and p.name == "Joe Biden" and n == 1
    p, n = presidency_at("13984", "January 20, 2021")
    assert p is not None and p.name == "Donald Trump" and n == 220
    assert presidency_at("15000", "January 20, 2021") == (None, None)
    assert presidency_at("13190", None) == (None, None)
    order = read_order(_text("Executive Order 13190 of Janaury 15, 2001",
                             date="January 15, 2001"))
    assert order.date == "Janaury 15, 2001"
    assert "Bill Clinton's three hundred fifty-seventh" in to_wikitext(order)
    assert any("misspelled month" in f for f in order.flags)
