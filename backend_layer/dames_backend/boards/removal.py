"""Removing a player's entry from a board, for an erasure only (``privacy.erasure``).

Apart from ``claims`` so that the functions that claim and judge, which never delete an
entry, are not granted ``DeleteItem``: the same conditional transaction as ``claims``'s, with
the same histogram moves, so no count drifts.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.boards.claims import _CLAIM_ATTEMPTS, _entry_put, _histogram_moves
from dames_backend.boards.entries import Entry
from dames_backend.boards.ranking import entry_key
from dames_backend.errors import busy_error

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef


def remove_entry(pk: str, player_id: str) -> bool:
    """Delete a player's entry from board ``pk`` with its histogram counts, in one
    transaction conditioned on the entry read (an erasure: ``privacy.erasure``); returns
    whether there was one. The ranks of everyone below it move up by one, as the counts do."""
    table = db.get_table()
    key = entry_key(pk, player_id)
    for attempt in range(_CLAIM_ATTEMPTS):
        current = table.get_item(Key=key, ConsistentRead=True).get("Item")
        if current is None:
            return False
        before = Entry.from_item(current)
        put = _entry_put(table.name, {}, before)  # the same condition: exactly what was read
        delete: dict[str, Any] = {"TableName": table.name, "Key": key}
        for name in ("ConditionExpression", "ExpressionAttributeValues"):
            if name in put:
                delete[name] = put[name]
        shown = before.shown()
        items: list[TransactWriteItemTypeDef] = [{"Delete": delete}]  # type: ignore[typeddict-item]
        items.extend(_histogram_moves(table.name, pk, shown.score if shown else None, None))
        try:
            db.get_client().transact_write_items(TransactItems=items)
            return True
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            if attempt == _CLAIM_ATTEMPTS - 1:
                raise busy_error() from None
            time.sleep(0.02 * (attempt + 1))  # a claim or a verdict landed first: read again
    raise AssertionError("unreachable: the loop returns or raises")
