"""Helpers for the community tests: races in threads against an honest in-process DynamoDB.

moto serves each request in the calling thread without a lock, and it undoes a cancelled
TransactWriteItems by restoring a copy of the whole table taken when that transaction began,
which erases whatever another thread wrote meanwhile. Real DynamoDB applies each request
atomically and never loses a committed write. ``one_request_at_a_time`` restores that
guarantee (one lock around moto's request handling), so a race test exercises the
application's conditional writes, not moto's thread-safety. Threads still interleave freely
*between* requests, which is where the races of the application live.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
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
