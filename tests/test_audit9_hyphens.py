"""Findings of the ninth new-user audit (stop 33): line-end hyphens and verse. Each test
fails without the change it names."""

from __future__ import annotations

from wstools.book import proofread_book
from wstools.page import read_page
from wstools.proofread import proofread_page
from wstools.repair.repair import Repairer
from wstools.review import suspects
from wstools.text.ocr import join_hyphenated_breaks
from wstools.text.pipeline import clean
from wstools.text.whitespace import unwrap_paragraphs


def _body(text: str) -> str:
    return proofread_page(read_page(text)).page.body


def test_a_french_compound_broken_at_a_line_end_keeps_its_hyphen() -> None:
    """H1: 'peut-⏎être' was joined 'peutêtre' ("'peut/être' is not a word on its own": no
    English word decides a French one). A French page reads its words in French: both
    parts words and the join none, the hyphen stays; the join a word, it is made."""
    text = ("Il n'est peut-\nêtre pas inutile, c'est-à-\ndire utile, de voir l'arc-en-\n"
            "ciel ; il avait quatre-\nvingts ans et le déve-\nloppement de la ville.")
    got = join_hyphenated_breaks(text).text
    assert "peut-être" in got and "quatre-vingts" in got
    assert "c'est-à-dire" in got and "arc-en-ciel" in got
    assert "développement" in got
    body = _body("Monseigneur Bienvenu, c'était un homme de soixante-\nquinze ans ; il "
                 "habitait Digne depuis 1806, et il ne sortait pas.\n")
    assert "soixante-quinze" in body and "soixantequinze" not in body


def test_clean_keeps_a_french_line_end_hyphen() -> None:
    """H1 in `clean`'s default fixes."""
    got = clean("Il n'est peut-\nêtre pas inutile : il avait quatre-\nvingts ans et plus.")
    assert "peut-être" in got.text and "quatre-vingts" in got.text


def test_a_page_in_a_language_without_a_word_list_leaves_its_breaks() -> None:
    """H1: in doubt the break stays (a Latin page: wordfreq has no Latin)."""
    text = "Gallia est omnis divisa in partes tres, quarum unam incolunt Bel-\ngae, et ad ut."
    assert join_hyphenated_breaks(text).edits == []
    # as many French words as Latin ("est", "qui", "se"): no language, the break stays
    text = ("Gallia est omnis divisa in partes tres, quarum unam incolunt Belgae, tertiam qui "
            "ipsorum lingua Celtae. Hi omnes lingua, institutis, legi-\nbus inter se differunt.")
    assert join_hyphenated_breaks(text).edits == []


def test_a_suspended_hyphen_keeps_its_space() -> None:
    """H2: 'pre-⏎and post-war' was 'pre-and', 'Haupt-⏎und' 'Hauptund'. A hyphen before a
    conjunction whose join is no word is a suspended hyphen: the break is left, which the
    page shows as 'pre- and post-war'. 'hit-⏎and-run' is a compound, joined."""
    en = "Both the pre-\nand post-war periods, the over-\nand under-estimates of hit-\nand-run."
    got = join_hyphenated_breaks(en).text
    assert "pre-\nand post-war" in got and "over-\nand under" in got and "hit-and-run" in got
    de = "Die Provinzen Ost-\nund Westpreußen, die Ein-\nund Ausfuhr, sowie Haupt-\nund Nebensätze."
    assert join_hyphenated_breaks(de).edits == []
    assert join_hyphenated_breaks("sowie Haupt- und Nebensätze, die Ein- und Ausfuhr").edits \
        == []


def test_a_suspended_hyphen_across_pages_gets_no_hws(repairer: Repairer) -> None:
    """H2 in book mode: '{{hws|pre|pre-and}}' / '{{hwe|and|pre-and}}'."""
    pages = ["10 A HISTORY\n\nThe effects were felt in both the pre-\n",
             "A HISTORY 11\n\nand post-war years, and in the towns of the south.\n"]
    got = proofread_book([(f"p{k}", read_page(t)) for k, t in enumerate(pages)],
                         repairer=repairer)
    assert "hws" not in got[0].page.body and "hwe" not in got[1].page.body
    assert got[0].page.body.endswith("pre-") and got[1].page.body.startswith("and post-war")


