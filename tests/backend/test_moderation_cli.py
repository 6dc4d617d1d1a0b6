"""``./dames moderation …`` against the table the settings name (here moto's;
the deployed one with AWS credentials and TABLE_NAME): what needs a person by urgency, the
decisions, each asking why and kept in the audit trail (issue 31)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from dames_backend.boards import claims as leaderboard
from dames_backend.boards import ranking
from dames_backend.boards.views import Reason
from dames_backend.fairplay import audit, failures, reasons, review
from dames_backend.fairplay.cli import main
from dames_backend.players import accounts as players

DAY = "2026-11-28"
ENGINE = Reason(code="judge-agreement", figures={"share": 0.98},
                text="98 % of the moves were the strong engine's first choice.")
MASTERLY = Reason(code="masterly-top-ten", figures={"accuracy": 97.1, "bar": 90.3},
                  text="An accuracy of 97.1 %, a master's, in the board's top 10.")


def _run(*argv: str, ask: Callable[[str], str] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    def refuse(prompt: str) -> str:
        raise EOFError

    status = main(list(argv), out=out, ask=ask or refuse)
    return status, out.getvalue()


def _claim(name: str, game_id: str, score: int) -> tuple[players.Player, dict[str, Any]]:
    player = players.create_player(name).player
    leaderboard.record_claim(game_id=game_id, player=player, board="daily", date=DAY,
                             score=score, pieces=9, seconds=300,
                             achieved_at="2026-11-28T09:00:00Z")
    item = review.load_claim(game_id)
    assert item is not None
    return player, item


def _held_claim(name: str, game_id: str, score: int) -> players.Player:
    player, item = _claim(name, game_id, score)
    review.decide(item, "held", (ENGINE,), fair_score=0.93)
    return player


def test_list_show_and_release_with_a_reason(table: Any) -> None:
    _held_claim("Suspect", "g_held1", 7000)
    status, listing = _run("moderation", "list")
    assert status == 0 and "[held] g_held1" in listing and "engine's first choice" in listing
    assert "fair-play 0.93" in listing
    assert listing.strip().endswith("1 claim(s) to look at")
    status, shown = _run("moderation", "show", "g_held1")
    assert status == 0 and json.loads(shown)["state"] == "held"
    assert json.loads(shown)["reasons"][0]["code"] == "judge-agreement"
    assert ranking.top("daily", DAY) == []
    status, released = _run("moderation", "release", "g_held1", "--reason",
                            "a known club player; replayed the game", "--by", "ann")
    assert status == 0 and "shown: 7000" in released
    assert [e.score for e in ranking.top("daily", DAY)] == [7000]
    assert _run("moderation", "list")[1].strip() == "0 claim(s) to look at"
    (line,) = audit.recent()
    assert (line.actor, line.action, line.target, line.outcome) == (
        "ann", "release", "g_held1", "done")
    assert line.reason == "a known club player; replayed the game"
    status, trail = _run("moderation", "audit")
    assert status == 0 and "ann  release g_held1  (done)  a known club player" in trail


def test_a_decision_without_a_reason_is_refused_and_changes_nothing(table: Any) -> None:
    _held_claim("Suspect", "g_held2", 7000)
    assert _run("moderation", "release", "g_held2")[0] == 2  # no terminal, no --reason
    assert _run("moderation", "release", "g_held2", "--reason", "   ")[0] == 2
    assert ranking.top("daily", DAY) == [] and audit.recent() == []
    status, said = _run("moderation", "release", "g_held2", ask=lambda prompt: "checked")
    assert status == 0 and "released" in said
    assert [line.reason for line in audit.recent()] == ["checked"]


def test_the_list_puts_failed_analyses_first_then_held_then_queued(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _held_claim("Held", "g_held", 7000)
    _, masterly = _claim("Master", "g_master", 7100)
    review.decide(masterly, "held", (MASTERLY,), fair_score=0.12)
    _, failed = _claim("Failed", "g_failed", 6000)
    assert failures.give_up("g_failed", 3)
    _, queued = _claim("Queued", "g_queued", 6500)
    review.decide(queued, "published", (), listed="REVIEW#queue", fair_score=0.3)
    _claim("Waiting", "g_waiting", 5000)
    monkeypatch.setattr(failures, "STUCK_AFTER_MS", -60_000)  # every waiting claim is stuck
    lines = _run("moderation", "list")[1].splitlines()
    kinds = [line.split("]")[0].lstrip("[") for line in lines[:-1]]
    assert kinds == ["analysis-failed", "stuck", "masterly", "held", "near-bar"]
    assert "The fair-play analysis failed (3 attempts)" in lines[0]
    assert failed["gameId"] in lines[0]


def test_hold_and_dismiss(table: Any) -> None:
    _, item = _claim("Queued", "g_q", 6500)
    review.decide(item, "published", (), listed="REVIEW#queue")
    assert _run("moderation", "dismiss", "g_q", "--reason", "looked: fine")[0] == 0
    assert review.load_claim("g_q").get("gsi1pk") is None  # type: ignore[union-attr]
    assert [e.score for e in ranking.top("daily", DAY)] == [6500]
    assert _run("moderation", "hold", "g_q", "--reason", "engine after all")[0] == 0
    assert ranking.top("daily", DAY) == []
    held = review.load_claim("g_q")
    assert held is not None and held["state"] == "held"
    assert Reason.from_stored(held["reasons"][0]) == reasons.MODERATOR_HOLD
    assert [line.action for line in audit.recent()] == ["hold", "dismiss"]


def test_ban_and_unknown_targets(table: Any) -> None:
    player, item = _claim("Bot", "g_b", 5000)
    review.decide(item, "published", ())
    status, said = _run("moderation", "ban", player.player_id, "--reason", "five engine games")
    assert status == 0 and "1 board" in said
    assert ranking.top("daily", DAY) == []
    assert _run("moderation", "ban", "p_nobody", "--reason", "x")[0] == 1
    assert _run("moderation", "show", "g_nothing")[0] == 1
    assert _run("moderation", "release", "g_nothing", "--reason", "x")[0] == 1
    outcomes = {line.target: line.outcome for line in audit.recent()}
    assert outcomes[player.player_id] == "done"
    assert outcomes["p_nobody"].startswith("failed")
    with pytest.raises(SystemExit):
        _run("moderation", "delete-everything")
