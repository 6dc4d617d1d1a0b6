"""The repository's conftest.py under CI=true: a skip fails the run, an empty run says so.

Each case runs pytest in a subprocess on a throwaway test file, with the repository's
conftest.py loaded as a plugin, so the outcome is pytest's own exit code and summary.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint.template_model import REPO_ROOT

pytestmark = pytest.mark.lint

SKIPPING = """
import pytest

@pytest.fixture
def tool():
    pytest.skip("the tool is not installed")

def test_needs_the_tool(tool):
    pass

def test_runs():
    pass
"""


def run_pytest(folder: Path, ci: str | None, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CI", "PYTEST_ADDOPTS"}}
    if ci is not None:
        env["CI"] = ci
    env["PYTHONPATH"] = str(REPO_ROOT)
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # the installed plugins play no part here
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "conftest", "-q", "-p", "no:cacheprovider",
         "--rootdir", str(folder), str(folder), *extra],
        cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "test_tool.py").write_text(SKIPPING, encoding="utf-8")
    return tmp_path


def test_without_ci_a_missing_tool_is_a_skip(project: Path) -> None:
    result = run_pytest(project, None)
    assert result.returncode == 0, result.stdout
    assert "1 passed, 1 skipped" in result.stdout


def test_under_ci_the_same_skip_fails_the_run_with_its_reason(project: Path) -> None:
    result = run_pytest(project, "true")
    assert result.returncode == 1, result.stdout
    assert "1 passed, 1 error" in result.stdout
    assert "Skipped under CI=true" in result.stdout and "the tool is not installed" in result.stdout


def test_under_ci_an_empty_selection_fails_and_says_so(project: Path) -> None:
    result = run_pytest(project, "true", "-m", "no_such_marker")
    assert result.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, result.stdout
    assert "no test was collected" in result.stdout
