"""Book mode (issue 19 item 2, ``wstools.book``): the pages of one book proofread with the
evidence of the sequence. A 30-page run of the page benchmark (folios, joins, {{nop}} page by
page against the gold), misread folios and titles that single-page mode cannot mend, the
edit contract, pages kept byte for byte, and the command line on a DIR and on FILE..."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest

from wstools.book import BOOK_RULES, apply_sequence, proofread_book
from wstools.page import read_page
from wstools.proofread import proofread_page
from wstools.repair.repair import Repairer

from .conftest import run

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "pages"
PAGES = BENCH / "pages"
RUN = "eo-volume-4"  # dev split, 30 pages, folios 1… in sequence


@pytest.fixture(scope="module")
def score_book():
    spec = importlib.util.spec_from_file_location("page_benchmark_score_book",
                                                  BENCH / "score_book.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _entries(run_id: str) -> list[dict]:
    manifest = json.loads((BENCH / "manifest.json").read_text(encoding="utf-8"))
    return sorted((e for e in manifest["pages"] if e["run"] == run_id),
                  key=lambda e: e["position"])


def _ocr(pid: str) -> str:
    return (PAGES / f"{pid}.ocr.txt").read_text(encoding="utf-8")


def _book(run_id: str, repairer: Repairer, change: dict[str, tuple[str, str]] | None = None):
    entries = _entries(run_id)
    pages = []
    for e in entries:
        text = _ocr(e["id"])
        if change and e["id"] in change:
            old, new = change[e["id"]]
            assert old in text
            text = text.replace(old, new, 1)
        pages.append((e["id"], read_page(text)))
    singles = [proofread_page(p, repairer=repairer, file=n) for n, p in pages]
    return entries, pages, singles, apply_sequence(pages, singles, repairer=repairer)


@pytest.fixture(scope="module")
def thirty(repairer: Repairer):
    return _book(RUN, repairer)


def test_a_30_page_run_page_by_page(thirty, score_book) -> None:
    entries, pages, singles, books = thirty
    assert len(entries) == 30
    rows = []
    for e, single, book in zip(entries, singles, books, strict=True):
        st = json.loads((PAGES / f"{e['id']}.json").read_text(encoding="utf-8"))
        gold = read_page((PAGES / f"{e['id']}.gold.wiki").read_text(encoding="utf-8")).body
        one = score_book.judge(single.page.body, single.page.header, gold, st, _ocr(e["id"]))
        two = score_book.judge(book.page.body, book.page.header, gold, st, _ocr(e["id"]))
        rows.append((e["id"], st, one, two))
        # never worse than the page alone, never text moved
        for key in ("title", "folio", "hws_right", "hwe_right", "nop_right"):
            assert two[key] or not one[key], (e["id"], key)
        assert two["cer_after"] <= one["cer_after"] + 1e-9, e["id"]
        assert not two["hws_false"] and not two["hwe_false"], e["id"]
        assert two["moved_words"] == 0 and not two["worse"], e["id"]
    # every folio right (single-page mode loses one: a two-column page's folio read apart)
    assert sum(r[3]["folio"] for r in rows) == 30
    assert sum(r[2]["folio"] for r in rows) == 29
    fixed = [r[0] for r in rows if r[3]["folio"] and not r[2]["folio"]]
    assert fixed == ["eo-volume-4-p006"]
    # every word broken at a page foot is joined, on both pages
    gold_joins = [r[0] for r in rows if r[1]["word_broken_at_foot"]]
    assert len(gold_joins) == 9
    assert all(r[3]["hws_right"] for r in rows if r[1]["word_broken_at_foot"])
    assert all(r[3]["hwe_right"] for r in rows if r[1]["word_broken_at_top"])
    assert not any(r[2]["hws_right"] or r[2]["hwe_right"] for r in rows)
    book_page = next(b for e, b in zip(entries, books, strict=True) if e["id"] == gold_joins[0])
    assert "{{hws|" in book_page.page.body
    # {{nop}}: right on all but the last page (which the run cannot see past)
    assert sum(r[3]["nop_right"] for r in rows) >= 29 > sum(r[2]["nop_right"] for r in rows)


def test_edits_are_in_the_input(thirty) -> None:
    _, pages, singles, books = thirty
    for (name, page), single, book in zip(pages, singles, books, strict=True):
        for e in book.edits:
            assert page.body[e.start:e.end] == e.old, (name, e)
            assert e.line >= 1
        added = [e for e in book.edits if e.rule in BOOK_RULES and e not in single.edits]
        if book.page.wikitext() != single.page.wikitext():
            assert added or any(d.code == "nop" for d in book.diagnostics), name
        # the page alone is untouched by book mode (new results)
        assert all(e.rule not in BOOK_RULES for e in single.edits)


def test_misread_folio_and_title_mended_from_the_sequence(repairer: Repairer) -> None:
    change = {"eo-volume-6-p011": ("1720 EXECUTIVE ORDERS", "1726 EXECUTIVE ORDEHS"),
              "eo-volume-6-p014": ("EXPORT ENFORCEMENT COORDINATION |",
                                   "EXPORT ENFORCEMENT CQORDINATION |"),
              "eo-volume-6-p027": ("1736 EXECUTIVE ORDERS", "EXECUTIVE ORDERS")}
    entries, pages, singles, books = _book("eo-volume-6", repairer, change)
    assert len(entries) == 31
    by_id = {e["id"]: (s, b) for e, s, b in zip(entries, singles, books, strict=True)}
    single, book = by_id["eo-volume-6-p011"]
    assert single.page.header == "{{rh|1726|EXECUTIVE ORDEHS|}}"
    assert book.page.header == "{{rh|1720|EXECUTIVE ORDERS|}}"
    # the head moved to the header is one edit, the folio and the title mended in it
    head = next(e for e in book.edits if "running-head" in e.rule.split("+"))
    assert head.rule == "running-head+folio-sequence+running-title"
    assert head.old.startswith("1726 EXECUTIVE ORDEHS") and head.new == ""
    assert "misread '1726'" in head.evidence and "'EXECUTIVE ORDEHS'" in head.evidence
    single, book = by_id["eo-volume-6-p014"]
    assert "CQORDINATION" in single.page.header
    assert book.page.header == "{{rh||EXPORT ENFORCEMENT COORDINATION|1723}}"
    single, book = by_id["eo-volume-6-p027"]  # the folio lost: the sequence gives it
    assert book.page.header == "{{rh|1736|EXECUTIVE ORDERS|}}" != single.page.header
    lost = next(e for e in book.edits if "folio-sequence" in e.rule.split("+"))
    assert "folio lost; the sequence gives 1736" in lost.evidence
    # every page's head right in book mode
    for e, (_, b) in zip(entries, [(None, b) for b in books], strict=True):
        st = json.loads((PAGES / f"{e['id']}.json").read_text(encoding="utf-8"))
        want = st["running_head"]
        assert str(want["folio"]) in b.page.header and want["title"] in b.page.header, e["id"]


EUCHRE = [
    "72 EUCHRE\n\nThe dealer shall give five cards to each player, two and three at a time."
    "\n\n(a) The cards are dealt to the left of the dealer.\n",
    "KUCHRE 78\n\nThe trump card is turned up by the dealer after the deal is complete and "
    "the pack is de-\n",
    "74 EUCHRE\n\ntached from the table before the play begins.\n\n(b) The player at the left "
    "of the dealer leads to the first trick.\n",
    "EUCHRE 75\n\nThe eldest hand may order the trump up, and the dealer then discards one "
    "card.\n",
    "76 EUCHRE\n\nwhich goes on here in lower case, so the paragraph goes on.\n\n(c) A player "
    "who holds the best bower may play alone against the Secretary of Labor;\n",
    "EUCHRE 77\n\n(d) The next clause opens this page.\n",
]


def test_the_issue_examples(repairer: Repairer) -> None:
    """22 -> 72 style folio, KUCHRE -> EUCHRE, de-/tached, {{nop}} taken out and put in."""
    pages = [(f"p{k}", read_page(t)) for k, t in enumerate(EUCHRE)]
    singles = [proofread_page(p, repairer=repairer) for _, p in pages]
    books = apply_sequence(pages, singles, repairer=repairer)
    assert [b.page.header for b in books] == [
        "{{rh|72|EUCHRE|}}", "{{rh||EUCHRE|73}}", "{{rh|74|EUCHRE|}}", "{{rh||EUCHRE|75}}",
        "{{rh|76|EUCHRE|}}", "{{rh||EUCHRE|77}}"]
    assert singles[1].page.header == "{{rh|78|KUCHRE|}}"
    assert books[1].page.body.endswith("the pack is {{hws|de|detached}}")
    assert books[2].page.body.startswith("{{hwe|tached|detached}} from the table")
    assert singles[3].page.body.endswith("{{nop}}")  # alone it cannot know
    assert books[3].page.body.endswith("discards one card.")  # p4 goes on in lower case
    assert not singles[4].page.body.endswith("{{nop}}")  # alone: ';' ends no paragraph
    assert books[4].page.body.endswith("Secretary of Labor;\n{{nop}}")  # p5 opens (d)
    assert books[5].page.body == singles[5].page.body  # the last page: nothing after it
    book_rules = [[(e.rule, e.old, e.new) for e in b.edits
                   if set(e.rule.split("+")) & set(BOOK_RULES)] for b in books]
    assert book_rules[1] == [("running-head+folio-sequence+running-title", "KUCHRE 78\n", ""),
                             ("hyphen-across-pages", "de-", "{{hws|de|detached}}")]
    assert book_rules[3] == [("nop", "\n", "")]
    assert book_rules[4] == [("nop", "", "\n{{nop}}")]
    for (_, page), b in zip(pages, books, strict=True):
        for e in b.edits:
            assert page.body[e.start:e.end] == e.old
        spans = sorted((e.start, e.end) for e in b.edits)
        assert all(a[1] <= c[0] for a, c in zip(spans, spans[1:], strict=False))  # no overlap
    # law numbers: a page whose first law does not follow the previous page's last is
    # flagged, not changed
    laws = ["1. The first law of the game is stated here in full.\n\n2. The second law.\n",
            "3. The third law of the game.\n\n4. The fourth law.\n",
            "9. The ninth law, four numbers on.\n"]
    got = proofread_book([(f"l{k}", read_page(t)) for k, t in enumerate(laws)],
                         repairer=repairer)
    flagged = [[d.code for d in r.diagnostics if d.code == "law-sequence"] for r in got]
    assert flagged == [[], [], ["law-sequence"]]
    assert got[2].page.body.startswith("9. ")


def test_folio_needs_both_neighbours(repairer: Repairer) -> None:
    # two neighbouring pages misread the same way: the neighbours disagree, nothing changes
    change = {"eo-volume-6-p011": ("1720 EXECUTIVE ORDERS", "1750 EXECUTIVE ORDERS"),
              "eo-volume-6-p012": ("EXPORT ENFORCEMENT COORDINATION",
                                   "EXPORT ENFORCEMENT COORDINATION 1751")}
    _, _, singles, books = _book("eo-volume-6", repairer, change)
    for k in (10, 11):
        assert books[k].page.header == singles[k].page.header or "1751" not in \
            books[k].page.header


def test_kept_pages_are_byte_identical(repairer: Repairer) -> None:
    texts = [_ocr(e["id"]) for e in _entries("eo-volume-6")[:6]]
    kept3 = ('<noinclude><pagequality level="3" user="Ann" />{{rh|1712|EXECUTIVE ORDERS|}}'
             "</noinclude>" + texts[2] + "<noinclude></noinclude>")
    formatted = "{{c|{{sc|Executive Order}}}}\n\n" + texts[3]
    stored = [texts[0], texts[1], kept3, formatted, texts[4], texts[5]]
    pages = [(f"p{k}", read_page(t)) for k, t in enumerate(stored)]
    books = proofread_book(pages, repairer=repairer)
    for k in (2, 3):
        assert books[k].page.wikitext() == stored[k]
        assert not books[k].edits
    # the pages around them are still proofread
    assert books[1].page.header and books[4].page.header


def test_single_page_mode_is_unchanged(capsys, tmp_path: Path, repairer: Repairer) -> None:
    src = PAGES / "eo-volume-6-p009.ocr.txt"
    out = tmp_path / "one.wiki"
    code, _, err = run(capsys, "proofread", str(src), "-o", str(out))
    assert code in (0, 1) and "Traceback" not in err
    expected = proofread_page(read_page(src.read_text(encoding="utf-8")), repairer=repairer)
    assert out.read_text(encoding="utf-8") == expected.page.wikitext() + "\n"
    assert "{{hws" not in out.read_text(encoding="utf-8")


def _digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture
def book_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    folder.mkdir()
    for e in _entries("eo-volume-6")[7:12]:  # p8 … p12: a word broken from p9 to p10
        (folder / f"p{e['position']}.txt").write_text(_ocr(e["id"]), encoding="utf-8")
    return folder


def test_cli_on_a_dir(capsys, tmp_path: Path, book_dir: Path) -> None:
    before = _digest(book_dir)
    out = tmp_path / "out"
    code, stdout, err = run(capsys, "proofread", str(book_dir), "-o", str(out), "--explain")
    assert code in (0, 1) and "Traceback" not in err, err
    assert _digest(book_dir) == before  # inputs never modified
    assert sorted(p.name for p in out.iterdir()) == sorted(before)
    # natural order: p9 is followed by p10 (not p10 after p1), so the word is joined
    assert "{{hws|Nove|November}}" in (out / "p9.txt").read_text(encoding="utf-8")
    assert (out / "p10.txt").read_text(encoding="utf-8").split("</noinclude>", 1)[1] \
        .startswith("{{hwe|mber|November}}")
    assert "hyphen-across-pages" in err and "book of 5 pages" in err and stdout == ""


def test_cli_on_files(capsys, tmp_path: Path, book_dir: Path) -> None:
    files = [str(book_dir / f"p{n}.txt") for n in (9, 10)]
    out = tmp_path / "out"
    code, _, err = run(capsys, "proofread", *files, "-o", str(out), "--format", "json")
    assert code in (0, 1) and "Traceback" not in err
    data = json.loads((out / "p9.txt.json").read_text(encoding="utf-8"))
    assert any(e["rule"] == "hyphen-across-pages" and e["old"] == "Nove-"
               for e in data["edits"])
    # the page given alone: no join (single-page mode)
    code, stdout, _ = run(capsys, "proofread", files[0])
    assert "{{hws" not in stdout


# a missing or unreadable page no longer refuses the book: the others are proofread, exit 1
# (tests/test_cli_messages.py::test_a_book_with_an_unreadable_file)
@pytest.mark.parametrize("case", ["no-output", "output-is-input",
                                  "output-is-file", "empty-dir", "dir-and-file", "stdin",
                                  "range-alone", "index-and-files", "title"])
def test_cli_bad_input(capsys, tmp_path: Path, book_dir: Path, case: str) -> None:
    p9, p10 = str(book_dir / "p9.txt"), str(book_dir / "p10.txt")
    out = str(tmp_path / "out")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ab\x00cd")
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    argv = {
        "no-output": [p9, p10],
        "output-is-input": [str(book_dir), "-o", str(book_dir)],
        "output-is-file": [p9, p10, "-o", str(afile)],
        "empty-dir": [str(tmp_path / "empty"), "-o", out],
        "dir-and-file": [str(book_dir), p9, "-o", out],
        "stdin": ["-", p9, "-o", out],
        "range-alone": ["--range", "1-3", "-o", out],
        "index-and-files": [p9, "--index", "Index:X.djvu", "--range", "1-2", "-o", out],
        "title": [p9, p10, "--title", "Page:X.djvu/9", "-o", out],
    }[case]
    before = _digest(book_dir)
    code, _, err = run(capsys, "proofread", *argv)
    assert code == 2, (case, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert _digest(book_dir) == before
    if case != "output-is-input":
        assert not any(Path(out).glob("*")) if os.path.isdir(out) else True


@pytest.mark.mediawiki
def test_index_range_from_a_wiki(lab_wiki, tmp_path: Path) -> None:  # noqa: ANN001
    """``proofread --index INDEX --range A-B -o DIR``: the pages pulled (pulled.json), a
    missing page reported and splitting the book, a word joined across pulled pages, and the
    result ready for ``wiki push``."""
    from wstools.wiki import file_name

    from .test_wiki import PASSWORD, _pwb_dir, _run, _save
    pwb = _pwb_dir(tmp_path, lab_wiki.url, PASSWORD)
    book = "Page:Test Book Mode.djvu"
    entries = _entries("eo-volume-6")
    for n, k in ((1, 7), (2, 8), (3, 9), (5, 10)):  # p9 ends 'Nove-', p10 begins 'mber'
        stored = f'<noinclude><pagequality level="1" user="OCR" /></noinclude>' \
                 f"{_ocr(entries[k]['id'])}<noinclude></noinclude>"
        _save(pwb, f"{book}/{n}", stored)
    out = tmp_path / "out"
    done = _run(pwb, "proofread", "--index", "Index:Test Book Mode.djvu", "--range", "1-5",
                "-o", str(out))
    assert done.returncode == 1, done.stderr  # page 4 does not exist
    assert "Traceback" not in done.stderr and "1 pages missing" in done.stderr
    manifest = json.loads((out / "pulled.json").read_text("utf-8"))
    assert set(manifest) == {f"{book}/{n}" for n in (1, 2, 3, 5)}
    two = read_page((out / file_name(f"{book}/2")).read_text("utf-8"))
    three = read_page((out / file_name(f"{book}/3")).read_text("utf-8"))
    assert two.body.endswith("{{hws|Nove|November}}") and two.header.startswith("{{rh|1718")
    assert three.body.startswith("{{hwe|mber|November}}")
    done = _run(pwb, "wiki", "push", str(out), "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "{{hws|Nove|November}}" in done.stdout


def test_garbled_folio_and_short_title_from_a_real_book(repairer: Repairer) -> None:
    """EB1911's AFRICA, four pages cut from the Internet Archive's OCR as a new user would
    (a new-user audit): a folio misread in one character ('3S9') is the folio's place, not
    text, and the sequence gives its value; a short title with a letter misread ('AFRTCA'),
    once on its side of the book, is the title the book prints elsewhere."""
    text = (Path(__file__).resolve().parents[2] / "shared" / "real" / "pages"
            / "eb1911-ocr-pair" / "africa.ia-ocr.txt")
    if not text.exists():
        pytest.skip("the shared AFRICA OCR is not beside the checkout")
    lines = text.read_text("utf-8").split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip() in ("338", "339", "34°", "34 1")
              or line.strip() in ("HISTORY]", "[HISTORY") and i > 0]
    assert starts
    # the page starts: the line of the folio or of the section, whichever is first
    firsts = []
    for folio in ("338", "HISTORY]", "34°", "HISTORY]"):
        i = next(k for k in starts if lines[k].strip() == folio and all(k > f for f in firsts))
        firsts.append(i)
    firsts.append(firsts[-1] + 140)
    pages = ["\n".join(lines[a:b]) for a, b in zip(firsts, firsts[1:], strict=False)]
    pages[1] = pages[1].replace("\n339 \n", "\n3S9 \n", 1)
    pages[2] = pages[2].replace("AFRICA", "AFRTCA", 1)
    assert "3S9" in pages[1] and "AFRTCA" in pages[2]
    books = proofread_book([(f"p{n}", read_page(p)) for n, p in
                            zip((338, 339, 340, 341), pages, strict=True)], repairer=repairer)
    heads = [b.page.header for b in books]
    assert "|339}}" in heads[1] and "3S9" not in books[1].page.body
    assert heads[2] == "{{rh|340|AFRICA|[HISTORY}}"


def test_law_numbering_goes_on_across_pages(repairer: Repairer) -> None:
    """A page's only law, its number garbled, is read from the last law of the page before
    (book mode); alone, the page cannot read it; a page that starts a new code at 1 or
    goes on in sequence is not read again."""
    pages = [("p1", read_page("43. The dealer deals.\n\n44. The last law on the page is this "
                              "one, and it is long enough.")),
             ("p2", read_page("4S. If the dealer exposes a card, the adversaries may call a "
                              "new deal.")),
             ("p3", read_page("1. A new code begins.\n\n2. Its second law."))]
    singles = [proofread_page(p, repairer=repairer) for _, p in pages]
    assert _numbers(singles[1]) == []
    books = apply_sequence(pages, singles, repairer=repairer)
    assert _numbers(books[1]) == [45]
    assert any(d.code == "law-across-pages" for d in books[1].diagnostics)
    assert _numbers(books[2]) == [1, 2]
    assert books[1].page.body == singles[1].page.body  # read, not renumbered


def _numbers(result) -> list[int]:  # noqa: ANN001
    return [law.number for c in result.codes for law in c.laws if law.number is not None]


def test_a_word_broken_across_pages_reads_as_the_book_spells_it(repairer: Repairer) -> None:
    """The word broken at a page's foot is read as a line-end break within a page is: the
    book's own spelling first (``discards`` printed elsewhere in it, not ``dis-cards``), a
    period's hyphen kept (``to-day``, not ``today``). From a new-user audit."""
    pages = ["120 POKER\n\nThe player who discards first may draw. Each player has dis-\n",
             "POKER 121\n\ncards the odd card and draws. The game is played to-\n",
             "122 POKER\n\nday as it was then, by the old rules of the game.\n"]
    got = proofread_book([(f"p{k}", read_page(t)) for k, t in enumerate(pages)],
                         repairer=repairer)
    assert got[0].page.body.endswith("{{hws|dis|discards}}")
    assert got[1].page.body.startswith("{{hwe|cards|discards}} the odd card")
    assert got[1].page.body.endswith("{{hws|to|to-day}}")
    assert got[2].page.body.startswith("{{hwe|day|to-day}} as it was")


