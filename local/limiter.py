"""Bound the computer's thinking on the local server, so that the rest stays responsive and no
client starves the others.

FastAPI runs the sync routes in a threadpool (40 threads) and every search is pure Python
under one GIL: forty `maitre` searches at once would each crawl, hold every thread and starve a
health check or a `debutant` move behind them. Beyond the bounds below a request gets
429 ``{"error": "overloaded"}`` with ``Retry-After`` instead of queueing without end:

- at the ASGI level, the requests in flight on the routes where the computer thinks (moves,
  hints, draw offers): at most ``max_requests`` for everyone, and of those at most
  ``per_address`` for one network (its keyed address, ``limits.clients``) and ``per_game``
  for one game, so one client flooding holds a few places and the others stay free;
- PDN reads (a file of up to 256 KB, every move resolved: seconds of CPU) have their own small
  pool (``pdn_places``, one per network), so files never take a move's place; the reader
  itself stops at a CPU budget (``games.pdn_import``);
- around each search, through `dames.ai.player.search_gate`: at most ``searches`` searches run
  at once per kind (time-limited levels such as `maitre`, and budgeted reproducible ones, so a
  `defi` reply never waits behind a 2.5 s `maitre`), ``queue`` more wait for a slot, served in
  turn by client (the client served longest ago first), and the rest are refused. One search
  per kind by default: the server is one process with one GIL, so a second search at once
  would only slow both. A move drawn at random (`debutant`, the opening) never searches.

A refused move has changed nothing (the game is saved after the reply is computed), so the
client retries the same ply. When the refusal is the server's load (every place or slot
taken), not the client's own excess, the 429 carries a ``refusal`` receipt so the wait is not
charged to the player's clock (``dames_backend.limits.refusals``). On Lambda one instance serves one
request at a time; there the bounds are ``dames_backend.limits.thinking`` per client, then the
API's route throttling and the function's reserved concurrency (template.yaml).
"""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any

from dames_backend import clock
from dames_backend.errors import ApiError
from dames_backend.limits import clients as client_limits
from dames_backend.limits import refusals
from dames_backend.limits.thinking import PDN_READ_ROUTE, THINKING_ROUTE, game_of, is_thinking
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["THINKING_ROUTE", "SearchRefused", "SearchSlots", "ThinkingLimiter"]

RETRY_AFTER_SECONDS = 3
QUEUE_WAIT_SECONDS = 15.0  # a queued search that gets no slot by then is refused after all
BUSY_MESSAGE = (
    "The computer is thinking for too many games at once; nothing was played. "
    "Please retry in a few seconds."
)
CLIENT_BUSY_MESSAGE = (
    "Too many requests for the computer from this network or game at once; nothing was "
    "played. Wait for the answers already asked for."
)


class SearchRefused(ApiError):
    """No search slot for this request: a 429 (the games app's error handler answers it quietly,
    and the limiter adds its ``Retry-After``). ``by_client``: refused for the client's own
    excess (one search already waiting), not the server's load."""

    def __init__(self, *, by_client: bool = False) -> None:
        super().__init__(429, "overloaded", CLIENT_BUSY_MESSAGE if by_client else BUSY_MESSAGE)
        self.by_client = by_client


