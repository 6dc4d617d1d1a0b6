"""Games played through the real games app verify with `python -m dames verify`'s replay.

The verifier and the server must agree on how the computer is asked (the board replayed from
``startFen`` with its history, the draw rules, ``ply=board.ply``, which side is the computer);
if either side changes that convention, revealed seeds stop proving anything, and this fails.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from dames.ai import AI_VERSION
from dames.verify import EXIT_CONFIRMED, read_game, verify
from fastapi.testclient import TestClient
from games_support import bearer, get_game, post_move, start_game, stored_item

PRACTICE_FEN = "B:W27,28,32,33,37,38,42,43,K48:B8,12,13,17,18,19,23,K3"


def play_through_the_api(
    client: TestClient, table: Any, mode: str, player_moves: int, **options: Any
) -> tuple[dict[str, Any], str]:
    """A game played like the site does (the player picks among the legal moves it is sent);
    returns the final GameView and the seed the server kept for it."""
    token, view = start_game(client, mode, **options)
    for turn in range(player_moves):
        if view["status"] != "playing":
            break
        legal = view["legalMoves"]
        move = legal[(turn * 7) % len(legal)]["notation"]
        response = post_move(client, view["id"], token, view["ply"], move)
        assert response.status_code == 200, response.text
        view = response.json()
    view = get_game(client, view["id"], token)
    client.post(f"/api/games/{view['id']}/resign", headers=bearer(token))
    return view, str(stored_item(table, view["id"])["seed"])


@pytest.mark.parametrize(("mode", "options"), [
    ("free", {}),
    ("practice", {"fen": PRACTICE_FEN, "level": "facile"}),
], ids=["free-defi-white", "practice-facile-black"])
def test_every_computer_reply_of_a_server_game_is_confirmed(
    games_client: TestClient, table: Any, mode: str, options: dict[str, Any]
) -> None:
    view, seed = play_through_the_api(games_client, table, mode, 14, **options)
    assert view["aiVersion"] == AI_VERSION
    game = read_game(json.dumps(view))
    out = io.StringIO()
    verdict = verify(game, seed=seed, level=view["level"], out=out)
    assert verdict.exit_status == EXIT_CONFIRMED, out.getvalue()
    # Every reply of the computer is checked: the player moved first, so half the plies
    # (the game may end early: the player here picks moves blindly).
    assert len(verdict.checks) == len(view["moves"]) // 2 >= 4
    assert all(check.color.name.lower() != view["playerColor"] for check in verdict.checks)
