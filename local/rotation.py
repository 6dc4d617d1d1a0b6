"""The midnight-UTC rotation, locally: what EventBridge does in AWS, done by a background task.

The real ``daily_rotation.handler`` is called with the same scheduled event EventBridge sends
(``time`` is the scheduled instant, 00:00:00 UTC) and a stand-in Lambda context, once at
start-up, so today's challenge exists before the first request, and then at every midnight.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from local.paths import add_code_paths

logger = logging.getLogger("local.rotation")

LOCAL_ACCOUNT = "000000000000"
LOCAL_REGION = "eu-west-3"
RULE_NAME = "local-daily-rotation"
# How long to wait before trying again when a rotation fails (DynamoDB not ready, a bug…).
RETRY_SECONDS = 30.0
# The loop never sleeps longer than this at once, so a suspended laptop or a clock change
# is noticed within a minute instead of firing hours late.
MAX_SLEEP_SECONDS = 60.0

Clock = Callable[[], datetime]
Sleep = Callable[[float], Awaitable[None]]
Rotate = Callable[[datetime], Awaitable[None]]


def utc_now() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


def next_midnight_utc(now: datetime) -> datetime:
    """The first 00:00:00 UTC strictly after ``now`` (a rotation at midnight sharp is done)."""
    current = now.astimezone(UTC)
    return datetime(current.year, current.month, current.day, tzinfo=UTC) + timedelta(days=1)


def scheduled_event(at: datetime) -> dict[str, Any]:
    """An EventBridge "Scheduled Event" for the instant ``at``, as the rule would send it."""
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "aws.events",
        "account": LOCAL_ACCOUNT,
        "time": at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "region": LOCAL_REGION,
        "resources": [f"arn:aws:events:{LOCAL_REGION}:{LOCAL_ACCOUNT}:rule/{RULE_NAME}"],
        "detail": {},
    }


@dataclass(frozen=True)
class LocalLambdaContext:
    """The attributes Powertools reads from a Lambda context, with local values."""

    function_name: str = "DailyRotationFunction"
    function_version: str = "$LATEST"
    memory_limit_in_mb: int = 256
    invoked_function_arn: str = (
        f"arn:aws:lambda:{LOCAL_REGION}:{LOCAL_ACCOUNT}:function:DailyRotationFunction"
    )
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    log_group_name: str = "/local/DailyRotationFunction"
    log_stream_name: str = "local"

    def get_remaining_time_in_millis(self) -> int:
        """Lambda's timeout for the rotation function is 30 s; locally there is no limit."""
        return 30_000


def rotate_once(at: datetime) -> Any:
    """Call the real rotation handler for the scheduled instant ``at`` (blocking: boto3)."""
    add_code_paths()
    import daily_rotation  # late: importing this module stays free

    return daily_rotation.handler(scheduled_event(at), LocalLambdaContext())


async def rotate_in_thread(at: datetime) -> None:
    """Run ``rotate_once`` off the event loop so requests keep flowing meanwhile."""
    result = await asyncio.to_thread(rotate_once, at)
    logger.info("daily rotation for %s done: %s", at.isoformat(), result)


async def rotate_until_done(
    at: datetime, rotate: Rotate = rotate_in_thread, sleep: Sleep = asyncio.sleep
) -> None:
    """Rotate for ``at``, retrying every ``RETRY_SECONDS`` until it succeeds.

    A failure is logged, never raised: the server must keep serving (and the API creates a
    missing challenge on demand anyway).
    """
    while True:
        try:
            await rotate(at)
            return
        except Exception:
            logger.exception("daily rotation for %s failed; retrying", at.isoformat())
            await sleep(RETRY_SECONDS)


async def midnight_loop(
    clock: Clock = utc_now, sleep: Sleep = asyncio.sleep, rotate: Rotate = rotate_in_thread
) -> None:
    """Forever: wait for the next 00:00 UTC by the wall clock, then rotate for that instant."""
    while True:
        target = next_midnight_utc(clock())
        while (remaining := (target - clock()).total_seconds()) > 0:
            await sleep(min(remaining, MAX_SLEEP_SECONDS))
        await rotate_until_done(target, rotate=rotate, sleep=sleep)
