"""The client-key keyring and its rotation (``limits.keyring``, ``limits.key_rotation``,
``functions/key_rotation``): two keys live during a window, counters and receipts keep working
across a rotation, and no player id is kept in clear in a counter."""

from __future__ import annotations

import json
from typing import Any

import boto3
import pytest
from board_claims_support import claim
from clock_support import at, freeze
from dames_backend.limits import clients as client_limits
from dames_backend.limits import key_rotation, keyring, refusals
from dames_backend.players import accounts as players
from dames_backend.privacy import erasure
from fastapi.testclient import TestClient
from moto import mock_aws
from table_support import all_items

DAY = keyring.DAY_SECONDS
NETWORK_DAY = client_limits.PSEUDONYMS_PER_ADDRESS.capacity


def _s(text: str) -> int:
    return int(at(text).timestamp())


def _use_ring(monkeypatch: pytest.MonkeyPatch, ring: keyring.Keyring) -> None:
    monkeypatch.setenv(keyring.SECRET_ENV, ring.to_text())


def test_a_new_key_starts_at_a_coming_midnight_and_old_ones_are_dropped_later() -> None:
    ring = keyring.Keyring((keyring.Key(0, "first"),))
    noon = _s("2026-12-01T12:00:00")
    rotated = ring.rotated(noon, "second")
    assert [k.starts_s for k in rotated.keys] == [0, _s("2026-12-02T00:00:00")]
    # Too close to midnight for every function to have read it: the midnight after.
    late = ring.rotated(_s("2026-12-01T23:00:00"), "second")
    assert late.keys[-1].starts_s == _s("2026-12-03T00:00:00")
    assert rotated.at(noon).secret == "first"
    assert rotated.at(_s("2026-12-02T00:00:00")).secret == "second"
    # The first key stays while a window it keyed (or a receipt it signed) can be open.
    still = rotated.rotated(_s("2026-12-02T00:00:00") + keyring.KEEP_SECONDS - 1, "third")
    assert [k.secret for k in still.keys] == ["first", "second", "third"]
    later = rotated.rotated(_s("2026-12-02T00:00:00") + keyring.KEEP_SECONDS + 1, "third")
    assert [k.secret for k in later.keys] == ["second", "third"]


def test_a_stored_ring_reads_back_and_a_plain_secret_is_one_key_since_ever() -> None:
    ring = keyring.Keyring((keyring.Key(0, "a"), keyring.Key(86_400, "b")))
    assert keyring.parse(ring.to_text()) == ring
    assert keyring.parse("  legacy-secret\n") == keyring.Keyring((keyring.Key(0, "legacy-secret"),))
    for bad in ("", "   ", '{"keys": []}'):
        with pytest.raises(ValueError):
            keyring.parse(bad)


