"""The Python stays in pieces a newcomer can hold in their head: no module over 400 lines and
no function over 80 (the developers' guide: split by job before that), tests and benches
included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from local.paths import REPO_ROOT

pytestmark = pytest.mark.lint

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80
FOLDERS = ("engine_layer", "backend_layer", "functions", "bench", "local", "ops", "deploy", "tests")
MODULES = sorted(
    path for folder in FOLDERS for path in (REPO_ROOT / folder).rglob("*.py")
    if not {".aws-sam", "node_modules", "__pycache__"} & set(path.parts)
)


def long_functions(source: str) -> list[str]:
    """`name (line N): L lines` for every function or method longer than the limit."""
    return [
        f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]


def test_the_scan_sees_the_code() -> None:
    names = {path.relative_to(REPO_ROOT).as_posix() for path in MODULES}
    assert {"engine_layer/dames/board.py", "bench/match.py", "local/paths.py"} <= names
    assert len(MODULES) > 200


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_no_module_or_function_is_too_long(module: Path) -> None:
    source = module.read_text(encoding="utf-8")
    lines = source.count("\n")
    assert lines <= MAX_MODULE_LINES, f"{lines} lines: split it by job"
    assert not long_functions(source), "split: " + "; ".join(long_functions(source))


def test_a_long_function_is_caught() -> None:
    body = "".join(f"    step({i})\n" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(f"def long():\n{body}") == ["long (line 1): 81 lines"]
    assert long_functions(f"def short():\n{body[:-len('    step(79)')-1]}") == []
