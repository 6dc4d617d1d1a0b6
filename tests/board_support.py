"""Positions built by play, shared by the engine, backend and browser tests."""

from __future__ import annotations

from dames import Board, Move


def king_shuffle(fen: str, plies: int) -> Board:
    """`fen` after `plies` king moves, each side's king going back and forth between its square
    and its first quiet destination: nothing is taken and no man moves, so the king-move count
    of the draw rules reaches `plies`. The first king of each side in legal-move order moves."""
    board = Board(fen)
    home: dict[int, int] = {}
    at: dict[int, int] = {}
    for _ in range(plies):
        side = int(board.turn)
        if side not in home:
            home[side] = at[side] = board.legal_moves()[0].start
        moves = [m for m in board.legal_moves() if m.start == at[side] and not m.is_capture]
        back = [m for m in moves if m.end == home[side]]
        move = back[0] if at[side] != home[side] else moves[0]
        board.push(move)
        at[side] = move.end
    return board


def safe_moves(board: Board) -> list[Move]:
    """The legal moves after which the opponent has nothing to take."""
    safe = []
    for move in board.legal_moves():
        board.push(move)
        if not any(reply.is_capture for reply in board.legal_moves()):
            safe.append(move)
        board.pop()
    return safe

