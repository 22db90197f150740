"""`wstools parse` exports keep the print: its order (the title above the preamble), its
paragraphs (an unnumbered paragraph after a law is one of its own), the dash printed after
law numbers, and no author the text does not name (new-user audit 3, items 5, 7, 8, 15a)."""

from __future__ import annotations

import json

import pytest
from lxml import etree

from wstools.laws.export import metadata_for, to_html, to_tei
from wstools.laws.model import from_dict
from wstools.laws.parse import parse
from wstools.laws.render import to_json, to_lines, to_text, to_wikitext

LOO = """THE LAWS OF LOO.

These may be briefly stated as follows:

1.--Each player has a right to shuffle at the commencement of a deal, the
dealer shuffling last.

2.--The cards shall be dealt one at a time to each player.

3.--Every player winning a trick, and still holding one or more trumps, is
bound to lead a trump.

Any player committing any infractions of Laws 1, 2, or 3, must leave in
the pool any tricks he may make.

4.--If no one declares to play, the dealer is entitled to the pool.
"""


@pytest.fixture(scope="module")
def loo():  # noqa: ANN201
    return parse(LOO)


def _order(out: str, *pieces: str) -> list[int]:
    return [out.index(p) for p in pieces]


@pytest.mark.parametrize("export", [
    to_text, to_lines, to_wikitext, lambda c: to_wikitext(c, "ol"), to_html, to_tei])
def test_title_comes_before_the_preamble_in_every_export(loo, export) -> None:  # noqa: ANN001
    out = export(loo.codes)
    at = _order(out, "LAWS OF LOO.", "These may be briefly stated", "Each player has")
    assert at == sorted(at)


def test_text_above_the_title_stays_above_it() -> None:
    # the law-less end of one code introduces the next: printed above its title
    text = ("THE LAWS OF WHIST.\n\n1.—A game.\n\nDUMMY.\n\nDummy is played by three.\n\n"
            "LAWS OF DUMMY.\n\n1.—The laws of whist hold.\n")
    result = parse(text)
    assert result.codes[1].before_title == ["DUMMY.", "Dummy is played by three."]
    assert result.codes[1].preamble == []
    for out in (to_text(result.codes), to_wikitext(result.codes), to_html(result.codes),
                to_tei(result.codes)):
        at = _order(out, "Dummy is played by three.", "LAWS OF DUMMY.", "The laws of whist hold")
        assert at == sorted(at)


def test_an_authority_line_after_the_preamble_keeps_its_place() -> None:
    result = parse("LAWS OF LOO.\n\nAs follows:\n\n(Adopted 1900.)\n\n1.—Each player.\n")
    out = to_text(result.codes)
    assert out.index("As follows:") < out.index("(Adopted 1900.)")


def test_a_paragraph_after_a_law_is_its_own_in_wikitext(loo) -> None:  # noqa: ANN001
    for form in ("paragraphs", "ol"):
        out = to_wikitext(loo.codes, form)
        assert "lead a trump.\n\nAny player committing" in out, form
    ol = to_wikitext(loo.codes, "ol")
    # an {{ol}} item holds no blank line: the law with the paragraph stands outside the list
    law3 = ol.index("'''3.'''—Every player")
    assert ol.rindex("{{ol", 0, law3) < ol.rindex("}}", 0, law3)
    assert "{{ol|start=4\n|—If no one" in ol


@pytest.mark.parametrize("form", ["paragraphs", "ol"])
def test_wikitext_reads_back_as_the_same_codes(loo, form) -> None:  # noqa: ANN001
    again = parse(to_wikitext(loo.codes, form), "wikitext")
    assert to_text(again.codes) == to_text(loo.codes)
    assert [law.dash for law in again.laws] == ["—"] * 4


def test_the_printed_dash_after_a_number_is_kept(loo) -> None:  # noqa: ANN001
    assert [law.dash for law in loo.laws] == ["—"] * 4
    assert "\n1.—Each player has" in to_text(loo.codes)
    assert "\n'''1.'''—Each player has" in to_wikitext(loo.codes)
    assert "\n1.—Each player has" in to_lines(loo.codes)
    assert '<span class="law-number">1.—</span><span>Each player' in to_html(loo.codes)
    data = json.loads(to_json(loo.codes))
    assert data["codes"][0]["sections"][0]["laws"][0]["dash"] == "—"
    assert from_dict(data["codes"][0]).laws[0].dash == "—"
    # and none where the print has none
    plain = parse("LAWS OF LOO.\n\n1. Each player.\n\n2. The cards.\n")
    assert [law.dash for law in plain.laws] == ["", ""]
    assert "\n1. Each player." in to_text(plain.codes)
    assert "\n'''1.''' Each player." in to_wikitext(plain.codes)


def test_no_author_is_invented(loo) -> None:  # noqa: ANN001
    meta = metadata_for(loo.codes, corpus=False)
    assert meta.creator == ""
    html = to_html(loo.codes, meta=meta)
    assert "Unknown" not in html and "Author:" not in html
    tei = to_tei(loo.codes, meta=meta)
    assert "Unknown" not in tei
    root = etree.fromstring(tei.encode())
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    assert root.findall(".//t:author", ns) == [] and root.findall(".//t:byline", ns) == []
    assert root.find(".//t:titleStmt/t:title", ns).text == "THE LAWS OF LOO."
    # an author the text names is still written
    named = parse("LAWS OF WHIST.\n\n(Adopted by the American Whist League.)\n\n1. A game.\n")
    meta = metadata_for(named.codes, corpus=False)
    assert meta.creator == "American Whist League"
    assert "<author>American Whist League</author>" in to_tei(named.codes, meta=meta)


OCR = """LAWS OF ÉCARTÉ.

10.—The hands having been dealt, the dealer must turn up for trumps the
top card of those remaining.

11.—If the non-dealer play without discarding, there must be a fresh deal.

l2.—If, before the trump card is turned up, a faced card be found.

13.—If the dealer turn up more than one card, the non-dealer may choose.

14.—A card once led may not be taken up again.

l5.—If a player play out of turn, the card may be taken up.

16.—A revoke is established when the trick is turned.
"""


def test_garbled_law_numbers_are_read_from_the_sequence() -> None:
    # audit 3, item 6: l2 was run into law 11 (and 3l became law 3, suffix l)
    result = parse(OCR)
    assert [law.label for law in result.laws] == ["10", "11", "12", "13", "14", "15", "16"]
    assert result.code.law(11).text == ("If the non-dealer play without discarding, there "
                                        "must be a fresh deal.")
    assert result.code.law(12).text.startswith("If, before the trump card")
    found = [(e.old, e.new, e.line) for e in result.edits if e.rule == "law-number"]
    assert found == [("l2", "12", 8), ("l5", "15", 14)]
    assert OCR[result.code.law(12).span[0]:].startswith("l2.—If, before")
    assert not any(d.code == "law-gap" for d in result.diagnostics)


def test_a_garbled_token_inside_a_paragraph_is_left_alone() -> None:
    text = OCR.replace("deal.\n\nl2.—If", "deal. l2.—If")
    result = parse(text)
    assert "deal. l2.—If, before" in result.code.law(11).text
    assert [e.old for e in result.edits if e.rule == "law-number"] == ["l5"]
