"""The page model (wstools/page_model.py): cases from the kinds of print the benchmark and the
real pages hold, and negatives: what must not become a law, a clause or a heading."""

from __future__ import annotations

import pytest

from wstools.page_model import clause_at, hyphen_joins, is_heading, label_repairs, lay_out
from wstools.proofread import same_words


def _flat(clauses) -> list[str]:  # noqa: ANN001
    return [x for c in clauses for x in [c.label, *_flat(c.clauses)]]


def labels(text: str) -> list[tuple[str, list[str]]]:
    return [(law.label, _flat(law.clauses)) for code in lay_out(text).codes for law in code.laws]


@pytest.mark.parametrize(("text", "want"), [
    ("1.—The deal.\n\n2.—A misdeal.\n\n3. If a card.", [("1", []), ("2", []), ("3", [])]),
    ("Sec. 2. Membership. (a)\nThe Commission shall.\n\n(b) The President shall.",
     [("2", ["a", "b"])]),
    ("Section 1. Policy. It is.\n\nSec.\n2. Purpose. To promote.", [("1", []), ("2", [])]),
    ("(c) The rest of a law.\n\nSec. 6. Tools. (a) The Secretary.",
     [("", ["c"]), ("6", ["a"])]),
    ("7.—(a) The candidates.\n\n(b) If there are.", [("7", ["a", "b"])]),
    ("12. A law.\n\n12a. Its addition.\n\n13. The next.", [("12", []), ("12a", []), ("13", [])]),
    ("3. A law:\n\n(a) one;\n\n(i) under it;\n\n(ii) and;\n\n(b) two.",
     [("3", ["a", "i", "ii", "b"])]),
    ("3. A law:\n\n(h) eight;\n\n(i) nine;\n\n(j) ten.", [("3", ["h", "i", "j"])]),
    ("its final report. Sec. 5. General Provisions. (a) To the extent.", [("5", ["a"])]),
    ("12. A law.\n\n13, For striking a ball.\n\n14. The next.",
     [("12", []), ("13", []), ("14", [])]),
    ("Section 1 The preamble is amended.", [("1", [])]),
    ("Sec. 2..(a) Any transaction.", [("2", ["a"])]),
    ("See. 5. General Provisions. This order.", [("5", [])]),
    ("31 The revoking player and his partner.\n\n32. At the end.", [("31", []), ("32", [])]),
    ("76. If either.\n\n77.1f the declarer lead.\n\n78. If any.",
     [("76", []), ("77", []), ("78", [])]),
])
def test_laws_and_clauses(text: str, want: list) -> None:
    assert labels(text) == want
    assert same_words(text, lay_out(text).body)


@pytest.mark.parametrize(("text", "want"), [
    ("5. A law.\n\n3. Not the next law.", [("5", [])]),  # numbers go back: text
    ("4. A law.\n\n1035.\n\nthe rest.", [("4", [])]),  # a folio alone
    ("4. A law.\n\n90. Far past the last law.", [("4", [])]),
    ("4. A law.\n\n13, For a comma is no stop out of sequence.", [("4", [])]),
    ("4. A law.\n\n1909 The year the book was printed.", [("4", [])]),
    ("1909 The year the book was printed.", []),
])
def test_numbers_out_of_sequence_are_text(text: str, want: list) -> None:
    assert labels(text) == want


def test_garbled_number_between_two_is_read_by_the_sequence() -> None:
    assert labels("11. A.\n\nl2. B.\n\n13. C.") == [("11", []), ("12", []), ("13", [])]
    # the page's first law, garbled, before an exact next one
    assert labels("of law 13.\n\nl4. The next.\n\n15. And.") == [("14", []), ("15", [])]
    assert labels("S. The prose.\n\n15. A law.") == [("15", [])]  # S does not read as 14


@pytest.mark.parametrize("text", ["e.g. the", "b. The lone letter", "(a)", "I. e."])
def test_not_clauses(text: str) -> None:
    layout = lay_out(text)
    assert not any(law.clauses for law in layout.laws)


@pytest.mark.parametrize(("text", "heading"), [
    ("THE DEAL.", True), ("THE LAWS OF Loo,", True), ("EXECUTIVE ORDER 13543", True),
    ("It is customary.", False), ("For", False), ("WHIST = 603", False),
    ("{{c|X}}", False), ("Sec. 3.", False), ("a few words in lower case", False),
])
def test_headings(text: str, heading: bool) -> None:
    assert is_heading(text) is heading


