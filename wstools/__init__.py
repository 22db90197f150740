"""wstools: offline tools for Wikisource proofreaders.

The library's verbs are plain functions; the ``wstools`` command wraps them.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .wikitext.expand import expand  # noqa: E402
from .wikitext.plain import to_text  # noqa: E402
from .wikitext.validate import lint  # noqa: E402

__all__ = ["__version__", "expand", "lint", "to_text"]
