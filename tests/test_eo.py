"""Executive orders: every GPO print and rewrites of it into the other shapes, formatted and
held word for word to the print by the independent check (wstools/eo/check.py); citations,
pages, signatures, subsection counts, general provisions, ordinals; the CLI."""

from __future__ import annotations

import json
import re
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import pytest

from wstools.cli import main
from wstools.eo.check import (
    compare,
    count_subsections,
    differences,
    main_body,
    pre_text,
    printed_words,
    rendered_words,
)
from wstools.eo.format import FormatOptions, Metadata, notes, to_pages, to_wikitext
from wstools.eo.model import ExecutiveOrder, FederalRegister
from wstools.eo.presidents import ordinal_words, presidencies, presidency_of
from wstools.eo.read import read_order, typography
from wstools.eo.rewrite import SHAPES, cut, rewrite
from wstools.wikitext.registry import Registry

from .conftest import CASES, ROOT, TEMPLATES

SOURCES = ROOT.parent / "shared" / "sources" / "eo-govinfo"
FILES = sorted(SOURCES.glob("*.htm")) if SOURCES.is_dir() else []
EO_CASES = CASES / "eo"
needs_sources = pytest.mark.skipif(not FILES, reason="../shared/sources/eo-govinfo not present")
# orders whose subsection count differs from the independent count (both counts kept: a
# change either way shows here); see tests/cases/eo/subsection-exceptions.json
SUBSECTION_EXCEPTIONS = json.loads((EO_CASES / "subsection-exceptions.json").read_text())
# 13523: the print's own head says 15323 (kept as printed, flagged) and no other part of
# the print gives another number: every rewrite of it reads 15323, not its file's 13523.
# (13469's PDF rewrite, which set the GPO's stray "extraor- dinary" at a line end, is no
# longer an exception: the PDF writer sets a line-end hyphen only where it breaks a word.)
REWRITE_EXCEPTIONS: set[tuple[str, str]] = set()
_GP_AB = ("(a) Nothing in this order shall be construed to impair or otherwise affect: (i) the "
          "authority granted by law to an executive department or agency, or the head "
          "thereof; or (ii) the functions of the Director of the Office of Management and "
          "Budget relating to budgetary, administrative, or legislative proposals. (b) This "
          "order shall be implemented consistent with applicable law and subject to the "
          "availability of appropriations.")
_GP_C = ("(c) This order is not intended to, and does not, create any right or benefit, "
         "substantive or procedural, enforceable at law or in equity by any party against the "
         "United States, its departments, agencies, or entities, its officers, employees, or "
         "agents, or any other person.")


@lru_cache(maxsize=1)
def _registry() -> Registry:
    return Registry.from_directory(TEMPLATES)


def _check_print(path: str) -> dict:
    """Everything the tests hold one GPO print to, computed in a worker process."""
    from wstools.wikitext.validate import Linter

    data = Path(path).read_bytes()
    pre = pre_text(data)
    order = read_order(data, path)
    main_text, pages = to_wikitext(order), to_pages(order)
    registry = _registry()
    linter = Linter(registry)
    lint = [d.format() for name, text in [("main", main_text), *pages]
            for d in linter.lint(text, name).diagnostics if d.code != "placeholder"]
    head = re.search(r"^\s*Executive Order \d+ of", pre, re.M) or re.search(
        r"^\s*Executive Order \d+ ", pre, re.M)
    assert head is not None
    marks_before = re.findall(r"\[\[Page (\d+)\]\]", pre[:head.start()])
    marks_after = re.findall(r"\[\[Page (\d+)\]\]", pre[head.start():])
    volume = re.search(r"Federal Register Volume (\d+)", pre)
    flat = " ".join(re.sub(r"\[\[Page \d+\]\]", " ", pre[head.start():]).split())
    flat = flat.replace("``", "“").replace("''", "”").replace("--", "—")
    # the standard wording as a whole paragraph: a label, a section, the signature next
    end = r"(?= \(\w{1,4}\) | Sec\. | THE WHITE| <GRAPHIC| \[GRAPHIC| \(Presidential|\s*$)"
    quoted = [m.start() for m in re.finditer(re.escape("“" + _GP_C[:30]), flat)]
    return {
        "file": Path(path).name, "number": order.number, "date": order.date,
        "title": order.title, "diff": differences(pre, pages, main_text, registry),
        "lint": lint,
        "citation": re.search(r"\|citation=(.*)", main_text).group(1)
        if "|citation=" in main_text else None,
        "expected_citation": f"{volume.group(1)} FR {marks_before[-1]}"
        if volume and marks_before else None,
        "pages": [re.search(r"EOpageheader\|page=(\d+)", t).group(1) for _, t in pages],
        "expected_pages": list(dict.fromkeys(marks_before[-1:] + marks_after)),
        "signature_name": re.sub(r"<!--.*?-->", "", re.search(
            r"\{\{EOsignature\|([^|}]*)", main_text).group(1)) if "{{EOsignature|" in
        main_text else "",
        "subsections": len(order.subsections), "independent": count_subsections(pre),
        "print_ab": re.search(re.escape(_GP_AB) + end, flat) is not None,
        "print_c": re.search(re.escape(_GP_C) + end, flat) is not None and not quoted,
        "main_ab": "{{EOGeneralProvisionsAB}}" in main_text
        or "{{EOGeneralProvisions|" in main_text,
        "main_c": "{{EOGeneralProvisionsC}}" in main_text
        or "{{EOGeneralProvisions|" in main_text,
        "pre_words": set(printed_words(pre)),
        "cut_title": " ".join(typography(cut(pre).title).split()),
        "warnings": order.warnings, "flags": order.flags,
    }


