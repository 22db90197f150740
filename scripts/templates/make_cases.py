"""Writes ``tests/cases/templates/real-pages.json``: calls of every template that
``make_templates.py`` writes (positional parameters, then named ones too, and a shortcut),
with MediaWiki's expansion (from the wiki at ``$WSTOOLS_MW_API``, which must hold
``wstools/data/templates/``) and wstools' plain text. Prints any call whose expansion differs.

    WSTOOLS_MW_API=http://127.0.0.1:8089/api.php python scripts/templates/make_cases.py
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import make_templates as mt  # noqa: E402

from tests.support.fidelity import registry  # noqa: E402
from tests.support.oracle import MediaWikiAPI  # noqa: E402
from wstools.wikitext.expand import Expander  # noqa: E402
from wstools.wikitext.plain import TextRenderer  # noqa: E402

LENGTHS = ("width", "max-width", "left", "right", "offset", "margin", "indent", "padding")
BY_TYPE = {"content": "Some ''text'' here", "number": "2", "boolean": "yes"}


def sample(name: str, spec: dict) -> str:
    for key in ("example", "default"):
        if spec.get(key):
            return spec[key]
    if spec.get("suggestedvalues"):
        return spec["suggestedvalues"][0]
    if name == "file":
        return "Example plate.jpg"
    if name in LENGTHS:
        return "3em"
    return BY_TYPE.get(spec.get("type", ""), "word")


def calls(spec: dict) -> list[tuple[str, str]]:
    name, params = spec["name"], spec["params"]
    if not params:
        out = [("bare", "{{" + name + "}}")]
    else:
        positional = "".join("|" + sample(k, params[k])
                             for k in sorted((k for k in params if k.isdigit()), key=int))
        named = "".join(f"|{k}={sample(k, v)}" for k, v in params.items() if not k.isdigit())
        out = [("positional", "{{" + name + positional + "}}")]
        if named:
            out.append(("named", "{{" + name + positional + named + "}}"))
    for short in spec["shortcuts"][:1]:
        out.append((f"shortcut {short}", "a {{" + short + out[0][1][2 + len(name):] + " b"))
    return out


def main() -> int:
    api = MediaWikiAPI(os.environ["WSTOOLS_MW_API"])
    reg = registry()
    cases = []
    for spec in mt.SPECS:
        titles = ["API", "Page:Test.djvu/3"] if "NAMESPACE" in spec["body"] else ["API"]
        for label, text in calls(spec):
            for title in titles:
                theirs = api.expand(text, title)
                ours = Expander(reg, title).expand(text).text
                if theirs != ours:
                    print("differs:", spec["name"], label, repr(theirs), repr(ours))
                where = f" in {title}" if title != "API" else ""
                cases.append({"name": f"{spec['name']} {label}{where}", "input": text,
                              "title": title, "wikitext": theirs,
                              "text": TextRenderer(reg, title).render(text).text})
    out = HERE.parents[1] / "tests" / "cases" / "templates" / "real-pages.json"
    out.write_text(json.dumps(cases, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(cases)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
