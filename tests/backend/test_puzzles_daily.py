"""« Le coup du jour »: one puzzle a day for everyone, picked once at midnight, never shown
before, harder through the week, and its own streak."""

from __future__ import annotations

from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

from clock_support import ManualClock, at
from daily_rotation import handler
from dames.puzzles import catalog
from dames_backend.puzzles import daily as coup_du_jour
from dames_backend.puzzles import pool
from fastapi.testclient import TestClient
from puzzle_support import ATTEMPTS, THINK_MS, bearer, register, send_move, solve, start, wrong_move
from puzzle_support import puzzle_of as catalog_puzzle
from race_support import race

MONDAY = "2026-11-30"


def _ms(text: str) -> int:
    return int(at(text).timestamp() * 1000)


def _daily(client: TestClient, player: str | None = None) -> dict[str, Any]:
    headers = {"X-Player-Token": player} if player else {}
    response = client.get("/api/puzzles/daily", headers=headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_daily_puzzle_changes_at_midnight_and_never_repeats(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    moved_clock.now = _ms(f"{MONDAY}T23:59:59")
    before = _daily(community_client)
    assert before["date"] == MONDAY and before["secondsToNext"] == 1
    moved_clock.now = _ms("2026-12-01T00:00:01")
    after = _daily(community_client)
    assert after["date"] == "2026-12-01" and after["puzzleId"] != before["puzzleId"]
    seen = {before["puzzleId"], after["puzzleId"]}
    for day in range(2, 14):
        moved_clock.now = _ms("2026-12-01T12:00:00") + day * 86_400_000
        seen.add(_daily(community_client)["puzzleId"])
    assert len(seen) == 14
    assert seen <= {p.id for p in pool.daily_reserve()}


def test_the_rotation_picks_the_day_and_a_request_reads_the_same(
    community_client: TestClient, lambda_context: SimpleNamespace, moved_clock: ManualClock
) -> None:
    moved_clock.now = _ms(f"{MONDAY}T00:00:02")
    result = handler({"time": f"{MONDAY}T00:00:00Z"}, lambda_context)
    assert result["puzzlePicked"] is True and result["puzzleId"]
    again = handler({"time": f"{MONDAY}T00:00:00Z"}, lambda_context)
    assert again["puzzleId"] == result["puzzleId"] and again["puzzlePicked"] is False
    assert _daily(community_client)["puzzleId"] == result["puzzleId"]
    _, attempt = start(community_client, daily=True)
    assert attempt["puzzle"]["id"] == result["puzzleId"] and attempt["puzzle"]["daily"] == MONDAY


def test_racing_pickers_agree_on_one_puzzle(table: Any, moved_clock: ManualClock) -> None:
    picks = race(6, lambda _: coup_du_jour.ensure_day(MONDAY))
    assert len({p[0] for p in picks}) == 1
    assert sum(p[1] for p in picks) == 1
    assert coup_du_jour.used() == {picks[0][0]}


def test_the_difficulty_rises_through_the_week() -> None:
    used: set[str] = set()
    ratings = []
    for offset in range(7):
        day = date.fromisoformat(MONDAY) + timedelta(days=offset)
        chosen = pool.pick_daily(day, used)
        assert chosen is not None
        used.add(chosen.id)
        ratings.append(chosen.rating)
    assert ratings == sorted(ratings) and ratings[0] < ratings[-1]


def test_a_days_coup_is_kept_from_training_until_its_day_is_past(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    moved_clock.now = _ms(f"{MONDAY}T08:00:00")
    today = _daily(community_client)["puzzleId"]
    refused = community_client.post(ATTEMPTS, json={"puzzleId": today})
    assert refused.status_code == 404
    moved_clock.now = _ms("2026-12-01T08:00:00")
    _daily(community_client)
    _, replay = start(community_client, puzzleId=today)  # yesterday's: free to train on
    assert replay["puzzle"]["id"] == today and replay["puzzle"]["daily"] is None


def _solve_daily(client: TestClient, player: str, clock: ManualClock) -> dict[str, Any]:
    token, attempt = start(client, player, daily=True)
    final: dict[str, Any] = solve(client, token, attempt, clock)[-1]["attempt"]
    return final


def test_the_streak_counts_days_found_and_ends_with_a_missed_day(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Assidue")
    for day, expected in ((MONDAY, 1), ("2026-12-01", 2), ("2026-12-02", 3)):
        moved_clock.now = _ms(f"{day}T09:00:00")
        final = _solve_daily(community_client, player, moved_clock)
        assert final["end"]["dailyStreak"]["current"] == expected
        assert _daily(community_client, player)["solved"] is True
    moved_clock.now = _ms("2026-12-04T00:11:00")  # the 3rd was missed and has closed
    summary = _daily(community_client, player)
    assert summary["solved"] is False
    assert summary["dailyStreak"] == {"current": 0, "best": 3, "lastDate": "2026-12-02"}


def test_a_fault_a_hint_a_replay_or_a_late_answer_does_not_count(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    moved_clock.now = _ms(f"{MONDAY}T09:00:00")
    faulty = register(community_client, "Maladroite")
    token, attempt = start(community_client, faulty, daily=True)
    moved_clock.now += THINK_MS
    send_move(community_client, token, attempt, wrong_move(catalog_puzzle(attempt)))
    solve(community_client, token, attempt, moved_clock)
    token, again = start(community_client, faulty, daily=True)  # a second try knows more
    solve(community_client, token, again, moved_clock)
    hinted = register(community_client, "Aidée")
    token, attempt = start(community_client, hinted, daily=True)
    community_client.post(f"{ATTEMPTS}/{attempt['attemptId']}/hint", headers=bearer(token),
                          json={"ply": 0})
    solve(community_client, token, attempt, moved_clock)
    late = register(community_client, "Tardive")
    moved_clock.now = _ms(f"{MONDAY}T23:59:00")
    token, attempt = start(community_client, late, daily=True)
    moved_clock.now = _ms("2026-12-01T00:11:00")  # past the ten minutes of grace
    solve(community_client, token, attempt, moved_clock)
    for player in (faulty, hinted, late):
        assert _daily(community_client, player)["dailyStreak"]["best"] == 0


def test_the_days_coup_found_within_the_grace_counts(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Noctambule")
    moved_clock.now = _ms(f"{MONDAY}T23:58:00")
    token, attempt = start(community_client, player, daily=True)
    moved_clock.now = _ms("2026-12-01T00:09:00")
    final = solve(community_client, token, attempt, moved_clock)[-1]["attempt"]
    assert final["end"]["dailyStreak"]["lastDate"] == MONDAY


def test_a_days_coup_withdrawn_from_the_set_is_no_coup_not_an_error(
    community_client: TestClient, moved_clock: ManualClock, monkeypatch: Any
) -> None:
    """A puzzle may leave the set (a new engine no longer finds it: docs/puzzles.md,
    restamp); a day that stored its id must answer as a day without a coup."""
    moved_clock.now = _ms(f"{MONDAY}T12:00:00")
    chosen = _daily(community_client)["puzzleId"]
    shipped = catalog.by_id()
    monkeypatch.setattr(catalog, "by_id", lambda: {k: v for k, v in shipped.items() if k != chosen})
    assert _daily(community_client)["puzzleId"] is None
    refused = community_client.post(ATTEMPTS, json={"daily": True})
    assert refused.status_code == 404 and refused.json()["error"] == "no-daily-puzzle"
