"""What a search is given, returns and reports; shared by `dames.ai.search`, its callers and
the Hub."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from dames.internal_move import InternalMove

# A transposition-table entry: (depth, bound flag, score, best move, age: the number of the
# search that stored it). Here so that what reads a table needs no searcher.
TableEntry = tuple[int, int, int, InternalMove | None, int]


class SearchAborted(Exception):
    """The work budget or the time limit ran out in the middle of an iteration."""


@dataclass
class IterationInfo:
    """What one completed iteration found, for progress output (Hub `info`)."""

    depth: int
    score: int
    nodes: int
    seconds: float
    pv: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SearchSettings:
    """What bounds one search (see `dames.ai.levels.Level`, which makes them) and who hears of it.

    `on_iteration` hears of every completed iteration (Hub `info`); `stop`, polled with the
    clock, ends the search early (interactive use only: never for a reproducible reply).
    """

    node_budget: int
    time_limit: float | None = None
    min_depth: int = 0
    on_iteration: Callable[[IterationInfo], None] | None = None
    stop: Callable[[], bool] | None = None
    probcut: bool = True  # the strong search's ProbCut (`dames.ai.strong`); off to measure


@dataclass
class SearchResult:
    """The last completed iteration: indices of every best root move, in the given order."""

    best: list[int]
    score: int
    depth: int
    nodes: int
    scores: list[int] = field(default_factory=list)
