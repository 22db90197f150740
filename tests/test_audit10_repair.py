"""Repair must not overwrite what the print has right (tenth audit, H1–H3 and L3)."""

from __future__ import annotations

from pathlib import Path

from wstools.repair.repair import Repairer

HEAD = ("id: {id}\ntitle: A witness\nedition: other\nyear: 1890\nsource: typed\n"
        "licence: public domain\ngame: chess\n---\nLaws\n\n")

CHESS = [
    "1. The chess-board must be so placed that each player has a white square at his "
    "right-hand corner.",
    "2. If the board be wrongly placed, it must be adjusted, provided four moves on each "
    "side have not been played.",
    "3. A player who touches one of his own pieces must move it, unless he says j'adoube "
    "before touching it.",
    "4. If a player touch one of his adversary's pieces, he must take it, provided it can "
    "be legally taken.",
    "5. The player who first touches a piece of his adversary shall forfeit the game, if "
    "the umpire so decide.",
    "6. Either player may require his adversary to show the piece he intends to move, and "
    "the umpire shall dispatch the dispute with all speed.",
    "7. The loser shall pay the stakes to the winner at the end of the sitting, and the "
    "winner shall record the score.",
]


def _corpus(tmp_path: Path, name: str, laws: list[str]) -> Repairer:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "w.txt").write_text(HEAD.format(id=name) + "\n".join(laws) + "\n",
                                  encoding="utf-8")
    return Repairer.load(folder)


# -- H1: an older printing's spelling is a reading ------------------------------------------

def test_shew_stays_against_the_bundled_corpus(repairer: Repairer) -> None:
    """Hoyle's law 44 as an older printing spells it: 'shew', not 'show' misread."""
    text = ("44. If the dealer take the trump card into his hand before it is his turn to "
            "play, he may be desired to lay it on the table; should he shew a wrong card, "
            "this card may be called, as also a second, a third, &c., until the trump card "
            "be produced.")
    assert repairer.repair(text).text == text


def test_shewn_stays_against_the_bundled_corpus(repairer: Repairer) -> None:
    text = ("15.—If a player have a hand dealt him without king, queen or knave, he may "
            "declare carte blanche before playing a card. Carte blanche must be shewn by "
            "counting the cards, one by one, face upward, on the table.")
    assert repairer.repair(text).text == text


def test_period_spellings_and_a_doubled_letter_stay(tmp_path: Path) -> None:
    """'shew', 'despatch' (period spellings) and 'looser' (a doubled letter) against a
    witness's 'show', 'dispatch', 'loser' are the print's; the OCR's 'sqnare' is still
    mended."""
    repairer = _corpus(tmp_path, "modern", CHESS)
    text = "\n".join(CHESS).replace("show", "shew").replace("dispatch", "despatch") \
        .replace("loser", "looser").replace("white square", "white sqnare")
    result = repairer.repair(text)
    assert "shew the piece" in result.text and "despatch the dispute" in result.text
    assert "The looser shall" in result.text
    assert "white square" in result.text


def test_a_misreading_with_a_doubled_stroke_is_no_spelling() -> None:
    """'iin' is 'in' misread (web text has 'iin', thousands of times rarer): no spelling."""
    from wstools.repair.guard import spelling_variant
    assert not spelling_variant("iin", "in")
    assert spelling_variant("looser", "loser")


# -- H2: a witness's misprint, or another word over a common one ---------------------------

def test_a_witness_misprint_never_replaces_a_word(tmp_path: Path) -> None:
    laws = [x.replace("white", "wbite").replace("adjusted", "adjnsted") for x in CHESS]
    repairer = _corpus(tmp_path, "bad", laws)
    text = "\n".join(CHESS[:5])
    result = repairer.repair(text)
    assert "wbite" not in result.text and "adjnsted" not in result.text
    assert result.text == text


def test_the_model_does_not_replace_a_common_word_by_another_printings_word(
        tmp_path: Path) -> None:
    """'cut' against a witness's 'out' (its own misprint, or a reading): a common word is
    not replaced on the model's probability where the corpus's context does not call for
    the witness's word; 'hack' for 'back' (no common word) is still mended."""
    laws = ["1. If the cards be out before the deal is complete, the dealer must deal "
            "again, and the hand is void.",
            "2. The modern rule is that the player on the left of the dealer leads, and "
            "the others follow in turn.",
            "3. A card once played cannot be taken back, unless the umpire allow it, or "
            "the adversaries consent."]
    repairer = _corpus(tmp_path, "w3", laws)
    text = "\n".join(laws).replace("be out", "be cut").replace("taken back", "taken hack")
    result = repairer.repair(text)
    assert "be cut before" in result.text
    assert "taken back" in result.text


# -- H3: the long s is the print's -----------------------------------------------------------

LONG_S = ("44. If the dealer take the trump card into his hand before it is his turn to play, "
          "he may be deſired to lay it on the table; ſhould he ſhew a wrong card, this card "
          "may be called, as alſo a ſecond, a third, &c., until the trump card be produced.")


def test_the_long_s_is_not_modernised_by_a_witness(repairer: Repairer) -> None:
    result = repairer.repair(LONG_S)
    assert result.text == LONG_S
    assert result.all_edits() == []


def test_a_word_with_a_long_s_is_mended_and_keeps_it(repairer: Repairer) -> None:
    """Compared with ſ read as s, written back with the ſ: 'ſbould' is 'ſhould' misread."""
    text = LONG_S.replace("ſhould", "ſbould")
    result = repairer.repair(text)
    assert result.text == LONG_S
    (edit,) = result.all_edits()
    assert (edit.old, edit.new) == ("ſbould", "ſhould")


def test_proofread_keeps_the_long_s_without_the_option() -> None:
    from wstools import proofread_text
    body = proofread_text(LONG_S).page.body
    assert "deſired" in body and "ſhew" in body and "alſo" in body and "ſecond" in body


# -- L3: evidence cites the file's lines that hold the word ----------------------------------

def test_evidence_cites_the_file_line_that_holds_the_word(tmp_path: Path) -> None:
    repairer = _corpus(tmp_path, "lines", CHESS)
    result = repairer.repair("\n".join(CHESS).replace("white square", "white sqnare"))
    (edit,) = [e for e in result.edits if e.old == "sqnare"]
    # the header is 8 lines, "---" the 8th; "Laws" line 9, a blank, then law 1 on line 11
    assert edit.evidence.startswith("witness lines:11:")
    lines = (tmp_path / "lines" / "w.txt").read_text(encoding="utf-8").split("\n")
    assert "square" in lines[10]


def test_evidence_does_not_call_a_rare_word_of_english_no_word(tmp_path: Path) -> None:
    """'recorde' is in wordfreq (Zipf 1.35), if rare: the evidence says what was tested."""
    repairer = _corpus(tmp_path, "rare", CHESS)
    result = repairer.repair("\n".join(CHESS).replace("record the", "recorde the"))
    (edit,) = [e for e in result.edits if e.old == "recorde"]
    assert "'recorde' no word of the corpus nor of common English" in edit.evidence