@lru_cache(maxsize=1)
def _all_prints() -> tuple[dict, ...]:
    with ProcessPoolExecutor(max_workers=2) as pool:
        return tuple(pool.map(_check_print, [str(p) for p in FILES], chunksize=16))


@needs_sources
def test_every_order_is_word_for_word_the_print() -> None:
    """All 914 orders: the Page: pages say every word of the print (signature's note,
    graphics notes, billing codes and footer included) and the main page the same without
    the footer, lint clean."""
    results = _all_prints()
    assert len(results) == 914
    assert [r["file"] for r in results if r["diff"]] == []
    assert [(r["file"], r["lint"][:2]) for r in results if r["lint"]] == []
    assert all(r["number"] and r["title"] and r["date"] for r in results)


@needs_sources
def test_rewrites_start_from_the_prints_title() -> None:
    """The rewriter's cut of each print has the title the reader reads (the GPO sets a
    title's first line at 0 and the rest at its column: not a paragraph of the body)."""
    results = _all_prints()
    assert [r["file"] for r in results
            if r["cut_title"] != " ".join(r["title"].split())] == []


@needs_sources
def test_citations_and_pages_are_the_orders_own() -> None:
    results = _all_prints()
    assert [r["file"] for r in results if r["citation"] != r["expected_citation"]] == []
    assert [r["file"] for r in results if r["pages"] != r["expected_pages"]] == []
    # the Part's cover is not the citation (65 FR 34035, not the banner's 34033)
    r = next(r for r in results if r["file"] == "EO_13151.htm")
    assert r["citation"] == "65 FR 25619"


@needs_sources
def test_no_invented_signature_name() -> None:
    results = _all_prints()
    named = [r for r in results if r["signature_name"].strip()]
    assert [r["file"] for r in named
            if not set(r["signature_name"].split()) <= r["pre_words"]] == []


@needs_sources
def test_subsection_counts_against_the_independent_count() -> None:
    results = _all_prints()
    differ = {r["file"]: [r["subsections"], r["independent"]] for r in results
              if r["subsections"] != r["independent"]}
    assert differ == SUBSECTION_EXCEPTIONS
    assert len(results) - len(differ) == 914


@needs_sources
def test_general_provisions_templated_wherever_word_for_word() -> None:
    results = _all_prints()
    assert [r["file"] for r in results if r["print_ab"] != r["main_ab"]] == []
    assert [r["file"] for r in results if r["print_c"] != r["main_c"]] == []
    assert sum(r["main_ab"] or r["main_c"] for r in results) >= 221


@needs_sources
def test_presidents_table_against_the_prints() -> None:
    """The cross-check of presidents.csv: every print's number falls in the presidency whose
    dates hold the print's signing date, and the numbers rise with the dates across each
    change of president the prints span (13196/13198, 13488/13489, 13764/13765)."""
    from datetime import datetime

    results = _all_prints()
    dated = []
    for r in results:
        try:
            day = datetime.strptime(r["date"].removeprefix("Washington, "), "%B %d, %Y")
        except ValueError:
            continue
        dated.append((int(r["number"]), day.strftime("%Y-%m-%d"), r["file"]))
    wrong = []
    for number, day, name in dated:
        p = presidency_of(number)
        if p is None or not (p.start <= day <= (p.end or "9999")):
            wrong.append(name)
    assert wrong == ["EO_13523.htm"]  # the print's own head says 15323 (a misprint)
    for a, b in zip(presidencies(), presidencies()[1:], strict=False):
        before = [d for n, d, _ in dated if a.covers(n)]
        after = [d for n, d, _ in dated if b.covers(n)]
        if before and after:
            assert max(before) <= b.start <= min(after), (a.name, b.name)


def test_presidents_table_rows() -> None:
    rows = presidencies()
    assert rows[0].name == "Franklin D. Roosevelt" and rows[0].first_eo == 6071
    assert all(a.last_eo is not None and a.last_eo + 1 == b.first_eo
               for a, b in zip(rows, rows[1:], strict=False))
    assert presidency_of(14147).name == "Donald Trump"
    assert presidency_of(14147).presidency == 2
    assert presidency_of(14146).name == "Joe Biden"
    assert presidency_of(13765).ordinal_of(13765) == 1
    assert presidency_of(9981).name == "Harry S. Truman"
    assert presidency_of(9981).ordinal_of(9981) is None  # past 9577-A: not guessed
    assert presidency_of(10432).ordinal_of(10432) == 1  # Eisenhower's first
    assert presidency_of(10433).ordinal_of(10433) is None  # his total is not his range's
    assert ordinal_words(275) == "two hundred seventy-fifth"


