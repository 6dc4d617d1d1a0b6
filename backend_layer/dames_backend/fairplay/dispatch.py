"""How an analysis job reaches a runner: an SQS message on AWS, a background worker locally.

On AWS the games function has ``ANALYSIS_QUEUE_URL`` (template.yaml, ``AnalysisQueue``) and
``AnalysisFunction`` consumes it, with retries and a dead-letter queue. The local server
registers its bounded worker with ``set_local_runner``. With neither (a test, a script), the
job stays ``queued`` until someone runs it (``./dames analysis run``).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable

import boto3

from dames_backend.config import get_settings
from dames_backend.db import RETRY_CONFIG

QUEUE_URL_VARIABLE = "ANALYSIS_QUEUE_URL"
logger = logging.getLogger(__name__)

# Takes a game id; False when the local worker is full (the job is then given up, see jobs).
LocalRunner = Callable[[str], bool]
_local_runner: LocalRunner | None = None


def set_local_runner(runner: LocalRunner | None) -> None:
    """The local server's worker (``local/analysis_worker.py``); None to unregister."""
    global _local_runner
    _local_runner = runner


def message_body(game_id: str) -> str:
    """The queue message: the game id only (the job and the game are in the table)."""
    return json.dumps({"gameId": game_id})


def game_id_of(body: str) -> str:
    """The game id of a queue message; ``ValueError`` for anything else."""
    data = json.loads(body)
    if not isinstance(data, dict) or not isinstance(data.get("gameId"), str):
        raise ValueError("an analysis message holds {\"gameId\": \"g_…\"}")
    return str(data["gameId"])


def enqueue(game_id: str) -> bool:
    """Hand the job to its runner; False when nothing could take it now (local worker full)."""
    queue_url = os.environ.get(QUEUE_URL_VARIABLE)
    if queue_url:
        sqs = boto3.client("sqs", region_name=get_settings().region, config=RETRY_CONFIG)
        sqs.send_message(QueueUrl=queue_url, MessageBody=message_body(game_id))
        return True
    if _local_runner is not None:
        return _local_runner(game_id)
    logger.info("analysis of %s queued with no runner attached", game_id)
    return True
