"""Moves stored packed: exact round trip on real games of every variant, bad texts refused,
and games stored before (a list of texts) still load, play on and are rewritten packed."""

from __future__ import annotations

import random
from typing import Any

import dames
import pytest
from dames_backend.games.move_codec import pack_moves, unpack_moves
from dames_backend.games.store import PACKED_MOVES, GameRecord
from fastapi.testclient import TestClient
from games_support import bearer, get_game, post_move, start_game, stored_item, stored_moves


def _random_game(variant: str, seed: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    board = dames.Board(variant=variant)
    played: list[str] = []
    while len(played) < plies and board.outcome() is None:
        move = rng.choice(board.legal_moves())
        played.append(str(move))
        board.push(move)
    return played


@pytest.mark.parametrize("variant", sorted(dames.VARIANTS))
def test_real_games_round_trip(variant: str) -> None:
    for seed in range(8):
        moves = _random_game(variant, seed, 200)
        packed = pack_moves(moves)
        assert unpack_moves(packed) == tuple(moves)
        squares = sum(len(m.replace("x", "-").split("-")) for m in moves)
        assert len(packed) == squares  # one byte per square passed through
    assert any("x" in m for m in _random_game(variant, 0, 200))  # captures were exercised


def test_capture_and_step_with_the_same_squares_stay_apart() -> None:
    moves = ["1-23", "1x23", "46x28x17x8", "50-45"]
    assert unpack_moves(pack_moves(moves)) == tuple(moves)
    assert unpack_moves(b"") == () and pack_moves([]) == b""


@pytest.mark.parametrize("bad", ["", "32", "32-", "32-28x17", "0-5", "64-5", "3a-5", "32 - 28"])
def test_texts_that_are_not_move_paths_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        pack_moves([bad])


def test_a_game_stored_before_the_packing_loads_and_plays_on(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free", level="debutant")
    moved = post_move(games_client, game["id"], token, 0, "32-28").json()
    item = stored_item(table, game["id"])
    old_style = {k: v for k, v in item.items() if k != PACKED_MOVES}
    old_style["moves"] = list(stored_moves(table, game["id"]))
    table.put_item(Item=old_style)
    assert GameRecord.from_item(old_style).moves == tuple(old_style["moves"])
    reread = get_game(games_client, game["id"], token)
    assert reread["moves"] == moved["moves"] and reread["fen"] == moved["fen"]
    move = reread["legalMoves"][0]["notation"]
    after = post_move(games_client, game["id"], token, 2, move)
    assert after.status_code == 200, after.text
    rewritten = stored_item(table, game["id"])
    assert "moves" not in rewritten and PACKED_MOVES in rewritten
    assert len(stored_moves(table, game["id"])) == 4
    assert games_client.get(
        f"/api/games/{game['id']}/pdn", headers=bearer(token)
    ).status_code == 200


@pytest.mark.parametrize("variant", ["international", "english"])
def test_the_usual_start_is_not_stored_and_reads_back(
    games_client: TestClient, table: Any, variant: str
) -> None:
    """One write unit covers 1 KB: the usual start's 120 bytes are left out of the item (a game
    stored with them, before, still reads), while a game set up from a position keeps its own."""
    token, game = start_game(games_client, "free", level="debutant", variant=variant)
    item = stored_item(table, game["id"])
    assert "startFen" not in item
    usual = dames.Board(None, variant=variant).fen()
    assert GameRecord.from_item(item).start_fen == usual
    assert get_game(games_client, game["id"], token)["startFen"] == usual
    table.put_item(Item={**item, "startFen": usual})  # as items were written before
    assert get_game(games_client, game["id"], token)["startFen"] == usual
    record = GameRecord.from_item(item).evolve(start_fen="W:W28,K45:B1,23")
    assert record.to_item()["startFen"] == "W:W28,K45:B1,23"
    assert GameRecord.from_item(record.to_item()).start_fen == "W:W28,K45:B1,23"
