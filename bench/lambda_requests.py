"""Lambda handlers invoked in process as Lambda invokes them, one HTTP API request at a time,
with what each request costs measured: DynamoDB units (through a ``CapacityMeter``), the
answer's bytes (and gzipped, as CloudFront compresses them), the bytes the function logs
(Powertools' JSON lines and EMF metrics) and its wall and CPU time."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from capacity_meter import CapacityMeter


@dataclass
class Sample:
    """The measured figures of one request."""

    route: str
    wall_ms: float
    cpu_ms: float
    read_units: float
    write_units: float
    body_bytes: int
    gzip_bytes: int
    log_bytes: int
    calls: int


@dataclass
class Recorder:
    """Invokes handlers like Lambda does and keeps a ``Sample`` per request."""

    meter: CapacityMeter
    samples: dict[str, list[Sample]] = field(default_factory=lambda: defaultdict(list))
    emf_metrics: set[tuple[str, str]] = field(default_factory=set)

    def call(self, handler: Any, route: str, event: dict[str, Any]) -> dict[str, Any]:
        context = SimpleNamespace(
            function_name="dames-cost", function_version="$LATEST", memory_limit_in_mb=1769,
            invoked_function_arn="arn:aws:lambda:us-east-1:123456789012:function:dames-cost",
            aws_request_id=str(uuid.uuid4()), log_group_name="/aws/lambda/dames-cost",
            log_stream_name="cost", get_remaining_time_in_millis=lambda: 20_000,
        )
        before = (self.meter.reads, self.meter.writes, self.meter.total_calls)
        out = io.StringIO()
        started, cpu_started = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(out):
            result: dict[str, Any] = handler(event, context)
        wall_ms = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu_started) * 1000
        logs = out.getvalue()
        self._note_metrics(logs)
        body = str(result.get("body") or "").encode()
        self.samples[route].append(Sample(
            route=route, wall_ms=wall_ms, cpu_ms=cpu_ms,
            read_units=self.meter.reads - before[0], write_units=self.meter.writes - before[1],
            body_bytes=len(body), gzip_bytes=len(gzip.compress(body)),
            log_bytes=len(logs.encode()), calls=self.meter.total_calls - before[2],
        ))
        return result

    def _note_metrics(self, logs: str) -> None:
        """The custom metrics the function publishes (Powertools EMF lines in its logs)."""
        for line in logs.splitlines():
            if '"_aws"' not in line:
                continue
            record = json.loads(line)
            for directive in record["_aws"]["CloudWatchMetrics"]:
                dimensions = ",".join(
                    f"{d}={record.get(d)}" for group in directive["Dimensions"] for d in group
                )
                for metric in directive["Metrics"]:
                    self.emf_metrics.add((metric["Name"], dimensions))


def http_event(
    method: str, route: str, path: str, *, body: Any = None, headers: dict[str, str] | None = None,
    params: dict[str, str] | None = None, source_ip: str = "203.0.113.7",
) -> dict[str, Any]:
    """An HTTP API v2 (payload 2.0) event as API Gateway sends it (see events/), from the
    client at `source_ip` (the per-network limits count by it)."""
    text = None if body is None else json.dumps(body)
    all_headers = {"accept": "application/json",
                   "host": "abc123.execute-api.us-east-1.amazonaws.com",
                   "user-agent": "Mozilla/5.0", "x-forwarded-for": source_ip,
                   "x-forwarded-proto": "https", **(headers or {})}
    if text is not None:
        all_headers.update({"content-type": "application/json",
                            "content-length": str(len(text.encode()))})
    return {
        "version": "2.0", "routeKey": f"{method} {route}", "rawPath": path,
        "rawQueryString": "", "headers": all_headers,
        "requestContext": {
            "accountId": "123456789012", "apiId": "abc123", "stage": "$default",
            "domainName": "abc123.execute-api.us-east-1.amazonaws.com", "domainPrefix": "abc123",
            "http": {"method": method, "path": path, "protocol": "HTTP/1.1",
                     "sourceIp": source_ip, "userAgent": "Mozilla/5.0"},
            "requestId": uuid.uuid4().hex[:16], "routeKey": f"{method} {route}",
            "time": "01/Dec/2026:10:00:00 +0000", "timeEpoch": int(time.time() * 1000),
        },
        "isBase64Encoded": False, "pathParameters": params or {},
        **({"body": text} if text else {}),
    }


def answer_json(result: dict[str, Any]) -> Any:
    """The body of a handler's 2xx answer."""
    assert 200 <= int(result["statusCode"]) < 300, result
    return json.loads(result["body"])
