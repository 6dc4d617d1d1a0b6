"""« Le coup du jour »: one puzzle for everyone each UTC day, picked by the midnight rotation.

The rotation (``functions/daily_rotation``) calls ``ensure_day`` for its scheduled date; a
request that finds no puzzle for today (a late schedule, a fresh table) makes the same call,
and the pick is a pure function of the date and of the puzzles already used
(``pool.pick_daily``), so whoever writes first writes the one puzzle. The day's item and the
set of used puzzles are written in one transaction, conditioned on the day being new and the
puzzle unused: no puzzle is ever the coup of two days.

The day's coup counts for the streak when it is found on its day (with the daily
challenge's ten minutes of grace after midnight: ``daily.challenge.closes_at``), without a
wrong move and without a hint.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import busy_error
from dames_backend.puzzles import pool
from dames_backend.puzzles.store import USED_KEY, day_key, read_item

UNUSED = "attribute_not_exists(ids) OR NOT contains(ids, :one)"

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef


def puzzle_of(day: str) -> str | None:
    item = read_item(day_key(day))
    return str(item["puzzleId"]) if item else None


def used() -> frozenset[str]:
    item = read_item(USED_KEY)
    return frozenset(str(v) for v in item.get("ids", ())) if item else frozenset()


def past_days(today: str) -> frozenset[str]:
    """The puzzles that have been the coup of a day before ``today`` (free to train on)."""
    current = puzzle_of(today)
    return used() - {current} if current else used()


def ensure_day(day: str, *, source: str = "on-demand") -> tuple[str | None, bool]:
    """The puzzle of ``day`` and whether this call chose it (None: the reserve is spent)."""
    for _ in range(3):
        existing = puzzle_of(day)
        if existing is not None:
            return existing, False
        spent = used()
        chosen = pool.pick_daily(date.fromisoformat(day), spent)
        if chosen is None:
            return None, False
        name = db.get_table().name
        items: list[TransactWriteItemTypeDef] = [
            {"Put": {"TableName": name, "Item": {
                **day_key(day), "puzzleId": chosen.id, "createdAt": clock.iso_now(),
                "createdBy": source}, "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Update": {"TableName": name, "Key": USED_KEY, "UpdateExpression": "ADD ids :id",
                        "ConditionExpression": UNUSED,
                        "ExpressionAttributeValues": _values(chosen.id)}},
        ]
        try:
            db.get_client().transact_write_items(TransactItems=items)
            return chosen.id, True
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            # Another writer chose first (the day, or the same puzzle for another day): read
            # again and, if this day is still free, pick among what is left.
    raise busy_error()


def _values(puzzle_id: str) -> dict[str, Any]:
    # The table's client serialises plain Python values (as ``players.accounts`` relies on).
    return {":id": {puzzle_id}, ":one": puzzle_id}
