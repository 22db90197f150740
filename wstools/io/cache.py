"""wstools' cache folder: ``$WSTOOLS_CACHE``, else ``$XDG_CACHE_HOME/wstools``, else
``~/.cache/wstools``. Compiled data lives there (the corpus index, the English word list),
never in the repository; a cache that cannot be written is not an error."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    base = os.environ.get("WSTOOLS_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "wstools")
    return Path(base)


def write_cache(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed); False when
    the cache cannot be written (read-only, full), which callers ignore."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    return True
