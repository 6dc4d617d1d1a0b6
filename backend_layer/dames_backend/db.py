"""The boto3 table, created lazily once per thread (a Lambda container reuses it).

``get_table()`` is the entry point; ``get_client()`` gives the low-level client for
transactions (this thread's too); ``reset()`` forgets them all so tests can switch
endpoints/tables between cases.
Retries use botocore's standard mode, so throttling is absorbed before a request fails.

Both are typed with the boto3 stubs (requirements-dev.txt), so mypy checks every call's
arguments; an attribute read from an item is any DynamoDB type until ``as_int``/``as_str``
say which one it must be.
"""

from __future__ import annotations

import threading
from decimal import Decimal
from typing import TYPE_CHECKING

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from dames_backend.config import get_settings

if TYPE_CHECKING:  # the stubs are in requirements-dev.txt only, for mypy
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.service_resource import Table

_lock = threading.Lock()
_generation = 0  # bumped by reset(): a thread's table from an older generation is dropped


class _ThreadTables(threading.local):
    """One ``Table`` per thread: boto3 numbers a condition's placeholders (``#n0``, ``:v0``)
    with one builder per resource, reset at every request, so two threads sharing a resource
    send each other's names ("Query condition missed key schema element: pk"). uvicorn runs
    the local API's handlers in a thread pool, a reply's thinking mark is stored from a timer
    thread, and the race tests run in threads. A Lambda invocation has one thread: one table."""

    table: Table | None = None
    generation = -1


_tables = _ThreadTables()

RETRY_CONFIG = Config(
    retries={"max_attempts": 6, "mode": "standard"},
    connect_timeout=3,
    read_timeout=10,
)


def get_table() -> Table:
    """Return this thread's DynamoDB ``Table`` resource for the table named by the settings.

    Every thread's resource comes from boto3's default session, as the process's other
    clients (Secrets Manager, SQS) do: one session loads the shared data files once (a
    session of its own cost a cold start about 40 ms of CPU more), and a further thread's
    resource costs about 6 ms.
    """
    if _tables.table is None or _tables.generation != _generation:
        with _lock:  # a boto3 session is not safe to create clients from in two threads at once
            settings = get_settings()
            resource = boto3.resource(  # from boto3's default session
                "dynamodb",
                region_name=settings.region,
                endpoint_url=settings.dynamodb_endpoint,
                config=RETRY_CONFIG,
            )
            _tables.table = resource.Table(settings.table_name)
            _tables.generation = _generation
    return _tables.table


def get_client() -> DynamoDBClient:
    """Return the low-level client behind the table (for ``transact_write_items``)."""
    return get_table().meta.client


def as_int(value: object) -> int:
    """A DynamoDB number attribute (boto3 reads it as ``Decimal``) as an ``int``.

    Raises ``TypeError`` for anything else: a missing or mistyped attribute is a bug in the
    stored data, better loud than read as 0.
    """
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise TypeError(f"expected a DynamoDB number, got {type(value).__name__}")
    return int(value)


def as_str(value: object) -> str:
    """A DynamoDB string attribute as ``str``; ``TypeError`` for anything else."""
    if not isinstance(value, str):
        raise TypeError(f"expected a DynamoDB string, got {type(value).__name__}")
    return value


def reset() -> None:
    """Forget every thread's table, so the next call re-reads the settings (tests switch
    regions, endpoints and tables between cases)."""
    global _generation
    with _lock:
        _generation += 1


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
