"""Claiming a won game: tokens, what can be claimed, one claim per game.

The won games here are stored directly through ``game_store`` (a free game played to a win
takes minutes; ``test_games_daily`` does that once, through the handler).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from board_claims_support import publish
from dames_backend import security
from dames_backend.clock import GameClock
from fastapi.testclient import TestClient
from games_support import bearer, claim, new_player, start_game, store_finished
from race_support import conflicting_transactions


def _won_game(mode: str = "free", date: str | None = None) -> tuple[str, str]:
    """A win of 402.5 s with two pauses (a minute off the clock), as the move route stores it."""
    paused = GameClock(elapsed_ms=402_500, pauses=2, paused_ms=61_000)
    return store_finished(mode=mode, date=date, clock=paused)


def test_claim_enters_the_score_once(
    games_client: TestClient, community_client: TestClient
) -> None:
    game_id, token = _won_game()
    player = new_player(community_client, "Zoë")
    first = claim(games_client, game_id, token, player)
    assert first.status_code == 200, first.text
    assert first.json() == {"board": "free", "date": None, "score": 5298, "rank": 1,
                            "best": 5298, "status": "provisional", "reasons": []}
    second = claim(games_client, game_id, token, player)
    assert second.status_code == 409 and second.json()["error"] == "already-claimed"
    assert games_client.get(f"/api/games/{game_id}", headers=bearer(token)).json()["claimed"]
    publish(game_id)  # the fair-play verdict makes it public
    board = community_client.get("/api/leaderboards/free").json()
    assert [(e["pseudonym"], e["score"], e["pieces"], e["seconds"]) for e in board["entries"]] \
        == [("Zoë", 5298, 9, 402)]


def test_a_daily_claim_goes_to_the_games_own_date(
    games_client: TestClient, community_client: TestClient
) -> None:
    game_id, token = _won_game("daily", "2026-11-29")
    response = claim(games_client, game_id, token, new_player(community_client, "Noctambule"))
    assert response.status_code == 200
    assert response.json()["board"] == "daily" and response.json()["date"] == "2026-11-29"
    publish(game_id)  # the fair-play verdict makes it public
    entries = community_client.get("/api/leaderboards/daily/2026-11-29").json()["entries"]
    assert [e["pseudonym"] for e in entries] == ["Noctambule"]


def test_claim_tokens(games_client: TestClient, community_client: TestClient) -> None:
    game_id, token = _won_game()
    player = new_player(community_client, "Tokens")
    assert claim(games_client, game_id, token, None).status_code == 401
    assert claim(games_client, game_id, token, "").status_code == 401
    assert claim(games_client, game_id, token, player + "x").status_code == 403
    wrong_game_token = claim(games_client, game_id, security.new_token(), player)
    assert wrong_game_token.status_code == 403
    no_game_token = games_client.post(
        f"/api/games/{game_id}/claim", headers={"X-Player-Token": player}
    )
    assert no_game_token.status_code == 401
    assert claim(games_client, game_id, token, player).status_code == 200


@pytest.mark.parametrize("finish", ["playing", "resigned", "practice"])
def test_only_won_daily_or_free_games_can_be_claimed(
    games_client: TestClient, community_client: TestClient, finish: str
) -> None:
    mode = "practice" if finish == "practice" else "free"
    token, game = start_game(games_client, mode)
    if finish == "resigned":
        games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    response = claim(games_client, game["id"], token, new_player(community_client, "Pas Gagné"))
    assert response.status_code == 422
    assert response.json()["error"] == "not-claimable"
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []


def test_two_simultaneous_claims_give_one_entry(
    games_client: TestClient, community_client: TestClient
) -> None:
    game_id, token = _won_game()
    players = [new_player(community_client, name) for name in ("Alice", "Bruno")]
    statuses: list[int] = []
    start = threading.Barrier(2, timeout=30)

    def claim_at_once(player: str) -> None:
        start.wait()
        statuses.append(claim(games_client, game_id, token, player).status_code)

    threads = [threading.Thread(target=claim_at_once, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [200, 409]
    publish(game_id)  # the fair-play verdict makes it public
    assert len(community_client.get("/api/leaderboards/free").json()["entries"]) == 1


def test_a_claim_whose_flag_was_lost_is_healed(
    games_client: TestClient, community_client: TestClient, table: Any
) -> None:
    game_id, token = _won_game()
    player = new_player(community_client, "Réparée")
    assert claim(games_client, game_id, token, player).status_code == 200
    # as if the flag write had failed after the leaderboard transaction
    table.update_item(Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
                      UpdateExpression="SET claimed = :f", ExpressionAttributeValues={":f": False})
    again = claim(games_client, game_id, token, player)
    assert again.status_code == 409 and again.json()["error"] == "already-claimed"
    assert games_client.get(f"/api/games/{game_id}", headers=bearer(token)).json()["claimed"]


def test_the_games_flag_and_its_board_entry_are_one_write(
    games_client: TestClient, community_client: TestClient, table: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No claim reaches a board while its game keeps an expiry, and no half of a claim
    survives: the game vanishing before the transaction (its TTL, a moderator) enters nothing."""
    from dames_backend.games import claim as claim_module

    game_id, token = _won_game()
    player = new_player(community_client, "Atomique")
    real_authorize = claim_module.authorize

    def authorize_then_lose_the_game(game: str, authorization: str | None) -> Any:
        record = real_authorize(game, authorization)
        table.delete_item(Key={"pk": f"GAME#{game}", "sk": "GAME"})
        return record

    monkeypatch.setattr(claim_module, "authorize", authorize_then_lose_the_game)
    refused = claim(games_client, game_id, token, player)
    assert refused.status_code == 409 and refused.json()["error"] == "claim-changed", refused.text
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []
    claims = table.query(KeyConditionExpression="pk = :pk",
                         ExpressionAttributeValues={":pk": f"CLAIM#{game_id}"})["Items"]
    assert claims == []


def test_a_claim_that_keeps_conflicting_answers_409_busy_and_can_be_retried(
    games_client: TestClient, community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, token = _won_game()
    player = new_player(community_client, "Retentée")
    client = conflicting_transactions(monkeypatch, conflicts=1000)
    busy = claim(games_client, game_id, token, player)
    assert busy.status_code == 409 and busy.json()["error"] == "busy", busy.text
    assert not games_client.get(f"/api/games/{game_id}", headers=bearer(token)).json()["claimed"]
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []
    client.conflicts = 0
    assert claim(games_client, game_id, token, player).status_code == 200
    assert games_client.get(f"/api/games/{game_id}", headers=bearer(token)).json()["claimed"]