# Known ordinals, checked against the sources named in presidents.csv's header (the Office
# of the Federal Register's disposition tables; the American Presidency Project's lists):
# (number, president, presidency, ordinal), None where lettered orders before it shift the
# count.
KNOWN_ORDINALS = [
    (6071, "Franklin D. Roosevelt", 1, 1),  # 1933-03-08, the first
    (6102, "Franklin D. Roosevelt", 1, 32),  # gold, 1933-04-05
    (6106, "Franklin D. Roosevelt", 1, 36),  # the base of 6106-A, the first lettered
    (6107, "Franklin D. Roosevelt", 1, None),
    (9066, "Franklin D. Roosevelt", 1, None),
    (9537, "Franklin D. Roosevelt", 1, None),  # the last
    (9538, "Harry S. Truman", 1, 1),  # 1945-04-13
    (9546, "Harry S. Truman", 1, 9),
    (9577, "Harry S. Truman", 1, 40),  # the base of 9577-A, the first lettered
    (9578, "Harry S. Truman", 1, None),
    (10431, "Harry S. Truman", 1, None),  # 1953-01-19, the last
    (10432, "Dwight D. Eisenhower", 1, 1),  # 1953-01-24
    # Eisenhower's and Johnson's totals (484, 325) exceed their ranges (482, 324) and no
    # lettered order is placed: past the first the ordinal is not given
    (10450, "Dwight D. Eisenhower", 1, None),
    (10913, "Dwight D. Eisenhower", 1, None),  # 1961-01-18
    (10914, "John F. Kennedy", 1, 1),
    (10924, "John F. Kennedy", 1, 11),  # Peace Corps
    (11127, "John F. Kennedy", 1, 214),  # 1963-11-09
    (11128, "Lyndon B. Johnson", 1, 1),  # 1963-11-23
    (11451, "Lyndon B. Johnson", 1, None),  # 1969-01-19
    (11452, "Richard Nixon", 1, 1),
    (11797, "Richard Nixon", 1, 346),  # 1974-07-31
    (11798, "Gerald Ford", 1, 1),
    (11966, "Gerald Ford", 1, 169),
    (11967, "Jimmy Carter", 1, 1),
    (12286, "Jimmy Carter", 1, 320),  # 1981-01-19
    (12287, "Ronald Reagan", 1, 1),
    (12667, "Ronald Reagan", 1, 381),  # 1989-01-18
    (12668, "George H. W. Bush", 1, 1),
    (12833, "George H. W. Bush", 1, 166),  # 1993-01-19
    (12834, "Bill Clinton", 1, 1),
    (13197, "Bill Clinton", 1, 364),
    (13198, "George W. Bush", 1, 1),
    (13488, "George W. Bush", 1, 291),
    (13489, "Barack Obama", 1, 1),
    (13563, "Barack Obama", 1, 75),
    (13764, "Barack Obama", 1, 276),
    (13765, "Donald Trump", 1, 1),
    (13984, "Donald Trump", 1, 220),
    (13985, "Joe Biden", 1, 1),
    (14146, "Joe Biden", 1, 162),  # 2025-01-19, the last
    (14147, "Donald Trump", 2, 1),  # 2025-01-20
    (14148, "Donald Trump", 2, 2),
    (14150, "Donald Trump", 2, 4),
]


@pytest.mark.parametrize(("number", "name", "presidency", "ordinal"), KNOWN_ORDINALS)
def test_known_ordinals(number: int, name: str, presidency: int, ordinal: int | None) -> None:
    p = presidency_of(number)
    assert p is not None and (p.name, p.presidency) == (name, presidency)
    assert p.ordinal_of(number) == ordinal
    assert p.ordinal_of(str(number)) == ordinal


def test_boundary_orders_between_presidents() -> None:
    """Each presidency's last order and the next one's first: the last has the range's
    size as its ordinal (where no lettered order comes first), the next is the first."""
    rows = presidencies()
    for a, b in zip(rows, rows[1:], strict=False):
        assert a.last_eo is not None
        assert presidency_of(a.last_eo) is a and presidency_of(a.last_eo + 1) is b
        assert b.ordinal_of(b.first_eo) == 1
        assert a.ordinal_of(a.last_eo) == (None if a.lettered or a.total else
                                           a.last_eo - a.first_eo + 1)
        assert a.ordinal_of(b.first_eo) is None and b.ordinal_of(a.last_eo) is None
    assert presidency_of(6070) is None  # Hoover's last is outside the table
    assert [p.short for p in rows if p.lettered] == ["Roosevelt", "Truman"]
    assert [(p.short, p.total) for p in rows if p.total] == [("Eisenhower", 484),
                                                              ("Johnson", 325)]