def test_body_keeps_every_word_in_order_and_only_templates_headings() -> None:
    text = ("THE DEAL.\n\n1. The dealer\nshuffles.\n\n2. He deals the cards one\n\n"
            "at a time.")
    body = lay_out(text).body
    assert body == ("{{c|{{sc|THE DEAL.}}}}\n\n1. The dealer\nshuffles.\n\n"
                    "2. He deals the cards one at a time.")


def test_multi_line_heading_is_one_line() -> None:
    body = lay_out("NATIONAL COMMISSION ON\nTHE OIL SPILL\n\nBy the authority vested in me.").body
    assert body.startswith("{{c|{{sc|NATIONAL COMMISSION ON THE OIL SPILL}}}}\n\n")


def test_hyphen_across_columns_only_for_words() -> None:
    text = "General Provi-\n\nsions. And co-\n\nxq the rest."
    edits = hyphen_joins(text, lambda w: w.lower() in {"provisions"})
    assert [(e.old, e.rule) for e in edits] == [("-\n\n", "hyphen-across-columns")]


def test_label_repairs_need_both_neighbours() -> None:
    assert [e.new for e in label_repairs("(a) A.\n\n(6) B.\n\n(c) C.")] == ["(b)"]
    # nothing after it: left as printed, unless the place allows one reading only ((6) after
    # (a), no list of numbers open: tests/test_page_model_labels.py)
    assert label_repairs("(a) A:\n\n(1) B;\n\n(6) C.") == []
    assert label_repairs("(a) A.\n\n(4) B.") == []
    assert label_repairs("(a) A.\n\n(x) B.\n\n(c) C.") == []  # not a reading of (b)


def test_clause_at_reads_past_dust() -> None:
    assert clause_at("‘(d). “Violations")[:2] == ("d", "(a)")
    assert clause_at("(c} To carry")[:2] == ("c", "(a)")
    assert clause_at("(b)- The Vice")[:2] == ("b", "(a)")


def test_label_that_lost_its_bracket_only_in_sequence() -> None:
    text = "2. A law:\n\n(i) Treasury;\n\nii) Defense;\n\niti) Justice;\n\niv) Interior."
    assert [(e.old, e.new) for e in label_repairs(text)] == [("iti)", "(iii)")]
    assert labels("2. A law:\n\n(i) Treasury;\n\nii) Defense.") == [("2", ["i", "ii"])]
    assert labels("2. A law:\n\n(i) Treasury;\n\nv) not next.") == [("2", ["i"])]


def test_table_cells_are_not_headings() -> None:
    text = ("FORMATIONS.\n\nRecent.\n\nPliocene.\n\nEocene.\n\nThe rocks of the "
            "continent are old and folded.")
    body = lay_out(text).body
    assert "{{c|{{sc|Recent.}}}}" not in body and "{{c|{{sc|Pliocene.}}}}" not in body


def test_a_short_credit_is_not_joined_to_the_next_column() -> None:
    body = lay_out("Emery Walker sc\n\nso general an occurrence of jasper").body
    assert body == "Emery Walker sc\n\nso general an occurrence of jasper"
    body = lay_out("the rocks of the great\n\nplateau are old").body
    assert body == "the rocks of the great plateau are old"


def test_ordinal_labels_run_together_and_ist() -> None:
    text = "68. The following are exposed cards: —\nist. Two or more cards played at once.\n" \
           "2d. Any card dropped.\n3d. Any card held. 4th. Any card named."
    assert labels(text) == [("68", ["1st", "2d", "3d", "4th"])]
    assert [(e.old, e.new) for e in label_repairs(text)] == [("ist", "1st")]
    assert labels("68. The cards: —\nist. Two cards played at once.") == [("68", [])]



@pytest.mark.parametrize(("text", "want"), [
    # a capital numeral OCR garbled, read by its sequence (the first before an exact II.)
    ("29.—There must be a new deal—\n\nl. If the pack be incorrect.\n\nII. If a card be "
     "faced.\n\nIll. If a player takes up a hand.\n\n30.—If a card be exposed.",
     [("29", ["I", "II", "III"]), ("30", [])]),
    # a line that opens the next clause inside one OCR paragraph, after the first clause ran
    # in after its section's title
    ("Sec. 2. Membership. (a)\nThe Commission shall.\nto space.\n(b) The President shall.",
     [("2", ["a", "b"])]),
    # "; and" ends a listed item as a full stop does
    ("Sec. 1. The following are blocked:\n(a) the persons listed; and\n(b) any person.",
     [("1", ["a", "b"])]),
    # a law number whose stop OCR lost before the dash, as the next of the sequence
    ("50.—If a player omit to mark.\nbefore the trump is turned up.\n51—An admitted overscore "
     "can be taken down.", [("50", []), ("51", [])]),
])
def test_sequence_reads_what_ocr_garbled(text: str, want: list) -> None:
    assert labels(text) == want
    assert same_words(text, lay_out(text).body)


