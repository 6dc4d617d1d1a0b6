"""The daily privacy job (``privacy.inactivity.sweep``, ``functions/player_retention``): a
player inactive for 13 months is erased, an active one is kept, an erasure or a rename left
half-done is finished, and the boards' ranks stay exact."""

from __future__ import annotations

from typing import Any

import pytest
from board_claims_support import DAY, claim
from clock_support import freeze
from dames_backend.boards import ranking
from dames_backend.players import accounts as players
from dames_backend.players import activity
from dames_backend.privacy import erasure, inactivity
from fastapi.testclient import TestClient
from games_support import start_game
from privacy_support import fill_board, mentions, ranks_are_exact

TODAY = "2028-01-15"


def _profile(table: Any, player_id: str) -> dict[str, Any] | None:
    item: dict[str, Any] | None = table.get_item(
        Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"}
    ).get("Item")
    return item


def _player_active_on(
    monkeypatch: pytest.MonkeyPatch, name: str, day: str, score: int
) -> players.NewPlayer:
    """A player who registered and claimed a daily win on ``day`` and did nothing since."""
    freeze(monkeypatch, f"{day}T09:00:00")
    created = players.create_player(name)
    game_id = "g_" + "".join(c for c in name if c.isalnum())
    claim(created.player, game_id, score, at="2026-11-28T07:00:00Z")
    return created


@pytest.mark.parametrize(
    ("today", "last_allowed"),
    [("2028-01-15", "2026-12-15"), ("2027-03-31", "2026-02-28"), ("2028-02-29", "2027-01-29")],
)
def test_the_inactive_bound_is_thirteen_months_back(today: str, last_allowed: str) -> None:
    assert activity.INACTIVE_MONTHS == 13
    assert activity.inactive_since(today) == last_allowed


def test_the_schedule_erases_the_long_inactive_and_keeps_the_others(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_board(table, 300)
    gone = _player_active_on(monkeypatch, "Long Gone", "2026-11-20", 3950)
    borderline = _player_active_on(monkeypatch, "Just Kept", "2026-12-16", 3800)
    recent = _player_active_on(monkeypatch, "Still Here", "2027-11-01", 3700)
    freeze(monkeypatch, f"{TODAY}T03:30:00")
    before = {e.pseudonym: e.rank for e in ranking.top("daily", DAY)}
    report = inactivity.sweep(budget_s=60)
    assert report.inactive_erased == 1 and report.complete
    assert _profile(table, gone.player.player_id) is None
    assert mentions(table, gone.player.player_id) == []
    for kept in (borderline, recent):
        assert _profile(table, kept.player.player_id) is not None
    after = {e.pseudonym: e.rank for e in ranking.top("daily", DAY)}
    assert "Long Gone" not in after
    assert after["Just Kept"] == before["Just Kept"] - 1
    ranks_are_exact(table)
    # A second run has nothing left to do.
    assert inactivity.sweep(budget_s=60).inactive_erased == 0


def test_playing_or_claiming_keeps_a_player_active(
    table: Any, games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    plays = _player_active_on(monkeypatch, "Plays Again", "2026-11-20", 3300)
    claims = _player_active_on(monkeypatch, "Claims Again", "2026-11-21", 3250)
    freeze(monkeypatch, "2027-12-01T12:00:00")
    answer = games_client.post(
        "/api/games", json={"mode": "free"}, headers={"X-Player-Token": plays.token}
    )
    assert answer.status_code == 201
    claim(claims.player, "g_claimsagain02", 3000, at="2026-11-28T08:00:00Z", board="free",
          date=None)
    for who in (plays, claims):
        profile = _profile(table, who.player.player_id)
        assert profile is not None
        assert profile[activity.DAY_ATTRIBUTE] == "2027-12-01"
        assert profile["gsi1pk"] == "ACTIVE#2027-12"
    freeze(monkeypatch, f"{TODAY}T03:30:00")
    assert inactivity.sweep(budget_s=60).inactive_erased == 0


def test_a_game_without_a_token_does_not_count_as_activity(
    table: Any, games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    idle = _player_active_on(monkeypatch, "Anonymous Play", "2026-11-20", 3300)
    freeze(monkeypatch, "2027-12-01T12:00:00")
    start_game(games_client, "free")
    freeze(monkeypatch, f"{TODAY}T03:30:00")
    assert inactivity.sweep(budget_s=60).inactive_erased == 1
    assert _profile(table, idle.player.player_id) is None


def test_the_schedule_finishes_a_half_failed_erasure_with_exact_ranks(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_board(table, 200)
    gone = players.create_player("Half Gone")
    for n in range(6):
        claim(gone.player, f"g_halfgone{n:04d}", 3100 + n * 7, at=f"2026-11-28T07:00:0{n}Z")
    real = erasure._remove
    calls = {"n": 0}

    def dies_at_the_third(player_id: str, item: dict[str, Any], *, banned: bool) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("the function timed out here")
        real(player_id, item, banned=banned)

    monkeypatch.setattr(erasure, "_remove", dies_at_the_third)
    answer = community_client.delete("/api/players/me", headers={"X-Player-Token": gone.token})
    assert answer.status_code == 500
    assert erasure.unfinished() == [gone.player.player_id]
    ranks_are_exact(table)
    monkeypatch.setattr(erasure, "_remove", real)
    report = inactivity.sweep(budget_s=60)
    assert report.erasures_finished == 1 and report.complete
    assert erasure.unfinished() == []
    assert mentions(table, gone.player.player_id) == []
    assert not [e for e in ranking.top("daily", DAY) if e.pseudonym == "Half Gone"]
    ranks_are_exact(table)


def test_the_schedule_stops_within_its_budget_and_the_next_run_goes_on(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [
        _player_active_on(monkeypatch, f"Old Timer {n}", "2026-11-20", 3000 + n).player.player_id
        for n in range(3)
    ]
    freeze(monkeypatch, f"{TODAY}T03:30:00")
    cut = inactivity.sweep(budget_s=0)
    assert cut.complete is False and cut.inactive_erased == 0
    rest = inactivity.sweep(budget_s=60)
    assert rest.complete and rest.erasures_finished + rest.inactive_erased == 3
    assert all(_profile(table, player_id) is None for player_id in ids)


def test_the_lambda_handler_runs_the_sweep_and_reports_it(
    table: Any, lambda_context: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _player_active_on(monkeypatch, "Handler Case", "2026-11-20", 3000)
    freeze(monkeypatch, f"{TODAY}T03:30:00")
    from player_retention import handler

    report = handler({"source": "aws.events", "id": "ev-1"}, lambda_context)
    assert report == {"renames_synced": 0, "erasures_finished": 0, "inactive_erased": 1,
                      "complete": True}
