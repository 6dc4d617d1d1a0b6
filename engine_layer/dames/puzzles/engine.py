"""The generator's one window on the engine: the best moves of a position with their scores.

Everything the generator and the verification test ask of a search goes through
``PuzzleEngine``: ``rank`` (the best moves, the best score and the score of the best move
outside them, for lichess's "only move" test) and ``reply`` (the defender's answer). The
Python search stands behind it today (``PythonPuzzleEngine``); the native core plugs in by
implementing the same two methods, and ``PUZZLE_LEVEL`` is the one constant that sets how
deep every puzzle is searched, so the shipped set and its test always agree.

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

# How deep every puzzle is searched: 6 plies of full width, forced replies free, captures
# followed to the end (capture quiescence), within a work budget that lets the sixth ply
# complete in the middlegame (fort's 80 000 stops at 5 in a third of them). Deterministic:
# no clock, so the verification test reproduces the generator's answer on any machine.
PUZZLE_LEVEL = Level("puzzle", depth=6, node_budget=400_000,
                     description="the puzzle generator's search (reproducible)")
# The screening pass over every position of a game: cheap, only to find candidates.
SCREEN_LEVEL = Level("puzzle-screen", depth=4, node_budget=16_000,
                     description="the generator's first look at every position")
# The pair self-play's screen (``selfplay.pair_game``): half the cost, as many candidates
# there, where the shots are short.
QUICK_SCREEN_LEVEL = Level("puzzle-quick-screen", depth=3, node_budget=6_000,
                           description="the first look at the pair self-play's positions")


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


class PythonPuzzleEngine:
    """``PuzzleEngine`` over ``dames.ai``'s plain, reproducible search at one level."""

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
        below the best): the root searched again, restricted to them."""
        if len(others) == 1:
            # A root of one move is not searched (its score would read 0): search the
            # position after it, one ply shallower, from the other side.
            child = board.copy()
            child.push(others[0])
            if not child.legal_moves():
                return MATE - 1
            _, result = search_position(child, replace(self.level, depth=self.level.depth - 1))
            self.nodes += result.nodes
            return -result.score
        root = read_board(board)
        moves, internal = root_moves(board, root)
        index = {move: i for i, move in enumerate(moves)}
        searcher = new_searcher(self.level, board.variant)
        found = searcher.search(root, [internal[index[m]] for m in others], self.level.depth)
        self.nodes += found.nodes
        return found.score

    def reply(self, board: Board) -> tuple[Move, int]:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0], 0
        moves, result = search_position(board, self.level)
        self.nodes += result.nodes
        return moves[result.best[0]], result.score
