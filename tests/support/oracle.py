"""A real MediaWiki as a test oracle.

wstools' expander and HTML renderer are trusted only as far as they agree with MediaWiki
itself. This module talks to a MediaWiki's API (``action=expandtemplates``,
``action=parse``) with the standard library only, writes pages as an XML dump that
``importDump.php`` reads, and starts or stops the lab wiki of ``scripts/mediawiki-lab.sh``
(Debian's MediaWiki 1.39 with SQLite on loopback).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import urllib.parse
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lxml import etree

from wstools.wikitext.title import NAMESPACES

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "mediawiki-lab.sh"
EXPORT_NS = "http://www.mediawiki.org/xml/export-0.11/"


class APIError(RuntimeError):
    """The API answered with an error."""


@dataclass
class MediaWikiAPI:
    """The few API calls the oracle needs (POST, JSON, format version 2)."""

    url: str
    timeout: float = 60.0

    def call(self, **params: str) -> dict:
        params = {"format": "json", "formatversion": "2", **params}
        data = urllib.parse.urlencode(params).encode()
        request = urllib.request.Request(self.url, data=data,
                                         headers={"User-Agent": "wstools-oracle/1"})
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            answer = json.load(response)
        if "error" in answer:
            raise APIError(f"{answer['error'].get('code')}: {answer['error'].get('info')}")
        return answer

    def expand(self, text: str, title: str = "API") -> str:
        """``action=expandtemplates``: the wikitext with templates expanded."""
        answer = self.call(action="expandtemplates", text=text, title=title, prop="wikitext")
        return answer["expandtemplates"]["wikitext"]

    def parse(self, text: str, title: str = "API", toc: bool = False) -> str:
        """``action=parse``: the HTML fragment, without edit links or limit report, and
        without the table of contents unless ``toc``."""
        extra = {} if toc else {"disabletoc": "1"}
        answer = self.call(action="parse", text=text, title=title, prop="text",
                           contentmodel="wikitext", disableeditsection="1",
                           disablelimitreport="1", wrapoutputclass="", **extra)
        return answer["parse"]["text"]

    def alive(self) -> bool:
        try:
            self.call(action="query", meta="siteinfo")
        except (OSError, APIError, ValueError):
            return False
        return True


def pages_dump(pages: Iterable[tuple[str, str]], timestamp: str | None = None) -> bytes:
    """An XML export (schema 0.11) of ``(title, text)`` pages, for ``importDump.php``.
    The revisions carry ``timestamp`` (default: now), so a re-import replaces older text.
    Trailing whitespace is removed, as MediaWiki does when a page is saved (the import
    itself would keep it)."""
    stamp = timestamp or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    root = etree.Element(f"{{{EXPORT_NS}}}mediawiki", nsmap={None: EXPORT_NS})
    root.set("version", "0.11")
    root.set("{http://www.w3.org/XML/1998/namespace}lang", "en")
    for n, (title, text) in enumerate(pages, 1):
        page = etree.SubElement(root, f"{{{EXPORT_NS}}}page")
        etree.SubElement(page, f"{{{EXPORT_NS}}}title").text = title
        prefix = title.split(":", 1)[0] if ":" in title else ""
        etree.SubElement(page, f"{{{EXPORT_NS}}}ns").text = str(NAMESPACES.get(prefix, 0))
        etree.SubElement(page, f"{{{EXPORT_NS}}}id").text = str(n)
        rev = etree.SubElement(page, f"{{{EXPORT_NS}}}revision")
        etree.SubElement(rev, f"{{{EXPORT_NS}}}id").text = str(n)
        etree.SubElement(rev, f"{{{EXPORT_NS}}}timestamp").text = stamp
        contributor = etree.SubElement(rev, f"{{{EXPORT_NS}}}contributor")
        etree.SubElement(contributor, f"{{{EXPORT_NS}}}username").text = "wstools"
        etree.SubElement(contributor, f"{{{EXPORT_NS}}}id").text = "1"
        etree.SubElement(rev, f"{{{EXPORT_NS}}}model").text = (
            "Scribunto" if prefix == "Module" else "wikitext")
        etree.SubElement(rev, f"{{{EXPORT_NS}}}format").text = (
            "text/plain" if prefix == "Module" else "text/x-wiki")
        body = etree.SubElement(rev, f"{{{EXPORT_NS}}}text")
        body.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        body.text = text.rstrip()
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lab_available() -> str | None:
    """None if a lab wiki can be started here, else the reason it cannot."""
    if not Path("/usr/share/mediawiki/maintenance/install.php").exists():
        return ("Debian's mediawiki package is not installed; run "
                "'sudo bash scripts/mediawiki-lab.sh deps' (or set WSTOOLS_MW_API)")
    if shutil.which("php") is None:
        return "php is not installed; run 'sudo bash scripts/mediawiki-lab.sh deps'"
    return None


class LabWiki:
    """The lab wiki of ``scripts/mediawiki-lab.sh`` in scratch directory ``directory``."""

    def __init__(self, directory: Path | str, port: int | None = None) -> None:
        self.directory = Path(directory)
        self.port = port or free_port()
        self.env = {**os.environ, "WSTOOLS_MW_DIR": str(self.directory),
                    "WSTOOLS_MW_PORT": str(self.port)}
        self.api = MediaWikiAPI(f"http://127.0.0.1:{self.port}/api.php")

    def _run(self, *args: str) -> str:
        done = subprocess.run(["bash", str(SCRIPT), *args], env=self.env, text=True,
                              capture_output=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"mediawiki-lab.sh {' '.join(args)} failed "
                               f"({done.returncode}): {done.stderr.strip()[-2000:]}")
        return done.stdout

    def start(self) -> MediaWikiAPI:
        self._run("up")
        return self.api

    def stop(self) -> None:
        self._run("down")

    def import_pages(self, pages: Iterable[tuple[str, str]]) -> None:
        """Create or replace ``pages`` with ``importDump.php``."""
        self.directory.mkdir(parents=True, exist_ok=True)
        dump = self.directory / "import.xml"
        dump.write_bytes(pages_dump(pages))
        self._run("import", str(dump))


def connect(start: bool, pages: Iterable[tuple[str, str]] = ()) -> tuple[MediaWikiAPI,
                                                                        LabWiki | None]:
    """The API to use: a lab wiki started here (holding ``pages``; stop it when done) when
    ``start``, else the one named by ``$WSTOOLS_MW_API``. Raises ``LookupError`` if
    neither."""
    if start:
        import tempfile

        lab = LabWiki(tempfile.mkdtemp(prefix="wstools-mw-"))
        api = lab.start()
        lab.import_pages(pages)
        return api, lab
    if os.environ.get("WSTOOLS_MW_API"):
        return MediaWikiAPI(os.environ["WSTOOLS_MW_API"]), None
    raise LookupError("set WSTOOLS_MW_API or pass --start")
