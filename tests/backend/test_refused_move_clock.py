"""A move the server refused for its own load costs the player no time: the 429
carries a receipt, the retry sends it back, and the turn is charged without the wait, bounded
by the Retry-After given; receipts a script could forge, save or borrow credit nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from clock_support import T0, ManualClock
from dames_backend.limits import refusals
from fastapi.testclient import TestClient
from games_support import bearer, start_game
from starlette.responses import PlainTextResponse

from local.limiter import ThinkingLimiter
from local.server import LocalApp


@pytest.fixture
def server(table: Any) -> Iterator[tuple[TestClient, ThinkingLimiter]]:
    from community_app import app as community
    from games_app import app as games

    limiter = ThinkingLimiter(games, max_requests=4)
    app = LocalApp(limiter, community, PlainTextResponse("site"), run_rotation=False)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, limiter


def new_game(client: TestClient) -> tuple[str, str, str]:
    """A game whose computer answers at once (debutant); returns id, token, a legal move."""
    token, view = start_game(client, "practice", level="debutant")
    return view["id"], token, view["legalMoves"][0]["notation"]


def move(client: TestClient, game: tuple[str, str, str], receipt: str | None = None) -> Any:
    game_id, token, notation = game
    headers = bearer(token)
    if receipt is not None:
        headers["X-Refusal"] = receipt
    return client.post(f"/api/games/{game_id}/moves", headers=headers,
                       json={"ply": 0, "move": notation})


def refused(client: TestClient, limiter: ThinkingLimiter, game: tuple[str, str, str],
            receipt: str | None = None) -> dict[str, Any]:
    """The move, refused because every place of the server is taken (its load)."""
    limiter.in_flight = limiter.max_requests
    try:
        response = move(client, game, receipt)
    finally:
        limiter.in_flight = 0
    assert response.status_code == 429, response.text
    assert response.headers["retry-after"] == "3"
    body: dict[str, Any] = response.json()
    return body


def charged(response: Any) -> int:
    assert response.status_code == 200, response.text
    elapsed: int = response.json()["clock"]["elapsedMs"]
    return elapsed


@pytest.mark.parametrize(
    ("retried_at", "charged_ms"),
    [
        (7_500, 5_000),  # retried 2.5 s later, within the Retry-After: the wait is free
        (25_000, 22_000),  # 20 s later: only the 3 s asked for are not charged
    ],
)
def test_the_wait_of_a_refused_move_is_not_charged_up_to_the_retry_after(
    server: tuple[TestClient, ThinkingLimiter],
    moved_clock: ManualClock,
    retried_at: int,
    charged_ms: int,
) -> None:
    client, limiter = server
    game = new_game(client)
    moved_clock.now = T0 + 5_000  # five seconds of thought, then the server is busy
    receipt = refused(client, limiter, game)["refusal"]
    moved_clock.now = T0 + retried_at
    assert charged(move(client, game, receipt)) == charged_ms


def test_a_move_refused_again_is_credited_each_wait(
    server: tuple[TestClient, ThinkingLimiter], moved_clock: ManualClock
) -> None:
    client, limiter = server
    game = new_game(client)
    moved_clock.now = T0 + 4_000
    first = refused(client, limiter, game)["refusal"]
    moved_clock.now = T0 + 7_000  # retried after its 3 s, refused again
    second = refused(client, limiter, game, first)["refusal"]
    moved_clock.now = T0 + 9_000
    assert charged(move(client, game, second)) == 4_000


def test_without_a_receipt_the_whole_turn_is_charged(
    server: tuple[TestClient, ThinkingLimiter], moved_clock: ManualClock
) -> None:
    client, limiter = server
    game = new_game(client)
    moved_clock.now = T0 + 5_000
    refused(client, limiter, game)
    moved_clock.now = T0 + 7_000
    assert charged(move(client, game)) == 7_000


def test_receipts_a_script_could_make_save_or_borrow_credit_nothing(
    server: tuple[TestClient, ThinkingLimiter], moved_clock: ManualClock
) -> None:
    client, limiter = server
    game, other = new_game(client), new_game(client)
    moved_clock.now = T0 + 1_000
    borrowed = refused(client, limiter, other)["refusal"]  # another game's
    forged = refusals.Refusal(game[0], T0 + 1_000, T0 + 1_000, 3_000).encode()
    forged = forged[:-4] + ("0000" if not forged.endswith("0000") else "1111")
    longer = borrowed.replace(other[0], game[0])  # re-signed by nobody
    moved_clock.now = T0 + 3_000
    for receipt in (borrowed, forged, longer, "r1.x", "garbage"):
        assert refusals.credit_for(receipt, game[0], T0, moved_clock.now) == 0
    assert charged(move(client, game, borrowed)) == 3_000

    # A receipt of an earlier turn is spent: the next turn began after it.
    saved = refused(client, limiter, other)["refusal"]
    moved_clock.now = T0 + 4_000
    assert charged(move(client, other)) == 4_000  # played without it
    moved_clock.now = T0 + 10_000
    game_id, token, _ = other
    view = client.get(f"/api/games/{game_id}", headers=bearer(token)).json()
    response = client.post(f"/api/games/{game_id}/moves",
                           headers={**bearer(token), "X-Refusal": saved},
                           json={"ply": view["ply"], "move": view["legalMoves"][0]["notation"]})
    assert charged(response) == 4_000 + 6_000


def test_a_client_refused_for_its_own_flood_gets_no_receipt(
    server: tuple[TestClient, ThinkingLimiter],
    moved_clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, limiter = server
    game = new_game(client)
    monkeypatch.setattr(limiter._thinking, "take", lambda keys, cap: "client")
    response = move(client, game)
    assert response.status_code == 429
    assert "refusal" not in response.json()


@pytest.mark.parametrize(("aws_code", "status"),
                         [("ThrottlingException", 429), ("InternalServerError", 503)])
def test_a_move_the_game_store_refused_is_credited_too(
    server: tuple[TestClient, ThinkingLimiter],
    moved_clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    aws_code: str,
    status: int,
) -> None:
    from botocore.exceptions import ClientError
    from dames_backend.games import store as game_store

    client, _ = server
    game = new_game(client)
    real_save = game_store.save_game

    def throttled(*args: Any, **kwargs: Any) -> Any:
        raise ClientError({"Error": {"Code": aws_code, "Message": "slow down"}}, "PutItem")

    monkeypatch.setattr(game_store, "save_game", throttled)
    moved_clock.now = T0 + 6_000
    response = move(client, game)
    assert response.status_code == status and response.headers["retry-after"] == "1"
    receipt = response.json()["refusal"]
    monkeypatch.setattr(game_store, "save_game", real_save)
    moved_clock.now = T0 + 9_000  # 3 s later: the 1 s asked for is not charged, the rest is
    assert charged(move(client, game, receipt)) == 8_000
