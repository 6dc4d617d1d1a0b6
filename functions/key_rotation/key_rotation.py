"""Lambda function Secrets Manager calls to rotate the client-key keyring (every 30 days).

Thin: the steps are ``dames_backend.limits.key_rotation``'s; this logs each one.
"""

from __future__ import annotations

from typing import Any

import boto3
from aws_lambda_powertools.utilities.typing import LambdaContext
from dames_backend.limits import key_rotation
from dames_backend.observability import make_logger

SERVICE = "key-rotation"

logger = make_logger(SERVICE)


def rotate(event: dict[str, Any], context: LambdaContext) -> None:
    step = key_rotation.rotate_step(boto3.client("secretsmanager"), event)
    logger.info("Client key rotation step", extra={"event": "KeyRotation", "step": step})


handler = logger.inject_lambda_context(rotate, clear_state=True)
