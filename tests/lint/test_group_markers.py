"""Each test carries its folder's group marker (conftest.py ``DIRECTORY_MARKERS``), so
``make test``'s passes select whole folders whatever a file declares."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from types import ModuleType

import pytest

from tests.lint.template_model import REPO_ROOT


def _root_conftest() -> ModuleType:
    """The repository's conftest.py, by its path: ``import conftest`` may find a folder's
    conftest (tests/backend/conftest.py) that pytest loaded first under the same name."""
    spec = importlib.util.spec_from_file_location("root_conftest", REPO_ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_conftest = _root_conftest()
DIRECTORY_MARKERS, TESTS_DIR, group_of = (
    _conftest.DIRECTORY_MARKERS, _conftest.TESTS_DIR, _conftest.group_of)

pytestmark = pytest.mark.lint


def test_every_test_folder_has_a_registered_group() -> None:
    folders = {path.parent.relative_to(TESTS_DIR).parts[0]
               for path in TESTS_DIR.rglob("test_*.py")}
    assert folders == set(DIRECTORY_MARKERS)
    pyproject = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    registered = {line.split(":")[0] for line in pyproject["tool"]["pytest"]["ini_options"]
                  ["markers"]}
    assert set(DIRECTORY_MARKERS.values()) <= registered


def test_a_file_in_a_folder_without_a_group_is_refused() -> None:
    with pytest.raises(pytest.UsageError, match="has no group"):
        group_of(TESTS_DIR / "nowhere" / "test_x.py")
    assert group_of(REPO_ROOT / "elsewhere" / "test_x.py") is None


@pytest.mark.parametrize("folder", ["integration", "browser"])
def test_the_quick_pass_selects_nothing_of_the_server_groups(folder: str) -> None:
    """``make test``'s first pass (``not integration and not browser``) over these folders
    collects no test: none can run there by forgetting its marker."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-m", "not integration and not browser", f"tests/{folder}"],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, result.stdout[-2000:]
