"""A fixed walk through the API whose every answer and stored item is recorded exactly.

The game-state refactors (``games.enums``: ``StrEnum``s for mode, status, side and how a game
ended) must change no byte of what the server answers or stores. ``record_wire`` plays the
same games on a frozen clock with fixed randomness and returns each answer's status and body
text, then every item of the table as DynamoDB holds it (types included). The result of the
code before the refactor is ``wire_golden.json``; ``test_game_state_wire.py`` compares.

It imports nothing of the project, so the same walk can run against another version of it:
``python tests/backend/wire_scenario.py OUT.json`` with that version's code on the path.
"""

from __future__ import annotations

import itertools
import json
import os
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

T0_MS = 1_800_000_000_000  # 2027-01-15T08:00:00Z
TABLE = "dames-wire"
REGION = "eu-west-3"
ENV = {
    "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": REGION, "AWS_REGION": REGION, "TABLE_NAME": TABLE,
    "POWERTOOLS_TRACE_DISABLED": "true", "POWERTOOLS_METRICS_DISABLED": "true",
    "DAMES_CLIENT_KEY_SECRET": "wire-scenario-secret",
    # The analyses in the walk search on the pinned Python path: the native core's answers move
    # with its weights and revision, and this walk is about the wire, not the engine's strength.
    "DAMES_NATIVE": "0",
}


class Recorder:
    """Sends requests through the apps' test clients and keeps what each answered."""

    def __init__(self, games: Any, community: Any, advance: Callable[[int], None]) -> None:
        self.games, self.community, self.advance = games, community, advance
        self.answers: list[dict[str, Any]] = []

    def call(self, method: str, path: str, body: Any = None, **headers: str) -> Any:
        client = self.games if path.startswith("/api/games") else self.community
        response = client.request(method, path, json=body, headers=headers)
        self.answers.append({"request": f"{method} {path}", "status": response.status_code,
                             "body": response.content.decode("utf-8")})
        self.advance(1_500)  # every answer is followed by 1.5 s of the player's thinking
        return response.json() if "json" in response.headers.get("content-type", "") else None


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def first_moves(record: Recorder, game: dict[str, Any], token: str, count: int) -> dict[str, Any]:
    """Play the first legal move ``count`` times (the computer answers in between)."""
    for _ in range(count):
        if not game["legalMoves"]:
            break
        move = game["legalMoves"][0]["notation"]
        game = record.call("POST", f"/api/games/{game['id']}/moves",
                           {"ply": game["ply"], "move": move}, **bearer(token))
    return game


def walk(record: Recorder, mark_won: Callable[[str], None]) -> None:
    """Every kind of game and ending the state enums describe, and the answers about them."""
    player = record.call("POST", "/api/players", {"pseudonym": "Zoé Testeuse"})
    me = {"X-Player-Token": player["token"]}
    daily = record.call("POST", "/api/games", {"mode": "daily"}, **me)
    token = daily["token"]
    game = first_moves(record, daily["game"], token, 3)
    record.call("POST", f"/api/games/{game['id']}/clock", {"paused": True}, **bearer(token))
    record.call("POST", f"/api/games/{game['id']}/clock", {"paused": False}, **bearer(token))
    record.call("GET", f"/api/games/{game['id']}/pdn", **bearer(token))
    record.call("POST", f"/api/games/{game['id']}/resign", **bearer(token))
    record.call("GET", f"/api/games/{game['id']}", **bearer(token))

    black = record.call("POST", "/api/games", {"mode": "free", "color": "black",
                                               "level": "facile"})
    token, game = black["token"], first_moves(record, black["game"], black["token"], 2)
    record.call("POST", f"/api/games/{game['id']}/hint", {"ply": game["ply"]}, **bearer(token))
    record.call("POST", f"/api/games/{game['id']}/takeback", {"ply": game["ply"]},
                **bearer(token))
    game = record.call("GET", f"/api/games/{game['id']}", **bearer(token))
    record.call("POST", f"/api/games/{game['id']}/draw-offer", {"ply": game["ply"]},
                **bearer(token))

    duo = record.call("POST", "/api/games", {"mode": "duo", "variant": "english"})
    token, game = duo["token"], first_moves(record, duo["game"], duo["token"], 2)
    record.call("POST", f"/api/games/{game['id']}/draw-offer", {"ply": game["ply"]},
                **bearer(token))
    duo = record.call("POST", "/api/games", {"mode": "duo"})
    record.call("POST", f"/api/games/{duo['game']['id']}/resign", **bearer(duo["token"]))

    one_capture = record.call("POST", "/api/games", {"mode": "free", "fen": "W:W33:B28"})
    token, game = one_capture["token"], first_moves(record, one_capture["game"],
                                                    one_capture["token"], 1)
    record.call("POST", f"/api/games/{game['id']}/claim", **bearer(token), **me)
    record.call("GET", f"/api/games/{game['id']}/pdn", **bearer(token))

    ranked = record.call("POST", "/api/games", {"mode": "free"}, **me)
    token, game = ranked["token"], first_moves(record, ranked["game"], ranked["token"], 2)
    mark_won(game["id"])
    record.call("POST", f"/api/games/{game['id']}/claim", **bearer(token), **me)
    record.call("GET", f"/api/games/{game['id']}", **bearer(token))
    record.call("GET", "/api/leaderboards/free")
    record.call("GET", "/api/leaderboards/free/me", **me)
    record.call("GET", "/api/players/me", **me)

    for body in ({"fen": "W:W33:B28", "moves": ["33x22"]}, {"depth": 2},
                 {"variant": "english", "depth": 1}):
        record.call("POST", "/api/games/position/analyse", body)
    for body in ({"mode": "bogus"}, {"mode": "free", "color": "green"},
                 {"mode": "daily", "color": "white"}, {"mode": "duo", "level": "defi"}):
        record.call("POST", "/api/games", body)


