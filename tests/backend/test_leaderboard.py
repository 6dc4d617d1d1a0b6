"""Leaderboards: order, ties (older first), best-only per player, one claim per game, ranks,
the claim route."""

from __future__ import annotations

from typing import Any

import pytest
from board_claims_support import DAY, publish
from board_claims_support import claim as _claim
from dames_backend.boards import claims as leaderboard
from dames_backend.boards import ranking
from dames_backend.boards.views import ClaimResult
from dames_backend.errors import ApiError
from dames_backend.players import accounts as players
from fastapi.testclient import TestClient
from games_support import register, store_won
from race_support import conflicting_transactions, race, raised


def _player(name: str) -> players.Player:
    return players.create_player(name).player


def test_the_board_lists_best_score_first(table: Any) -> None:
    ann, ben, cat = _player("Ann"), _player("Ben"), _player("Cat")
    _claim(ann, "g_1", 5000, at="2026-11-28T10:00:00Z")
    _claim(ben, "g_2", 7000, at="2026-11-28T11:00:00Z")
    _claim(cat, "g_3", 6000, at="2026-11-28T09:00:00Z")
    entries = ranking.top("daily", DAY)
    assert [(e.rank, e.pseudonym, e.score) for e in entries] == [
        (1, "Ben", 7000),
        (2, "Cat", 6000),
        (3, "Ann", 5000),
    ]


def test_on_equal_scores_the_older_entry_ranks_first(table: Any) -> None:
    late, early = _player("Late"), _player("Early")
    # The later achievement is claimed first: the order must follow achievement time.
    _claim(late, "g_late", 6500, at="2026-11-28T15:00:00Z")
    _claim(early, "g_early", 6500, at="2026-11-28T08:00:00Z")
    entries = ranking.top("daily", DAY)
    assert [(e.rank, e.pseudonym) for e in entries] == [(1, "Early"), (2, "Late")]
    assert ranking.rank_of("daily", DAY, late.player_id).rank == 2  # type: ignore[union-attr]


def test_a_claim_returns_its_rank_and_the_players_best(table: Any) -> None:
    ann, ben = _player("Ann"), _player("Ben")
    first = _claim(ann, "g_a1", 5000, at="2026-11-28T10:00:00Z")
    assert first.as_json() == {
        "board": "daily", "date": DAY, "score": 5000, "rank": 1, "best": 5000,
        "status": "provisional", "reasons": [],
    }
    second = _claim(ben, "g_b1", 6000, at="2026-11-28T10:05:00Z")
    assert (second.rank, second.best) == (1, 6000)
    worse = _claim(ann, "g_a2", 4000, at="2026-11-28T10:10:00Z")
    # The worse game is accepted (claimed once) but Ann keeps her best, ranked behind Ben.
    assert (worse.score, worse.best, worse.rank) == (4000, 5000, 2)


def test_only_the_best_score_of_the_day_counts(table: Any) -> None:
    ann = _player("Ann")
    _claim(ann, "g_1", 5000, at="2026-11-28T10:00:00Z", pieces=7, seconds=200)
    _claim(ann, "g_2", 6200, at="2026-11-28T11:00:00Z", pieces=12, seconds=400, pauses=2,
           paused_ms=65_000)
    _claim(ann, "g_3", 5500, at="2026-11-28T12:00:00Z", pieces=9, seconds=150)
    entries = ranking.top("daily", DAY)
    assert [e.as_json() for e in entries] == [
        {
            "rank": 1,
            "pseudonym": "Ann",
            "score": 6200,
            "pieces": 12,
            "seconds": 400,
            "pauses": 2,
            "pausedMs": 65_000,
            "at": "2026-11-28T11:00:00Z",
            "provisional": False,
        }
    ]


def test_an_equal_score_later_keeps_the_older_entry_and_its_place(table: Any) -> None:
    ann, ben = _player("Ann"), _player("Ben")
    _claim(ann, "g_a1", 6000, at="2026-11-28T08:00:00Z")
    _claim(ben, "g_b1", 6000, at="2026-11-28T09:00:00Z")
    again = _claim(ann, "g_a2", 6000, at="2026-11-28T10:00:00Z")
    assert again.rank == 1
    entries = ranking.top("daily", DAY)
    assert [(e.pseudonym, e.at) for e in entries] == [
        ("Ann", "2026-11-28T08:00:00Z"),
        ("Ben", "2026-11-28T09:00:00Z"),
    ]