def test_counters_keep_counting_across_a_rotation(
    community_app_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ring = keyring.Keyring((keyring.Key(0, "key-before"),))
    _use_ring(monkeypatch, ring)
    freeze(monkeypatch, "2026-12-01T10:00:00")
    register = _registrar(community_app_client)
    assert [register(f"Early {n}") for n in range(3)] == [201] * 3
    # The rotation runs at noon: the new key starts at midnight; today's counter goes on.
    freeze(monkeypatch, "2026-12-01T12:00:00")
    _use_ring(monkeypatch, ring.rotated(_s("2026-12-01T12:00:00"), "key-after"))
    statuses = [register(f"Late {n}") for n in range(NETWORK_DAY - 3 + 1)]
    assert statuses == [201] * (NETWORK_DAY - 3) + [429]
    freeze(monkeypatch, "2026-12-02T00:00:01")
    assert register("Next Day") == 201
    # Yesterday's and today's counters of the one network share no key: a new key each.
    counters = {
        str(i["pk"]) for i in all_items(table)
        if str(i["pk"]).startswith("LIMIT#pseudonyms-address#")
    }
    assert len(counters) == 2


def _registrar(client: TestClient) -> Any:
    def register(name: str) -> int:
        status: int = client.post("/api/players", json={"pseudonym": name}).status_code
        return status

    return register


@pytest.fixture
def community_app_client(table: Any) -> TestClient:
    from community_app import app

    return TestClient(app, raise_server_exceptions=False, client=("198.51.100.70", 1))


def test_a_receipt_signed_before_a_rotation_is_read_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ring = keyring.Keyring((keyring.Key(0, "old"),)).rotated(_s("2026-12-01T12:00:00"), "new")
    _use_ring(monkeypatch, ring)
    refused_ms = _s("2026-12-01T23:59:59") * 1000
    receipt = refusals.Refusal("g_receipt0000001", refused_ms, refused_ms, 2_000).encode()
    freeze(monkeypatch, "2026-12-02T00:00:01")
    assert refusals.read(receipt, "g_receipt0000001") is not None
    # Once the old key is dropped, what it signed is worth nothing.
    _use_ring(monkeypatch, keyring.Keyring(ring.keys[1:]))
    assert refusals.read(receipt, "g_receipt0000001") is None


def test_no_player_id_in_clear_in_counters_and_erasure_removes_them_across_a_rotation(
    table: Any, games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games_support import claim as claim_route
    from games_support import store_finished

    ring = keyring.Keyring((keyring.Key(0, "key-before"),))
    _use_ring(monkeypatch, ring)
    freeze(monkeypatch, "2026-12-01T22:00:00")
    me = players.create_player("Counted Player")
    game_id, token = store_finished(mode="free")
    assert claim_route(games_client, game_id, token, me.token).status_code == 200
    counters = [i for i in all_items(table) if str(i["pk"]).startswith("LIMIT#claims-player#")]
    assert counters and me.player.player_id not in repr(counters)
    # The day after, under the next key, the erasure still finds yesterday's counter.
    _use_ring(monkeypatch, ring.rotated(_s("2026-12-01T12:00:00"), "key-after"))
    freeze(monkeypatch, "2026-12-02T00:20:00")
    claim(me.player, "g_counted000002", 3000, at="2026-11-28T07:00:00Z", board="free", date=None)
    client_limits.charge(client_limits.CLAIMS_PER_PLAYER,
                         client_limits.player_key(me.player.player_id))
    assert erasure.run(me.player.player_id).done
    left = [i for i in all_items(table) if str(i["pk"]).startswith("LIMIT#claims-player#")]
    assert left == []


@pytest.fixture
def secrets_client(aws_env: None) -> Any:
    with mock_aws():
        yield boto3.client("secretsmanager")


def _current(client: Any, arn: str) -> str:
    text: str = client.get_secret_value(SecretId=arn, VersionStage="AWSCURRENT")["SecretString"]
    return text


def _rotate(client: Any, arn: str, token: str) -> None:
    for step in ("createSecret", "setSecret", "testSecret", "finishSecret"):
        event = {"Step": step, "SecretId": arn, "ClientRequestToken": token}
        assert key_rotation.rotate_step(client, event) == step


def test_secrets_managers_rotation_adds_a_key_and_keeps_the_one_in_force(
    secrets_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    arn = secrets_client.create_secret(Name="client-key", SecretString="first-key")["ARN"]
    freeze(monkeypatch, "2026-12-01T12:00:00")
    _rotate(secrets_client, arn, "rotation-0001-aaaa-bbbb-cccc-dddd")
    ring = keyring.parse(_current(secrets_client, arn))
    assert ring.keys[0].secret == "first-key" and len(ring.keys) == 2
    assert ring.at(_s("2026-12-01T12:00:00")).secret == "first-key"
    assert ring.keys[1].starts_s == _s("2026-12-02T00:00:00")
    # Every step may run twice: nothing changes the second time.
    _rotate(secrets_client, arn, "rotation-0001-aaaa-bbbb-cccc-dddd")
    assert keyring.parse(_current(secrets_client, arn)) == ring
    # A month later the next rotation drops the first key.
    freeze(monkeypatch, "2026-12-31T12:00:00")
    _rotate(secrets_client, arn, "rotation-0002-aaaa-bbbb-cccc-dddd")
    later = keyring.parse(_current(secrets_client, arn))
    assert later.keys[0] == ring.keys[1] and len(later.keys) == 2


def test_a_pending_ring_that_changes_the_key_in_force_fails_its_test(
    secrets_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    arn = secrets_client.create_secret(Name="client-key", SecretString="first-key")["ARN"]
    freeze(monkeypatch, "2026-12-01T12:00:00")
    token = "rotation-bad0-aaaa-bbbb-cccc-dddd"
    secrets_client.put_secret_value(
        SecretId=arn, ClientRequestToken=token, VersionStages=["AWSPENDING"],
        SecretString=json.dumps({"keys": [{"starts": 0, "secret": "someone-elses"}]}),
    )
    with pytest.raises(ValueError):
        key_rotation.rotate_step(
            secrets_client, {"Step": "testSecret", "SecretId": arn, "ClientRequestToken": token}
        )


def test_functions_read_the_ring_from_secrets_manager(
    secrets_client: Any, monkeypatch: pytest.MonkeyPatch, lambda_context: Any
) -> None:
    arn = secrets_client.create_secret(Name="client-key", SecretString="first-key")["ARN"]
    monkeypatch.setenv(keyring.SECRET_ARN_ENV, arn)
    keyring.forget_cache()
    try:
        assert keyring.current().at(0).secret == "first-key"
        from key_rotation import handler

        freeze(monkeypatch, "2026-12-01T12:00:00")
        for step in ("createSecret", "setSecret", "testSecret", "finishSecret"):
            handler({"Step": step, "SecretId": arn,
                     "ClientRequestToken": "rotation-lmbd-aaaa-bbbb-cccc-dddd"}, lambda_context)
        # Within the cache's hour a function keeps the ring it read; then it reads the new.
        assert len(keyring.current().keys) == 1
        keyring.forget_cache()
        assert len(keyring.current().keys) == 2
    finally:
        keyring.forget_cache()
