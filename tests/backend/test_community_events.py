"""The sample events in events/ fed to the real Lambda handlers (Mangum + Powertools)."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from board_claims_support import publish
from community_app import handler
from dames_backend.boards import claims as leaderboard
from dames_backend.daily import challenge as daily
from dames_backend.players import accounts as players

LoadEvent = Callable[[str], dict[str, Any]]


def _with(event: dict[str, Any], *, player_token: str | None = None, body: Any = None,
          drop_header: str | None = None) -> dict[str, Any]:
    """A copy of a sample event with the example token or the body replaced."""
    text = json.dumps(event)
    if player_token is not None:
        text = text.replace("EXAMPLE-PLAYER-TOKEN", player_token)
    changed: dict[str, Any] = json.loads(text)
    if body is not None:
        changed["body"] = body if isinstance(body, str) else json.dumps(body)
        changed["headers"]["content-length"] = str(len(changed["body"].encode()))
    if drop_header is not None:
        changed["headers"].pop(drop_header, None)
    return changed


def _call(event: dict[str, Any], context: SimpleNamespace) -> tuple[int, dict[str, Any]]:
    response = handler(event, context)
    assert response["headers"]["content-type"] == "application/json"
    return response["statusCode"], json.loads(response["body"])


@pytest.fixture
def invoke(table: Any, lambda_context: SimpleNamespace) -> Callable[..., Any]:
    return lambda event: _call(event, lambda_context)


def test_health_event(invoke: Callable[..., Any], load_event: LoadEvent) -> None:
    assert invoke(load_event("community-health.json")) == (200, {"ok": True})


def test_player_events_register_and_identify(
    invoke: Callable[..., Any], load_event: LoadEvent
) -> None:
    status, created = invoke(load_event("players-create.json"))
    assert status == 201
    assert created["pseudonym"] == "Marie-Ange"
    status, again = invoke(load_event("players-create.json"))
    assert (status, again["error"]) == (409, "pseudonym-taken")
    me_event = load_event("players-me.json")
    assert invoke(_with(me_event, player_token=created["token"])) == (
        200,
        {"playerId": created["playerId"], "pseudonym": "Marie-Ange",
         "streak": {"current": 0, "best": 0, "lastDate": None}},
    )
    status, forbidden = invoke(me_event)  # the example token is no one's token
    assert (status, forbidden["error"]) == (403, "bad-player-token")
    status, missing = invoke(_with(me_event, drop_header="x-player-token"))
    assert (status, missing["error"]) == (401, "missing-player-token")


@pytest.mark.parametrize(
    "body, status",
    [
        ({"pseudonym": "x"}, 422),
        ({"pseudonym": "Valid", "score": 99999}, 422),
        ("{broken", 400),
        ({"pseudonym": "y" * 10_000}, 413),
    ],
)
def test_bad_registration_events_are_json_4xx(
    invoke: Callable[..., Any], load_event: LoadEvent, table: Any, body: Any, status: int
) -> None:
    got, answer = invoke(_with(load_event("players-create.json"), body=body))
    assert got == status
    assert answer["error"] and answer["message"]
    assert table.scan()["Items"] == []


def test_leaderboard_events(invoke: Callable[..., Any], load_event: LoadEvent) -> None:
    daily_event = load_event("leaderboard-daily.json")
    date = daily_event["pathParameters"]["date"]
    assert date <= daily.today_utc()
    created = players.create_player("Marie-Ange")
    leaderboard.record_claim(
        game_id="g_event", player=created.player, board="daily", date=date,
        score=6600, pieces=13, seconds=300, achieved_at=f"{date}T09:00:00Z",
    )
    leaderboard.record_claim(
        game_id="g_free", player=created.player, board="free", date=None,
        score=4300, pieces=6, seconds=500, achieved_at=f"{date}T10:00:00Z",
    )
    publish("g_event")  # the fair-play verdicts make them public
    publish("g_free")
    status, board = invoke(_with(daily_event, player_token=created.token))
    assert status == 200
    assert board == {"board": "daily", "date": date, "entries": [
        {"rank": 1, "pseudonym": "Marie-Ange", "score": 6600, "pieces": 13, "seconds": 300,
         "pauses": 0, "pausedMs": 0, "at": f"{date}T09:00:00Z", "provisional": False},
    ]}
    me_event = _with(daily_event, player_token=created.token)
    me_path = f"/api/leaderboards/daily/{date}/me"
    me_event["rawPath"] = me_event["requestContext"]["http"]["path"] = me_path
    status, mine = invoke(me_event)
    assert status == 200
    assert (mine["me"]["rank"], mine["me"]["score"]) == (1, 6600)
    status, free = invoke(load_event("leaderboard-free.json"))
    assert status == 200
    assert [(e["pseudonym"], e["score"]) for e in free["entries"]] == [("Marie-Ange", 4300)]
    assert "me" not in free


@pytest.mark.parametrize("bad_date", ["2026-11-31", "not-a-date", "2026-1-5", "2026-11-30x"])
def test_leaderboard_event_with_a_bad_date_is_422(
    invoke: Callable[..., Any], load_event: LoadEvent, bad_date: str
) -> None:
    event = load_event("leaderboard-daily.json")
    path = f"/api/leaderboards/daily/{bad_date}"
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["pathParameters"] = {"date": bad_date}
    event["headers"].pop("x-player-token")
    status, body = invoke(event)
    assert (status, body["error"]) == (422, "invalid-date")


def test_daily_event_shows_today_and_hides_its_seed(
    invoke: Callable[..., Any], load_event: LoadEvent
) -> None:
    status, body = invoke(load_event("daily-get.json"))
    assert status == 200
    assert body["date"] == daily.today_utc()
    assert 0 < body["secondsUntilNext"] <= 86_400
    assert body["yesterday"]["date"] == daily.yesterday_utc()
    today = daily.get_daily(body["date"])
    assert today is not None and today.seed not in json.dumps(body)


def test_unknown_route_is_a_json_404(invoke: Callable[..., Any], load_event: LoadEvent) -> None:
    event = load_event("community-health.json")
    event["rawPath"] = event["requestContext"]["http"]["path"] = "/api/nothing-here"
    status, body = invoke(event)
    assert status == 404 and body["error"] == "not-found"
