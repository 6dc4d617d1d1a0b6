"""On AWS each client's requests for the computer are counted in DynamoDB before the route
throttles (dames_backend.limits.thinking): one network cannot spend everyone's allowance, and
inside a network one game cannot spend the others'."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import freeze
from dames_backend.limits import thinking as thinking_limit
from fastapi.testclient import TestClient
from games_support import bearer, start_game

PDN = {"pdn": "1. 32-28 19-23 *"}


@pytest.fixture
def games_app(table: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from games_app import app

    monkeypatch.setenv(thinking_limit.ENABLE_ENV, "dynamodb")
    monkeypatch.setenv(thinking_limit.THINKING_PER_ADDRESS.env, "4")
    monkeypatch.setenv(thinking_limit.PER_GAME_ENV, "2")
    freeze(monkeypatch, "2026-12-01T10:00:01")
    return app


def client_at(app: Any, address: str) -> TestClient:
    return TestClient(app, raise_server_exceptions=False, client=(address, 40000))


def test_a_network_gets_its_share_and_no_more(games_app: Any) -> None:
    flooder = client_at(games_app, "198.51.100.70")
    statuses = [flooder.post("/api/games/pdn/read", json=PDN).status_code for _ in range(6)]
    assert statuses == [200] * 4 + [429] * 2
    refused = flooder.post("/api/games/pdn/read", json=PDN)
    assert refused.json()["error"] == "rate-limited"
    assert refused.headers["retry-after"] == "9"  # the 10 s window ends in 9 s
    # Another network is not affected; other routes are not counted.
    assert client_at(games_app, "203.0.113.70").post("/api/games/pdn/read", json=PDN) \
        .status_code == 200
    assert flooder.post("/api/games", json={"mode": "practice"}).status_code == 201


def test_one_game_cannot_spend_its_networks_share(games_app: Any) -> None:
    home = client_at(games_app, "198.51.100.71")
    token, game = start_game(home, "practice", level="debutant")
    hint = f"/api/games/{game['id']}/hint"
    statuses = [home.post(hint, headers=bearer(token), json={"ply": 0}).status_code
                for _ in range(3)]
    assert statuses == [200, 200, 429]
    # Another game of the same network still has room in the network's share.
    token2, game2 = start_game(home, "practice", level="debutant")
    other = home.post(f"/api/games/{game2['id']}/hint", headers=bearer(token2), json={"ply": 0})
    assert other.status_code == 200


def test_off_unless_the_template_turns_it_on(
    games_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(thinking_limit.ENABLE_ENV)
    local = client_at(games_app, "198.51.100.72")
    assert {local.post("/api/games/pdn/read", json=PDN).status_code for _ in range(6)} == {200}
