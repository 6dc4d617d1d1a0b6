"""What a search returns and reports; shared by `dames.ai.search`, its callers and the Hub."""

from __future__ import annotations

from dataclasses import dataclass, field


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


@dataclass
class SearchResult:
    """The last completed iteration: indices of every best root move, in the given order."""

    best: list[int]
    score: int
    depth: int
    nodes: int
    scores: list[int] = field(default_factory=list)
