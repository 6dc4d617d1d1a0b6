"""Lambda function for ``AnalysisQueue``: one engine pass per message, then the verdict.

Thin: each SQS record names a game (``{"gameId": …}``); ``fairplay.jobs.run_analysis`` does
the work and stores progress and result. A record that fails is reported in
``batchItemFailures`` (ReportBatchItemFailures), so only it goes back to the queue; its last
attempt (``ApproximateReceiveCount`` reaching ``failures.MAX_ATTEMPTS``, SQS's
``maxReceiveCount``) holds the claim "analysis failed" for a moderator before SQS moves it to
``AnalysisDeadLetterQueue``. The function also reads that queue: a message arriving there
(a job killed by the timeout never reaches the ``except``) holds its claim the same way and
is then done with. Each claim given up counts in the ``AnalysisGivenUp`` metric, which an
alarm watches (template.yaml). A malformed message can never succeed: it is logged and
dropped rather than retried.
"""

from __future__ import annotations

import os
from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend.fairplay import dispatch, failures, jobs
from dames_backend.observability import METRICS_NAMESPACE, get_tracer, make_logger

SERVICE = "analysis"
DEAD_LETTER_VARIABLE = "ANALYSIS_DEAD_LETTER_QUEUE_ARN"

logger = make_logger(SERVICE)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE)


def _give_up(game_id: str, attempts: int) -> None:
    if failures.give_up(game_id, attempts):
        logger.error("Analysis given up: claim held for a moderator",
                     extra={"event": "AnalysisGivenUp", "gameId": game_id,
                            "attempts": attempts})
        metrics.add_metric(name="AnalysisGivenUp", unit=MetricUnit.Count, value=1)


def _run(game_id: str, record: dict[str, Any]) -> bool:
    """Run one job; False when it failed (the record goes back to the queue)."""
    try:
        job = jobs.run_analysis(game_id)
    except Exception:
        logger.exception("Analysis failed", extra={"gameId": game_id})
        metrics.add_metric(name="AnalysisFailed", unit=MetricUnit.Count, value=1)
        attempts = int(record.get("attributes", {}).get("ApproximateReceiveCount", 1))
        if attempts >= failures.MAX_ATTEMPTS:
            _give_up(game_id, attempts)
        return False
    status = job.status if job else "missing"
    logger.info("Analysis run", extra={"event": "AnalysisRun", "gameId": game_id,
                                       "status": status})
    metrics.add_metric(name="AnalysisDone", unit=MetricUnit.Count, value=1)
    return True


def process(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Run each record's job (or give up a dead-lettered one); the failed ones are
    returned for SQS to retry."""
    failed: list[dict[str, str]] = []
    dead_letter = os.environ.get(DEAD_LETTER_VARIABLE, "")
    for record in event.get("Records", []):
        message_id = str(record.get("messageId", ""))
        try:
            game_id = dispatch.game_id_of(str(record.get("body", "")))
        except ValueError:
            logger.error("Malformed analysis message dropped", extra={"messageId": message_id})
            continue
        if dead_letter and record.get("eventSourceARN") == dead_letter:
            _give_up(game_id, failures.MAX_ATTEMPTS)
        elif not _run(game_id, record):
            failed.append({"itemIdentifier": message_id})
    return {"batchItemFailures": failed}


handler = metrics.log_metrics(logger.inject_lambda_context(process, clear_state=True))
if (_tracer := get_tracer()) is not None:
    handler = _tracer.capture_lambda_handler(handler, capture_response=False)
