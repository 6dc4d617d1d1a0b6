"""The local server's bound on the computer's thinking (local/limiter.py), with the real games
and community apps on moto: searches are held open by a patched search, so the test sees the
server while they run without depending on how fast this machine is."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import dames.ai.player
import pytest
from dames.ai.levels import Level
from dames.ai.search import Searcher
from fastapi.testclient import TestClient
from games_support import bearer, start_game
from starlette.responses import PlainTextResponse

from local.limiter import ThinkingLimiter
from local.server import LocalApp

HELD_SEARCHES = 1  # slots per kind of level in this test
QUEUE = 1
MAX_REQUESTS = 5
WAIT = 60.0  # generous: only a hung server reaches it


class HeldSearches:
    """Holds every search (inside its slot) until `release`, then answers at a cheap depth."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.entered = threading.Semaphore(0)
        real = Searcher.search

        def held(searcher: Searcher, root: Any, moves: Any, depth: int) -> Any:
            self.entered.release()
            assert self.release.wait(WAIT)
            return real(searcher, root, moves, min(depth, 2))

        monkeypatch.setattr(Searcher, "search", held)
        real_native = dames.ai.player.native_search

        def held_native(board: Any, level: Level, *args: Any) -> Any:
            self.entered.release()
            assert self.release.wait(WAIT)
            return real_native(board, dataclasses.replace(level, depth=min(level.depth, 2)), *args)

        # maitre searches in the native core where it is built, in Python where it is not.
        monkeypatch.setattr(dames.ai.player, "native_search", held_native)


@pytest.fixture
def server(table: Any) -> Iterator[tuple[TestClient, ThinkingLimiter]]:
    from community_app import app as community
    from games_app import app as games

    limiter = ThinkingLimiter(games, searches=HELD_SEARCHES, queue=QUEUE,
                              max_requests=MAX_REQUESTS)
    site = PlainTextResponse("site")
    app = LocalApp(limiter, community, site, run_rotation=False)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, limiter


def new_game(client: TestClient, level: str) -> tuple[str, str, dict[str, Any]]:
    """A practice game, the player to move in the start position."""
    token, view = start_game(client, "practice", level=level)
    assert view["legalMoves"], view
    return view["id"], token, view


def post_first_move(client: TestClient, game: tuple[str, str, dict[str, Any]]) -> Any:
    game_id, token, view = game
    return client.post(f"/api/games/{game_id}/moves", headers=bearer(token),
                       json={"ply": view["ply"], "move": view["legalMoves"][0]["notation"]})


def test_searches_beyond_the_bound_get_429_and_the_rest_stays_responsive(
    server: tuple[TestClient, ThinkingLimiter], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, limiter = server
    # The computer's first reply is searched, not drawn as in a real opening: nine legal
    # replies to any first move, so every request below reaches the search.
    monkeypatch.setattr(dames.ai.player, "OPENING_RANDOM_PLIES", 0)
    games = [new_game(client, "maitre") for _ in range(MAX_REQUESTS + 3)]
    debutant = new_game(client, "debutant")
    held = HeldSearches(monkeypatch)

    pool = ThreadPoolExecutor(max_workers=len(games))
    try:
        # One search runs (held), one waits for its slot.
        running = pool.submit(post_first_move, client, games[0])
        assert held.entered.acquire(timeout=WAIT)
        queued = pool.submit(post_first_move, client, games[1])
        wait_until(lambda: limiter.stats()["waiting"][True] == 1)
        # Beyond the slot and the queue: refused at once, nothing played.
        refused = post_first_move(client, games[2])
        assert refused.status_code == 429
        assert refused.json()["error"] == "overloaded" and refused.json()["message"]
        assert int(refused.headers["retry-after"]) > 0
        unchanged = client.get(f"/api/games/{games[2][0]}", headers=bearer(games[2][1]))
        assert unchanged.json()["ply"] == games[2][2]["ply"]

        # While the searches are held: health and a debutant move answer.
        assert client.get("/api/health").status_code == 200
        answered = post_first_move(client, debutant)
        assert answered.status_code == 200, answered.text
        assert answered.json()["ply"] == debutant[2]["ply"] + 2

        # More move requests than the ASGI bound: the excess is refused before the app runs.
        more: list[Future[Any]] = [pool.submit(post_first_move, client, g) for g in games[3:]]
        statuses = sorted(f.result(timeout=WAIT).status_code for f in more)
        assert statuses == [429] * len(more)
        assert limiter.stats()["in_flight"] <= MAX_REQUESTS

        held.release.set()
        assert running.result(timeout=WAIT).status_code == 200
        assert queued.result(timeout=WAIT).status_code == 200
    finally:
        held.release.set()
        pool.shutdown(wait=True)
    # A refused move can be played again once the server has room.
    assert post_first_move(client, games[2]).status_code == 200


def test_the_asgi_bound_refuses_before_the_app(
    server: tuple[TestClient, ThinkingLimiter], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, limiter = server
    monkeypatch.setattr(limiter, "in_flight", MAX_REQUESTS)  # as if all were taken
    response = client.post("/api/games/whatever/moves", json={"ply": 0, "move": "32-28"})
    assert response.status_code == 429 and response.json()["error"] == "overloaded"
    assert response.headers["retry-after"]
    # Other routes are not counted.
    assert client.get("/api/health").status_code == 200


def wait_until(condition: Any) -> None:
    done = threading.Event()
    for _ in range(int(WAIT * 100)):
        if condition():
            return
        done.wait(0.01)
    raise AssertionError("condition never met")


@pytest.mark.parametrize(
    ("method", "path", "thinking"),
    [
        ("POST", "/api/games/g1/moves", True),
        ("POST", "/api/games/g1/hint", True),
        ("POST", "/api/games/g1/draw-offer", True),
        ("POST", "/api/games/pdn/read", True),  # reading a file resolves every move
        ("GET", "/api/games/g1/pdn", False),
        ("POST", "/api/games/g1/resign", False),
        ("POST", "/api/games/g1/clock", False),
        ("GET", "/api/games/g1", False),
    ],
)
def test_only_the_routes_where_the_computer_searches_are_counted(
    server: tuple[TestClient, ThinkingLimiter], monkeypatch: pytest.MonkeyPatch,
    method: str, path: str, thinking: bool,
) -> None:
    client, limiter = server
    monkeypatch.setattr(limiter, "in_flight", MAX_REQUESTS)  # every place taken
    response = client.request(method, path, json={"ply": 0, "move": "32-28", "paused": True})
    assert (response.status_code == 429) == thinking
