"""A daily game counts for its day only until the day closes (next midnight UTC + 10 min), and
the day's seed is revealed only after that close, so no ranked game can be played with every
reply of the computer known in advance. Past days can be replayed, unranked."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import freeze
from dames_backend.clock import GameClock
from dames_backend.daily import challenge as daily
from fastapi.testclient import TestClient
from games_support import (
    claim,
    get_game,
    new_player,
    post_move,
    start_game,
    store_finished,
    stored_item,
)

DAY = "2026-11-29"


def _won_daily(finished_at: str) -> tuple[str, str]:
    """A win of the day's challenge, begun at 23:40 and finished at ``finished_at``."""
    return store_finished(
        mode="daily",
        date=DAY,
        finished_at=finished_at,
        created_at=f"{DAY}T23:40:00Z",
        clock=GameClock(elapsed_ms=300_000),
        score={"total": 5700, "base": 3000, "perPiece": 300, "pieces": 10, "seconds": 300},
    )


def _claim(
    games_client: TestClient, community_client: TestClient, game_id: str, token: str, name: str
) -> Any:
    return claim(games_client, game_id, token, new_player(community_client, name))


def test_a_game_won_after_the_close_is_refused_by_its_board(
    games_client: TestClient, community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The script of the issue: seed revealed on D+1, the line computed offline, played into
    the still-open game of D and claimed on D's board. Now the board says no."""
    freeze(monkeypatch, "2026-11-30T10:00:00")
    game_id, token = _won_daily(finished_at="2026-11-30T00:10:00Z")
    response = _claim(games_client, community_client, game_id, token, "Tardive")
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "daily-closed"
    assert "2026-11-30T00:10:00Z" in response.json()["message"]
    assert community_client.get(f"/api/leaderboards/daily/{DAY}").json()["entries"] == []
    view = get_game(games_client, game_id, token)
    assert view["ranked"] is False and view["claimed"] is False


def test_a_game_won_within_the_grace_still_counts_when_claimed_later(
    games_client: TestClient, community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, "2026-11-30T18:00:00")
    game_id, token = _won_daily(finished_at="2026-11-30T00:09:59Z")
    response = _claim(games_client, community_client, game_id, token, "Dans Les Temps")
    assert response.status_code == 200, response.text
    assert response.json()["date"] == DAY


def test_a_running_daily_game_says_it_stopped_counting_before_the_next_move(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, f"{DAY}T23:59:00")
    token, game = start_game(games_client, "daily")
    assert (game["date"], game["ranked"]) == (DAY, True)
    assert game["closesAt"] == "2026-11-30T00:10:00Z"
    freeze(monkeypatch, "2026-11-30T00:09:59")
    assert get_game(games_client, game["id"], token)["ranked"] is True
    freeze(monkeypatch, "2026-11-30T00:10:00")
    assert get_game(games_client, game["id"], token)["ranked"] is False
    # It can still be finished: the moves go on, unranked.
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert view["ply"] == 2 and view["ranked"] is False
    assert stored_item(table, game["id"])["seed"] not in str(view)


def test_a_past_day_is_replayed_with_its_seed_once_closed_and_unranked(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, f"{DAY}T12:00:00")
    challenge = daily.get_or_create_daily(DAY)
    freeze(monkeypatch, "2026-11-30T00:05:00")
    early = games_client.post("/api/games", json={"mode": "daily", "date": DAY})
    assert early.status_code == 422 and early.json()["error"] == "daily-not-closed"
    freeze(monkeypatch, "2026-11-30T00:10:00")
    response = games_client.post("/api/games", json={"mode": "daily", "date": DAY})
    assert response.status_code == 201, response.text
    game = response.json()["game"]
    assert (game["mode"], game["date"], game["ranked"]) == ("daily", DAY, False)
    assert challenge.seed not in response.text
    assert stored_item(table, game["id"])["seed"] == challenge.seed
    # Same seed, same computer: the same first move gets the same reply as on the day itself.
    freeze(monkeypatch, f"{DAY}T13:00:00")
    token_then, then = start_game(games_client, "daily")
    freeze(monkeypatch, "2026-11-30T00:11:00")
    replayed = post_move(games_client, game["id"], response.json()["token"], 0, "32-28").json()
    original = post_move(games_client, then["id"], token_then, 0, "32-28").json()
    assert replayed["moves"] == original["moves"]


@pytest.mark.parametrize(
    ("date", "status", "code"),
    [
        ("2026-12-02", 422, "daily-not-started"),
        ("2026-11-02", 404, "no-challenge"),
        ("2026-02-30", 422, "invalid-date"),
    ],
)
def test_past_day_requests_that_cannot_be_played(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch, date: str, status: int, code: str
) -> None:
    freeze(monkeypatch, "2026-11-30T12:00:00")
    response = games_client.post("/api/games", json={"mode": "daily", "date": date})
    assert response.status_code == status, response.text
    assert response.json()["error"] == code


def test_a_past_day_won_on_replay_is_refused_by_every_board(
    games_client: TestClient, community_client: TestClient, table: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A replayed day is played with a seed everyone knows: its win can enter no board."""
    freeze(monkeypatch, f"{DAY}T12:00:00")
    daily.get_or_create_daily(DAY)
    freeze(monkeypatch, "2026-11-30T09:00:00")
    response = games_client.post("/api/games", json={"mode": "daily", "date": DAY})
    token, game = response.json()["token"], response.json()["game"]
    # One capture from a win (test data): the replay is won at once.
    table.update_item(
        Key={"pk": f"GAME#{game['id']}", "sk": "GAME"},
        UpdateExpression="SET startFen = :fen",
        ExpressionAttributeValues={":fen": "W:W28:B23"},
    )
    won = post_move(games_client, game["id"], token, 0, "28x19").json()
    assert (won["status"], won["ranked"]) == ("won", False)
    refused = _claim(games_client, community_client, game["id"], token, "Rejoueuse")
    assert refused.status_code == 422 and refused.json()["error"] == "daily-closed"
    assert community_client.get(f"/api/leaderboards/daily/{DAY}").json()["entries"] == []
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []
