"""Playing the moves a file writes on the board: short notation, ``-`` for ``x``, algebraic
squares, and short captures that only the moves after them settle."""

from __future__ import annotations

from itertools import pairwise

from dames.board import Board
from dames.color import Color
from dames.errors import AmbiguousMoveError, MoveError
from dames.move import Move
from dames.pdn.budget import CpuBudget
from dames.pdn.movetext import Written


def _numbered(squares: list[int], board: Board) -> list[int] | None:
    """Official square numbers of a move's squares (algebraic ones converted, chess-like)."""
    if all(s > 0 for s in squares):
        return squares
    g = board.variant.geometry
    out = []
    for packed in squares:
        file, rank = divmod(-packed, 100)
        square = g.square_at.get((g.size - rank, file))
        if square is None:
            return None
        out.append(square)
    return out


def move_label(number: int, color: Color, first: Color) -> str:
    return f"{number}." if color == first else f"{number}..."


class Unresolved(Exception):
    """Replaying stopped: ``ply`` is where, ``message`` why."""

    def __init__(self, ply: int, message: str) -> None:
        super().__init__(message)
        self.ply = ply
        self.message = message


def _candidates(board: Board, squares: list[int] | None, text: str) -> list[Move]:
    """Every legal move the written squares may mean (usually one)."""
    if squares is None or len(squares) < 2:
        return []
    legal = board.legal_moves()
    capturing = bool(legal) and legal[0].is_capture
    # Captures are compulsory in every variant we play, so the separator carries nothing:
    # "-" written for a capture or "x" for a plain move is read by what the position allows.
    joined = ("x" if capturing else "-").join(str(s) for s in squares)
    try:
        return [board.parse_move(joined)]
    except AmbiguousMoveError as exc:
        return list(exc.candidates)
    except MoveError:
        pass
    if not capturing or len(squares) < 3:
        return []
    # PDN 3.0 disambiguates with turning points only, and a flying king's landing squares
    # are a matter of choice: keep the captures whose route passes the written squares.
    # Landing squares first; a square merely crossed only when no landing square fits.
    start, end, middle = squares[0], squares[-1], squares[1:-1]
    ends = [m for m in legal if m.start == start and m.end == end]
    for trace in (lambda m: m.path, lambda m: _route(board, m)):
        out = []
        for m in ends:
            along = iter(trace(m))
            if all(s in along for s in middle):  # in this order
                out.append(m)
        if out:
            return out
    return []


def _route(board: Board, move: Move) -> list[int]:
    """Every square a capture crosses, in order, start and end included."""
    g = board.variant.geometry
    squares = [move.start]
    for a, b in pairwise(move.path):
        (ra, ca), (rb, cb) = g.coordinates(a), g.coordinates(b)
        dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
        r, c = ra, ca
        while (r, c) != (rb, cb):
            r, c = r + dr, c + dc
            squares.append(g.square_at[(r, c)])
    return squares


def replay(
    board: Board,
    written: list[Written],
    ply: int,
    budget: list[int],
    cpu: CpuBudget | None = None,
) -> list[Move]:
    """The moves of ``written[ply:]`` on ``board``; ambiguous ones settled by what follows.

    Raises ``Unresolved`` at the furthest point that could not be read.
    """
    played: list[Move] = []
    while ply < len(written):
        budget[0] -= 1
        if cpu is not None:
            cpu.check()
        if budget[0] < 0:
            raise Unresolved(ply, "too many ambiguous captures to settle by the moves that follow")
        text = written[ply].text
        numbers = _numbered(written[ply].squares, board)
        candidates = _candidates(board, numbers, text)
        if not candidates:
            legal = board.legal_moves()
            shown = ", ".join(board.notation(m) for m in legal) or "none (the game is over)"
            raise Unresolved(ply, f"{text!r} is not a legal move here; legal moves: {shown}")
        if len(candidates) == 1:
            board.push(candidates[0])
            played.append(candidates[0])
            ply += 1
            continue
        endings: list[tuple[Move, list[Move]]] = []
        failures: list[Unresolved] = []
        for candidate in candidates:
            branch = board.copy()
            branch.push(candidate)
            try:
                endings.append((candidate, replay(branch, written, ply + 1, budget, cpu)))
            except Unresolved as exc:
                if "too many" in exc.message:
                    raise
                failures.append(exc)
        if len(endings) == 1:
            return [*played, endings[0][0], *endings[0][1]]
        if not endings:
            deepest = max(failures, key=lambda e: e.ply)
            options = ", ".join(str(m) for m in candidates)
            raise Unresolved(
                deepest.ply,
                f"{deepest.message} (after the ambiguous capture {text!r}, read as each of "
                f"{options})",
            )
        options = ", ".join(str(m) for m, _ in endings)
        raise Unresolved(
            ply,
            f"{text!r} is ambiguous and the rest of the game does not settle it: it can mean "
            f"{options}; write the full path",
        )
    return played
