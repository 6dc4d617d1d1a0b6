"""The daily challenge as the public sees it: its shapes, defined once for the routes and their
documentation, and the reads that fill them (kept out of ``daily`` so that only the function
serving these routes needs the batch read)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field

from dames_backend import clock, db
from dames_backend.daily import challenge as daily

PAST_DAYS_LISTED = 30


class RevealedSeed(BaseModel):
    """A closed day's challenge: anyone can replay its games with this seed and check every
    reply of the computer (``python -m dames verify``)."""

    date: str
    seed: str | None = Field(
        description="Null until the day has closed (revealsAt), or when it had no challenge."
    )
    revealsAt: str = Field(description="When the day closes and its seed is revealed.")
    aiVersion: str | None = Field(description="The computer's version that played that day.")


class DailyView(BaseModel):
    """Today's challenge (never its seed) and the most recent day whose seed can be public."""

    date: str
    secondsUntilNext: int
    closesAt: str = Field(description="When today's games stop counting for today's board.")
    yesterday: RevealedSeed


class PastDay(BaseModel):
    """A closed day that had a challenge: replayable (unranked) and checkable."""

    date: str
    seed: str
    aiVersion: str | None


class PastDays(BaseModel):
    days: list[PastDay] = Field(description="The last closed days, newest first.")


def daily_view(now: datetime) -> DailyView:
    """Today's challenge is created if the midnight schedule has not (the on-demand fallback),
    without ever revealing it; yesterday's seed shows only once yesterday has closed."""
    today = daily.today_utc(now)
    daily.get_or_create_daily(today)
    yesterday = daily.yesterday_utc(now)
    revealed = daily.public_challenge(yesterday, now)
    return DailyView(
        date=today,
        secondsUntilNext=daily.seconds_until_next(now),
        closesAt=clock.iso_utc(daily.closes_at(today)),
        yesterday=RevealedSeed(
            date=yesterday,
            seed=revealed.seed if revealed else None,
            revealsAt=clock.iso_utc(daily.closes_at(yesterday)),
            aiVersion=revealed.ai_version if revealed else None,
        ),
    )


def closed_days(
    now: datetime | None = None, count: int = PAST_DAYS_LISTED
) -> list[daily.DailyChallenge]:
    """The challenges of the last ``count`` days that have closed, newest first (one batch read;
    days without a challenge are left out)."""
    current = now or daily.utc_now()
    newest = date.fromisoformat(daily.today_utc(current)) - timedelta(days=1)
    if not daily.is_closed(newest.isoformat(), current):
        newest -= timedelta(days=1)
    days = [(newest - timedelta(days=i)).isoformat() for i in range(count)]
    table = db.get_table()
    keys = [daily.key(day) for day in days]
    found: dict[str, daily.DailyChallenge] = {}
    request: dict[str, Any] = {table.name: {"Keys": keys, "ConsistentRead": True}}
    while request:
        response = db.get_client().batch_get_item(RequestItems=request)
        for item in response.get("Responses", {}).get(table.name, []):
            challenge = daily.challenge_from_item(item)
            found[challenge.date] = challenge
        request = response.get("UnprocessedKeys") or {}
    return [found[day] for day in days if day in found]


def past_days(now: datetime) -> PastDays:
    return PastDays(
        days=[
            PastDay(date=c.date, seed=c.seed, aiVersion=c.ai_version)
            for c in closed_days(now)
        ]
    )
