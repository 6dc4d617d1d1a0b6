"""Daily streaks: consecutive UTC days with a claimed daily win, from the server's own record.

Every daily claim adds its challenge date to the player's ``wonDays`` string set, in the
claim's transaction (``boards.claims.record_claim``), so the streak comes from what the server
refereed and entered, never from what a page reports. A streak is still *current* while the
day after its last win can still be won: all of the next day, and during the ten minutes of
grace after its midnight (``daily.oldest_open_day``); a day that closed without a win ends it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from pydantic import BaseModel, ConfigDict


class StreakView(BaseModel):
    """The ``streak`` of ``GET /api/players/me``."""

    model_config = ConfigDict(frozen=True)

    current: int
    best: int
    lastDate: str | None


def _runs(days: list[date]) -> list[tuple[date, int]]:
    """The runs of consecutive days in sorted ``days``: (last day of the run, its length)."""
    runs: list[tuple[date, int]] = []
    for day in days:
        if runs and day - runs[-1][0] == timedelta(days=1):
            runs[-1] = (day, runs[-1][1] + 1)
        else:
            runs.append((day, 1))
    return runs


def streak_of(won_days: Iterable[str], open_day: str) -> StreakView:
    """The streak of a player who won the daily challenges of ``won_days`` (``yyyy-mm-dd``),
    seen when ``open_day`` is the oldest challenge that can still be won. Dates that do not
    parse are ignored rather than failing the profile."""
    parsed: set[date] = set()
    for text in won_days:
        try:
            parsed.add(date.fromisoformat(text))
        except ValueError:
            continue
    if not parsed:
        return StreakView(current=0, best=0, lastDate=None)
    runs = _runs(sorted(parsed))
    last_day, last_length = runs[-1]
    still_running = date.fromisoformat(open_day) - last_day <= timedelta(days=1)
    return StreakView(
        current=last_length if still_running else 0,
        best=max(length for _, length in runs),
        lastDate=last_day.isoformat(),
    )
