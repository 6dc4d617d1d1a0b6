"""Fixtures of the computer player's tests."""

from __future__ import annotations

import pytest
from ai_helpers import bench_fens


@pytest.fixture(scope="session")
def positions() -> list[str]:
    return bench_fens()
