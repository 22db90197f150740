"""``python -m wstools.cli``: the ``wstools`` command (as ``python -m wstools``)."""

from __future__ import annotations

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
