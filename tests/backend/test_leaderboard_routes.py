"""The leaderboard routes: the public board, the personal rank served apart, the dates a
board accepts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from board_claims_support import DAY
from board_claims_support import claim as _claim
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient
from games_support import register


def test_daily_board_route_is_public_and_my_rank_is_apart(
    community_client: TestClient,
) -> None:
    ann = register(community_client, "Ann")
    ben = register(community_client, "Ben")
    as_player = {p["playerId"]: players.Player(p["playerId"], p["pseudonym"]) for p in (ann, ben)}
    _claim(as_player[ann["playerId"]], "g_1", 5200, at="2026-11-28T10:00:00Z", pieces=8,
           seconds=200, pauses=1, paused_ms=4_500)
    _claim(as_player[ben["playerId"]], "g_2", 7300, at="2026-11-28T10:30:00Z", pieces=15,
           seconds=200)
    anonymous = community_client.get(f"/api/leaderboards/daily/{DAY}")
    assert anonymous.status_code == 200
    assert anonymous.headers["cache-control"] == "public, max-age=5"
    assert anonymous.json() == {
        "board": "daily",
        "date": DAY,
        "entries": [
            {"rank": 1, "pseudonym": "Ben", "score": 7300, "pieces": 15, "seconds": 200,
             "pauses": 0, "pausedMs": 0, "at": "2026-11-28T10:30:00Z", "provisional": False},
            {"rank": 2, "pseudonym": "Ann", "score": 5200, "pieces": 8, "seconds": 200,
             "pauses": 1, "pausedMs": 4_500, "at": "2026-11-28T10:00:00Z",
             "provisional": False},
        ],
    }
    # The public board never depends on who asks: a token changes nothing, even a wrong one.
    for token in (ann["token"], "p_nobody.secret"):
        with_token = community_client.get(
            f"/api/leaderboards/daily/{DAY}", headers={"X-Player-Token": token}
        )
        assert (with_token.status_code, with_token.content) == (200, anonymous.content)
    mine = community_client.get(
        f"/api/leaderboards/daily/{DAY}/me", headers={"X-Player-Token": ann["token"]}
    )
    assert mine.status_code == 200 and mine.headers["cache-control"] == "no-store"
    assert mine.json() == {"me": {"rank": 2, "score": 5200, "pieces": 8, "seconds": 200,
                                  "pauses": 1, "pausedMs": 4_500, "at": "2026-11-28T10:00:00Z",
                                  "provisional": False}, "pending": None, "underReview": None}
    assert ann["playerId"] not in anonymous.text  # ids stay private; pseudonyms are public


def test_free_board_route_and_a_player_without_entry(community_client: TestClient) -> None:
    ann = register(community_client, "Ann")
    _claim(players.Player(ann["playerId"], "Ann"), "g_1", 4100, at="2026-11-28T10:00:00Z",
           board="free")
    newcomer = register(community_client, "Newcomer")
    board = community_client.get("/api/leaderboards/free")
    assert board.headers["cache-control"] == "public, max-age=5"
    assert board.json()["board"] == "free" and board.json()["date"] is None
    assert [e["pseudonym"] for e in board.json()["entries"]] == ["Ann"]
    mine = community_client.get(
        "/api/leaderboards/free/me", headers={"X-Player-Token": newcomer["token"]}
    )
    assert mine.status_code == 200
    assert mine.json() == {"me": None, "pending": None, "underReview": None}
    assert mine.headers["cache-control"] == "no-store"
    ann_rank = community_client.get(
        "/api/leaderboards/free/me", headers={"X-Player-Token": ann["token"]}
    ).json()["me"]
    assert (ann_rank["rank"], ann_rank["score"]) == (1, 4100)


def test_my_rank_routes_need_a_valid_player_token(community_client: TestClient) -> None:
    for path in (f"/api/leaderboards/daily/{DAY}/me", "/api/leaderboards/free/me",
                 "/api/leaderboards/daily/9999-12-31/me"):
        wrong = community_client.get(path, headers={"X-Player-Token": "p_nobody.secret"})
        assert (wrong.status_code, wrong.json()["error"]) == (403, "bad-player-token")
        missing = community_client.get(path)
        assert (missing.status_code, missing.json()["error"]) == (401, "missing-player-token")


@pytest.mark.parametrize(
    "date, code",
    [
        ("2026-13-01", "invalid-date"),
        ("2026-02-30", "invalid-date"),
        ("20261128", "invalid-date"),
        ("yesterday", "invalid-date"),
        ("2026-11-28T00:00", "invalid-date"),
        ("0000-01-01", "invalid-date"),
    ],
)
def test_daily_board_route_validates_the_date(
    community_client: TestClient, date: str, code: str
) -> None:
    for path in (f"/api/leaderboards/daily/{date}", f"/api/leaderboards/daily/{date}/me"):
        response = community_client.get(path, headers={"X-Player-Token": "p_x.wrong"})
        assert response.status_code == 422
        assert response.json()["error"] == code and response.json()["message"]


def test_a_day_to_come_has_an_empty_board(community_client: TestClient) -> None:
    now = datetime.now(UTC)
    today, tomorrow = now.date(), (now + timedelta(days=1)).date()
    assert community_client.get(f"/api/leaderboards/daily/{today}").json()["entries"] == []
    for day in (tomorrow.isoformat(), "9999-12-31"):
        response = community_client.get(f"/api/leaderboards/daily/{day}")
        assert response.status_code == 200
        assert response.json() == {"board": "daily", "date": day, "entries": []}
    newcomer = register(community_client, "Newcomer")
    mine = community_client.get(
        "/api/leaderboards/daily/9999-12-31/me", headers={"X-Player-Token": newcomer["token"]}
    )
    assert (mine.status_code, mine.json()) == (
        200, {"me": None, "pending": None, "underReview": None})
