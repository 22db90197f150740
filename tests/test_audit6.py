"""A sixth new-user audit (a bot operator's and a proofreader's trial on pages unlike the
benchmark's: an encyclopaedia's article and its figure keys, captions, a contents page, a
year heading, prose opening in capitals): what the tool did harm with. Each case is the
page as OCR gave it and what a proofreader expects; every case failed before its fix."""

from __future__ import annotations

import re

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer

ARTICLE = ("ABBOT, GEORGE (1562-1633), English divine, was born at Guildford, where his "
           "father was a cloth-worker. He studied at Balliol College, read widely, and wrote "
           "a chapter on the geography of the world which went through many editions; in "
           "1608 he went to Scotland with the earl of Dunbar to arrange a union between the "
           "churches, and in 1611 he was made archbishop of Canterbury, where he would press "
           "the button of every controversy of his time, and he died at Croydon in 1633.")


def test_a_long_paragraph_is_no_web_chrome(repairer: Repairer) -> None:
    """A paragraph of 90 words with 'chapter', 'read' and 'button' in it was removed whole
    as a site's chrome (two numbered lines above made the page read as laws run together)."""
    r = proofread("5. Storehouse.\n6. Chapel.\n" + ARTICLE + "\n", repairer=repairer)
    assert "ABBOT, GEORGE" in r.page.body and "died at Croydon in 1633." in r.page.body
    assert not [e for e in r.edits if e.rule == "boilerplate"]


@pytest.mark.parametrize(("line", "word"), [
    ("13. The pack is tied with a cord, with the ends loose, and the dealer cuts it.", "cord"),
    ("14. The band played before the first deal of the evening began.", "band"),
    ("61. If the adversaries load the pack with a marked card, the deal is void.", "load"),
])
def test_a_common_word_the_corpus_lacks_is_not_changed(repairer: Repairer, line: str,
                                                       word: str) -> None:
    """'cord', 'band', 'load' are words of English: the corpus's neighbours ('card', 'hand',
    'lead') are no evidence that OCR misread them (they were changed)."""
    r = proofread("12. If a player lead out of turn, the card may be called.\n" + line + "\n",
                  repairer=repairer)
    assert re.search(rf"\b{word}\b", r.page.body)
    assert not [e for e in r.edits if e.rule == "context"]


def test_a_figures_key_is_no_law(repairer: Repairer) -> None:
    """'Fig. 7.—' is a caption's number, not law 7; the key's 'B.' under it was made law 8
    and the caption cut after 'Fig.'."""
    page = ("Fig. 7.—Clairvaux (Cistercian), Monastic Buildings.\n\nA. Church.\nB. Cloister.\n"
            "C. Chapter-house.\nD. Monks’ parlour.\n")
    body = proofread(page, repairer=repairer).page.body
    assert body.startswith("Fig. 7.—Clairvaux")
    assert "B. Cloister." in body and "8. Cloister" not in body


def test_captions_keep_their_numbers_and_signs(repairer: Repairer) -> None:
    """Captions one after another were read as laws run together: each was cut after 'Fig.',
    and a printed '=' was taken for a speck."""
    page = ("Fig. 1.—Bronze containing 23.3% of tin. Slowly cooled.\n\nFig. 2.—Lead-tin "
            "eutectic. Magnified 750 diameters.\n\nFig. 3.—Gun steel, C. = 0.30%. Oil hardened "
            "and annealed.\n")
    body = proofread(page, repairer=repairer).page.body
    assert "Fig. 1.—Bronze" in body and "Fig. 3.—Gun steel, C. = 0.30%." in body


@pytest.mark.parametrize("page", [
    "SUMMER 1852\n\nThe people gathered their goods together.\n",
    "THE YEAR 1852\n\nThe people gathered their goods together.\n",
    "BEFORE 1800\n\nThe people gathered their goods together.\n",
])
def test_a_heading_with_a_year_is_no_running_head(repairer: Repairer, page: str) -> None:
    """A year on the right of a heading, even where an odd page's folio would stand, is no
    folio: the heading stays in the page (it went to the header as {{rh|1852|SUMMER|}})."""
    r = proofread(page, repairer=repairer)
    assert r.page.header == ""
    assert page.split("\n")[0] in r.page.body


