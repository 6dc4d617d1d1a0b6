"""Every kind of item the server stores, each with every attribute it can hold, written by the
real code: what ``test_data_model_doc.py`` compares with docs/data-model.md.

``wire_scenario.walk`` already plays every kind of game and ending; ``extra_walk`` adds what
it leaves out: a daily win claimed by two players with the same moves (the streak, the line
marks, a claim held for its copied line and listed for the moderators), the analysis jobs
(done, asked by a player, failed, a claim's given up), a report of a published entry, a
transfer code tried once wrong, the thinking counters as on AWS, moderators' decisions (a
release, a ban) with their audit lines, the privacy routes' items (``privacy_walk``), the
puzzles' items (``puzzle_walk``), and a game as stored while the computer thinks about a
slow reply (read inside the search: the mark goes with the reply). A change that writes a
new item or attribute adds its request here. The judge searches at a small budget (the
walk tests the items, not the engine).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from puzzle_walk import puzzle_walk
from wire_scenario import (
    REGION,
    TABLE,
    Recorder,
    bearer,
    first_moves,
    fixed_world,
    mark_won,
    walk,
)

DAY_MS = 86_400_000


@contextmanager
def thinking_counted_in_the_table() -> Iterator[None]:
    """The games app counts the computer's work per client in DynamoDB, as on AWS."""
    from dames_backend.limits.thinking import ENABLE_ENV

    before = os.environ.get(ENABLE_ENV)
    os.environ[ENABLE_ENV] = "dynamodb"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENABLE_ENV, None)
        else:
            os.environ[ENABLE_ENV] = before


def won_daily(record: Recorder, mark_won: Callable[[str], None], pseudonym: str,
              moves: int = 2) -> tuple[str, str, str]:
    """A new player wins today's challenge with the first legal moves and claims it; the
    game's id, the day and the player's token."""
    player = record.call("POST", "/api/players", {"pseudonym": pseudonym})
    me = {"X-Player-Token": player["token"]}
    daily = record.call("POST", "/api/games", {"mode": "daily"}, **me)
    game = first_moves(record, daily["game"], daily["token"], moves)
    mark_won(game["id"])
    claim = record.call("POST", f"/api/games/{game['id']}/claim", **bearer(daily["token"]), **me)
    return str(game["id"]), str(claim["date"]), str(player["token"])


def thinking_game(record: Recorder) -> dict[str, Any]:
    """A free game's item as the table holds it while the computer searches its reply: the
    player's move stored with its thinking mark (``games.reply``), read from inside the search;
    the reply's write then takes the mark away."""
    from dames.ai.player import search_gate
    from dames_backend import db
    from dames_backend.games import play, reply

    created = record.call("POST", "/api/games", {"mode": "free", "level": "fort"})
    game_id, token = created["game"]["id"], created["token"]
    game = first_moves(record, created["game"], token, 3)  # past the drawn opening replies
    seen: list[dict[str, Any]] = []

    @contextmanager
    def reading_gate(level: Any) -> Iterator[None]:
        seen.append(db.get_table().get_item(Key={"pk": f"GAME#{game_id}", "sk": "GAME"})["Item"])
        yield

    saved_mark_after = reply.MARK_AFTER_S
    reply.MARK_AFTER_S = 0  # marked before the search starts, however quick it is
    try:
        with search_gate(reading_gate):
            play.play_move(game_id, f"Bearer {token}", ply=game["ply"],
                           move_text=game["legalMoves"][0]["hub"])
    finally:
        reply.MARK_AFTER_S = saved_mark_after
    assert seen and "thinkingSinceMs" in seen[0], "the search began before the mark was stored"
    return seen[0]


