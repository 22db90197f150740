"""Build script. pyproject.toml describes the package, which is pure Python and installs
anywhere; this file only adds an opt-in compiled build of the hot modules (issue 23).

With ``WSTOOLS_COMPILE=1`` in the environment, the modules of :data:`COMPILED` are compiled
with mypyc (from mypy, the ``test`` extra; and a C compiler) into extension modules beside
their sources. Their output is byte-identical to the pure-Python modules' (proofread pages,
edits, flags, diagnostics); they cut the CPU a page by about a quarter to a third::

    pip install mypy
    WSTOOLS_COMPILE=1 pip install --no-build-isolation .     # or: pip wheel ...

A compiled module shadows its source, so an editable install (``pip install -e .``) is
never compiled: edits to the sources would have no effect.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# the hot pure-Python modules of proofread and repair (alignment, the witness index, the
# judges, the weighted edit distance, law-number sequences, edits; the page model, the
# running head, the law parser, the cleanup, lint), as paths. Left out: text/english.py
# (a cached_property on a class mypyc makes native is computed again at every use: pages
# took seconds) and proofread.py (mypyc fails on it: an internal error).
COMPILED = [
    "wstools/repair/align.py",
    "wstools/repair/witness.py",
    "wstools/repair/choose.py",
    "wstools/repair/confusion.py",
    "wstools/repair/repair.py",
    "wstools/repair/model.py",
    "wstools/repair/numbers.py",
    "wstools/repair/twins.py",
    "wstools/laws/numbering.py",
    "wstools/edits.py",
    "wstools/page_model.py",
    "wstools/running_head.py",
    "wstools/laws/parse.py",
    "wstools/text/pipeline.py",
    "wstools/text/ocr.py",
    "wstools/text/whitespace.py",
    "wstools/wikitext/preprocess.py",
    "wstools/wikitext/validate.py",
    "wstools/diagnostics.py",
]

_EDITABLE = ("develop", "editable_wheel")


def compiled_modules() -> list:
    """The extension modules to build: none unless ``WSTOOLS_COMPILE`` asks for them."""
    if os.environ.get("WSTOOLS_COMPILE", "").lower() not in ("1", "yes", "true", "on"):
        return []
    if any(command in sys.argv for command in _EDITABLE):
        print("WSTOOLS_COMPILE: an editable install stays pure Python (a compiled module "
              "would shadow its source)", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        raise SystemExit("WSTOOLS_COMPILE=1 needs mypyc (pip install mypy) in the build "
                         "environment: pip install --no-build-isolation .") from exc
    return mypycify(COMPILED, opt_level="3")


if __name__ == "__main__":
    setup(ext_modules=compiled_modules())
