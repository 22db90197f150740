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


@pytest.mark.parametrize("to", FORMATS)
def test_cli_parse_keeps_a_heading_and_prose_after_the_last_law(tmp_path, to):
    src = tmp_path / "euchre.txt"
    src.write_text(TRAILING, encoding="utf-8")
    out = tmp_path / f"out.{to}"
    assert main(["parse", str(src), "--to", to, "-o", str(out)]) == 0
    got = _exported(out)
    for word in ("EUCHRE", "There", "versions", "game"):
        assert word in got, (to, word)


@pytest.mark.parametrize("to", FORMATS)
def test_cli_parse_keeps_what_comes_before_the_first_title(tmp_path, to):
    src = tmp_path / "front.txt"
    src.write_text(FRONT, encoding="utf-8")
    out = tmp_path / f"out.{to}"
    assert main(["parse", str(src), "--to", to, "-o", str(out)]) == 0
    assert "Welcome to my site" in _exported(out), to


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
