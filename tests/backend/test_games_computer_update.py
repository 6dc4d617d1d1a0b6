"""A deploy may bring another computer while games are running. The games go on, but a game
whose replies no longer all come from the version it began with cannot be checked by
``python -m dames verify``, so it no longer counts, and says why."""

from __future__ import annotations

from typing import Any

import dames.ai
import pytest
from fastapi.testclient import TestClient
from games_support import bearer, get_game, post_move, start_game, store_won, stored_item


def test_a_game_the_computer_was_updated_during_plays_on_unranked(
    games_client: TestClient, community_client: TestClient, table: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token, game = start_game(games_client, "free")
    began = game["aiVersion"]
    assert (game["ranked"], game["aiChanged"]) == (True, False)

    monkeypatch.setattr(dames.ai, "AI_VERSION", f"{began}-next")
    moved = post_move(games_client, game["id"], token, 0, "32-28")
    assert moved.status_code == 200, moved.text
    view = moved.json()
    assert (view["aiVersion"], view["aiChanged"], view["ranked"]) == (began, True, False)
    assert view["ply"] == 2  # the computer answered: the game goes on
    assert stored_item(table, game["id"])["aiChanged"] is True
    assert get_game(games_client, game["id"], token)["aiChanged"] is True

    store_won(table, game["id"], pieces=8, seconds=400)
    player = community_client.post("/api/players", json={"pseudonym": "Mise à jour"}).json()
    claim = games_client.post(
        f"/api/games/{game['id']}/claim",
        headers={**bearer(token), "X-Player-Token": player["token"]},
    )
    assert claim.status_code == 422 and claim.json()["error"] == "computer-changed"
    assert began in claim.json()["message"]


def test_the_same_computer_leaves_the_game_ranked(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert (view["aiChanged"], view["ranked"]) == (False, True)


def test_a_game_stored_without_a_version_shows_none_rather_than_todays(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free")
    table.update_item(
        Key={"pk": f"GAME#{game['id']}", "sk": "GAME"}, UpdateExpression="REMOVE aiVersion"
    )
    assert get_game(games_client, game["id"], token)["aiVersion"] is None
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert (view["aiVersion"], view["aiChanged"]) == (None, False)
