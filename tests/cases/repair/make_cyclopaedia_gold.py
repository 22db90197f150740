"""Make the gold text of the Cyclopædia page (seed 002) from its OCR, by hand-read
corrections: each pair is (OCR, as printed), applied once, in order, and must match.

Readings that cannot be settled from the OCR alone are left as the OCR has them
(``b. any card``, ``quitted, -i. e.``, ``toward him the adversaries``). Line-end
hyphenations are joined (``de- tached`` → ``detached``); the running head ``600 WHIST``
is not body text.

    python tests/cases/repair/make_cyclopaedia_gold.py ../shared/seeds/002_*.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

CORRECTIONS = [
    ("58. After the dealer", "53. After the dealer"),
    ("during- the", "during the"),
    ("a third, Ac.,", "a third, &c.,"),
    ("hand, and. unless", "hand, and, unless"),
    ("i. ., from highest", "i. e., from highest"),
    ("cards arc liable to !>< called", "cards are liable to be called"),
    ("exposed cards : (/, two", "exposed cards : a, two"),
    ("quicklv", "quickly"),
    ("player nlone retain nis hand, lie cannot be forced to abandon It.",
     "player alone retain his hand, he cannot be forced to abandon it."),
    ("the hands arc abandoned", "the hands are abandoned"),
    ("saved or won. neither", "saved or won, neither"),
    ("enter- tained", "entertained"),
    ("card de- tached", "card detached"),
    ("called whon he", "called when he"),
    ("Cl. If a player", "61. If a player"),
    ("as de- eired", "as desired"),
    ("to Inad one suit", "to lead one suit"),
    ("the false load", "the false lead"),
    ("or ho or bis partner", "or he or his partner"),
    ("compelled 'to play", "compelled to play"),
    ("U5. The call", "65. The call"),
    ("Cardt played in error, or not plnytti to a trick.",
     "Cards played in error, or not played to a trick."),
    ("his part- ner", "his partner"),
    ("6$. Should", "68. Should"),
    ("to win. or not to win. the trick", "to win, or not to win, the trick"),
    ("Hit. If any one omit", "69. If any one omit"),
    ("end'of the hand", "end of the hand"),
    ("pro- perly", "properly"),
    ("consequent re- vokes", "consequent revokes"),
    ("If. during the play", "If, during the play"),
    ("face down- ward, in order", "face downward, in order"),
    ("the ad- versaries, who", "the adversaries, who"),
    ("from hjs score", "from his score"),
    ("t, is appli- cable", "c, is applicable"),
    ("divided, /. ., a player", "divided, i. e., a player"),
    ("revoking player ; , takes", "revoking player ; e, takes"),
    ("score : e. a., the", "score : e. g., the"),
    ("which ho has renounced", "which he has renounced"),
    ("the ques- tion", "the question"),
    ("subse- quent", "subsequent"),
    ("may bo corrected", "may be corrected"),
    ("70. If a player discover", "76. If a player discover"),
    ("mav withdraw", "may withdraw"),
    ("the cords withdrawn are not liable to bo called", "the cards withdrawn are not liable "
     "to be called"),
    ("and pos- sible", "and possible"),
    ("73. A revoke cannot be claimed", "78. A revoke cannot be claimed"),
    ("all cir- cumstances", "all circumstances"),
    ("the hand In which", "the hand in which"),
    ("be en- forced", "be enforced"),
    ("which ho has revoked", "which he has revoked"),
    ("('ulliinj for new card*.", "Calling for new cards."),
    ("88. Any player (on paying", "83. Any player (on paying"),
    ("bo- fore, but ii 't after", "before, but not after"),
    ("who Is to make", "who is to make"),
    ("penalties It is advisable", "penalties it is advisable"),
    ("de- mand a penalty to which ho is", "demand a penalty to which he is"),
    ("the trick I either l>y saying", "the trick, either by saying"),
    ("or, i without being", "or, without being"),
    ("lowest or the suit then led", "lowest of the suit then led"),
    ("In all coses where", "In all cases where"),
    ("has been Incur- red, the offender Is bound", "has been incurred, the offender is bound"),
    ("the de- cision", "the decision"),
    ("8S. If a bystander", "88. If a bystander"),
    ("any re- mark", "any remark"),
    ("the play- ers", "the players"),
    ("or now cards called", "or new cards called"),
    ("may de- mand to see", "may demand to see"),
    ("Miqnette of Wlttet.", "Etiquette of Whist."),
    ("the es- tablished etiquette of whist They", "the established etiquette of whist. They"),
    ("be ad- hered", "be adhered"),
]


def body(seed_text: str) -> str:
    """The OCR body: everything after the running head ``600 WHIST`` (the scrape's
    no-break spaces read as spaces)."""
    text = seed_text[seed_text.index("600 WHIST") + len("600 WHIST"):].strip()
    return text.replace("\xa0", " ")


def gold(ocr_body: str) -> str:
    text = ocr_body
    for old, new in CORRECTIONS:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
        text = text.replace(old, new)
    return text


if __name__ == "__main__":
    seed = Path(sys.argv[1]).read_text(encoding="utf-8")
    here = Path(__file__).parent
    (here / "cyclopaedia-624.ocr.txt").write_text(body(seed) + "\n", encoding="utf-8")
    (here / "cyclopaedia-624.gold.txt").write_text(gold(body(seed)) + "\n", encoding="utf-8")
