"""Logs, metrics and traces for every function, the way Powertools means them.

One Powertools ``Logger`` and one ``Metrics`` per process, shared by the functions and the
local run: in Lambda every log record is one JSON line (with the Lambda context and the
request's correlation id once ``make_handler`` or a handler decorates the invocation), which
CloudWatch Logs Insights can query by field. ``record_event`` is what a handler calls when
something happened (a game created, a move played): one ``INFO`` line carrying the event's
fields and one ``Count`` metric of the same name, so logs and metrics never disagree.

Locally (``DAMES_LOG_STYLE=text``, set by ``make run``) the same records print as one short
readable line each instead of JSON; nothing else changes.

The X-Ray tracer is built only where traces can go (in Lambda, tracing not disabled): outside
Lambda Powertools disables it anyway, but building it would still import the X-Ray SDK and
create its sampling client, about a tenth of a second of every local start and test process.
It patches botocore only (the DynamoDB calls are what a trace should show), not every HTTP
library it can find.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from typing import IO, TYPE_CHECKING, Any, cast

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter
from aws_lambda_powertools.metrics import MetricUnit

if TYPE_CHECKING:
    from aws_lambda_powertools import Tracer
    from aws_lambda_powertools.logging.types import LogRecord

METRICS_NAMESPACE = "DamesDuJour"
LOG_STYLE_ENV = "DAMES_LOG_STYLE"
TRACED_MODULES = ("botocore",)

# Keys of a Powertools record the readable style leaves out: shown another way (time, level,
# message, exception) or the same on every line of a Lambda's stream.
_TEXT_OMITTED = frozenset(
    {
        "level",
        "location",
        "message",
        "timestamp",
        "service",
        "sampling_rate",
        "xray_trace_id",
        "cold_start",
        "function_name",
        "function_memory_size",
        "function_arn",
        "function_request_id",
        "exception",
        "exception_name",
        "exception_notes",
        "stack_trace",
    }
)


class _Stdout:
    """Write to whatever ``sys.stdout`` is at the moment of writing.

    Powertools' handler keeps the stream it was given; a stream bound at import time would
    bypass a later redirection (pytest's ``capsys``, a server that swaps stdout).
    """

    def write(self, text: str) -> int:
        return sys.stdout.write(text)

    def flush(self) -> None:
        sys.stdout.flush()


class ReadableFormatter(LambdaPowertoolsFormatter):
    """Powertools' JSON formatter, or one short line per record when ``DAMES_LOG_STYLE`` is
    ``text``: ``12:00:01.234 INFO  games  GameCreated game_id=g_… mode=daily``.

    The style is read per record, so a test or the local launcher can switch it after the
    logger exists.
    """

    def serialize(self, log: LogRecord) -> str:
        if os.environ.get(LOG_STYLE_ENV, "").lower() != "text":
            return super().serialize(log)
        record: dict[str, Any] = dict(log)
        stamp = str(record.get("timestamp", ""))[11:23].replace(",", ".")
        if record.get("event") == record.get("message"):
            record.pop("event")
        fields = " ".join(
            f"{key}={value}" for key, value in record.items() if key not in _TEXT_OMITTED
        )
        line = f"{stamp} {record.get('level', ''):<5} {record.get('service', '')}  "
        line += f"{record.get('message', '')}{'  ' + fields if fields else ''}"
        if record.get("exception"):
            line += f"\n{record['exception']}"
        return line


def make_logger(service: str | None = None) -> Logger:
    """A Powertools logger writing to stdout with ``ReadableFormatter``; ``service`` defaults
    to ``POWERTOOLS_SERVICE_NAME`` (set per function in template.yaml)."""
    return Logger(
        service=service, logger_formatter=ReadableFormatter(), stream=cast(IO[str], _Stdout())
    )


logger = make_logger()
metrics = Metrics(namespace=METRICS_NAMESPACE)


def tracing_enabled() -> bool:
    """True where X-Ray can receive traces: in Lambda, unless ``POWERTOOLS_TRACE_DISABLED``."""
    if os.environ.get("POWERTOOLS_TRACE_DISABLED", "").lower() in {"1", "true", "yes"}:
        return False
    return bool(os.environ.get("LAMBDA_TASK_ROOT")) and not os.environ.get("AWS_SAM_LOCAL")


@cache
def get_tracer() -> Tracer | None:
    """The process's Powertools ``Tracer`` when tracing is enabled, else None (built once)."""
    if not tracing_enabled():
        return None
    from aws_lambda_powertools import Tracer

    return Tracer(patch_modules=list(TRACED_MODULES))


def _metrics_disabled() -> bool:
    return os.environ.get("POWERTOOLS_METRICS_DISABLED", "").lower() in {"1", "true", "yes"}


def record_event(name: str, **fields: Any) -> None:
    """Log one structured line for the event ``name`` with ``fields`` (e.g. ``game_id``,
    ``outcome``) and add one ``Count`` metric called ``name``.

    Call it from the handlers, after the domain call succeeded: the domain modules stay free
    of the web layer, and a failed request records no event. Metrics go out when the Lambda
    invocation ends (``metrics.log_metrics`` in ``make_handler``); where they are disabled
    (local run, tests) none is kept, so none piles up without a flush.
    """
    logger.info(name, extra={"event": name, **fields})
    if not _metrics_disabled():
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=1)