def test_lettered_orders() -> None:
    """A number-and-letter order belongs to its base number's presidency and gets no
    ordinal; the orders after the first lettered one keep the placeholder."""
    for number, name in (("6106-A", "Franklin D. Roosevelt"), ("9577-A", "Harry S. Truman"),
                         ("9616-A", "Harry S. Truman"), ("10026-A", "Harry S. Truman")):
        p = presidency_of(number)
        assert p is not None and p.name == name
        assert p.ordinal_of(number) is None
    assert presidency_of("Executive Order 9577") is None
    register = FederalRegister("10", "1", "7000", "7000", "Monday, June 4, 1945")
    text = notes(ExecutiveOrder("9577-A", "July 1, 1945", "T", register=register))
    assert text.startswith("Harry S. Truman's {{EOplaceholder|ordinal}} executive order")
    text = notes(ExecutiveOrder("9546", "May 1, 1945", "T", register=register))
    assert text.startswith("Harry S. Truman's ninth executive order")
    text = notes(ExecutiveOrder("6102", "April 5, 1933", "T", register=register))
    assert text.startswith("Franklin D. Roosevelt's thirty-second executive order")


@needs_sources
def test_notes_in_the_seed_wording() -> None:
    order = read_order((SOURCES / "EO_13563.htm").read_bytes())
    text = notes(order)
    assert text.startswith("Barack Obama's seventy-fifth executive order of his first "
                           "presidency")
    assert "Executive Order 13563 on January 21, 2011 in the [https://www.govinfo.gov/" \
           "content/pkg/FR-2011-01-21/html/2011-1385.htm ''Federal Register'']. Scan: " in text
    assert "FR 3821)" not in text
    meta = {"13563": Metadata("https://obamawhitehouse.archives.gov/the-press-office/2011/01/"
                              "18/executive-order-13563", "January 18, 2011",
                              "Federal Register 2011-01-21.pdf")}
    filled = notes(order, FormatOptions(metadata=meta))
    assert "{{EOplaceholder" not in filled
    assert filled.endswith("Scan: [[Index:Federal Register 2011-01-21.pdf]]")


def test_second_presidency_and_lettered_presidencies() -> None:
    register = FederalRegister("90", "1", "8331", "8331", "Monday, January 27, 2025")
    text = notes(ExecutiveOrder("14150", "January 20, 2025", "T", register=register))
    assert text.startswith("Donald Trump's fourth executive order of his second presidency")
    text = notes(ExecutiveOrder("9981", "July 26, 1948", "T", register=register))
    assert text.startswith("Harry S. Truman's {{EOplaceholder|ordinal}} executive order")


@needs_sources
def test_signature_cover_and_footer_of_13563() -> None:
    order = read_order((SOURCES / "EO_13563.htm").read_bytes())
    main_text = to_wikitext(order)
    assert "{{EOsignature|<!-- print: <GRAPHIC(S) NOT AVAILABLE IN TIFF FORMAT> " \
           "(Presidential Sig.) -->|January 18, 2011}}" in main_text
    assert "OBAMA" not in main_text.split("}}\n", 1)[1]  # no name typed in the body
    assert "FR Doc" not in main_text and "{{PD-USGov}}" in main_text
    pages = to_pages(order)
    assert [t for t, _ in pages] == [f"Page:Executive Order 13563.pdf/{k}" for k in (1, 2, 3)]
    assert "{{EOfooter|frdoc=2011-1385|filed=1-20-11; 8:45 am|billing=3195-W1-}}" in \
        pages[-1][1]
    # the subsection cut by the page break continues, unlabelled, on the next page
    assert pages[1][1].split("</noinclude>", 1)[1].startswith("{{EOsubsection||be at least 60")


@needs_sources
def test_part_cover_order_13151() -> None:
    order = read_order((SOURCES / "EO_13151.htm").read_bytes())
    assert order.register.first_page == "25617" and order.register.citation == "65 FR 25619"
    titles = [t for t, _ in to_pages(order)]
    assert titles[0].endswith("/3")  # the scan's page: the cover is pages 1–2


@needs_sources
def test_furniture_is_not_order_text() -> None:
    order = read_order((SOURCES / "EO_12984.htm").read_bytes())
    main_text = to_wikitext(order)
    assert "Billing code" not in main_text and "FR Doc" not in main_text
    assert main_text.count("{{Missing image}}<!-- print: [GRAPHIC] [TIFF OMITTED]") == 8
    order = read_order((SOURCES / "EO_13445.htm").read_bytes())
    assert "GRAPHIC" not in " ".join(b.text for b in order.blocks)
    assert order.signature.graphic_text == \
        "[GRAPHIC(S) NOT AVAILABLE IN TIFF FORMAT] (Presidential Sig.)"


@needs_sources
def test_section_heads_as_printed() -> None:
    order = read_order((SOURCES / "EO_12968.htm").read_bytes())
    main_text = to_wikitext(order)
    assert "'''Sec. 2.3''' ''" in main_text  # printed without a full stop: none is added
    assert "{{EOsection|2.3" not in main_text


