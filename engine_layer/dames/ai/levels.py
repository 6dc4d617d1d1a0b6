"""The computer's strength levels.

A reproducible level is a search depth plus a node budget, never a time limit: the same inputs
must give the same move on a slow Lambda and on a fast laptop. Only `maitre` trades
reproducibility for strength and stops on the clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dames.ai.results import IterationInfo, SearchSettings


@dataclass(frozen=True)
class Level:
    """How hard the computer thinks at one named level.

    `depth` counts plies of full-width search; forced captures are always followed to the end
    beyond it (capture quiescence). `node_budget` caps the work (nodes plus the landing squares
    of the captures generated, which is what tracks the time: see `dames.ai.search`) so a reply
    stays cheap whatever the position: when an iteration would exceed it, the search stops
    inside that iteration and the last completed iteration's answer is kept, as deterministic as
    the depth itself. `time_limit` (seconds) is set only for levels that are allowed to depend
    on the machine's speed; it is a hard deadline checked inside iterations. `min_depth` is the
    depth such a level completes before it may decide not to start another iteration (the
    deadline still stops it, however shallow).
    """

    name: str
    depth: int
    node_budget: int
    time_limit: float | None = None
    min_depth: int = 0  # with a time limit: depth always completed, whatever the clock says
    random_moves: bool = False
    description: str = ""
    # The strong search (dames.ai.strong): late-move reductions, ProbCut, the cut iteration's
    # move, and for a level that is not reproducible a table kept across moves. Never for the
    # levels the daily challenge plays (docs/engine-api.md: their replies are pinned).
    strong: bool = False
    # The strong levels' evaluation with learned weights (dames.ai.learned, international only;
    # the other variants keep the hand-set one).
    learned: bool = False
    # The strong search's ProbCut (dames.ai.strong); switched off only to measure what it buys
    # (bench/match.py and bench/move_quality.py: `maitre-noprobcut`).
    probcut: bool = True
    # The native core's clock use: start iterations until half the clock has gone (the
    # default), or the earlier rule that spent about a third of it (`maitre-nospend_clock`
    # in bench/match.py, to measure what the rest of the clock buys).
    spend_clock: bool = True
    # The native core's endgame bitbases (dames.native.bitbase), read below the root's
    # material; switched off only to measure what they buy (`maitre-nobitbase`).
    bitbase: bool = True
    # Searched by the native core (`dames.native`) where it is built: `node_budget` then counts
    # the core's nodes. Where it is not, `fallback` (a Python level) searches instead.
    native: bool = False
    # The native core's play weights (`dames.native.weights.play_path_for`) where shipped:
    # `maitre` only. The reproducible searches (the judge, the analysis, the puzzles) keep
    # the shipped weights their calibration and stored checks were made with.
    play_weights: bool = False
    fallback: Level | None = None

    @property
    def reproducible(self) -> bool:
        return self.time_limit is None

    def settings(
        self,
        on_iteration: Callable[[IterationInfo], None] | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> SearchSettings:
        """The bounds of one search at this level."""
        return SearchSettings(self.node_budget, self.time_limit, self.min_depth, on_iteration,
                              stop, self.probcut)


# Beyond any 2.5 s search on today's hardware; bounds the work if the clock is ever wrong.
MAITRE_WORK_CAP = 2_000_000
# The same for the native core (about 5 M nodes a second on one core here).
NATIVE_WORK_CAP = 50_000_000

# `maitre` where the native core is not built: the pure-Python strong search on its clock.
PYTHON_MAITRE = Level("maitre", depth=64, node_budget=MAITRE_WORK_CAP, time_limit=2.5,
                      min_depth=8, strong=True, learned=True,
                      description="8 plies, then deeper, within 2.5 s (not reproducible)")

# The strong search measured no gain for fort against Scan 2.0 (0-2-6 against depth 5 before
# and after, docs/engine-strength.md) at twice the CPU a move, and fort is what the
# game analysis searches: fort keeps the plain search. The learned evaluation (international)
# won its match at equal work (docs/engine-strength.md): maitre uses it; fort keeps the
# hand-set one, since its replies are pinned by AI_VERSION and read by the game analysis and
# the draw-offer answer.
LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("debutant", depth=0, node_budget=0, random_moves=True,
          description="a legal move drawn at random from the seed"),
    Level("facile", depth=3, node_budget=12_000,
          description="3 plies + capture quiescence: takes what hangs, misses most shots"),
    Level("defi", depth=4, node_budget=16_000,
          description="4 plies + capture quiescence: sees short shots, never hangs a man for free"),
    Level("fort", depth=6, node_budget=80_000, description="6 plies + capture quiescence"),
    Level("maitre", depth=100, node_budget=NATIVE_WORK_CAP, time_limit=1.0, min_depth=6,
          native=True, play_weights=True, fallback=PYTHON_MAITRE,
          description="the native core's search within 1 s a move (not reproducible)"),
)}

DEFAULT_HINT_LEVEL = "fort"


def native_level(name: str, depth: int, native_nodes: int, python_work: int) -> Level:
    """A reproducible search (a work budget, no clock) by the native core, or by the Python
    search with its own budget where the core is not built: the analysis board, the game
    analysis, fair play's judge, the puzzles. `native_nodes` counts the core's nodes,
    `python_work` the Python search's work units (`dames.ai.search`)."""
    return Level(name, depth=depth, node_budget=native_nodes, native=True,
                 fallback=Level(name, depth=depth, node_budget=python_work))


def get_level(name: str) -> Level:
    """Look a level up by name, with an error that lists the valid names."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; expected one of {', '.join(LEVELS)}") from None
