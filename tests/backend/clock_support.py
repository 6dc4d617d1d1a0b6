"""Moving time for the whole backend in tests: ``clock.now_ms`` is the one place it is read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from dames_backend import clock


def at(text: str) -> datetime:
    """A UTC instant from ``2026-11-30T10:00:00`` (no zone written)."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def freeze(monkeypatch: pytest.MonkeyPatch, when: datetime | str) -> None:
    """Stop the backend's clock at ``when`` (a datetime, or text as ``at`` reads it)."""
    instant = at(when) if isinstance(when, str) else when
    instant_ms = int(instant.timestamp() * 1000)
    monkeypatch.setattr(clock, "now_ms", lambda: instant_ms)


T0 = 1_800_000_000_000  # epoch ms, the fixed instant a manual clock starts at


class ManualClock:
    """The backend's clock, moved by hand (``moved_clock.now += 5_000``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, start_ms: int = T0) -> None:
        self.now = start_ms
        monkeypatch.setattr(clock, "now_ms", lambda: self.now)
