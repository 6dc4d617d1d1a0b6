"""Retention: each class of game gets the expiry ``retention`` states, an expired finished
game is gone (404) on every route, and a claimed game never expires."""

from __future__ import annotations

from typing import Any

import pytest
from board_claims_support import publish
from clock_support import freeze
from dames_backend import clock, security
from dames_backend.games import retention
from dames_backend.games.retention import Retention
from dames_backend.games.store import GameRecord
from fairplay_support import recording_runner
from fastapi.testclient import TestClient
from games_support import (
    bearer,
    claim,
    new_player,
    post_move,
    start_game,
    store_finished,
    stored_item,
)

from ops.backfill_retention import backfill_expiries

DAY_MS = 86_400_000
START = "2026-11-30T10:00:00"


def _expiry(table: Any, game_id: str) -> int | None:
    value = stored_item(table, game_id).get("expiresAt")
    return None if value is None else int(value)


def _now_s() -> int:
    return clock.now_ms() // 1000


def _move_clock(monkeypatch: pytest.MonkeyPatch, to_ms: int) -> None:
    monkeypatch.setattr(clock, "now_ms", lambda: to_ms)


def _ranked_win(games_client: TestClient, table: Any) -> tuple[str, str, dict[str, Any]]:
    """A free game as the free leaderboard is set up (White, defi, international, from the
    start), won by the player's next move: the position is changed under the game (test
    data, like a seed), the set-up flags are the server's own."""
    token, game = start_game(games_client, "free")
    assert game["ranked"] is True
    table.update_item(
        Key={"pk": f"GAME#{game['id']}", "sk": "GAME"},
        UpdateExpression="SET startFen = :fen",
        ExpressionAttributeValues={":fen": "W:W28:B23"},
    )
    won = post_move(games_client, game["id"], token, 0, "28x19")
    assert won.status_code == 200, won.text
    assert (won.json()["status"], won.json()["ranked"]) == ("won", True)
    return game["id"], token, won.json()


@pytest.fixture
def ranked_win(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, str]:
    """A ranked free win at ``START`` (the clock stopped there), not claimed: (id, token)."""
    freeze(monkeypatch, START)
    game_id, token, _ = _ranked_win(games_client, table)
    return game_id, token


def test_each_class_keeps_its_stated_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAME_TTL_DAYS", "9")
    now_ms = 1_800_000_000_000
    assert retention.expires_at(Retention.PLAYING, now_ms) == 1_800_000_000 + 9 * 86_400
    assert retention.expires_at(Retention.CASUAL, now_ms) == 1_800_000_000 + 30 * 86_400
    assert retention.expires_at(Retention.UNCLAIMED_WIN, now_ms) == 1_800_000_000 + 90 * 86_400
    assert retention.expires_at(Retention.ON_BOARD, now_ms) is None
    classes = {
        (status, claimable, claimed): retention.finished_class(
            status=status, claimable=claimable, claimed=claimed
        )
        for status in ("won", "lost", "draw", "resigned")
        for claimable in (False, True)
        for claimed in (False, True)
    }
    assert {key for key, kind in classes.items() if kind is Retention.ON_BOARD} == {
        key for key in classes if key[2]
    }
    assert [key for key, kind in classes.items() if kind is Retention.UNCLAIMED_WIN] == [
        ("won", True, False)
    ]
    assert retention.is_gone(None, now_ms) is False
    assert retention.is_gone(1_800_000_000, now_ms) is True
    assert retention.is_gone(1_800_000_001, now_ms) is False


