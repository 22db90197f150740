"""The ``wstools`` command: thin argument parsing around the library.

One module a command (``expand``, ``clean``, ``repair``, ``parse``, ``corpus``, ``eo``,
``templates`` and ``lint``, ``proofread``, ``wiki``), each with ``add_parser(sub, max_bytes)``
and the function it sets as ``func``; this package is the only place ``argparse`` is
imported. A command module imports the library it needs when it runs, so that the start-up
of one command does not pay for the others.

Exit codes: 0 clean, 1 findings (lint) or errors during expansion, 2 usage or input error.
Diagnostics go to standard error as ``file:line:col: CODE message``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import InputError, WstoolsError
from ..io import output
from ..io.inputs import MAX_INPUT_BYTES, read_bytes, read_input
from ..io.output import write_output
from . import clean, corpus, eo, expand, parse, proofread, repair, templates, wiki

# the commands in the order ``wstools --help`` lists them, each with the module that adds
# its parser (``templates`` adds ``lint`` and ``templates``)
COMMANDS = {"expand": expand, "eo": eo, "repair": repair, "clean": clean, "parse": parse,
            "corpus": corpus, "proofread": proofread, "wiki": wiki, "lint": templates,
            "templates": templates}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``wstools`` parser. With ``command`` (the first argument, when it names one),
    only that command's options are built: the others are named, so that the usage line
    and the choices are the same, but their options (a few milliseconds of start-up) are
    not made, since the arguments after a command name are that command's alone."""
    parser = argparse.ArgumentParser(prog="wstools", description="Tools for Wikisource "
                                     "proofreaders: expand and lint templates, offline.")
    parser.add_argument("--version", action="version", version=f"wstools {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    wanted = COMMANDS.get(command) if command else None
    done: set[object] = set()
    for name, module in COMMANDS.items():
        if wanted is not None and module is not wanted:
            sub.add_parser(name)  # named only
        elif module not in done:
            done.add(module)
            if module is wiki:
                wiki.add_parser(sub)
            else:
                module.add_parser(sub, MAX_INPUT_BYTES)
    return parser


class _Terminated(KeyboardInterrupt):
    """SIGTERM (kill, timeout, a service manager): unwinds as Ctrl-C does, so no half-written
    file is left beside an output."""


def _terminate_as_interrupt() -> None:
    import signal
    import threading

    def stop(signum: int, frame: object) -> None:
        raise _Terminated

    if threading.current_thread() is threading.main_thread():
        try:
            signal.signal(signal.SIGTERM, stop)
        except (ValueError, OSError):  # (not the main interpreter, or no such signal)
            pass


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    output.forget_inputs()
    _terminate_as_interrupt()
    try:
        return args.func(args)
    except _Terminated:
        return 143  # (SIGTERM: the files being written were discarded, as on Ctrl-C)
    except WstoolsError as exc:
        print(exc.format(), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{getattr(args, 'file', '-')}:1:1: input-error nesting too deep to process",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        print(f"{getattr(args, 'file', '-')}: input-error out of memory", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{exc.filename or getattr(args, 'file', '-')}: {output.describe(exc)}",
              file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: one line and exit 2, the traceback on request
        if os.environ.get("WSTOOLS_DEBUG"):
            raise
        print(f"{getattr(args, 'file', '-')}: internal error {type(exc).__name__}: "
              f"{str(exc)[:300]} (a bug in wstools, please report it; WSTOOLS_DEBUG=1 "
              "shows the traceback)", file=sys.stderr)
        return 2


def _quiet_stdout() -> None:
    """After a broken pipe, point standard output at /dev/null so that Python's final
    flush does not print another error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


__all__ = ["InputError", "MAX_INPUT_BYTES", "build_parser", "main", "read_bytes", "read_input",
           "write_output"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
