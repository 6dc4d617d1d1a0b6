"""Logs and metrics as the functions write them: Powertools JSON on stdout, one line per
event with its fields, the API request id as correlation id, errors in the same stream, EMF
metrics from the handlers; the readable local style; no X-Ray SDK outside Lambda."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from dames_backend.errors import ApiError
from dames_backend.web.app_factory import create_app, make_handler, record_event

REPO_ROOT = Path(__file__).resolve().parents[2]
LoadEvent = Callable[[str], dict[str, Any]]


def _probe_handler() -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    """A small app built like the functions, whose routes record an event or fail."""
    app = create_app("probe", service="probe")

    @app.get("/api/health")
    def probe() -> dict[str, bool]:
        record_event("GameWon", game_id="g_probe", outcome="won", ranked=True)
        return {"ok": True}

    @app.get("/api/boom")
    def boom() -> dict[str, bool]:
        raise RuntimeError("kaboom")

    @app.get("/api/refused")
    def refused() -> dict[str, bool]:
        raise ApiError(403, "bad-token", "No.")

    return make_handler(app)


def _event(load_event: LoadEvent, path: str, request_id: str) -> dict[str, Any]:
    event = copy.deepcopy(load_event("community-health.json"))
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["routeKey"] = event["requestContext"]["routeKey"] = f"GET {path}"
    event["requestContext"]["requestId"] = request_id
    return event


def _json_lines(text: str) -> list[dict[str, Any]]:
    lines = []
    for line in text.splitlines():
        if line.startswith("{"):
            lines.append(json.loads(line))
    return lines


def test_an_event_is_one_json_line_with_its_fields_and_the_request_id(
    load_event: LoadEvent, lambda_context: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = _probe_handler()
    response = handler(_event(load_event, "/api/health", "req-A1"), lambda_context)
    assert response["statusCode"] == 200
    lines = _json_lines(capsys.readouterr().out)
    events = [line for line in lines if line.get("event") == "GameWon"]
    assert len(events) == 1
    line = events[0]
    assert line["message"] == "GameWon" and line["level"] == "INFO"
    assert line["game_id"] == "g_probe" and line["outcome"] == "won" and line["ranked"] is True
    assert line["correlation_id"] == "req-A1"
    assert line["function_request_id"] == lambda_context.aws_request_id
    assert line["function_name"] == lambda_context.function_name


def test_each_invocation_carries_its_own_correlation_id(
    load_event: LoadEvent, lambda_context: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = _probe_handler()
    handler(_event(load_event, "/api/health", "req-first"), lambda_context)
    handler(_event(load_event, "/api/health", "req-second"), lambda_context)
    ids = [
        line["correlation_id"]
        for line in _json_lines(capsys.readouterr().out)
        if line.get("event") == "GameWon"
    ]
    assert ids == ["req-first", "req-second"]


def test_an_unexpected_error_is_logged_as_json_with_the_request_id(
    load_event: LoadEvent, lambda_context: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    response = _probe_handler()(_event(load_event, "/api/boom", "req-boom"), lambda_context)
    assert response["statusCode"] == 500
    assert "kaboom" not in response["body"]  # the trace goes to the log, not to the client
    errors = [line for line in _json_lines(capsys.readouterr().out) if line["level"] == "ERROR"]
    assert len(errors) == 1
    error = errors[0]
    assert error["message"] == "Unexpected error" and error["exception_name"] == "RuntimeError"
    assert "kaboom" in error["exception"]
    assert error["correlation_id"] == "req-boom" and error["path"] == "/api/boom"


def test_a_client_error_logs_no_error_line(
    load_event: LoadEvent, lambda_context: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    response = _probe_handler()(_event(load_event, "/api/refused", "req-4xx"), lambda_context)
    assert response["statusCode"] == 403
    assert not [line for line in _json_lines(capsys.readouterr().out) if line["level"] == "ERROR"]


def test_the_event_is_counted_in_the_invocations_metrics(
    load_event: LoadEvent,
    lambda_context: SimpleNamespace,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "games")
    _probe_handler()(_event(load_event, "/api/health", "req-metric"), lambda_context)
    emf = [line for line in _json_lines(capsys.readouterr().out) if "_aws" in line]
    assert len(emf) == 1
    declared = emf[0]["_aws"]["CloudWatchMetrics"][0]
    assert declared["Namespace"] == "DamesDuJour"
    assert {"Name": "GameWon", "Unit": "Count"} in [
        {"Name": m["Name"], "Unit": m["Unit"]} for m in declared["Metrics"]
    ]
    assert emf[0]["GameWon"] == [1.0]


def test_without_metrics_nothing_is_kept_to_pile_up(
    load_event: LoadEvent, lambda_context: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    from dames_backend.observability import metrics

    for number in range(3):
        record_event("MovePlayed", game_id=f"g_{number}")
    assert metrics.metric_set == {}
    assert len([x for x in _json_lines(capsys.readouterr().out) if x.get("event")]) == 3


def test_the_local_style_is_one_readable_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DAMES_LOG_STYLE", "text")
    record_event("GameCreated", game_id="g_local", mode="daily")
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and not out.startswith("{")
    assert " INFO " in out and "GameCreated" in out
    assert "game_id=g_local" in out and "mode=daily" in out


def _imports_after(statement: str, env: dict[str, str]) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sorted(sys.modules)))"
    paths = [REPO_ROOT / "backend_layer", REPO_ROOT / "engine_layer"]
    completed = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "PYTHONPATH": os.pathsep.join(map(str, paths))},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return set(completed.stdout.split())


def test_outside_lambda_the_xray_sdk_is_not_imported() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"LAMBDA_TASK_ROOT"}}
    modules = _imports_after("import dames_backend.web.app_factory", env)
    assert "dames_backend.web.app_factory" in modules
    assert not any(name.startswith("aws_xray_sdk") for name in modules)


def test_in_lambda_the_handler_is_traced_patching_botocore_only(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "LAMBDA_TASK_ROOT": str(tmp_path),
        "AWS_LAMBDA_FUNCTION_NAME": "dames-games",
        "POWERTOOLS_TRACE_DISABLED": "false",
    }
    statement = (
        "from dames_backend.observability import get_tracer; "
        "tracer = get_tracer(); assert tracer is not None"
    )
    modules = _imports_after(statement, env)
    assert "aws_xray_sdk.ext.botocore.patch" in modules
    assert "aws_xray_sdk.ext.httpx.patch" not in modules
