"""Lambda function for the midnight schedule (EventBridge ``cron(0 0 * * ? *)``).

It creates the new day's challenge before players arrive, so the first daily game of the day
does not pay for the write. The date comes from the event's ``time`` (the scheduled instant),
not from the clock at run time: a retry that runs late, even after the next midnight, still
creates the day it was meant for. Running it twice is harmless: ``daily.ensure_daily`` writes
only if no challenge exists, and reports which happened.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend import daily

# The same namespace as the HTTP functions (app_factory.METRICS_NAMESPACE), spelled here so
# this function does not import FastAPI just for a string.
METRICS_NAMESPACE = "DamesDuJour"

logger = Logger(service="daily-rotation")
metrics = Metrics(namespace=METRICS_NAMESPACE, service="daily-rotation")


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


@metrics.log_metrics
@logger.inject_lambda_context(log_event=False)
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    day = scheduled_date(event)
    challenge, created = daily.ensure_daily(day, source="rotation")
    if created:
        metrics.add_metric(name="DailyChallengeCreated", unit=MetricUnit.Count, value=1)
        logger.info("Daily challenge created", extra={"date": challenge.date})
    else:
        logger.info("Daily challenge already existed", extra={"date": challenge.date})
    return {"date": challenge.date, "created": created}