def test_each_day_and_the_free_board_are_separate(table: Any) -> None:
    ann = _player("Ann")
    _claim(ann, "g_1", 5000, at="2026-11-27T10:00:00Z", date="2026-11-27")
    _claim(ann, "g_2", 4000, at="2026-11-28T10:00:00Z", date="2026-11-28")
    _claim(ann, "g_3", 3000, at="2026-11-28T11:00:00Z", board="free")
    assert [e.score for e in ranking.top("daily", "2026-11-27")] == [5000]
    assert [e.score for e in ranking.top("daily", "2026-11-28")] == [4000]
    assert [e.score for e in ranking.top("free")] == [3000]
    assert ranking.top("daily", "2026-11-26") == []


def test_the_free_board_keeps_each_players_best(table: Any) -> None:
    ann, ben = _player("Ann"), _player("Ben")
    _claim(ann, "g_1", 4000, at="2026-11-20T10:00:00Z", board="free")
    _claim(ben, "g_2", 4500, at="2026-11-21T10:00:00Z", board="free")
    result = _claim(ann, "g_3", 4800, at="2026-11-22T10:00:00Z", board="free")
    assert (result.board, result.date, result.rank, result.best) == ("free", None, 1, 4800)
    ranked = [(e.pseudonym, e.score) for e in ranking.top("free")]
    assert ranked == [("Ann", 4800), ("Ben", 4500)]


def test_a_game_is_claimed_once_even_by_someone_else(table: Any) -> None:
    ann, ben = _player("Ann"), _player("Ben")
    _claim(ann, "g_once", 5000, at="2026-11-28T10:00:00Z")
    for claimant, score in ((ann, 5000), (ben, 9000)):
        with pytest.raises(ApiError) as caught:
            _claim(claimant, "g_once", score, at="2026-11-28T10:00:00Z")
        assert (caught.value.status, caught.value.code) == (409, "already-claimed")
    assert [(e.pseudonym, e.score) for e in ranking.top("daily", DAY)] == [("Ann", 5000)]


def test_two_simultaneous_claims_of_one_game_count_once(
    table: Any,
) -> None:
    ann = _player("Ann")
    outcomes = race(2, lambda _: _claim(ann, "g_race", 5000, at="2026-11-28T10:00:00Z"))
    assert sorted(type(o).__name__ for o in outcomes) == ["ApiError", "ClaimResult"]
    assert [e.status for e in outcomes if isinstance(e, ApiError)] == [409]


def test_simultaneous_claims_of_different_games_keep_the_best(
    table: Any,
) -> None:
    ann = _player("Ann")
    scores = [5100, 5900, 5300, 5700]
    outcomes = race(
        len(scores),
        lambda i: _claim(ann, f"g_{i}", scores[i], at=f"2026-11-28T10:0{i}:00Z"),
    )
    assert all(isinstance(o, ClaimResult) for o in outcomes), raised(outcomes)
    assert [e.score for e in ranking.top("daily", DAY)] == [5900]


def test_top_stops_at_the_limit_and_rank_of_counts_past_it(table: Any) -> None:
    # 104 entries written straight into the table with their histogram (a claim each would
    # only slow the test), scores 10500, 10400, … ; then the last player claims.
    scores = [10500 - 100 * i for i in range(104)]
    with table.batch_writer() as batch:
        for item in ranking.histogram_items("BOARD#free", scores):
            batch.put_item(Item=item)
        for i, score in enumerate(scores):
            batch.put_item(
                Item={
                    "pk": "BOARD#free", "sk": f"PLAYER#p_{i:03d}", "gsi1pk": "BOARD#free",
                    "gsi1sk": ranking.ranking_key(score, "2026-11-28T10:00:00Z"),
                    "board": "free", "date": None, "playerId": f"p_{i:03d}",
                    "pseudonym": f"Player {i:03d}", "score": score, "pieces": 5, "seconds": 60,
                    "at": "2026-11-28T10:00:00Z", "gameId": f"g_{i}",
                }
            )
    last = _player("Last")
    claimed = _claim(last, "g_last", 10500 - 100 * 104, at="2026-11-28T10:00:00Z", board="free")
    assert claimed.rank == 105
    entries = ranking.top("free")
    assert len(entries) == 100
    assert [e.rank for e in entries] == list(range(1, 101))
    assert entries[0].pseudonym == "Player 000" and entries[-1].pseudonym == "Player 099"
    own = ranking.rank_of("free", None, last.player_id)
    assert own is not None and (own.rank, own.score) == (105, 10500 - 100 * 104)
    assert ranking.rank_of("free", None, _player("Nobody").player_id) is None
    assert len(ranking.top("free", limit=7)) == 7


