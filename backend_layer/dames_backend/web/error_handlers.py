"""JSON errors: every failure of an app leaves as ``{"error": "<code>", "message": "<reason>"}``.

``install_error_handlers(app)`` turns ``errors.ApiError``, FastAPI's validation errors (422, or
400 for unparseable JSON), Starlette's HTTP errors (404 unknown route, 405 …), DynamoDB
throttling (429) or outage (503) and anything unexpected (500, no stack trace in the body)
into that shape.

Failures that are not the client's (DynamoDB throttled or down, a bug) are logged through the
functions' Powertools logger, so the line is JSON with the request's correlation id and the
stack trace as fields, next to the request's other lines.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from dames_backend import clock
from dames_backend.errors import STATUS_CODES, ApiError, ErrorBody
from dames_backend.limits import refusals
from dames_backend.limits.thinking import game_of
from dames_backend.observability import logger


def document_error_body(app: FastAPI) -> None:
    """Add ``ErrorBody`` to the app's OpenAPI components, which ``error_responses`` refers to,
    and leave out the components nothing refers to: FastAPI lists every enum it meets in an
    annotation, also the game-state enums the views write inline (``games.views``)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas["ErrorBody"] = ErrorBody.model_json_schema(mode="serialization")
            text = json.dumps(document)
            document["components"]["schemas"] = {
                name: schema for name, schema in sorted(schemas.items())
                if f'"#/components/schemas/{name}"' in text  # some $ref names it
            }
        return build()  # FastAPI's cached document, completed above

    app.openapi = openapi  # type: ignore[method-assign]


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """A JSON error response (also usable from middleware, outside the handlers)."""
    return JSONResponse(
        status_code=status,
        content={"error": code, "message": message, **extra},
        headers=headers,
    )


def _location(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body",)]
    return ".".join(parts) if parts else "body"


def describe_validation_errors(errors: list[dict[str, Any]]) -> str:
    """One readable sentence from pydantic's error list: ``field: reason; field: reason``."""
    described = []
    for err in errors[:5]:
        described.append(f"{_location(err.get('loc', ()))}: {err.get('msg', 'invalid value')}")
    return "; ".join(described) or "The request is not valid."


async def _api_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse(status_code=exc.status, content=exc.body(), headers=exc.headers)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if any(err.get("type") == "json_invalid" for err in errors):
        return error_response(400, "bad-json", "The request body is not valid JSON.")
    return error_response(422, "invalid-request", describe_validation_errors(errors))


# FastAPI's own words for a body it could not decode at all (not UTF-8, or JSON nested past
# Python's recursion limit): the same fault as any other body that is not JSON.
_UNREADABLE_BODY = "There was an error parsing the body"


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and exc.detail == _UNREADABLE_BODY:
        return error_response(400, "bad-json", "The request body is not valid JSON.")
    code = STATUS_CODES.get(exc.status_code, "error")
    detail = exc.detail if isinstance(exc.detail, str) else code
    if exc.status_code == 404 and detail == "Not Found":
        detail = "No such resource."
    return JSONResponse(
        status_code=exc.status_code,
        content={"error": code, "message": detail},
        headers=getattr(exc, "headers", None),
    )


THROTTLING_AWS_CODES = frozenset(
    {
        "ProvisionedThroughputExceededException",
        "ThrottlingException",
        "RequestLimitExceeded",
        "TransactionConflictException",
    }
)
OUTAGE_AWS_CODES = frozenset({"InternalServerError", "ServiceUnavailable"})
RETRY_AFTER_SECONDS = 1


async def _aws_error(request: Request, exc: Exception) -> JSONResponse:
    """DynamoDB failed even after boto3's retries; nothing was written.

    Throttling is the load of the moment, not a fault: a 429 with ``Retry-After``, like the
    API's own throttle. Only DynamoDB being down (its 5xx, or no connection) is a 503; any other
    AWS error is a bug (500). Either refusal of a move is the server's, so it carries a receipt
    that keeps the wait off the player's clock (``refusals``).
    """
    if isinstance(exc, ClientError):
        code = str(exc.response.get("Error", {}).get("Code", ""))
        logger.error("DynamoDB error", exc_info=exc, extra={"aws_error": code, **_where(request)})
        if code in THROTTLING_AWS_CODES:
            return error_response(
                429,
                "throttled",
                "The game store is busy right now; nothing was changed. Please retry.",
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
                **_refusal_of(request),
            )
        if code not in OUTAGE_AWS_CODES:
            return await _unexpected_error(request, exc)
    else:
        logger.error("AWS connection error", exc_info=exc, extra=_where(request))
    return error_response(
        503,
        "service-unavailable",
        "The game store is temporarily unavailable; nothing was changed. Please retry.",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        **_refusal_of(request),
    )


def _refusal_of(request: Request) -> dict[str, str]:
    """``{"refusal": receipt}`` when the refused request is a move, else nothing."""
    game = game_of(request.url.path)
    if request.method != "POST" or game is None or not request.url.path.endswith("/moves"):
        return {}
    previous = request.headers.get(refusals.RECEIPT_HEADER)
    return {"refusal": refusals.issue(game, clock.now_ms(), RETRY_AFTER_SECONDS, previous)}


def _where(request: Request) -> dict[str, str]:
    return {"method": request.method, "path": request.url.path}


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    logger.error("Unexpected error", exc_info=exc, extra=_where(request))
    return error_response(500, "internal-error", "Something went wrong on our side.")


def install_error_handlers(app: FastAPI) -> None:
    """Make every error of ``app`` a JSON ``{"error", "message"}`` body without a stack trace."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(ClientError, _aws_error)
    app.add_exception_handler(BotoCoreError, _aws_error)
    app.add_exception_handler(Exception, _unexpected_error)
