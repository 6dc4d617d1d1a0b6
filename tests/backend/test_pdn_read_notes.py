"""``POST /api/games/pdn/read`` answers the notes a file writes beside its moves (issue 32,
bug 7): the comment before the first move, each move's comment without its ``[%eval]`` mark,
the mark read as an evaluation, the move's marks, and its variations with every position."""

from __future__ import annotations

from typing import Any

import dames
from fastapi.testclient import TestClient

READ = "/api/games/pdn/read"
ANNOTATED = """[Event "Notes"]
{Une partie commentée.} 1. 32-28 { [%eval 0.1] le centre } 19-23!? 2. 28x19 $1 14x23?!
(2... 13x24 {de l'autre côté} 3. 37-32 (3. 33-29 24x33 4. 38x29) 8-13)
3. 37-32 { [%eval #-7] } 10-14 $14 *"""


def read(client: TestClient, text: str) -> dict[str, Any]:
    response = client.post(READ, json={"pdn": text})
    assert response.status_code == 200, response.text
    game: dict[str, Any] = response.json()["game"]
    return game


def test_comments_marks_and_evals_come_with_each_move(games_client: TestClient) -> None:
    game = read(games_client, ANNOTATED)
    assert game["comment"] == "Une partie commentée."
    first, second, third, fourth, fifth, sixth = game["moves"]
    assert first["comment"] == "le centre" and first["eval"] == {"value": 10, "mate": None}
    assert second["marks"] == ["!?"] and second["comment"] is None and second["eval"] is None
    assert third["marks"] == ["!"] and fourth["marks"] == ["?!"]
    assert fifth["comment"] is None and fifth["eval"] == {"value": None, "mate": -7}
    assert sixth["marks"] == ["$14"]


def test_a_mark_past_any_evaluation_reads_as_none_not_a_500(games_client: TestClient) -> None:
    """307 nines in a mark made the reader raise OverflowError (a 500, found by a script on
    2026-12-07), in the main line and in a variation alike."""
    huge = "9" * 307
    game = read(games_client, f"1. 32-28 {{ [%eval {huge}] note }} 19-23 "
                              f"(1... 18-23 {{ [%eval #{huge}] }}) *")
    first, second = game["moves"]
    assert first["eval"] is None and first["comment"] == "note"
    (variation,) = second["variations"]
    assert variation["moves"][0]["eval"] is None


def test_variations_come_with_their_positions(games_client: TestClient) -> None:
    game = read(games_client, ANNOTATED)
    (variation,) = game["moves"][3]["variations"]
    assert variation["startFen"] == game["moves"][2]["fen"] and variation["error"] is None
    assert [m["notation"] for m in variation["moves"]] == ["13x24", "37-32", "8-13"]
    assert variation["moves"][0]["comment"] == "de l'autre côté"
    assert variation["moves"][0]["move"]["captures"] == [19]
    (nested,) = variation["moves"][1]["variations"]
    board = dames.Board(nested["startFen"])
    for ply in nested["moves"]:
        board.push(board.parse_move(ply["notation"]))
        assert board.fen() == ply["fen"]
    assert [m["notation"] for m in nested["moves"]] == ["33-29", "24x33", "38x29"]


def test_a_variation_that_does_not_read_says_why_and_the_game_reads(
    games_client: TestClient,
) -> None:
    game = read(games_client, "1. 32-28 19-23 2. 28x19 (2. 33-29 23x34) 14x23 *")
    assert [m["notation"] for m in game["moves"]] == ["32-28", "19-23", "28x19", "14x23"]
    (bad,) = game["moves"][2]["variations"]
    assert bad["moves"] == [] and "not a legal move" in bad["error"]
    assert len(bad["error"]) <= 300
