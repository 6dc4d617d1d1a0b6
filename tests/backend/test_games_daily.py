"""A whole daily game played through the real Lambda handler to a win, then claimed.

The test stands in for the player with the engine's stronger ``fort`` level (6 plies) against
the daily computer (``defi``, 4 plies). The daily challenge item is written by the test with
a known seed, as the rotation would, so the game is reproducible; if a seed's game is not a
win, the next seed of the list is tried (a new date), up to three.

The score is then checked by hand: the backend's clock is frozen, so each move counts the
0.3 s minimum whatever the real timing, and the player's pieces are counted from the final
FEN string, not with the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import dames
import dames.ai
import pytest
from board_claims_support import publish
from clock_support import freeze
from dames_backend import clock
from dames_backend.daily import challenge as daily
from fastapi.testclient import TestClient
from games_support import event_for, fen_piece_counts, stored_item

SEEDS = ("s2", "s3", "s4")
DATES = ("2026-11-27", "2026-11-28", "2026-11-29")


def _call(handler: Callable[..., Any], event: dict[str, Any], context: Any) -> Any:
    result = handler(event, context)
    return result["statusCode"], json.loads(result["body"])


def _players_board(moves: list[str]) -> dames.Board:
    board = dames.Board(draw_rules="daily")
    for notation in moves:
        board.push(board.parse_move(notation))
    return board


@pytest.mark.slow
def test_a_daily_game_won_through_the_handler_scores_and_claims(
    table: Any,
    load_event: Callable[[str], dict[str, Any]],
    lambda_context: Any,
    monkeypatch: pytest.MonkeyPatch,
    games_client: TestClient,
    community_client: TestClient,
) -> None:
    from games_app import handler

    outcome = None
    for seed, day in zip(SEEDS, DATES, strict=True):
        # The challenge of `day`, as the midnight rotation writes it (docs/http-api.md).
        table.put_item(Item={"pk": f"DAILY#{day}", "sk": "DAILY", "date": day, "seed": seed,
                             "createdAt": f"{day}T00:00:00Z"})
        # The game starts 0.1 s before midnight ending `day`; the clock then passes midnight
        # before it ends, well within the 10 minutes' grace of a game in progress, and stops
        # there, so every move counts the 0.3 s minimum.
        freeze(monkeypatch, f"{day}T23:59:59.900")
        status, created = _call(handler, load_event("games-create-daily.json"), lambda_context)
        assert status == 201 and created["game"]["date"] == day
        assert created["game"]["closesAt"] == clock.iso_utc(daily.closes_at(day))
        freeze(monkeypatch, clock.utc_now() + timedelta(milliseconds=200))
        outcome = _finish(handler, load_event, lambda_context, created)
        if outcome[2]["status"] == "won":
            break
    assert outcome is not None
    game_id, token, view, played = outcome
    assert view["status"] == "won", f"the player did not win any of {SEEDS}: {view['reason']}"

    # --- the score, by hand -----------------------------------------------------------
    item = stored_item(table, game_id)
    assert item["seed"] in SEEDS and item["level"] == "defi" and item["mode"] == "daily"
    assert view["date"] == item["date"] != daily.today_utc()  # finishes under its own date
    assert view["ranked"] is True and item["aiVersion"] == dames.ai.AI_VERSION
    pieces_left = fen_piece_counts(view["fen"])["white"]
    assert pieces_left == view["pieces"]["white"] >= 1
    seconds = (played * 300) // 1000
    assert view["clock"]["elapsedMs"] == played * 300
    assert view["score"] == {
        "total": max(0, 3000 + 300 * pieces_left - seconds),
        "base": 3000,
        "perPiece": 300,
        "pieces": pieces_left,
        "seconds": seconds,
    }
    assert view["legalMoves"] == []
    assert view["reason"] in {"no-moves"}
    # A win that may still be claimed is kept long enough to be claimed and checked.
    assert int(item["expiresAt"]) > clock.now_ms() // 1000
    # the final position really is over: black (the computer) has no move
    final = dames.Board(view["fen"])
    assert final.turn == dames.BLACK and final.legal_moves() == []

    # --- claim it on the daily board of its own date -------------------------------------
    player = community_client.post("/api/players", json={"pseudonym": "Gagnante"})
    assert player.status_code == 201, player.text
    player_token = player.json()["token"]
    claim_event = event_for(
        load_event("games-claim.json"), game_id=game_id, token=token, player_token=player_token
    )
    status, claimed = _call(handler, claim_event, lambda_context)
    assert status == 200, claimed
    assert claimed["board"] == "daily" and claimed["date"] == view["date"]
    assert claimed["score"] == view["score"]["total"] and claimed["rank"] == 1

    status, again = _call(handler, claim_event, lambda_context)
    assert status == 409 and again["error"] == "already-claimed"
    status, reread = _call(
        handler, event_for(load_event("games-get.json"), game_id=game_id, token=token),
        lambda_context,
    )
    assert status == 200 and reread["claimed"] is True
    assert "expiresAt" not in stored_item(table, game_id)  # on a board: kept as long as it

    publish(game_id)  # the fair-play verdict makes it public
    board = community_client.get(f"/api/leaderboards/daily/{view['date']}").json()
    assert [(e["pseudonym"], e["score"]) for e in board["entries"]] == [
        ("Gagnante", view["score"]["total"])
    ]


def _finish(
    handler: Callable[..., Any],
    load_event: Callable[[str], dict[str, Any]],
    context: Any,
    created: dict[str, Any],
) -> tuple[str, str, dict[str, Any], int]:
    game_id, token = created["game"]["id"], created["token"]
    view = created["game"]
    played = 0
    move_template = load_event("games-move.json")
    while view["status"] == "playing":
        board = _players_board(view["moves"])
        assert board.fen() == view["fen"]
        move = dames.ai.choose_move(board, seed="the-player", level="fort", ply=board.ply + 4)
        text = str(move) if played % 2 else board.notation(move)
        event = event_for(
            move_template, game_id=game_id, token=token,
            body={"ply": view["ply"], "move": text},
        )
        status, view = _call(handler, event, context)
        assert status == 200, view
        played += 1
        assert view["clock"]["elapsedMs"] == 300 * played
    return game_id, token, view, played
