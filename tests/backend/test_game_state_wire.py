"""The game-state enums changed no byte on the wire: every answer and stored item of a fixed
walk through the API (``wire_scenario``) is exactly what the code before them produced.

``wire_golden.json`` was recorded with the code of commit 4f38cc9 (before ``dames.Termination``
and ``dames_backend.games.enums``), by ``wire_scenario.py`` with that commit's folders on the
path; recorded again on the privacy branch, whose only differences were the intended ones
(games carry ``playerId``, profiles their last active day, the player's counters are keyed by
an HMAC of the id, a pseudonym attempt is counted on its own), and again when the answers
gained fields (issue 32: ``thinking``, ``lastPlayerMove``, the analysis board's ``depthCut``,
later its ``ending``) and finished games their archive's index keys (``gsi1pk``,
``gsi1sk``), every other byte as before. A change that is meant to alter an answer or an
item makes this fail too: then look at the difference, and if it is the one intended, record
the walk again (the message says how).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from wire_scenario import record_wire

GOLDEN = Path(__file__).with_name("wire_golden.json")
RECORD = (".venv/bin/python tests/backend/wire_scenario.py tests/backend/wire_golden.json "
          "(PYTHONPATH=engine_layer:backend_layer:functions/games:functions/community)")


@pytest.fixture(scope="module")
def wire() -> dict[str, Any]:
    return record_wire()


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    recorded: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return recorded


def test_every_answer_is_byte_for_byte_the_same(wire: dict[str, Any],
                                                golden: dict[str, Any]) -> None:
    assert [a["request"] for a in wire["answers"]] == [a["request"] for a in golden["answers"]]
    for now, before in zip(wire["answers"], golden["answers"], strict=True):
        assert (now["status"], now["body"]) == (before["status"], before["body"]), (
            f"{now['request']} answers differently; if intended, record again: {RECORD}"
        )


def test_every_stored_item_is_the_same(wire: dict[str, Any], golden: dict[str, Any]) -> None:
    keys = [(i["pk"]["S"], i["sk"]["S"]) for i in wire["items"]]
    assert keys == [(i["pk"]["S"], i["sk"]["S"]) for i in golden["items"]]
    for now, before in zip(wire["items"], golden["items"], strict=True):
        assert now == before, f"{now['pk']['S']} / {now['sk']['S']} differs; {RECORD}"


def test_the_walk_reaches_every_state(golden: dict[str, Any]) -> None:
    """The walk is worth comparing: it ends games in each way the enums name."""
    games = [i for i in golden["items"] if i["sk"]["S"] == "GAME"]
    assert {g["mode"]["S"] for g in games} == {"daily", "free", "duo"}
    assert {g["status"]["S"] for g in games} >= {"resigned", "won", "draw", "lost", "playing"}
    assert {g["reason"]["S"] for g in games if "reason" in g} == {
        "resigned", "agreement", "no-moves"}
    assert {g["playerColor"]["S"] for g in games} == {"white", "black"}
