"""The main job on the Cyclopædia page, running heads, page ends, stored pages, the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.edits import apply_edits
from wstools.page import read_page
from wstools.proofread import (
    Conventions,
    find_running_head,
    proofread,
    proofread_page,
    strip_wiki_chrome,
)
from wstools.repair.repair import Repairer

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cyclopaedia-624.txt"
HEADINGS = ["Cards liable to be called.", "Cards played in error, or not played to a trick.",
            "The revoke.", "Calling for new cards.", "General rules.", "Etiquette of Whist."]


@pytest.fixture(scope="module")
def cyclopaedia(repairer: Repairer):  # noqa: ANN201
    return proofread(EXAMPLE.read_text("utf-8"), repairer=repairer)


def test_cyclopaedia_page(cyclopaedia) -> None:  # noqa: ANN001
    r = cyclopaedia
    assert r.title == "Page:The American Cyclopædia (1879) Volume XVI.djvu/624"
    assert r.page.header == "{{rh|600|WHIST|}}"
    assert r.page.level == 1
    paragraphs = r.page.body.split("\n\n")
    # the continuation of law 52 first, then laws 53-91 one a paragraph, six headings
    assert paragraphs[0].startswith("the first trick, should take the trump card")
    numbers = [int(m.group(1)) for p in paragraphs if (m := re.match(r"(\d+)\. ", p))]
    assert numbers == list(range(53, 92))
    headings = [p[len("{{c|{{sc|"):-len("}}}}")] for p in paragraphs if p.startswith("{{c|{{sc|")]
    assert headings == HEADINGS
    assert len(paragraphs) == 1 + 39 + 6 + 1  # and the etiquette paragraph
    assert paragraphs[-1].endswith("by word or gesture, should")  # runs on: no {{nop}}
    assert "{{nop}}" not in r.page.body and r.page.footer == ""
    assert r.lint_clean and r.laws == 39 and r.headings == 6
    text = r.page.wikitext()
    assert text.startswith('<noinclude><pagequality level="1" user="" />{{rh|600|WHIST|}}'
                           "</noinclude>the first trick")
    assert "600 WHIST" not in r.page.body and "From Wikisource" not in text


def test_cyclopaedia_edits_are_explained(cyclopaedia) -> None:  # noqa: ANN001
    r = cyclopaedia
    # stages' edits that overlap are one edit, their rules joined by "+"
    rules = {part for e in r.edits for part in e.rule.split("+")}
    assert {"wiki-chrome", "running-head", "law-number", "witness"} <= rules
    assert rules & {"heading", "run-in-heading"}  # the headings mended (repair's or the layout's)
    for e in r.edits:
        assert r.source[e.start:e.end] == e.old, e
        assert e.evidence and 0 < e.confidence <= 1 and e.line >= 1
    assert apply_edits(r.source, r.edits) == r.page.body  # the edits are the whole change

    def fixed(old: str, new: str) -> bool:
        return any(old in e.old and new in e.new for e in r.edits)
    assert fixed("Cl", "61")
    assert fixed("plnytti", "played") and fixed("Miqnette", "Etiquette")
    assert fixed("Wlttet", "Whist")
    assert "39 laws, 6 headings" in r.summary() and "lint clean" in r.summary()


def test_genuine_1879_readings_are_kept(cyclopaedia) -> None:  # noqa: ANN001
    body = cyclopaedia.page.body
    # wording of this printing that other printings have differently
    assert "on the table face upward" in body
    assert "the pack has been cut for the deal" in body


@pytest.mark.parametrize(("line", "expected"), [
    ("600 WHIST the first trick", "{{rh|600|WHIST|}}"),
    ("WHIST 601\nthe first trick", "{{rh||WHIST|601}}"),
    ("THE LAWS OF WHIST. 17 text", "{{rh||THE LAWS OF WHIST|17}}"),
    ("xiv PREFACE and so", "{{rh|xiv|PREFACE|}}"),
    ("328 RUBICON BÉZIQUE 51. If an error", "{{rh|328|RUBICON BÉZIQUE|}}"),
])
def test_running_heads(line: str, expected: str) -> None:
    head = find_running_head(line)
    assert head is not None and head.wikitext() == expected


@pytest.mark.parametrize("line", ["53. After the dealer", "A card detached", "600 A card",
                                  "OF the first", "", "12 IT is"])
def test_no_running_head(line: str) -> None:
    assert find_running_head(line) is None


def test_rvh_option() -> None:
    head = find_running_head("600 WHIST the")
    assert head.wikitext("rvh") == "{{rvh|600|WHIST}}"


def test_paragraph_end_gets_nop_and_refs_get_smallrefs(repairer: Repairer) -> None:
    r = proofread("WHIST 603\n1. The game is ten points.<ref>As in 1864.</ref> 2. The rubber "
                  "is the best of three games.", repairer=repairer)
    assert r.page.body.endswith("three games.\n{{nop}}")
    assert r.page.footer == "{{smallrefs}}"
    assert r.lint_clean
    r = proofread("1. The game is ten points. 2. The rubber is", repairer=repairer,
                  conventions=Conventions(nop=""))
    assert "{{nop}}" not in r.page.body


def test_a_note_at_the_foot_is_not_the_last_paragraph(repairer: Repairer) -> None:
    """Whether the page's last paragraph ends (its ``{{nop}}``) is read before the notes
    printed at its foot: a note ends with a stop whether the text goes on or not."""
    goes_on = ("LAWS OF ECARTE 265\n\n34.—If the dealer play with less than five cards, the "
               "non-dealer counts as tricks all cards\n\n* The elder hand may propose, i.e. "
               "ask for cards, as often as he pleases.")
    r = proofread(goes_on, repairer=repairer)
    assert "{{nop}}" not in r.page.body
    assert r.page.body.endswith("as often as he pleases.")  # the note stays where it was
    ends = goes_on.replace("all cards\n", "all cards he holds.\n")
    r = proofread(ends, repairer=repairer)
    assert r.page.body.endswith("as often as he pleases.\n{{nop}}")


def test_options_choose_conventions(repairer: Repairer) -> None:
    c = Conventions(heading="{{center|''$1''}}", law_number="'''$1.''' ", level=3, user="Me")
    r = proofread(EXAMPLE.read_text("utf-8"), repairer=repairer, conventions=c)
    assert "{{center|''The revoke.''}}" in r.page.body
    assert "'''71.''' A revoke is when" in r.page.body
    assert r.page.wikitext().startswith('<noinclude><pagequality level="3" user="Me" />')


def test_stored_page_keeps_its_header(repairer: Repairer) -> None:
    stored = ('<noinclude><pagequality level="1" user="OCR" />{{rh|600|WHIST|}}</noinclude>'
              "53. After the dealer has taken the trump card into his hand, it cannot be "
              "asked for. 54. If the dealer take the trump card.<noinclude></noinclude>")
    r = proofread_page(read_page(stored), repairer=repairer)
    assert r.page.header == "{{rh|600|WHIST|}}" and r.page.user == "OCR"
    assert r.page.body.startswith("53. After the dealer") and "\n\n54. If" in r.page.body


def test_text_without_laws_keeps_its_paragraphs(repairer: Repairer) -> None:
    r = proofread("It was a dark and stormy night.\n\nThe rain fell in torrents.",
                  repairer=repairer)
    assert r.page.body == ("It was a dark and stormy night.\n\nThe rain fell in torrents."
                           "\n{{nop}}")
    assert r.laws == 0 and r.lint_clean


def test_wiki_chrome_only_when_present() -> None:
    assert strip_wiki_chrome("600 WHIST the first") == (None, [])


def test_cli_first_command(capsys: pytest.CaptureFixture) -> None:
    assert main(["proofread", str(EXAMPLE)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith('<noinclude><pagequality level="1" user="" />{{rh|600|WHIST|}}')
    assert "39 laws, 6 headings" in err and "lint clean" in err
    assert main(["proofread", str(EXAMPLE), "--explain"]) == 0
    out, err = capsys.readouterr()
    assert re.search(r"cyclopaedia-624\.txt:7:\d+: law-number '58' -> '53'", err)
    assert "heading 'Miqnette' -> 'Etiquette'" in err


def test_cli_json_report_and_stored_page(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "page.json"
    report = tmp_path / "review.html"
    assert main(["proofread", str(EXAMPLE), "--format", "json", "-o", str(out),
                 "--report", str(report)]) == 0
    d = json.loads(out.read_text("utf-8"))
    assert d["page"]["header"] == "{{rh|600|WHIST|}}" and d["laws"] == 39
    assert d["edits"] and all({"start", "old", "new", "rule", "evidence"} <= e.keys()
                              for e in d["edits"])
    assert "<html" in report.read_text("utf-8")
    saved = tmp_path / "saved.wiki"
    saved.write_text(d["wikitext"], "utf-8")
    before = saved.read_bytes()
    assert main(["proofread", str(saved), "-o", str(tmp_path / "again.wiki")]) == 0
    assert saved.read_bytes() == before  # input never modified
    assert (tmp_path / "again.wiki").read_text("utf-8").rstrip("\n") == d["wikitext"]


def test_cli_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    binary = tmp_path / "scan.djvu"
    binary.write_bytes(b"AT&TFORM\x00\x00\x01\xff\xfe")
    assert main(["proofread", str(binary)]) == 2
    err = capsys.readouterr().err
    assert f"{binary}:1:9: input-error" in err and "Traceback" not in err
    assert main(["proofread", str(tmp_path / "missing.txt")]) == 2
    assert main(["proofread"]) == 2


def test_a_page_without_text_is_level_0_unless_it_has_a_level() -> None:
    """A blank scan's OCR (blank lines only) is saved at level 0, "Without text", as
    ProofreadPage has it; a stored page keeps its own level; --level still decides."""
    from wstools.page import read_page
    from wstools.proofread import Conventions, proofread_page
    assert proofread_page(read_page("\n\n  \n")).page.level == 0
    stored = '<noinclude><pagequality level="1" user="X" /></noinclude>\n<noinclude></noinclude>'
    assert proofread_page(read_page(stored)).page.level == 1
    assert proofread_page(read_page("\n\n"), conventions=Conventions(level=1)).page.level == 1
    assert proofread_page(read_page("Some text.")).page.level == 1


def test_unclosed_markup_in_ocr_hides_nothing() -> None:
    """A stray '<!--' or '<ref>' in OCR (a new-user audit: the rest of the page vanished and
    lint said clean) is written as text; closed markup is left as it is."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    r = proofread_page(read_page("The dealer <!-- shall deal.\n\nThe next law <ref>Hoyle.\n\n"
                                 "And the end of it all."))
    assert "&lt;!--" in r.page.body and "&lt;ref>" in r.page.body
    assert [e.rule for e in r.edits].count("stray-markup") == 2
    r = proofread_page(read_page("A note<ref>Hoyle.</ref> and the end of it."))
    assert "<ref>Hoyle.</ref>" in r.page.body and "&lt;" not in r.page.body


