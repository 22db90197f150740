"""Audit 8 on ``proofread --dump``: the Page namespace is the one the dump's siteinfo names
as ProofreadPage's Page namespace (de: Seite = 102 and Index = 104; it: Progetto = 104 and
Pagina = 108), never 104 when the siteinfo gives 104 another name (H4); of a page's
history, the latest revision is proofread, whatever the order in the file (H5). The dumps
are small and made here, in the shape of the audit's cases."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from wstools.bulk import proofread_dump
from wstools.io.dumps import DumpReader

from .test_dumps_hostile import run, titles  # (the hostile-dump tests' helpers)

NS = "http://www.mediawiki.org/xml/export-0.11/"
OCR = ("THE HISTORY OF TOM JONES. 97\n\nof the kind which had been so often remarked by "
       "the\nneighbours , and which Mr. Allworthy had never once sus-\npected in his "
       "sister.\n")


def siteinfo(*namespaces: tuple[int, str]) -> str:
    listed = "".join(f'<namespace key="{k}" case="first-letter">{v}</namespace>'
                     for k, v in namespaces)
    return ("  <siteinfo><sitename>Wikisource</sitename><namespaces>"
            f'<namespace key="0" case="first-letter" />{listed}</namespaces></siteinfo>\n')


def revision(rev_id: int, timestamp: str, text: str, model: str = "proofread-page") -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (f"<revision><id>{rev_id}</id><timestamp>{timestamp}</timestamp><contributor>"
            f"<username>x</username><id>1</id></contributor><model>{model}</model>"
            f'<format>text/x-wiki</format><text xml:space="preserve">{text}</text>'
            "<sha1>x</sha1></revision>")


def page(title: str, ns: int, text: str = OCR, model: str = "proofread-page",
         page_id: int = 1, revisions: str = "") -> str:
    return (f"  <page><title>{title}</title><ns>{ns}</ns><id>{page_id}</id>"
            + (revisions or revision(1000 + page_id, "2024-01-01T00:00:00Z", text, model))
            + "</page>\n")


def dump(path: Path, *parts: str, lang: str = "en") -> Path:
    path.write_text(f'<mediawiki xmlns="{NS}" version="0.11" xml:lang="{lang}">\n'
                    + "".join(parts) + "</mediawiki>\n", "utf-8")
    return path


def texts(path: Path) -> list[str]:
    root = etree.parse(str(path)).getroot()
    return [t.text or "" for t in root.iter(f"{{{NS}}}text")]


def de_dump(tmp_path: Path) -> Path:
    """de.wikisource: Seite = 102, Index = 104, an Index: page in wikitext in 104."""
    return dump(tmp_path / "de.xml", siteinfo((102, "Seite"), (104, "Index")),
                page("Index:Werther.djvu", 104, "Die Leiden des jungen Werthers , erster "
                     "Theil.\nLeipzig , 1774 .\n", model="wikitext", page_id=5),
                page("Seite:Werther.djvu/5", 102, OCR, page_id=6), lang="de")


# -- H4: the Page namespace is the one the siteinfo names so, in its language ----------------


def test_de_dump_proofreads_seite_not_index(tmp_path: Path) -> None:
    code, report, out = run(tmp_path, de_dump(tmp_path))
    assert code == 0
    assert (report["namespace"], report["namespace_from"]) == (102, "siteinfo")
    assert titles(out) == ["Seite:Werther.djvu/5"]  # the Index: page is not rewritten
    assert (report["pages"], report["other_namespaces"]) == (1, 1)


def test_it_dump_proofreads_pagina_not_progetto(tmp_path: Path) -> None:
    src = dump(tmp_path / "it.xml",
               siteinfo((102, "Autore"), (104, "Progetto"), (108, "Pagina"), (110, "Indice")),
               page("Progetto:Letteratura/Da fare", 104, "Elenco dei testi da rileggere :\n\n"
                    "I promessi sposi\n\n— 53 —\n", model="wikitext", page_id=5),
               page("Pagina:Promessi sposi.djvu/5", 108, OCR, page_id=6), lang="it")
    code, report, out = run(tmp_path, src)
    assert code == 0
    assert (report["namespace"], report["namespace_from"]) == (108, "siteinfo")
    assert titles(out) == ["Pagina:Promessi sposi.djvu/5"]


def test_siteinfo_without_a_page_namespace_stops_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """104 is named Index here: it is not taken for the Page namespace."""
    src = dump(tmp_path / "noPage.xml", siteinfo((100, "Portal"), (104, "Index")),
               page("Index:A.djvu", 104, OCR, model="wikitext"))
    code, report, out = run(tmp_path, src)
    err = capsys.readouterr().err
    assert code == 2
    assert "--namespace" in err and "104 Index" in err and "Traceback" not in err
    assert not out.exists() and report == {}


def test_siteinfo_with_two_page_namespaces_asks_which(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = dump(tmp_path / "two.xml", siteinfo((102, "Seite"), (250, "Page")),
               page("Page:A.djvu/1", 250, OCR))
    code, report, out = run(tmp_path, src)
    assert code == 2 and "--namespace" in capsys.readouterr().err and not out.exists()
    code, report, out = run(tmp_path, src, "--namespace", "Page")
    assert code == 0 and titles(out) == ["Page:A.djvu/1"]


def test_namespace_may_be_given_by_name(tmp_path: Path,
                                        capsys: pytest.CaptureFixture) -> None:
    src = de_dump(tmp_path)
    for name in ("Seite", "seite", "102"):
        code, report, out = run(tmp_path, src, "--namespace", name)
        assert code == 0, name
        assert (report["namespace"], report["namespace_from"]) == (102, "given")
        assert titles(out) == ["Seite:Werther.djvu/5"]
    code, report, out = run(tmp_path, src, "--namespace", "Index")  # what the user asks
    assert code == 0 and titles(out) == ["Index:Werther.djvu"]
    capsys.readouterr()
    code, report, out = run(tmp_path, src, "--namespace", "Seiten")
    err = capsys.readouterr().err
    assert code == 2 and "Seiten" in err and "102 Seite" in err and not out.exists()


def test_a_name_needs_a_siteinfo(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = dump(tmp_path / "plain.xml", page("Page:A.djvu/1", 104))
    code, report, out = run(tmp_path, src, "--namespace", "Page")
    assert code == 2 and "number" in capsys.readouterr().err and not out.exists()


def test_without_siteinfo_104_is_assumed_and_said(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    src = dump(tmp_path / "plain.xml", page("Page:A.djvu/1", 104), page("Main", 0, OCR,
                                                                       page_id=2))
    code, report, out = run(tmp_path, src)
    err = capsys.readouterr().err
    assert code == 0 and titles(out) == ["Page:A.djvu/1"]
    assert (report["namespace"], report["namespace_from"]) == (104, "default")
    assert "namespace 104 (default: the dump's siteinfo lists no namespaces" in err


def test_empty_dump_with_siteinfo_without_page_namespace_is_refused(tmp_path: Path) -> None:
    from wstools.errors import InputError
    src = dump(tmp_path / "empty.xml", siteinfo((102, "Seite"), (104, "Index")).replace(
        "Seite", "Autor"))
    with pytest.raises(InputError, match="--namespace"):
        proofread_dump(src, tmp_path / "out.xml")
    assert not (tmp_path / "out.xml").exists()


@pytest.mark.parametrize("name", [
    "Page", "Seite", "Pagina", "Página", "Strona", "Страница", "Sida", "Pàgina", "Stránka",
    "Oldal", "Сторінка", "עמוד", "Side", "Sivu", "Σελίδα", "Paĝo", "페이지"])
def test_page_namespace_names_of_the_wikisources(name: str) -> None:
    from wstools.io.namespaces import PAGE_NAMESPACE_NAMES, is_page_namespace_name
    assert is_page_namespace_name(name)
    assert not is_page_namespace_name(name + " talk")
    for lang, expected in {"en": "Page", "de": "Seite", "fr": "Page", "it": "Pagina",
                           "es": "Página", "pt": "Página", "pl": "Strona", "ru": "Страница",
                           "la": "Pagina", "sv": "Sida", "nl": "Pagina", "ca": "Pàgina",
                           "cs": "Stránka", "hu": "Oldal", "uk": "Сторінка", "zh": "Page",
                           "he": "עמוד"}.items():
        assert PAGE_NAMESPACE_NAMES[lang][0] == expected, lang
    for other in ("Index", "Indice", "Progetto", "Autore", "Livre", "Portal", ""):
        assert not is_page_namespace_name(other)


# -- H5: the latest revision, whatever the order of the history ----------------------------


OLD = "THE HISTORY OF TOM JONES. 97\n\nOLD TEXT of the kind , which had been.\n"
NEW = ("THE HISTORY OF TOM JONES. 97\n\nNEW TEXT of the kind , which had been corrected by a "
       "volunteer.\n")


def history_dump(tmp_path: Path) -> Path:
    return dump(tmp_path / "history.xml", siteinfo((104, "Page")),
                page("Page:Jones.djvu/1", 104, page_id=1, revisions=(
                    revision(10, "2020-01-01T00:00:00Z", OLD)
                    + revision(11, "2023-01-01T00:00:00Z", NEW))),
                page("Page:Jones.djvu/2", 104, page_id=2, revisions=(  # newest first
                    revision(21, "2023-01-01T00:00:00Z", NEW)
                    + revision(20, "2020-01-01T00:00:00Z", OLD))),
                page("Page:Jones.djvu/3", 104, page_id=3, revisions=(  # neither
                    revision(31, "2021-01-01T00:00:00Z", OLD)
                    + revision(33, "2023-01-01T00:00:00Z", NEW)
                    + revision(32, "2022-01-01T00:00:00Z", OLD))),
                page("Page:Jones.djvu/4", 104, page_id=4, revisions=(  # same time: by id
                    revision(42, "2023-01-01T00:00:00Z", NEW)
                    + revision(41, "2023-01-01T00:00:00Z", OLD))))


def test_reader_takes_the_latest_revision_whatever_the_order(tmp_path: Path) -> None:
    pages = list(DumpReader(history_dump(tmp_path)))
    assert [(p.title, p.revision_id, p.timestamp[:4]) for p in pages] == [
        ("Page:Jones.djvu/1", "11", "2023"), ("Page:Jones.djvu/2", "21", "2023"),
        ("Page:Jones.djvu/3", "33", "2023"), ("Page:Jones.djvu/4", "42", "2023")]
    assert all(p.text == NEW for p in pages)


def test_newest_first_history_is_proofread_from_its_latest_revision(tmp_path: Path) -> None:
    code, report, out = run(tmp_path, history_dump(tmp_path))
    assert code == 0 and report["pages"] == 4
    assert all("NEW TEXT" in t and "OLD TEXT" not in t for t in texts(out)), texts(out)


# -- L6: the output keeps the siteinfo, the language, redirects; no revision of nothing -----


def test_output_keeps_siteinfo_and_language(tmp_path: Path) -> None:
    code, report, out = run(tmp_path, de_dump(tmp_path))
    assert code == 0
    root = etree.parse(str(out)).getroot()
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "de"
    names = {n.get("key"): n.text for n in root.iter(f"{{{NS}}}namespace")}
    assert names == {"0": None, "102": "Seite", "104": "Index"}
    assert root[0].tag == f"{{{NS}}}siteinfo"
    # and a run on the output finds its Page namespace again
    again = tmp_path / "again"
    again.mkdir()
    code, report, _ = run(again, out)
    assert code == 0 and (report["namespace"], report["namespace_from"]) == (102, "siteinfo")


def test_redirect_is_kept(tmp_path: Path) -> None:
    src = dump(tmp_path / "redirect.xml", siteinfo((102, "Seite")),
               page("Seite:A.djvu/1", 102, OCR, page_id=1),
               page("Seite:A.djvu/2", 102, "#REDIRECT [[Seite:A.djvu/1]]", page_id=2)
               .replace("<revision>", '<redirect title="Seite:A.djvu/1" /><revision>', 1),
               lang="de")
    code, report, out = run(tmp_path, src)
    assert code == 0
    root = etree.parse(str(out)).getroot()
    redirects = [(r.getparent().findtext(f"{{{NS}}}title"), r.get("title"))
                 for r in root.iter(f"{{{NS}}}redirect")]
    assert redirects == [("Seite:A.djvu/2", "Seite:A.djvu/1")]


def test_an_empty_page_is_no_new_revision(tmp_path: Path) -> None:
    """0 edits: the page is written as it came, its revision and all (an import makes no
    new revision of it), not wrapped in a <pagequality level="0"> by wstools."""
    src = dump(tmp_path / "empty.xml", siteinfo((104, "Page")),
               page("Page:A.djvu/3", 104, "", page_id=3), page("Page:A.djvu/5", 104, OCR,
                                                               page_id=5))
    code, report, out = run(tmp_path, src)
    assert code == 0 and report["pages"] == 2
    got = {p.title: p for p in DumpReader(out)}
    empty = got["Page:A.djvu/3"]
    assert (empty.text, empty.revision_id, empty.contributor) == ("", "1003", "x")
    assert got["Page:A.djvu/5"].contributor == "wstools"  # a changed page is a new revision
