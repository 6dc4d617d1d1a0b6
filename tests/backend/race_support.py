"""Races in threads against an honest in-process DynamoDB.

moto serves each request in the calling thread without a lock, and it undoes a cancelled
TransactWriteItems by restoring a copy of the whole table taken when that transaction began,
which erases whatever another thread wrote meanwhile. Real DynamoDB applies each request
atomically and never loses a committed write. ``one_request_at_a_time`` restores that
guarantee (one lock around moto's request handling; the ``table`` fixture applies it), so a
race test exercises the application's conditional writes, not moto's thread-safety. Threads
still interleave freely *between* requests, which is where the races of the application
live.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from botocore.exceptions import ClientError
from dames_backend import db
from moto.core.botocore_stubber import BotocoreStubber


def one_request_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every mocked AWS request atomic for the rest of the test."""
    lock = threading.Lock()
    process = BotocoreStubber.process_request

    def atomic(self: BotocoreStubber, request: Any) -> Any:
        with lock:
            return process(self, request)

    monkeypatch.setattr(BotocoreStubber, "process_request", atomic)


def race(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released together; each slot holds the result or
    the exception that contender got."""
    barrier = threading.Barrier(count)
    outcomes: list[Any] = [None] * count

    def run(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = work(index)
        except Exception as exc:  # the test inspects what each contender got
            outcomes[index] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def raised(outcomes: list[Any]) -> str:
    """The exceptions among a race's outcomes, each with its type and whole message (and a
    DynamoDB error's code and cancellation reasons): what a failed race assertion must show,
    where pytest would cut the list's repr short."""
    lines = []
    for index, outcome in enumerate(outcomes):
        if isinstance(outcome, ClientError):
            reasons = outcome.response.get("CancellationReasons")
            lines.append(f"contender {index}: ClientError {outcome.response.get('Error')} "
                         f"reasons {reasons}")
        elif isinstance(outcome, Exception):
            lines.append(f"contender {index}: {type(outcome).__name__}: {outcome}")
    return "\n".join(lines)


class ConflictingTransactions:
    """The DynamoDB client, except that its next ``conflicts`` transactions are cancelled with
    ``TransactionConflict``, as real DynamoDB does when another transaction holds the same
    item (moto never does). ``conflicts`` is how many are still to be cancelled; ``attempts``
    counts every transaction the application tried."""

    def __init__(self, client: Any, conflicts: int) -> None:
        self._client = client
        self.conflicts = conflicts
        self.attempts = 0

    def transact_write_items(self, **kwargs: Any) -> Any:
        self.attempts += 1
        if self.conflicts > 0:
            self.conflicts -= 1
            items = kwargs["TransactItems"]
            reasons = [{"Code": "TransactionConflict"}] + [{"Code": "None"}] * (len(items) - 1)
            raise ClientError(
                {
                    "Error": {
                        "Code": "TransactionCanceledException",
                        "Message": "Transaction cancelled: [TransactionConflict]",
                    },
                    "CancellationReasons": reasons,
                },
                "TransactWriteItems",
            )
        return self._client.transact_write_items(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)


def conflicting_transactions(
    monkeypatch: pytest.MonkeyPatch, conflicts: int
) -> ConflictingTransactions:
    """Route the application's transactions through a ``ConflictingTransactions``."""
    client = ConflictingTransactions(db.get_client(), conflicts)
    monkeypatch.setattr(db, "get_client", lambda: client)
    return client