def stored_items(client: Any) -> list[dict[str, Any]]:
    """Every item of the table, in key order, as DynamoDB's own JSON writes it."""
    items: list[dict[str, Any]] = []
    for page in client.get_paginator("scan").paginate(TableName=TABLE):
        items.extend(page["Items"])
    plain = [_hex(item) for item in items]
    return sorted(plain, key=lambda item: (item["pk"]["S"], item["sk"]["S"]))


def _hex(value: Any) -> Any:
    """Binary attributes (bytes, at any depth) as their hex, so the items are JSON."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dict):
        return {key: _hex(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_hex(inner) for inner in value]
    return value


def _reread_native_switch() -> None:
    """Makes ``DAMES_NATIVE`` take effect; versions before the native core have nothing to reset."""
    try:
        from dames import native
    except ImportError:
        return
    native.reset_for_tests()


@contextmanager
def fixed_world() -> Iterator[Callable[[int], None]]:
    """The environment, the randomness and the clock held still; yields ``advance(ms)``."""
    saved = {name: os.environ.get(name) for name in ENV}
    os.environ.update(ENV)
    os.environ.pop("DYNAMODB_ENDPOINT", None)
    _reread_native_switch()
    counter = itertools.count()
    originals = (secrets.token_urlsafe, secrets.token_hex, secrets.choice)
    secrets.token_urlsafe = lambda n=None: f"u{next(counter):0{(n or 32)}d}"[: (n or 32) + 2]
    secrets.token_hex = lambda n=None: f"{next(counter):0{2 * (n or 32)}x}"
    secrets.choice = lambda seq: seq[next(counter) % len(seq)]
    from dames_backend import clock

    now = [T0_MS]
    original_now = clock.now_ms
    clock.now_ms = lambda: now[0]

    def advance(ms: int) -> None:
        now[0] += ms

    try:
        yield advance
    finally:
        clock.now_ms = original_now
        secrets.token_urlsafe, secrets.token_hex, secrets.choice = originals
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _reread_native_switch()


def mark_won(game_id: str) -> None:
    """Test data: the game is won (no test can beat the computer), with a fixed score."""
    from dames_backend import db

    score = {"base": 3000, "perPiece": 300, "pieces": 20, "seconds": 9, "total": 8991}
    db.get_table().update_item(
        Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
        UpdateExpression="SET #s = :won, score = :score, finishedAt = :at",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":won": "won", ":score": score,
                                   ":at": "2027-01-15T08:01:00.000Z"},
    )


def record_wire() -> dict[str, Any]:
    """The answers and the stored items of the walk (see the module's docstring)."""
    import boto3
    from dames_backend import db
    from dames_backend.tables import create_table
    from fastapi.testclient import TestClient
    from moto import mock_aws

    with fixed_world() as advance, mock_aws():
        db.reset()
        client = boto3.client("dynamodb", region_name=REGION)
        create_table(client, TABLE)
        from community_app import app as community_app
        from games_app import app as games_app

        with TestClient(games_app, raise_server_exceptions=False) as games, \
                TestClient(community_app, raise_server_exceptions=False) as community:
            record = Recorder(games, community, advance)
            walk(record, mark_won)
        wire = {"answers": record.answers, "items": stored_items(client)}
        db.reset()
    return wire


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(record_wire(), indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
