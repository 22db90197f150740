"""A third new-user audit (unseen pages of Hoyle's other games, a title page, a letter, a
contents page): text the tool moved into the header or footer or merged into a heading. Each
case is the page as OCR gave it and what a proofreader expects of the header, the footer and
the body's start; every case failed before the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from wstools.proofread import proofread
from wstools.repair.repair import Repairer

AUDIT4 = Path(__file__).resolve().parent / "cases" / "audit4"
TEXT = ("The dealer shall then deal the cards, one at a time, to each\n"
        "player in rotation, beginning on his left.\n")

CASES = [
    # (name, page, header, footer, body's start)
    ("a date over the text", "MARCH 1909\n\n" + TEXT, "", "", "{{c|{{sc|MARCH 1909}}}}"),
    ("a numbered heading (its stop)", "VARIATION 4.\n\n" + TEXT, "", "",
     "{{c|{{sc|VARIATION 4.}}}}"),
    ("a sentence's subject in capitals", "100 POINTS are scored for the game, and the winner\n"
     "of the odd trick scores ten more.\n", "", "", "100 POINTS are scored"),
    ("a contents' entry over entries", "EUCHRE 68\nTwo-handed Euchre 69\nFour-handed Euchre 70\n"
     "Three-handed Euchre 72\n", "", "", "EUCHRE 68\nTwo-handed Euchre 69\n"),
    ("a contents page under its head", "x CONTENTS\n\nEUCHRE 68\nTwo-handed Euchre 69\n"
     "Four-handed Euchre 70\n", "{{rh|x|CONTENTS|}}", "", "EUCHRE 68\nTwo-handed Euchre 69\n"),
    ("a sum at the foot under a head with its folio", "260 HOYLE'S GAMES\n\nThus the total "
     "of the bidder's score would be, for tricks,\nhonours, and game, as follows:\n\n120\n",
     "{{rh|260|HOYLE'S GAMES|}}", "", "Thus the total"),
    ("a year at a title page's foot", "HOYLE'S GAMES\nMODERNIZED\n\nLONDON\nGEORGE ROUTLEDGE "
     "& SONS, LIMITED\n1909\n", "", "", "{{c|{{sc|HOYLE'S GAMES MODERNIZED}}}}"),
    ("a roman folio at a contents page's foot", "CONTENTS\n\nBLIND HOOKEY . . . . . . . 32\n"
     "CRIBBAGE . . . . . . . . . 34\nThe Five-card Game . . . . 35\n\nix\n", "", "{{c|ix}}",
     "{{c|{{sc|CONTENTS}}}}"),
    ("a title page's blocks", "HOYLE'S GAMES\nMODERNIZED\n\nBY\nPROFESSOR HOFFMANN\n\nAND "
     "WITH NEW CHAPTERS ON ROULETTE\n", "", "",
     "{{c|{{sc|HOYLE'S GAMES MODERNIZED}}}}\n\n{{c|{{sc|BY PROFESSOR HOFFMANN}}}}\n\n"),
    ("a table's rows", "A B C D\n10 20 30 40\n\nThe table above gives the scores.\n", "", "",
     "A B C D\n10 20 30 40\n\n"),
    ("a letter's dateline and salutation", "LONDON, March 4th, 1909.\n\nDEAR SIR,\n\nI have "
     "the honour to acknowledge the receipt of your letter.\n", "", "",
     "LONDON, March 4th, 1909.\n\nDEAR SIR,\n\nI have"),
    ("footnote marks whose notes are on the page", "CRIBBAGE. 37\n\nThree fives and a ten "
     "make four fifteens (technically spoken\nof as \"fifteen eight\"[15]), each forming one "
     "fifteen. The dealer then\nscores for his crib.[16]\n\n[15] Or, by old players.\n[16] "
     "See p. 41.\n", "{{rh||CRIBBAGE|37}}", "",
     "Three fives and a ten make four fifteens (technically spoken\nof as \"fifteen "
     "eight\"[15]), each"),
    ("a printed rule (a line of dashes)", "456 HOYLE'S GAMES\n\nHere is an example of ten "
     "coups played on the\nFitzroy system:\n\n-----+--------+\n\nShowing ten units won.\n",
     "{{rh|456|HOYLE'S GAMES|}}", "", "Here is an example"),
    # a word that numbers what the text sets out, with its number: a heading, no head
    ("a position's number", "POSITION 21\n\n" + TEXT, "", "", "{{c|{{sc|POSITION 21}}}}"),
    ("a round's number", "ROUND 3\n\n" + TEXT, "", "", "{{c|{{sc|ROUND 3}}}}"),
    ("a score over the text", "21 POINTS\n\n" + TEXT, "", "", "{{c|{{sc|21 POINTS}}}}"),
    ("a chapter's number over its title", "CHAPTER XII.\nTHE GAME OF CASSINO.\n\n" + TEXT, "",
     "", "{{c|{{sc|CHAPTER XII.}}}}\n\n{{c|{{sc|THE GAME OF CASSINO.}}}}\n\n"),
]


@pytest.mark.parametrize(("name", "page", "header", "footer", "start"), CASES,
                         ids=[c[0] for c in CASES])
def test_audit3_page(repairer: Repairer, name: str, page: str, header: str, footer: str,
                     start: str) -> None:
    r = proofread(page, repairer=repairer)
    assert r.page.header == header
    assert r.page.footer == footer
    assert r.page.body.startswith(start), r.page.body


def test_audit4_layout(repairer: Repairer) -> None:
    """A fourth audit (real Tesseract OCR of Hoyle's Backgammon and Bagatelle): a table's
    rows of figures were run into one line; a heading OCR set under a paragraph's last line
    was run into the paragraph; ``Fig.`` at a line's end made the next line's ``2.`` a law
    and split the sentence."""
    page = (AUDIT4 / "table-rows.txt").read_text(encoding="utf-8")  # (the audit's OCR)
    r = proofread(page, repairer=repairer)
    assert r.page.body.startswith("Distance Chances\n1 11\n2 12\n3 14\n4 15\n")
    r = proofread("Black's men are placed in like manner on the points immediately\nfacing "
                  "these.\nPLAYING.\n\nThe game is commenced by each player throwing.\n",
                  repairer=repairer)
    assert "these.\n\n{{c|{{sc|PLAYING.}}}}\n\nThe game" in r.page.body
    r = proofread("board, oblong in shape, and in width about one-fourth of its length, as "
                  "shown in Fig.\n2. At that end of the board which in use is farthest from "
                  "the\nplayer are sunk nine holes.\n", repairer=repairer)
    assert r.laws == 0