def test_level_raises_but_lowers_only_when_asked() -> None:
    """--level 1 over a folder must not demote its validated pages (a new-user audit): the
    page keeps its level and user, with a warning; --lower-level lowers it."""
    from wstools.page import read_page
    from wstools.proofread import Conventions, proofread_page
    text = ('<noinclude><pagequality level="4" user="Validator" /></noinclude>The text.'
            '<noinclude></noinclude>')
    r = proofread_page(read_page(text), conventions=Conventions(level=1))
    assert (r.page.level, r.page.user) == (4, "Validator") and r.page.wikitext() == text
    assert any(d.code == "level-kept" for d in r.diagnostics)
    r = proofread_page(read_page(text), conventions=Conventions(level=1, lower=True))
    assert r.page.level == 1
    new = proofread_page(read_page("Some new OCR text."), conventions=Conventions(level=2))
    assert new.page.level == 2  # new text: the level asked for
    low = ('<noinclude><pagequality level="1" user="A" /></noinclude>Text.'
           '<noinclude></noinclude>')
    assert proofread_page(read_page(low), conventions=Conventions(level=3)).page.level == 3


_VIEW = ("Page:EB1911 - Volume 01.djvu/42\nFrom Wikisource\nJump to navigation\nJump to search\n"
         "{status}\nABBESS—ABBEY\n11\n\nIstria, 56 m. S.E. of Trieste by rail. It is situated "
         "on the Gulf of Quarnero in a sheltered position.\n\nRetrieved from \"https://en."
         "wikisource.org/w/index.php?title=Page:EB1911&oldid=1\"\nCategories: Validated\n"
         "This page was last edited on 3 March 2021, at 10:15.\n")


