"""Small pieces of the games backend checked on their own: clock, score, tokens, table, errors."""

from __future__ import annotations

import hashlib

import pytest
from dames_backend import clock, security
from dames_backend.errors import ApiError
from dames_backend.games import scoring
from dames_backend.tables import TABLE_DEFINITION
from dames_backend.web.app_factory import MAX_BODY_BYTES, StrictModel, create_app
from fastapi.testclient import TestClient

T0 = 1_800_000_000_000


def test_a_turn_costs_the_server_time_from_its_answer_to_the_move() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0)
    assert game_clock.charge_move(T0 + 60_000).elapsed_ms == 60_000
    # A move counts at least 0.3 s, and clock skew between instances never refunds time.
    assert game_clock.charge_move(T0 + 40).elapsed_ms == clock.MIN_MOVE_MS
    assert game_clock.charge_move(T0 - 5_000).elapsed_ms == clock.MIN_MOVE_MS


def test_only_a_pause_closed_by_a_resume_is_credited() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0)
    game_clock = game_clock.pause(T0 + 1_000).resume(T0 + 31_000)  # hidden 30 s
    assert (game_clock.pauses, game_clock.paused_ms) == (1, 30_000)
    assert game_clock.turn_ms(T0 + 33_000) == 3_000
    assert game_clock.charge_move(T0 + 33_000).elapsed_ms == 3_000


def test_a_voided_pause_leaves_its_time_in_the_turn() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0).pause(T0 + 1_000).void_pause()
    assert not game_clock.paused and (game_clock.pauses, game_clock.paused_ms) == (0, 0)
    assert game_clock.turn_ms(T0 + 9_000) == 9_000
    assert game_clock.resume(T0 + 9_000) == game_clock  # nothing left to credit
    assert game_clock.void_pause() == game_clock


def test_a_move_while_paused_voids_the_open_pause() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0).pause(T0 + 1_000)
    assert game_clock.turn_ms(T0 + 50_000) == 1_000  # frozen while paused
    charged = game_clock.charge_move(T0 + 50_000)
    assert charged.elapsed_ms == 50_000
    assert (charged.pauses, charged.paused_ms, charged.paused) == (0, 0, False)


def test_repeated_pauses_and_resumes_change_nothing() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0).pause(T0 + 1_000)
    assert game_clock.pause(T0 + 9_000) == game_clock
    resumed = game_clock.resume(T0 + 2_000)
    assert resumed.resume(T0 + 90_000) == resumed
    assert resumed.paused_ms == 1_000


def test_the_next_turn_starts_at_the_answer_with_no_pause_carried() -> None:
    game_clock = clock.GameClock(turn_started_ms=T0).pause(T0 + 10).resume(T0 + 510)
    charged = game_clock.charge_move(T0 + 1_000).start_turn(T0 + 1_200)
    assert charged.elapsed_ms == 500
    assert charged.turn_ms(T0 + 2_200) == 1_000
    assert (charged.pauses, charged.paused_ms) == (1, 500)


def test_win_score_drops_the_fraction_of_a_second() -> None:
    score = scoring.win_score(pieces=14, elapsed_ms=1_002_999)
    assert score.model_dump() == {
        "total": 3000 + 14 * 300 - 1002,
        "base": 3000,
        "perPiece": 300,
        "pieces": 14,
        "seconds": 1002,
    }


def test_win_score_is_never_negative() -> None:
    assert scoring.win_score(pieces=1, elapsed_ms=3_600_000).total == 0


def test_tokens_are_long_random_and_stored_as_sha256() -> None:
    tokens = {security.new_token() for _ in range(200)}
    assert len(tokens) == 200
    token = tokens.pop()
    assert len(token) >= 32  # 24 bytes in URL-safe base64: 192 bits
    assert security.hash_token(token) == hashlib.sha256(token.encode()).hexdigest()
    assert security.token_matches(token, security.hash_token(token))
    assert not security.token_matches(token + "x", security.hash_token(token))


@pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer   ", "Basic abc", "token"])
def test_bearer_header_missing_or_malformed_is_401(header: str | None) -> None:
    with pytest.raises(ApiError) as caught:
        security.bearer_token(header)
    assert caught.value.status == 401


def test_bearer_header_is_parsed() -> None:
    assert security.bearer_token("Bearer abc-DEF_123") == "abc-DEF_123"
    assert security.bearer_token("bearer  xyz ") == "xyz"


def test_table_definition_matches_the_data_model() -> None:
    keys = {k["AttributeName"]: k["KeyType"] for k in TABLE_DEFINITION["KeySchema"]}
    assert keys == {"pk": "HASH", "sk": "RANGE"}
    gsi, by_player = TABLE_DEFINITION["GlobalSecondaryIndexes"]
    assert gsi["IndexName"] == "gsi1"
    assert {k["AttributeName"]: k["KeyType"] for k in gsi["KeySchema"]} == {
        "gsi1pk": "HASH",
        "gsi1sk": "RANGE",
    }
    assert gsi["Projection"] == {"ProjectionType": "ALL"}
    # The privacy index: every item carrying a player id, keys only (export and erasure).
    assert by_player["IndexName"] == "byPlayer"
    assert {k["AttributeName"]: k["KeyType"] for k in by_player["KeySchema"]} == {
        "playerId": "HASH",
        "pk": "RANGE",
    }
    assert by_player["Projection"] == {"ProjectionType": "KEYS_ONLY"}
    assert TABLE_DEFINITION["BillingMode"] == "PAY_PER_REQUEST"


def test_created_table_has_ttl_on_expires_at(table: object) -> None:
    client = table.meta.client  # type: ignore[attr-defined]
    ttl = client.describe_time_to_live(TableName=table.name)  # type: ignore[attr-defined]
    assert ttl["TimeToLiveDescription"]["AttributeName"] == "expiresAt"
    assert ttl["TimeToLiveDescription"]["TimeToLiveStatus"] in {"ENABLED", "ENABLING"}


class _Echo(StrictModel):
    name: str


def _tiny_app() -> TestClient:
    app = create_app("test", service="test")

    @app.post("/echo")
    def echo(body: _Echo) -> dict[str, str]:
        return {"name": body.name}

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret internals /srv/app.py line 12")

    return TestClient(app, raise_server_exceptions=False)


def test_error_shapes_of_the_shared_app_setup() -> None:
    client = _tiny_app()
    assert client.post("/echo", json={"name": "a"}).json() == {"name": "a"}

    unknown_field = client.post("/echo", json={"name": "a", "admin": True})
    assert unknown_field.status_code == 422
    assert unknown_field.json()["error"] == "invalid-request"
    assert "admin" in unknown_field.json()["message"]

    bad_json = client.post("/echo", content=b"{nope", headers={"content-type": "application/json"})
    assert bad_json.status_code == 400
    assert bad_json.json()["error"] == "bad-json"

    too_big = client.post("/echo", json={"name": "x" * (MAX_BODY_BYTES + 10)})
    assert too_big.status_code == 413
    assert too_big.json()["error"] == "body-too-large"

    no_route = client.get("/nowhere")
    assert no_route.status_code == 404
    assert set(no_route.json()) == {"error", "message"}

    wrong_method = client.delete("/echo")
    assert wrong_method.status_code == 405
    assert wrong_method.json()["error"] == "method-not-allowed"

    crash = client.get("/boom")
    assert crash.status_code == 500
    assert crash.json()["error"] == "internal-error"
    assert "secret" not in crash.text


def test_body_limit_counts_bytes_even_without_content_length() -> None:
    client = _tiny_app()

    def chunks():  # type: ignore[no-untyped-def]
        yield b'{"name": "'
        yield b"y" * MAX_BODY_BYTES
        yield b'"}'

    response = client.post("/echo", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413
