"""The one writer of every file ``wstools`` writes.

:func:`write_output` and :class:`AtomicFile` (for writers that stream) never leave a
half-written file: the text goes to a temporary file in the target's folder, is flushed to
disk, and replaces the target in one ``os.replace``. They refuse a target that is one of the
files this process read (:func:`note_input`; ``wstools clean in.txt -o in.txt``), or that is
anything but a regular file (a symbolic link, a device, a FIFO, a folder: ``-o -`` writes to
standard output). A file replaced keeps its mode (and, run as root, its owner); a new file
gets ``0666`` less the umask. Every OS error becomes an :class:`OutputError`,
``file: message``.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
import threading
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any

from ..errors import WstoolsError

__all__ = ["AtomicFile", "OutputError", "check_distinct", "check_target", "describe",
           "forget_inputs", "note_input", "write_output"]

_inputs: set[tuple[int, int]] = set()
_umask_lock = threading.Lock()


class OutputError(WstoolsError):
    """A file that cannot (or must not) be written; ``file: message``, exit code 2."""


def note_input(path: str | os.PathLike[str] | int) -> None:
    """Remember that this process read ``path`` (a name or an open descriptor): it is never
    written over."""
    try:
        st = os.fstat(path) if isinstance(path, int) else os.stat(path)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode):
        _inputs.add((st.st_dev, st.st_ino))


def check_distinct(inputs: Sequence[str | os.PathLike[str] | None],
                   outputs: Sequence[str | os.PathLike[str] | None]) -> None:
    """Raise :class:`OutputError` when an output of a run is one of its inputs, or another of
    its outputs (``None`` and ``-`` skipped; names and inodes compared): it would replace it
    (``--report-json`` naming the input dump, ``-o out.txt --report out.txt``).

    >>> check_distinct(["a.xml"], ["b.xml", None, "-", "-"])
    >>> try:
    ...     check_distinct([], ["a.xml", "./a.xml"])
    ... except OutputError as exc:
    ...     print(str(exc)[:45])
    is the same file as a.xml, named before it in
    """
    seen: list[tuple[str, str, tuple[int, int] | None, bool]] = []
    for path, is_input in [(p, True) for p in inputs] + [(p, False) for p in outputs]:
        if path is None or os.fspath(path) in ("", "-"):
            continue
        name = os.fspath(path)
        real = os.path.realpath(name)
        try:
            st = os.stat(name)
            inode: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:
            inode = None
        for other, other_real, other_inode, other_input in seen:
            if is_input or not (real == other_real or inode is not None
                                and inode == other_inode):
                continue
            if other_input:
                raise OutputError(name, "is an input file: it would be replaced by its own "
                                  "output; write somewhere else")
            raise OutputError(name, f"is the same file as {other}, named before it in this "
                              "run: writing it would replace that; give another name")
        seen.append((name, real, inode, is_input))


def forget_inputs() -> None:
    """Forget the inputs noted so far (each ``wstools.cli.main`` call starts afresh: an
    inode freed by a deleted input may be reused by a new file)."""
    _inputs.clear()


def describe(exc: OSError, folder: str | os.PathLike[str] | None = None) -> str:
    """A short message for an OS error met while writing (into ``folder``)."""
    if exc.errno == errno.ENOENT and folder is not None:
        return f"folder {str(folder) or '.'} does not exist"
    if exc.errno == errno.ENOTDIR and folder is not None:
        return f"{folder} is not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied" + (f" (folder {folder})" if folder is not None else "")
    if exc.errno == errno.EROFS:
        return "read-only file system"
    if exc.errno == errno.ENOSPC:
        return "no space left on device"
    return exc.strerror or str(exc)


def _umask() -> int:
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def check_target(path: str | os.PathLike[str]) -> os.stat_result | None:
    """The status of the file ``path`` will replace (None when there is none yet); raises
    :class:`OutputError` when it must not be replaced or its folder cannot hold it."""
    name = os.fspath(path)
    if not name or name.endswith(os.sep):
        raise OutputError(repr(name) if not name else name, "give a file name")
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        folder = os.path.dirname(name) or "."
        if not os.path.isdir(folder):
            raise OutputError(name, f"folder {folder} does not exist") from None
        return None
    except OSError as exc:
        raise OutputError(name, describe(exc, os.path.dirname(name) or ".")) from None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError(name, "is a symbolic link: not replaced (name the file it points "
                          "to, or use -o - for standard output)")
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(name, "is a folder: give a file name")
    if not stat.S_ISREG(st.st_mode):
        raise OutputError(name, "is not a regular file (a device, FIFO or socket): not "
                          "replaced; use -o - to write to standard output")
    if (st.st_dev, st.st_ino) in _inputs:
        raise OutputError(name, "is an input file: it would be replaced by its own output; "
                          "write somewhere else")
    return st


class AtomicFile:
    """A file written whole or not at all::

        with AtomicFile("out.xml", "wb") as f:
            f.write(data)

    The target appears (or is replaced) only when the block ends without an exception;
    :meth:`open`, :meth:`commit` and :meth:`discard` do the same by hand."""

    def __init__(self, path: str | os.PathLike[str], mode: str = "w",
                 encoding: str | None = "utf-8") -> None:
        if mode not in ("w", "wb"):
            raise ValueError(f"mode must be 'w' or 'wb', not {mode!r}")
        self.path = os.fspath(path)
        self.mode = mode
        self.encoding = None if mode == "wb" else encoding
        self._tmp: str | None = None
        self._file: IO[Any] | None = None

    def open(self) -> IO[Any]:
        """The temporary file to write (refuses a target that must not be replaced)."""
        check_target(self.path)
        folder = os.path.dirname(self.path) or "."
        base = os.path.basename(self.path)
        try:
            fd, self._tmp = tempfile.mkstemp(dir=folder, prefix=f".{base}.", suffix=".tmp")
        except OSError as exc:
            raise OutputError(self.path, describe(exc, folder)) from None
        self._file = os.fdopen(fd, self.mode, encoding=self.encoding)
        return self._file

    def commit(self) -> None:
        """Flush the temporary file to disk and move it onto the target."""
        if self._file is None or self._tmp is None:
            raise ValueError("AtomicFile.commit() before open()")
        try:
            f, self._file = self._file, None
            if f.closed:  # closed by its user (a compressor's stream, say)
                fd = os.open(self._tmp, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            else:
                try:
                    f.flush()
                    os.fsync(f.fileno())
                finally:
                    f.close()
            st = check_target(self.path)  # again: it may have changed meanwhile
            if st is not None:
                if os.geteuid() == 0:  # first: a chown may clear the set-id bits
                    os.chown(self._tmp, st.st_uid, st.st_gid)
                os.chmod(self._tmp, stat.S_IMODE(st.st_mode))
            else:
                os.chmod(self._tmp, 0o666 & ~_umask())
            os.replace(self._tmp, self.path)
            self._tmp = None
        except OSError as exc:
            self.discard()
            raise OutputError(self.path, describe(exc, os.path.dirname(self.path) or "."))\
                from None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Close and remove the temporary file; the target stays as it was."""
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except OSError:
                pass
            self._tmp = None

    def __enter__(self) -> IO[Any]:
        return self.open()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.commit()
            return
        self.discard()
        if isinstance(exc, OSError) and not isinstance(exc, WstoolsError):
            raise OutputError(self.path, describe(exc)) from None


def write_output(path: str | os.PathLike[str] | None, data: str | bytes,
                 end_newline: bool = True) -> None:
    """Write ``data`` to standard output (``path`` None or ``-``; text gets a final newline
    unless ``end_newline`` is false), or whole to the file ``path``."""
    if path is None or os.fspath(path) == "-":
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        sys.stdout.write(data)
        if end_newline and data and not data.endswith("\n"):
            sys.stdout.write("\n")
        return
    with AtomicFile(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
