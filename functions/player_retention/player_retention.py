"""Lambda function for the daily privacy job (EventBridge ``cron(30 3 * * ? *)``).

Thin: ``dames_backend.privacy.inactivity.sweep`` finishes the renames and erasures left
half-done and erases the players inactive for 13 months, within the function's time (what is
left waits for the next day). One JSON line per run with what it did, and metrics.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend.observability import METRICS_NAMESPACE, make_logger
from dames_backend.privacy import inactivity

SERVICE = "player-retention"
# The function's timeout is 900 s: stop starting new work with time to spare.
BUDGET_S = 780.0

logger = make_logger(SERVICE)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE)


def sweep(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    report = inactivity.sweep(budget_s=BUDGET_S)
    logger.info("Player retention run", extra={"event": "PlayerRetention", **asdict(report)})
    metrics.add_metric(name="InactivePlayersErased", unit=MetricUnit.Count,
                       value=report.inactive_erased)
    return asdict(report)


handler = metrics.log_metrics(
    logger.inject_lambda_context(
        sweep, correlation_id_path=correlation_paths.EVENT_BRIDGE, clear_state=True
    )
)