@pytest.mark.parametrize("page", [
    "20 MILES from the town the river turns west,\nand the people gathered their goods.\n",
    "500 MEN marched to the town and\nthe people gathered their goods.\n",
    "1852 THE FLOOD came to the town and\nthe people gathered their goods.\n",
])
def test_a_sentence_opening_in_capitals_is_no_head(repairer: Repairer, page: str) -> None:
    """A sentence's first words in capitals after a number (a quantity, a year) lost them to
    the header ({{rh|20|MILES|}})."""
    r = proofread(page, repairer=repairer)
    assert r.page.header == ""
    assert r.page.body.startswith(page.split()[0] + " " + page.split()[1])


def test_a_fused_head_with_a_title_of_its_own_is_still_read(repairer: Repairer) -> None:
    r = proofread("600 WHIST the first trick, should take the trump card.\n", repairer=repairer)
    assert r.page.header == "{{rh|600|WHIST|}}"


def test_a_contents_page_is_left_as_it_is(repairer: Repairer) -> None:
    """A contents' first entry went to the header, two entries became one heading and the
    last entry's page went to the footer."""
    page = ("THE MILLER . . . . . . . 37\nTHE VICAR . . . . . . . . 52\n"
            "THE END OF THE STORY . . . . . .\n64\n")
    r = proofread(page, repairer=repairer)
    assert r.page.header == "" and r.page.footer == ""
    assert r.page.body.startswith("THE MILLER . . . . . . . 37\nTHE VICAR")
    assert "{{c|" not in r.page.body and r.page.body.rstrip().endswith("64")


def test_a_dump_keeps_each_contributors_id_and_ip(tmp_path) -> None:  # noqa: ANN001
    """A page written back as it was keeps its contributor whole: the user's id (it was
    dropped) and an IP as an IP (it was written as a user name)."""
    from wstools.io.dumps import DumpPage, DumpWriter, read_dump
    pages = [DumpPage(title="Page:A.djvu/1", ns=104, text="x", id="1", revision_id="5",
                      timestamp="2020-01-01T00:00:00Z", contributor="Hesperian",
                      contributor_id="1234"),
             DumpPage(title="Page:A.djvu/2", ns=104, text="y", id="2", revision_id="6",
                      timestamp="2020-01-01T00:00:00Z", contributor="192.0.2.1",
                      contributor_ip=True)]
    out = tmp_path / "out.xml"
    with DumpWriter(out) as writer:
        for page in pages:
            writer.write(page)
    back = list(read_dump(out))
    assert (back[0].contributor, back[0].contributor_id) == ("Hesperian", "1234")
    assert (back[1].contributor, back[1].contributor_ip) == ("192.0.2.1", True)
    assert "<ip>192.0.2.1</ip>" in out.read_text(encoding="utf-8")


def test_a_heading_on_the_pages_last_line_is_not_the_laws(repairer: Repairer) -> None:
    """'THE DEAL.' on the last line, after laws each on its own line, was left in law 16's
    paragraph ('…shuffle once. THE DEAL.' as rendered)."""
    page = ("cide otherwise.\n15. If a player revoke, the penalty is three tricks.\n"
            "16. Each player has a right to shuffle once.\nTHE DEAL.\n")
    body = proofread(page, repairer=repairer).page.body
    assert "16. Each player has a right to shuffle once.\n\n{{c|{{sc|THE DEAL.}}}}" in body


def test_laws_each_on_a_line_without_a_dash_are_laws(repairer: Repairer) -> None:
    """Laws without a dash, one a line after sentences' ends, with a heading under them."""
    from wstools.page_model import read_blocks
    page = ("cide otherwise.\n15. If a player revoke, the penalty is three tricks.\n"
            "16. Each player has a right to shuffle once.\n")
    assert [b.number for b in read_blocks(page) if b.kind == "law"] == [15, 16]


