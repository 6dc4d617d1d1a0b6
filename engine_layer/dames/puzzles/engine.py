"""The generator's one window on the engine: the best moves of a position with their scores.

Everything the generator and the verification test ask of a search goes through
``PuzzleEngine``: ``rank`` (the best moves, the best score and the score of the best move
outside them, for lichess's "only move" test) and ``reply`` (the defender's answer).
``SearchPuzzleEngine`` answers them with ``dames.ai.player.search_position`` at one level;
``PUZZLE_LEVEL`` is the one constant that sets how deep every puzzle is searched, so the
shipped set and its test always agree. It is the native core's (10 plies within 1 M nodes:
about 0.02 s a search here), with a Python fallback of 6 plies where the core is not built:
the shipped set is the native core's, and only it reproduces the stored ``check``.

Scores are the search's own: centi-men for the side to move, ``MATE - plies`` for a forced
win (``dames.ai.search.MATE``). A position is always searched from its FEN alone (no history),
so a stored puzzle can be searched again and give the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from dames.ai.boardview import read_board, root_moves
from dames.ai.levels import Level
from dames.ai.player import new_searcher, search_position
from dames.ai.search import MATE
from dames.board import Board
from dames.move import Move
from dames.native import available as native_available

# How deep every puzzle is searched: the native core's 10 plies (its reductions and ProbCut
# beyond them, captures followed to the end), within a work budget that the middlegame's
# 10th ply stays well inside. Deterministic: no clock, an emptied table of a fixed size, so the
# verification test reproduces the generator's answer on any machine with the core built.
# Without the core, the Python search's 6 plies (a set made so is not the shipped one).
# None of the three reads the endgame bitbases (`bitbase=False`): a bitbase knows who wins,
# not in how many moves, so it would rate every winning capture into a small ending alike,
# where a puzzle's one move is told from the others by the distance to the win.
PUZZLE_LEVEL = Level("puzzle", depth=10, node_budget=1_000_000, native=True, bitbase=False,
                     fallback=Level("puzzle", depth=6, node_budget=400_000),
                     description="the puzzle generator's search (reproducible)")
# The screening pass over every position of a game: cheap, only to find candidates.
SCREEN_LEVEL = Level("puzzle-screen", depth=6, node_budget=100_000, native=True, bitbase=False,
                     fallback=Level("puzzle-screen", depth=4, node_budget=16_000),
                     description="the generator's first look at every position")
# The pair self-play's screen (``selfplay.pair_game``): cheaper, where the shots are short.
QUICK_SCREEN_LEVEL = Level("puzzle-quick-screen", depth=4, node_budget=30_000, native=True,
                           bitbase=False,
                           fallback=Level("puzzle-quick-screen", depth=3, node_budget=6_000),
                           description="the first look at the pair self-play's positions")


def engine_name(level: Level = PUZZLE_LEVEL) -> str:
    """Which search a level runs on this machine ("native" or "python"): stored with each
    puzzle's ``check``, so the verification compares like with like."""
    return "native" if level.native and native_available() else "python"


@dataclass(frozen=True)
class Ranking:
    """What a search says of a position: every best move, its score, and the best score of
    the other moves (None when every legal move shares the best score)."""

    best: tuple[Move, ...]
    score: int
    second: int | None
    depth: int
    nodes: int


class PuzzleEngine(Protocol):
    """The two questions the generator asks (any engine that answers them will do)."""

    def rank(self, board: Board) -> Ranking:
        """The best moves of ``board``'s side to move, and the best score of the rest."""
        ...

    def reply(self, board: Board) -> tuple[Move, int]:
        """The move the side to move answers with (the first best), and its score."""
        ...


class SearchPuzzleEngine:
    """``PuzzleEngine`` over ``dames.ai``'s reproducible search at one level (the native
    core's where the level asks for it and the core is built)."""

    def __init__(self, level: Level = PUZZLE_LEVEL) -> None:
        self.level = level
        self.nodes = 0  # every node searched by this engine, for the generator's figures

    def rank(self, board: Board) -> Ranking:
        moves, result = search_position(board, self.level)
        self.nodes += result.nodes
        best = tuple(moves[i] for i in result.best)
        rest = [i for i in range(len(moves)) if i not in result.best]
        if not rest:
            return Ranking(best, result.score, None, result.depth, result.nodes)
        second = self._best_of(board, [moves[i] for i in rest])
        return Ranking(best, result.score, second, result.depth, result.nodes)

    def _best_of(self, board: Board, others: list[Move]) -> int:
        """The exact best score among ``others`` (the full search knows only that they are
        below the best): the Python root searched again, restricted to them; the native
        core, which cannot restrict its root, searches each position after them."""
        if len(others) == 1 or engine_name(self.level) == "native":
            return max(self._after(board, move) for move in others)
        root = read_board(board)
        moves, internal = root_moves(board, root)
        index = {move: i for i, move in enumerate(moves)}
        python = self._searched()
        searcher = new_searcher(python, board.variant)
        found = searcher.search(root, [internal[index[m]] for m in others], python.depth)
        self.nodes += found.nodes
        return found.score

    def _searched(self) -> Level:
        """The level as this machine searches it: the Python fallback where the core is not
        built (so a restricted Python root gets the Python budget, not the core's)."""
        if engine_name(self.level) == "python" and self.level.fallback is not None:
            return self.level.fallback
        return self.level

    def _after(self, board: Board, move: Move) -> int:
        """The score of ``move``: the position after it searched one ply shallower, from
        the other side (a root of one move is not searched: its score would read 0)."""
        child = board.copy()
        child.push(move)
        if not child.legal_moves():
            return MATE - 1
        searched = self._searched()
        _, result = search_position(child, replace(searched, depth=searched.depth - 1))
        self.nodes += result.nodes
        return -result.score

    def reply(self, board: Board) -> tuple[Move, int]:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0], 0
        moves, result = search_position(board, self.level)
        self.nodes += result.nodes
        return moves[result.best[0]], result.score
