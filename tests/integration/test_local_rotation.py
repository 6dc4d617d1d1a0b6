"""The local midnight rotation: when it fires and what it hands the real handler.

No server and no DynamoDB: a fake clock advances only when the loop sleeps, so a day passes
in microseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone

import pytest

from local import rotation


@pytest.mark.parametrize(
    ("now", "expected"),
    [
        (datetime(2026, 11, 30, 10, 0, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC)),
        (datetime(2026, 11, 30, 23, 59, 59, 999999, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC)),
        # Midnight sharp has just been handled: the next one is a day later.
        (datetime(2026, 12, 1, tzinfo=UTC), datetime(2026, 12, 2, tzinfo=UTC)),
        (datetime(2026, 12, 31, 12, 0, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)),
        (datetime(2028, 2, 28, 1, 0, tzinfo=UTC), datetime(2028, 2, 29, tzinfo=UTC)),
        # 23:30 in Paris (UTC+1) is 22:30 UTC: still the UTC day of the 30th.
        (
            datetime(2026, 11, 30, 23, 30, tzinfo=timezone(timedelta(hours=1))),
            datetime(2026, 12, 1, tzinfo=UTC),
        ),
    ],
)
def test_next_midnight_is_the_next_utc_day_boundary(now: datetime, expected: datetime) -> None:
    assert rotation.next_midnight_utc(now) == expected


def test_scheduled_event_looks_like_eventbridge_for_that_instant() -> None:
    event = rotation.scheduled_event(datetime(2026, 12, 1, tzinfo=UTC))
    assert event["source"] == "aws.events"
    assert event["detail-type"] == "Scheduled Event"
    assert event["time"] == "2026-12-01T00:00:00Z"
    assert event["detail"] == {}


class StopLoop(BaseException):
    """Ends the endless loop from inside a rotation (not an Exception: those are retried)."""


class FakeTime:
    """A clock that moves only when the loop sleeps."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def clock(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += timedelta(seconds=seconds)


def run_loop_until(fake: FakeTime, rotations: int, fail_first: int = 0) -> list[datetime]:
    """Run ``midnight_loop`` until ``rotations`` rotations succeeded; the first ``fail_first``
    attempts raise. Returns the instants of the successful rotations."""
    done: list[datetime] = []
    attempts = 0

    async def rotate(at: datetime) -> None:
        nonlocal attempts
        attempts += 1
        if attempts <= fail_first:
            raise RuntimeError("DynamoDB is not there yet")
        done.append(at)
        if len(done) == rotations:
            raise StopLoop

    async def main() -> None:
        with contextlib.suppress(StopLoop):
            await rotation.midnight_loop(clock=fake.clock, sleep=fake.sleep, rotate=rotate)

    # A loop of its own, in a thread of its own: in the same pytest process the browser tests'
    # Playwright (sync API) may hold an event loop running on the main thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, main()).result(timeout=60)
    return done


def test_loop_rotates_at_each_midnight_and_never_sleeps_long() -> None:
    fake = FakeTime(datetime(2026, 11, 30, 22, 15, tzinfo=UTC))
    done = run_loop_until(fake, rotations=3)
    assert done == [
        datetime(2026, 12, 1, tzinfo=UTC),
        datetime(2026, 12, 2, tzinfo=UTC),
        datetime(2026, 12, 3, tzinfo=UTC),
    ]
    assert max(fake.sleeps) <= rotation.MAX_SLEEP_SECONDS
    # It fired at midnight, not later: the clock stopped exactly on the third midnight.
    assert fake.now == datetime(2026, 12, 3, tzinfo=UTC)


def test_a_failed_rotation_is_retried_for_the_same_day() -> None:
    fake = FakeTime(datetime(2026, 11, 30, 23, 59, tzinfo=UTC))
    done = run_loop_until(fake, rotations=1, fail_first=2)
    assert done == [datetime(2026, 12, 1, tzinfo=UTC)]
    assert fake.sleeps[-2:] == [rotation.RETRY_SECONDS, rotation.RETRY_SECONDS]


def test_local_context_satisfies_powertools() -> None:
    context = rotation.LocalLambdaContext()
    assert context.function_name and context.aws_request_id
    assert context.get_remaining_time_in_millis() > 0
