"""The daily challenge: one seed per date under any number of creators, its secrecy, the clock."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import dames.ai
import pytest
from clock_support import at, freeze
from dames_backend import clock
from dames_backend.daily import challenge as daily
from fastapi.testclient import TestClient
from race_support import race


@pytest.mark.parametrize(
    "now, today, seconds",
    [
        ("2026-11-30T00:00:00", "2026-11-30", 86_400),
        ("2026-11-30T12:00:00", "2026-11-30", 43_200),
        ("2026-11-30T23:59:59.500000", "2026-11-30", 1),
        ("2026-12-31T23:00:00", "2026-12-31", 3_600),
        ("2028-02-28T22:30:00", "2028-02-28", 5_400),
    ],
)
def test_today_and_seconds_until_the_next_challenge(now: str, today: str, seconds: int) -> None:
    assert daily.today_utc(at(now)) == today
    assert daily.seconds_until_next(at(now)) == seconds


def test_today_is_the_utc_date_whatever_the_callers_zone() -> None:
    paris_late_evening = datetime.fromisoformat("2026-11-30T23:30:00+01:00")  # 22:30 UTC
    tokyo_early_morning = datetime.fromisoformat("2026-12-01T08:00:00+09:00")  # 23:00 UTC
    assert daily.today_utc(paris_late_evening) == "2026-11-30"
    assert daily.today_utc(tokyo_early_morning) == "2026-11-30"
    assert daily.yesterday_utc(at("2026-03-01T05:00:00")) == "2026-02-28"


@pytest.mark.parametrize(
    "text, valid",
    [
        ("2026-11-30", True),
        ("2028-02-29", True),
        ("2026-02-29", False),
        ("2026-11-31", False),
        ("20261130", False),
        ("2026-W48-1", False),
        ("2026-11-30 ", False),
        ("", False),
    ],
)
def test_dates_have_one_spelling(text: str, valid: bool) -> None:
    assert (daily.parse_date(text) is not None) is valid


def test_a_challenge_is_created_once_and_then_read(table: Any) -> None:
    first = daily.get_or_create_daily("2026-11-30")
    assert re.fullmatch(r"[0-9a-f]{32}", first.seed)
    assert daily.get_or_create_daily("2026-11-30") == first
    other_day = daily.get_or_create_daily("2026-12-01")
    assert other_day.seed != first.seed
    item = table.get_item(Key={"pk": "DAILY#2026-11-30", "sk": "DAILY"})["Item"]
    assert item["seed"] == first.seed and item["createdBy"] == "on-demand"


def test_a_creator_that_loses_the_race_takes_the_winners_seed(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.put_item(Item={"pk": "DAILY#2026-11-30", "sk": "DAILY", "seed": "winner-seed"})
    real_get = daily.get_daily
    reads: list[str] = []

    def read_before_the_winner_wrote(day: str) -> daily.DailyChallenge | None:
        reads.append(day)
        return None if len(reads) == 1 else real_get(day)

    monkeypatch.setattr(daily, "get_daily", read_before_the_winner_wrote)
    challenge, created = daily.ensure_daily("2026-11-30")
    assert (challenge.seed, created) == ("winner-seed", False)
    assert len(reads) == 2  # saw nothing, lost the conditional write, read the winner


def test_concurrent_creators_all_get_the_one_stored_seed(
    table: Any,
) -> None:
    for day in ("2026-11-30", "2026-12-01", "2026-12-02"):
        outcomes = race(6, lambda _, day=day: daily.ensure_daily(day))
        assert all(isinstance(o, tuple) for o in outcomes), outcomes
        seeds = {challenge.seed for challenge, _ in outcomes}
        stored = table.get_item(Key={"pk": f"DAILY#{day}", "sk": "DAILY"})["Item"]["seed"]
        assert seeds == {stored}
        assert sum(created for _, created in outcomes) == 1


def test_only_a_finished_days_seed_is_public(table: Any) -> None:
    now = at("2026-11-30T10:00:00")
    yesterday = daily.get_or_create_daily("2026-11-29")
    daily.get_or_create_daily("2026-11-30")
    daily.get_or_create_daily("2026-12-01")
    assert daily.seed_for_public("2026-11-29", now) == yesterday.seed
    assert daily.seed_for_public("2026-11-30", now) is None
    assert daily.seed_for_public("2026-12-01", now) is None
    assert daily.seed_for_public("2026-11-28", now) is None  # never created: nothing to show
    assert table.get_item(Key={"pk": "DAILY#2026-11-28", "sk": "DAILY"}).get("Item") is None


# --- the close and GET /api/daily ---------------------------------------------------------


def test_a_day_closes_ten_minutes_after_midnight() -> None:
    assert clock.iso_utc(daily.closes_at("2026-11-30")) == "2026-12-01T00:10:00Z"
    assert not daily.is_closed("2026-11-30", at("2026-12-01T00:09:59"))
    assert daily.is_closed("2026-11-30", at("2026-12-01T00:10:00"))


def test_daily_route_reveals_yesterday_never_today(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, "2026-11-30T22:47:30")
    yesterday = daily.get_or_create_daily("2026-11-29")
    response = community_client.get("/api/daily")
    assert response.status_code == 200
    assert response.json() == {
        "date": "2026-11-30",
        "secondsUntilNext": 4_350,
        "closesAt": "2026-12-01T00:10:00Z",
        "yesterday": {
            "date": "2026-11-29",
            "seed": yesterday.seed,
            "revealsAt": "2026-11-30T00:10:00Z",
            "aiVersion": dames.ai.AI_VERSION,
        },
    }
    # The request created today's challenge on demand, and did not send its seed.
    today = table.get_item(Key={"pk": "DAILY#2026-11-30", "sk": "DAILY"})["Item"]
    assert today["seed"] not in response.text
    assert today["aiVersion"] == dames.ai.AI_VERSION


def test_a_finished_day_becomes_public_only_at_its_close(
    community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At midnight the day's games may still be running (10 minutes' grace): a seed out at
    00:00 would let a script finish one with every reply known."""
    freeze(monkeypatch, "2026-11-30T23:59:59")
    community_client.get("/api/daily")
    running = daily.get_daily("2026-11-30")
    assert running is not None
    for instant in ("2026-12-01T00:00:01", "2026-12-01T00:09:59"):
        freeze(monkeypatch, instant)
        body = community_client.get("/api/daily").json()
        assert body["date"] == "2026-12-01"
        assert body["yesterday"]["seed"] is None and running.seed not in str(body)
        assert body["yesterday"]["revealsAt"] == "2026-12-01T00:10:00Z"
        assert daily.seed_for_public("2026-11-30") is None
    freeze(monkeypatch, "2026-12-01T00:10:00")
    body = community_client.get("/api/daily").json()
    assert body["yesterday"]["seed"] == running.seed
    new_today = daily.get_daily("2026-12-01")
    assert new_today is not None and new_today.seed not in str(body)