def _check_rewrite(task: tuple[str, str]) -> tuple[str, str, list[str], list[str]]:
    path, shape = task
    pre = pre_text(Path(path).read_bytes())
    rw = rewrite(pre, shape)
    order = read_order(rw.text)
    registry = _registry()
    words = " ".join(rw.words).replace("``", "“").replace("''", "”").replace("--", "—")
    truth = words.split()
    if rw.footer:  # the Page: pages carry every word (the main page is checked above)
        diff = [f"pages: {d}" for d in compare(truth, rendered_words(
            "\x00".join(text for _, text in to_pages(order)), registry))]
    else:
        diff = compare(truth, rendered_words(main_body(to_wikitext(order)), registry))
    # a word the PDF broke at a line end that the text cannot tell how to join: kept as
    # printed, with its hyphen, and flagged
    flagged = {f.split()[2].rstrip(":").replace("-", "") for f in order.flags
               if f.startswith("line-end hyphen")}
    diff = [d for d in diff if not any(w in d.replace("-", "") for w in flagged)]
    name = Path(path).name
    number = re.search(r"\d+", name).group(0)
    if order.number != number:
        diff.append(f"number {order.number}")
    # the subsections, against the independent count on the print: exact where the shape
    # keeps the print's paragraphs (a line each, or marked up); a shape the rewrite wraps
    # anew can set a run-in label at a line's start after a short line, which reads as
    # an item (9 of those 5 x 914 rewrites, scripts/eo_shapes_check.py lists them)
    counted = count_subsections(pre)
    if len(order.subsections) != counted:
        note = f"subsections {len(order.subsections)}, the print {counted}"
        diff.append(note if shape in EXACT_SUBSECTIONS else f"(wrapped anew) {note}")
    return name, shape, diff, sorted(flagged)


#: the shapes whose rewrites keep the print's paragraphs as they are
EXACT_SUBSECTIONS = {"federalregister", "json", "xml", "wikisource", "app", "lines"}


@needs_sources
def test_rewrites_into_every_shape() -> None:
    """Every order rewritten into two of the thirteen other shapes (in turn: each shape
    gets 2/13 of the orders; ``scripts/eo_shapes_check.py`` runs the whole matrix) is
    read, formatted and says the words of that print, with the print's subsections where
    the shape keeps its paragraphs."""
    shapes = list(SHAPES)
    tasks = [(str(path), shapes[(k + step) % len(shapes)])
             for k, path in enumerate(FILES) for step in (0, 5)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_check_rewrite, tasks, chunksize=32))
    results = [(name, shape, [d for d in diff if not d.startswith("(wrapped anew)")], f)
               for name, shape, diff, f in results]
    bad = [(name, shape, diff[:2]) for name, shape, diff, _ in results if diff
           and not (name == "EO_13523.htm" and diff == ["number 15323"])
           and (name, shape) not in REWRITE_EXCEPTIONS]
    assert bad == []
    assert {shape for _, shape, _, _ in results} == set(shapes)


def test_federalregister_text_page_mark_inside_a_word() -> None:
    text = ("Executive Order 13999 of May 1, 2020\nA Title\nBy the authority vested in me, "
            "it is hereby ordered as follows:\nSection 1. Purpose. The regu[Start Printed "
            "Page 101]lation of things.\nSec. 2. Other. More text.\nTHE WHITE HOUSE,\n"
            "May 1, 2020.\n[FR Doc. 2020-1\nFiled 5-2-20; 8:45 am]\nBilling code 3295-F0-P\n")
    order = read_order(text)
    assert order.shape == "federalregister"
    section = order.blocks[1]
    assert section.text == "The regulation of things." and section.breaks == [(8, "101")]
    pages = to_pages(order)
    assert len(pages) == 2 and pages[1][1].split("</noinclude>")[1].startswith("lation")
    assert [t for t, _ in pages] == ["Page:Executive Order 13999.pdf/1",
                                     "Page:Executive Order 13999.pdf/2"]
    assert order.first_page == "100"
    assert "regulation" in to_wikitext(order)
    assert order.register.footer[-1] == "Billing code 3295-F0-P"
    assert order.register.filed == "5-2-20; 8:45 am"
    assert not any(b.text.startswith("Filed") for b in order.blocks)


def test_labels_alone_long_romans_and_stacked() -> None:
    text = ("Executive Order 13999 of May 1, 2020\n\nA Title\n\nBy the authority vested in "
            "me, it is hereby ordered as follows:\n\nSection 1. Lists. The list:\n\n(a)\n\n"
            "First item.\n\n(b) (i) Stacked item.\n\n(xviii) Eighteenth.\n\n"
            "THE WHITE HOUSE,\n\nMay 1, 2020.\n")
    order = read_order(text)
    labels = [(b.label, b.text) for b in order.subsections]
    assert labels == [("a", "First item."), ("b", ""), ("i", "Stacked item."),
                      ("xviii", "Eighteenth.")]


