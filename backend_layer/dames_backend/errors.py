"""The errors the server answers with, as values: ``ApiError(status, code, message, **extra)``.

Domain code raises ``ApiError`` (a 409 ``stale-ply``, a 429 ``rate-limited``…); every failure
leaves as ``{"error": "<code>", "message": "<reason>"}``, ``extra`` keys merged into the body
(``ApiError(409, "stale-ply", "…", game=view)``). This module knows no web framework and
imports nothing of the backend, so any layer may raise its errors: turning them and every
other failure into responses is ``dames_backend.web.error_handlers``'s job.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

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
