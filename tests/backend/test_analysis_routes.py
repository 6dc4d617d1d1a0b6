"""The player's analysis routes: who may ask, when (never a hint), and that asking twice costs
nothing. The engine pass itself runs in test_analysis_jobs."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import freeze
from fairplay_support import recording_runner
from fastapi.testclient import TestClient
from games_support import bearer, start_game, store_finished

DAY = "2026-11-29"


def _ask(client: TestClient, game_id: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/analysis", headers=bearer(token))


def _read(client: TestClient, game_id: str, token: str) -> Any:
    return client.get(f"/api/games/{game_id}/analysis", headers=bearer(token))


def test_a_finished_free_game_is_queued_once_and_a_second_request_costs_nothing(
    games_client: TestClient, table: Any
) -> None:
    game_id, token = store_finished(status="lost")
    with recording_runner() as handed:
        first = _ask(games_client, game_id, token)
        again = _ask(games_client, game_id, token)
    assert first.status_code == 202, first.text
    assert first.json() == {"status": "queued", "progress": {"done": 0, "total": 0},
                            "result": None, "error": None}
    assert first.headers["cache-control"] == "no-store"
    assert again.status_code == 202 and again.json()["status"] == "queued"
    assert handed == [game_id]  # handed to the runner once
    read = _read(games_client, game_id, token)
    assert read.status_code == 200 and read.json()["status"] == "queued"
    assert read.headers["cache-control"] == "no-store"


def test_nothing_asked_reads_none(games_client: TestClient, table: Any) -> None:
    game_id, token = store_finished(mode="duo", status="won")
    assert _read(games_client, game_id, token).json()["status"] == "none"


def test_a_running_game_is_refused(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    with recording_runner() as handed:
        response = _ask(games_client, game["id"], token)
    assert response.status_code == 422 and response.json()["error"] == "game-running"
    assert _read(games_client, game["id"], token).status_code == 422
    assert handed == []


def test_a_daily_game_before_its_close_is_refused_then_analysed_after(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The day's computer is the same for every attempt: an analysis before the close would
    tell the next attempt where it went wrong."""
    game_id, token = store_finished(mode="daily", date=DAY, finished_at=f"{DAY}T10:00:00Z")
    freeze(monkeypatch, f"{DAY}T23:59:00")
    with recording_runner() as handed:
        early = _ask(games_client, game_id, token)
        assert early.status_code == 422, early.text
        assert early.json()["error"] == "daily-open"
        assert DAY in early.json()["message"]
        assert _read(games_client, game_id, token).status_code == 422
        assert handed == []
        freeze(monkeypatch, "2026-11-30T00:11:00")  # the close is midnight + 10 min
        late = _ask(games_client, game_id, token)
    assert late.status_code == 202 and handed == [game_id]


def test_the_token_opens_the_analysis(games_client: TestClient, table: Any) -> None:
    game_id, _ = store_finished()
    assert _ask(games_client, game_id, "nope").status_code == 403
    assert games_client.post(f"/api/games/{game_id}/analysis").status_code == 401
    assert _ask(games_client, "g_doesnotexist", "x").status_code == 404


def test_a_full_local_queue_fails_the_job_and_the_next_request_queues_it_again(
    games_client: TestClient, table: Any
) -> None:
    game_id, token = store_finished()
    with recording_runner(accept=False):
        busy = _ask(games_client, game_id, token)
    assert busy.status_code == 202 and busy.json()["status"] == "failed"
    assert "full" in busy.json()["error"]
    with recording_runner() as handed:
        again = _ask(games_client, game_id, token)
    assert again.json()["status"] == "queued" and handed == [game_id]
