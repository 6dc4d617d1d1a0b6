"""A master's accuracy in a board's top ten waits for a moderator (docs/fair-play.md, "Signals
and the score"): Scan's line at a person's pace, claimed through the API and judged by the
judgement the judge made of it (the corpus stores it: no search here), is published below
the top ten and held in it until a moderator releases it."""

from __future__ import annotations

from typing import Any

import pytest
from dames_backend.boards import ranking
from dames_backend.fairplay import review
from dames_backend.fairplay.judge import JudgeReport
from dames_backend.fairplay.moderation import release, review_list
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient

from bench.fairplay_table import claim_and_judge, corpus_record
from tests.backend.board_claims_support import claim

LINE = corpus_record("scan-paced-00")  # Scan 2.0's moves at a person's pace: accuracy 99.6
REPORT = JudgeReport.from_dict(LINE["sides"]["white"]["judge"])


def _ahead(count: int) -> None:
    """``count`` published entries on the free board, each better than any win can score."""
    for index in range(count):
        player = players.create_player(f"Ahead {index}").player
        claim(player, f"g_ahead{index}", 9000 + index, at="2026-12-07T08:00:00Z", board="free")


def _claim_and_judge(games: TestClient) -> tuple[str, dict[str, Any]]:
    return claim_and_judge(games, LINE, "Paced",
                           lambda game_id: review.judge_claim(game_id, None, REPORT))


def _public(name: str = "Paced") -> bool:
    return any(entry.pseudonym == name for entry in ranking.top("free", limit=50))


@pytest.mark.parametrize("ahead", [0, 9])
def test_in_the_top_ten_it_is_held_until_a_moderator_releases_it(
    games_client: TestClient, ahead: int
) -> None:
    _ahead(ahead)
    game_id, status = _claim_and_judge(games_client)
    assert status["status"] == "held", status
    (reason,) = status["reasons"]
    assert reason["code"] == "masterly-top-ten" and reason["figures"]["top"] == 10
    assert reason["figures"]["accuracy"] >= reason["figures"]["bar"]
    assert not _public()
    assert [row.item["gameId"] for row in review_list() if row.kind == "masterly"] == [game_id]
    release(game_id, "ann", "a known strong player; looked at the game")
    assert _public()


def test_below_the_top_ten_it_is_published(
    games_client: TestClient
) -> None:
    _ahead(10)
    game_id, status = _claim_and_judge(games_client)
    assert status["status"] == "published" and status["reasons"] == [], status
    assert _public()
    assert all(row.item["gameId"] != game_id for row in review_list())
