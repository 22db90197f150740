"""Audit 8: text the exports lost or let MediaWiki swallow.

- H1: ``wstools parse`` dropped a heading after the last law, and the prose after it, from
  every export (the corpus's heading list made it back matter, which no writer wrote); the
  text before the first code's title went the same way.
- M5: ``parse --to wikitext`` wrote law text's ``<!--``, ``{{``, ``~~~~`` as markup.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import jsonschema
import pytest

import wstools
from wstools.cli import main
from wstools.laws import render
from wstools.laws.export import to_html, to_tei, write_epub
from wstools.laws.model import from_dict
from wstools.laws.parse import parse

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "wstools" / "laws" /
                     "schema.json").read_text())
FORMATS = ("text", "json", "wikitext", "html", "tei", "epub", "lines")

TRAILING = ("1.--Two packs are used.\n\n2.--The deal passes to the left.\n\n"
            "EUCHRE.\n\nThere are two versions of this game.\n")
FRONT = ("Welcome to my site.\n\nTHE LAWS OF EUCHRE.\n\n1.--Two packs are used.\n\n"
         "2.--The deal passes to the left.\n")


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", text)


def _exported(path: Path) -> str:
    if path.suffix == ".epub":
        with zipfile.ZipFile(path) as z:
            return " ".join(z.read(n).decode() for n in z.namelist() if n.endswith(".xhtml"))
    return path.read_text(encoding="utf-8")


def _parsed(tmp_path: Path, text: str, to: str) -> str:
    """``wstools parse`` of ``text`` exported ``--to`` a format, as text."""
    src = tmp_path / "in.txt"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / f"out.{to}"
    assert main(["parse", str(src), "--to", to, "-o", str(out)]) == 0
    return _exported(out)


@pytest.mark.parametrize("to", FORMATS)
def test_cli_parse_keeps_a_heading_and_prose_after_the_last_law(tmp_path, to):
    got = _parsed(tmp_path, TRAILING, to)
    for word in ("EUCHRE", "There", "versions", "game"):
        assert word in got, (to, word)


@pytest.mark.parametrize("to", FORMATS)
def test_cli_parse_keeps_what_comes_before_the_first_title(tmp_path, to):
    assert "Welcome to my site" in _parsed(tmp_path, FRONT, to), to


def test_back_matter_is_kept_apart_from_the_code_and_exported():
    r = parse(TRAILING, headings=("THE REVOKE.", "GENERAL RULES."))
    code = r.code
    assert [law.number for law in code.laws] == [1, 2]
    assert [s.heading for s in code.sections] == [None]  # not part of the code...
    assert [(s.heading, s.paragraphs) for s in code.back_matter] == [
        ("EUCHRE.", ["There are two versions of this game."])]
    assert r.back_matter == ["EUCHRE.", "There are two versions of this game."]
    for out in (render.to_text(r.codes), render.to_lines(r.codes),
                render.to_wikitext(r.codes), render.to_wikitext(r.codes, "ol"),
                to_html(r.codes), to_tei(r.codes)):
        assert "EUCHRE." in out and "There are two versions of this game." in out
    data = json.loads(render.to_json(r.codes))
    jsonschema.validate(data, SCHEMA)
    assert [from_dict(c) for c in data["codes"]] == r.codes
    assert 'class="back-matter"' in to_html(r.codes)
    assert 'type="back-matter"' in to_tei(r.codes)


def test_front_matter_is_printed_above_the_title():
    r = parse(FRONT)
    assert r.front_matter == ["Welcome to my site."]
    assert r.code.before_title == ["Welcome to my site."]
    assert render.to_text(r.codes).startswith("Welcome to my site.\n\nTHE LAWS OF EUCHRE.")


def test_tei_and_epub_keep_a_footnote_no_law_refers_to(tmp_path):
    r = parse("1.--Two packs are used.\n\n2.--The deal passes to the left.\n\n"
              "[1] Hoyle says otherwise.\n")
    assert r.code.footnotes == {"1": "Hoyle says otherwise."}
    assert "Hoyle says otherwise." in to_tei(r.codes)
    write_epub(r.codes, str(tmp_path / "x.epub"))
    assert "Hoyle says otherwise." in _exported(tmp_path / "x.epub")


MARKUP = ("1.—Two packs <!-- are used.\n\n2.—The deal passes {{ to the left.\n\n"
          "3.—The cut is made ~~~~ by the right.\n\n4.—The trump <ref>is</ref> turned "
          "[[here]] __NOTOC__ <b>.\n")


@pytest.mark.parametrize("form", ["paragraphs", "ol"])
def test_wikitext_export_writes_markup_in_law_text_as_text(form):
    r = parse(MARKUP)
    assert len(r.laws) == 4
    wikitext = render.to_wikitext(r.codes, form)
    for markup in ("<!--", "{{ to", "~~~", "<ref>", "[[", "__NOTOC__", "<b>"):
        assert markup not in wikitext, markup
    assert not [d for d in wstools.lint(wikitext).diagnostics if d.severity == "error"]
    shown = wstools.to_text(wikitext).text
    for words in ("Two packs <!-- are used.", "passes {{ to the left.", "made ~~~~ by",
                  "The trump <ref>is</ref> turned [[here]] __NOTOC__ <b>."):
        assert words in shown, words
    # and read back as wikitext: the same texts
    again = parse(wikitext, "wikitext")
    assert [law.text for law in again.laws] == [law.text for law in r.laws]


def test_cli_wikitext_export_hides_no_law(tmp_path):
    src = tmp_path / "pw.txt"
    src.write_text(MARKUP, encoding="utf-8")
    out = tmp_path / "pw.wiki"
    assert main(["parse", str(src), "--to", "wikitext", "-o", str(out)]) == 0
    shown = wstools.to_text(out.read_text(encoding="utf-8")).text
    assert _words(shown) == _words(MARKUP.replace("--", "—"))


# --- eo format on plain text (H8, M2) --------------------------------------------------

EO_HEAD = ("Executive Order 13998 of January 21, 2021\n\n{title}\n\nBy the authority vested in "
           "me as President by the Constitution and the laws of the United States of America, "
           "it is hereby ordered as follows:\n\n")
EO_FOOT = "\n\nJOSEPH R. BIDEN JR.\n\nTHE WHITE HOUSE,\nJanuary 21, 2021.\n"


def _order(title: str, body: str) -> str:
    return EO_HEAD.format(title=title) + body + EO_FOOT


def _main_page(text: str) -> str:
    main_page, _ = wstools.format_order(text, "eo.txt")
    return main_page


def test_eo_plain_text_keeps_markup_like_text():
    from wstools.eo.read import read_order
    text = _order("Promoting <script>alert(1)</script> Safety",
                  "Section 1. Policy. The heads of agencies shall <img src=x> act and "
                  '<div style="x">x</div>.\n\nSec. 2. Reports. The Secretary shall report '
                  '"<!--" to the President within 30 days, --> and more.')
    order = read_order(text, "eo.txt")
    assert order.title == "Promoting <script>alert(1)</script> Safety"
    page = _main_page(text)
    for markup in ("<script>", "<img", "<div", "<!--"):
        assert markup not in page  # written as text...
    shown = wstools.to_text(page).text
    for words in ("Promoting <script>alert(1)</script> Safety",
                  'shall <img src=x> act and <div style="x">x</div>.',
                  'report "<!—" to the President within 30 days, —> and more.'):
        assert words in shown, words  # ... and shown as printed


def test_eo_html_page_is_still_read_as_html():
    from wstools.eo.shapes import normalize
    page = ("<!DOCTYPE html><html><body><p>Executive Order 13998 of January 21, 2021</p>"
            "<p>Promoting Safety</p><script>var x = 1;</script><p>Sec. 1. Policy. Text.</p>"
            "</body></html>")
    source = normalize(page)
    assert source.shape == "html"
    assert "var x" not in source.text and "Promoting Safety" in source.text
    assert normalize("<p>Executive Order 13998 of January 21, 2021</p>").shape == "html"


def test_eo_label_after_a_long_line_is_a_subsection():
    text = _order("Improving Air Quality",
                  "Section 1. Policy. (a) Where the annual mean concentration is 12 micrograms "
                  "per cubic meter and the ratio of A<B or B>C holds, no action is needed.\n"
                  "(b) Agencies shall publish the list.\n\nSec. 2. Reports. The Secretary "
                  "shall report to the President within 30 days.")
    page = _main_page(text)
    assert "{{EOsubsection|b|Agencies shall publish the list.}}" in page
    assert "A&lt;B or B&gt;C holds" in page


def test_eo_label_after_a_line_ending_with_a_dash_opens_its_paragraph():
    from wstools.eo.read import read_order
    text = _order("Protecting Workers",
                  "Section 1. Policy. The heads of agencies shall--\n(a) review the rules;\n"
                  "(b) consult with the Secretary of Labor--\n(i) on the first matter; and\n"
                  "(ii) on the second matter.\n(c) The term \"worker\" means a self-\n"
                  "employed person or a full-time employee; and the\nwell-known rule applies "
                  "to a two-\nthirds majority.\n\nSec. 2. Reports. The Secretary shall report "
                  "to the President within 30 days.")
    order = read_order(text, "eo.txt")
    subs = [(b.label, b.text) for b in order.blocks if b.kind == "subsection"]
    assert [label for label, _ in subs] == ["a", "b", "i", "ii", "c"]
    assert subs[0][1] == "review the rules;"
    assert subs[1][1] == "consult with the Secretary of Labor—"
    page = _main_page(text)
    assert "shall—\n{{EOsubsection|a|review the rules;}}" in page
    assert "{{EOsubsection|i|on the first matter; and|level=2}}" in page


def test_wikitext_read_keeps_its_templates_in_the_wikitext_export(tmp_path) -> None:
    """Laws read from wikitext (a proofread page's ``{{sc|…}}``) keep their markup in the
    wikitext export: only plain text is escaped."""
    import subprocess
    import sys
    src = tmp_path / "laws.wiki"
    src.write_text("'''1.'''—The {{sc|dealer}} deals.\n\n'''2.'''—The player on the "
                   "{{sc|left}} leads.\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "wstools", "parse", str(src), "--to",
                          "wikitext"], capture_output=True, text=True, check=True).stdout
    assert "{{sc|dealer}}" in out and "{{sc|left}}" in out