def test_a_copied_page_view() -> None:
    """A second new-user audit: a view of a validated page was saved at level 1 with the
    browser's footer lines in its body. Now a view of a proofread or validated page is left
    as it is (a warning), and another keeps the level its status line states, without the
    footer; an EB1911 head with a dash between its words is the running head."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    text = _VIEW.format(status="This page has been validated.")
    r = proofread_page(read_page(text))
    assert r.page.wikitext() == text and any(d.code == "page-view" for d in r.diagnostics)
    assert "left as it is, a view of a page at level 4 (Validated)" in r.summary()  # (3rd
    # audit: the summary said level 1)
    text = _VIEW.format(status="This page has been marked as problematic.")
    r = proofread_page(read_page(text))
    assert r.page.level == 2 and r.page.header == "{{rh||ABBESS—ABBEY|11}}"
    assert "Retrieved" not in r.page.body and "Categories" not in r.page.body
    assert r.page.body.startswith("Istria") and "position." in r.page.body
    from wstools.edits import apply_edits
    assert apply_edits(text, r.edits) == r.page.body


def test_law_findings_in_the_input_lines_and_named() -> None:
    """The parser's findings (a law gap) name the file and point at the input's own line,
    not at the cleaned text's (dump mode printed ':5:1: law-gap …')."""
    from wstools.page import read_page
    from wstools.proofread import proofread_page
    text = ("the end of a law.\n\n21. The deal.\n\n22. The cut.\n\n27. The play goes on.\n\n"
            "28. More of it here.\n")
    r = proofread_page(read_page(text), file="p.txt")
    gap = next(d for d in r.diagnostics if d.code == "law-gap")
    assert (gap.file, gap.line, gap.column) == ("p.txt", 7, 1)