def test_a_compound_of_names_broken_at_a_line_end_is_joined_with_its_hyphen() -> None:
    """M3: 'Anglo-⏎Saxon' was left, shown 'Anglo- Saxon'; a dash OCR read as a hyphen
    before a sentence ('said-⏎The') is not a compound."""
    text = ("He was an Anglo-\nSaxon king of the West-\nSaxons, a pre-\nRaphaelite and a "
            "Franco-\nGerman friend. He said-\nThe end came.")
    got = join_hyphenated_breaks(text).text
    assert "Anglo-Saxon" in got and "West-Saxons" in got and "pre-Raphaelite" in got
    assert "Franco-German" in got and "said-\nThe" in got
    # a word broken whose rest OCR read with a capital I for its l is no compound
    assert join_hyphenated_breaks("the Department of Agricu-\nIture and of Hea-\nIth").edits \
        == []


def test_a_compound_of_names_across_pages_gets_hws(repairer: Repairer) -> None:
    """M3 in book mode: 'Anglo-' at a page's foot, 'Saxon' at the next one's top."""
    pages = ["20 A HISTORY OF ENGLAND\n\nits kings became in time the kings of all the Anglo-\n",
             "A HISTORY OF ENGLAND 21\n\nSaxon people. Alfred was then a young man.\n"]
    got = proofread_book([(f"p{k}", read_page(t)) for k, t in enumerate(pages)],
                         repairer=repairer)
    assert got[0].page.body.endswith("{{hws|Anglo|Anglo-Saxon}}")
    assert got[1].page.body.startswith("{{hwe|Saxon|Anglo-Saxon}} people")


def test_a_chain_compound_broken_after_its_hyphen() -> None:
    """M3: 'father-in-⏎law' was left broken; 'self-sup-⏎porting' is a word broken inside."""
    got = join_hyphenated_breaks("my father-in-\nlaw, a self-sup-\nporting man").text
    assert got == "my father-in-law, a self-supporting man"
    # a long word before the break: the chain's hyphen may be OCR's, the break is left
    assert join_hyphenated_breaks("new consumer-facing-\nweb content").edits == []


def test_a_closed_form_far_rarer_than_its_words_is_not_joined() -> None:
    """M4: 'ice-⏎cream' -> 'icecream' on wordfreq's Zipf 2.5, a misspelling's level; a
    closed form the usual one ('spear-⏎head', 'sea-⏎port') is still joined."""
    got = join_hyphenated_breaks("They ate ice-\ncream at the spear-\nhead of the sea-\nport.")
    assert got.text == "They ate ice-cream at the spearhead of the seaport."


RAVEN = ("THE RAVEN.\n\n"
         "Once upon a midnight dreary, while I pondered, weak and weary,\n"
         "Over many a quaint and curious volume of forgotten lore—\n"
         "    While I nodded, nearly napping, suddenly there came a tapping,\n"
         "As of some one gently rapping, rapping at my chamber door.\n"
         "\"'Tis some visitor,\" I muttered, \"tapping at my chamber door—\n"
         "            Only this and nothing more.\"\n\n"
         "Ah, distinctly I remember it was in the bleak December;\n"
         "And each separate dying ember wrought its ghost upon the floor.\n")


def test_verse_keeps_its_lines_and_is_flagged() -> None:
    """H4: a stanza with a line opening with two quotes ('"'Tis') was read as prose and
    run into one line. Its lines are kept, and the page is flagged for <poem>."""
    assert unwrap_paragraphs(RAVEN.replace("    ", "")).edits == []
    result = proofread_page(read_page(RAVEN))
    assert [e for e in result.edits if e.rule == "unwrap"] == []
    body = result.page.body
    assert "weak and weary,\nOver many" in body and "chamber door—\nOnly this" in body
    assert [d.code for d in result.diagnostics if d.code == "verse"] == ["verse"]
    assert "<poem>" in next(d.message for d in result.diagnostics if d.code == "verse")


def test_prose_is_not_flagged_as_verse() -> None:
    """H4: a title page's lines, and prose, get no verse warning."""
    for text in ("LONDON:\nROUTLEDGE AND SONS.\nBROADWAY.\n1864.\n",
                 "The player who deals the cards must deal them in\nturn, as the rule says, "
                 "and the cards are\ncut by the player on his right, as the law says.\n"):
        assert not [d for d in proofread_page(read_page(text)).diagnostics if d.code == "verse"]


def test_the_pronoun_i_is_not_flagged() -> None:
    """L3: 'while I pondered' was 'a capital I between words in lower case'; a misread
    mark between words is still flagged."""
    found = [w for _, _, w, _ in suspects("while I pondered, and I remember the I card",
                                          lambda w: True)]
    assert found == ["I"]
