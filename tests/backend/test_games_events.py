"""The sample HTTP API v2 events in events/ fed to the real Lambda handler (Mangum)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from games_support import event_for, settled


@pytest.fixture
def games_handler(table: Any) -> Callable[..., dict[str, Any]]:
    from games_app import handler

    return handler


def _call(handler: Callable[..., dict[str, Any]], event: dict[str, Any], context: Any) -> Any:
    result = handler(event, context)
    assert result["headers"]["content-type"].startswith("application/json")
    return result["statusCode"], json.loads(result["body"])


def test_game_events_through_the_lambda_handler(
    games_handler: Callable[..., dict[str, Any]],
    load_event: Callable[[str], dict[str, Any]],
    lambda_context: Any,
) -> None:
    status, created = _call(games_handler, load_event("games-create.json"), lambda_context)
    assert status == 201
    game_id, token = created["game"]["id"], created["token"]
    assert created["game"]["mode"] == "free" and created["game"]["ply"] == 0

    status, view = _call(
        games_handler, event_for(load_event("games-get.json"), game_id=game_id, token=token),
        lambda_context,
    )
    assert status == 200 and settled(view) == settled(created["game"])

    clock_event = event_for(load_event("games-clock.json"), game_id=game_id, token=token)
    status, paused = _call(games_handler, clock_event, lambda_context)
    assert status == 200 and paused["paused"] is True and paused["running"] is False

    move_event = event_for(load_event("games-move.json"), game_id=game_id, token=token)
    status, moved = _call(games_handler, move_event, lambda_context)
    assert status == 200
    assert moved["ply"] == 2 and moved["moves"][0] == "32-28"
    status, retried = _call(games_handler, move_event, lambda_context)
    assert status == 200 and settled(retried) == settled(moved)

    status, resigned = _call(
        games_handler, event_for(load_event("games-resign.json"), game_id=game_id, token=token),
        lambda_context,
    )
    assert status == 200 and resigned["status"] == "resigned"


def test_daily_event_and_error_events(
    games_handler: Callable[..., dict[str, Any]],
    load_event: Callable[[str], dict[str, Any]],
    lambda_context: Any,
) -> None:
    status, created = _call(games_handler, load_event("games-create-daily.json"), lambda_context)
    assert status == 201 and created["game"]["mode"] == "daily"
    game_id = created["game"]["id"]

    # the example token of the file itself opens nothing
    status, body = _call(
        games_handler, event_for(load_event("games-get.json"), game_id=game_id), lambda_context
    )
    assert status == 403 and body["error"] == "bad-token"

    no_token = event_for(load_event("games-get.json"), game_id=game_id)
    del no_token["headers"]["authorization"]
    status, body = _call(games_handler, no_token, lambda_context)
    assert status == 401 and body["error"] == "missing-token"

    status, body = _call(
        games_handler,
        event_for(load_event("games-move.json"), game_id=game_id, token=created["token"],
                  body={"ply": 0, "move": "19-23"}),
        lambda_context,
    )
    assert status == 422 and body["error"] == "illegal-move"

    big = event_for(load_event("games-create.json"), body={"mode": "free", "pad": "x" * 9000})
    status, body = _call(games_handler, big, lambda_context)
    assert status == 413 and body["error"] == "body-too-large"

    status, body = _call(
        games_handler,
        event_for(load_event("games-claim.json"), game_id=game_id, token=created["token"]),
        lambda_context,
    )
    assert status == 403  # the example player token is nobody's
