"""Writing a name's transaction (a registration or a rename), with each refusal said as such.

Apart from ``accounts`` so that the registration and the rename share one writer: the
reservations (``reservations.claim_items``) come first, then the caller's items, then the
tail's (counters, a voucher: ``allowance.Tail``); a cancellation is read back item by item to
say which rule refused (a taken name, a spent allowance, a used voucher, a player changed
meanwhile).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.errors import ApiError, busy_error
from dames_backend.players import allowance, reservations

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

_TRANSACTION_ATTEMPTS = 4
TAKEN_MESSAGE = (
    "This pseudonym (or one that looks the same: differing only by case, accents or "
    "look-alike letters from another alphabet) is taken."
)


def run_name_transaction(
    items: list[TransactWriteItemTypeDef], key_count: int, tail: allowance.Tail
) -> None:
    """Write a name's transaction: the reservations first (``reservations.claim_items``),
    the caller's items, then ``tail``'s (counters, a voucher), each refusing with its own
    error. Retried while it only met another transaction on the same items."""
    everything = items + list(tail.items)
    for attempt in range(_TRANSACTION_ATTEMPTS):
        try:
            db.get_client().transact_write_items(TransactItems=everything)
            return
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            codes = db.cancellation_codes(exc)
            if reservations.refused_as_taken(codes, key_count):
                raise ApiError(409, "pseudonym-taken", TAKEN_MESSAGE) from None
            tail.raise_refusal(codes[len(items):])
            if "ConditionalCheckFailed" in codes:
                raise ApiError(
                    409, "player-changed",
                    "The player changed during this request: nothing was changed. Try again.",
                ) from None
            if not db.is_retryable_cancellation(exc):
                raise
            if attempt == _TRANSACTION_ATTEMPTS - 1:
                raise busy_error() from None
            # Another transaction touched the same name at the same instant: once it settles,
            # the retry either wins or sees the name taken.
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable: the loop returns or raises")
