"""A game belongs to its player: bound at creation to the browser's pseudonym, claimed by no
one else (no handing a score to another pseudonym), while a browser without a pseudonym still plays
first and chooses one at its first score."""

from __future__ import annotations

from typing import Any

from board_claims_support import publish
from dames_backend.games import store as game_store
from fastapi.testclient import TestClient
from games_support import bearer, store_won


def _player(community_client: TestClient, name: str) -> str:
    response = community_client.post("/api/players", json={"pseudonym": name})
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def _won_free_game(
    games_client: TestClient, table: Any, player_token: str | None
) -> tuple[str, str]:
    """A ranked free game created as the page creates it, then stored as won."""
    headers = {"X-Player-Token": player_token} if player_token else {}
    response = games_client.post("/api/games", json={"mode": "free"}, headers=headers)
    assert response.status_code == 201, response.text
    game_id, token = response.json()["game"]["id"], response.json()["token"]
    store_won(table, game_id, pieces=9, seconds=300)
    return game_id, token


def _claim(client: TestClient, game_id: str, token: str, player_token: str) -> Any:
    return client.post(
        f"/api/games/{game_id}/claim", headers={**bearer(token), "X-Player-Token": player_token}
    )


def test_a_game_started_with_a_pseudonym_is_bound_to_it(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    alice = _player(community_client, "Alice")
    game_id, _ = _won_free_game(games_client, table, alice)
    record = game_store.load_game(game_id)
    assert record is not None and record.owner_id == alice.partition(".")[0]


def test_a_second_pseudonym_cannot_take_anothers_win(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    alice = _player(community_client, "Alice")
    mallory = _player(community_client, "Mallory")
    game_id, token = _won_free_game(games_client, table, alice)

    handed_off = _claim(games_client, game_id, token, mallory)
    assert handed_off.status_code == 403
    assert handed_off.json()["error"] == "not-your-game"
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []
    # Refusing the hand-off changed nothing: the owner still enters her win.
    own = _claim(games_client, game_id, token, alice)
    assert own.status_code == 200, own.text
    publish(game_id)  # the fair-play verdict makes it public
    entries = community_client.get("/api/leaderboards/free").json()["entries"]
    assert [e["pseudonym"] for e in entries] == ["Alice"]


def test_a_game_started_without_a_pseudonym_is_claimed_by_its_first_claimant(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    game_id, token = _won_free_game(games_client, table, None)
    assert game_store.load_game(game_id).owner_id is None  # type: ignore[union-attr]
    # "A pseudonym, chosen at your first score": registered after the win, then claimed.
    newcomer = _player(community_client, "Newcomer")
    assert _claim(games_client, game_id, token, newcomer).status_code == 200
    later = _player(community_client, "Latecomer")
    assert _claim(games_client, game_id, token, later).status_code == 409


def test_a_token_that_does_not_authenticate_binds_nothing(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    game_id, token = _won_free_game(games_client, table, "p_unknown.secret")
    assert game_store.load_game(game_id).owner_id is None  # type: ignore[union-attr]
    assert _claim(games_client, game_id, token, _player(community_client, "Zed")).status_code \
        == 200