def _env_int(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.isdigit() and int(text) > 0 else default


@dataclass
class _Waiter:
    client: str
    ticket: int


class SearchSlots:
    """At most `running` searches at once, `waiting` more queued; the others refused.

    A freed slot goes to the waiting client served longest ago (then the oldest ticket), so a
    client with many searches takes turns with the others instead of going ahead of them; a
    client waits with one search at most, and never while ``busy(client)`` (it already has
    heavy work running: one CPU-bound job per client at a time).
    """

    def __init__(
        self, running: int, waiting: int, wait_seconds: float = QUEUE_WAIT_SECONDS,
        busy: Callable[[str], bool] | None = None,
    ):
        self.running_cap = running
        self.waiting_cap = waiting
        self.wait_seconds = wait_seconds
        self.running = 0
        self._busy = busy or (lambda client: False)
        self._queue: list[_Waiter] = []
        self._served: dict[str, int] = {}
        self._tickets = itertools.count()
        self._changed = threading.Condition()

    def wake(self) -> None:
        """Re-examine the queue (a client's other heavy work ended)."""
        with self._changed:
            self._changed.notify_all()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def _next(self) -> _Waiter | None:
        ready = [w for w in self._queue if not self._busy(w.client)]
        return min(ready, key=lambda w: (self._served.get(w.client, -1), w.ticket), default=None)

    @contextmanager
    def slot(self, client: str = "") -> Iterator[None]:
        with self._changed:
            if self.running >= self.running_cap or self._queue or self._busy(client):
                if any(w.client == client for w in self._queue):
                    raise SearchRefused(by_client=True)
                if len(self._queue) >= self.waiting_cap:
                    raise SearchRefused
                me = _Waiter(client, next(self._tickets))
                self._queue.append(me)
                try:
                    got = self._changed.wait_for(
                        lambda: self.running < self.running_cap and self._next() is me,
                        self.wait_seconds,
                    )
                finally:
                    self._queue.remove(me)
                    self._changed.notify_all()
                if not got:
                    raise SearchRefused
            self.running += 1
            self._served[client] = next(self._tickets)
            if len(self._served) > 4096:  # forget long-gone clients
                self._served = dict(list(self._served.items())[-1024:])
        try:
            yield
        finally:
            with self._changed:
                self.running -= 1
                self._changed.notify_all()


@dataclass
class _Request:
    """One thinking request: who asks, and whether its search was refused."""

    client: str = ""
    refused: bool = False
    by_client: bool = False  # refused for the client's own excess: no receipt
    replaced: bool = False  # the 429 has been sent in place of the app's answer


@dataclass
class _Places:
    """Requests in flight: in total, per network and per game (a game's key includes its
    network, so nobody can spend another's game's places by naming it)."""

    total: int = 0
    by_key: Counter[str] = field(default_factory=Counter)

    def take(self, keys: list[tuple[str, int]], cap: int) -> str | None:
        """Take a place under every key, or say which bound refused: "all" or "client"."""
        if any(self.by_key[key] >= limit for key, limit in keys):
            return "client"
        if self.total >= cap:
            return "all"
        self.total += 1
        for key, _ in keys:
            self.by_key[key] += 1
        return None

    def give_back(self, keys: list[tuple[str, int]]) -> None:
        self.total -= 1
        for key, _ in keys:
            self.by_key[key] -= 1
            if not self.by_key[key]:
                del self.by_key[key]


class ThinkingLimiter:
    """ASGI middleware bounding the thinking requests, per client and in all, and the
    searches they start."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        searches: int | None = None,
        queue: int | None = None,
        max_requests: int | None = None,
        per_address: int | None = None,
        per_game: int | None = None,
        pdn_places: int | None = None,
        retry_after: int = RETRY_AFTER_SECONDS,
    ) -> None:
        from dames.ai.player import search_gate  # the engine layer is on sys.path by now

        self.app = app
        self._search_gate = search_gate
        running = searches or _env_int("DAMES_MAX_SEARCHES", 1)
        waiting = queue if queue is not None else _env_int("DAMES_SEARCH_QUEUE", 2)
        # CPU-bound work running per network (searches, PDN reads): one at a time each.
        self._heavy: Counter[str] = Counter()
        # Timed levels (maitre) and budgeted ones (reproducible) get separate slots.
        self.slots = {
            timed: SearchSlots(running, waiting, busy=self._is_heavy) for timed in (True, False)
        }
        # Requests past the gate's capacity only read the game and are refused; 8 keeps most
        # of the 40 threads free for everything else.
        self.max_requests = max_requests or _env_int("DAMES_MAX_THINKING_REQUESTS", 8)
        # A page asks one thing at a time per game; a network may hold several players.
        self.per_address = per_address or _env_int("DAMES_THINKING_PER_ADDRESS", 3)
        self.per_game = per_game or _env_int("DAMES_THINKING_PER_GAME", 2)
        self.pdn_places = pdn_places or _env_int("DAMES_PDN_READS", 2)
        self.retry_after = retry_after
        self._thinking = _Places()
        self._pdn = _Places()
        self._lock = threading.Lock()

    @property
    def in_flight(self) -> int:
        return self._thinking.total

    @in_flight.setter
    def in_flight(self, value: int) -> None:  # tests fill every place at once
        self._thinking.total = value
        self._pdn.total = value

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not is_thinking(scope):
            await self.app(scope, receive, send)
            return
        address = client_limits.scope_address_key(scope)
        game = game_of(scope["path"])
        if PDN_READ_ROUTE.match(scope["path"]):
            places, cap = self._pdn, self.pdn_places
            keys = [(f"pdn:{address}", 1)]
        else:
            places, cap = self._thinking, self.max_requests
            keys = [(address, self.per_address), (f"{address}:{game}", self.per_game)]
        reading = places is self._pdn
        with self._lock:
            refused_by = "client" if reading and self._heavy[address] else places.take(keys, cap)
            if reading and refused_by is None:
                self._heavy[address] += 1
        if refused_by is not None:
            await self._busy(send, scope, server_load=refused_by == "all")
            return
        request = _Request(client=address)
        try:
            with self._search_gate(lambda level: self._gate(level.time_limit is not None,
                                                            request)):
                await self._forward(scope, receive, send, request)
        finally:
            with self._lock:
                places.give_back(keys)
            if reading:
                self._done_heavy(address)

    def _is_heavy(self, client: str) -> bool:
        return self._heavy[client] > 0

    def _done_heavy(self, client: str) -> None:
        with self._lock:
            self._heavy[client] -= 1
            if not self._heavy[client]:
                del self._heavy[client]
        for slots in self.slots.values():
            slots.wake()

    def _gate(self, timed: bool, request: _Request) -> AbstractContextManager[None]:
        """What the search enters (in the request's worker thread)."""
        slots = self.slots[timed]

        @contextmanager
        def entered() -> Iterator[None]:
            try:
                with slots.slot(request.client):
                    with self._lock:
                        self._heavy[request.client] += 1
                    try:
                        yield
                    finally:
                        self._done_heavy(request.client)
            except SearchRefused as refusal:
                request.refused = True
                request.by_client = refusal.by_client
                raise

        return entered()

    async def _forward(self, scope: Scope, receive: Receive, send: Send, request: _Request) -> None:
        """Run the app; once its search was refused, its own answer (an error) becomes a 429."""

        async def guarded_send(message: Message) -> None:
            if request.refused:
                if message["type"] == "http.response.start":
                    request.replaced = True
                    await self._busy(send, scope, server_load=not request.by_client)
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
            await self._busy(send, scope, server_load=not request.by_client)

    async def _busy(self, send: Send, scope: Scope, *, server_load: bool) -> None:
        """The 429; a move refused for the server's load gets its receipt (``refusals``)."""
        payload: dict[str, Any] = {
            "error": "overloaded",
            "message": BUSY_MESSAGE if server_load else CLIENT_BUSY_MESSAGE,
        }
        game = game_of(scope["path"])
        if server_load and game is not None and scope["path"].endswith("/moves"):
            previous = client_limits.scope_headers(scope).get(refusals.RECEIPT_HEADER)
            payload["refusal"] = refusals.issue(game, clock.now_ms(), self.retry_after, previous)
        body = json.dumps(payload).encode()
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
            "in_flight": self._thinking.total,
            "pdn_in_flight": self._pdn.total,
            "running": {k: v.running for k, v in self.slots.items()},
            "waiting": {k: v.waiting for k, v in self.slots.items()},
        }