@pytest.mark.parametrize("text", [
    "Il. If a card is faced.",  # no sequence: left as printed
    "4. A law.\n\nIl. If a card is faced.\n\n5. The next.",  # no I. before it
    "1.—A law—\n\nl. If any.\n\n2.—The next.",  # a dash before it, but no II. after it
])
def test_garbled_numerals_without_a_sequence_are_text(text: str) -> None:
    assert not any(law.clauses for law in lay_out(text).laws)
    assert not [e for e in label_repairs(text) if e.new in ("I", "II")]


def test_label_repairs_of_numerals_and_nested_firsts() -> None:
    text = "29.—A new deal—\n\nl. If a.\n\nII. If b.\n\nIll. If c."
    assert [(e.old, e.new) for e in label_repairs(text)] == [("l", "I"), ("Ill", "III")]
    # a nested run's first label garbled before its exact second
    text = "sions. (a) Nothing in this.\n\n(ij) authority granted.\n\n(ii) functions of."
    assert [(e.old, e.new) for e in label_repairs(text)] == [("(ij)", "(i)")]
    # the opening bracket read as a letter, between two exact labels
    text = "(i) One.\n\n(Gj) Two.\n\n(k) Three."
    assert [(e.old, e.new) for e in label_repairs(text)] == [("(Gj)", "(j)")]


def test_numeral_clauses_inside_one_ocr_paragraph() -> None:
    """Capital numerals after a dash-ended lead-in, one OCR paragraph, a numeral garbled."""
    from wstools.text.whitespace import unwrap_paragraphs
    text = unwrap_paragraphs(
        "6. Honours are reckoned:\nIf a player and his partner hold—\nI. The five honours, "
        "five\ntimes.\nII. Any four honours, four\ntimes.\nIll. Any three honours, twice.\n"
        "If a player in his own hand holds—\nI. The five honours.\nII. Any four honours.\n"
        "7. The next law.").text
    assert labels(text) == [("6", ["I", "II", "III", "I", "II"]), ("7", [])]
    assert same_words(text, lay_out(text).body)
    # "I." alone at a line's start, with no II. after it, splits nothing
    text = "He said so.\nI. Smith went home.\nThe end."
    assert lay_out(text).body == text


def _headings(text: str) -> list[str]:
    return [b.text for b in lay_out(text).blocks if b.kind == "heading"]


def test_what_is_not_a_heading_on_real_pages() -> None:
    """From a new-user audit of EB1911's AFRICA OCR: a margin's note set between the lines of
    a sentence, a table's one-word cell, a chapter's number over its title."""
    # a margin note between a sentence's lines: the text after it goes on in lower case
    assert _headings("The Germans landed.\n\nAssociation.\n\nof German flags and a supply") == []
    # one word in small caps, unknown to the corpus: a cell or a note as often as a heading
    assert _headings("Gneisses and schists of the platform.\n\nIgneous.\n\nA long-continued "
                     "succession of rocks.") == []
    # a chapter's number and its title are two headings, as printed
    assert _headings("CHAPTER IV\n\nOF THE DEAL\n\nThe deal begins with the cut.") == ["CHAPTER IV",
                                                                          "OF THE DEAL"]
    assert _headings("COMMISSION ON\n\nIMPLEMENTATION\n\nThe Commission shall meet.") == [
        "COMMISSION ON IMPLEMENTATION"]


def test_a_digit_label_misread_between_two_exact_ones() -> None:
    """``(8)`` between ``(2)`` and ``(4)`` can only be ``(3)`` (a new-user audit: neither
    mended nor flagged); between ``(2)`` and ``(9)`` it is left: no one label fits both."""
    from wstools.page_model import label_repairs
    fixed = label_repairs("(1) One.\n\n(2) Two.\n\n(8) Three.\n\n(4) Four.")
    assert [(e.old, e.new, e.rule) for e in fixed] == [("(8)", "(3)", "clause-sequence")]
    assert label_repairs("(1) One.\n\n(2) Two.\n\n(8) Three.\n\n(9) Four.") == []
