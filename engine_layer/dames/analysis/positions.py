"""The searches behind one analysed position, through the computer player's public search.

A position with a choice is searched by a deeper search at a fixed work budget standing in for
`maitre` (whose clock would make the analysis depend on the machine): the native core's where
it is built, each position's bounded by its own node budget, else the Python search's, counted
against the game's budget. Where the budget asks for `fort`'s matches (`fort_matches`), it is
first searched at the `fort` level exactly as the computer plays it (so "the player chose
fort's move" means what it says). The deeper search gives the position's value, its best moves
and the expected line; once the game's budget is spent a single cheap search gives those
instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dames.ai.levels import Level, get_level, native_level
from dames.ai.player import search_position
from dames.ai.results import IterationInfo, SearchResult
from dames.analysis.model import AnalysisBudget
from dames.analysis.scoring import Score
from dames.board import Board
from dames.move import Move
from dames.native import available as native_available

BEST_LINE_PLIES = 4  # plies of the expected line kept per position (short notation)


@dataclass
class PositionAnalysis:
    """What the searches said about one position (the side to move's point of view)."""

    score: Score
    best: list[Move]  # every move sharing the best score, in the engine's order
    line: list[str]  # the expected line from `best[0]`, short notation
    depth: int
    nodes: int  # every node searched, the core's included
    work: int  # the Python searches' work units, which the game's budget counts
    searched: str  # "full" or "quick"
    level_best: dict[str, frozenset[Move]] = field(default_factory=dict)


def deep_level(budget: AnalysisBudget) -> Level:
    """The native core at `native_nodes` where it is built, else the Python search."""
    return native_level("analyse", budget.depth, budget.native_nodes, budget.position_work)


def quick_level(budget: AnalysisBudget) -> Level:
    return Level(name="analyse-quick", depth=budget.quick_depth, node_budget=budget.quick_work)


def _search(board: Board, level: Level) -> tuple[list[Move], SearchResult, list[str]]:
    """One search, keeping the expected line of its last completed iteration (Hub form)."""
    line: list[str] = []

    def keep(info: IterationInfo) -> None:
        line[:] = info.pv

    moves, result = search_position(board, level, keep)
    return moves, result, line


def short_line(board: Board, hub_line: list[str], first: Move) -> list[str]:
    """The expected line in the site's notation, read on a copy of `board`.

    It starts with `first` (the line the search printed starts with its first best move, which
    is the same one unless no iteration completed); it stops where a move does not read.
    """
    replay = board.copy()
    line = [replay.notation(first)]
    replay.push(first)
    for hub in hub_line[1:BEST_LINE_PLIES]:
        move = next((m for m in replay.legal_moves() if m.hub() == hub), None)
        if move is None:
            break
        line.append(replay.notation(move))
        replay.push(move)
    return line


def analyse_position(board: Board, budget: AnalysisBudget, *, full: bool) -> PositionAnalysis:
    """Search `board` (it has at least two legal moves; left untouched).

    `full`: `fort` where the budget asks for its matches, and the deeper search (skipped when
    `budget.position_work` is 0: `fort` then gives the value and no "maitre" match is known);
    otherwise the quick search only.
    """
    level_best: dict[str, frozenset[Move]] = {}
    nodes = work = 0
    if full:
        if budget.fort_matches or budget.position_work == 0:
            moves, result, hub_line = _search(board, get_level("fort"))
            level_best["fort"] = frozenset(moves[i] for i in result.best)
            nodes += result.nodes
            work += result.nodes
        if budget.position_work > 0:
            deep = deep_level(budget)
            moves, result, hub_line = _search(board, deep)
            level_best["maitre"] = frozenset(moves[i] for i in result.best)
            nodes += result.nodes
            # The game's budget bounds the Python searches; the core's are bounded apiece.
            if not native_available():
                work += result.nodes
    else:
        moves, result, hub_line = _search(board, quick_level(budget))
        nodes += result.nodes
        work += result.nodes
    best = [moves[i] for i in result.best]
    return PositionAnalysis(
        score=Score.from_search(result.score),
        best=best,
        line=short_line(board, hub_line, best[0]),
        depth=result.depth,
        nodes=nodes,
        work=work,
        searched="full" if full else "quick",
        level_best=level_best,
    )
