"""Erasing a player (``DELETE /api/players/me`` and the schedule): everything goes, the
boards' ranks stay exact, a half-failed erasure finishes on a rerun, a ban survives as a hash,
and the cost does not grow with the board."""

from __future__ import annotations

from typing import Any

import pytest
from board_claims_support import DAY, PK, claim
from dames_backend.boards import ranking
from dames_backend.boards.keys import claim_key, line_mark_key, same_line_key
from dames_backend.players import accounts as players
from dames_backend.players import reservations
from dames_backend.privacy import erasure
from fastapi.testclient import TestClient
from privacy_support import counted_requests, fill_board, mentions, ranks_are_exact
from table_support import all_items


def _register_with_claims(name: str, scores: list[int]) -> players.NewPlayer:
    created = players.create_player(name)
    for n, score in enumerate(scores):
        claim(created.player, f"g_{name[:4]}{n:04d}", score, at=f"2026-11-28T07:00:{n:02d}Z")
        claim(created.player, f"g_{name[:4]}f{n:03d}", score, at="2026-11-28T07:30:00Z",
              board="free", date=None)
    return created


def test_delete_me_removes_everything_and_ranks_below_move_up(
    community_client: TestClient, table: Any
) -> None:
    others = fill_board(table, 40)
    gone = _register_with_claims("Gone Soon", [3100, 9000])
    rival = _register_with_claims("Stays Here", [3050])
    headers = {"X-Player-Token": gone.token}
    before = {e.pseudonym: e.rank for e in ranking.top("daily", DAY)}
    assert before["Gone Soon"] == 1
    answer = community_client.delete("/api/players/me", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.json()["erased"] is True
    assert mentions(table, gone.player.player_id) == []
    assert mentions(table, "Gone Soon") == []
    after = {e.pseudonym: e.rank for e in ranking.top("daily", DAY)}
    assert "Gone Soon" not in after
    assert all(after[name] == rank - 1 for name, rank in before.items() if name != "Gone Soon")
    assert after[f"Bulk {others[0][-5:]}"] == 1
    free = ranking.my_rank("free", None, rival.player.player_id)
    assert free.me is not None and free.me.rank == 1, free
    ranks_are_exact(table)
    # The token opens nothing any more, and erasing again is harmless.
    assert community_client.get("/api/players/me", headers=headers).status_code == 403
    assert community_client.delete("/api/players/me", headers=headers).status_code == 403


def test_a_half_failed_erasure_is_finished_by_a_rerun(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_board(table, 30)
    gone = _register_with_claims("Half Done", [3060, 3070, 3080])
    real = erasure._remove
    calls = {"n": 0}

    def failing(player_id: str, item: dict[str, Any], *, banned: bool) -> None:
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("the function died here")
        real(player_id, item, banned=banned)

    monkeypatch.setattr(erasure, "_remove", failing)
    headers = {"X-Player-Token": gone.token}
    assert community_client.delete("/api/players/me", headers=headers).status_code == 500
    # Half done: the profile is marked, some items are gone, the boards are still exact.
    assert erasure.unfinished() == [gone.player.player_id]
    ranks_are_exact(table)
    # The token now opens nothing but the erasure.
    assert community_client.get("/api/players/me", headers=headers).status_code == 403
    monkeypatch.setattr(erasure, "_remove", real)
    answer = community_client.delete("/api/players/me", headers=headers)
    assert answer.status_code == 200 and answer.json()["erased"] is True
    assert mentions(table, gone.player.player_id) == []
    assert erasure.unfinished() == []
    ranks_are_exact(table)


def test_an_erasure_out_of_time_answers_202_and_goes_on(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = _register_with_claims("Slow Going", [3000, 3001])
    monkeypatch.setattr(erasure, "DEFAULT_BUDGET_S", 0.0)
    monkeypatch.setattr(erasure.run, "__kwdefaults__", {"budget_s": 0.0})
    headers = {"X-Player-Token": gone.token}
    first = community_client.delete("/api/players/me", headers=headers)
    assert first.status_code == 202 and first.json() == {"erased": False, "removed": 1}
    monkeypatch.setattr(erasure.run, "__kwdefaults__", {"budget_s": 30.0})
    assert community_client.delete("/api/players/me", headers=headers).json()["erased"] is True
    assert mentions(table, gone.player.player_id) == []


def test_a_ban_survives_erasure_as_a_hash_of_the_name(
    community_client: TestClient, table: Any
) -> None:
    cheat = _register_with_claims("Cheater Joe", [3200])
    table.update_item(Key={"pk": f"PLAYER#{cheat.player.player_id}", "sk": "PROFILE"},
                      UpdateExpression="SET banned = :t", ExpressionAttributeValues={":t": True})
    erasure.run(cheat.player.player_id)
    assert mentions(table, cheat.player.player_id) == []
    assert mentions(table, "Cheater Joe") == []
    kept = [i for i in all_items(table) if str(i["pk"]).startswith("BANNEDNAME#")]
    assert kept and all(set(i) == {"pk", "sk"} for i in kept)
    answer = community_client.post("/api/players", json={"pseudonym": "cheater joe"})
    assert answer.status_code == 409 and answer.json()["error"] == "pseudonym-taken"


def test_an_erased_name_is_quarantined_then_free(table: Any) -> None:
    gone = players.create_player("Old Name")
    erasure.run(gone.player.player_id)
    with pytest.raises(players.ApiError) as refused:
        players.create_player("old name")
    assert refused.value.code == "pseudonym-taken"
    key = players.pseudonym_keys("Old Name")[0]
    item = table.get_item(Key=reservations.pseudonym_item_key(key))["Item"]
    assert "playerId" not in item and item["quarantined"] is True
    table.update_item(Key=reservations.pseudonym_item_key(key),
                      UpdateExpression="SET expiresAt = :past",
                      ExpressionAttributeValues={":past": 1})
    assert players.create_player("old name").player.pseudonym == "old name"


def test_line_marks_go_and_the_near_copy_source_is_forgotten(table: Any) -> None:
    """The erased player's line marks go; a claim that shares one of them and names the
    erased player as its near-copy's source reads "erased"; the other player's own marks
    stay."""
    from dames_backend.boards import claims as board_claims

    gone = players.create_player("Line Owner")
    other = players.create_player("Line Copier")
    apart = players.create_player("Line Apart")
    copied = f'{{"copy_of":"{gone.player.player_id}","copy_common":30,"copy_moves":40}}'
    for who, game, marks in ((gone, "g_line0001", ["m10", "m20", "m30"]),
                             (other, "g_line0002", ["m10", "m20", "x30"]),
                             (apart, "g_line0003", ["y10"])):
        board_claims.record_claim(
            game_id=game, player=who.player, board="daily", date=DAY, score=3000, pieces=1,
            seconds=10, achieved_at="2026-11-28T07:00:00Z", line_marks=marks,
        )
    elsewhere = '{"copy_of":"p_someone1","copy_common":30,"copy_moves":40}'
    for game, signals in (("g_line0002", copied), ("g_line0003", elsewhere)):
        table.update_item(
            Key=claim_key(game), UpdateExpression="SET signals = :s",
            ExpressionAttributeValues={":s": signals},
        )
    erasure.run(gone.player.player_id)
    signals = table.get_item(Key=claim_key("g_line0002"))["Item"]["signals"]
    assert signals == '{"copy_of":"erased","copy_common":30,"copy_moves":40}'
    # No mark in common: never read.
    assert table.get_item(Key=claim_key("g_line0003"))["Item"]["signals"] == elsewhere
    for mark in ("m10", "m20", "m30"):
        assert "Item" not in table.get_item(Key=line_mark_key(PK, mark, "g_line0001"))
    for mark in ("m10", "m20", "x30"):
        assert "Item" in table.get_item(Key=line_mark_key(PK, mark, "g_line0002"))
    assert mentions(table, gone.player.player_id) == []


def test_an_older_claims_same_line_item_goes_too(table: Any) -> None:
    """A claim stored before line marks: its ``movesHash`` names the same-line items, which
    go, and another claimer's ``same_line_as`` reads "erased"."""
    gone = players.create_player("Old Line")
    other = players.create_player("Old Copier")
    digest = "d" * 32
    for who, game in ((gone, "g_old00001"), (other, "g_old00002")):
        claim(who.player, game, 3000, at="2026-11-28T07:00:00Z")
        table.update_item(Key=claim_key(game), UpdateExpression="SET movesHash = :h",
                          ExpressionAttributeValues={":h": digest})
        table.put_item(Item={**same_line_key(PK, digest, who.player.player_id), "gameId": game,
                             "at": "2026-11-28T07:00:00Z"})
    table.update_item(
        Key=claim_key("g_old00002"), UpdateExpression="SET signals = :s",
        ExpressionAttributeValues={":s": f'{{"same_line_as":"{gone.player.player_id}"}}'},
    )
    erasure.run(gone.player.player_id)
    signals = table.get_item(Key=claim_key("g_old00002"))["Item"]["signals"]
    assert signals == '{"same_line_as":"erased"}'
    assert "Item" not in table.get_item(Key=same_line_key(PK, digest, gone.player.player_id))
    assert "Item" in table.get_item(Key=same_line_key(PK, digest, other.player.player_id))
    assert mentions(table, gone.player.player_id) == []


def test_erasure_costs_the_same_on_a_board_of_thousands(table: Any) -> None:
    """The bound: requests grow with what the player holds, never with the board."""
    small = _register_with_claims("Small Board", [3100])
    with counted_requests() as on_small:
        erasure.run(small.player.player_id)
    fill_board(table, 2000)
    big = _register_with_claims("Big Board", [3100])
    with counted_requests() as on_big:
        erasure.run(big.player.player_id)
    assert on_big == on_small
    assert "Scan" not in on_big
    ranks_are_exact(table)


def test_the_puzzle_profile_is_exported_and_erased_with_the_player(
    community_client: TestClient, table: Any
) -> None:
    """The puzzle profile lives under the player's own key (``PLAYER#<id>`` / ``PUZZLES``): the
    export lists it and the erasure removes it, the profile itself last."""
    from dames_backend.puzzles import store as puzzle_store

    gone = _register_with_claims("Puzzle Fan", [3100])
    player_id = gone.player.player_id
    puzzle_store.commit([puzzle_store.profile_write(
        puzzle_store.Profile(player_id), puzzle_store.Profile(player_id, rated=3,
                                                              daily_solved=frozenset({DAY})))])
    headers = {"X-Player-Token": gone.token}
    exported = community_client.get("/api/players/me/data", headers=headers)
    assert exported.status_code == 200, exported.text
    puzzles = [item for item in exported.json()["profile"] if item["sk"] == "PUZZLES"]
    assert [item["rated"] for item in puzzles] == [3]
    assert community_client.delete("/api/players/me", headers=headers).status_code == 200
    assert mentions(table, player_id) == []
