"""A player's data (``GET /api/players/me/data``): everything the table holds about them, in
pages of a bounded cost, and nothing of anyone else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from board_claims_support import DAY, claim
from clock_support import freeze
from dames_backend.players import accounts as players
from dames_backend.players import export, index
from fastapi.testclient import TestClient
from games_support import store_finished
from privacy_support import counted_requests

MOVES = ("32-28", "19-23", "28x19", "14x23")


def _data(client: TestClient, token: str, cursor: str | None = None) -> Any:
    params = {"cursor": cursor} if cursor else {}
    return client.get(
        "/api/players/me/data", params=params, headers={"X-Player-Token": token}
    )


def _all_pages(client: TestClient, token: str) -> list[dict[str, Any]]:
    pages = []
    cursor = None
    while True:
        answer = _data(client, token, cursor)
        assert answer.status_code == 200, answer.text
        pages.append(answer.json())
        cursor = answer.json()["next"]
        if cursor is None:
            return pages


def _merged(pages: list[dict[str, Any]], section: str) -> list[dict[str, Any]]:
    return [item for page in pages for item in page[section]]


def test_the_export_holds_everything_about_the_player_and_no_credential(
    community_client: TestClient, table: Any
) -> None:
    me = players.create_player("Curious Player")
    other = players.create_player("Someone Else")
    headers = {"X-Player-Token": me.token}
    assert community_client.post("/api/players/me/transfer-code", headers=headers).status_code \
        == 201
    game_id, _ = store_finished(
        mode="daily", date=DAY, moves=MOVES, move_ms=(1200, 900), owner_id=me.player.player_id
    )
    table.put_item(Item={"pk": f"GAME#{game_id}", "sk": "ANALYSIS", "result": "{\"moves\":[]}",
                         "finishedAt": "2026-11-28T10:00:00Z"})
    claim(me.player, game_id, 3500, at="2026-11-28T09:00:00Z")
    table.update_item(
        Key={"pk": f"CLAIM#{game_id}", "sk": "CLAIM"},
        UpdateExpression="SET signals = :s, reasons = :r",
        ExpressionAttributeValues={":s": json.dumps({"agreement": 0.91}), ":r": ["fast"]},
    )
    claim(me.player, "g_freeclaim0001", 3300, at="2026-11-28T09:30:00Z", board="free", date=None)
    claim(other.player, "g_otherclaim001", 3400, at="2026-11-28T09:10:00Z")
    pages = _all_pages(community_client, me.token)
    first = pages[0]
    assert first["playerId"] == me.player.player_id
    assert first["streak"]["best"] == 1  # the daily win counted
    assert {c["limit"] for c in first["counters"]} >= {"data-pages-player"}
    profile = _merged(pages, "profile")
    assert [p["pseudonym"] for p in profile] == ["Curious Player"]
    assert DAY in profile[0]["wonDays"]
    assert {p["pseudonym"] for p in _merged(pages, "pseudonyms")} == {"Curious Player"}
    assert len(_merged(pages, "transferCodes")) == 1
    entries = _merged(pages, "entries")
    assert sorted(e["score"] for e in entries) == [3300, 3500]
    claims = {c["pk"]: c for c in _merged(pages, "claims")}
    assert set(claims) == {f"CLAIM#{game_id}", "CLAIM#g_freeclaim0001"}
    assert claims[f"CLAIM#{game_id}"]["signals"] == json.dumps({"agreement": 0.91})
    assert claims[f"CLAIM#{game_id}"]["reasons"] == ["fast"]
    (game,) = _merged(pages, "games")
    assert game["moves"] == list(MOVES)
    assert game["clock"]["moveMs"] == [1200, 900]
    assert [part["sk"] for part in game["parts"]] == ["ANALYSIS"]
    text = json.dumps(pages)
    assert "tokenHash" not in text and "codeHash" not in text
    assert other.player.player_id not in text and "Someone Else" not in text


def test_a_player_with_many_games_is_exported_in_pages_of_a_bounded_cost(
    community_client: TestClient, table: Any
) -> None:
    """The bound: a page is one index query, one batch read, one query per game listed (for
    its analysis) and the counter's update, whatever the player holds; 220 games here are
    five pages, and 5 000 would be 100."""
    me = players.create_player("Many Games")
    games = {
        store_finished(moves=MOVES, owner_id=me.player.player_id)[0] for _ in range(220)
    }
    pages = []
    cursor = None
    while True:
        with counted_requests() as calls:
            answer = _data(community_client, me.token, cursor)
        page = answer.json()
        pages.append(page)
        listed = len(page["games"]) + len(page["profile"]) + len(page["pseudonyms"])
        assert listed <= index.PAGE_ITEMS
        first = cursor is None
        # The first page also reads the counters keyed by the player (three limits, one
        # batch).
        assert calls["Query"] == 1 + len(page["games"])
        assert calls["BatchGetItem"] == (2 if first else 1)
        assert calls["UpdateItem"] == 1 and "Scan" not in calls
        cursor = page["next"]
        if cursor is None:
            break
    assert {g["pk"].removeprefix("GAME#") for g in _merged(pages, "games")} == games
    assert len(pages) == 5


def test_a_cursor_only_moves_within_the_callers_own_items(
    community_client: TestClient, table: Any
) -> None:
    me = players.create_player("Own Items")
    other = players.create_player("Not Mine")
    store_finished(owner_id=other.player.player_id)
    forged = index.encode_cursor({"pk": "GAME#", "sk": "GAME"})
    page = _data(community_client, me.token, forged).json()
    assert other.player.player_id not in json.dumps(page)
    for bad in ("not-a-cursor", "W10=", "x" * 700):
        answer = _data(community_client, me.token, bad)
        assert answer.status_code == 422, bad
        assert set(answer.json()) >= {"error", "message"}


def test_the_export_needs_the_token_and_is_limited_per_player(
    community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert community_client.get("/api/players/me/data").status_code == 401
    assert _data(community_client, "p_nobody.secret").status_code == 403
    me = players.create_player("Downloads A Lot")
    monkeypatch.setenv(export.EXPORT_PAGES_PER_PLAYER.env, "2")
    assert [_data(community_client, me.token).status_code for _ in range(3)] == [200, 200, 429]
    assert _data(community_client, me.token).headers["cache-control"] == "no-store"


def test_the_export_holds_the_line_marks_of_the_players_claims(
    community_client: TestClient, table: Any
) -> None:
    """A line mark carries its claimer's id: it is in their data, beside the claim."""
    from dames_backend.boards import claims as board_claims

    made = players.create_player("Line Marked")
    board_claims.record_claim(
        game_id="g_marked01", player=made.player, board="daily", date=DAY, score=3000,
        pieces=1, seconds=10, achieved_at="2026-11-28T07:00:00Z", line_marks=["m10", "m20"],
    )
    pages = _all_pages(community_client, made.token)
    marks = _merged(pages, "lineMarks")
    assert sorted(m["pk"].rsplit("#", 1)[1] for m in marks) == ["m10", "m20"]
    assert {(m["gameId"], m["playerId"]) for m in marks} == {("g_marked01", made.player.player_id)}
    (claimed,) = _merged(pages, "claims")
    assert claimed["lineMarks"] == ["m10", "m20"]
    assert _merged(pages, "other") == []


