"""Daily and free-play leaderboards: claims, best-only entries, ranks.

Interface used by the games claim route (``POST /api/games/{id}/claim``)::

    record_claim(
        *,
        game_id: str,            # the won game's id ("g_…"); one claim per game
        player: Player,          # from players.authenticate_player(token)
        board: str,              # "daily" or "free" (practice never reaches here)
        date: str | None,        # "yyyy-mm-dd" for daily (the game's own date), None for free
        score: int,              # all three figures come from the stored game item,
        pieces: int,             # computed by the server: never from the request
        seconds: int,
        achieved_at: str | None = None,  # ISO time the game was won; defaults to now (UTC)
    ) -> ClaimResult             # .board, .date, .score, .rank, .best; .as_json() is the body
    # raises ApiError 409 "already-claimed" when that game was claimed before.

Data (see docs/http-api.md): one entry per player and board, ``BOARD#daily#<date>`` or
``BOARD#free`` / ``PLAYER#<id>``, holding that player's best score only, with
``gsi1sk = <999999999 − score, 9 digits>#<achievedAt>`` so an ascending query on ``gsi1``
lists the best first and, on equal scores, the older first. A claim writes ``CLAIM#<gameId>``
(condition: new) and, when the score beats the player's best, the entry (condition: absent or
lower score) in one transaction: a game is counted once, and of two simultaneous claims by
one player the better score stays. An equal score never replaces the older entry, which keeps
its earlier time and so its place.

Ranks are competition ranks over the ordering key: 1 + the number of entries strictly ahead.
``rank_of`` counts them with a ``Select=COUNT`` query on the index, so a player's rank costs
one read of the keys ahead of them, not a read of the board.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from boto3.dynamodb.conditions import Key
from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.errors import ApiError, busy_error
from dames_backend.players import Player
from dames_backend.tables import GSI1_NAME

BOARDS = ("daily", "free")
SCORE_CEILING = 999_999_999
DEFAULT_LIMIT = 100
_CLAIM_ATTEMPTS = 5


@dataclass(frozen=True)
class ClaimResult:
    """What a claim answers: the board, the claimed score, the player's rank and best."""

    board: str
    date: str | None
    score: int
    rank: int
    best: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Entry:
    """One line of a board as shown publicly (no player id: pseudonyms are the public face)."""

    rank: int
    pseudonym: str
    score: int
    pieces: int
    seconds: int
    at: str

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class OwnRank:
    """A player's own standing on a board (their best entry and its rank)."""

    rank: int
    score: int
    pieces: int
    seconds: int
    at: str

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def board_pk(board: str, date: str | None) -> str:
    """The partition of a board: ``BOARD#daily#<date>`` or ``BOARD#free``."""
    if board == "daily":
        if not date:
            raise ValueError("a daily board needs a date")
        return f"BOARD#daily#{date}"
    if board == "free":
        return "BOARD#free"
    raise ValueError(f"unknown board {board!r}")


def ranking_key(score: int, achieved_at: str) -> str:
    """The index sort key: best score first (inverted, zero-padded), then the older first."""
    return f"{SCORE_CEILING - score:09d}#{achieved_at}"


def _now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _entry_key(pk: str, player_id: str) -> dict[str, str]:
    return {"pk": pk, "sk": f"PLAYER#{player_id}"}


def _count_ahead(pk: str, sort_key: str) -> int:
    """How many entries of the board rank strictly ahead of ``sort_key`` (paged COUNT)."""
    table = db.get_table()
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(pk) & Key("gsi1sk").lt(sort_key),
        "Select": "COUNT",
    }
    ahead = 0
    while True:
        page = table.query(**query)
        ahead += int(page.get("Count", 0))
        last = page.get("LastEvaluatedKey")
        if not last:
            return ahead
        query["ExclusiveStartKey"] = last


def _validate_figures(score: int, pieces: int, seconds: int) -> None:
    if not 0 <= score <= SCORE_CEILING:
        raise ValueError(f"score out of range: {score}")
    if pieces < 0 or seconds < 0:
        raise ValueError("pieces and seconds cannot be negative")


