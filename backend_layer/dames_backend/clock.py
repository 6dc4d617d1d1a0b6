"""Time on the server: the one place the backend reads the clock, and the player's game clock.

Everything that needs "now" (games, the daily challenge, leaderboards, players) asks
``now_ms`` or a function built on it, so a test moves time for the whole backend by patching
one function.

The player's clock is kept by the server from its own timestamps, never from what the page
reports: a turn runs from the moment the server answered (or created the game) to the moment
the next move arrives. The page announces a hidden tab with ``pause``/``resume`` as it
happens; a pause is credited only between a server-received pause and the next
server-received resume, so a pause claimed after the fact counts for nothing. A hidden page
cannot play or load: a move arriving while paused, or a read of the game (a new page), voids
that open pause, so a reload is never a pause whatever a script announces. A move always
costs at least ``MIN_MOVE_MS``, and network time is part of the player's time; the wait a
server-side refusal imposed is not (``refusals``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime

MIN_MOVE_MS = 300


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def utc_now() -> datetime:
    """The current time as an aware UTC datetime, read from ``now_ms``."""
    return datetime.fromtimestamp(now_ms() / 1000, UTC)


def iso_utc(when: datetime) -> str:
    """``2026-11-30T10:00:00Z``: the one spelling of instants in items and views."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_now() -> str:
    """The current UTC time as ``2026-11-30T10:00:00Z``."""
    return iso_utc(utc_now())


def iso_from_ms(epoch_ms: int) -> str:
    """An epoch-milliseconds instant as ``2026-11-30T10:00:00Z`` (seconds, truncated)."""
    return iso_utc(datetime.fromtimestamp(epoch_ms // 1000, UTC))


def ms_from_iso(text: str) -> int:
    """Epoch milliseconds of an ISO instant (``Z`` or an offset)."""
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


@dataclass(frozen=True)
class GameClock:
    """The player's clock of one game, as stored with it.

    ``elapsed_ms`` is what finished moves cost; the running turn started at
    ``turn_started_ms`` and has had ``turn_paused_ms`` of credited pauses. ``pauses`` and
    ``paused_ms`` total the credited pauses of the whole game, shown publicly so an outlier
    is visible.
    """

    elapsed_ms: int = 0
    turn_started_ms: int = 0
    paused_since_ms: int | None = None
    turn_paused_ms: int = 0
    pauses: int = 0
    paused_ms: int = 0
    # Per charged move, in order: the time the turn took (before the floor) and the pause
    # credited during it. Kept for the fair-play signals (move-time consistency, moves played
    # after a pause); the score only needs ``elapsed_ms``.
    move_ms: tuple[int, ...] = ()
    move_paused_ms: tuple[int, ...] = ()

    @property
    def paused(self) -> bool:
        return self.paused_since_ms is not None

    def turn_ms(self, now: int) -> int:
        """The running turn so far (frozen at the pause while paused)."""
        end = self.paused_since_ms if self.paused_since_ms is not None else now
        return max(0, end - self.turn_started_ms - self.turn_paused_ms)

    def pause(self, now: int) -> GameClock:
        """The page went hidden. Pausing a paused clock changes nothing (a repeated beacon)."""
        if self.paused:
            return self
        return replace(self, paused_since_ms=max(now, self.turn_started_ms))

    def resume(self, now: int) -> GameClock:
        """The page is visible again: the pause since the server-received pause is credited."""
        if self.paused_since_ms is None:
            return self
        credited = max(0, now - self.paused_since_ms)
        return replace(
            self,
            paused_since_ms=None,
            turn_paused_ms=self.turn_paused_ms + credited,
            pauses=self.pauses + 1,
            paused_ms=self.paused_ms + credited,
        )

    def void_pause(self) -> GameClock:
        """The open pause ends uncredited: its time stays in the turn. A pause is a page
        hidden; a page that reads the game again (a reload, another tab) shows it, so the
        page that paused was left, not hidden."""
        return replace(self, paused_since_ms=None) if self.paused else self

    def charge_move(self, now: int, waited_ms: int = 0) -> GameClock:
        """A move arrived at ``now``: the turn is charged (an open pause is void) and stops.

        ``waited_ms``: time the server made the player wait by refusing the move for its own
        load (``refusals``), not charged."""
        spent = max(0, now - self.turn_started_ms - self.turn_paused_ms - waited_ms)
        return replace(
            self,
            elapsed_ms=self.elapsed_ms + max(MIN_MOVE_MS, spent),
            paused_since_ms=None,
            turn_paused_ms=0,
            move_ms=(*self.move_ms, spent),
            move_paused_ms=(*self.move_paused_ms, self.turn_paused_ms),
        )

    def start_turn(self, now: int) -> GameClock:
        """The server answered at ``now``: the player's next turn runs from here."""
        return replace(self, turn_started_ms=now, paused_since_ms=None, turn_paused_ms=0)