def test_older_heads() -> None:
    for head in ("Executive Order 9981—Establishing the President's Committee\nJuly 26, 1948",
                 "EXECUTIVE ORDER 9981\nESTABLISHING THE PRESIDENT'S COMMITTEE",
                 "Executive Order No. 9981 of July 26, 1948\nEstablishing the Committee",
                 "Executive Order 9981\n\nEstablishing the President's Committee"):
        text = (head + "\n\nWHEREAS it is essential that there be maintained the highest "
                "standards;\n\n1. It is hereby declared to be the policy.\n\nHARRY S. TRUMAN"
                "\n\nTHE WHITE HOUSE,\nJuly 26, 1948.\n\n[F. R. Doc. 48-6790; Filed, July "
                "27, 1948; 10:09 a. m.]\n")
        order = read_order(text)
        assert order.number == "9981", head
        assert order.title.lower().startswith("establishing"), head
        assert order.signature.president == "HARRY S. TRUMAN"
        assert order.register.frdoc == "48-6790"
        main_text = to_wikitext(order)
        assert "{{EOsignature|HARRY S. TRUMAN|July 26, 1948}}" in main_text


def test_copied_wikisource_page() -> None:
    text = ("Executive Order 14044\nFrom Wikisource\nJump to navigation Jump to search\n"
            "validated\nExecutive Order 14044 of September 13, 2021\nAmending Executive "
            "Order 14007\nBy the authority vested in me as President, it is hereby ordered "
            "as follows:\nSection 1. Amendment to Executive Order 14007. Executive Order "
            "14007 of April 27, 2021, is hereby amended.\nSignature of J. R. Biden, Jr.\n"
            "THE WHITE HOUSE,\n"
            "September 13, 2021.\nThis work is in the public domain in the United States "
            "because it is a work of the United States federal government (see 17 U.S.C. "
            "105).\nPublic domainPublic domainfalsefalse\n")
    order = read_order(text)
    assert order.shape == "wikisource" and order.number == "14044"
    assert order.signature.graphic_text == "Signature of J. R. Biden, Jr."
    assert order.signature.president is None
    assert [r.number for r in order.relations] == ["14007"]


@needs_sources
def test_relations_and_licence() -> None:
    order = read_order((SOURCES / "EO_12984.htm").read_bytes())
    main_text = to_wikitext(order)
    assert "== Notes ==\nSupersedes:\n* [[Executive Order 12944|Executive Order 12944, " \
           "December 28, 1994]]" in main_text
    assert main_text.rstrip().endswith("{{PD-USGov}}")


@needs_sources
def test_sample_read_by_a_person() -> None:
    sample = json.loads((EO_CASES / "sample.json").read_text(encoding="utf-8"))
    assert len(sample) >= 40
    for row in sample:
        order = read_order((SOURCES / row["file"]).read_bytes())
        gp = order.general_provisions
        got = dict(file=row["file"], number=order.number, date=order.date, title=order.title,
                   sections=len(order.sections), subsections=len(order.subsections),
                   general_provisions=None if gp is None else (
                       "standard" if gp.standard else "ab" if gp.ab else "c" if gp.c
                       else "variant"),
                   president=order.signature.president, signed=order.signature.date)
        assert got == row


def test_federalregister_gov_text() -> None:
    order = read_order((EO_CASES / "federalregister-13563.txt").read_text(encoding="utf-8"))
    assert (order.number, order.date) == ("13563", "January 18, 2011")
    assert order.title == "Improving Regulation and Regulatory Review"
    assert len(order.sections) == 7 and len(order.subsections) == 14
    assert order.signature.president == "BARACK OBAMA" and not order.signature.graphic
    assert order.register.frdoc == "2011-1385" and order.register.billing == "3195-W1-P"


def test_older_style_by_virtue_of() -> None:
    order = read_order((EO_CASES / "older-by-virtue-12986.txt").read_text(encoding="utf-8"))
    assert order.shape == "wrapped"
    assert order.preamble.startswith("By virtue of the authority vested in me")
    assert not order.sections and "no numbered sections" in order.warnings
    dashes = [b.text for b in order.blocks if b.text.startswith("—Section")]
    assert len(dashes) == 3  # the three —Section items are paragraphs of their own
    assert order.signature.date == "January 18, 1996"


def test_part_headings() -> None:
    order = read_order((EO_CASES / "parts-12953.txt").read_text(encoding="utf-8"))
    headings = [b.text for b in order.blocks if b.kind == "heading"]
    assert headings[:2] == ["PART I—PURPOSE", "PART 2—DEFINITIONS"]
    assert order.sections[0].number == "101"
    assert "{{c|PART I—PURPOSE}}" in to_wikitext(order)


