"""Bound the computer's thinking on the local server, so that the rest stays responsive.

FastAPI runs the sync routes in a threadpool (40 threads) and every search is pure Python
under one GIL: forty `maitre` searches at once would each crawl, hold every thread and starve a
health check or a `debutant` move behind them. Two bounds, both answering
429 ``{"error": "overloaded"}`` with ``Retry-After`` beyond them instead of queueing without end:

- at the ASGI level, the requests in flight on the routes where the computer thinks (moves,
  hints, draw offers) or a PDN file is read: beyond ``max_requests`` a request is refused
  before it takes a thread;
- around each search, through `dames.ai.player.search_gate`: at most ``searches`` searches run
  at once per kind (time-limited levels such as `maitre`, and budgeted reproducible ones, so a
  `defi` reply never waits behind a 2.5 s `maitre`), ``queue`` more wait for a slot, and the
  rest are refused. One search per kind by default: the server is one process with one GIL,
  so a second search at once would only slow both (a `maitre` search would reach less deep in
  its 2.5 s) and take the interpreter from the requests that need only a few milliseconds.
  A move drawn at random (`debutant`, the opening) never searches and passes straight through.

A refused move has changed nothing (the game is saved after the reply is computed), so the
client retries the same ply. On Lambda one instance serves one request at a time; there the
bound is the API's route throttling and the function's reserved concurrency (template.yaml).
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

from dames_backend.errors import ApiError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Where the computer searches (its reply to a move, a hint, its answer to a draw offer), and
# where a PDN file is read: every move of up to 256 KB of games resolved, seconds of CPU.
THINKING_ROUTE = re.compile(
    r"^/api/games/(?:[^/]+/(?:moves|hint|draw-offer)|pdn/read|position/analyse)$"
)
RETRY_AFTER_SECONDS = 3
QUEUE_WAIT_SECONDS = 15.0  # a queued search that gets no slot by then is refused after all
BUSY_MESSAGE = (
    "The computer is thinking for too many games at once; nothing was played. "
    "Please retry in a few seconds."
)


class SearchRefused(ApiError):
    """No search slot for this request: a 429 (the games app's error handler answers it quietly,
    and the limiter adds its ``Retry-After``)."""

    def __init__(self) -> None:
        super().__init__(429, "overloaded", BUSY_MESSAGE)


def _env_int(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.isdigit() and int(text) > 0 else default


class SearchSlots:
    """At most `running` searches at once, `waiting` more queued; the others refused."""

    def __init__(self, running: int, waiting: int, wait_seconds: float = QUEUE_WAIT_SECONDS):
        self.running_cap = running
        self.waiting_cap = waiting
        self.wait_seconds = wait_seconds
        self.running = 0
        self.waiting = 0
        self._changed = threading.Condition()

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._changed:
            if self.running >= self.running_cap:
                if self.waiting >= self.waiting_cap:
                    raise SearchRefused
                self.waiting += 1
                try:
                    got = self._changed.wait_for(
                        lambda: self.running < self.running_cap, self.wait_seconds
                    )
                finally:
                    self.waiting -= 1
                if not got:
                    raise SearchRefused
            self.running += 1
        try:
            yield
        finally:
            with self._changed:
                self.running -= 1
                self._changed.notify()


@dataclass
class _Request:
    """One thinking request: whether its search was refused."""

    refused: bool = False
    replaced: bool = False  # the 429 has been sent in place of the app's answer


class ThinkingLimiter:
    """ASGI middleware bounding the move requests and the searches they start."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        searches: int | None = None,
        queue: int | None = None,
        max_requests: int | None = None,
        retry_after: int = RETRY_AFTER_SECONDS,
    ) -> None:
        from dames.ai.player import search_gate  # the engine layer is on sys.path by now

        self.app = app
        self._search_gate = search_gate
        running = searches or _env_int("DAMES_MAX_SEARCHES", 1)
        waiting = queue if queue is not None else _env_int("DAMES_SEARCH_QUEUE", 2)
        # Timed levels (maitre) and budgeted ones (reproducible) get separate slots.
        self.slots = {timed: SearchSlots(running, waiting) for timed in (True, False)}
        # Requests past the gate's capacity only read the game and are refused; 8 keeps most
        # of the 40 threads free for everything else.
        self.max_requests = max_requests or _env_int("DAMES_MAX_THINKING_REQUESTS", 8)
        self.retry_after = retry_after
        self.in_flight = 0
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or \
                not THINKING_ROUTE.match(scope["path"]):
            await self.app(scope, receive, send)
            return
        with self._lock:
            admitted = self.in_flight < self.max_requests
            if admitted:
                self.in_flight += 1
        if not admitted:
            await self._busy(send)
            return
        request = _Request()
        try:
            with self._search_gate(lambda level: self._gate(level.time_limit is not None,
                                                            request)):
                await self._forward(scope, receive, send, request)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _gate(self, timed: bool, request: _Request) -> AbstractContextManager[None]:
        """What the search enters (in the request's worker thread)."""
        slots = self.slots[timed]

        @contextmanager
        def entered() -> Iterator[None]:
            try:
                with slots.slot():
                    yield
            except SearchRefused:
                request.refused = True
                raise

        return entered()

    async def _forward(self, scope: Scope, receive: Receive, send: Send, request: _Request) -> None:
        """Run the app; once its search was refused, its own answer (an error) becomes a 429."""

        async def guarded_send(message: Message) -> None:
            if request.refused:
                if message["type"] == "http.response.start":
                    request.replaced = True
                    await self._busy(send)
                return
            await send(message)

        try:
            await self.app(scope, receive, guarded_send)
        except SearchRefused:
            pass
        except Exception:
            if not request.refused:
                raise
        if request.refused and not request.replaced:
            await self._busy(send)

    async def _busy(self, send: Send) -> None:
        body = json.dumps({"error": "overloaded", "message": BUSY_MESSAGE}).encode()
        headers: list[tuple[bytes, bytes]] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(self.retry_after).encode()),
            (b"cache-control", b"no-store"),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def stats(self) -> dict[str, Any]:
        """Counters for tests and debugging."""
        return {
            "in_flight": self.in_flight,
            "running": {k: v.running for k, v in self.slots.items()},
            "waiting": {k: v.waiting for k, v in self.slots.items()},
        }
