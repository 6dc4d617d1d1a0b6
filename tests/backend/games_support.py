"""Helpers shared by the games tests: talk to the games app like the site does."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from dames_backend import security
from dames_backend.clock import GameClock
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord
from fastapi.testclient import TestClient


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start_game(
    client: TestClient, mode: str = "free", **options: Any
) -> tuple[str, dict[str, Any]]:
    """Create a game; returns (token, GameView)."""
    response = client.post("/api/games", json={"mode": mode, **options})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["token"], body["game"]


def get_game(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def settled(view: dict[str, Any]) -> dict[str, Any]:
    """A GameView without the fields that move with the wall clock (the running turn and the
    server's "now"), so two reads of an unchanged game compare equal."""
    clock = {k: v for k, v in view["clock"].items() if k not in ("turnMs", "serverNow")}
    return {**view, "clock": clock}


def post_move(
    client: TestClient, game_id: str, token: str, ply: int, move: str
) -> Any:
    return client.post(
        f"/api/games/{game_id}/moves", headers=bearer(token), json={"ply": ply, "move": move}
    )


def stored_item(table: Any, game_id: str) -> dict[str, Any]:
    item: dict[str, Any] = table.get_item(Key={"pk": f"GAME#{game_id}", "sk": "GAME"})["Item"]
    return item


def stored_moves(table: Any, game_id: str) -> tuple[str, ...]:
    """The stored game's moves (full paths), decoded as the server reads them."""
    return GameRecord.from_item(stored_item(table, game_id)).moves


def store_won(
    table: Any, game_id: str, *, pieces: int, seconds: int, at: str = "2026-11-28T10:00:00Z"
) -> dict[str, int]:
    """The server's own verdict on a won game, stored as the move route stores it (without
    playing the game out); the score as the rules compute it, returned."""
    score = {"base": 3000, "perPiece": 300, "pieces": pieces, "seconds": seconds}
    score["total"] = max(0, 3000 + 300 * pieces - seconds)
    table.update_item(
        Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
        UpdateExpression="SET #s = :won, score = :score, finishedAt = :at REMOVE expiresAt",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":won": "won", ":score": score, ":at": at},
    )
    return score


def fen_piece_counts(fen: str) -> dict[str, int]:
    """Count each side's pieces straight from a PDN FEN (``W:W31-50:B1-20`` style), without
    the engine, so tests can check the server's figures independently."""
    counts = {"white": 0, "black": 0}
    for part in fen.split(":")[1:]:
        side = {"W": "white", "B": "black"}[part[0]]
        for token in filter(None, part[1:].split(",")):
            token = token.lstrip("K")
            if "-" in token:
                low, high = (int(x) for x in token.split("-"))
                counts[side] += high - low + 1
            else:
                counts[side] += 1
    return counts


def event_for(template: dict[str, Any], *, game_id: str | None = None,
              token: str | None = None, player_token: str | None = None,
              body: Any = None) -> dict[str, Any]:
    """A copy of an events/ template with the example id, tokens and body replaced."""
    text = json.dumps(template)
    if game_id is not None:
        text = text.replace("g_EXAMPLEGAMEID000000", game_id)
    if token is not None:
        text = text.replace("EXAMPLE-GAME-TOKEN", token)
    if player_token is not None:
        text = text.replace("EXAMPLE-PLAYER-TOKEN", player_token)
    event: dict[str, Any] = json.loads(text)
    if body is not None:
        event["body"] = json.dumps(body)
        event["headers"]["content-length"] = str(len(event["body"].encode()))
    return event


def store_finished(
    *,
    mode: str = "free",
    date: str | None = None,
    status: str = "won",
    moves: Sequence[str] = (),
    move_ms: Sequence[int] = (),
    move_paused_ms: Sequence[int] = (),
    seed: str = "0123abcd",
    finished_at: str = "2026-11-29T09:06:43Z",
    **changes: Any,
) -> tuple[str, str]:
    """A finished game (won by White unless ``status`` says otherwise), stored as the move
    route stores it, with any other ``GameRecord`` field in ``changes``; returns (id, token)."""
    token = security.new_token()
    elapsed = sum(max(300, t) for t in move_ms) or 402_500
    seconds = elapsed // 1000
    record = GameRecord(
        id=security.new_id("g"),
        token_hash=security.hash_token(token),
        mode=mode,
        variant="international",
        level="defi",
        seed=seed,
        date=date,
        start_fen="W:W31-50:B1-20",
        player_color="white",
        created_at="2026-11-29T09:00:00Z",
        moves=tuple(moves),
        status=status,
        reason="no-moves" if status != "playing" else None,
        clock=GameClock(
            elapsed_ms=elapsed,
            move_ms=tuple(move_ms),
            move_paused_ms=tuple(move_paused_ms) or tuple(0 for _ in move_ms),
            pauses=sum(1 for p in move_paused_ms if p),
            paused_ms=sum(move_paused_ms),
        ),
        finished_at=finished_at if status != "playing" else None,
        score=(
            {"total": max(0, 3000 + 300 * 9 - seconds), "base": 3000, "perPiece": 300,
             "pieces": 9, "seconds": seconds}
            if status == "won" else None
        ),
    )
    record = record.evolve(**changes)
    game_store.insert_game(record)
    return record.id, token


def register(community_client: TestClient, pseudonym: str) -> dict[str, Any]:
    """A player made through the community API: the answer (playerId, pseudonym, token)."""
    response = community_client.post("/api/players", json={"pseudonym": pseudonym})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def new_player(community_client: TestClient, pseudonym: str) -> str:
    """A player made through the community API; returns their token."""
    token: str = register(community_client, pseudonym)["token"]
    return token


def claim(client: TestClient, game_id: str, token: str, player_token: str | None) -> Any:
    """``POST /api/games/{id}/claim`` with the game's token and the player's, if any."""
    headers = bearer(token)
    if player_token is not None:
        headers["X-Player-Token"] = player_token
    return client.post(f"/api/games/{game_id}/claim", headers=headers)
