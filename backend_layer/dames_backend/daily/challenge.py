"""The daily challenge: one secret seed per UTC date, shared by every daily game of that date.

The midnight schedule creates the day's item, but a request may arrive first (a late or
failed schedule, a fresh table): then whoever needs it creates it. Creation is a conditional
write (``attribute_not_exists(pk)``), so with any number of concurrent creators exactly one
seed is ever stored; a loser reads the winner's seed back, and every caller gets that one.

A seed is secret while its day can still be ranked (knowing it lets a bot replay the
computer), and public once the day has closed (anyone can replay that day's games and check
the computer): only ``public_challenge`` and ``daily.views.closed_days`` hand seeds out. A
day closes at the next midnight UTC plus ``CLOSE_GRACE`` for the games still in progress; a
daily game counts for its day's leaderboard only if it was won before that close, so no game
can be ranked once its seed is out.
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import dames.ai
from botocore.exceptions import ClientError

from dames_backend import clock, db

SEED_BYTES = 16
CLOSE_GRACE = timedelta(minutes=10)
_DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class DailyChallenge:
    """The challenge of one date: ``date`` as ``yyyy-mm-dd``, ``seed`` for ``dames.ai``, and
    the computer's version that was current when the day began (``None`` on days created
    before versions were recorded)."""

    date: str
    seed: str
    ai_version: str | None = None


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (read from ``clock``, the backend's one clock)."""
    return clock.utc_now()


def closes_at(day: str) -> datetime:
    """When ``day`` stops counting: the next midnight UTC plus the grace for running games."""
    start = datetime.combine(date.fromisoformat(_require_date(day)), datetime.min.time(), UTC)
    return start + timedelta(days=1) + CLOSE_GRACE


def is_closed(day: str, now: datetime | None = None) -> bool:
    """True once ``day``'s close has passed: its games are unranked and its seed public."""
    return (now or utc_now()) >= closes_at(day)


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


def key(day: str) -> dict[str, str]:
    return {"pk": f"DAILY#{day}", "sk": "DAILY"}


def _require_date(day: str) -> str:
    if parse_date(day) is None:
        raise ValueError(f"not a yyyy-mm-dd date: {day!r}")
    return day


def get_daily(day: str) -> DailyChallenge | None:
    """The challenge of ``day`` if it was created (strongly consistent read), else None."""
    item = db.get_table().get_item(Key=key(_require_date(day)), ConsistentRead=True).get("Item")
    if item is None:
        return None
    return challenge_from_item(item)


def challenge_from_item(item: dict[str, Any]) -> DailyChallenge:
    version = item.get("aiVersion")
    day = str(item.get("date") or str(item["pk"]).removeprefix("DAILY#"))
    return DailyChallenge(
        date=day, seed=str(item["seed"]), ai_version=str(version) if version else None
    )


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
        **key(day),
        "date": day,
        "seed": seed,
        "createdAt": clock.iso_now(),
        "createdBy": source,
        "aiVersion": dames.ai.AI_VERSION,
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
    return DailyChallenge(date=day, seed=seed, ai_version=dames.ai.AI_VERSION), True


def get_or_create_daily(day: str) -> DailyChallenge:
    """The challenge of ``day``, created on demand when the schedule has not run yet."""
    return ensure_daily(day)[0]


def public_challenge(day: str, now: datetime | None = None) -> DailyChallenge | None:
    """The challenge of a day that has closed, or None (a day still open, a future day, or a
    day without a challenge). Never creates anything: revealing must not depend on a write
    succeeding."""
    parsed = parse_date(day)
    if parsed is None or not is_closed(day, now):
        return None
    return get_daily(parsed.isoformat())


def seed_for_public(day: str, now: datetime | None = None) -> str | None:
    """The seed of a day that has closed, or None (see ``public_challenge``)."""
    challenge = public_challenge(day, now)
    return challenge.seed if challenge else None


def yesterday_utc(now: datetime | None = None) -> str:
    """The date before today (UTC), the most recent day whose seed is public."""
    return (date.fromisoformat(today_utc(now)) - timedelta(days=1)).isoformat()


def oldest_open_day(now: datetime | None = None) -> str:
    """The oldest day whose challenge can still be won for that day: yesterday during its
    grace after midnight, else today."""
    yesterday = yesterday_utc(now)
    return today_utc(now) if is_closed(yesterday, now) else yesterday
