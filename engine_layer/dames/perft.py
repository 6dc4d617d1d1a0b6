"""Perft: the number of move sequences of a given length, the move generator's standard check.

Leaves at depth 1 are counted as the length of the legal-move list (bulk counting), and each
distinct move (start, end, captured set) is one move. The counting itself is
``MoveGenerator.perft``, compiled with the rules (``dames.rules_perft``: the last two plies
are counted in bulk).
"""

from __future__ import annotations

from dames.board import Board
from dames.move import Move


def perft(board: Board, depth: int) -> int:
    """Leaf count of the move tree of ``board`` to ``depth`` plies (1 for depth 0)."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    return board.generator.perft(board.white, board.black, board.kings, int(board.turn), depth)


def divide(board: Board, depth: int) -> list[tuple[Move, int]]:
    """Perft of each legal move's subtree (depth - 1 below it), in legal-move order."""
    if depth < 1:
        raise ValueError("divide depth must be >= 1")
    out = []
    for move in board.legal_moves():
        board.push(move)
        out.append((move, perft(board, depth - 1)))
        board.pop()
    return out
