"""Illegal moves are refused with a 422 naming the reason, and the game does not change.

Positions are practice games set up by FEN; the expected legal moves were worked out by hand
from the international rules (captures are compulsory, the majority capture is compulsory,
men capture backwards too).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from games_support import get_game, post_move, settled, start_game, stored_item

# White 32 can take 28 (landing on 23): the capture is compulsory.
ONE_CAPTURE = "W:W32,40:B1,28"
# White 32 takes 28 and 19 (32x14); white 37 could take only 31 (37x26): the majority wins.
MAJORITY = "W:W32,37:B1,19,28,31"


def _assert_refused(
    client: TestClient, table: Any, game: dict[str, Any], token: str, move: str, code: str
) -> None:
    before_item = stored_item(table, game["id"])
    response = post_move(client, game["id"], token, game["ply"], move)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"] == code
    assert body["message"]
    assert settled(get_game(client, game["id"], token)) == settled(game)
    assert stored_item(table, game["id"]) == before_item


def test_the_capture_is_compulsory(games_client: TestClient, table: Any) -> None:
    token, game = start_game(games_client, "practice", fen=ONE_CAPTURE)
    assert [(m["path"], m["captures"]) for m in game["legalMoves"]] == [([32, 23], [28])]
    for quiet in ("40-35", "40-34", "32-27"):
        _assert_refused(games_client, table, game, token, quiet, "illegal-move")
    assert post_move(games_client, game["id"], token, 0, "32x23").status_code == 200


def test_the_majority_capture_is_compulsory(games_client: TestClient, table: Any) -> None:
    token, game = start_game(games_client, "practice", fen=MAJORITY)
    assert [(m["path"], m["captures"]) for m in game["legalMoves"]] == [([32, 23, 14], [28, 19])]
    for minority in ("37x26", "32x23"):
        _assert_refused(games_client, table, game, token, minority, "illegal-move")
    played = post_move(games_client, game["id"], token, 0, "32x14")
    assert played.status_code == 200
    assert played.json()["moves"][0] == "32x14"
    assert played.json()["pieces"]["black"] <= 2


@pytest.mark.parametrize("move", ["19-23", "20-24", "1-7"])
def test_moving_the_opponents_piece(
    games_client: TestClient, table: Any, move: str
) -> None:
    token, game = start_game(games_client, "free")
    _assert_refused(games_client, table, game, token, move, "illegal-move")


@pytest.mark.parametrize(
    "move",
    ["hello", "32-", "-28", "99-100", "0-5", "32--28", "32-28-23", "32 28", "x", "٣٢-٢٨",
     "32-28; drop table", "46-41", "36-31", "32-28x", "32-23"],
)
def test_garbage_and_impossible_moves(games_client: TestClient, table: Any, move: str) -> None:
    token, game = start_game(games_client, "free")
    _assert_refused(games_client, table, game, token, move, "illegal-move")


def test_an_illegal_move_does_not_spend_the_turn(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    assert post_move(games_client, game["id"], token, 0, "19-23").status_code == 422
    after = post_move(games_client, game["id"], token, 0, "32-28")
    assert after.status_code == 200
    assert after.json()["ply"] == 2


# The white king on 42 takes three men either way round and lands on 36 both times:
# 42x33x22x36 takes 38, 28, 31; 42x29x18x36 takes 38, 23, 31.
TWO_WAYS = "W:WK42:B6,23,28,31,38"


def test_an_ambiguous_move_is_refused_and_the_full_path_accepted(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "practice", fen=TWO_WAYS)
    assert sorted((m["path"], sorted(m["captures"])) for m in game["legalMoves"]) == [
        ([42, 29, 18, 36], [23, 31, 38]),
        ([42, 33, 22, 36], [28, 31, 38]),
    ]
    assert {m["notation"] for m in game["legalMoves"]} == {"42x29x18x36", "42x33x22x36"}
    _assert_refused(games_client, table, game, token, "42x36", "ambiguous-move")
    played = post_move(games_client, game["id"], token, 0, "42x36x23x31x38")  # Hub form
    assert played.status_code == 200, played.text
    assert played.json()["moves"][0] == "42x29x18x36"
