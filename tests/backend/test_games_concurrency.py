"""Retries and races: a repeated move is answered once, two simultaneous moves give one 409."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from dames_backend.games import store as game_store
from fastapi.testclient import TestClient
from games_support import get_game, post_move, settled, start_game, stored_item, stored_moves


def test_exact_retry_returns_the_same_answer_and_plays_once(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free")
    first = post_move(games_client, game["id"], token, 0, "32-28")
    assert first.status_code == 200
    version = int(stored_item(table, game["id"])["version"])

    retry = post_move(games_client, game["id"], token, 0, "32-28")
    assert retry.status_code == 200
    assert settled(retry.json()) == settled(first.json())
    assert int(stored_item(table, game["id"])["version"]) == version
    assert len(stored_moves(table, game["id"])) == 2
    assert get_game(games_client, game["id"], token)["ply"] == 2


def test_retry_of_an_older_move_or_another_move_is_stale(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    first = post_move(games_client, game["id"], token, 0, "32-28").json()
    second_move = first["legalMoves"][0]["notation"]
    second = post_move(games_client, game["id"], token, 2, second_move).json()

    for ply, move in ((0, "32-28"), (0, "33-28"), (2, "34-29"), (7, "34-29")):
        response = post_move(games_client, game["id"], token, ply, move)
        assert response.status_code == 409, (ply, move)
        body = response.json()
        assert body["error"] == "stale-ply"
        assert settled(body["game"]) == settled(second)
    # the last move is still retryable
    assert settled(post_move(games_client, game["id"], token, 2, second_move).json()) == settled(
        second
    )


def moves_at_once(
    games_client: TestClient, game: dict[str, Any], token: str, moves: tuple[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[str, Any]]:
    """Post ``moves`` at ply 0 from two threads, each request reading the game before either
    writes (the first two reads wait for each other); (move, response) in finishing order."""
    both_read = threading.Barrier(2, timeout=30)
    real_load = game_store.load_game
    first_loads = iter(range(2))

    def load_then_wait(game_id: str) -> Any:
        record = real_load(game_id)
        if next(first_loads, None) is not None:
            both_read.wait()  # both requests have read version 1 before either writes
        return record

    monkeypatch.setattr(game_store, "load_game", load_then_wait)
    results: list[tuple[str, Any]] = []

    def play(move: str) -> None:
        results.append((move, post_move(games_client, game["id"], token, 0, move)))

    threads = [threading.Thread(target=play, args=(move,)) for move in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_two_simultaneous_moves_give_one_success_and_one_409(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free")
    results = dict(moves_at_once(games_client, game, token, ("32-28", "34-29"), monkeypatch))

    statuses = sorted(r.status_code for r in results.values())
    assert statuses == [200, 409]
    (winner,) = [m for m, r in results.items() if r.status_code == 200]
    (loser,) = [r for r in results.values() if r.status_code == 409]
    assert loser.json()["error"] == "stale-ply"
    assert settled(loser.json()["game"]) == settled(results[winner].json())

    item = stored_item(table, game["id"])
    assert stored_moves(table, game["id"])[0] == winner
    assert len(stored_moves(table, game["id"])) == 2
    assert int(item["version"]) == 2


def test_two_simultaneous_identical_moves_both_get_the_answer(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free")
    results = moves_at_once(games_client, game, token, ("32-28", "32-28"), monkeypatch)
    responses = [response for _, response in results]
    assert [r.status_code for r in responses] == [200, 200]
    assert settled(responses[0].json()) == settled(responses[1].json())
    assert len(stored_moves(table, game["id"])) == 2
