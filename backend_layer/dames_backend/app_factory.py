"""One FastAPI setup for every app: Powertools, JSON errors, a body-size limit, the handler.

Usage in a function module::

    app = create_app("Dames du jour — games", service="games")
    handler = make_handler(app)          # Lambda entry point (Mangum + Powertools)

Request models should subclass ``StrictModel`` so unknown fields are rejected (422).
Bodies larger than ``MAX_BODY_BYTES`` get 413 before any parsing.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from fastapi import FastAPI
from mangum import Mangum
from pydantic import BaseModel, ConfigDict
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dames_backend.errors import install_error_handlers

MAX_BODY_BYTES = 4096
METRICS_NAMESPACE = "DamesDuJour"

# The service name comes from POWERTOOLS_SERVICE_NAME (set per function in template.yaml).
logger = Logger()
tracer = Tracer()
metrics = Metrics(namespace=METRICS_NAMESPACE)
# Most reads publish no metric, so an empty flush is the normal case, not a mistake to warn of.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)


class StrictModel(BaseModel):
    """Base for request bodies: unknown fields are an error, never silently ignored, and
    values are not coerced (``"5"`` is not an int, ``1`` is not a bool)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class BodyLimitMiddleware:
    """Refuse request bodies above ``max_bytes`` with a JSON 413, counting what is received.

    A pure ASGI middleware (not ``BaseHTTPMiddleware``) so it works the same under Mangum and
    uvicorn; it buffers at most ``max_bytes`` + one chunk, then replays the body to the app.
    """

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._reject(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._reject(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _reject(self, send: Send) -> None:
        payload = json.dumps(
            {
                "error": "body-too-large",
                "message": f"The request body is larger than {self.max_bytes} bytes.",
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


def create_app(title: str, *, service: str, description: str = "") -> FastAPI:
    """A FastAPI app with the JSON error handlers and the body limit installed."""
    app = FastAPI(title=title, description=description, version="1.0.0")
    install_error_handlers(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=MAX_BODY_BYTES)
    app.state.service = service
    return app


def make_handler(app: FastAPI) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    """The Lambda handler: Mangum for the HTTP API v2 event, with Powertools around it
    (structured logs with the Lambda context, EMF metrics flushed per invocation, X-Ray
    tracing when running in Lambda; all three stay quiet locally and in tests)."""
    asgi_handler = Mangum(app, lifespan="off")

    @tracer.capture_lambda_handler(capture_response=False)
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        if context is not None and hasattr(context, "aws_request_id"):
            logger.append_keys(request_id=context.aws_request_id)
        return asgi_handler(event, context)

    return handler