def test_a_law_after_the_clauses_of_the_law_before(repairer: Repairer) -> None:
    """'19. The trump card…' after clause (b)'s full stop was left in (b)'s paragraph."""
    page = ("(a) unless the cards were not cut;\n(b) unless a card was exposed by the "
            "adversary.\n19. The trump card is left face upwards.\n")
    body = proofread(page, repairer=repairer).page.body
    assert "adversary.\n\n19. The trump card" in body


def test_a_poems_couplets_keep_their_lines(repairer: Repairer) -> None:
    """Two-line stanzas two paragraphs away from a longer one, or under a heading, were
    joined into one line each."""
    page = ("The wind is up, the sails are set,\nThe harbour lights grow dim;\nAnd those who "
            "watch upon the shore\nAre praying still for him.\n\nO mother, dry thy weeping "
            "eyes,\nThe sea gives back its own;\n\nHe sails beyond the farthest isles,\nBut "
            "never sails alone.\n\nTHE LIGHTHOUSE.\n\nA lamp upon a lonely rock,\nA keeper old "
            "and grey,\n")
    body = proofread(page, repairer=repairer).page.body
    assert "farthest isles,\nBut never" in body and "lonely rock,\nA keeper" in body


def test_the_compass_points_keep_their_hyphen_at_a_line_end(repairer: Repairer) -> None:
    """'north-' / 'west' was joined 'northwest' (and {{hws|north|northwest}} across pages):
    printings of the period hyphenate the compass's points, as they do to-day."""
    body = proofread("the river runs north-\nwest to the sea, and then south-\neast again.\n",
                     repairer=repairer).page.body
    assert "north-west to the sea" in body and "south-east again" in body


def test_a_pages_first_law_is_kept_when_laws_follow_in_lines(repairer: Repairer) -> None:
    """'17.' opening the page, '18.' on a line after a sentence: the page was read as laws
    run together and its first law lost (book mode then said 'the first law here is 18')."""
    r = proofread("250 LAWS OF WHIST.\n\n17. The dealer must deal the cards one by one,\n"
                  "beginning on his left.\n18. A misdeal loses the deal.\n", repairer=repairer)
    assert [law.number for c in r.codes for s in c.sections for law in s.laws] == [17, 18]


def test_a_price_lists_rows_keep_their_lines(repairer: Repairer) -> None:
    """Rows with leaders to their prices were joined into one line."""
    page = ("No.\nNo.\nNo.\n\nPRICE LIST. 27\n\n101. Garden Rake, steel, 12 teeth........ $0.75\n"
            "102. Garden Rake, steel, 16 teeth ........ 0.90\n103. Hoe, socket, 6 inch «eee 0.65\n"
            "104. Spade, D handle, polished ............ 1.25\n")
    body = proofread(page, repairer=repairer).page.body
    assert "$0.75\n102. Garden" in body and "0.65\n104. Spade" in body


def test_edits_on_lines_of_tabs_are_where_they_were_made(repairer: Repairer) -> None:
    """A line of tabs among blank lines: the whitespace fix gave two overlapping edits, and
    the layout's edits were then reported on the words after them ('Fi' -> ''), so the
    explanation and the JSON did not give the body."""
    from wstools.edits import apply_edits
    page = ("\n\t\t\n\nFig. 10.—Gun steel, C. = 0.30%. Oil hardened.\n\t\tFig. 11.—Pearlite, "
            "steel forged and annealed.\n")
    r = proofread(page, repairer=repairer)
    edits = sorted(r.edits, key=lambda e: (e.start, e.end))
    assert all(page[e.start:e.end] == e.old for e in edits)
    assert not any(b.start < a.end for a, b in zip(edits, edits[1:], strict=False))
    assert apply_edits(page, edits) == r.page.body
