"""The linters pass: cfn-lint on the template, ruff on the whole repository, mypy --strict on
the code Lambda and the local run import (its settings and file list: pyproject.toml).

Both run as subprocesses from the virtualenv running the tests, exactly as a developer would
run them, so a failure here reproduces with the command shown in the message.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint.template_model import REPO_ROOT, TEMPLATE_PATH

pytestmark = pytest.mark.lint

BIN = Path(sys.executable).parent


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def test_cfn_lint_finds_nothing() -> None:
    result = run_tool(str(BIN / "cfn-lint"), str(TEMPLATE_PATH))
    assert result.returncode == 0, f"cfn-lint template.yaml:\n{result.stdout}{result.stderr}"


def test_ruff_finds_nothing_in_the_repository() -> None:
    result = run_tool(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, f"ruff check .:\n{result.stdout}{result.stderr}"


def test_mypy_strict_finds_nothing() -> None:
    result = run_tool(str(BIN / "mypy"))
    assert result.returncode == 0, f"mypy (strict, pyproject.toml):\n{result.stdout}{result.stderr}"
