"""The API's contract is the OpenAPI documents the apps serve; the copies in docs/openapi/
must be those documents, and each response shape must come from the one model that builds it."""

from __future__ import annotations

from typing import Any

import pytest

from local import openapi


@pytest.mark.lint
def test_the_stored_openapi_documents_are_current() -> None:
    assert openapi.stale(openapi.documents()) == [], "run: .venv/bin/python -m local.openapi"


def _schema(name: str) -> dict[str, Any]:
    import json

    return json.loads(openapi.documents()[openapi.OUTPUT_DIR / f"{name}.json"])


@pytest.mark.lint
def test_level_and_variant_names_come_from_the_engine() -> None:
    import dames
    import dames.ai

    schemas = _schema("games")["components"]["schemas"]
    game = schemas["GameView"]["properties"]
    assert game["level"]["anyOf"][0]["enum"] == list(dames.ai.LEVELS)  # or null (duo games)
    assert game["variant"]["enum"] == list(dames.VARIANTS)


@pytest.mark.lint
def test_the_game_routes_document_the_views_they_build() -> None:
    paths = _schema("games")["paths"]

    def ok_schema(path: str, method: str) -> str:
        responses = paths[path][method]["responses"]
        ok = responses.get("200") or responses["201"]
        ref: str = ok["content"]["application/json"]["schema"]["$ref"]
        return ref.rsplit("/", 1)[-1]

    assert ok_schema("/api/games", "post") == "CreatedGame"
    for path, method in (
        ("/api/games/{game_id}", "get"),
        ("/api/games/{game_id}/moves", "post"),
        ("/api/games/{game_id}/resign", "post"),
    ):
        assert ok_schema(path, method) == "GameView"
    assert ok_schema("/api/games/{game_id}/clock", "post") == "ClockView"
