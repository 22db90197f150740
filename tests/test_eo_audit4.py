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


def _relations(sentence: str) -> list[tuple[str, str]]:
    order = read_order(_text("Executive Order 13999 of May 1, 2020",
                             f"Section 1. Revocation. {sentence}", "May 1, 2020"))
    return [(r.kind, r.number) for r in order.relations]


def test_every_order_the_sentence_names() -> None:
    """The sentences the audit found half read (12944, 13322, 13218, 13294, 13526, 12945,
    13201): every order of the subject, not the one nearest the verb nor one named in a
    clause about it."""
    assert _relations("Executive Order No. 12826 of December 30, 1992, and Executive Order "
                      "No. 12886 of December 23, 1993, are superseded.") == [
        ("supersedes", "12826"), ("supersedes", "12886")]
    assert _relations("Executive Order 13282 of December 31, 2002, as amended by Executive "
                      "Order 13291 of March 21, 2003, is superseded.") == [
        ("supersedes", "13282")]
    assert _relations("Executive Order 13174 of October 27, 2000, relating to the "
                      "establishment of the Commission on Workers, Communities, and Economic "
                      "Change in the New Economy, is revoked.") == [("revokes", "13174")]
    assert _relations("Executive Order 11157 of June 22, 1964, as amended, and Executive "
                      "Order 11800 of August 17, 1974, as amended, are hereby revoked.") == [
        ("revokes", "11157"), ("revokes", "11800")]
    assert _relations("Executive Order 12958 of April 17, 1995, and amendments thereto, "
                      "including Executive Order 13292 of March 25, 2003, are hereby "
                      "revoked.") == [("revokes", "12958"), ("revokes", "13292")]
    assert _relations("It is hereby ordered that the first sentence of section 1(b) of "
                      "Executive Order No. 12640 be amended by deleting “and”.") == [
        ("amends", "12640")]
    assert _relations("Executive Order 12345, as amended, is further amended as "
                      "follows:") == [("amends", "12345")]
    assert _relations("Executive Order 12871 of October 1, 1993, as amended by Executive "
                      "Orders 12983 and 13156, which established the Council, is "
                      "revoked.") == [("revokes", "12871")]


def test_a_relation_not_read_with_confidence_is_not_listed() -> None:
    """A part revoked (listed as nothing rather than as the whole order revoked), a
    sentence that limits itself, a relation inside quoted words, a relative clause's
    order."""
    assert _relations("Sections 1 and 2 of Executive Order 13316 are superseded by "
                      "sections 1 and 2 of this order.") == []
    assert _relations("As it relates to project agreements, Executive Order 12836 of "
                      "February 1, 1993, which, among other things, revoked Executive Order "
                      "12818 of October 23, 1992, is revoked.") == []
    assert _relations("Section 3 is revised to read: “(a) Executive Order 10450 is "
                      "revoked.”") == []
    assert _relations("Executive Order 12882 of November 23, 1993; Executive Order 12907 "
                      "of April 14, 1994; and section 1(h) of Executive Order 13138 of "
                      "September 30, 1999, are hereby revoked.") == [
        ("revokes", "12882"), ("revokes", "12907")]


def test_levels_follow_the_orders_own_hierarchy() -> None:
    """(b) → (1) → (A) → (i) is drawn deeper at each step (13086 had (1) at 8em and its
    (A) at 6em); the usual (a) → (i) → (A) keeps levels 1, 2, 3; a section whose items are
    (1), (2) with no parent has them at level 1 (12945 had level 4)."""
    body = ("Section 1. Rules.\n(a) Scope.\n(b) Exceptions.\n(1) In a proceeding:\n"
            "(A) Evidence of instances:\n(i) the first; and\n(ii) the second.\n"
            "(B) Other evidence.\n(2) In a hearing.\n(c) Effect.\n(i) one;\n(A) two.\n"
            "Sec. 2. Amendments.\n(1) The first.\n(2) The second.")
    order = read_order(_text("Executive Order 13999 of May 1, 2020", body, "May 1, 2020"))
    got = [(b.label, b.level) for b in order.subsections]
    assert got == [("a", 1), ("b", 1), ("1", 2), ("A", 3), ("i", 4), ("ii", 4), ("B", 3),
                   ("2", 2), ("c", 1), ("i", 2), ("A", 3), ("1", 1), ("2", 1)]
    main = to_wikitext(order)
    assert "{{EOsubsection|1|In a proceeding:|level=2}}" in main
    assert "{{EOsubsection|1|The first.}}" in main


