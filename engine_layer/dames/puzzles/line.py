"""A solution's main line replayed: each ply's move, mover and position, for the rules that
read it (``themes``, ``coups``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dames.board import Board
from dames.move import Move


@dataclass(frozen=True)
class Step:
    """One ply: the move, whether the solver played it, and the position before it."""

    move: Move
    solver: bool
    before: Board


def replay(start: Board, plies: Sequence[str]) -> list[Step]:
    """The steps of ``plies`` (stored full paths) from ``start`` (left untouched)."""
    board = start.copy()
    solver = start.turn
    steps = []
    for text in plies:
        move = board.parse_move(text)
        steps.append(Step(move, board.turn == solver, board.copy()))
        board.push(move)
    return steps


def taken(step: Step) -> int:
    """How many pieces the step's move captures."""
    return len(step.move.captures)


def is_king_at(board: Board, square: int) -> bool:
    piece = board.piece_at(square)
    return piece is not None and piece.king
