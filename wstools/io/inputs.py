"""Reading the user's input files: UTF-8 text (or bytes) from a path or standard input,
refusing what cannot be a page (binary data, a FIFO or device, more than ``max_bytes``)."""

from __future__ import annotations

import os
import stat
import sys

from ..errors import InputError
from . import output

MAX_INPUT_BYTES = 20 * 1024 * 1024


def read_bytes(path: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of ``path`` (``-`` for standard input), refusing huge input."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            # a FIFO or a device would block or never end: only regular files are read
            if not stat.S_ISREG(os.stat(path).st_mode):
                if os.path.isdir(path):
                    raise IsADirectoryError
                raise InputError(name, "not a regular file (a FIFO, device or socket); "
                                 "use - to read standard input")
            with open(path, "rb") as f:
                output.note_input(f.fileno())
                data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "is a directory") from None
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputError(name, f"input is larger than {max_bytes} bytes (MediaWiki's own "
                         "limit is 2 MiB a page); split it or raise --max-bytes")
    return data


def read_input(path: str, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text file (``-`` for standard input), refusing binary or huge input."""
    name = "<stdin>" if path == "-" else path
    data = read_bytes(path, max_bytes)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(name, "UTF-16 text (its byte-order mark): not UTF-8; save it as "
                         "UTF-8", 1, 1)
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
        raise InputError(name, "binary data (NUL byte): not a wikitext file", line, col)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(name, f"not UTF-8 (byte 0x{data[exc.start]:02x})", line, col) from None
    return text.removeprefix("\ufeff")
