"""No import circles in the code Lambda or a laptop runs: read from the source, no import run.

A circle (``a`` imports ``b``, which imports ``a``) means neither module can be read, tested or
moved without the other, and it works only as long as the imports happen in a lucky order.
Every import counts, wherever it is written:

- at the top of a module;
- inside a function (it runs at call time, so Python tolerates the circle, but the two modules
  still need each other: the dependency is real);
- under ``if TYPE_CHECKING:`` (it never runs, but a type annotation that names the other
  module is a dependency of the reader and of the type checker all the same: describe what is
  needed with a ``typing.Protocol`` on the lower side instead, as ``dames.ai.variation`` does).

An edge goes to the module a name is imported from: ``from pkg import mod`` (a submodule) is
an edge to ``pkg.mod``, ``from pkg import name`` (a name of ``pkg/__init__.py``) an edge to
``pkg``. Importing ``pkg.mod`` also runs ``pkg/__init__.py``, but that implicit step is not an
edge: a package whose ``__init__`` gathers its submodules, each importing a sibling, is the
ordinary layout, and Python loads it in one order whatever the submodules do.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.lint.template_model import REPO_ROOT

pytestmark = pytest.mark.lint

# Each import root (a folder on sys.path) and, for the repository root, the packages read.
LAYER_ROOTS = [REPO_ROOT / "engine_layer", REPO_ROOT / "backend_layer"]
FUNCTION_ROOTS = sorted(p for p in (REPO_ROOT / "functions").iterdir() if p.is_dir())
TOOL_PACKAGES = ["local", "ops", "deploy"]


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``path``:``line``."""

    source: str
    target: str
    path: Path
    line: int


def modules_under(root: Path, packages: Iterable[str] | None = None) -> dict[str, Path]:
    """Dotted name -> file of every module below ``root`` (only ``packages`` when given)."""
    found: dict[str, Path] = {}
    tops = [root / name for name in packages] if packages is not None else [root]
    for top in tops:
        for path in sorted(top.rglob("*.py")) if top.is_dir() else []:
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if parts:
                found[".".join(parts)] = path
    return found


def project_modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for root in [*LAYER_ROOTS, *FUNCTION_ROOTS]:
        modules.update(modules_under(root))
    modules.update(modules_under(REPO_ROOT, TOOL_PACKAGES))
    return modules


def _base_of(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a ``from … import`` reads (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def imports_of(module: str, path: Path, known: dict[str, Path]) -> Iterator[Edge]:
    """Every import of ``module`` that names a module of ``known`` (see the docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _base_of(node, module, is_package)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target in known and target != module:
                yield Edge(module, target, path, node.lineno)


def import_graph(modules: dict[str, Path]) -> dict[str, dict[str, Edge]]:
    graph: dict[str, dict[str, Edge]] = {name: {} for name in modules}
    for name, path in modules.items():
        for edge in imports_of(name, path, modules):
            graph[name].setdefault(edge.target, edge)
    return graph


def circles(graph: dict[str, dict[str, Edge]]) -> list[list[Edge]]:
    """One circle (its edges, in order) per group of modules that import each other
    (Tarjan's strongly connected components, then a shortest way round each)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # recursion depth = import depth: a few dozen
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_way_round(graph, group) for group in groups]


def _way_round(graph: dict[str, dict[str, Edge]], group: set[str]) -> list[Edge]:
    """The shortest circle through the group's first module (breadth first)."""
    start = min(group)
    paths: dict[str, list[Edge]] = {start: []}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for target, edge in sorted(graph[node].items()):
            if target == start:
                return [*paths[node], edge]
            if target in group and target not in paths:
                paths[target] = [*paths[node], edge]
                queue.append(target)
    raise AssertionError(f"no way round {sorted(group)}")  # a group always has one


def describe(circle: list[Edge]) -> str:
    steps = [
        f"  {e.source} -> {e.target} ({e.path.relative_to(REPO_ROOT)}:{e.line})" for e in circle
    ]
    return "\n".join(steps)


def test_no_import_circle() -> None:
    found = circles(import_graph(project_modules()))
    assert not found, (
        "import circles (break each: move what both need into a lower module, or describe it "
        "with a Protocol on the lower side):\n" + "\n\n".join(map(describe, found))
    )


def test_the_roots_are_read() -> None:
    """A renamed folder must not leave the check reading nothing."""
    modules = project_modules()
    for expected in ("dames.ai.search", "dames_backend.errors", "games_app", "local.run"):
        assert expected in modules


def _write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return modules_under(root)


@pytest.mark.parametrize(
    "files",
    [
        {"pkg/__init__.py": "", "pkg/a.py": "from pkg import b\n", "pkg/b.py": "import pkg.a\n"},
        {  # at call time
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import f\n",
            "pkg/b.py": "def f():\n    from pkg import a\n",
        },
        {  # for the type checker only
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import B\n",
            "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from pkg.a import A\n",
        },
        {  # relative, three long
            "pkg/__init__.py": "",
            "pkg/a.py": "from . import b\n",
            "pkg/b.py": "from .c import x\n",
            "pkg/c.py": "from .a import y\n",
        },
        {  # a name of the package's __init__, which imports the module back
            "pkg/__init__.py": "from pkg.a import A\nB = 1\n",
            "pkg/a.py": "from pkg import B\n",
        },
    ],
    ids=["load", "call-time", "type-checking", "relative", "package-name"],
)
def test_the_check_finds_a_circle(tmp_path: Path, files: dict[str, str]) -> None:
    found = circles(import_graph(_write(tmp_path, files)))
    assert len(found) == 1
    assert found[0][0].source == found[0][-1].target


def test_a_package_gathering_its_modules_is_no_circle(tmp_path: Path) -> None:
    modules = _write(tmp_path, {
        "pkg/__init__.py": "from pkg.a import A\nfrom pkg.b import B\n",
        "pkg/a.py": "A = 1\n",
        "pkg/b.py": "from pkg.a import A\nB = A\n",
    })
    assert circles(import_graph(modules)) == []
