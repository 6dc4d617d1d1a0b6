"""`make bench` runs every script under bench/ except those the Makefile lists apart.

A script that needs Scan 2.0 or py-draughts (built outside the repository) fails without them,
so `make bench` would stop on it: each such script must be in MANUAL_BENCHES.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint

ROOT = Path(__file__).resolve().parents[2]


def make_list(name: str) -> set[str]:
    text = ROOT.joinpath("Makefile").read_text().replace("\\\n", " ")
    match = re.search(rf"^{name} := (.*)$", text, re.MULTILINE)
    assert match, f"the Makefile defines {name}"
    return set(match.group(1).split())


def test_scripts_that_need_an_outside_engine_are_run_by_hand() -> None:
    manual = make_list("MANUAL_BENCHES")
    needing = {
        f"bench/{path.name}" for path in ROOT.joinpath("bench").glob("*.py")
        if re.search(r'add_argument\(\s*"--(scan|pyd-python)"', path.read_text())
    }
    assert needing, "the strength benches take --scan"
    assert needing <= manual, f"make bench would fail on {sorted(needing - manual)}"


def test_every_listed_script_exists() -> None:
    for name in ("MANUAL_BENCHES", "BENCH_MODULES", "SERVER_BENCHES"):
        for script in make_list(name):
            assert ROOT.joinpath(script).is_file(), f"{name} lists {script}, which is gone"
