"""Renaming a player (``POST /api/players/me/pseudonym``): the registration's rules, the old
name quarantined, every board showing the new name and nothing else of the boards changed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from board_claims_support import DAY, PK, claim
from clock_support import freeze
from dames_backend import clock
from dames_backend.boards import ranking
from dames_backend.players import accounts as players
from dames_backend.players import rename, reservations
from dames_backend.privacy import inactivity
from fastapi.testclient import TestClient
from privacy_support import fill_board


def _rename(client: TestClient, token: str, name: str) -> Any:
    return client.post(
        "/api/players/me/pseudonym", json={"pseudonym": name}, headers={"X-Player-Token": token}
    )


def _boards(client: TestClient) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    daily = client.get(f"/api/leaderboards/daily/{DAY}").json()["entries"]
    free = client.get("/api/leaderboards/free").json()["entries"]
    return daily, free


def _player_with_claims(name: str, daily_score: int, free_score: int) -> players.NewPlayer:
    created = players.create_player(name)
    claim(created.player, "g_renamed00001", daily_score, at="2026-11-28T08:30:00Z")
    claim(created.player, "g_renamed00002", free_score, at="2026-11-28T09:00:00Z",
          board="free", date=None)
    return created


def test_a_rename_shows_everywhere_and_changes_nothing_else(
    community_client: TestClient, table: Any
) -> None:
    fill_board(table, 150)
    for n in range(3):
        other = players.create_player(f"Free Rival {n}")
        claim(other.player, f"g_freerival{n:03d}", 3100 + 40 * n, at="2026-11-28T07:00:00Z",
              board="free", date=None)
    me = _player_with_claims("Before Name", 3200, 3150)
    daily_before, free_before = _boards(community_client)
    assert len(daily_before) == 100
    mine = next(e for e in daily_before if e["pseudonym"] == "Before Name")
    assert 1 < mine["rank"] < 100  # in the middle of the top 100
    my_ranks = [ranking.my_rank(b, d, me.player.player_id) for b, d in (("daily", DAY),
                                                                          ("free", None))]
    answer = _rename(community_client, me.token, "After Name")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"pseudonym": "After Name", "boardsUpdated": True}
    daily_after, free_after = _boards(community_client)

    def renamed(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {**e, "pseudonym": "After Name"} if e["pseudonym"] == "Before Name" else e
            for e in entries
        ]

    assert daily_after == renamed(daily_before)
    assert free_after == renamed(free_before)
    for (board, date), before in zip((("daily", DAY), ("free", None)), my_ranks, strict=True):
        after = ranking.my_rank(board, date, me.player.player_id)
        assert after.me is not None and before.me is not None
        assert after.me == before.me  # the same rank, score and figures
    me_view = community_client.get("/api/players/me", headers={"X-Player-Token": me.token})
    assert me_view.json()["pseudonym"] == "After Name"
    claims = [i for i in table.scan()["Items"] if str(i["pk"]).startswith("CLAIM#g_renamed")]
    assert {c["pseudonym"] for c in claims} == {"After Name"}
    assert "Before Name" not in repr(table.scan()["Items"]).replace("quarantined", "")


def test_the_old_name_is_quarantined_then_free(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = players.create_player("Ancien Nom")
    assert _rename(community_client, me.token, "Nouveau Nom").status_code == 200
    for attempt in ("Ancien Nom", "ancien nom", "Аncien Nom"):  # the last with a Cyrillic А
        taken = community_client.post("/api/players", json={"pseudonym": attempt})
        assert taken.status_code == 409 and taken.json()["error"] == "pseudonym-taken"
    key = players.pseudonym_keys("Ancien Nom")[0]
    item = table.get_item(Key=reservations.pseudonym_item_key(key))["Item"]
    assert "playerId" not in item and "pseudonym" not in item
    later = clock.utc_now() + timedelta(days=reservations.QUARANTINE_DAYS, seconds=1)
    freeze(monkeypatch, later)
    assert community_client.post("/api/players", json={"pseudonym": "ancien nom"}).status_code \
        == 201


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("Taken Name", 409, "pseudonym-taken"),
        ("tаken name", 409, "pseudonym-taken"),  # Cyrillic а
        ("x", 422, "invalid-pseudonym"),
        ("Modérateur", 422, "reserved-pseudonym"),
        ("a\u200bb c", 422, "invalid-pseudonym"),
    ],
)
def test_a_rename_follows_the_registration_rules(
    community_client: TestClient, table: Any, name: str, status: int, code: str
) -> None:
    players.create_player("Taken Name")
    me = _player_with_claims("Keeps Name", 3300, 3300)
    before = table.scan()["Items"]
    answer = _rename(community_client, me.token, name)
    assert answer.status_code == status and answer.json()["error"] == code, answer.text
    after = table.scan()["Items"]
    no_counters = [i for i in after if not str(i["pk"]).startswith("LIMIT#")]
    assert sorted(map(repr, no_counters)) == sorted(map(repr, before))


def test_renames_are_spaced_and_count_as_created_names(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = players.create_player("First Name")
    assert _rename(community_client, me.token, "Second Name").status_code == 200
    soon = _rename(community_client, me.token, "Third Name")
    assert soon.status_code == 429 and soon.json()["error"] == "rename-too-soon"
    assert int(soon.headers["retry-after"]) > 29 * 86_400
    freeze(monkeypatch, clock.utc_now() + timedelta(days=rename.RENAME_INTERVAL_DAYS, hours=1))
    monkeypatch.setenv("DAMES_LIMIT_PSEUDONYMS_PER_DAY", "1")
    other = players.create_player("Other Name")
    assert _rename(community_client, other.token, "Other Renamed").status_code == 200
    limited = _rename(community_client, me.token, "Third Name")
    assert limited.status_code == 429 and limited.json()["error"] == "rate-limited"
    assert community_client.get(
        "/api/players/me", headers={"X-Player-Token": me.token}
    ).json()["pseudonym"] == "Second Name"


def test_a_rename_cut_short_is_finished_by_the_same_request_or_the_schedule(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_board(table, 20)
    me = _player_with_claims("Slow Sync", 3400, 3400)
    player = players.authenticate_player(me.token)
    cut = rename.rename(player, "Fast Sync", client=None, budget_s=0.0)
    assert cut.boards_updated is False
    assert {e.pseudonym for e in ranking.top("daily", DAY)} & {"Slow Sync"}
    assert rename.pending() == [(me.player.player_id, "Fast Sync")]
    # Sending the same name again finishes the boards and costs no rename.
    again = _rename(community_client, me.token, "Fast Sync")
    assert again.json() == {"pseudonym": "Fast Sync", "boardsUpdated": True}
    assert "Slow Sync" not in {e.pseudonym for e in ranking.top("daily", DAY)}
    # The daily job syncs once more (a verdict may have raced the rename), then forgets it.
    table.update_item(Key={"pk": PK, "sk": f"PLAYER#{me.player.player_id}"},
                      UpdateExpression="SET pseudonym = :old",
                      ExpressionAttributeValues={":old": "Slow Sync"})
    report = inactivity.sweep(budget_s=30)
    assert report.renames_synced == 1 and report.complete
    assert "Slow Sync" not in {e.pseudonym for e in ranking.top("daily", DAY)}
    assert rename.pending() == []


def test_a_rename_needs_the_players_token(community_client: TestClient) -> None:
    no_token = community_client.post("/api/players/me/pseudonym", json={"pseudonym": "Abc"})
    assert no_token.status_code == 401
    wrong = _rename(community_client, "p_nobody.secret", "Abc")
    assert wrong.status_code == 403
    me = players.create_player("Body Check")
    extra = community_client.post(
        "/api/players/me/pseudonym", json={"pseudonym": "Abcd", "admin": True},
        headers={"X-Player-Token": me.token},
    )
    assert extra.status_code == 422 and set(extra.json()) >= {"error", "message"}