def test_a_day_without_challenge_reveals_a_null_seed(
    community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, "2026-11-30T08:00:00")
    body = community_client.get("/api/daily").json()
    assert body["yesterday"] == {
        "date": "2026-11-29", "seed": None, "revealsAt": "2026-11-30T00:10:00Z", "aiVersion": None,
    }


def test_past_days_lists_only_closed_days_newest_first(
    community_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for day in ("2026-10-30", "2026-11-01", "2026-11-28", "2026-11-29", "2026-11-30"):
        daily.get_or_create_daily(day)
    table.put_item(Item={"pk": "DAILY#2026-11-27", "sk": "DAILY", "seed": "old-item"})
    freeze(monkeypatch, "2026-11-30T00:05:00")  # 29 November is still in its grace
    days = community_client.get("/api/daily/days").json()["days"]
    assert [d["date"] for d in days] == ["2026-11-28", "2026-11-27", "2026-11-01", "2026-10-30"]
    assert days[1] == {"date": "2026-11-27", "seed": "old-item", "aiVersion": None}
    assert days[0]["seed"] == daily.get_or_create_daily("2026-11-28").seed
    freeze(monkeypatch, "2026-11-30T00:10:00")
    dates = [d["date"] for d in community_client.get("/api/daily/days").json()["days"]]
    # 30 days back from the newest closed day: 30 October has left the list.
    assert dates == ["2026-11-29", "2026-11-28", "2026-11-27", "2026-11-01"]


def test_health(community_client: TestClient) -> None:
    response = community_client.get("/api/health")
    assert (response.status_code, response.json()) == (200, {"ok": True})


@pytest.mark.parametrize(
    ("moment", "open_day"),
    [
        ("2026-12-01T00:00:00", "2026-11-30"),  # yesterday's games still count…
        ("2026-12-01T00:09:59", "2026-11-30"),
        ("2026-12-01T00:10:00", "2026-12-01"),  # …until its close
        ("2026-12-01T23:59:59", "2026-12-01"),
    ],
)
def test_the_oldest_open_day_is_yesterday_only_until_its_close(moment: str, open_day: str) -> None:
    now = datetime.fromisoformat(moment).replace(tzinfo=UTC)
    assert daily.oldest_open_day(now) == open_day
