"""Lambda function for ``AnalysisQueue``: one engine pass per message, then the verdict.

Thin: each SQS record names a game (``{"gameId": …}``); ``fairplay.jobs.run_analysis`` does
the work and stores progress and result. A record that fails is reported in
``batchItemFailures`` (ReportBatchItemFailures), so only it goes back to the queue; after
three receives SQS moves it to ``AnalysisDeadLetterQueue``. A malformed message can never
succeed: it is logged and dropped rather than retried.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend.fairplay import dispatch, jobs
from dames_backend.observability import METRICS_NAMESPACE, get_tracer, make_logger

SERVICE = "analysis"

logger = make_logger(SERVICE)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE)


def process(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Run each record's job; the failed ones are returned for SQS to retry."""
    failures: list[dict[str, str]] = []
    for record in event.get("Records", []):
        message_id = str(record.get("messageId", ""))
        try:
            game_id = dispatch.game_id_of(str(record.get("body", "")))
        except ValueError:
            logger.error("Malformed analysis message dropped", extra={"messageId": message_id})
            continue
        try:
            job = jobs.run_analysis(game_id)
        except Exception:
            logger.exception("Analysis failed", extra={"gameId": game_id})
            metrics.add_metric(name="AnalysisFailed", unit=MetricUnit.Count, value=1)
            failures.append({"itemIdentifier": message_id})
            continue
        status = job.status if job else "missing"
        logger.info("Analysis run", extra={"event": "AnalysisRun", "gameId": game_id,
                                           "status": status})
        metrics.add_metric(name="AnalysisDone", unit=MetricUnit.Count, value=1)
    return {"batchItemFailures": failures}


handler = metrics.log_metrics(logger.inject_lambda_context(process, clear_state=True))
if (_tracer := get_tracer()) is not None:
    handler = _tracer.capture_lambda_handler(handler, capture_response=False)