def test_a_lost_game_is_casual_and_gone_after_its_time(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    token, game = start_game(games_client, "practice", fen="W:W37:B27")
    lost = post_move(games_client, game["id"], token, 0, "37-32").json()
    assert lost["status"] == "lost"
    expires = _expiry(table, game["id"])
    assert expires == _now_s() + retention.CASUAL_DAYS * 86_400
    routes = (
        lambda: games_client.get(f"/api/games/{game['id']}", headers=bearer(token)),
        lambda: games_client.get(f"/api/games/{game['id']}/pdn", headers=bearer(token)),
        lambda: games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token)),
        lambda: post_move(games_client, game["id"], token, 2, "38-42"),
    )
    assert expires is not None
    _move_clock(monkeypatch, (expires - 1) * 1000)
    assert [call().status_code for call in routes[:2]] == [200, 200]
    _move_clock(monkeypatch, expires * 1000)
    for call in routes:
        response = call()
        assert (response.status_code, response.json()["error"]) == (404, "game-not-found")


def test_resigned_and_drawn_games_are_casual(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    casual = _now_s() + retention.CASUAL_DAYS * 86_400
    token, game = start_game(games_client, "free")
    assert _expiry(table, game["id"]) == _now_s() + 14 * 86_400  # playing
    resigned = games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    assert resigned.json()["status"] == "resigned"
    assert _expiry(table, game["id"]) == casual
    token, duo = start_game(games_client, "duo")
    drawn = games_client.post(
        f"/api/games/{duo['id']}/draw-offer", headers=bearer(token), json={"ply": 0}
    )
    assert drawn.status_code == 200, drawn.text
    assert drawn.json()["game"]["status"] == "draw"
    assert _expiry(table, duo["id"]) == casual


def test_a_win_that_cannot_be_claimed_is_casual(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    token, game = start_game(games_client, "free", fen="W:W28:B23")  # the player's position
    won = post_move(games_client, game["id"], token, 0, "28x19").json()
    assert (won["status"], won["ranked"]) == ("won", False)
    assert _expiry(table, game["id"]) == _now_s() + retention.CASUAL_DAYS * 86_400


def test_an_unclaimed_ranked_win_waits_for_its_claim_then_goes(
    games_client: TestClient,
    community_client: TestClient,
    table: Any,
    monkeypatch: pytest.MonkeyPatch,
    ranked_win: tuple[str, str],
) -> None:
    game_id, token = ranked_win
    expires = _expiry(table, game_id)
    assert expires == _now_s() + retention.UNCLAIMED_WIN_DAYS * 86_400
    player = new_player(community_client, "Tardive")
    _move_clock(monkeypatch, expires * 1000)
    late = claim(games_client, game_id, token, player)
    assert (late.status_code, late.json()["error"]) == (404, "game-not-found")
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []


def test_a_claimed_game_is_kept_as_long_as_its_board(
    games_client: TestClient,
    community_client: TestClient,
    table: Any,
    monkeypatch: pytest.MonkeyPatch,
    ranked_win: tuple[str, str],
) -> None:
    game_id, token = ranked_win
    player = new_player(community_client, "Durable")
    claimed = claim(games_client, game_id, token, player)
    assert claimed.status_code == 200, claimed.text
    assert "expiresAt" not in stored_item(table, game_id)
    publish(game_id)  # the fair-play verdict makes it public
    # Every game a board shows is one that never expires.
    entries = table.query(
        KeyConditionExpression="pk = :pk", ExpressionAttributeValues={":pk": "BOARD#free"}
    )["Items"]
    assert [e["gameId"] for e in entries] == [game_id]
    assert all("expiresAt" not in stored_item(table, e["gameId"]) for e in entries)
    _move_clock(monkeypatch, clock.now_ms() + 10 * 365 * DAY_MS)
    for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/pdn"):
        assert games_client.get(path, headers=bearer(token)).status_code == 200


def _legacy_game(table: Any, status: str, finished_at: str | None, **extra: Any) -> str:
    """A game item as stored before the retention classes: finished, and no expiry."""
    record = GameRecord(
        id=security.new_id("g"), token_hash="0" * 64, mode="free", variant="international",
        level="defi", seed="5eed", date=None, start_fen="W:W31-50:B1-20",
        player_color="white", created_at="2026-09-01T09:00:00Z", status=status,
        finished_at=finished_at, **extra,
    )
    item = record.to_item()
    assert "expiresAt" not in item
    table.put_item(Item=item)
    return record.id


def test_the_backfill_gives_old_finished_games_their_class_expiry(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    won_score = {"total": 4000, "base": 3000, "perPiece": 300, "pieces": 4, "seconds": 200}
    old_loss = _legacy_game(table, "lost", "2026-10-01T10:00:00Z")
    recent_loss = _legacy_game(table, "lost", "2026-11-20T10:00:00Z")
    recent_win = _legacy_game(table, "won", "2026-11-20T10:00:00Z", score=won_score)
    claimed_win = _legacy_game(table, "won", "2026-09-01T10:00:00Z", score=won_score,
                               claimed=True)
    playing = _legacy_game(table, "playing", None)
    report = backfill_expiries()
    assert report == {"gone now": 1, "expiring later": 2}

    def at(day: str, days: int) -> int:
        return clock.ms_from_iso(f"{day}T10:00:00Z") // 1000 + days * 86_400

    assert _expiry(table, old_loss) == at("2026-10-01", retention.CASUAL_DAYS)
    assert _expiry(table, recent_loss) == at("2026-11-20", retention.CASUAL_DAYS)
    assert _expiry(table, recent_win) == at("2026-11-20", retention.UNCLAIMED_WIN_DAYS)
    assert _expiry(table, claimed_win) is None and _expiry(table, playing) is None
    assert backfill_expiries() == {}  # a second pass finds nothing to do


def _analysis_expiry(table: Any, game_id: str) -> int | None:
    item = table.get_item(Key={"pk": f"GAME#{game_id}", "sk": "ANALYSIS"})["Item"]
    return None if item.get("expiresAt") is None else int(item["expiresAt"])


def test_an_analysis_goes_with_its_game(games_client: TestClient, table: Any) -> None:
    """The analysis holds the game's moves again: it must not outlive the game."""
    game_id, token = store_finished(status="lost", expires_at=1_900_000_000)
    with recording_runner():
        asked = games_client.post(f"/api/games/{game_id}/analysis", headers=bearer(token))
    assert asked.status_code == 202, asked.text
    assert _analysis_expiry(table, game_id) == _expiry(table, game_id) == 1_900_000_000


def test_a_claim_takes_the_expiry_off_the_analysis_asked_before_it(
    games_client: TestClient, community_client: TestClient, table: Any,
    ranked_win: tuple[str, str],
) -> None:
    game_id, token = ranked_win
    with recording_runner():
        games_client.post(f"/api/games/{game_id}/analysis", headers=bearer(token))
        assert _analysis_expiry(table, game_id) == _expiry(table, game_id) is not None
        claimed = claim(games_client, game_id, token, new_player(community_client, "Revue"))
    assert claimed.status_code == 200, claimed.text
    assert _expiry(table, game_id) is None and _analysis_expiry(table, game_id) is None


def test_the_backfill_gives_old_analyses_their_games_expiry(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    casual, _ = store_finished(status="lost", expires_at=1_900_000_000)
    kept, _ = store_finished(status="won", claimed=True)
    orphan = "g-gone"
    for game_id, reasons in ((casual, {"player"}), (kept, {"player", "claim"}),
                             (orphan, {"player"})):
        table.put_item(Item={"pk": f"GAME#{game_id}", "sk": "ANALYSIS", "gameId": game_id,
                             "status": "done", "reasons": reasons})
    report = backfill_expiries()
    assert report == {"analyses expiring later": 1, "analyses gone now": 1}
    assert _analysis_expiry(table, casual) == 1_900_000_000
    assert _analysis_expiry(table, kept) is None
    assert _analysis_expiry(table, orphan) == _now_s()
    assert backfill_expiries() == {}
