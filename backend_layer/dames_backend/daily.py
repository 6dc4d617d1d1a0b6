"""The daily challenge: one secret seed per UTC date, shared by every daily game of that date.

The midnight schedule creates the day's item, but a request may arrive first (a late or
failed schedule, a fresh table): then whoever needs it creates it. Creation is a conditional
write (``attribute_not_exists(pk)``), so with any number of concurrent creators exactly one
seed is ever stored; a loser reads the winner's seed back, and every caller gets that one.

A seed is secret while its day runs (knowing it lets a bot replay the computer), and public
once the day is over (anyone can replay yesterday's games and check the computer): only
``seed_for_public`` hands seeds out, and it refuses today and later.
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from botocore.exceptions import ClientError

from dames_backend import db

SEED_BYTES = 16
_DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class DailyChallenge:
    """The challenge of one date: ``date`` as ``yyyy-mm-dd``, ``seed`` for ``dames.ai``."""

    date: str
    seed: str


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (one place to read the clock)."""
    return datetime.now(UTC)


def today_utc(now: datetime | None = None) -> str:
    """Today's date in UTC as ``yyyy-mm-dd``: the date of the running challenge."""
    return (now or utc_now()).astimezone(UTC).date().isoformat()


def seconds_until_next(now: datetime | None = None) -> int:
    """Whole seconds until the next 00:00 UTC, rounded up so it reaches 0 only at midnight."""
    current = (now or utc_now()).astimezone(UTC)
    next_midnight = datetime.combine(current.date() + timedelta(days=1), datetime.min.time(), UTC)
    return max(1, math.ceil((next_midnight - current).total_seconds()))


def parse_date(text: str) -> date | None:
    """The calendar date of a strict ``yyyy-mm-dd`` string, or None when it is not one.

    ``date.fromisoformat`` alone also takes ``20261130`` and week dates; the API accepts one
    spelling so that one day has one URL.
    """
    if not _DATE_PATTERN.match(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _key(day: str) -> dict[str, str]:
    return {"pk": f"DAILY#{day}", "sk": "DAILY"}


def _require_date(day: str) -> str:
    if parse_date(day) is None:
        raise ValueError(f"not a yyyy-mm-dd date: {day!r}")
    return day


def get_daily(day: str) -> DailyChallenge | None:
    """The challenge of ``day`` if it was created (strongly consistent read), else None."""
    item = db.get_table().get_item(Key=_key(_require_date(day)), ConsistentRead=True).get("Item")
    if item is None:
        return None
    return DailyChallenge(date=day, seed=str(item["seed"]))


def ensure_daily(day: str, *, source: str = "on-demand") -> tuple[DailyChallenge, bool]:
    """The challenge of ``day`` and whether this call created it.

    ``source`` ("rotation" or "on-demand") is stored with the item, so the logs and the table
    show whether the schedule ran on time.
    """
    existing = get_daily(day)
    if existing is not None:
        return existing, False
    seed = secrets.token_hex(SEED_BYTES)
    item: dict[str, Any] = {
        **_key(day),
        "date": day,
        "seed": seed,
        "createdAt": utc_now().isoformat(timespec="seconds").replace("+00:00", "Z"),
        "createdBy": source,
    }
    try:
        db.get_table().put_item(Item=item, ConditionExpression="attribute_not_exists(pk)")
    except ClientError as exc:
        if db.error_code(exc) != "ConditionalCheckFailedException":
            raise
        winner = get_daily(day)
        if winner is None:  # the winner's write is visible to a consistent read at once
            raise
        return winner, False
    return DailyChallenge(date=day, seed=seed), True


def get_or_create_daily(day: str) -> DailyChallenge:
    """The challenge of ``day``, created on demand when the schedule has not run yet."""
    return ensure_daily(day)[0]


def seed_for_public(day: str, now: datetime | None = None) -> str | None:
    """The seed of a day that is over, or None (a running or future day, or a day without a
    challenge). Never creates anything: revealing must not depend on a write succeeding."""
    parsed = parse_date(day)
    if parsed is None or day >= today_utc(now):
        return None
    challenge = get_daily(parsed.isoformat())
    return challenge.seed if challenge else None


def yesterday_utc(now: datetime | None = None) -> str:
    """The date before today (UTC), the most recent day whose seed is public."""
    return (date.fromisoformat(today_utc(now)) - timedelta(days=1)).isoformat()