def record_claim(
    *,
    game_id: str,
    player: Player,
    board: str,
    date: str | None,
    score: int,
    pieces: int,
    seconds: int,
    achieved_at: str | None = None,
) -> ClaimResult:
    """Enter a won game's score on its board (see the module docstring for the contract)."""
    _validate_figures(score, pieces, seconds)
    pk = board_pk(board, date)
    at = achieved_at or _now_iso()
    claimed_at = _now_iso()
    table = db.get_table()
    entry_key = _entry_key(pk, player.player_id)
    claim_put: dict[str, Any] = {
        "Put": {
            "TableName": table.name,
            "Item": {
                "pk": f"CLAIM#{game_id}",
                "sk": "CLAIM",
                "gameId": game_id,
                "playerId": player.player_id,
                "board": board,
                "date": date,
                "score": score,
                "claimedAt": claimed_at,
            },
            "ConditionExpression": "attribute_not_exists(pk)",
        }
    }
    entry_put: dict[str, Any] = {
        "Put": {
            "TableName": table.name,
            "Item": {
                **entry_key,
                "gsi1pk": pk,
                "gsi1sk": ranking_key(score, at),
                "board": board,
                "date": date,
                "playerId": player.player_id,
                "pseudonym": player.pseudonym,
                "score": score,
                "pieces": pieces,
                "seconds": seconds,
                "at": at,
                "gameId": game_id,
            },
            "ConditionExpression": "attribute_not_exists(pk) OR score < :score",
            "ExpressionAttributeValues": {":score": score},
        }
    }
    for attempt in range(_CLAIM_ATTEMPTS):
        current = table.get_item(Key=entry_key, ConsistentRead=True).get("Item")
        improves = current is None or int(current["score"]) < score
        items = [claim_put, entry_put] if improves else [claim_put]
        try:
            db.get_client().transact_write_items(TransactItems=items)
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            codes = db.cancellation_codes(exc)
            if codes[:1] == ["ConditionalCheckFailed"]:
                raise ApiError(
                    409, "already-claimed", "This game was already entered in a leaderboard."
                ) from None
            entry_lost = codes[1:2] == ["ConditionalCheckFailed"]
            if not (entry_lost or db.is_retryable_cancellation(exc)):
                raise
            if attempt == _CLAIM_ATTEMPTS - 1:
                raise busy_error() from None
            # The entry changed under us (a better score of the same player landed first) or
            # another transaction touched the same items: read again and redo the decision.
            time.sleep(0.02 * (attempt + 1))
            continue
        best_item = entry_put["Put"]["Item"] if improves else current
        assert best_item is not None
        rank = 1 + _count_ahead(pk, str(best_item["gsi1sk"]))
        return ClaimResult(
            board=board, date=date, score=score, rank=rank, best=int(best_item["score"])
        )
    raise AssertionError("unreachable: the loop returns or raises")


def top(board: str, date: str | None = None, limit: int = DEFAULT_LIMIT) -> list[Entry]:
    """The best ``limit`` entries of a board, best first, with competition ranks."""
    pk = board_pk(board, date)
    table = db.get_table()
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(pk),
        "ScanIndexForward": True,
        "Limit": limit,
    }
    items: list[dict[str, Any]] = []
    while len(items) < limit:
        page = table.query(**query)
        items.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            break
        query["ExclusiveStartKey"] = last
        query["Limit"] = limit - len(items)
    entries: list[Entry] = []
    previous_key: str | None = None
    for position, item in enumerate(items[:limit], start=1):
        sort_key = str(item["gsi1sk"])
        rank = entries[-1].rank if sort_key == previous_key and entries else position
        previous_key = sort_key
        entries.append(
            Entry(
                rank=rank,
                pseudonym=str(item["pseudonym"]),
                score=int(item["score"]),
                pieces=int(item["pieces"]),
                seconds=int(item["seconds"]),
                at=str(item["at"]),
            )
        )
    return entries


def rank_of(board: str, date: str | None, player_id: str) -> OwnRank | None:
    """A player's best entry on a board and its rank, or None when they have no entry."""
    pk = board_pk(board, date)
    item = db.get_table().get_item(Key=_entry_key(pk, player_id), ConsistentRead=True).get("Item")
    if item is None:
        return None
    return OwnRank(
        rank=1 + _count_ahead(pk, str(item["gsi1sk"])),
        score=int(item["score"]),
        pieces=int(item["pieces"]),
        seconds=int(item["seconds"]),
        at=str(item["at"]),
    )
