"""A player reports a public entry: once per entry and player, never their own, a few a day,
and the entry goes on the moderators' queue; the reporter learns only that it was received."""

from __future__ import annotations

from typing import Any

import pytest
from board_claims_support import DAY, claim_on_day
from dames_backend.boards.keys import QUEUE_REVIEW_PK
from dames_backend.fairplay import moderation, review
from dames_backend.fairplay.keys import report_key
from dames_backend.fairplay.reports import REPORTS_PER_PLAYER
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient
from privacy_support import mentions

ROUTE = f"/api/leaderboards/daily/{DAY}/reports"


def _published(name: str, game_id: str, score: int) -> players.NewPlayer:
    created = players.create_player(name)
    claim_on_day(created.player, game_id, score, "2026-11-28T09:00:00Z", published=False)
    item = review.load_claim(game_id)
    assert item is not None
    review.decide(item, "published", ())
    return created


def _report(client: TestClient, token: str | None, pseudonym: str,
            kind: str = "engine") -> Any:
    headers = {"X-Player-Token": token} if token else {}
    return client.post(ROUTE, json={"pseudonym": pseudonym, "kind": kind}, headers=headers)


def test_a_report_is_received_once_and_queues_the_entry(
    table: Any, community_client: TestClient
) -> None:
    _published("Suspect", "g_s", 7000)
    ann = players.create_player("Ann")
    answer = _report(community_client, ann.token, "suspect")  # as typed: any case
    assert answer.status_code == 201 and answer.json() == {"received": True}
    assert answer.headers["Cache-Control"] == "no-store"
    again = _report(community_client, ann.token, "Suspect", "copy")
    assert again.status_code == 409 and again.json()["error"] == "already-reported"
    claim = review.load_claim("g_s")
    assert claim is not None and int(claim["reports"]) == 1
    assert claim["gsi1pk"] == QUEUE_REVIEW_PK
    (row,) = moderation.review_list()
    assert (row.kind, row.item["gameId"]) == ("reported", "g_s")
    ben = players.create_player("Ben")
    assert _report(community_client, ben.token, "Suspect").status_code == 201
    assert int(review.load_claim("g_s")["reports"]) == 2  # type: ignore[index]


def test_bad_reports_are_refused_and_change_nothing(
    table: Any, community_client: TestClient
) -> None:
    suspect = _published("Suspect", "g_s", 7000)
    players.create_player("Quiet")  # a pseudonym with no entry on this board
    assert _report(community_client, None, "Suspect").status_code == 401
    assert _report(community_client, "not-a-token", "Suspect").status_code in (401, 403)
    own = _report(community_client, suspect.token, "Suspect")
    assert own.status_code == 422 and own.json()["error"] == "own-entry"
    ann = players.create_player("Ann")
    for name in ("Nobody At All", "Quiet"):
        missing = _report(community_client, ann.token, name)
        assert missing.status_code == 404 and missing.json()["error"] == "no-such-entry"
    bad = community_client.post(ROUTE, json={"pseudonym": "Suspect", "kind": "spite"},
                                headers={"X-Player-Token": ann.token})
    assert bad.status_code == 422
    assert "reports" not in (review.load_claim("g_s") or {})
    assert moderation.review_list() == []


def test_a_provisional_entry_cannot_be_reported_as_it_is_not_public(
    table: Any, community_client: TestClient
) -> None:
    players_made = players.create_player("Waiting")
    claim_on_day(players_made.player, "g_w", 6000, "2026-11-28T09:00:00Z", published=False)
    ann = players.create_player("Ann")
    assert _report(community_client, ann.token, "Waiting").status_code == 404


def test_reports_are_limited_per_player_and_day(
    table: Any, community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(REPORTS_PER_PLAYER.env, "2")
    for index in range(3):
        _published(f"Entry {index}", f"g_{index}", 5000 + index)
    ann = players.create_player("Ann")
    assert _report(community_client, ann.token, "Entry 0").status_code == 201
    assert _report(community_client, ann.token, "Entry 1").status_code == 201
    third = _report(community_client, ann.token, "Entry 2")
    assert third.status_code == 429 and third.json()["error"] == "rate-limited"
    assert "reports" not in (review.load_claim("g_2") or {})


def test_the_reporter_takes_their_reports_away_and_erasing_them_removes_them(
    table: Any, community_client: TestClient
) -> None:
    """A report names its reporter: it is in their data, and it goes when they are erased
    (the entry's count stays: it names nobody)."""
    _published("Suspect", "g_s", 7000)
    ann = players.create_player("Ann")
    assert _report(community_client, ann.token, "Suspect", "copy").status_code == 201
    headers = {"X-Player-Token": ann.token}
    page = community_client.get("/api/players/me/data", headers=headers).json()
    (report,) = page["reports"]
    assert (report["gameId"], report["kind"], report["playerId"]) == (
        "g_s", "copy", ann.player.player_id)
    assert {c["limit"] for c in page["counters"]} >= {REPORTS_PER_PLAYER.name}
    assert community_client.delete("/api/players/me", headers=headers).status_code == 200
    assert "Item" not in table.get_item(Key=report_key("g_s", ann.player.player_id))
    assert mentions(table, ann.player.player_id) == []
    assert int(review.load_claim("g_s")["reports"]) == 1  # type: ignore[index]
