"""JSON errors: every failure leaves as ``{"error": "<code>", "message": "<reason>"}``.

Handlers raise ``ApiError(status, code, message, **extra)``; ``install_error_handlers(app)``
turns it, FastAPI's validation errors (422, or 400 for unparseable JSON), Starlette's HTTP
errors (404 unknown route, 405 …), DynamoDB throttling (429) or outage (503) and anything unexpected
(500, no stack trace in the body) into that shape. ``extra`` keys are merged into the body,
e.g. ``ApiError(409, "stale-ply", "…", game=view)``.

Failures that are not the client's (DynamoDB throttled or down, a bug) are logged through the
functions' Powertools logger, so the line is JSON with the request's correlation id and the
stack trace as fields, next to the request's other lines.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException as StarletteHTTPException

from dames_backend.observability import logger

STATUS_CODES: dict[int, str] = {
    400: "bad-request",
    401: "missing-token",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    409: "conflict",
    410: "expired",
    413: "body-too-large",
    415: "unsupported-media-type",
    422: "invalid",
    429: "too-many-requests",
}


class ErrorBody(BaseModel):
    """The documented shape of every error (extra keys, like ``game`` on 409, are allowed)."""

    model_config = ConfigDict(extra="allow")

    error: str
    message: str


ERROR_BODY_REF = {"$ref": "#/components/schemas/ErrorBody"}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses=`` for a route: each status documented as ``ErrorBody`` JSON.

    The schema is referenced, not given as a response ``model``: FastAPI builds a pydantic
    adapter for every (route, status, model) when the route is declared, about 80 of them in
    the games function, a cold-start cost for documentation only read when the document is
    asked for (``document_error_body`` adds the schema then). The explicit JSON media type
    also keeps a file route's errors documented as JSON, not in the file's type.

    Documenting 422 here also replaces FastAPI's default ``{"detail": …}`` validation schema,
    which this API never sends. 413 (body limit) and 400 (bad JSON) apply to every body.
    """
    return {
        status: {
            "description": STATUS_CODES.get(status, "error"),
            "content": {"application/json": {"schema": ERROR_BODY_REF}},
        }
        for status in statuses
    }


def document_error_body(app: FastAPI) -> None:
    """Add ``ErrorBody`` to the app's OpenAPI components, which ``error_responses`` refers to."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas["ErrorBody"] = ErrorBody.model_json_schema(mode="serialization")
            document["components"]["schemas"] = dict(sorted(schemas.items()))
        return build()  # FastAPI's cached document, completed above

    app.openapi = openapi  # type: ignore[method-assign]


class ApiError(Exception):
    """An expected failure with its HTTP status, machine code and human message; ``headers``
    (a 429's ``Retry-After``) go out with it."""

    headers: dict[str, str] | None = None

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body of this error."""
        return {"error": self.code, "message": self.message, **self.extra}


def busy_error() -> ApiError:
    """A transaction kept meeting another request on the same items through every retry.

    Nothing was written and the server is healthy, so this is a 409 the client can simply
    retry, not a 5xx.
    """
    return ApiError(
        409,
        "busy",
        "Another request changed the same records at the same instant; nothing was changed. "
        "Please retry.",
    )


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


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
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
    from dames_backend import clock
    from dames_backend.limits import refusals  # refusals needs client_limits, which needs us
    from dames_backend.limits.thinking import game_of

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