def test_no_line_of_the_body_starts_with_a_blank() -> None:
    """An indented row of a table in the OCR stays a line of its own, but without the
    blanks before it: MediaWiki would set it in a preformatted box (a new-user audit: rows
    2-4 of an odds table rendered as <pre>)."""
    ocr = ("126 POKER\n\nThe probabilities are thus stated:\n\n"
           "  Odds against a straight flush         649,999 to  1\n"
           "        \"      fours                      4,164 to  1\n"
           "        \"      a full                       693 to  1\n\n"
           "It is obvious that the privilege of filling the hands tends greatly.\n")
    result = proofread(ocr)
    assert not [line for line in result.page.body.split("\n") if line[:1] in (" ", "\t")]
    # (the runs of spaces between its cells align its columns and stay: audit 9's L8)
    rows = [" ".join(line.split()) for line in result.page.body.split("\n")]
    assert "\" fours 4,164 to 1" in rows and "\" a full 693 to 1" in rows
    assert apply_edits(ocr, result.edits) == result.page.body


def test_a_heading_in_small_capitals_is_mended_from_the_corpus() -> None:
    """A heading the corpus knows, set in small capitals that OCR read in mixed case and
    misread a letter of: its words are the corpus's, a capital then small letters, each
    change an edit ('Leaps' is a word, but a letter off the heading's far commoner one)."""
    ocr = ("72 AUCTION OF TO-DAY\n\nsuggested.\n\nLeaps Out oF TURN\n\n"
           "76. If either adversary lead out of turn, the declarer may treat it as a correct "
           "lead.\n")
    result = proofread(ocr)
    assert "{{c|{{sc|Leads Out of Turn}}}}" in result.page.body
    mended = [(e.old, e.new) for e in result.edits if e.rule == "heading"]
    assert mended == [("Leaps", "Leads"), ("oF", "of"), ("TURN", "Turn")]
    assert apply_edits(ocr, result.edits) == result.page.body


def test_a_number_at_the_foot_goes_to_the_footer(repairer: Repairer) -> None:
    """A folio (or a printer's signature) printed alone at the page's foot is not glued into
    the last sentence: it goes to the footer, an edit of its own; a law number at the foot
    ("53.") and a table's last figure stay in the body."""
    law = ("1.—Each player has a right to shuffle both his own and his adversary's pack.\n\n"
           "4.—A player exposing more than one card when cutting for\n")
    for foot in ("53", "— 53 —", "[53]"):
        r = proofread(law + foot + "\n", repairer=repairer)
        assert r.page.body.endswith("when cutting for"), foot
        assert r.page.footer == "{{c|53}}"
        assert [e.rule for e in r.edits if e.old.strip() == foot] == ["foot-folio"]
        assert apply_edits(law + foot + "\n", r.edits) == r.page.body
    r = proofread(law.replace("cutting for\n", "cutting.\n\n53.—The dealer\n"), repairer=repairer)
    assert r.page.body.endswith("53.—The dealer") and r.page.footer == ""


