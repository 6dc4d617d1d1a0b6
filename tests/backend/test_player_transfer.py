"""Moving a player to another device with a one-time code: the identity (pseudonym, scores,
streak) follows, the old token stops working, and a code works once, for 15 minutes, and
cannot be guessed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from board_claims_support import publish
from clock_support import at, freeze
from dames_backend.boards.claims import record_claim
from dames_backend.daily import challenge as daily
from dames_backend.players import accounts as players
from dames_backend.players import transfer as player_transfer
from fastapi.testclient import TestClient
from race_support import race

NOW = "2026-11-30T10:00:00"
CODE_ROUTE = "/api/players/me/transfer-code"
REDEEM_ROUTE = "/api/players/transfer"


def register(client: TestClient, pseudonym: str = "Voyageuse") -> dict[str, Any]:
    response = client.post("/api/players", json={"pseudonym": pseudonym})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def new_code(client: TestClient, token: str) -> dict[str, Any]:
    response = client.post(CODE_ROUTE, headers={"X-Player-Token": token})
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    body: dict[str, Any] = response.json()
    return body


def redeem(client: TestClient, code: str) -> Any:
    return client.post(REDEEM_ROUTE, json={"code": code})


def me(client: TestClient, token: str) -> Any:
    return client.get("/api/players/me", headers={"X-Player-Token": token})


@pytest.fixture
def player(community_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    freeze(monkeypatch, NOW)
    return register(community_client)


def test_the_identity_moves_with_its_scores_and_streak_and_the_old_token_stops(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    profile = players.authenticate_player(player["token"])
    record_claim(game_id="g_dailywin1", player=profile, board="daily", date=daily.today_utc(),
                 score=9000, pieces=15, seconds=100)
    record_claim(game_id="g_freewin01", player=profile, board="free", date=None,
                 score=8000, pieces=12, seconds=200)
    publish("g_dailywin1")  # the fair-play verdicts make them public
    publish("g_freewin01")
    before = me(community_client, player["token"]).json()
    assert before["streak"]["current"] == 1

    issued = new_code(community_client, player["token"])
    assert issued["code"].count("-") == 3 and len(issued["code"]) == 19
    assert issued["expiresAt"] == "2026-11-30T10:15:00Z"
    moved = redeem(community_client, issued["code"])
    assert moved.status_code == 200, moved.text
    assert moved.headers["cache-control"] == "no-store"
    body = moved.json()
    assert body["pseudonym"] == "Voyageuse" and body["playerId"] == player["playerId"]
    new_token = body["playerToken"]
    assert new_token != player["token"] and new_token.startswith(player["playerId"] + ".")

    assert me(community_client, new_token).json() == before
    rank = community_client.get("/api/leaderboards/free/me",
                                headers={"X-Player-Token": new_token}).json()
    assert rank["me"]["score"] == 8000
    old = me(community_client, player["token"])
    assert old.status_code == 403 and old.json()["error"] == "bad-player-token"


def test_a_code_works_once(community_client: TestClient, player: dict[str, Any]) -> None:
    code = new_code(community_client, player["token"])["code"]
    assert redeem(community_client, code).status_code == 200
    again = redeem(community_client, code)
    assert again.status_code == 403 and again.json()["error"] == "bad-transfer-code"


def test_two_simultaneous_redemptions_give_one_token(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    code = new_code(community_client, player["token"])["code"]
    outcomes = race(2, lambda _: redeem(community_client, code))
    assert sorted(r.status_code for r in outcomes) == [200, 403]
    token = next(r.json()["playerToken"] for r in outcomes if r.status_code == 200)
    assert me(community_client, token).status_code == 200


@pytest.mark.parametrize(("minutes", "status"), [(14.9, 200), (15, 403), (60 * 24, 403)])
def test_a_code_expires_after_15_minutes(
    community_client: TestClient, player: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
    minutes: float, status: int,
) -> None:
    code = new_code(community_client, player["token"])["code"]
    freeze(monkeypatch, at(NOW) + timedelta(minutes=minutes))
    assert redeem(community_client, code).status_code == status
    assert me(community_client, player["token"]).status_code == (403 if status == 200 else 200)


def test_a_new_code_replaces_the_previous_one(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    first = new_code(community_client, player["token"])["code"]
    second = new_code(community_client, player["token"])["code"]
    assert first != second
    assert redeem(community_client, first).status_code == 403
    assert redeem(community_client, second).status_code == 200


def test_a_code_is_read_as_people_type_it(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    code = new_code(community_client, player["token"])["code"]
    typed = code.replace("-", " ").lower().replace("0", "o").replace("1", "l")
    assert redeem(community_client, f"  {typed} ").status_code == 200


@pytest.mark.parametrize("text", [
    "", "ABCD-EFGH", "ABCD-EFGH-JKMN-PQRS-TVWX", "ABCD-EFGH-JKMN-PQRU", "ABCD-EFGH-JKMN-PQR!",
    "é" * 16,
])
def test_text_that_cannot_be_a_code_is_a_422(community_client: TestClient, text: str) -> None:
    response = redeem(community_client, text)
    assert response.status_code == 422
    assert response.json()["error"] in ("invalid-transfer-code", "invalid-request")


def test_a_wrong_code_is_refused_and_changes_nothing(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    code = new_code(community_client, player["token"])["code"]
    wrong = "ZZZZ-ZZZZ-ZZZZ-ZZZZ" if not code.startswith("ZZZZ") else "YYYY-YYYY-YYYY-YYYY"
    response = redeem(community_client, wrong)
    assert response.status_code == 403 and response.json()["error"] == "bad-transfer-code"
    assert me(community_client, player["token"]).status_code == 200
    assert redeem(community_client, code).status_code == 200


def other_secret(code: str) -> str:
    """The same locator (the first six characters) with a different rest."""
    raw = code.replace("-", "")
    rest = "".join("1" if ch != "1" else "2" for ch in raw[6:])
    return raw[:6] + rest


def test_guessing_the_rest_of_a_code_destroys_it(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    code = new_code(community_client, player["token"])["code"]
    for _ in range(player_transfer.MAX_ATTEMPTS - 1):
        assert redeem(community_client, other_secret(code)).status_code == 403
    assert redeem(community_client, code).status_code == 200  # still one try left: it works


def test_the_fifth_wrong_try_destroys_the_code(
    community_client: TestClient, player: dict[str, Any]
) -> None:
    code = new_code(community_client, player["token"])["code"]
    for _ in range(player_transfer.MAX_ATTEMPTS):
        assert redeem(community_client, other_secret(code)).status_code == 403
    assert redeem(community_client, code).status_code == 403
    assert me(community_client, player["token"]).status_code == 200  # nothing moved


def test_the_table_keeps_no_code_in_clear(
    community_client: TestClient, player: dict[str, Any], table: Any
) -> None:
    code = new_code(community_client, player["token"])["code"]
    raw = code.replace("-", "")
    stored = repr(table.scan()["Items"])
    assert raw not in stored and code not in stored and raw[:6] not in stored
    item = next(i for i in table.scan()["Items"] if str(i["pk"]).startswith("TRANSFER#"))
    assert int(item["expiresAt"]) == int(at(NOW).timestamp()) + 15 * 60  # the table's TTL


@pytest.mark.parametrize(("headers", "status"), [({}, 401), ({"X-Player-Token": "p_x.y"}, 403)])
def test_only_the_player_can_ask_for_a_code(
    community_client: TestClient, headers: dict[str, str], status: int
) -> None:
    assert community_client.post(CODE_ROUTE, headers=headers).status_code == status
