"""The boto3 table, created lazily once per process (a Lambda container reuses it).

``get_table()`` is the entry point; ``get_client()`` gives the low-level client for
transactions; ``reset()`` forgets both so tests can switch endpoints/tables between cases.
Retries use botocore's standard mode, so throttling is absorbed before a request fails.
"""

from __future__ import annotations

import threading
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from dames_backend.config import get_settings

_lock = threading.Lock()
_table: Any = None

RETRY_CONFIG = Config(
    retries={"max_attempts": 6, "mode": "standard"},
    connect_timeout=3,
    read_timeout=10,
)


def get_table() -> Any:
    """Return the DynamoDB ``Table`` resource named by the settings (created once)."""
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                settings = get_settings()
                resource = boto3.resource(
                    "dynamodb",
                    region_name=settings.region,
                    endpoint_url=settings.dynamodb_endpoint,
                    config=RETRY_CONFIG,
                )
                _table = resource.Table(settings.table_name)
    return _table


def get_client() -> Any:
    """Return the low-level client behind the table (for ``transact_write_items``)."""
    return get_table().meta.client


def reset() -> None:
    """Forget the cached table, so the next call re-reads the settings (tests only need it)."""
    global _table
    with _lock:
        _table = None


def error_code(exc: ClientError) -> str:
    """The AWS error code of a ``ClientError`` (``""`` when absent)."""
    return str(exc.response.get("Error", {}).get("Code", ""))


def is_conditional_failure(exc: ClientError) -> bool:
    """True when a conditional write lost: the item changed or exists (expected, not a fault)."""
    return error_code(exc) in {"ConditionalCheckFailedException", "TransactionCanceledException"}


def cancellation_codes(exc: ClientError) -> list[str]:
    """The per-item reasons of a cancelled transaction, in the order of its items."""
    reasons = exc.response.get("CancellationReasons") or []
    return [str(reason.get("Code") or "None") for reason in reasons]


RETRYABLE_CANCELLATION_CODES = frozenset(
    {"TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded"}
)


def is_retryable_cancellation(exc: ClientError) -> bool:
    """True when a transaction was cancelled only because another one held the same items or
    the table was busy: the same transaction may succeed a moment later."""
    if error_code(exc) != "TransactionCanceledException":
        return False
    codes = set(cancellation_codes(exc)) - {"None"}
    return bool(codes) and codes <= RETRYABLE_CANCELLATION_CODES
