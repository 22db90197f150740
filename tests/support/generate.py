"""Generated Page: dumps for bulk runs and benchmarks: corpus laws set as printed pages
(running head, laws run together as OCR gives them) with the OCR errors Tesseract made on our
rendered pages (``tests/cases/repair/tesseract``), plus those real Tesseract pages themselves.

The output is deterministic for a seed. ``scripts/make-page-dump.py`` writes it to a file.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Iterator
from pathlib import Path

from wstools.corpus.store import default_corpus_dir, load
from wstools.io.dumps import DumpPage, DumpWriter

TESSERACT = Path(__file__).resolve().parents[2] / "tests" / "cases" / "repair" / "tesseract"
PAGE_CHARS = 1800
BOOK = "Page:Laws of Card Games (generated).djvu"


def tesseract_confusions(folder: Path = TESSERACT) -> list[tuple[str, str]]:
    """(printed, OCR) pairs of one to three characters, from aligning each Tesseract page
    with its gold text."""
    pairs: list[tuple[str, str]] = []
    for ocr_path in sorted(folder.glob("*.ocr.txt")):
        gold = ocr_path.with_name(ocr_path.name.replace(".ocr.", ".gold.")).read_text("utf-8")
        ocr = ocr_path.read_text("utf-8")
        sm = difflib.SequenceMatcher(None, gold, ocr, autojunk=False)
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op == "replace" and i2 - i1 <= 3 and j2 - j1 <= 3 \
                    and not any(c.isspace() for c in gold[i1:i2] + ocr[j1:j2]):
                pairs.append((gold[i1:i2], ocr[j1:j2]))
    return pairs


def _noisy(text: str, pairs: list[tuple[str, str]], rate: float, rng: random.Random) -> str:
    words = text.split(" ")
    for i, w in enumerate(words):
        if rng.random() >= rate:
            continue
        options = [(a, b) for a, b in pairs if a in w]
        if options:
            a, b = rng.choice(options)
            words[i] = w.replace(a, b, 1)
    return " ".join(words)


def _law_texts(corpus: Path) -> Iterator[tuple[str, str]]:
    """(running title, flat text of one law or heading) for every printing, in order."""
    for printing in load(corpus):
        game = (printing.metadata.get("game") or printing.metadata.get("title") or "LAWS")
        title = game.upper()
        for code in printing.parse().codes:
            for s in code.sections:
                if s.heading:
                    yield title, s.heading
                for law in s.laws:
                    parts = [f"{law.label}. {law.text}".strip()]
                    for b in law.body:
                        parts.append(getattr(b, "text", ""))
                    yield title, " ".join(p for p in parts if p)


def generated_pages(count: int = 1000, *, seed: int = 1909, corpus: Path | None = None,
                    rates: tuple[float, ...] = (0.0, 0.03, 0.08)) -> Iterator[DumpPage]:
    """``count`` stored Page: pages (level 1, OCR text in the body)."""
    rng = random.Random(seed)
    pairs = tesseract_confusions()
    corpus = corpus or default_corpus_dir()
    real = []
    for path in sorted(TESSERACT.glob("*.ocr.txt")):
        real.append(path.read_text("utf-8"))
    n = 0
    number = 2
    chunks = list(_law_texts(corpus))
    while True:
        pos = 0
        while pos < len(chunks):
            title = chunks[pos][0]
            body: list[str] = []
            size = 0
            while pos < len(chunks) and size < PAGE_CHARS and chunks[pos][0] == title:
                body.append(chunks[pos][1])
                size += len(chunks[pos][1])
                pos += 1
            text = " ".join(body)
            if n < len(real):
                text = " ".join(real[n].split())
            rate = rates[n % len(rates)]
            head = f"{number} {title}" if number % 2 == 0 else f"{title} {number}"
            ocr = _noisy(f"{head} {text}", pairs, rate, rng)
            stored = f'<noinclude><pagequality level="1" user="OCR" /></noinclude>{ocr}' \
                     f'<noinclude></noinclude>'
            n += 1
            yield DumpPage(title=f"{BOOK}/{n}", ns=104, text=stored, id=str(n),
                           contributor="OCR")
            number += 1
            if n >= count:
                return


def write_generated_dump(path: str | Path, count: int = 1000, seed: int = 1909) -> int:
    """Write :func:`generated_pages` as a dump; returns the number of pages."""
    with DumpWriter(path) as writer:
        for page in generated_pages(count, seed=seed):
            writer.write(page)
        return writer.count
