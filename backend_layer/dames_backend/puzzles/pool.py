"""Which puzzle a player gets: near their rating, never twice, the day's puzzles kept apart.

« Le coup du jour » must never be a puzzle anyone was shown before, so a share of the
international set (``RESERVE_EVERY``, by a hash of the id: stable as the set grows) is held
back from training and serves only as the day's puzzle; once it has been one, it joins the
training pool. The reserve is ordered by first rating and cut in seven bands, Monday's the
easiest and Sunday's the hardest, so the difficulty rises through the week; inside its band
a day takes the first unused puzzle in an order drawn from the date (fixed: the rotation and
an on-demand request pick the same one).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection, Sequence
from datetime import date

from dames.puzzles import catalog
from dames.puzzles.model import Puzzle

DAILY_VARIANT = "international"
RESERVE_EVERY = 3  # one puzzle in three waits for its day as « le coup du jour »
WEEK_BANDS = 7
NEAREST = 12  # a puzzle is drawn among this many unseen ones nearest the player's rating


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def reserved(puzzle: Puzzle) -> bool:
    return puzzle.variant == DAILY_VARIANT and _digest(f"reserve:{puzzle.id}") % RESERVE_EVERY == 0


def daily_reserve() -> list[Puzzle]:
    """The puzzles kept for the days, easiest first."""
    return sorted((p for p in catalog.puzzles(DAILY_VARIANT) if reserved(p)),
                  key=lambda p: (p.rating, p.id))


def band_of(day: date) -> int:
    """Monday 0 (easiest) … Sunday 6 (hardest)."""
    return day.weekday()


def pick_daily(day: date, used: Collection[str]) -> Puzzle | None:
    """The puzzle for ``day``: an unused one of its weekday's band (the nearest band with one
    left when its own is spent), or None when the whole reserve has been used."""
    reserve = daily_reserve()
    if not reserve:
        return None
    size = -(-len(reserve) // WEEK_BANDS)
    bands = [reserve[i:i + size] for i in range(0, len(reserve), size)]
    wanted = min(band_of(day), len(bands) - 1)
    for band in sorted(range(len(bands)), key=lambda b: (abs(b - wanted), -b)):
        left = [p for p in bands[band] if p.id not in used]
        if left:
            return min(left, key=lambda p: _digest(f"day:{day.isoformat()}:{p.id}"))
    return None


def training_pool(variant: str, past_days: Collection[str]) -> list[Puzzle]:
    """The puzzles anyone may be given: all but the reserve, and the reserve's past days."""
    return [p for p in catalog.puzzles(variant) if not reserved(p) or p.id in past_days]


def pick_near(pool: Sequence[Puzzle], rating: float, seen: Collection[str]) -> Puzzle | None:
    """A puzzle not in ``seen`` among the ``NEAREST`` nearest ``rating`` (by first rating),
    drawn at random so two players of one rating do not follow one path; None when every
    puzzle of the pool is seen."""
    unseen = [p for p in pool if p.id not in seen]
    if not unseen:
        return None
    nearest = sorted(unseen, key=lambda p: (abs(p.rating - rating), p.id))[:NEAREST]
    return secrets.choice(nearest)
