"""The midnight rotation handler: the scheduled day's challenge, idempotent, late retries."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from clock_support import freeze
from daily_rotation import handler, logger, scheduled_date
from dames_backend.daily import challenge as daily
from fastapi.testclient import TestClient

LoadEvent = Callable[[str], dict[str, Any]]


def _structured_logs(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    """The handler's log records as Powertools writes them (JSON, with the Lambda context)."""
    formatter = logger.registered_formatter
    return [
        json.loads(formatter.format(record))
        for record in caplog.records
        if record.name == "daily-rotation"
    ]


def _challenge(result: dict[str, Any]) -> dict[str, Any]:
    """The challenge's part of the handler's answer (the day's puzzle: test_puzzles_daily)."""
    return {"date": result["date"], "created": result["created"]}


def test_the_scheduled_event_creates_its_days_challenge(
    table: Any,
    load_event: LoadEvent,
    lambda_context: SimpleNamespace,
    caplog: pytest.LogCaptureFixture,
) -> None:
    event = load_event("scheduled-rotation.json")
    assert event["time"] == "2026-11-30T00:00:00Z"
    result = handler(event, lambda_context)
    assert _challenge(result) == {"date": "2026-11-30", "created": True}
    item = table.get_item(Key={"pk": "DAILY#2026-11-30", "sk": "DAILY"})["Item"]
    assert item["createdBy"] == "rotation" and len(item["seed"]) == 32
    logs = _structured_logs(caplog)
    created = [line for line in logs if line["message"] == "Daily challenge created"]
    assert created and created[0]["date"] == "2026-11-30"
    assert created[0]["service"] == "daily-rotation"
    assert created[0]["function_request_id"] == lambda_context.aws_request_id
    assert item["seed"] not in json.dumps(logs)  # a running day's seed never reaches the logs


def test_running_it_again_changes_nothing(
    table: Any, load_event: LoadEvent, lambda_context: SimpleNamespace
) -> None:
    event = load_event("scheduled-rotation.json")
    handler(event, lambda_context)
    first = daily.get_daily("2026-11-30")
    assert _challenge(handler(event, lambda_context)) == {"date": "2026-11-30", "created": False}
    assert daily.get_daily("2026-11-30") == first
    days = [i["pk"] for i in table.scan()["Items"] if i["pk"].startswith("DAILY#")]
    assert days == ["DAILY#2026-11-30"]


def test_a_late_retry_creates_the_day_it_was_scheduled_for(
    table: Any,
    load_event: LoadEvent,
    lambda_context: SimpleNamespace,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # EventBridge retried the 30 November event after the next midnight had passed.
    freeze(monkeypatch, datetime(2026, 12, 1, 0, 40, tzinfo=UTC))
    assert handler(load_event("scheduled-rotation.json"), lambda_context)["date"] == "2026-11-30"
    assert daily.get_daily("2026-11-30") is not None
    assert daily.get_daily("2026-12-01") is None


def test_when_a_request_came_first_the_rotation_keeps_that_seed(
    community_client: TestClient,
    load_event: LoadEvent,
    lambda_context: SimpleNamespace,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    freeze(monkeypatch, datetime(2026, 11, 30, 0, 0, 0, tzinfo=UTC))
    assert community_client.get("/api/daily").status_code == 200  # on-demand creation
    on_demand = daily.get_daily("2026-11-30")
    assert on_demand is not None
    result = handler(load_event("scheduled-rotation.json"), lambda_context)
    assert _challenge(result) == {"date": "2026-11-30", "created": False}
    assert daily.get_daily("2026-11-30") == on_demand


@pytest.mark.parametrize(
    "event, expected",
    [
        ({"time": "2026-11-30T00:00:00Z"}, "2026-11-30"),
        ({"time": "2026-11-29T23:59:58Z"}, "2026-11-29"),
        ({"time": "2026-11-30T01:00:00+02:00"}, "2026-11-29"),
        ({"time": "not a time"}, "2027-01-05"),
        ({}, "2027-01-05"),
    ],
)
def test_the_date_comes_from_the_event_time(event: dict[str, Any], expected: str) -> None:
    assert scheduled_date(event, datetime(2027, 1, 5, 3, 0, tzinfo=UTC)) == expected


def test_an_event_without_time_creates_today(
    table: Any, lambda_context: SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, datetime(2026, 12, 24, 9, 0, tzinfo=UTC))
    assert _challenge(handler({}, lambda_context)) == {"date": "2026-12-24", "created": True}
