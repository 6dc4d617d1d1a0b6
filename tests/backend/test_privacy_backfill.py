"""The one-off pass for items stored before the ``byPlayer`` index and the retention rule
(``ops.backfill_player_index``), and the by-hand run of the daily job
(``ops.privacy_sweep``)."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import freeze
from dames_backend.players import accounts as players
from dames_backend.players import activity
from dames_backend.privacy import erasure
from games_support import store_finished, stored_item
from privacy_support import mentions

from ops import backfill_player_index, privacy_sweep


def _as_stored_before(table: Any, key: dict[str, str], *names: str) -> None:
    table.update_item(Key=key, UpdateExpression="REMOVE " + ", ".join(names))


def test_old_games_and_profiles_are_listed_and_dated_once(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, "2026-06-01T10:00:00")
    old = players.create_player("Old Timer")
    owned, _ = store_finished(owner_id=old.player.player_id)
    claimed, _ = store_finished(claimed=True)
    table.update_item(Key={"pk": f"GAME#{claimed}", "sk": "GAME"},
                      UpdateExpression="SET claimedBy = :p",
                      ExpressionAttributeValues={":p": old.player.player_id})
    anonymous, _ = store_finished()
    for game_id in (owned, claimed):
        _as_stored_before(table, {"pk": f"GAME#{game_id}", "sk": "GAME"}, "playerId")
    profile_key = {"pk": f"PLAYER#{old.player.player_id}", "sk": "PROFILE"}
    _as_stored_before(table, profile_key, activity.DAY_ATTRIBUTE, "gsi1pk", "gsi1sk")
    freeze(monkeypatch, "2026-12-03T10:00:00")
    report = backfill_player_index.backfill_player_index()
    assert report == {"games listed": 2, "profiles dated": 1}
    assert stored_item(table, owned)["playerId"] == old.player.player_id
    assert stored_item(table, claimed)["playerId"] == old.player.player_id
    assert "playerId" not in stored_item(table, anonymous)
    profile = table.get_item(Key=profile_key)["Item"]
    assert profile[activity.DAY_ATTRIBUTE] == "2026-12-03"
    assert profile["gsi1pk"] == "ACTIVE#2026-12"
    assert backfill_player_index.backfill_player_index() == {}
    # Now the erasure finds the old games too.
    assert erasure.run(old.player.player_id).done
    assert mentions(table, old.player.player_id) == []


def test_the_sweep_runs_by_hand(table: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert privacy_sweep.main(["--budget", "30"]) == 0
    assert "inactive erased: 0" in capsys.readouterr().out
