"""Players: registration (a name taken up to case, accents and look-alikes, the race for
one name), tokens, the routes, the key backfill for names registered before skeletons. The
name rules themselves are test_player_names.py."""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any

import pytest
from dames_backend.errors import ApiError
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient
from race_support import conflicting_transactions, race

from ops.backfill_pseudonyms import backfill_pseudonym_keys

CYRILLIC_A = "\u0410"

# --- registration ------------------------------------------------------------------------


def test_registration_stores_the_token_only_as_its_hash(table: Any) -> None:
    created = players.create_player("Marie-Ange")
    player_id = created.player.player_id
    assert player_id.startswith("p_")
    assert created.token.startswith(player_id + ".")
    assert len(created.token.split(".", 1)[1]) >= 32  # 24 random bytes, base64url
    profile = table.get_item(Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"})["Item"]
    assert profile["pseudonym"] == "Marie-Ange"
    assert profile["tokenHash"] == hashlib.sha256(created.token.encode()).hexdigest()
    key = players.pseudonym_key("Marie-Ange")
    name = table.get_item(Key={"pk": f"PSEUDO#{key}", "sk": "PSEUDO"})["Item"]
    assert name["playerId"] == player_id
    every_value = repr(table.scan()["Items"])
    assert created.token not in every_value
    assert created.token.split(".", 1)[1] not in every_value


@pytest.mark.parametrize("taken, attempt", [("Élodie", "elodie"), ("elodie", "ÉLODIE")])
def test_a_name_differing_only_by_case_or_accents_is_taken(
    table: Any, taken: str, attempt: str
) -> None:
    players.create_player(taken)
    with pytest.raises(ApiError) as caught:
        players.create_player(attempt)
    assert (caught.value.status, caught.value.code) == (409, "pseudonym-taken")
    profiles = [i for i in table.scan()["Items"] if i["sk"] == "PROFILE"]
    assert [p["pseudonym"] for p in profiles] == [unicodedata.normalize("NFC", taken)]


@pytest.mark.parametrize(
    "taken, attempt",
    [
        ("Alice0d5adc", f"{CYRILLIC_A}lice0d5adc"),
        (f"{CYRILLIC_A}lice0d5adc", "alice0d5adc"),
        ("Ian", "lan"),
        ("lan", "Ian"),
    ],
)
def test_a_look_alike_name_is_taken(table: Any, taken: str, attempt: str) -> None:
    players.create_player(taken)
    with pytest.raises(ApiError) as caught:
        players.create_player(attempt)
    assert (caught.value.status, caught.value.code) == (409, "pseudonym-taken")
    profiles = [i for i in table.scan()["Items"] if i["sk"] == "PROFILE"]
    assert [p["pseudonym"] for p in profiles] == [taken]


def test_two_simultaneous_registrations_of_one_name_give_one_winner(
    table: Any,
) -> None:
    for round_number in range(5):
        names = [f"Racer{round_number}", f"RACËR{round_number}"]
        outcomes = race(2, lambda i, names=names: players.create_player(names[i]))
        winners = [o for o in outcomes if isinstance(o, players.NewPlayer)]
        losers = [o for o in outcomes if isinstance(o, ApiError)]
        assert len(winners) == 1, outcomes
        assert len(losers) == 1 and losers[0].status == 409, outcomes
        key = players.pseudonym_key(names[0])
        item = table.get_item(Key={"pk": f"PSEUDO#{key}", "sk": "PSEUDO"})["Item"]
        assert item["playerId"] == winners[0].player.player_id
    profiles = [i for i in table.scan()["Items"] if i["sk"] == "PROFILE"]
    assert len(profiles) == 5


# --- tokens --------------------------------------------------------------------------------


def test_the_token_authenticates_its_player(table: Any) -> None:
    created = players.create_player("Tokenist")
    assert players.authenticate_player(created.token) == created.player
    assert players.authenticate_player(f"  {created.token} ") == created.player


@pytest.mark.parametrize("missing", [None, "", "   "])
def test_a_missing_token_is_401(table: Any, missing: str | None) -> None:
    with pytest.raises(ApiError) as caught:
        players.authenticate_player(missing)
    assert caught.value.status == 401


def test_every_wrong_token_is_the_same_403(table: Any) -> None:
    alice = players.create_player("Alice")
    bob = players.create_player("Bobby")
    alice_id, alice_secret = alice.token.split(".", 1)
    bob_id, _ = bob.token.split(".", 1)
    wrong = [
        f"{alice_id}.{alice_secret[:-1]}x" if alice_secret[-1] != "x" else f"{alice_id}.y",
        f"{bob_id}.{alice_secret}",  # Alice's secret under Bob's id
        f"p_unknownplayer.{alice_secret}",
        "garbage",
        alice_secret,
        "." * 5,
        alice.token + "." + "a" * 300,
    ]
    bodies = set()
    for token in wrong:
        with pytest.raises(ApiError) as caught:
            players.authenticate_player(token)
        assert caught.value.status == 403, token
        bodies.add(repr(caught.value.body()))
    assert len(bodies) == 1  # nothing tells an unknown id from a wrong secret


# --- the routes ----------------------------------------------------------------------------


def test_post_players_returns_201_with_id_name_and_token(community_client: TestClient) -> None:
    response = community_client.post("/api/players", json={"pseudonym": " Zoe\u0308 "})
    assert response.status_code == 201, response.text
    body = response.json()
    assert set(body) == {"playerId", "pseudonym", "token"}
    assert body["pseudonym"] == "Zoë"
    assert response.headers["cache-control"] == "no-store"
    me = community_client.get("/api/players/me", headers={"X-Player-Token": body["token"]})
    assert me.status_code == 200
    # (The view carries more, such as the streak; the identity is what this test is about.)
    assert me.json()["playerId"] == body["playerId"]
    assert me.json()["pseudonym"] == "Zoë"


def test_post_players_look_alike_in_another_alphabet_is_409(
    community_client: TestClient,
) -> None:
    first = community_client.post("/api/players", json={"pseudonym": "Alice0d5adc"})
    assert first.status_code == 201
    response = community_client.post("/api/players", json={"pseudonym": f"{CYRILLIC_A}lice0d5adc"})
    assert response.status_code == 409, response.text
    assert response.json()["error"] == "pseudonym-taken"
    assert "look" in response.json()["message"]


@pytest.mark.parametrize("name", ["\u3164" * 4, "Ann\u200b", "a\u0301\u0302\u0303bc"])
def test_post_players_blank_or_stacked_name_is_422_with_a_reason(
    community_client: TestClient, table: Any, name: str
) -> None:
    response = community_client.post("/api/players", json={"pseudonym": name})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"] == "invalid-pseudonym"
    assert "invisible" in body["message"] or "accent" in body["message"]
    assert table.scan()["Items"] == []


def test_post_players_taken_name_is_409(community_client: TestClient) -> None:
    assert community_client.post("/api/players", json={"pseudonym": "Élodie"}).status_code == 201
    response = community_client.post("/api/players", json={"pseudonym": "elodie"})
    assert response.status_code == 409
    assert response.json()["error"] == "pseudonym-taken"
    assert response.json()["message"]


@pytest.mark.parametrize(
    "payload, status",
    [
        ({"pseudonym": "ab"}, 422),
        ({"pseudonym": "bad<name>"}, 422),
        ({"pseudonym": 12345}, 422),
        ({"pseudonym": None}, 422),
        ({}, 422),
        ({"pseudonym": "Valid Name", "admin": True}, 422),
        ({"pseudonym": "x" * 5000}, 413),
        (["Marie"], 422),
    ],
)
def test_post_players_bad_bodies_are_json_4xx(
    community_client: TestClient, table: Any, payload: Any, status: int
) -> None:
    response = community_client.post("/api/players", json=payload)
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] and body["message"]
    assert table.scan()["Items"] == []


