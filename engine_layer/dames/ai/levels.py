"""The computer's strength levels.

A reproducible level is a search depth plus a node budget, never a time limit: the same inputs
must give the same move on a slow Lambda and on a fast laptop. Only `maitre` trades
reproducibility for strength and stops on the clock.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How hard the computer thinks at one named level.

    `depth` counts plies of full-width search; forced captures are always followed to the end
    beyond it (capture quiescence). `node_budget` caps the work so a reply stays cheap in
    tactical positions: when an iteration would exceed it, the last completed iteration's answer
    is kept, which is as deterministic as the depth itself. `time_limit` (seconds) is set only for
    levels that are allowed to depend on the machine's speed.
    """

    name: str
    depth: int
    node_budget: int
    time_limit: float | None = None
    min_depth: int = 0  # with a time limit: depth always completed, whatever the clock says
    random_moves: bool = False
    description: str = ""

    @property
    def reproducible(self) -> bool:
        return self.time_limit is None


LEVELS: dict[str, Level] = {
    "debutant": Level(
        name="debutant",
        depth=0,
        node_budget=0,
        random_moves=True,
        description="a legal move drawn at random from the seed",
    ),
    "facile": Level(
        name="facile",
        depth=3,
        node_budget=6_000,
        description="3 plies + capture quiescence: takes what hangs, misses most shots",
    ),
    "defi": Level(
        name="defi",
        depth=4,
        node_budget=8_000,
        description="4 plies + capture quiescence: sees short shots, never hangs a man for free",
    ),
    "fort": Level(
        name="fort",
        depth=6,
        node_budget=80_000,
        description="6 plies + capture quiescence",
    ),
    "maitre": Level(
        name="maitre",
        depth=64,
        node_budget=10_000_000,
        time_limit=2.5,
        min_depth=6,
        description="fort's 6 plies at least, then deeper while 2.5 s last (not reproducible)",
    ),
}

DEFAULT_HINT_LEVEL = "fort"


def get_level(name: str) -> Level:
    """Look a level up by name, with an error that lists the valid names."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; expected one of {', '.join(LEVELS)}") from None