def test_a_title_the_pages_of_its_side_print(repairer: Repairer) -> None:
    """The second page of a run has no same-side page before it, and the one after it is
    misread too: the title most pages of its side print mends it (a new-user audit:
    ``54 ÉCARTE`` stayed beside ``56 EOARTÉ``, ``58 ÉCARTÉ``)."""
    heads = ["ÉCARTÉ 53", "54 ÉCARTE", "ÉCARTÉ 55", "56 EOARTÉ", "ÉCARTÉ 57", "58 ÉCARTÉ",
             "ÉCARTÉ 59", "60 ÉCARTÉ", "ÉCARTÉ 61", "62 ÉCARTÉ"]
    pages = [(f"p{k}", read_page(f"{h}\n\nthe player who deals the cards must deal them "
                                 f"in turn, as the rule {k} says.\n")) for k, h in enumerate(heads)]
    got = proofread_book(pages, repairer=repairer)
    assert [b.page.header for b in got][:4] == [
        "{{rh||ÉCARTÉ|53}}", "{{rh|54|ÉCARTÉ|}}", "{{rh||ÉCARTÉ|55}}", "{{rh|56|ÉCARTÉ|}}"]
    why = next(e.evidence for e in got[1].edits if "running-title" in e.rule.split("+"))
    assert "of the 4 other pages of its side print it" in why


def test_a_page_with_no_head_is_said_not_given_one(repairer: Repairer) -> None:
    """A page whose head OCR lost (or that prints none: a chapter's first page) gets no
    header it does not show; a warning gives the head the pages around it imply."""
    heads = ["120 POKER", "POKER 121", "122 POKER", "", "124 POKER", "POKER 125", "126 POKER"]
    pages = [(f"p{k}", read_page((f"{h}\n\n" if h else "") + "the player who deals the cards "
                                 f"must deal them in turn, as the rule {k} says.\n"))
             for k, h in enumerate(heads)]
    got = proofread_book(pages, repairer=repairer)
    assert got[3].page.header == ""
    said = [d.message for d in got[3].diagnostics if d.code == "head-missing"]
    assert len(said) == 1 and "{{rh||POKER|123}}" in said[0]
    assert not any(d.code == "head-missing" for b in got[:3] + got[4:] for d in b.diagnostics)
