#!/usr/bin/env python
"""Run every ``wstools`` command on hostile and careless inputs and count the failures.

    python scripts/attack-run.py [--out DIR] [--small] [--timeout 10] [--max-rss-mb 500]
                                 [--only CLASS,...] [--commands NAME,...] [--jobs N]

Inputs (the classes of ``/work/shared/attack/bad-input/gen_inputs.py``, generated here so
the script stands alone; ``--small`` shrinks the big ones for a quick run) go to a temporary
folder unless ``--out`` is given. Each command runs in its own process group with a time
limit; its peak memory is read from ``wait4``. A run *fails* when it prints a traceback (or
``internal error``), exits with a code other than 0, 1 or 2, runs over the time limit, peaks
over the memory limit, or changes its input file. Also tried (class ``output``): ``-o`` onto
the input itself, a device node, a symlink, a FIFO, a missing or read-only folder.

Prints a table of tried/failed runs per input class, then each failure; exit 1 when any run
failed. Run it with ``PYTHONPATH=OTHER_CHECKOUT`` to measure another version.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the console script's way in (``python -m wstools.cli`` would load the module twice, as
# __main__ and as wstools.cli, and miss the exceptions other modules raise)
WSTOOLS = [sys.executable, "-c", "import sys; from wstools.cli import main; sys.exit(main())"]

# name -> arguments after ``wstools``; {in} is the input, {out} a fresh output path
COMMANDS: dict[str, list[str]] = {
    "expand": ["expand", "{in}"],
    "expand-html": ["expand", "{in}", "--to", "html"],
    "expand-text": ["expand", "{in}", "--to", "text"],
    "lint": ["lint", "{in}"],
    "clean": ["clean", "{in}"],
    "repair": ["repair", "{in}"],
    "parse": ["parse", "{in}"],
    "parse-tei": ["parse", "{in}", "--to", "tei"],
    "parse-epub": ["parse", "{in}", "--to", "epub", "-o", "{out}.epub"],
    "parse-json": ["parse", "{in}", "--to", "json"],
    "proofread": ["proofread", "{in}"],
    "eo-show": ["eo", "show", "{in}"],
}


def generate(folder: Path, examples: Path, small: bool = False) -> dict[str, Path]:
    """The bad inputs, written into ``folder``: class name -> path."""
    folder.mkdir(parents=True, exist_ok=True)
    ocr = (examples / "cyclopaedia-624.txt").read_text(encoding="utf-8")
    wiki = (examples / "page-contents.wiki").read_text(encoding="utf-8")
    scale = 100 if small else 1
    out: dict[str, Path] = {}

    def w(name: str, data: bytes | str) -> None:
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        out[path.stem] = path

    w("empty.txt", b"")
    rnd = random.Random(1)
    w("binary.bin", bytes(rnd.randrange(256) for _ in range(4096)))
    w("invalid-utf8.txt", b"{{rh|1|A|}}\nabc \xff\xfe def\n\xc3\x28 more\n")
    w("utf16-bom.txt", ("{{rh|1|WHIST|}}\n" + ocr[:2000]).encode("utf-16"))
    w("nul.txt", b"{{rh|1|A|}}\nabc\x00def\n")
    w("crlf.txt", ocr.replace("\n", "\r\n"))
    w("crlf-wiki.txt", wiki.replace("\n", "\r\n"))
    size = 50 * 1024 * 1024 // scale
    block = (ocr + "\n").encode()
    w("big50mb.txt", (block * (size // len(block) + 1))[:size])
    one = ocr.replace("\n", " ")
    size = 5 * 1024 * 1024 // scale
    w("line5mb.txt", (one * (size // len(one.encode()) + 1)).encode()[:size]
      .decode("utf-8", "ignore"))
    w("nested-braces.txt", "{{" * (100_000 // scale))
    w("nested-brackets.txt", "[[" * (100_000 // scale))
    n = 20_000 // scale
    w("deep-if.txt", "{{#if:x|" * n + "y" + "}}" * n)
    w("quotes-run.txt", "'" * (1_000_000 // scale))
    w("quotes-pairs.txt", "'''''a " * (150_000 // scale))
    w("pipes.txt", "|" * (1_000_000 // scale))
    w("pipes-in-template.txt", "{{rh" + "|" * (1_000_000 // scale) + "}}")
    k = 1 if not small else 10
    w("rtl-combining.txt", "\u202e{{rh|١٢|שלום עולם|}}\n" + "مرحبا بالعالم " * 50 + "\n"
      + "Z\u0351\u0352\u0357\u0310\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307"
      * (2000 // k) + "\n" + "e\u0301" * (10000 // k)
      + "\u200f\u200e\u2067\u2069\ufeff\u00ad" * (1000 // k) + "\n")
    w("control-chars.txt", "1.—The game \x0f.\n2.—Next \x1b.\n")
    (folder / "a-directory").mkdir(exist_ok=True)
    out["a-directory"] = folder / "a-directory"
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    out["fifo"] = fifo
    return out


@dataclass
class Run:
    cls: str
    command: str
    argv: list[str]
    code: int | None = None
    seconds: float = 0.0
    cpu: float = 0.0
    rss_mb: float = 0.0
    stderr: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.problems)


def _fingerprint(path: Path) -> str | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if stat.S_ISREG(st.st_mode):
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        return f"file {digest} {st.st_ino} {stat.S_IMODE(st.st_mode):o}"
    return f"{stat.S_IFMT(st.st_mode):o} {st.st_ino} {st.st_rdev}"


def run_one(run: Run, prefix: list[str], timeout: float, max_rss_mb: float,
            watch: list[Path], expect_code: tuple[int, ...] = (0, 1, 2),
            stdin: bytes | None = None, by_cpu: bool = False) -> Run:
    """Run ``run.argv`` with the limits; fill in its outcome and problems. ``by_cpu``: the
    time limit is on CPU time (user + system; for a loaded machine), the process being
    killed only after five times the limit on the clock."""
    before = {p: _fingerprint(p) for p in watch}
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as inp:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        start = time.monotonic()
        proc = subprocess.Popen(prefix + run.argv, stdin=inp, stdout=subprocess.DEVNULL,
                                stderr=err, start_new_session=True)
        deadline = start + (5 * timeout if by_cpu else timeout)
        status, usage, timed_out = 0, None, False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        proc.returncode = os.waitstatus_to_exitcode(status)
        run.seconds = time.monotonic() - start
        run.rss_mb = usage.ru_maxrss / 1024 if usage else 0.0
        run.cpu = usage.ru_utime + usage.ru_stime if usage else 0.0
        err.seek(0)
        run.stderr = err.read().decode("utf-8", "replace")
    run.code = proc.returncode
    if timed_out:
        run.problems.append(f"killed after {run.seconds:.0f} s")
    elif by_cpu and run.cpu > timeout:
        run.problems.append(f"over {timeout:g} s of CPU")
    elif run.code not in expect_code:
        run.problems.append(f"exit {run.code}")
    if "Traceback (most recent call last)" in run.stderr or "internal error" in run.stderr:
        last = [ln for ln in run.stderr.strip().splitlines() if ln.strip()][-1:]
        run.problems.append("traceback: " + (last[0][:160] if last else "?"))
    if run.rss_mb > max_rss_mb:
        run.problems.append(f"{run.rss_mb:.0f} MB")
    for p in watch:
        if _fingerprint(p) != before[p]:
            run.problems.append(f"{p.name} modified")
    # a FIFO left without a reader: make sure nothing stays blocked on it
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return run


def input_runs(inputs: dict[str, Path], commands: list[str], outdir: Path) -> list[Run]:
    runs = []
    for cls, path in inputs.items():
        for name in commands:
            out = outdir / f"{cls}.{name}"
            argv = [a.format(**{"in": str(path), "out": str(out)}) for a in COMMANDS[name]]
            runs.append(Run(cls, name, argv))
    return runs


def output_cases(folder: Path, examples: Path) -> list[tuple[Run, list[Path], tuple[int, ...]]]:
    """``-o`` onto things that must not be replaced, and into folders that cannot hold it:
    each must exit 2 (with a message) and leave the target as it was."""
    folder.mkdir(parents=True, exist_ok=True)
    src = folder / "in.txt"
    src.write_text((examples / "cyclopaedia-624.txt").read_text(encoding="utf-8"),
                   encoding="utf-8")
    wiki = folder / "in.wiki"
    wiki.write_text("{{sc|x}}\n", encoding="utf-8")
    cases: list[tuple[Run, list[Path], tuple[int, ...]]] = []

    def case(name: str, argv: list[str], watch: list[Path]) -> None:
        cases.append((Run("output", name, argv), watch, (2,)))

    for cmd in (["clean"], ["expand"], ["repair"], ["parse"], ["proofread"]):
        case(f"{cmd[0]} -o input", cmd + [str(src), "-o", str(src)], [src])
    case("repair --report input", ["repair", str(src), "--report", str(src)], [src])
    link = folder / "link.txt"
    target = folder / "link-target.txt"
    target.write_text("keep\n", encoding="utf-8")
    if not link.is_symlink():
        link.symlink_to(target.name)
    case("expand -o symlink", ["expand", str(wiki), "-o", str(link)], [link, target])
    fifo = folder / "out-fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    case("expand -o fifo", ["expand", str(wiki), "-o", str(fifo)], [fifo])
    if os.geteuid() == 0:
        node = folder / "mynull"
        if not node.exists():
            os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        case("expand -o device", ["expand", str(wiki), "-o", str(node)], [node])
    case("expand -o missing/", ["expand", str(wiki), "-o", str(folder / "missing" / "x")],
         [wiki])
    case("repair --report missing/", ["repair", str(src), "--report",
                                      str(folder / "missing" / "r.html")], [src])
    case("parse epub missing/", ["parse", str(src), "--to", "epub", "-o",
                                 str(folder / "missing" / "x.epub")], [src])
    case("expand -o a folder", ["expand", str(wiki), "-o", str(folder)], [wiki])
    bad = folder / "bad-templates"
    (bad / "Sub").mkdir(parents=True, exist_ok=True)
    (bad / "Bin.wiki").write_bytes(b"\xff\xfe\x00bad")
    case("expand --templates bad", ["expand", str(wiki), "--templates", str(bad)], [wiki])
    corpus = folder / "bad-corpus"
    (corpus / "sub.txt").mkdir(parents=True, exist_ok=True)
    (corpus / "x.txt").write_bytes("id: x\n---\n1. a\n".encode("utf-16"))
    cases.append((Run("output", "corpus check bad", ["corpus", "check", "--corpus",
                                                     str(corpus)]), [], (1, 2)))
    case("corpus check missing", ["corpus", "check", "--corpus", str(folder / "nope")], [])
    case("repair --corpus bad", ["repair", str(src), "--corpus", str(corpus)], [src])
    if os.geteuid() != 0:  # root writes anywhere: a read-only folder stops only others
        ro = folder / "read-only"
        ro.mkdir(exist_ok=True)
        ro.chmod(0o555)
        case("expand -o read-only/", ["expand", str(wiki), "-o", str(ro / "x")], [wiki])
    return cases


def table(runs: list[Run]) -> str:
    classes: dict[str, list[Run]] = {}
    for r in runs:
        classes.setdefault(r.cls, []).append(r)
    width = max(len(c) for c in classes) if classes else 5
    lines = [f"{'class':<{width}}  tried  failed", f"{'-' * width}  -----  ------"]
    for cls, rs in classes.items():
        lines.append(f"{cls:<{width}}  {len(rs):5}  {sum(r.failed for r in rs):6}")
    lines.append(f"{'total':<{width}}  {len(runs):5}  {sum(r.failed for r in runs):6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="where to generate the inputs (default: a "
                    "temporary folder, removed afterwards)")
    ap.add_argument("--examples", type=Path, default=ROOT / "examples")
    ap.add_argument("--small", action="store_true", help="shrink the big inputs 100 times")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--by-cpu", action="store_true", help="apply --timeout to CPU time, not "
                    "to the clock (on a loaded machine)")
    ap.add_argument("--max-rss-mb", type=float, default=500.0)
    ap.add_argument("--only", help="comma-separated input classes (and/or 'output')")
    ap.add_argument("--commands", help="comma-separated: " + ",".join(COMMANDS))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--wstools", help="how to start wstools, split at spaces (default: "
                    "this Python calling wstools.cli.main, as the installed command does)")
    args = ap.parse_args(argv)
    tmp = None
    folder = args.out
    if folder is None:
        tmp = tempfile.mkdtemp(prefix="wstools-attack-")
        folder = Path(tmp)
    try:
        commands = args.commands.split(",") if args.commands else list(COMMANDS)
        only = set(args.only.split(",")) if args.only else None
        inputs = {c: p for c, p in generate(folder / "inputs", args.examples, args.small)
                  .items() if only is None or c in only}
        outdir = folder / "outputs"
        outdir.mkdir(exist_ok=True)
        jobs = [(r, [inputs[r.cls]] if inputs[r.cls].is_file() or r.cls == "fifo" else [],
                 (0, 1, 2)) for r in input_runs(inputs, commands, outdir)]
        if only is None or "output" in only:
            jobs += output_cases(folder / "output", args.examples)
        prefix = args.wstools.split() if args.wstools else WSTOOLS
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            runs = list(pool.map(lambda j: run_one(j[0], prefix, args.timeout,
                                                   args.max_rss_mb, j[1], j[2],
                                                   by_cpu=args.by_cpu), jobs))
        print(table(runs))
        failed = [r for r in runs if r.failed]
        if failed:
            print("\nfailures:")
        for r in failed:
            print(f"  {r.cls:<20} {r.command:<24} {'; '.join(r.problems)}  "
                  f"[{r.seconds:.1f} s, {r.cpu:.1f} s CPU, {r.rss_mb:.0f} MB, exit {r.code}]  "
                  f"wstools {' '.join(r.argv)}")
        return 1 if failed else 0
    finally:
        if tmp:
            for p in Path(tmp).rglob("*"):  # a read-only folder would stop rmtree
                if p.is_dir() and not p.is_symlink():
                    p.chmod(0o755)
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
