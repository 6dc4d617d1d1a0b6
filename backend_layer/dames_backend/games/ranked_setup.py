"""The free leaderboard's set-up: the one statement of which choices make a free game ranked.

``state.ranked_setup`` applies it to a game (with the other conditions: from the start
position, no help); ``/api/variants`` tells it to the new-game page, so the page says
beforehand whether a game will be ranked without restating the rule. Kept apart from
``state`` so the light functions that serve the variants need not load the game code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RankedSetup:
    """White against ``defi`` in international draughts: the set-up everyone else played."""

    variant: str
    level: str
    color: str

    def matches(self, *, variant: str, level: str | None, color: str) -> bool:
        return (variant, level, color) == (self.variant, self.level, self.color)


RANKED_SETUP = RankedSetup(variant="international", level="defi", color="white")
