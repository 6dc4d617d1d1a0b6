"""Property-based API tests: schemathesis generates requests from each app's OpenAPI schema
(valid and invalid) and checks that no response is a 5xx and every response matches the
schema documented for its status (errors included)."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
)

CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


def _games_app() -> Any:
    from games_app import app

    return app


def _community_app() -> Any:
    from community_app import app

    return app


games_schema = schemathesis.openapi.from_asgi("/api/games/openapi.json", _games_app())
community_schema = schemathesis.openapi.from_asgi("/api/openapi.json", _community_app())


@pytest.fixture
def game_token(games_client: Any) -> dict[str, str]:
    """A real game and its token, so generated requests can also reach past the auth check."""
    created = games_client.post("/api/games", json={"mode": "free"}).json()
    return {"id": created["game"]["id"], "token": created["token"]}


@games_schema.parametrize()
@SETTINGS
def test_games_api(case: Any, game_token: dict[str, str]) -> None:
    # Half of the cases aim at the real game with its token; the others stay random.
    targets_a_game = bool(case.path_parameters) and "game_id" in case.path_parameters
    if targets_a_game and case.headers is not None and len(repr(case.body)) % 2 == 0:
        case.path_parameters["game_id"] = game_token["id"]
        case.headers["Authorization"] = f"Bearer {game_token['token']}"
    case.call_and_validate(checks=CHECKS)


@community_schema.parametrize()
@SETTINGS
def test_community_api(case: Any, table: Any) -> None:
    case.call_and_validate(checks=CHECKS)