def test_a_heading_in_capitals_is_not_glued_into_the_law_under_it(repairer: Repairer) -> None:
    """A line of capitals alone over a law's first line (no blank line between: a heading,
    or a head whose folio was lost) stays a line of its own; numbered parts (CHAPTER 12,
    RULE 4, FIG. 4) are headings, never running heads; a heading of two lines stays one."""
    law = ("1.—Each player has a right to shuffle both his own and his\nadversary's pack. "
           "The dealer has the right to shuffle last.\n\n2.—The pack must not be shuffled "
           "below the table.\n")
    for top in ("ÉCARTÉ", "CHAPTER XII", "CHAPTER 12", "RULE 4", "FIG. 4"):
        r = proofread(top + "\n" + law, repairer=repairer)
        assert r.page.header == "", top
        assert r.page.body.startswith("{{c|{{sc|" + top + "}}}}\n\n1.—Each player"), top
        assert [law.label for c in r.codes for s in c.sections for law in s.laws] == ["1", "2"]
    r = proofread("STREAMLINING AND\nEXPEDITING REQUEsTs To\nLOCATE BROADBAND\n\nBy the "
                  "authority vested in me as President.", repairer=repairer)
    assert r.page.body.startswith(
        "{{c|{{sc|STREAMLINING AND EXPEDITING REQUEsTs To LOCATE BROADBAND}}}}")


def test_a_heading_with_a_number_in_its_phrase_is_not_a_running_head(repairer: Repairer) -> None:
    """A chapter's heading whose last word is a number that ends the phrase (THE GAME OF 500,
    THE WAR OF 1812) or a line that is a sentence (21 POINTS ARE GAME.) stays in the body,
    where it was printed; a title ending in OF is a head when the page goes on from the page
    before or repeats the title below it (a running title shortened from the chapter's)."""
    text = ("This game is played by three persons with a pack of thirty-three cards, the\n"
            "sixes, fives, fours, threes and twos being thrown out.\n")
    for top in ("THE GAME OF 500", "THE WAR OF 1812", "21 POINTS ARE GAME."):
        r = proofread(top + "\n\n" + text, repairer=repairer)
        assert r.page.header == "", top
        assert r.page.body.startswith("{{c|{{sc|" + top + "}}}}"), top
    r = proofread("THE GAME OF 500\n\nsixes, fives, fours, threes and twos being thrown "
                  "out.\n", repairer=repairer)
    assert r.page.header == "{{rh|500|THE GAME OF|}}"  # (an even folio: the left side)
    r = proofread("SUPPORTING THE TRANSITION OF 2875\n\nEXECUTIVE ORDER 13860\n\n"
                  "SUPPORTING THE TRANSITION OF ACTIVE DUTY SERVICE\n\nBy the authority "
                  "vested in me.\n", repairer=repairer)
    assert r.page.header == "{{rh||SUPPORTING THE TRANSITION OF|2875}}"
    for rest in ("(v) recommend a plan for implementation of the interoperable terrorism",
                 "106(c) and subsection 106(d) of the Act."):  # a page that opens mid-list
        r = proofread("STRENGTHENING THE SHARING OF 1547\n\n" + rest + "\n", repairer=repairer)
        assert r.page.header == "{{rh||STRENGTHENING THE SHARING OF|1547}}", rest


def test_a_table_of_contents_keeps_its_entries(repairer: Repairer) -> None:
    """Entries in capitals that end in page numbers (a new-user audit: a contents page's
    entries were run into one centred heading) are a list: each keeps its line."""
    entries = ("CHAPTER PAGE\nI. THE GAME OF WHIST 1\nII. THE LEADS 17\n"
               "III. SECOND HAND PLAY 33\nIV. THIRD HAND PLAY 41")
    r = proofread("CONTENTS\n\n" + entries + "\n", repairer=repairer)
    assert r.page.body == "{{c|{{sc|CONTENTS}}}}\n\n" + entries


