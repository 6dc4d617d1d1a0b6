"""Provisional, published and held entries on the boards: a win is public only once its
analysis has published it (the player sees it pending, with the rank it will take), and
the histogram (every rank) follows what is public."""

from __future__ import annotations

from typing import Any

from board_claims_support import DAY, claim_on_day
from dames_backend.boards import claims as leaderboard
from dames_backend.boards import ranking
from dames_backend.boards.entries import Claim, Entry
from dames_backend.boards.views import Reason
from dames_backend.fairplay import moderation, review
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient

WHY = Reason(code="judge-agreement", figures={"share": 0.94}, text="94 % engine moves.")


def _decide(game_id: str, state: str) -> None:
    item = review.load_claim(game_id)
    assert item is not None
    review.decide(item, state, (WHY,) if state == "held" else ())  # type: ignore[arg-type]


def _counts(table: Any) -> dict[str, int]:
    """Every score count of the board's histogram (one per public entry)."""
    found: dict[str, int] = {}
    for item in table.scan()["Items"]:
        if str(item["pk"]).startswith(f"HIST#daily#{DAY}") and str(item["sk"]).startswith(
                "SCORE#") and int(item["n"]):
            found[f"{item['pk']}|{item['sk']}"] = int(item["n"])
    return found


def test_only_a_published_claim_is_shown_and_a_held_one_never_replaces_it() -> None:
    published = Claim("g_1", 5000, 9, 300, "2026-11-28T09:00:00Z", state="published")
    better = Claim("g_2", 6000, 9, 300, "2026-11-28T10:00:00Z")
    entry = Entry().with_claim(published).with_claim(better)
    assert entry.shown() == published and entry.pending() == better
    held = entry.with_verdict("g_2", "held", (WHY,))
    assert held.shown() == published and held.pending() is None
    assert held.under_review() is not None and held.under_review().reasons == (WHY,)  # type: ignore[union-attr]
    assert held.with_verdict("g_2", "published", ()).shown().game_id == "g_2"  # type: ignore[union-attr]


def test_a_provisional_claim_is_public_nowhere_and_equal_scores_keep_the_older() -> None:
    first = Claim("g_1", 5000, 9, 300, "2026-11-28T09:00:00Z")
    same = Claim("g_2", 5000, 9, 300, "2026-11-28T10:00:00Z")
    entry = Entry().with_claim(first).with_claim(same)
    assert entry.shown() is None and entry.pending() == first
    both = entry.with_verdict("g_1", "published", ()).with_verdict("g_2", "published", ())
    assert both.shown().game_id == "g_1"  # type: ignore[union-attr]


def test_a_banned_players_claims_are_all_held() -> None:
    entry = Entry().with_claim(Claim("g_1", 5000, 9, 300, "t1", state="published")).with_ban()
    assert entry.shown() is None
    later = entry.with_claim(Claim("g_2", 7000, 9, 300, "t2"))
    assert later.shown() is None and later.find("g_2").state == "held"  # type: ignore[union-attr]


def test_a_win_is_public_once_published_and_held_ones_leave_ranks_and_counts(
    table: Any, community_client: TestClient
) -> None:
    ann = players.create_player("Ann")
    ben = players.create_player("Ben").player
    first = claim_on_day(ann.player, "g_a", 7000, "2026-11-28T09:00:00Z", published=False)
    claim_on_day(ben, "g_b", 6000, "2026-11-28T10:00:00Z", published=False)
    assert (first.status, first.rank) == ("provisional", 1)
    assert ranking.top("daily", DAY) == [] and _counts(table) == {}
    mine = community_client.get(
        f"/api/leaderboards/daily/{DAY}/me", headers={"X-Player-Token": ann.token}).json()
    assert mine["me"] is None
    assert (mine["pending"]["score"], mine["pending"]["rank"]) == (7000, 1)
    _decide("g_b", "published")
    _decide("g_a", "held")
    assert [(e.rank, e.pseudonym, e.provisional) for e in ranking.top("daily", DAY)] == [
        (1, "Ben", False)]
    assert ranking.rank_of("daily", DAY, ben.player_id).rank == 1  # type: ignore[union-attr]
    one = _counts(table)
    assert sum(one.values()) == 1
    mine = community_client.get(
        f"/api/leaderboards/daily/{DAY}/me", headers={"X-Player-Token": ann.token}).json()
    assert mine == {"me": None, "pending": None, "underReview": {
        "score": 7000, "seconds": 300, "at": "2026-11-28T09:00:00Z",
        "reasons": [WHY.as_json()]}}
    assert [item["gameId"] for item in moderation.held_claims()] == ["g_a"]
    moderation.release("g_a", "mod", "looked at the game: a club player's sharp win")
    assert [(e.pseudonym, e.provisional) for e in ranking.top("daily", DAY)] == [
        ("Ann", False), ("Ben", False)]
    assert moderation.held_claims() == []
    assert sum(_counts(table).values()) == 2


def test_a_held_better_claim_leaves_the_published_best_in_place(table: Any) -> None:
    ann = players.create_player("Ann").player
    claim_on_day(ann, "g_1", 5000, "2026-11-28T09:00:00Z", published=False)
    _decide("g_1", "published")
    result = claim_on_day(ann, "g_2", 6500, "2026-11-28T11:00:00Z", published=False)
    # The claim's answer: its rank and best once published (what the end screen says).
    assert (result.status, result.best, result.rank) == ("provisional", 6500, 1)
    view = ranking.my_rank("daily", DAY, ann.player_id)
    assert view.pending is not None and view.pending.score == 6500
    _decide("g_2", "held")
    held = ranking.claim_status("g_2")
    assert held is not None and (held.status, held.best, held.rank) == ("held", 5000, None)
    (entry,) = ranking.top("daily", DAY)
    assert (entry.score, entry.at, entry.provisional) == (5000, "2026-11-28T09:00:00Z", False)
    view = ranking.my_rank("daily", DAY, ann.player_id)
    assert view.me is not None and view.me.score == 5000 and view.pending is None
    assert view.underReview is not None and view.underReview.score == 6500


def test_ban_empties_every_board_and_holds_the_claims_to_come(table: Any) -> None:
    cheat = players.create_player("Cheat").player
    claim_on_day(cheat, "g_1", 8000, "2026-11-28T09:00:00Z", published=False)
    _decide("g_1", "published")
    leaderboard.record_claim(game_id="g_f", player=cheat, board="free", date=None, score=4000,
                             pieces=5, seconds=400, achieved_at="2026-11-28T09:30:00Z")
    assert moderation.ban(cheat.player_id, "mod", "engine moves in five games") == 2
    assert ranking.top("daily", DAY) == [] and ranking.top("free") == []
    assert sum(_counts(table).values()) == 0
    banned = players.Player(cheat.player_id, cheat.pseudonym, banned=True)
    later = claim_on_day(banned, "g_2", 9000, "2026-11-28T12:00:00Z", published=False)
    assert (later.status, later.rank) == ("held", None)
    assert ranking.top("daily", DAY) == []
    assert review.load_claim("g_2")["state"] == "held"  # type: ignore[index]
    assert review.load_claim("g_f")["state"] == "held"  # type: ignore[index]
