"""Make the Tesseract test pages for OCR repair (tests/cases/repair/tesseract/).

Laws from the corpus are typeset in an old face (EB Garamond), degraded at three levels,
and read by Tesseract; the OCR text and the gold text (what was typeset) are written, not
the images. Each case names the corpus its repair may use:

- ``witnessed``: Hoyle 1909 Whist laws, with the scraped web reprint of the same laws as
  the witness and the book's own file held out;
- ``variant``: the same laws with only the American Whist Congress code (1893) as the
  witness: a different code, whose readings must not replace the 1900 ones;
- ``unwitnessed``: the Laws of Loo and Rubicon Bézique, with their own files held out.

Needs Debian's tesseract-ocr, tesseract-ocr-eng and fonts-ebgaramond, and Pillow.

    python scripts/make-ocr-fixtures.py [--out tests/cases/repair/tesseract]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "wstools" / "data" / "corpus"
FONT = Path("/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf")
CASES = {
    "witnessed": {"printing": "hoyle-1909-whist", "laws": (4, 24),
                  "corpus": {"exclude": ["hoyle-1909-whist"],
                             "witness": ["hoyle-1909-whist-web"]}},
    "variant": {"printing": "hoyle-1909-whist", "laws": (4, 24),
                "corpus": {"exclude": ["hoyle-1909-whist", "hoyle-1909-whist-web"]}},
    "unwitnessed": {"printing": "hoyle-1909-loo", "laws": (1, 17),
                    "corpus": {"exclude": ["hoyle-1909-loo", "hoyle-1909-rubicon-bezique"]}},
}
LEVELS = {
    "clean": {"scale": 1.0, "blur": 0.0, "noise": 0.0, "threshold": None},
    "worn": {"scale": 0.75, "blur": 0.8, "noise": 0.04, "threshold": 150},
    "poor": {"scale": 0.55, "blur": 1.1, "noise": 0.07, "threshold": 140},
}


def law_text(printing: str, first: int, last: int) -> str:
    """Laws ``first``..``last`` of a corpus printing, as plain paragraphs."""
    text = (CORPUS / f"{printing}.txt").read_text(encoding="utf-8").split("\n---\n", 1)[1]
    out = []
    for line in text.split("\n"):
        m = re.match(r"^(\d+)\.", line)
        if m and first <= int(m.group(1)) <= last:
            line = re.sub(r"\{\d+\}|\[\d+\]", "", line).replace("''", "")
            out.append(" ".join(line.split()))
    return "\n".join(out)


def typeset(text: str, width: int = 1700, size: int = 38) -> Image.Image:
    font = ImageFont.truetype(str(FONT), size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words, line = paragraph.split(), "    "
        for word in words:
            trial = f"{line} {word}" if line.strip() else line + word
            if font.getlength(trial) > width - 200 and line.strip():
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    height = 150 + int(size * 1.35) * len(lines)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    y = 100
    for line in lines:
        draw.text((100, y), line, font=font, fill=0)
        y += int(size * 1.35)
    return image


def degrade(image: Image.Image, level: dict, rnd: random.Random) -> Image.Image:
    if level["scale"] != 1.0:
        small = image.resize((int(image.width * level["scale"]),
                              int(image.height * level["scale"])), Image.BILINEAR)
        image = small.resize(image.size, Image.BILINEAR)
    if level["blur"]:
        image = image.filter(ImageFilter.GaussianBlur(level["blur"]))
    if level["noise"]:
        pixels = image.load()
        for _ in range(int(image.width * image.height * level["noise"] / 10)):
            x, y = rnd.randrange(image.width), rnd.randrange(image.height)
            pixels[x, y] = 0 if rnd.random() < 0.5 else 255
    if level["threshold"] is not None:
        image = image.point(lambda v, t=level["threshold"]: 0 if v < t else 255)
    return image


def ocr(image: Image.Image) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.png"
        image.save(path, dpi=(300, 300))
        done = subprocess.run(["tesseract", str(path), "stdout", "-l", "eng", "--psm", "6"],
                              capture_output=True, text=True, check=True)
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "tests" / "cases" / "repair" /
                                             "tesseract"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for case, spec in CASES.items():
        gold = law_text(spec["printing"], *spec["laws"])
        if spec["printing"] == "hoyle-1909-loo":
            gold += "\n" + law_text("hoyle-1909-rubicon-bezique", 1, 12)
        for name, level in LEVELS.items():
            rnd = random.Random(f"{case}-{name}")
            text = ocr(degrade(typeset(gold), level, rnd))
            stem = f"{case}-{name}"
            (out / f"{stem}.ocr.txt").write_text(text, encoding="utf-8")
            (out / f"{stem}.gold.txt").write_text(gold + "\n", encoding="utf-8")
            manifest[stem] = {"case": case, "level": name, **spec["corpus"],
                              "source": f"{spec['printing']} laws {spec['laws'][0]}-"
                                        f"{spec['laws'][1]}"}
            print(stem, len(text), file=sys.stderr)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
