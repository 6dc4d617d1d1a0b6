"""Helpers for the privacy tests: a board filled in bulk, and a count of DynamoDB requests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from board_claims_support import PK
from dames_backend import db
from dames_backend.boards import ranking


def fill_board(table: Any, count: int, *, base_score: int = 3000) -> list[str]:
    """``count`` entries of other players on the board of ``PK``, written in bulk with their
    histogram (as the benchmark fills a board); returns their player ids, best first."""
    ids = [f"p_bulk{n:05d}" for n in range(count)]
    scores = [base_score + (count - n) * 3 for n in range(count)]
    with table.batch_writer() as batch:
        for player_id, score in zip(ids, scores, strict=True):
            n = int(player_id[-5:])
            at = f"2026-11-28T{8 + n // 3600:02d}:{n // 60 % 60:02d}:{n % 60:02d}Z"
            batch.put_item(Item={
                "pk": PK, "sk": f"PLAYER#{player_id}", "playerId": player_id,
                "pseudonym": f"Bulk {player_id[-5:]}", "board": "daily", "date": PK[12:],
                "claims": [], "rev": 1, "banned": False,
                "gsi1pk": PK, "gsi1sk": ranking.ranking_key(score, at),
                "score": score, "pieces": 10, "seconds": 100, "pauses": 0, "pausedMs": 0,
                "at": at, "gameId": f"g_bulk{player_id[-5:]}", "status": "published",
            })
        for item in ranking.histogram_items(PK, scores):
            batch.put_item(Item=item)
    return ids


@contextmanager
def counted_requests() -> Iterator[Counter[str]]:
    """Counts every DynamoDB request made meanwhile, by operation."""
    calls: Counter[str] = Counter()

    def count(event_name: str, **_: Any) -> None:
        calls[event_name.rsplit(".", 1)[-1]] += 1

    clients = list({id(c): c for c in (db.get_client(), db.get_table().meta.client)}.values())
    for client in clients:
        client.meta.events.register("before-call.dynamodb.*", count)
    try:
        yield calls
    finally:
        for client in clients:
            client.meta.events.unregister("before-call.dynamodb.*", count)