def test_a_folio_misread_in_one_character_with_one_digit_reading(repairer: Repairer) -> None:
    """A folio with one character OCR reads for a digit that has one reading (A for 4, $ for
    5) is that number, and the edit says what OCR printed; S (5, 3 or 8) stays as read."""
    body = "\n\npool, to abide the result of the next hand.\n"
    r = proofread("LAWS OF LOO 3A7" + body, repairer=repairer)
    assert r.page.header == "{{rh||LAWS OF LOO|347}}"
    assert any("'3A7'" in e.evidence for e in r.edits if e.rule == "running-head")
    assert proofread("LAWS OF LOO 3S7" + body, repairer=repairer).page.header == \
        "{{rh||LAWS OF LOO|3S7}}"


def test_a_folio_whose_last_digit_ocr_made_a_mark(repairer: Repairer) -> None:
    """A head whose folio's last digit OCR read as a mark (``18)``, ``25"``) was no head: the
    whole line stayed in the body. It is the head, the folio kept as read for the reader or
    the sequence; a bracket the line opened (``(SEE RULE 18)``) or a verb keep it text. A
    lower-case s is read as 5 (``s7``); a title's words run together after THE are parted."""
    body = "\n\ncards, and the dealer deals again.\n"
    assert proofread("AMERICAN LAWS OF WHIST 18)" + body, repairer=repairer).page.header \
        == "{{rh||AMERICAN LAWS OF WHIST|18)}}"
    for top in ("(SEE RULE 18)", "THE TOTAL IS 18)"):
        assert proofread(top + body, repairer=repairer).page.header == "", top
    assert proofread("AMERICAN LAWS OF WHIST s7" + body, repairer=repairer).page.header \
        == "{{rh||AMERICAN LAWS OF WHIST|57}}"
    assert proofread("DIGEST OF THELAWS 197" + body, repairer=repairer).page.header \
        == "{{rh||DIGEST OF THE LAWS|197}}"
    assert proofread("BACKGAMMON 273," + body, repairer=repairer).page.header \
        == "{{rh||BACKGAMMON|273}}"  # (a speck after the folio: a fourth audit)


def test_a_head_fused_into_a_sentence_keeps_the_sentence(repairer: Repairer) -> None:
    """A fourth new-user audit (real Tesseract OCR): a head fused into the page's first
    line took the sentence's first word into the header (``A``, ``I``, ``A. B.``), and book
    mode's running title then deleted it; with the book's titles known, a word in capitals
    after the title (``BLACK'S men``) is the text's too."""
    for first in ("A pair of dice (or sometimes a pair for each player)", "I think the "
                  "player", "A. B. and C. play"):
        r = proofread("272 HOYLE'S GAMES " + first + "\nand a couple of dice-boxes.\n",
                      repairer=repairer)
        assert r.page.header == "{{rh|272|HOYLE'S GAMES|}}", first
        assert r.page.body.startswith(first), first
    r = proofread("274 HOYLE'S GAMES BLACK'S men are moved\nforward.\n", repairer=repairer,
                  running_titles=["HOYLE'S GAMES", "BACKGAMMON"])
    assert r.page.header == "{{rh|274|HOYLE'S GAMES|}}"
    assert r.page.body.startswith("BLACK'S men are moved")


def test_windows_line_ends_read_as_the_wiki_stores_them(repairer: Repairer) -> None:
    """A page saved with CRLF line ends is proofread as with LF (the wiki stores LF): the
    same body, the line ends edits of their own (rule line-end) in the input's
    coordinates."""
    lf = EXAMPLE.read_text("utf-8")
    crlf = lf.replace("\n", "\r\n")
    a, b = proofread_page(read_page(lf), repairer=repairer), proofread_page(
        read_page(crlf), repairer=repairer)
    assert b.page.wikitext() == a.page.wikitext()
    assert b.laws == a.laws == 39 and b.page.header == "{{rh|600|WHIST|}}"
    assert apply_edits(crlf, b.edits) == b.page.body
    assert any("line-end" in e.rule for e in b.edits)


def test_an_empty_file_is_a_page_without_text(repairer: Repairer) -> None:
    """An empty input, like a blank one, is a page "Without text" (level 0), written whole:
    an empty output saved to the wiki would blank the page."""
    for text in ("", "\n\n"):
        r = proofread_page(read_page(text), repairer=repairer)
        assert r.page.level == 0
        assert r.page.wikitext().startswith('<noinclude><pagequality level="0"')
