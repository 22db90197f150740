"""Writes ``pages.json``: realistic whole Wikisource pages for the fidelity oracle (issue 22).

Main-namespace chapters as Wikisource transcludes them: ``{{header}}``, text taken from the
23 real EB1911 and Pentagon Papers pages (``../templates-real``) and from the law texts of
``corpus/``, headings (four or more on some), ``<ref>``s (named, reused, grouped, in a list
or ``{{smallrefs}}``), poems, tables with ``{{ts}}`` and TOC rows, images (framed, floated,
``{{img float}}``, ``{{FI}}``), the formatting templates of real pages, links (authors,
subpages, interwiki, external), ``{{DEFAULTSORT}}``, ``{{DISPLAYTITLE}}`` and categories.
Deterministic (seeded): ``python tests/cases/fidelity-pages/make_pages.py``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
REAL = HERE.parent / "templates-real"
COUNT = 400

_NOINCLUDE = re.compile(r"<noinclude>.*?</noinclude>", re.S)


def real_paragraphs() -> list[str]:
    out = []
    for f in sorted(REAL.glob("*.wiki")):
        body = _NOINCLUDE.sub("", f.read_text("utf-8"))
        body = re.sub(r"<section[^>]*/>", "", body)
        for para in re.split(r"\n\s*\n", body):
            para = para.strip()
            if 80 < len(para) < 2500 and not para.startswith(("{|", "|", "<", "{{EB1911 fine")):
                if para.count("{{") == para.count("}}") and "{|" not in para:
                    out.append(para)
    return out


def law_paragraphs() -> list[str]:
    out = []
    for f in sorted((ROOT / "wstools" / "data" / "corpus").glob("*.txt")):
        text = f.read_text("utf-8").split("\n---\n", 1)[-1]
        out.extend(line.strip() for line in text.splitlines() if len(line.strip()) > 60)
    return out


WORKS = [("The Laws of Whist", "Henry Jones"), ("Encyclopædia of Games", "Various"),
         ("Abbeys of England", "Edmund Venables"), ("On Alloys", "William Roberts-Austen"),
         ("Notes on Verse", "Edmund Gosse"), ("The Pentagon Papers", "United States")]
POEM = ["The sun was shining on the sea,", "Shining with all his might:",
        "He did his very best to make", "The billows smooth and bright—",
        "And this was odd, because it was", "The middle of the night.",
        "The moon was shining sulkily,", "Because she thought the sun",
        "Had got no business to be there", "After the day was done—"]


def inline_markup(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    if len(words) < 12:
        return text
    choices = [
        lambda w: "{{sc|" + w + "}}", lambda w: "''" + w + "''", lambda w: "'''" + w + "'''",
        lambda w: "{{asc|" + w.upper() + "}}", lambda w: "{{nowrap|" + w + "}}",
        lambda w: "{{SIC|" + w + "|" + w + "e}}", lambda w: "{{larger|" + w + "}}",
        lambda w: "{{smaller|" + w + "}}", lambda w: w + "{{gap}}",
        lambda w: "{{abbr|" + w + "|an abbreviation}}", lambda w: "{{uc|" + w + "}}",
        lambda w: "[[w:" + w.strip(".,;:") + "|" + w + "]]", lambda w: w + "{{em|2}}",
        lambda w: "{{Greek|λόγος}} " + w, lambda w: "{{lang|fr|" + w + "}}",
        lambda w: w + " {{frac|1|2}}", lambda w: "{{u|" + w + "}}",
        lambda w: "{{popup note|a note|" + w + "}}", lambda w: "{{tooltip|" + w + "|tip}}",
    ]
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(1, len(words) - 1)
        if "{" in words[i] or "[" in words[i] or "<" in words[i] or "}" in words[i] \
                or "]" in words[i] or "'" in words[i] or "|" in words[i] or "&" in words[i]:
            continue
        words[i] = rng.choice(choices)(words[i])
    return " ".join(words)


def ref(rng: random.Random, n: int, named: list[str]) -> str:
    kind = rng.random()
    if named and kind < 0.2:
        return f'<ref name="{rng.choice(named)}" />'
    if kind < 0.45:
        name = f"n{n}"
        named.append(name)
        return f'<ref name="{name}">Note {n}: see {{{{sc|Hoyle}}}}, p. {n * 7}.</ref>'
    if kind < 0.55:
        return f'<ref group="lower-alpha">An aside, number {n}.</ref>'
    return f"<ref>Note {n}, ''ibid.'' {n}.</ref>"


def block(rng: random.Random, k: int) -> str:
    kind = rng.randrange(12)
    if kind == 0:
        stanzas = ["\n".join(POEM[:4]), "\n".join(":" + line for line in POEM[4:8])]
        return "<poem>\n" + "\n\n".join(stanzas) + "\n</poem>"
    if kind == 1:
        rows = "".join(f"{{{{TOC row 1-1-1|{r}.|{{{{sc|Chapter the {r}}}}}|{r * 9}}}}}\n"
                       for r in range(1, 5))
        return "{{TOC begin}}\n" + rows + "{{TOC end}}"
    if kind == 2:
        return ('{| {{ts|ma|bc}}\n|-\n! {{ts|ac|bb}} | Metal !! {{ts|ac|bb}} | Melts\n'
                f'|-\n| {{{{ts|vtp}}}} | Lead || {{{{ts|ar}}}} | 327°\n|-\n| Tin || 232° {k}\n|}}')
    if kind == 3:
        return f"[[File:Figure {k}.png|thumb|{rng.choice(['left', 'right', 'center'])}|" \
               f"Fig. {k}.—A figure.]]"
    if kind == 4:
        return (f"{{{{img float|file=Plate {k}.jpg|width=200px|cap={{{{sc|Fig.}}}} {k}|"
                f"align={rng.choice(['left', 'right'])}}}}}")
    if kind == 5:
        return f"{{{{c|{{{{larger|'''CHAPTER {k}.'''}}}}}}}}\n{{{{c|{{{{sc|Of the Game}}}}}}}}"
    if kind == 6:
        return "{{block center|" + "<br />\n".join(POEM[:3]) + "}}"
    if kind == 7:
        return "{{***}}" if rng.random() < 0.5 else "{{rule|6em}}"
    if kind == 8:
        return "{{fine block|" + "A note in fine print about the rules, number " \
               f"{k}.}}}}"
    if kind == 9:
        return "{{right|{{sc|The Editor.}}|offset=2em}}\n{{dhr}}"
    if kind == 10:
        return f"* First point {k}\n* Second point\n** a sub-point\n# numbered\n# again"
    return f"{{{{FI|file=Ornament {k}.png|width=120px|caption=An ornament}}}}"


def page(rng: random.Random, n: int, prose: list[str]) -> tuple[str, str]:
    work, author = rng.choice(WORKS)
    chapter = f"Chapter {n % 30 + 1}"
    title = f"{work}/{chapter}"
    parts = [f"{{{{header\n | title      = [[../]]\n | author     = {author}\n"
             f" | section    = {chapter}\n | previous   = [[../Chapter {n % 30}|Chapter {n % 30}]]"
             f"\n | next       = [[../Chapter {n % 30 + 2}/]]\n | year       = {1850 + n % 70}\n"
             f" | notes      = Transcribed from the printed edition; {{{{sc|notes}}}} are the "
             "editor's.\n}}"]
    if rng.random() < 0.2:
        parts.append("{{default layout|Layout 2}}")
    heads = rng.choice([0, 1, 2, 4, 5])
    named: list[str] = []
    refs = 0
    paras = rng.randint(3, 9)
    for i in range(paras):
        if heads and i % max(1, paras // heads) == 0 and i // max(1, paras // heads) < heads:
            level = "==" if rng.random() < 0.7 else "==="
            name = rng.choice(["Of Dealing", "Play", "Penalties", "Notes"])
            parts.append(f"{level} Section {i + 1}: {name} {level}")
        text = inline_markup(rng, rng.choice(prose))
        if rng.random() < 0.4:
            refs += 1
            text += ref(rng, refs, named)
        if i == 0 and rng.random() < 0.3:
            text = "{{di|" + text[0] + "}}" + text[1:] if text[0].isalpha() else text
        parts.append(text)
        if rng.random() < 0.35:
            parts.append(block(rng, n * 10 + i))
    if refs:
        groups = any("lower-alpha" in p for p in parts)
        notes = rng.choice(["{{smallrefs}}", "<references />", "{{reflist}}",
                            "== Notes ==\n<references />"])
        parts.append(notes)
        if groups:
            parts.append('<references group="lower-alpha" />')
    if rng.random() < 0.5:
        parts.append(f"{{{{DEFAULTSORT:{work.removeprefix('The ')}, {chapter}}}}}")
    if rng.random() < 0.15:
        parts.append(f"{{{{DISPLAYTITLE:''{work}''/{chapter}}}}}")
    cats = [f"[[Category:{work}]]", "[[Category:Works of 19th century|Chapter]]"]
    parts.append("\n".join(cats[: rng.randint(1, 2)]))
    if rng.random() < 0.3:
        parts.append(f"{{{{PD-old|{1850 + n % 50}}}}}")
    return title, "\n\n".join(parts) + "\n"


def main() -> None:
    rng = random.Random(22)
    prose = real_paragraphs() + law_paragraphs()
    pages = []
    for n in range(COUNT):
        title, text = page(rng, n, prose)
        pages.append({"name": f"page {n:03d} {title}", "title": title, "input": text})
    (HERE / "pages.json").write_text(json.dumps(pages, ensure_ascii=False, indent=1) + "\n",
                                     encoding="utf-8")
    print(f"{len(pages)} pages")


if __name__ == "__main__":
    main()
