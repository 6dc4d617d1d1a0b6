"""Stable pseudo-random draws from a game's seed.

Every machine and every Python version must draw the same number from the same (seed, ply), so
the draw comes from SHA-256 of a fixed text form — never from `hash()`, `random` or the clock.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def draw_index(seed: str, ply: int, count: int, purpose: str = "tie") -> int:
    """An index in [0, count) that depends only on (seed, ply, purpose).

    `purpose` separates independent draws made at the same ply (the opening's random move and a
    root tie never share a stream by accident).
    """
    if count <= 0:
        raise ValueError("cannot draw from an empty set")
    digest = hashlib.sha256(f"{purpose}:{seed}:{ply}".encode()).digest()
    return int.from_bytes(digest, "big") % count


def seeded_choice(items: Sequence[T], seed: str, ply: int, purpose: str = "tie") -> T:
    """One of `items`, drawn from (seed, ply); the caller keeps `items` in a stable order."""
    return items[draw_index(seed, ply, len(items), purpose)]
