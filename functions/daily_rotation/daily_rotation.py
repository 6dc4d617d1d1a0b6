"""Lambda function for the midnight schedule (EventBridge ``cron(0 0 * * ? *)``).

It creates the new day's challenge before players arrive, so the first daily game of the day
does not pay for the write. The date comes from the event's ``time`` (the scheduled instant),
not from the clock at run time: a retry that runs late, even after the next midnight, still
creates the day it was meant for. Running it twice is harmless: ``daily.ensure_daily`` writes
only if no challenge exists, and reports which happened.

It logs and counts like the HTTP functions (``dames_backend.observability``, which does not
import FastAPI): one JSON line per run with the date and the outcome, the EventBridge event id
as the correlation id, a ``DailyChallengeCreated`` metric when it created the day.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend.daily import challenge as daily
from dames_backend.observability import METRICS_NAMESPACE, get_tracer, make_logger

SERVICE = "daily-rotation"

logger = make_logger(SERVICE)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE)


def scheduled_date(event: dict[str, Any], now: datetime | None = None) -> str:
    """The UTC date the event was scheduled for; the current date if ``time`` is unusable
    (an invocation by hand, say), logged so that it shows."""
    raw = event.get("time") if isinstance(event, dict) else None
    if isinstance(raw, str):
        try:
            instant = datetime.fromisoformat(raw.replace("Z", "+00:00"))
        except ValueError:
            instant = None
        if instant is not None:
            if instant.tzinfo is None:
                instant = instant.replace(tzinfo=UTC)
            return instant.astimezone(UTC).date().isoformat()
    logger.warning("Event has no usable 'time'; using the current UTC date", extra={"time": raw})
    return daily.today_utc(now)


def rotate(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Create the scheduled day's challenge unless it exists (the handler without Powertools)."""
    day = scheduled_date(event)
    challenge, created = daily.ensure_daily(day, source="rotation")
    outcome = "created" if created else "existed"
    message = "Daily challenge created" if created else "Daily challenge already existed"
    logger.info(
        message, extra={"event": "DailyRotation", "date": challenge.date, "outcome": outcome}
    )
    if created:
        metrics.add_metric(name="DailyChallengeCreated", unit=MetricUnit.Count, value=1)
    return {"date": challenge.date, "created": created}


handler = metrics.log_metrics(
    logger.inject_lambda_context(
        rotate, correlation_id_path=correlation_paths.EVENT_BRIDGE, clear_state=True
    )
)
if (_tracer := get_tracer()) is not None:
    handler = _tracer.capture_lambda_handler(handler, capture_response=False)
