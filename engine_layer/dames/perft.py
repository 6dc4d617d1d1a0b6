"""Perft: the number of move sequences of a given length, the move generator's standard check.

Leaves at depth 1 are counted as the length of the legal-move list (bulk counting), and each
distinct move (start, end, captured set) is one move.
"""

from __future__ import annotations

from dames.board import Board
from dames.move import Move
from dames.movegen import MoveGenerator


def _perft(gen: MoveGenerator, white: int, black: int, kings: int, color: int, depth: int) -> int:
    """Leaf count below a position; the two last plies are unrolled (the hot loop)."""
    if color == 0:
        if depth == 1:
            return gen.count(white, black, kings, 0)
        moves = gen.generate(white, black, kings, 0)
    else:
        if depth == 1:
            return gen.count(black, white, kings, 1)
        moves = gen.generate(black, white, kings, 1)
    promotion = gen.promotion[color]
    total = 0
    if depth == 2:
        count = gen.count
        for frm, to, captured, _, _ in moves:
            step = frm ^ to
            if kings & frm:
                k = kings ^ step
            elif to & promotion:
                k = kings | to
            else:
                k = kings
            if captured:
                k &= ~captured
                if color == 0:
                    total += count(black & ~captured, white ^ step, k, 1)
                else:
                    total += count(white & ~captured, black ^ step, k, 0)
            elif color == 0:
                total += count(black, white ^ step, k, 1)
            else:
                total += count(white, black ^ step, k, 0)
        return total
    nxt = 1 - color
    d = depth - 1
    for frm, to, captured, _, _ in moves:
        step = frm ^ to
        if kings & frm:
            k = kings ^ step
        elif to & promotion:
            k = kings | to
        else:
            k = kings
        if captured:
            k &= ~captured
        if color == 0:
            total += _perft(gen, white ^ step, black & ~captured, k, nxt, d)
        else:
            total += _perft(gen, white & ~captured, black ^ step, k, nxt, d)
    return total


def perft(board: Board, depth: int) -> int:
    """Leaf count of the move tree of ``board`` to ``depth`` plies (1 for depth 0)."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    return _perft(board.generator, board.white, board.black, board.kings, int(board.turn), depth)


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
