"""The package's shape (issue 23): every module imports alone, the import graph among
``wstools`` modules has no cycle, and layers only point down: ``argparse`` and the
``wstools.cli`` package are the command's, never the library's.

The graph is read from the source (AST), every import counted, at module level or inside a
function (an import hidden in a function is still a dependency); imports under
``if TYPE_CHECKING:`` are for annotations only and are not counted. ``from . import x``
counts the module ``x`` when there is one, else the package.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wstools"
CLI = ("wstools.cli", "wstools.__main__")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, bool, int]]:
    """(imported module, at module level, line) for each import of ``name``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # annotations only
            if isinstance(child, ast.Import):
                found.extend((a.name, top, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join(base + ([child.module] if child.module else []))
                else:
                    module = child.module or ""
                for a in child.names:
                    sub = f"{module}.{a.name}"
                    found.append((sub if sub in MODULES else module, top, child.lineno))
            inner = not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, top and inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


def import_graph() -> dict[str, set[str]]:
    return {name: {m for m, _, _ in _imports(name, path) if m in MODULES and m != name}
            for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_graph_reader_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_wstools_modules() -> None:
    assert cycles(import_graph()) == []


def test_the_library_does_not_import_the_command() -> None:
    wrong = []
    for name, path in MODULES.items():
        if name.startswith(CLI):
            continue
        for module, top, line in _imports(name, path):
            if module.startswith("wstools.cli") or (module == "argparse" and top):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert wrong == []


def test_argparse_only_in_the_cli_package() -> None:
    """Outside ``wstools.cli`` argparse may only be met inside a function (a module's own
    ``python -m`` entry, as ``tests.support.fidelity`` has), never at import."""
    at_import = [name for name, path in MODULES.items() if not name.startswith(CLI)
                 and ("argparse", True) in {(m, top) for m, top, _ in _imports(name, path)}]
    assert at_import == []


def test_every_module_imports_alone() -> None:
    """Each module imported first, in a fresh state of the package (every ``wstools``
    module forgotten before the next): an import that works only after another module
    was loaded (a cycle resolved by luck) fails here."""
    code = (
        "import importlib, sys, traceback\n"
        "failed = []\n"
        "for name in sys.argv[1:]:\n"
        "    for m in [m for m in sys.modules if m == 'wstools' or m.startswith('wstools.')]:\n"
        "        del sys.modules[m]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:\n"
        "        failed.append(name + ': ' + traceback.format_exc(limit=3))\n"
        "print('\\n'.join(failed))\n"
        "sys.exit(1 if failed else 0)\n")
    names = [n for n in MODULES if not n.endswith("__main__")]
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


@pytest.mark.parametrize("module", ["wstools", "wstools.cli"])
def test_python_m_runs(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("wstools "), done.stderr
