"""Daily streaks: consecutive UTC days with a claimed daily win, kept by the server."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from dames_backend import clock
from dames_backend.players.streaks import StreakView, streak_of
from fastapi.testclient import TestClient
from games_support import bearer, start_game, store_won


@pytest.mark.parametrize(
    "won, open_day, expected",
    [
        ([], "2026-11-30", (0, 0, None)),
        (["2026-11-30"], "2026-11-30", (1, 1, "2026-11-30")),
        (["2026-11-28", "2026-11-29"], "2026-11-30", (2, 2, "2026-11-29")),  # today still open
        (["2026-11-27", "2026-11-28"], "2026-11-30", (0, 2, "2026-11-28")),  # a missed day
        (["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-29", "2026-11-30"], "2026-11-30",
         (2, 3, "2026-11-30")),
        (["2026-02-28", "2026-03-01"], "2026-03-01", (2, 2, "2026-03-01")),  # month edge
        (["2026-12-31", "2027-01-01", "bogus"], "2027-01-02", (2, 2, "2027-01-01")),
    ],
)
def test_streak_of(
    won: list[str], open_day: str, expected: tuple[int, int, str | None]
) -> None:
    current, best, last = expected
    assert streak_of(won, open_day) == StreakView(current=current, best=best, lastDate=last)


def _set_day(
    monkeypatch: pytest.MonkeyPatch, day: date, hour: int = 12, minute: int = 0
) -> None:
    """Move the whole backend's clock to ``day`` at ``hour``:``minute`` UTC."""
    moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)
    monkeypatch.setattr(clock, "now_ms", lambda: int(moment.timestamp() * 1000))


def _win_today(games_client: TestClient, table: Any, player_token: str, day: date) -> None:
    """Start today's daily challenge, let the server's record say it was won, claim it."""
    token, game = start_game(games_client, "daily")
    assert game["date"] == day.isoformat()
    store_won(table, game["id"], pieces=8, seconds=400, at=f"{day.isoformat()}T12:00:00Z")
    claimed = games_client.post(
        f"/api/games/{game['id']}/claim",
        headers={**bearer(token), "X-Player-Token": player_token},
    )
    assert claimed.status_code == 200, claimed.text


def _streak(community_client: TestClient, player_token: str) -> dict[str, Any]:
    response = community_client.get("/api/players/me", headers={"X-Player-Token": player_token})
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    streak: dict[str, Any] = response.json()["streak"]
    return streak


def test_a_streak_over_three_days_then_a_gap(
    games_client: TestClient, community_client: TestClient, table: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = date(2026, 11, 27)
    _set_day(monkeypatch, first)
    created = community_client.post("/api/players", json={"pseudonym": "Assidue"}).json()
    player = created["token"]
    assert _streak(community_client, player) == {"current": 0, "best": 0, "lastDate": None}
    for offset in range(3):
        day = first + timedelta(days=offset)
        _set_day(monkeypatch, day)
        _win_today(games_client, table, player, day)
        assert _streak(community_client, player) == {
            "current": offset + 1, "best": offset + 1, "lastDate": day.isoformat()
        }
    third = first + timedelta(days=2)
    # A second win the same day adds nothing.
    _win_today(games_client, table, player, third)
    assert _streak(community_client, player)["current"] == 3
    # The next day the streak still stands (today can still extend it)…
    _set_day(monkeypatch, third + timedelta(days=1), hour=23)
    assert _streak(community_client, player) == {
        "current": 3, "best": 3, "lastDate": third.isoformat()
    }
    # …and in the ten minutes after its midnight, while that day's challenge can still be won…
    _set_day(monkeypatch, third + timedelta(days=2), hour=0, minute=9)
    assert _streak(community_client, player)["current"] == 3
    # …a day that closed without a win ends it, and the next win starts again from one.
    gap_over = third + timedelta(days=2)
    _set_day(monkeypatch, gap_over, hour=0, minute=10)
    assert _streak(community_client, player)["current"] == 0
    _set_day(monkeypatch, gap_over)
    assert _streak(community_client, player) == {
        "current": 0, "best": 3, "lastDate": third.isoformat()
    }
    _win_today(games_client, table, player, gap_over)
    assert _streak(community_client, player) == {
        "current": 1, "best": 3, "lastDate": gap_over.isoformat()
    }


def test_free_wins_do_not_make_a_streak(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    player = community_client.post("/api/players", json={"pseudonym": "Libre"}).json()["token"]
    token, game = start_game(games_client, "free")
    store_won(table, game["id"], pieces=4, seconds=200)
    claimed = games_client.post(
        f"/api/games/{game['id']}/claim", headers={**bearer(token), "X-Player-Token": player}
    )
    assert claimed.status_code == 200, claimed.text
    assert _streak(community_client, player) == {"current": 0, "best": 0, "lastDate": None}
