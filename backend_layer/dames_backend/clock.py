"""The player's clock: only the player's thinking counts, and never less than 0.3 s a move.

The browser reports ``thinkMs`` (it pauses while the tab is hidden); the server measures the
time since its previous answer. A move counts the smaller of the two — the browser cannot
claim less than it took to see the reply, nor more than the server saw — floored at 300 ms.
The computer's thinking happens before the server stamps its answer, so it never counts.
"""

from __future__ import annotations

import time

MIN_MOVE_MS = 300
MAX_REPORTED_MS = 86_400_000


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch (the one place the games read the time)."""
    return time.time_ns() // 1_000_000


def counted_move_ms(think_ms: int, server_seen_ms: int) -> int:
    """Milliseconds a player move adds to the clock: ``max(300, min(reported, seen))``.

    A negative ``server_seen_ms`` (clock skew between Lambda instances) counts as zero.
    """
    seen = max(0, server_seen_ms)
    reported = max(0, min(think_ms, MAX_REPORTED_MS))
    return max(MIN_MOVE_MS, min(reported, seen))