def test_two_orders_in_one_file_are_refused(tmp_path: Path, capsys) -> None:
    """Two orders pasted into one text, or two GPO files run together: one input-error
    line naming the second order's head, exit 2, nothing written (the second order was
    merged into the first's main page, or dropped, without a word)."""
    import pytest

    from wstools.cli import main
    from wstools.eo.read import OrderError

    one = _text("Executive Order 13998 of May 1, 2020", date="May 1, 2020")
    two = _text("Executive Order 13999 of May 2, 2020", date="May 2, 2020")
    with pytest.raises(OrderError, match="'Executive Order 13999 of May 2, 2020' follows"):
        read_order(one + "\n" + two)
    gpo = ("<html><body><pre>\n[Federal Register Volume 85, Number 1]\n\n     " + one
           + "</pre></body></html>")
    with pytest.raises(OrderError, match="more than one order"):
        read_order(gpo + gpo.replace("13998 of May 1", "13999 of May 2"))
    read_order(gpo)  # one order: read
    path = tmp_path / "two.txt"
    path.write_text(one + two, encoding="utf-8")
    assert main(["eo", "format", str(path), "-o", str(tmp_path / "out"), "--no-lint"]) == 2
    assert "more than one order" in capsys.readouterr().err
    assert not (tmp_path / "out" / "13998").exists()


def test_rerun_into_an_output_folder(tmp_path: Path) -> None:
    """A second run into the same OUTDIR: the order's Page: files of the first run that the
    new run does not write are removed (a file of the user's in that folder is not), and
    titles.tsv lists the other orders' files still on disk besides the new ones."""
    from wstools.eo.bulk import run
    from wstools.eo.format import FormatOptions

    first = _text("Executive Order 13998 of May 1, 2020", date="May 1, 2020")
    other = _text("Executive Order 13997 of April 1, 2020", date="April 1, 2020")
    paged = first.replace("Agencies shall act.", "Agencies [Start Printed Page 101]shall "
                          "act [Start Printed Page 102]at once.")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(paged, encoding="utf-8")
    (folder / "b.txt").write_text(other, encoding="utf-8")
    out = tmp_path / "out"
    assert all(o.ok for o in run(sorted(folder.iterdir()), out, FormatOptions(), 1, False,
                                 progress=False))
    pages = out / "13998" / "pages"
    assert len(list(pages.glob("*.wiki"))) == 3
    (pages / "mine.wiki").write_text("a note of the user's", encoding="utf-8")
    (folder / "a.txt").write_text(first, encoding="utf-8")
    assert all(o.ok for o in run([folder / "a.txt"], out, FormatOptions(), 1, False,
                                 progress=False))
    assert sorted(p.name for p in pages.iterdir()) == ["1.wiki", "mine.wiki"]
    listed = [line.split("\t")[0] for line in
              (out / "titles.tsv").read_text(encoding="utf-8").splitlines()]
    assert all(Path(p).is_file() for p in listed)
    assert str(out / "13997" / "main.wiki") in listed
    assert str(out / "13998" / "pages" / "1.wiki") in listed
    assert len(listed) == len(set(listed)) == 4


def test_closing_braces_in_a_title_stay_text(tmp_path: Path) -> None:
    """A pasted title with ``{{PAGENAME}}``: its closing ``}}`` closed {{EOheader2}} early
    (lint: missing 'president', '}}' closes nothing); now escaped, lint clean."""
    from wstools.eo.bulk import format_file
    from wstools.eo.format import FormatOptions, escape

    assert escape("x }} y") == "x &#125;} y"
    path = tmp_path / "t.txt"
    path.write_text(_text("Executive Order 13998 of May 1, 2020\nA {{PAGENAME}} Title}}",
                          date="May 1, 2020"), encoding="utf-8")
    outcome = format_file(path, tmp_path / "out", FormatOptions())
    assert outcome.ok and outcome.lint == []
    main = (tmp_path / "out" / "13998" / "main.wiki").read_text(encoding="utf-8")
    assert "&#123;{PAGENAME&#125;} Title&#125;}" in main
    assert " |president=Donald Trump\n" in main


def test_relations_read_in_linear_time() -> None:
    """A subject with a long run of blanks (the list's separators matched it from every
    blank: 40,000 took 4.7 s) and a paragraph of many verbs (the quotes were counted from
    the paragraph's start at each)."""
    import time

    from wstools.eo.model import Block, ExecutiveOrder
    from wstools.eo.read import relations

    start = time.perf_counter()
    text = "Executive Order 12345" + " " * 200_000 + "x is revoked. "
    many = "“Executive Order 12345 is revoked. ” " * 20_000
    order = ExecutiveOrder("13999", "", "", blocks=[Block("paragraph", text),
                                                    Block("paragraph", many)])
    assert [r.number for r in relations(order)] == ["12345"]
    assert time.perf_counter() - start < 5
