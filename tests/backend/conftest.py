"""Shared fixtures for the backend tests (games and community): moto DynamoDB, the apps.

- ``aws_env`` (autouse): dummy credentials, region, table name; no real AWS is reachable.
- ``table``: an in-process moto DynamoDB with the project's table (``tables.create_table``);
  yields the boto3 ``Table``; ``dames_backend.db`` is reset around it. Every request to it is
  atomic, as on real DynamoDB (see ``race_support``), so a test that races threads tests the
  application's conditional writes, not moto's thread-safety.
- ``games_client`` / ``community_client``: FastAPI ``TestClient`` on each app, server
  exceptions turned into responses (so a 500 shows up as a status, not a raised error).
- ``lambda_context``: a minimal Lambda context object for feeding events to ``handler``.
- ``load_event(name)``: the parsed JSON of ``events/<name>``.
- ``small_analysis_budget`` (autouse): the analysis jobs search a few thousand nodes, not the
  default 3 M: these tests check the pipeline (queue, progress, verdict, retries), whose
  every path a small budget walks (one full position, then the cheap search), not strength.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import boto3
import pytest
from clock_support import ManualClock
from dames_backend import db
from dames_backend.tables import create_table
from fairplay_support import SMALL_ANALYSIS_BUDGET
from fastapi.testclient import TestClient
from moto import mock_aws
from race_support import one_request_at_a_time

REPO_ROOT = Path(__file__).resolve().parents[2]
EVENTS_DIR = REPO_ROOT / "events"
TEST_TABLE = "dames-test"
TEST_REGION = "eu-west-3"


@pytest.fixture(autouse=True)
def small_analysis_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from dames.analysis import AnalysisBudget
    from dames_backend.fairplay import jobs

    monkeypatch.setattr(jobs, "JOB_BUDGET", AnalysisBudget(**SMALL_ANALYSIS_BUDGET))


@pytest.fixture(autouse=True)
def aws_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_SECURITY_TOKEN", "testing")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "testing")
    monkeypatch.setenv("AWS_REGION", TEST_REGION)
    monkeypatch.setenv("AWS_DEFAULT_REGION", TEST_REGION)
    monkeypatch.setenv("TABLE_NAME", TEST_TABLE)
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    monkeypatch.delenv("DYNAMODB_ENDPOINT", raising=False)


@pytest.fixture
def table(aws_env: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    one_request_at_a_time(monkeypatch)
    with mock_aws():
        db.reset()
        create_table(boto3.client("dynamodb", region_name=TEST_REGION), TEST_TABLE)
        yield db.get_table()
        db.reset()


@pytest.fixture
def games_client(table: Any) -> Iterator[TestClient]:
    from games_app import app

    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def community_client(table: Any) -> Iterator[TestClient]:
    from community_app import app

    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def lambda_context() -> SimpleNamespace:
    return SimpleNamespace(
        function_name="dames-test",
        function_version="$LATEST",
        memory_limit_in_mb=512,
        invoked_function_arn=f"arn:aws:lambda:{TEST_REGION}:123456789012:function:dames-test",
        aws_request_id=str(uuid.uuid4()),
        log_group_name="/aws/lambda/dames-test",
        log_stream_name="test",
        get_remaining_time_in_millis=lambda: 30_000,
    )


@pytest.fixture
def load_event() -> Callable[[str], dict[str, Any]]:
    def load(name: str) -> dict[str, Any]:
        return json.loads((EVENTS_DIR / name).read_text(encoding="utf-8"))

    return load


@pytest.fixture
def moved_clock(monkeypatch: pytest.MonkeyPatch) -> ManualClock:
    """The backend's clock, stopped at ``clock_support.T0`` and moved by hand."""
    return ManualClock(monkeypatch)
