"""The clock keeps each move's time and the pause credited during it, for the fair-play
signals (move-time consistency, moves played after a pause), compactly in the game item."""

from __future__ import annotations

from typing import Any

import pytest
from dames_backend import clock
from dames_backend.games import store as game_store
from dames_backend.games.varints import pack_varints, unpack_varints
from fastapi.testclient import TestClient
from games_support import bearer, post_move, start_game, stored_item


def test_each_move_keeps_its_time_and_its_pause(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = {"ms": 1_800_000_000_000}
    monkeypatch.setattr(clock, "now_ms", lambda: now["ms"])
    token, game = start_game(games_client, "practice")
    now["ms"] += 1_234
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    now["ms"] += 2_000
    pause = {"paused": True}
    games_client.post(f"/api/games/{game['id']}/clock", headers=bearer(token), json=pause)
    now["ms"] += 30_000
    games_client.post(f"/api/games/{game['id']}/clock", headers=bearer(token),
                      json={"paused": False})
    now["ms"] += 500
    reply = view["legalMoves"][0]["notation"]
    assert post_move(games_client, game["id"], token, 2, reply).status_code == 200
    record = game_store.load_game(game["id"])
    assert record is not None
    assert record.clock.move_ms == (1_234, 2_500)
    assert record.clock.move_paused_ms == (0, 30_000)
    assert bytes(stored_item(table, game["id"])["clock"]["moveMs"]) == pack_varints([1234, 2500])


def test_the_times_are_packed_in_the_item_and_older_strings_still_read(table: Any) -> None:
    from dames_backend.clock import GameClock
    from games_support import store_finished

    game_id, _ = store_finished(moves=["32-28"], move_ms=[250, 4100], move_paused_ms=[0, 9000])
    item = stored_item(table, game_id)
    clock = item["clock"]
    assert len(bytes(clock["moveMs"])) == 4 and len(bytes(clock["movePausedMs"])) == 3
    loaded = game_store.load_game(game_id)
    assert loaded is not None and loaded.clock.move_ms == (250, 4100)
    assert loaded.clock.move_paused_ms == (0, 9000)
    table.put_item(Item={**item, "clock": {**clock, "moveMs": "250,4100",
                                           "movePausedMs": "0,9000"}})  # written before
    older = game_store.load_game(game_id)
    assert older is not None and older.clock == loaded.clock
    assert GameClock().move_ms == ()


@pytest.mark.parametrize("values", [[], [0], [127, 128, 16_383, 16_384], [2**40, 0, 1]])
def test_packed_times_round_trip(values: list[int]) -> None:
    assert unpack_varints(pack_varints(values)) == tuple(values)


def test_a_cut_or_negative_time_is_refused() -> None:
    with pytest.raises(ValueError):
        unpack_varints(pack_varints([300])[:1])
    with pytest.raises(ValueError):
        pack_varints([-1])
