"""The figures of the law-text issue, checked on the seeds (skipped without ../shared)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

from wstools.corpus.index import load_index
from wstools.laws import render
from wstools.laws.model import Clause, Code, from_dict, to_dict
from wstools.laws.parse import normalise_heading, parse

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "wstools" / "laws" /
                     "schema.json").read_text())
pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds not present")


def seed(prefix: str) -> str:
    return next(SEEDS.glob(prefix + "_*.txt")).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def headings() -> tuple[str, ...]:
    return load_index(use_cache=False).headings


@pytest.fixture(scope="module")
def parsed(headings):
    return {p: parse(seed(p), headings=headings) for p in ("000", "001", "002", "003", "004")}


def numbers(code: Code) -> list[str]:
    return [law.label for law in code.laws]


def test_002_flat_ocr(parsed):
    r = parsed["002"]
    assert r.shape == "flat"
    code = r.code
    assert numbers(code) == [str(n) for n in range(53, 92)]
    repaired = {(e.old, e.new) for e in r.edits if e.rule == "law-number"}
    assert repaired == {("58", "53"), ("Cl", "61"), ("U5", "65"), ("6$", "68"), ("Hit", "69"),
                        ("70", "76"), ("73", "78"), ("88", "83"), ("8S", "88")}
    assert all(e.evidence.startswith("sequence") for e in r.edits if e.rule == "law-number")
    assert code.fragment.startswith("the first trick, should take the trump card")
    assert code.fragment.endswith("remind him of the liability.")
    assert code.metadata["running_header"] == "600 WHIST"
    found = [s.heading_match for s in code.sections if s.heading]
    expected = ["CARDS LIABLE TO BE CALLED.", "CARDS PLAYED IN ERROR, OR NOT PLAYED TO A TRICK.",
                "THE REVOKE.", "CALLING FOR NEW CARDS.", "GENERAL RULES.",
                "THE ETIQUETTE OF WHIST."]
    assert [normalise_heading(f or "") for f in found] == [normalise_heading(e)
                                                            for e in expected]
    assert code.sections[-1].paragraphs[0].startswith("The following rules belong")
    assert not r.diagnostics


def test_000_wikitext(parsed):
    r = parsed["000"]
    assert r.shape == "wikitext"
    whist, duplicate = r.codes
    assert whist.title == "THE LAWS OF WHIST"
    assert whist.authority == "As Revised and Adopted by the Third American Whist Congress."
    assert numbers(whist) == [str(n) for n in range(1, 40)]
    assert sum(1 for law in whist.laws if law.heading) == 15
    assert whist.law(1).heading == "The Game"
    nested = {law.number: len(law.clauses) for law in whist.laws if law.clauses}
    assert nested == {14: 2, 17: 6, 19: 2, 20: 5}
    assert duplicate.title == "THE LAWS OF DUPLICATE WHIST"
    assert duplicate.authority.startswith("As Adopted at the Tenth American Whist Congress")
    # printed above the title (it introduces the code), after the first code's laws
    assert duplicate.before_title[0] == "DUPLICATE WHIST" and not duplicate.preamble
    definitions = duplicate.laws[0]
    assert definitions.heading == "Definitions"
    assert [(c.label, c.style) for c in definitions.clauses] == [("a", "(a.)"), ("b", "(a.)"),
                                                                 ("c", "(a.)")]
    assert r.front_matter and "THE LAWS OF WHIST" not in r.front_matter


def test_003_lines(parsed):
    code = parsed["003"].code
    assert numbers(code) == [str(n) for n in range(4, 13)] + ["12a"] + \
        [str(n) for n in range(13, 38)]
    assert len(code.headings) == 8
    assert [c.label for c in code.law(7).clauses] == ["a", "b", "c"]
    assert [c.label for c in code.law(29).clauses] == ["I", "II", "III"]
    assert code.law(9).footnotes == ["49"]
    assert [m.page for m in code.law(8).page_marks] == ["168"]


def test_001_lines(parsed):
    r = parsed["001"]
    code = r.code
    assert numbers(code) == [str(n) for n in range(75, 109)]
    assert code.headings == ["CARDS PLAYED IN ERROR, OR NOT PLAYED TO A TRICK.", "THE REVOKE.",
                             "CALLING FOR NEW CARDS.", "GENERAL RULES."]
    assert [c.label for c in code.law(90).clauses] == ["I", "II", "III", "IV", "V"]
    assert code.law(92).notes[0].text.startswith("A negative answer")
    assert code.law(92).notes[0].kind == "editor"
    # the site's tail is not part of the code: its back matter, which an export still
    # writes (no text is lost)
    code_only = render.to_text([dataclasses.replace(c, back_matter=[]) for c in r.codes])
    for junk in ("BestLightNovel", "BOOKS ON BRIDGE", "BADSWORTH", "reading novel", "{24",
                 "Please click"):
        assert junk not in code_only
    assert r.back_matter[0] == "BOOKS ON BRIDGE."
    assert code.back_matter[0].heading == "BOOKS ON BRIDGE."
    assert "BOOKS ON BRIDGE." in render.to_text(r.codes)


def test_004_lines(parsed):
    r = parsed["004"]
    code = r.code
    assert numbers(code) == [str(n) for n in range(62, 94)]
    assert len(code.headings) == 6
    assert [c.label for c in code.law(68).clauses] == ["1st", "2d", "3d", "4th"]
    assert [c.label for c in code.law(84).clauses] == ["a", "b", "c"]
    assert code.footnotes == {"27": "See Law 73."}
    assert code.law(64).text.endswith("or words to that effect. If he simultaneously touch "
                                      "two or more such cards, he may elect which one to play.")


@pytest.mark.parametrize("prefix", ["000", "001", "002", "003", "004"])
def test_json_validates(parsed, prefix):
    data = json.loads(render.to_json(parsed[prefix].codes))
    jsonschema.validate(data, SCHEMA)
    assert [from_dict(c) for c in data["codes"]] == parsed[prefix].codes


def _comparable(code: Code) -> dict:
    d = to_dict(code)
    d["metadata"] = {}
    # (back matter is the corpus's judgement, which the wikitext read without it does not
    # make: its sections are the code's last; the text is the same)
    d["sections"] += d.pop("back_matter")
    for s in d["sections"]:
        s["heading_match"] = None
        s["footnotes"] = []
        for law in s["laws"]:
            law["span"] = None
            law["page_marks"] = []
            law["footnotes"] = []
    return d


@pytest.mark.parametrize("form", ["paragraphs", "ol"])
@pytest.mark.parametrize("prefix", ["000", "001", "002", "003", "004"])
def test_wikitext_round_trip(parsed, prefix, form):
    codes = parsed[prefix].codes
    again = parse(render.to_wikitext(codes, form), "wikitext")
    assert [_comparable(c) for c in again.codes] == [_comparable(c) for c in codes]


def test_wikitext_exports_lint_clean(parsed, registry):
    from wstools.wikitext.validate import Linter
    for prefix in ("000", "003"):
        for form in ("ol", "paragraphs"):
            text = render.to_wikitext(parsed[prefix].codes, form)
            assert Linter(registry, "").lint(text, "x").diagnostics == []


def test_tei_and_html_are_well_formed(parsed):
    from lxml import etree, html

    from wstools.laws.export import to_html, to_tei
    tei = etree.fromstring(to_tei(parsed["003"].codes).encode())
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    laws = tei.findall(".//t:div[@type='law']", ns)
    assert [d.get("n") for d in laws][:10] == ["4", "5", "6", "7", "8", "9", "10", "11", "12",
                                               "12a"]
    assert [i.get("n") for i in laws[3].findall(".//t:item", ns)] == ["a", "b", "c"]
    assert tei.find(".//t:div[@n='8']//t:pb", ns).get("n") == "168"
    assert len(tei.findall(".//t:div[@type='section']/t:head", ns)) == 8
    page = html.document_fromstring(to_html(parsed["001"].codes))
    assert len(page.xpath("//div[@class='law']")) == 34
    assert page.xpath("//link/@href") == ["wstools.css"]


def test_epub(parsed, tmp_path):
    import zipfile

    from wstools.laws.export import write_epub
    path = tmp_path / "laws.epub"
    write_epub(parsed["004"].codes, str(path))
    names = zipfile.ZipFile(path).namelist()
    assert "mimetype" in names
    assert sum(1 for n in names if n.endswith(".xhtml") and "section" in n) == 7


def test_clause_model_nesting():
    c = Clause("a", "x", clauses=[Clause("i", "y", "(a)")])
    assert to_dict(c)["clauses"][0]["label"] == "i"


def test_cyclopaedia_page_hyphen_joins_exactly_23():
    from wstools.corpus.index import load_index
    from wstools.text.pipeline import OCR_FIXES, clean
    r = clean(seed("002"), OCR_FIXES, vocabulary=load_index(use_cache=False).vocabulary)
    joins = [e for e in r.edits if e.rule == "hyphen-join"]
    assert len(joins) == 23
    assert "during- the" in r.text
    assert all(e.old.count("- ") == 1 for e in joins)


@pytest.mark.parametrize("prefix", ["001", "003", "004"])
def test_no_junk_left_in_law_text(parsed, prefix):
    import regex
    r = parsed[prefix]
    text = "\n".join([law.text for law in r.laws] + [b.text for law in r.laws for b in law.body]
                     + [h for c in r.codes for h in c.headings])
    assert not regex.search(r"\{\d+\}|\[\d+\]\s|\p{L}\.\p{L}\.\p{L}|\.\+|novel|\.com|--|_\w", text)
    removed = {e.rule for e in r.edits}
    assert "boilerplate" in removed and "scraper-dots" in removed
    marks = [e for e in r.edits if e.rule in ("page-mark", "footnote-mark")]
    assert marks and all(e.evidence for e in marks)