@needs_sources
def test_cli_format_skips_a_bad_file(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "in" / "EO_bad.htm"
    bad.parent.mkdir()
    bad.write_text("<html><pre>not an order</pre></html>")
    for n in ("13563", "13959"):
        (bad.parent / f"EO_{n}.htm").write_bytes((SOURCES / f"EO_{n}.htm").read_bytes())
    out = tmp_path / "out"
    code = main(["eo", "format", str(bad.parent), "-o", str(out), "--jobs", "2", "--quiet"])
    captured = capsys.readouterr()
    assert code == 2 and "EO_bad.htm:1:1: input-error" in captured.err
    assert "orders formatted" in captured.out and "Traceback" not in captured.err
    assert (out / "13563" / "main.wiki").exists() and (out / "13959" / "main.wiki").exists()
    assert (out / "13563" / "pages" / "2.wiki").exists()
    titles = (out / "titles.tsv").read_text(encoding="utf-8")
    assert "Executive Order 13563" in titles


@needs_sources
def test_cli_show_and_meta(tmp_path: Path, capsys) -> None:
    assert main(["eo", "show", str(SOURCES / "EO_13563.htm")]) == 0
    model = json.loads(capsys.readouterr().out)
    assert model["number"] == "13563" and model["citation"] == "76 FR 3821"
    meta = tmp_path / "meta.csv"
    meta.write_text("number,white_house_url,white_house_date,index\n"
                    "13563,https://example.gov/eo,\"January 18, 2011\",FR 76-14.pdf\n")
    assert main(["eo", "format", str(SOURCES / "EO_13563.htm"), "-o", str(tmp_path / "o"),
                 "--meta", str(meta)]) == 0
    text = (tmp_path / "o" / "13563" / "main.wiki").read_text(encoding="utf-8")
    assert "{{EOplaceholder" not in text and "[https://example.gov/eo White House]" in text


@needs_sources
def test_later_history_from_the_batch(tmp_path: Path) -> None:
    from wstools.eo.bulk import run

    files = [SOURCES / "EO_12944.htm", SOURCES / "EO_12984.htm"]
    outcomes = run(files, tmp_path, FormatOptions(), 1, False, progress=False)
    assert all(o.ok for o in outcomes)
    text = (tmp_path / "12944" / "main.wiki").read_text(encoding="utf-8")
    assert " |status=Superseded by Executive Order 12984\n" in text
    assert "Superseded by:\n* [[Executive Order 12984|Executive Order 12984]]" in text


def test_order_error_is_a_wstools_error(tmp_path: Path, capsys) -> None:
    """One error base class (issue 23): OrderError is a WstoolsError, still a ValueError,
    names its file; ``eo show`` reports it as one input-error line, exit 2."""
    from wstools.eo.read import OrderError
    from wstools.errors import WstoolsError

    assert issubclass(OrderError, WstoolsError) and issubclass(OrderError, ValueError)
    with pytest.raises(OrderError) as caught:
        read_order("not an order", "x.txt")
    assert caught.value.file == "x.txt"
    assert caught.value.format() == "x.txt: no 'Executive Order N' head line"
    with pytest.raises(OrderError) as caught:
        read_order('{"title": "no text"}', "d.json")
    assert caught.value.file == "d.json"
    bad = tmp_path / "bad.htm"
    bad.write_text("<html><pre>not an order</pre></html>")
    assert main(["eo", "show", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"{bad}:1:1: input-error no 'Executive Order N' head line"


@needs_sources
def test_issue_contents_after_the_order_are_not_order_text() -> None:
    """Five GPO files go on past the order's footer with the Federal Register issue's table
    of contents (a line CONTENTS, "Federal Register / Vol. 74, No. 249 / … / Contents", the
    agencies' entries): the order ends at its footer and annex."""
    for number in ("13525", "13635", "13661", "13663", "13686"):
        data = (SOURCES / f"EO_{number}.htm").read_bytes()
        assert "CONTENTS" not in pre_text(data)  # the check's own cut
        order = read_order(data)
        main_text = to_wikitext(order)
        pages = to_pages(order)
        assert "CONTENTS" not in main_text and "NOTICES" not in main_text, number
        assert not any("CONTENTS" in text or "Page iii" in text for _, text in pages)
        assert "{{EOfooter|" in pages[-1][1]
        assert any("contents after the order" in w for w in order.warnings)


def _gpo(body: str) -> str:
    """A minimal GPO print around ``body`` (lines set at 16, paragraphs at 20)."""
    return ("<html><pre>\n[Federal Register Volume 60, Number 1 (Monday, May 1, 1995)]\n"
            "[Presidential Documents]\n[Pages 100-101]\n\n[[Page 100]]\n\n"
            "                Executive Order 12999 of April 28, 1995\n\n"
            "                A Title\n\n"
            "                By the authority vested in me, it is hereby ordered:\n\n"
            + body + "\n\n                THE WHITE HOUSE,\n\n                    April 28, 1995."
            "\n\n[FR Doc. 95-1 Filed 4-29-95; 8:45 am]\nBilling code 3195-01-P\n</pre></html>")


def test_subsections_as_the_print_sets_them() -> None:
    """Cases from the 15 subsection mismatches, written small: a flush list after a line
    cut short (12958), a list run in its paragraph whose next item starts a line (13355),
    a label that names another across a line end (13830), captions before a run-in (a)
    (13846, 13869), the section's own sentence then (a) with (b) next (13101), a list with
    a hanging indent (13080)."""
    body = """\
                Section 1. Guides. (a) Each guide shall be approved in
                writing by an official who:
                (1) has program responsibility over the information; and
                (2) is authorized to classify information.

                    (b) Any proposal to: (i) reprogram funds within the
                program; (ii) transfer funds from the program to one
                not within it, as in paragraphs (i) or
                (ii) of this subsection; or (iii) the like.

                Sec. 2. ``Menu-based'' Sanctions Relating to Trade. (a)
                The Secretary shall act.

                    (b) The Secretary shall report.

                Sec. 3. Amendments to Executive Order 13467 of June 30,
                2008, as amended. (a) The preamble is revised.

                    (b) Section 2 is revised.

                Sec. 4. The Council shall issue a List. (a) The List
                shall be published.

                    (b) The List shall be updated.

                Sec. 5. Review. The Committee shall assess:
                (1) The scope of each nomination and the adequacy of its
                  design; and
                (2) Whether the resources are distinctive."""
    order = read_order(_gpo(body))
    got = [(b.label, b.text.split()[0] if b.text else "") for b in order.subsections]
    assert got == [("a", "Each"), ("1", "has"), ("2", "is"), ("b", "Any"),
                   ("a", "The"), ("b", "The"), ("a", "The"), ("b", "Section"),
                   ("a", "The"), ("b", "The"), ("1", "The"), ("2", "Whether")]
    captions = [b.caption for b in order.blocks if b.kind == "section"]
    assert captions[1:3] == ["“Menu-based” Sanctions Relating to Trade",
                             "Amendments to Executive Order 13467 of June 30, 2008, as amended"]
    section4 = next(b for b in order.blocks if b.kind == "section" and b.number == "4")
    assert section4.text == "The Council shall issue a List."
    main_text = to_wikitext(order)
    assert "The Council shall issue a List. (a) The List shall be published." in main_text
    assert count_subsections(pre_text(_gpo(body))) == len(order.subsections)


def test_pdf_rewrite_sets_no_printed_hyphen_at_a_line_end() -> None:
    """The GPO's text keeps some breaks mid-line ("extraor- dinary", 13469): the PDF writer
    does not set such a hyphen at a line's end, where a reader takes it for its own."""
    from wstools.eo.rewrite import _hyphenate

    lines = _hyphenate("in the most extraor- dinary of circumstances " * 3, 30)
    assert not any(line.endswith("extraor-") for line in lines)
    assert sum(line.count("extraor- dinary") for line in lines) == 3


def test_new_user_trial_fixes(tmp_path: Path) -> None:
    """What a trial of five orders in two shapes each found: a page mark between words
    lost the space ("programsor"); a PDF word broken at a line end lost its comma to the
    next line ("professional ,"); a PDF's running head names the issue (the Page: header
    had empty required parameters) and a shape that does not name it leaves placeholders;
    the same order read from two files wrote one over the other."""
    from wstools.eo.bulk import run

    text = ("Executive Order 13999 of May 1, 2020\nA Title\nBy the authority vested in me, "
            "it is hereby ordered as follows:\nSection 1. Purpose. Agencies may offer those "
            "programs [Start Printed Page 101]or benefits.\nTHE WHITE HOUSE,\nMay 1, 2020.\n")
    order = read_order(text)
    assert order.sections[0].blocks[0].text == "Agencies may offer those programs or benefits."
    pages = to_pages(order)
    assert pages[1][1].split("</noinclude>")[1].startswith("or benefits.")
    assert "{{EOpageheader|page=101|volume={{EOplaceholder|volume}}|issue={{EOplaceholder|" \
           "issue}}|date={{EOplaceholder|date}}}}" in pages[1][1]
    pdf = ("Federal Register / Vol. 61, No. 44 / Tuesday, March 5, 1996 / Presidential "
           "Documents 8467\n\nExecutive Order 12990 of February 29, 1996\n\nA Title\n\n"
           "Section 1. The rates for members of the uniformed services are profes-\nsional, "
           "and so on.\n\nTHE WHITE HOUSE,\nFebruary 29, 1996.\n"
           "VerDate Sep<11>2014 17:55 Jan 20, 2011 Jkt 223001 PO 00000 Frm 00001\n")
    order = read_order(pdf)
    assert order.shape == "pdf"
    assert "are professional, and so on." in order.sections[0].blocks[0].text
    header = to_pages(order)[0][1]
    assert "{{EOpageheader|page=8467|volume=61|issue=44|date=Tuesday, March 5, 1996}}" in header
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(text)
    (folder / "b copy.txt").write_text(text)
    outcomes = run(sorted(folder.iterdir()), tmp_path / "out", FormatOptions(), 1, False,
                   progress=False)
    assert all(o.ok for o in outcomes)
    assert (tmp_path / "out" / "13999" / "main.wiki").exists()
    assert (tmp_path / "out" / "13999-b_copy" / "main.wiki").exists()
    assert any("also read from" in w for w in outcomes[1].warnings)


def test_the_check_reports_a_lost_space() -> None:
    """Spacing beside a hyphen or dash, or between a label's templates, is not a
    difference; a space lost or added elsewhere is."""
    assert compare("self- governing".split(), ["self-governing"]) == []
    assert compare(["(b)(1)", "If"], ["(b)", "(1)", "If"]) == []
    assert compare(["programs", "or", "benefits"], ["programsor", "benefits"]) != []
    assert compare(["professional,"], ["professional", ","]) != []
