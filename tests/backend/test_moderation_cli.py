"""``python -m dames_backend moderation list|show|release|ban`` against the table the
settings name (here moto's; the deployed one with AWS credentials and TABLE_NAME)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from dames_backend.boards import claims as leaderboard
from dames_backend.boards import ranking
from dames_backend.fairplay import review
from dames_backend.fairplay.cli import main
from dames_backend.players import accounts as players

DAY = "2026-11-28"


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out)
    return status, out.getvalue()


def _held_claim(name: str, game_id: str, score: int) -> players.Player:
    player = players.create_player(name).player
    leaderboard.record_claim(game_id=game_id, player=player, board="daily", date=DAY,
                             score=score, pieces=9, seconds=300,
                             achieved_at="2026-11-28T09:00:00Z")
    item = review.load_claim(game_id)
    assert item is not None
    review.decide(item, "held", ("98 % of the moves were the engine's first choice.",))
    return player


def test_list_show_and_release(table: Any) -> None:
    _held_claim("Suspect", "g_held1", 7000)
    status, listing = _run("moderation", "list")
    assert status == 0 and "g_held1" in listing and "engine's first choice" in listing
    assert listing.strip().endswith("1 held claim(s)")
    status, shown = _run("moderation", "show", "g_held1")
    assert status == 0 and json.loads(shown)["state"] == "held"
    assert ranking.top("daily", DAY) == []
    status, released = _run("moderation", "release", "g_held1")
    assert status == 0 and "shown: 7000" in released
    assert [e.score for e in ranking.top("daily", DAY)] == [7000]
    assert _run("moderation", "list")[1].strip() == "0 held claim(s)"


def test_ban_and_unknown_targets(table: Any) -> None:
    player = players.create_player("Bot").player
    leaderboard.record_claim(game_id="g_b", player=player, board="free", date=None,
                             score=5000, pieces=9, seconds=300)
    status, said = _run("moderation", "ban", player.player_id)
    assert status == 0 and "1 board" in said
    assert ranking.top("free") == []
    assert _run("moderation", "ban", "p_nobody")[0] == 1
    assert _run("moderation", "show", "g_nothing")[0] == 1
    assert _run("moderation", "release", "g_nothing")[0] == 1
    with pytest.raises(SystemExit):
        _run("moderation", "delete-everything")
