"""``POST /api/games/pdn/read``: a PDN file read for the page, every position from the server,
and its refusals (malformed PDN with the reader's message, a game the file lacks, bodies over
the route's own limit, while every other route keeps the 4 KB one)."""

from __future__ import annotations

import json
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
    assert missing.json()["message"].startswith("the file holds 2 games;")
    one = _read(games_client, TWO_GAMES.split("\n\n[")[0], game=2).json()
    assert one["message"].startswith("the file holds 1 game;")  # not "1 game(s)" (bug 11)


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
    assert huge.status_code == 413 and huge.json()["error"] == "pdn-too-large"
    assert "262144" in huge.json()["message"] and "300000" in huge.json()["message"]
    accents = _read(games_client, "é" * 140_000)  # 140 000 characters, 280 000 bytes
    assert accents.status_code == 413 and accents.json()["error"] == "pdn-too-large"
    # A body the PDN route takes is still too large for a game route.
    fat = games_client.post("/api/games", json={"mode": "free", "fen": "W" * 5000})
    assert fat.status_code == 413 and "4096" in fat.json()["message"]


def test_the_limit_counts_the_text_not_its_json_escaping(games_client: TestClient) -> None:
    """A 250 KB file of short lines and quoted tags is more than 256 KB once JSON escapes its
    newlines and quotes: it is still read (issue 32, bug 11)."""
    one = '[Event "Copy"]\n[Round "1"]\n\n1. 32-28\n19-23\n*\n\n'
    text = one * (250_000 // len(one))
    assert len(text.encode()) <= 256 * 1024 < len(json.dumps({"pdn": text}).encode())
    response = _read(games_client, text)
    assert response.status_code == 200, response.text
    assert response.json()["count"] == 250_000 // len(one)
    # Past the body that the largest text could make, the body limit still refuses first.
    flood = games_client.post(
        READ, content=b'{"pdn": "' + b"\\u0001" * 270_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert flood.status_code == 413 and flood.json()["error"] == "body-too-large"


# An English database as many are written: no GameType tag, Black (1-12) opening.
ENGLISH = '[Event "Club"]\n[White "Ann"]\n[Black "Bob"]\n1. 11-15 23-19 2. 8-11 22-17 *\n'


def test_the_variant_of_an_untagged_game_is_the_one_the_request_names(
    games_client: TestClient,
) -> None:
    refused = _read(games_client, ENGLISH)  # read as international, as before
    assert refused.status_code == 422 and "'11-15' is not a legal move" in refused.text
    response = _read(games_client, ENGLISH, variant="english")
    assert response.status_code == 200, response.text
    game = response.json()["game"]
    assert game["variant"] == "english"
    assert [p["notation"] for p in game["moves"]] == ["11-15", "23-19", "8-11", "22-17"]
    board = dames.Board(None, "english")
    assert game["startFen"] == board.fen()
    for ply in game["moves"]:
        board.push(board.parse_move(ply["notation"]))
    assert game["moves"][-1]["fen"] == board.fen()


def test_a_bare_8x8_fen_is_an_8x8_position_when_the_request_says_so(
    games_client: TestClient,
) -> None:
    fen = "B:W21-32:B1-12"
    body = _read(games_client, fen, variant="english").json()
    game = body["game"]
    assert game["variant"] == "english" and game["moves"] == []
    assert game["startFen"] == dames.Board(fen, "english").fen()
    assert dames.Board(game["startFen"], "english").variant.geometry.size == 8
    # Without one, the default applies (the page's select starts on international).
    assert _read(games_client, fen).json()["game"]["variant"] == "international"


def test_a_game_type_tag_wins_over_the_requested_variant(games_client: TestClient) -> None:
    text = '[GameType "20"]\n1. 32-28 19-23 *\n\n' + ENGLISH
    body = _read(games_client, text, variant="english").json()
    assert [g["variant"] for g in body["games"]] == ["international", "english"]
    assert [p["notation"] for p in body["game"]["moves"]] == ["32-28", "19-23"]


def test_one_bad_game_is_listed_with_its_error_and_the_others_still_read(
    games_client: TestClient,
) -> None:
    good = '[Event "Good {n}"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    bad = '[Event "Broken"]\n[Result "2-0"]\n1. 32-28 19-23 2. 28x17 2-0\n\n'
    text = good.format(n=1) + good.format(n=2) + bad + good.format(n=4)
    response = _read(games_client, text)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["count"] == 4
    errors = [g["error"] for g in body["games"]]
    assert errors[0] is None and errors[1] is None and errors[3] is None
    assert errors[2] is not None and "game 3 (Event 'Broken'), move 2. 28x17" in errors[2]
    listed = body["games"][2]
    assert (
        listed["plies"] == 0 and listed["result"] == "2-0" and listed["name"].startswith("game 3")
    )
    fourth = _read(games_client, text, game=4).json()["game"]
    assert fourth["tags"]["Event"] == "Good 4" and len(fourth["moves"]) == 4
    chosen = _read(games_client, text, game=3)
    assert chosen.status_code == 422 and chosen.json()["error"] == "bad-pdn"
    assert chosen.json()["message"] == errors[2]


def test_an_unsupported_game_type_is_listed_without_a_variant(
    games_client: TestClient,
) -> None:
    text = '[GameType "25"]\n1. c3-d4 *\n\n' + ENGLISH
    body = _read(games_client, text, variant="english", game=2).json()
    first = body["games"][0]
    assert first["variant"] is None and "Russian" in first["error"]
    assert body["game"]["index"] == 2


def test_a_file_where_no_game_reads_is_refused_with_the_first_error(
    games_client: TestClient,
) -> None:
    bad = '[Event "A"]\n1. 32-28 19-23 2. 28x17 *\n\n[Event "B"]\n1. 11-15 *\n'
    response = _read(games_client, bad, game=2)
    assert response.status_code == 422 and response.json()["error"] == "bad-pdn"
    assert "game 1 (Event 'A'), move 2." in response.json()["message"]


def test_an_unknown_variant_is_refused(games_client: TestClient) -> None:
    response = _read(games_client, ENGLISH, variant="russian")
    assert response.status_code == 422
    assert response.json()["error"] == "invalid-request"
    assert "russian" in response.json()["message"]


def test_without_a_game_number_the_first_readable_game_is_given(
    games_client: TestClient,
) -> None:
    text = '[Event "Broken"]\n1. 32-28 19-23 2. 28x17 *\n\n' + TWO_GAMES
    body = _read(games_client, text).json()
    assert body["game"]["index"] == 2 and body["game"]["tags"]["Event"] == "Club night"
    assert _read(games_client, text, game=1).status_code == 422


def test_a_game_is_chosen_by_the_index_its_summary_gives(games_client: TestClient) -> None:
    # The lone "*" opens no game, so the file's games are numbered 2 and 3.
    text = '*\n\n[Event "A"]\n1. 32-28 *\n\n[Event "B"]\n1. 31-27 *\n'
    body = _read(games_client, text).json()
    assert [g["index"] for g in body["games"]] == [2, 3]
    chosen = _read(games_client, text, game=3).json()["game"]
    assert chosen["index"] == 3 and chosen["tags"]["Event"] == "B"
    assert _read(games_client, text, game=1).json()["error"] == "no-such-game"


def test_a_number_of_any_length_is_refused_not_a_server_error(games_client: TestClient) -> None:
    huge = "7" * 5_000
    for text in (f"W:W{huge}:B1", f"1. 32-28 {huge}-23 *", f'[FEN "W:W31-{huge}:B1"] *'):
        response = _read(games_client, text, game=1)
        assert response.status_code == 422, (text[:20], response.status_code)
        assert response.json()["error"] == "bad-pdn"
    # A move number is only a label: the game reads.
    numbered = _read(games_client, f"1. 32-28 19-23 {huge}. 28x19 *")
    assert numbered.status_code == 200 and len(numbered.json()["game"]["moves"]) == 3
    fen_game = games_client.post("/api/games", json={"mode": "free", "fen": f"W:W{huge[:250]}:B1"})
    assert fen_game.status_code == 422


def test_the_reader_stops_at_its_cpu_budget(
    games_client: TestClient, monkeypatch: Any
) -> None:
    from dames_backend.games import pdn_import as pdn_views

    monkeypatch.setattr(pdn_views, "PDN_CPU_SECONDS", 0.0)  # spent at the first look
    one = '[Event "Copy"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    response = _read(games_client, one * 200)
    assert response.status_code == 422 and "s of computing" in response.json()["message"]