def extra_walk(record: Recorder, mark_won: Callable[[str], None]) -> list[dict[str, Any]]:
    """What ``walk`` does not write (see the module docstring); returns the items only a
    running request holds, as it held them."""
    from dames_backend import db
    from dames_backend.fairplay import failures, jobs, moderation

    with thinking_counted_in_the_table():
        # Twenty moves: a line long enough for its marks (one every ten plies).
        first, day, _ = won_daily(record, mark_won, "Basile Témoin", moves=20)
        copy, _, reporter = won_daily(record, mark_won, "Camille Copie", moves=20)
        stuck, _, _ = won_daily(record, mark_won, "Eden Attente")
    jobs.run_analysis(first)  # judged
    jobs.run_analysis(copy)  # the same line: held, listed for the moderators
    failures.give_up(stuck, failures.MAX_ATTEMPTS)  # held "analysis failed"
    moderation.release(stuck, "walk", "the analysis ran by hand: nothing found")  # public
    record.call("POST", f"/api/leaderboards/daily/{day}/reports",
                {"pseudonym": "Eden Attente", "kind": "engine"}, **{"X-Player-Token": reporter})

    reviewed = record.call("POST", "/api/games", {"mode": "free", "level": "facile"})
    record.call("POST", f"/api/games/{reviewed['game']['id']}/resign", **bearer(reviewed["token"]))
    record.call("POST", f"/api/games/{reviewed['game']['id']}/analysis",
                **bearer(reviewed["token"]))
    jobs.run_analysis(reviewed["game"]["id"])  # the player's review: the engine's result

    casual = record.call("POST", "/api/games", {"mode": "free", "level": "facile"})
    game_id, token = casual["game"]["id"], casual["token"]
    record.call("POST", f"/api/games/{game_id}/resign", **bearer(token))
    record.call("POST", f"/api/games/{game_id}/analysis", **bearer(token))  # with its expiry
    db.get_table().delete_item(Key={"pk": f"GAME#{game_id}", "sk": "GAME"})
    jobs.run_analysis(game_id)  # failed: the game is gone

    player = record.call("POST", "/api/players", {"pseudonym": "Dominique Mobile"})
    issued = record.call("POST", "/api/players/me/transfer-code",
                         **{"X-Player-Token": player["token"]})
    code = str(issued["code"])
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    record.call("POST", "/api/players/transfer", {"code": wrong})

    moderation.ban(str(player["playerId"]), "walk", "a test of the ban")
    privacy_walk(record, str(player["token"]), str(player["playerId"]))
    thinking = thinking_game(record)
    # Last, so the items above are written as before; a day later, when the network may
    # register a pseudonym again.
    record.advance(DAY_MS)
    puzzler = record.call("POST", "/api/players", {"pseudonym": "Élise Énigme"})
    puzzle_walk(record, str(puzzler["token"]))
    return [thinking]


def privacy_walk(record: Recorder, token: str, player_id: str) -> None:
    """The banned player renames (the old name quarantined, a ``RENAMING`` record, the
    profile's ``renamedAt``), reads a page of their data (its counter), then asks to be erased
    and the erasure is left half-done, as a request cut short leaves it (``erasing``, the
    ``ERASING`` index key, the ``BANNEDNAME#`` hashes that keep the ban)."""
    from dames_backend import db
    from dames_backend.limits.clients import PSEUDONYMS_PER_ADDRESS
    from dames_backend.players.keys import profile_key
    from dames_backend.privacy import erasure

    me = {"X-Player-Token": token}
    # The walk's players all come from one network: past its daily allowance by now.
    saved = os.environ.get(PSEUDONYMS_PER_ADDRESS.env)
    os.environ[PSEUDONYMS_PER_ADDRESS.env] = "50"
    try:
        record.call("POST", "/api/players/me/pseudonym", {"pseudonym": "Dominique Fixe"}, **me)
    finally:
        if saved is None:
            os.environ.pop(PSEUDONYMS_PER_ADDRESS.env, None)
        else:
            os.environ[PSEUDONYMS_PER_ADDRESS.env] = saved
    record.call("GET", "/api/players/me/data", **me)
    profile = db.get_table().get_item(Key=profile_key(player_id), ConsistentRead=True)["Item"]
    erasure.begin(profile)


def written_items() -> list[dict[str, Any]]:
    """Every item of both walks, as the table holds them (boto3's plain values)."""
    import boto3
    from dames_backend import db
    from dames_backend.fairplay import jobs, judge
    from dames_backend.tables import create_table
    from fairplay_support import SMALL_ANALYSIS_BUDGET
    from fastapi.testclient import TestClient
    from moto import mock_aws
    from table_support import all_items

    saved_budget, saved_judge = jobs.JOB_BUDGET, judge.JUDGE_LEVEL
    with fixed_world() as advance, mock_aws():
        from dames.analysis import AnalysisBudget

        jobs.JOB_BUDGET = AnalysisBudget(**SMALL_ANALYSIS_BUDGET)
        judge.JUDGE_LEVEL = judge.judge_level(2_000, 2_000)
        db.reset()
        create_table(boto3.client("dynamodb", region_name=REGION), TABLE)
        from community_app import app as community_app
        from games_app import app as games_app

        try:
            with TestClient(games_app, raise_server_exceptions=False) as games, \
                    TestClient(community_app, raise_server_exceptions=False) as community:
                record = Recorder(games, community, advance)
                walk(record, mark_won)
                held = extra_walk(record, mark_won)
            items = all_items(db.get_table()) + held
            failures = [a for a in record.answers if a["status"] >= 500]
            assert not failures, f"the walk got server errors: {failures}"
        finally:
            jobs.JOB_BUDGET, judge.JUDGE_LEVEL = saved_budget, saved_judge
            db.reset()
    return items
