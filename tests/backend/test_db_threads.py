"""The table handed to each thread builds its own expressions.

boto3 builds a ``Key(...)``/``Attr(...)`` condition's placeholders (``#n0``, ``:v0``) with one
builder per resource, reset at each request: two threads sharing a resource number their
placeholders over each other, and DynamoDB receives a key condition that names the wrong
attribute ("Query condition missed key schema element: pk") or a write condition that tests
the wrong value. A clean-clone CI run failed once that way in a race test. uvicorn serves the
local API's handlers from a thread pool, and a reply's thinking mark is written from a timer
thread, so the store must not share a resource between threads.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest
from boto3.dynamodb.conditions import Key
from dames_backend import db
from race_support import race, raised

THREADS = 8
ROUNDS = 2000


def test_each_thread_gets_its_own_table_and_keeps_it() -> None:
    seen: dict[int, Any] = {}

    def remember() -> None:
        first = db.get_table()
        assert db.get_table() is first
        seen[threading.get_ident()] = first

    threads = [threading.Thread(target=remember) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tables = list(seen.values())
    assert len(tables) == 3
    assert len({id(t) for t in tables}) == 3
    assert len({id(t.meta.client) for t in tables}) == 3


def test_reset_reaches_the_tables_of_other_threads() -> None:
    with ThreadPoolExecutor(max_workers=1) as other:  # one thread, kept between the calls
        before = other.submit(db.get_table).result()
        assert other.submit(db.get_table).result() is before
        db.reset()
        assert other.submit(db.get_table).result() is not before


@pytest.fixture
def eager_thread_switches() -> Iterator[None]:
    """Threads switch every microsecond instead of every 5 ms, so two builders' resets meet
    within a few requests (as they did once on a loaded CI machine)."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(previous)


def _answer_without_sending(params: dict[str, Any], **_: Any) -> tuple[Any, dict[str, Any]]:
    """Answer a Query before it leaves (botocore takes a ``before-call`` handler's return
    value as the response), after checking the key condition it was serialized with."""
    body = json.loads(params["body"])
    names = body.get("ExpressionAttributeNames", {})
    condition = body["KeyConditionExpression"]
    named = sorted(names[token] for token in set(re.findall(r"#n\d+", condition)))
    if named != ["pk", "sk"]:
        raise AssertionError(f"sent {condition!r} with {names}")
    return SimpleNamespace(status_code=200, headers={}), {"Items": [], "Count": 0}


def test_threads_querying_at_once_each_send_the_condition_they_built(
    aws_env: None, eager_thread_switches: None
) -> None:
    db.reset()

    def work(thread: int) -> int:
        own = db.get_table()
        own.meta.client.meta.events.register(
            "before-call.dynamodb.Query", _answer_without_sending, unique_id="answer-locally"
        )
        for _ in range(ROUNDS):
            own.query(
                KeyConditionExpression=Key("pk").eq(f"P#{thread}") & Key("sk").between("S#1", "S#3")
            )
        return ROUNDS

    outcomes = race(THREADS, work)
    db.reset()
    assert not raised(outcomes), raised(outcomes)
    assert outcomes == [ROUNDS] * THREADS
