"""Per-client limits (client_limits): pseudonyms and claims per network and day, counted in
DynamoDB under a keyed digest of the address, never the address itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from clock_support import freeze
from dames_backend import security
from dames_backend.clock import GameClock
from dames_backend.games.store import GameRecord, insert_game
from dames_backend.limits import clients as client_limits
from fastapi.testclient import TestClient
from games_support import bearer

PSEUDONYMS_A_DAY = client_limits.PSEUDONYMS_PER_ADDRESS.capacity
ORIGIN_SECRET = "from-cloudfront-only"


@pytest.fixture(autouse=True)
def _cloudfront_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(client_limits.ORIGIN_VERIFY_ENV, ORIGIN_SECRET)


@pytest.fixture
def community_app(table: Any) -> Any:
    from community_app import app

    return app


@pytest.fixture
def games_app(table: Any) -> Any:
    from games_app import app

    return app


def client_at(app: Any, address: str) -> TestClient:
    """A client connecting from ``address`` itself (no CloudFront in between)."""
    return TestClient(app, raise_server_exceptions=False, client=(address, 40000))


def via_cloudfront(viewer: str, claimed: str | None = None) -> dict[str, str]:
    """Headers of a request CloudFront forwards for ``viewer`` (after what the viewer wrote
    itself in X-Forwarded-For, if anything)."""
    hops = f"{claimed}, {viewer}" if claimed else viewer
    return {"X-Forwarded-For": hops, "X-Origin-Verify": ORIGIN_SECRET}


def register(client: TestClient, name: str, headers: dict[str, str] | None = None) -> Any:
    return client.post("/api/players", json={"pseudonym": name}, headers=headers or {})


def test_sock_puppets_from_one_network_get_429_and_others_are_not_affected(
    community_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, "2026-12-01T21:00:00")
    puppets = client_at(community_app, "198.51.100.7")
    statuses = [register(puppets, f"Puppet {n}").status_code for n in range(21)]
    assert statuses == [201] * PSEUDONYMS_A_DAY + [429] * (21 - PSEUDONYMS_A_DAY)
    refused = register(puppets, "Puppet 99")
    assert refused.json()["error"] == "rate-limited"
    assert refused.headers["retry-after"] == str(3 * 3600)  # until midnight UTC
    assert refused.headers["cache-control"] == "no-store"
    # Someone else, elsewhere, registers as usual.
    assert register(client_at(community_app, "203.0.113.20"), "Honest").status_code == 201
    # A new day, a few more.
    freeze(monkeypatch, "2026-12-02T00:00:01")
    assert register(puppets, "Puppet 100").status_code == 201


def test_the_viewer_behind_cloudfront_is_the_client_and_a_written_one_is_not(
    community_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cloudfront = client_at(community_app, "130.176.0.1")
    viewer = "198.51.100.8"
    for n in range(PSEUDONYMS_A_DAY):
        # Each request claims another address in its own X-Forwarded-For: ignored.
        headers = via_cloudfront(viewer, claimed=f"10.0.0.{n}")
        assert register(cloudfront, f"Hopper {n}", headers).status_code == 201
    assert register(cloudfront, "Hopper x", via_cloudfront(viewer)).status_code == 429
    # Another viewer through the same CloudFront edge is another client.
    assert register(cloudfront, "Other", via_cloudfront("198.51.100.9")).status_code == 201


def test_forwarded_addresses_are_believed_only_from_cloudfront(community_app: Any) -> None:
    direct = client_at(community_app, "198.51.100.10")
    for n in range(PSEUDONYMS_A_DAY):
        forged = {"X-Forwarded-For": f"10.1.0.{n}", "X-Origin-Verify": "guessed"}
        assert register(direct, f"Forger {n}", forged).status_code == 201
    assert register(direct, "Forger x", {"X-Forwarded-For": "10.9.9.9"}).status_code == 429


def test_an_ipv6_client_is_its_64(community_app: Any) -> None:
    for n in range(PSEUDONYMS_A_DAY):
        client = client_at(community_app, f"2001:db8:1:2::{n + 1:x}")
        assert register(client, f"Six {n}").status_code == 201
    assert register(client_at(community_app, "2001:db8:1:2:ffff::1"), "Six x").status_code \
        == 429
    assert register(client_at(community_app, "2001:db8:1:3::1"), "Next door").status_code == 201


def test_counters_hold_no_address_in_clear(community_app: Any, table: Any) -> None:
    register(client_at(community_app, "198.51.100.11"), "Discreet")
    items = table.scan()["Items"]
    counters = [i for i in items if str(i["pk"]).startswith(client_limits.LIMIT_PK_PREFIX)]
    assert len(counters) == 2  # the attempt and the pseudonym created
    assert "198.51.100.11" not in repr(counters)
    assert all(int(c[client_limits.TTL_ATTRIBUTE]) > 0 for c in counters)  # deleted later


# --- claims ------------------------------------------------------------------------------


@pytest.fixture
def small_claim_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(client_limits.CLAIMS_PER_PLAYER.env, "2")
    monkeypatch.setenv(client_limits.CLAIMS_PER_ADDRESS.env, "3")
    monkeypatch.setenv(client_limits.PSEUDONYMS_PER_ADDRESS.env, "10")
    yield


def won_game() -> tuple[str, str]:
    token = security.new_token()
    record = GameRecord(
        id=security.new_id("g"), token_hash=security.hash_token(token), mode="free",
        variant="international", level="defi", seed="0123abcd", date=None,
        start_fen="W:W31-50:B1-20", player_color="white", created_at="2026-11-29T09:00:00Z",
        status="won", reason="no-moves", clock=GameClock(elapsed_ms=300_000),
        finished_at="2026-11-29T09:06:43Z",
        score={"total": 5400, "base": 3000, "perPiece": 300, "pieces": 9, "seconds": 300},
    )
    insert_game(record)
    return record.id, token


def claim(client: TestClient, player: str) -> Any:
    game_id, token = won_game()
    return client.post(
        f"/api/games/{game_id}/claim", headers={**bearer(token), "X-Player-Token": player}
    )


def test_claims_are_limited_per_player_and_per_network(
    community_app: Any, games_app: Any, small_claim_limits: None
) -> None:
    home = "198.51.100.12"
    players = client_at(community_app, home)
    alice, bob = (register(players, name).json()["token"] for name in ("Alice", "Bobby"))
    games = client_at(games_app, home)
    # Alice's third claim is over her own allowance (2); it was still an attempt from home.
    assert [claim(games, alice).status_code for _ in range(3)] == [200, 200, 429]
    limited = claim(games, alice)
    assert limited.json()["error"] == "rate-limited" and int(limited.headers["retry-after"]) > 0
    # Three attempts from one network (3): Bob, at the same address, waits for tomorrow.
    assert claim(games, bob).status_code == 429
    # From another network Bob has his allowance; Alice has none anywhere.
    elsewhere = client_at(games_app, "203.0.113.30")
    assert claim(elsewhere, bob).status_code == 200
    assert claim(elsewhere, alice).status_code == 429


# --- on Lambda, behind CloudFront ---------------------------------------------------------


def lambda_event(load_event: Any, name: str, viewer_hops: str, verify: str | None) -> Any:
    """The sample registration as API Gateway hands it over from CloudFront (sourceIp is an
    edge of CloudFront), with the pseudonym ``name``."""
    import json

    event = load_event("players-create.json")
    event["requestContext"]["http"]["sourceIp"] = "130.176.1.1"
    event["headers"]["x-forwarded-for"] = viewer_hops
    if verify is not None:
        event["headers"]["x-origin-verify"] = verify
    event["body"] = json.dumps({"pseudonym": name})
    event["headers"]["content-length"] = str(len(event["body"].encode()))
    return event


def test_on_lambda_the_viewer_is_read_from_cloudfronts_hop(
    table: Any, load_event: Any, lambda_context: Any
) -> None:
    from community_app import handler

    def register_via(hops: str, name: str, verify: str | None = ORIGIN_SECRET) -> int:
        status: int = handler(lambda_event(load_event, name, hops, verify), lambda_context)[
            "statusCode"
        ]
        return status

    viewer = "198.51.100.90"
    # Whether or not API Gateway appends CloudFront's own address, the viewer is the client.
    for n in range(PSEUDONYMS_A_DAY):
        hops = f"10.0.0.{n}, {viewer}" + (", 130.176.1.1" if n % 2 else "")
        assert register_via(hops, f"Edge {n}") == 201
    assert register_via(viewer, "Edge x") == 429
    assert register_via("198.51.100.91", "Edge y") == 201
    # Without CloudFront's header the peer (here CloudFront's edge) is the client.
    assert [register_via(f"10.3.0.{n}", f"Bare {n}", None) for n in range(6)] == \
        [201] * PSEUDONYMS_A_DAY + [429]
