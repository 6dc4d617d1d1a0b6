"""Every answer that carries a token or a private game is ``Cache-Control: no-store``; only the
public boards (the same bytes for everyone) may be kept by a cache."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from games_support import bearer, start_game, store_won


def no_store(response: Any) -> bool:
    return bool(response.headers.get("cache-control") == "no-store")


@pytest.fixture
def game(games_client: TestClient) -> tuple[str, str, dict[str, Any]]:
    token, view = start_game(games_client, "practice", level="debutant")
    return view["id"], token, view


def test_the_new_games_token_is_never_cached(games_client: TestClient) -> None:
    response = games_client.post("/api/games", json={"mode": "free"})
    assert response.status_code == 201 and "token" in response.json()
    assert no_store(response)


def test_every_game_route_answers_no_store(
    games_client: TestClient, community_client: TestClient, table: Any,
    game: tuple[str, str, dict[str, Any]],
) -> None:
    game_id, token, view = game
    auth = bearer(token)
    base = f"/api/games/{game_id}"
    move = {"ply": view["ply"], "move": view["legalMoves"][0]["notation"]}
    answers = {
        "read": games_client.get(base, headers=auth),
        "move": games_client.post(f"{base}/moves", headers=auth, json=move),
        "clock": games_client.post(f"{base}/clock", headers=auth, json={"paused": True}),
        "hint": games_client.post(f"{base}/hint", headers=auth, json={"ply": 2}),
        "takeback": games_client.post(f"{base}/takeback", headers=auth, json={"ply": 2}),
        "draw-offer": games_client.post(f"{base}/draw-offer", headers=auth, json={"ply": 0}),
        "pdn": games_client.get(f"{base}/pdn", headers=auth),
        "resign": games_client.post(f"{base}/resign", headers=auth),
        "pdn-read": games_client.post("/api/games/pdn/read", json={"pdn": "1. 32-28 *"}),
        # errors too: a refusal can still describe the game (409 stale-ply carries it)
        "stale": games_client.post(f"{base}/moves", headers=auth, json={"ply": 99, "move": "1-2"}),
        "no-token": games_client.get(base),
        "unknown": games_client.get("/api/games/g_unknown1234", headers=auth),
    }
    won_token, won = start_game(games_client, "free")
    store_won(table, won["id"], pieces=5, seconds=100)
    player = community_client.post("/api/players", json={"pseudonym": "Nocache"}).json()
    answers["claim"] = games_client.post(
        f"/api/games/{won['id']}/claim",
        headers={**bearer(won_token), "X-Player-Token": player["token"]},
    )
    assert answers["read"].status_code == 200 and answers["claim"].status_code == 200
    assert answers["stale"].status_code == 409 and "game" in answers["stale"].json()
    assert {name: r.headers.get("cache-control") for name, r in answers.items()} == {
        name: "no-store" for name in answers
    }


def test_player_answers_are_no_store_and_public_boards_stay_cacheable(
    community_client: TestClient,
) -> None:
    created = community_client.post("/api/players", json={"pseudonym": "Private"})
    assert no_store(created)
    token = created.json()["token"]
    assert no_store(community_client.get("/api/players/me", headers={"X-Player-Token": token}))
    assert no_store(community_client.get("/api/players/me"))  # the 401 too
    assert no_store(community_client.post("/api/players", json={"pseudonym": "x"}))  # 422
    assert no_store(community_client.get("/api/leaderboards/free/me",
                                         headers={"X-Player-Token": token}))
    public = community_client.get("/api/leaderboards/free")
    assert public.headers["cache-control"] == "public, max-age=5"
