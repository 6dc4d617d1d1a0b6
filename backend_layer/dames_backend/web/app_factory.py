"""One FastAPI setup for every app: Powertools, JSON errors, a body-size limit, the handler.

Usage in a function module::

    app = create_app("Dames du jour — games", service="games")
    handler = make_handler(app)          # Lambda entry point (Mangum + Powertools)

    record_event("GameCreated", game_id=view.id, mode=view.mode)   # in a route, on success

Request models should subclass ``StrictModel`` so unknown fields are rejected (422).
Every answer is ``Cache-Control: no-store`` unless its route says otherwise (the public
boards): games carry tokens and private positions, and no cache on the way may keep them.
Bodies larger than ``MAX_BODY_BYTES`` get 413 before any parsing; a route that takes files
(the PDN reader) names its own larger limit with ``create_app(..., body_limits={path: bytes})``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from aws_lambda_powertools.logging import correlation_paths
from fastapi import FastAPI
from mangum import Mangum
from pydantic import BaseModel, ConfigDict
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dames_backend.observability import (
    METRICS_NAMESPACE,
    get_tracer,
    logger,
    metrics,
    record_event,
)
from dames_backend.web.error_handlers import document_error_body, install_error_handlers

__all__ = [
    "DEFAULT_CACHE_CONTROL",
    "MAX_BODY_BYTES",
    "METRICS_NAMESPACE",
    "BodyLimitMiddleware",
    "DefaultNoStoreMiddleware",
    "StrictModel",
    "create_app",
    "logger",
    "make_handler",
    "metrics",
    "record_event",
]

MAX_BODY_BYTES = 4096
DEFAULT_CACHE_CONTROL = "no-store"

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]

# Most reads publish no metric, so an empty flush is the normal case, not a mistake to warn of.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)


class StrictModel(BaseModel):
    """Base for request bodies: unknown fields are an error, never silently ignored, and
    values are not coerced (``"5"`` is not an int, ``1`` is not a bool)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class BodyLimitMiddleware:
    """Refuse request bodies above ``max_bytes`` with a JSON 413, counting what is received.

    A pure ASGI middleware (not ``BaseHTTPMiddleware``) so it works the same under Mangum and
    uvicorn; it buffers at most the limit + one chunk, then replays the body to the app.
    ``path_limits`` raises (or lowers) the limit for exact paths only, so one route that reads
    files does not open every other route to large bodies.
    """

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int = MAX_BODY_BYTES,
        path_limits: Mapping[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.path_limits = dict(path_limits or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.path_limits.get(scope.get("path", ""), self.max_bytes)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await self._reject(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._reject(send, limit)
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

    async def _reject(self, send: Send, limit: int) -> None:
        payload = json.dumps(
            {
                "error": "body-too-large",
                "message": f"The request body is larger than {limit} bytes.",
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


class DefaultNoStoreMiddleware:
    """``Cache-Control: no-store`` on every response that does not set its own.

    A token (a new game's, a new player's), a private game or a player's rank must never be
    kept by a browser, a proxy or CloudFront; the default covers every route and every error,
    present and future, and only an answer meant for everyone (a public board) opts out by
    naming its own policy.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_default(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(bytes(name).lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", DEFAULT_CACHE_CONTROL.encode()))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_default)


def create_app(
    title: str,
    *,
    service: str,
    openapi_url: str | None = None,
    description: str = "",
    body_limits: Mapping[str, int] | None = None,
) -> FastAPI:
    """A FastAPI app with the JSON error handlers and the body limit installed.

    ``body_limits`` maps exact paths to their own body limit (bytes), instead of
    ``MAX_BODY_BYTES``.

    The app serves its OpenAPI document at ``openapi_url`` (under ``/api``, so API Gateway
    and CloudFront route it like any other call): that document is the API's contract.
    Without one, no document is served.
    """
    app = FastAPI(
        title=title,
        description=description,
        version="1.0.0",
        openapi_url=openapi_url,
        docs_url=None,
        redoc_url=None,
    )
    install_error_handlers(app)
    document_error_body(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=MAX_BODY_BYTES, path_limits=body_limits)
    app.add_middleware(DefaultNoStoreMiddleware)
    app.state.service = service
    return app


def make_handler(app: FastAPI) -> LambdaHandler:
    """The Lambda handler: Mangum for the HTTP API v2 event, with Powertools around it.

    Every log line of the invocation carries the Lambda context and, as ``correlation_id``,
    the API Gateway request id (the one in the HTTP API's access log), so one request's lines
    can be found from either side; earlier invocations' keys are cleared. EMF metrics are
    flushed when the invocation ends, and X-Ray traces it where tracing is on (in Lambda).
    """
    asgi_handler = Mangum(app, lifespan="off")

    def invoke(event: dict[str, Any], context: Any) -> dict[str, Any]:
        return asgi_handler(event, context)

    handler: LambdaHandler = logger.inject_lambda_context(
        invoke, correlation_id_path=correlation_paths.API_GATEWAY_HTTP, clear_state=True
    )
    handler = metrics.log_metrics(handler)
    tracer = get_tracer()
    if tracer is not None:
        handler = tracer.capture_lambda_handler(handler, capture_response=False)
    return handler