def test_entries_hold_only_the_figures_given_by_the_server(table: Any) -> None:
    ann = _player("Ann")
    _claim(ann, "g_x", 6100, at="2026-11-28T10:00:00Z", pieces=11, seconds=230)
    entry = table.get_item(Key={"pk": f"BOARD#daily#{DAY}", "sk": f"PLAYER#{ann.player_id}"})
    item = entry["Item"]
    assert set(item) == {
        "pk", "sk", "gsi1pk", "gsi1sk", "board", "date", "playerId", "pseudonym",
        "score", "pieces", "seconds", "pauses", "pausedMs", "at", "gameId",
        "claims", "rev", "banned", "status",  # fair play: the claims behind the shown one
    }
    assert item["gsi1sk"] == f"{999_999_999 - 6100:09d}#2026-11-28T10:00:00Z"
    claim = table.get_item(Key={"pk": "CLAIM#g_x", "sk": "CLAIM"})["Item"]
    assert (claim["playerId"], claim["score"]) == (ann.player_id, 6100)


@pytest.mark.parametrize(
    "kwargs",
    [{"board": "practice", "date": None}, {"board": "daily", "date": None}, {"score": -1},
     {"pauses": -1}, {"paused_ms": -5}],
)
def test_record_claim_refuses_impossible_input(table: Any, kwargs: dict[str, Any]) -> None:
    call: dict[str, Any] = {
        "game_id": "g_bad", "player": _player("Ann"), "board": "daily", "date": DAY,
        "score": 5000, "pieces": 10, "seconds": 100,
    }
    call.update(kwargs)
    with pytest.raises(ValueError):
        leaderboard.record_claim(**call)
    assert table.get_item(Key={"pk": "CLAIM#g_bad", "sk": "CLAIM"}).get("Item") is None


# --- the routes ----------------------------------------------------------------------------


def test_the_claim_route_enters_the_stored_games_figures_only(
    table: Any, community_client: TestClient
) -> None:
    from games_app import app as games_app

    with TestClient(games_app, raise_server_exceptions=False) as games_client:
        started = games_client.post("/api/games", json={"mode": "free"}).json()
        game_id, game_token = started["game"]["id"], started["token"]
        # The server's own verdict on a finished game, as the move route would store it.
        store_won(table, game_id, pieces=11, seconds=450)
        ann = register(community_client, "Ann")
        headers = {"Authorization": f"Bearer {game_token}", "X-Player-Token": ann["token"]}
        forged = games_client.post(
            f"/api/games/{game_id}/claim", headers=headers,
            json={"score": 999_999, "pieces": 20, "seconds": 1},
        )
        assert forged.status_code in (200, 400, 422), forged.text
        if forged.status_code != 200:  # a body is refused outright: claim without one
            forged = games_client.post(f"/api/games/{game_id}/claim", headers=headers)
        assert forged.status_code == 200, forged.text
        assert forged.json() == {"board": "free", "date": None, "score": 5850, "rank": 1,
                                 "best": 5850, "status": "provisional", "reasons": []}
        again = games_client.post(f"/api/games/{game_id}/claim", headers=headers)
        assert again.status_code == 409
    publish(game_id)  # on no public board until its analysis publishes it
    board = community_client.get("/api/leaderboards/free").json()
    assert board["entries"] == [
        {"rank": 1, "pseudonym": "Ann", "score": 5850, "pieces": 11, "seconds": 450,
         "pauses": 0, "pausedMs": 0, "at": "2026-11-28T10:00:00Z", "provisional": False}
    ]


def test_a_claim_retries_through_a_transaction_conflict(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = _player("Ann")
    client = conflicting_transactions(monkeypatch, conflicts=2)
    result = _claim(ann, "g_conflict", 5100, at="2026-11-28T10:00:00Z", published=False)
    assert (result.rank, result.best, client.attempts) == (1, 5100, 3)
    publish("g_conflict")
    assert [e.pseudonym for e in ranking.top("daily", DAY)] == ["Ann"]


def test_a_claim_that_keeps_conflicting_is_a_409_busy_that_wrote_nothing(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = _player("Ann")
    client = conflicting_transactions(monkeypatch, conflicts=1000)
    with pytest.raises(ApiError) as caught:
        _claim(ann, "g_busy", 5100, at="2026-11-28T10:00:00Z")
    assert (caught.value.status, caught.value.code) == (409, "busy")
    assert ranking.top("daily", DAY) == []
    assert "Item" not in table.get_item(Key={"pk": "CLAIM#g_busy", "sk": "CLAIM"})
    client.conflicts = 0  # the other transaction is over: the same claim now goes through
    assert _claim(ann, "g_busy", 5100, at="2026-11-28T10:00:00Z").rank == 1
