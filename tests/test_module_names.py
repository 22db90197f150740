"""No module of the package binds one top-level name twice: a second ``_PATTERN = …`` far
down a long module silently replaces the first for every function that reads it (stop 33
found two such clashes in the page model, each breaking a page the first one read)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import wstools

PACKAGE = Path(wstools.__file__).resolve().parent


def _bound_twice(source: str) -> list[str]:
    names: Counter[str] = Counter()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names[node.name] += 1
    return sorted(n for n, k in names.items() if k > 1)


def test_the_check_sees_a_name_bound_twice() -> None:
    assert _bound_twice("_A = 1\ndef f(): pass\n_A = 2\n") == ["_A"]


def test_no_module_binds_a_top_level_name_twice() -> None:
    found = {str(p.relative_to(PACKAGE)): names for p in sorted(PACKAGE.rglob("*.py"))
             if (names := _bound_twice(p.read_text(encoding="utf-8")))}
    assert found == {}
