"""Every test carries its group's marker, and under ``CI=true`` a skipped test is a failed test.

Groups are folders: each test gets the marker of the folder under ``tests/`` it lives in
(``DIRECTORY_MARKERS``), so ``make test``'s two passes (``-m "integration or browser"`` and
the rest) cannot miss a test whose file forgot its ``pytestmark``, and a test file in a folder
without a group is a collection error.

A group skips when a tool it needs is missing (Chromium, Java 17, Python 3.13). On a
developer's machine that is a useful note; in CI it would let the run pass with whole groups
never executed, the skips hidden in a summary line. So when ``CI`` is ``true`` (``.ci/run``
sets it), every skip is reported as a failure carrying the skip's reason, and a run that
collects no test at all (pytest's exit code 5) says so instead of passing for empty.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest

CI_FAILS_ON_SKIP = "Skipped under CI=true, where every test group must run"
TESTS_DIR = Path(__file__).resolve().parent / "tests"
# The folder under tests/ -> the marker of its group (registered in pyproject.toml).
DIRECTORY_MARKERS = {
    "engine": "engine",
    "ai": "ai",
    "native": "native",
    "backend": "backend",
    "fairplay": "fairplay",
    "tooling": "tooling",
    "lint": "lint",
    "integration": "integration",
    "browser": "browser",
}


def group_of(path: Path) -> str | None:
    """The marker of a test file's group, None outside tests/ (a throwaway file of a test)."""
    try:
        folder = path.resolve().relative_to(TESTS_DIR).parts[0]
    except (ValueError, IndexError):
        return None
    if folder not in DIRECTORY_MARKERS:
        raise pytest.UsageError(
            f"{path}: tests/{folder}/ has no group: add it to DIRECTORY_MARKERS in conftest.py "
            "and its marker to pyproject.toml"
        )
    return DIRECTORY_MARKERS[folder]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        group = group_of(Path(str(item.path)))
        if group is not None and item.get_closest_marker(group) is None:
            item.add_marker(getattr(pytest.mark, group))


def ci_mode() -> bool:
    """True when running in CI (``CI=true``, as most CI services and ``.ci/run`` set it)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if ci_mode() and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"{CI_FAILS_ON_SKIP}: {_skip_reason(report)}"
    return report


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if ci_mode() and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(
                "CI=true: no test was collected; an empty run is a failure, not a pass.",
                red=True,
            )
