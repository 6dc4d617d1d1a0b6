"""Helpers for the privacy tests: a board filled in bulk, what the table still says of someone,
the boards' ranks checked by brute force, and a count of DynamoDB requests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from board_claims_support import PK
from botocore.client import BaseClient
from dames_backend.boards import ranking
from table_support import all_items


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
    """Counts every DynamoDB request made meanwhile, by operation, from any thread (each
    thread has its own client: ``db.get_table``; the test client serves from another)."""
    calls: Counter[str] = Counter()
    send = BaseClient._make_api_call

    def counting(client: BaseClient, operation: str, params: dict[str, Any]) -> Any:
        if client.meta.service_model.service_name == "dynamodb":
            calls[operation] += 1
        return send(client, operation, params)

    BaseClient._make_api_call = counting  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        BaseClient._make_api_call = send  # type: ignore[method-assign]


def mentions(table: Any, text: str) -> list[dict[str, Any]]:
    """The items whose text holds ``text`` anywhere (a player id, a pseudonym)."""
    return [item for item in all_items(table) if text in repr(item)]


def ranks_are_exact(table: Any, sample: int = 60) -> None:
    """Every shown entry's rank (or an even sample of them) equals the brute-force rank."""
    entries = [i for i in all_items(table) if i["pk"] == PK and "gsi1sk" in i]
    for entry in entries[:: max(1, len(entries) // sample)]:
        better = sum(
            1 for other in entries
            if int(other["score"]) > int(entry["score"])
            or (other["score"] == entry["score"] and other["at"] < entry["at"])
        )
        assert ranking.rank_at(PK, int(entry["score"]), str(entry["at"])) == better + 1
