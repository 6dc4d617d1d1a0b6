"""Each client's share of the routes where the computer thinks, counted before the app runs.

The counting rule is ``dames_backend.limits.thinking``'s; this is only its ASGI edge, on AWS
(``DAMES_THINKING_LIMIT=dynamodb``, set by template.yaml on GamesFunction): the local server
bounds the same routes by concurrency instead (``local/limiter.py``).
"""

from __future__ import annotations

import os

from anyio import to_thread
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from dames_backend.limits import clients as client_limits
from dames_backend.limits.thinking import ENABLE_ENV, charge_thinking, is_thinking


class ClientThinkingLimit:
    """ASGI middleware: each client's thinking requests counted before the app runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if os.environ.get(ENABLE_ENV) == "dynamodb" and is_thinking(scope):
            try:
                await to_thread.run_sync(charge_thinking, scope)
            except client_limits.LimitReached as exc:
                refusal = JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)
