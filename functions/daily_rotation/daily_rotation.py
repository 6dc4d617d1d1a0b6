"""Lambda function for the midnight schedule (EventBridge ``cron(0 0 * * ? *)``).

It creates the new day's challenge before players arrive, so the first daily game of the day
does not pay for the write, and picks the day's puzzle, « le coup du jour »
(``dames_backend.puzzles.daily``: the same idempotent, once-only pick). The date comes from
the event's ``time`` (the scheduled instant), not from the clock at run time: a retry that
runs late, even after the next midnight, still creates the day it was meant for. Running it
twice is harmless: ``daily.ensure_daily`` writes only if no challenge exists, and reports
which happened.

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
from dames_backend.puzzles import daily as coup_du_jour

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
    puzzle = rotate_puzzle(day)
    return {"date": challenge.date, "created": created, **puzzle}


def rotate_puzzle(day: str) -> dict[str, Any]:
    """Pick the day's coup (« le coup du jour », ``puzzles.daily``) unless it is picked."""
    puzzle_id, picked = coup_du_jour.ensure_day(day, source="rotation")
    if puzzle_id is None:
        logger.error("No coup du jour left to pick", extra={"event": "DailyPuzzle", "date": day})
    else:
        logger.info("Coup du jour " + ("picked" if picked else "already picked"), extra={
            "event": "DailyPuzzle", "date": day, "puzzleId": puzzle_id})
    if picked:
        metrics.add_metric(name="DailyPuzzlePicked", unit=MetricUnit.Count, value=1)
    return {"puzzleId": puzzle_id, "puzzlePicked": picked}


handler = metrics.log_metrics(
    logger.inject_lambda_context(
        rotate, correlation_id_path=correlation_paths.EVENT_BRIDGE, clear_state=True
    )
)
if (_tracer := get_tracer()) is not None:
    handler = _tracer.capture_lambda_handler(handler, capture_response=False)
