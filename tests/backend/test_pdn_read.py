"""``POST /api/games/pdn/read``: a PDN file read for the page, every position from the server,
and its refusals (malformed PDN with the reader's message, a game the file lacks, bodies over
the route's own limit, while every other route keeps the 4 KB one)."""

from __future__ import annotations

from typing import Any

import dames
from fastapi.testclient import TestClient
from games_support import bearer, post_move, start_game

READ = "/api/games/pdn/read"

# Written as files in the wild are: comments, a variation, glued move numbers, "-" for a
# capture, a NAG, two games in one file.
TWO_GAMES = """[Event "Club night"]
[White "Anna"]
[Black "Bert"]
[Result "1-1"]
{opening} 1.32-28 19-23 2.28-19 (2. 33-29 23x34) 14x23 $1 3. 37-32 1-1

[Event "Second"]
[FEN "W:W28:B23"]
1. 28x19 2-0
"""


def _read(client: TestClient, text: str, **extra: Any) -> Any:
    return client.post(READ, json={"pdn": text, **extra})


def test_each_ply_comes_with_its_path_and_the_position_after_it(
    games_client: TestClient,
) -> None:
    response = _read(games_client, TWO_GAMES)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["count"] == 2
    assert [g["tags"].get("Event") for g in body["games"]] == ["Club night", "Second"]
    assert [g["plies"] for g in body["games"]] == [5, 1]
    game = body["game"]
    assert game["index"] == 1 and game["result"] == "1-1" and game["variant"] == "international"
    assert [p["notation"] for p in game["moves"]] == ["32-28", "19-23", "28x19", "14x23", "37-32"]
    capture = game["moves"][2]["move"]
    assert capture["path"] == [28, 19] and capture["captures"] == [23]
    board = dames.Board(None)
    assert game["startFen"] == board.fen()
    for ply in game["moves"]:
        board.push(board.parse_move(ply["notation"]))
        assert ply["fen"] == board.fen()


def test_another_game_of_the_file_is_given_in_full_on_request(
    games_client: TestClient,
) -> None:
    body = _read(games_client, TWO_GAMES, game=2).json()
    game = body["game"]
    assert game["index"] == 2 and game["startFen"] == "W:W28:B23"
    assert game["moves"][0]["move"]["captures"] == [23]
    assert game["moves"][0]["fen"] == "B:W19:B"
    missing = _read(games_client, TWO_GAMES, game=3)
    assert missing.status_code == 422 and missing.json()["error"] == "no-such-game"


def test_a_bare_fen_is_a_game_without_moves(games_client: TestClient) -> None:
    body = _read(games_client, "W:W31-35,K45:B1-5.").json()
    assert body["count"] == 1 and body["game"]["moves"] == []
    assert body["game"]["startFen"] == dames.Board("W:W31-35,K45:B1-5").fen()


def test_a_game_exported_by_the_site_reads_back_position_for_position(
    games_client: TestClient,
) -> None:
    token, game = start_game(games_client, "free")
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    text = games_client.get(f"/api/games/{game['id']}/pdn", headers=bearer(token)).text
    read = _read(games_client, text).json()["game"]
    assert [p["notation"] for p in read["moves"]] == view["moves"]
    assert read["moves"][-1]["fen"] == view["fen"]
    assert read["tags"]["Black"] == "Computer (defi)"


def test_malformed_pdn_gets_the_readers_message_naming_game_and_move(
    games_client: TestClient,
) -> None:
    text = '[Event "Bad"]\n1. 32-28 19-23 2. 28x17 *'
    response = _read(games_client, text)
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "bad-pdn"
    assert "game 1" in body["message"] and "move 2." in body["message"]
    assert "28x17" in body["message"] and "28x19" in body["message"]  # and the legal one


def test_text_that_is_neither_pdn_nor_fen_is_refused(games_client: TestClient) -> None:
    response = _read(games_client, "hello there")
    assert response.status_code == 422 and response.json()["error"] == "bad-pdn"
    assert "cannot read" in response.json()["message"]


def test_unknown_fields_and_empty_text_are_refused(games_client: TestClient) -> None:
    assert _read(games_client, "").status_code == 422
    extra = _read(games_client, TWO_GAMES, gameId="x")
    assert extra.status_code == 422 and extra.json()["error"] == "invalid-request"
    zero = _read(games_client, TWO_GAMES, game=0)
    assert zero.status_code == 422


def test_a_pdn_file_may_be_far_bigger_than_other_bodies(games_client: TestClient) -> None:
    # ~29 KB: 600 copies of a short game, far above the 4 KB every other route takes.
    one = '[Event "Copy"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    text = one * 600
    assert len(text.encode()) > 7 * 4096
    body = _read(games_client, text).json()
    assert body["count"] == 600 and len(body["games"]) == 500
    assert len(body["game"]["moves"]) == 4


def test_the_route_has_its_own_limit_and_the_others_keep_theirs(
    games_client: TestClient,
) -> None:
    huge = _read(games_client, "32-28 " * 50_000)  # 300 KB
    assert huge.status_code == 413 and huge.json()["error"] == "body-too-large"
    assert "262144" in huge.json()["message"]
    # A body the PDN route takes is still too large for a game route.
    fat = games_client.post("/api/games", json={"mode": "free", "fen": "W" * 5000})
    assert fat.status_code == 413 and "4096" in fat.json()["message"]