def test_post_players_unparseable_json_is_400(community_client: TestClient) -> None:
    response = community_client.post(
        "/api/players", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "bad-json"


def test_players_me_needs_a_valid_token(community_client: TestClient) -> None:
    created = community_client.post("/api/players", json={"pseudonym": "Checker"}).json()
    assert community_client.get("/api/players/me").status_code == 401
    forged = created["token"][:-2] + ("aa" if not created["token"].endswith("aa") else "bb")
    response = community_client.get("/api/players/me", headers={"X-Player-Token": forged})
    assert response.status_code == 403
    assert "Checker" not in response.text and created["playerId"] not in response.text


def test_a_registration_retries_through_a_transaction_conflict(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = conflicting_transactions(monkeypatch, conflicts=2)
    created = players.create_player("Patiente")
    assert client.attempts == 3
    assert players.authenticate_player(created.token) == created.player


def test_a_registration_that_keeps_conflicting_is_a_409_busy_that_wrote_nothing(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = conflicting_transactions(monkeypatch, conflicts=1000)
    with pytest.raises(ApiError) as caught:
        players.create_player("Pressée")
    assert (caught.value.status, caught.value.code) == (409, "busy")
    assert table.scan()["Items"] == []
    client.conflicts = 0
    assert players.create_player("Pressée").player.pseudonym == "Pressée"


# --- names registered before skeleton keys ------------------------------------------------


def put_legacy_player(table: Any, player_id: str, pseudonym: str, legacy_key: str, at: str) -> None:
    """A player as the registration before skeleton keys stored it: one case-and-accent key."""
    table.put_item(
        Item={
            "pk": f"PSEUDO#{legacy_key}",
            "sk": "PSEUDO",
            "playerId": player_id,
            "pseudonym": pseudonym,
            "createdAt": at,
        }
    )
    table.put_item(
        Item={
            "pk": f"PLAYER#{player_id}",
            "sk": "PROFILE",
            "playerId": player_id,
            "pseudonym": pseudonym,
            "pseudonymKey": legacy_key,
            "tokenHash": "0" * 64,
            "createdAt": at,
        }
    )


def test_old_names_need_the_backfill_and_then_block_their_look_alikes(table: Any) -> None:
    put_legacy_player(table, "p_old1", "Alice0d5adc", "alice0d5adc", "2026-11-01T10:00:00Z")
    # Registered the same day, before the check: a look-alike of the first one.
    put_legacy_player(
        table, "p_old2", f"{CYRILLIC_A}lice0d5adc", "\u0430lice0d5adc", "2026-11-01T11:00:00Z"
    )
    put_legacy_player(table, "p_old3", "Ian", "ian", "2026-11-02T10:00:00Z")
    # The old key is not a skeleton key: without the backfill nothing reserves the new keys.
    assert "alice0d5adc" not in players.pseudonym_keys("Alice0d5adc")
    # ("ian" happens to be both Ian's old key and one of its new ones; "lan" is the other.)
    for key in (*players.pseudonym_keys("Alice0d5adc"), "lan"):
        assert "Item" not in table.get_item(Key=players.pseudonym_item_key(key))

    report = backfill_pseudonym_keys()
    assert report.players == 3
    assert report.clashes == [(f"{CYRILLIC_A}lice0d5adc", "aliceod5adc", "Alice0d5adc")]
    for attempt in ("ALICE0D5ADC", "alice0d5adc", "Alice0d5adc", "lan", "IAN"):
        with pytest.raises(ApiError) as caught:
            players.create_player(attempt)
        assert caught.value.status == 409, attempt

    again = backfill_pseudonym_keys()
    assert (report.written, report.already) == (2, 1)  # Ian's old key is also a new one
    assert (again.written, again.already) == (0, 3)
    assert again.clashes == report.clashes
