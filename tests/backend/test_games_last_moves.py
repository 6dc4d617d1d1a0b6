"""The game's view names the player's own last move beside the computer's (issue 32: a
lidraughts player looks for their own move on the board once the reply is drawn)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from games_support import get_game, post_move, start_game


def test_the_view_keeps_the_players_last_move_beside_the_reply(
    games_client: TestClient,
) -> None:
    token, game = start_game(games_client, "free", level="facile")
    assert game["lastPlayerMove"] is None
    answered = post_move(games_client, game["id"], token, 0, "32-28").json()
    own, reply = answered["lastPlayerMove"], answered["lastComputerMove"]
    assert own["notation"] == "32-28" and own["path"] == [32, 28]
    assert answered["lastMove"] == reply and reply != own
    assert get_game(games_client, game["id"], token)["lastPlayerMove"] == own


def test_the_computer_opening_leaves_no_player_move(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free", level="facile", color="black")
    assert game["lastComputerMove"] is not None and game["lastPlayerMove"] is None
    move = game["legalMoves"][0]
    answered = post_move(games_client, game["id"], token, 1, move["hub"]).json()
    assert answered["lastPlayerMove"]["hub"] == move["hub"]