def test_a_seed_is_exported_only_once_it_is_public(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed decides every reply of the computer: an open day's seed in the download
    would let anyone play that day's challenge knowing each answer (found by a script on
    2026-12-07). A daily game's shows after its day's close, another game's once it is over,
    as in its PDN."""
    me = players.create_player("Seed Seeker")
    owner = me.player.player_id
    daily_id, _ = store_finished(mode="daily", date=DAY, status="playing", moves=MOVES[:2],
                                 seed="d41y5eed", owner_id=owner)
    running_id, _ = store_finished(status="playing", moves=MOVES[:2], seed="f4ee5eed",
                                   owner_id=owner)
    over_id, _ = store_finished(moves=MOVES, seed="0ve45eed", owner_id=owner)

    def seeds() -> dict[str, str | None]:
        games = _merged(_all_pages(community_client, me.token), "games")
        return {g["id"]: g.get("seed") for g in games}

    freeze(monkeypatch, f"{DAY}T18:00:00")  # the day is open
    assert seeds() == {daily_id: None, running_id: None, over_id: "0ve45eed"}
    text = json.dumps(_all_pages(community_client, me.token))
    assert "d41y5eed" not in text and "f4ee5eed" not in text
    freeze(monkeypatch, "2026-11-29T00:10:01")  # past the close and its grace
    assert seeds() == {daily_id: "d41y5eed", running_id: None, over_id: "0ve45eed"}
