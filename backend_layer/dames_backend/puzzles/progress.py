"""Where an attempt stands in its puzzle's solution tree, from the moves it has had accepted.

The attempt stores only the solver's accepted moves (``path``), one per choice; the position,
the plies played and the choice the player now faces are replayed from the puzzle, so they
can never disagree with the tree. A move is matched to an accepted move as a ``Move`` (the
page may send any unambiguous notation: ``32x23``, the full path ``32x23x28``…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dames.board import Board
from dames.move import Move
from dames.puzzles.model import Puzzle
from dames.puzzles.solution import Branch, Choice

from dames_backend.errors import ApiError


@dataclass(frozen=True)
class Progress:
    """The position reached, every ply played from the puzzle's position to it (with the
    position before each), and the choice the solver faces there (None: solved)."""

    board: Board
    plies: tuple[tuple[Board, Move], ...]
    choice: Choice | None


def replay(puzzle: Puzzle, path: Sequence[str]) -> Progress:
    """The progress of an attempt whose accepted moves are ``path`` (stored, so valid)."""
    board = puzzle.board()
    plies: list[tuple[Board, Move]] = []
    choice: Choice | None = puzzle.solution
    for accepted in path:
        if choice is None:
            raise ValueError("a path longer than its puzzle's solution")
        branch = choice.accepts(accepted)
        if branch is None:
            raise ValueError(f"{accepted} is not accepted here")
        for text in (branch.move, *branch.reply):
            move = board.parse_move(text)
            plies.append((board.copy(), move))
            board.push(move)
        choice = branch.next
    return Progress(board, tuple(plies), choice)


def read_move(board: Board, text: str) -> Move:
    """The legal move ``text`` names at ``board``, or 422 ``illegal-move`` (nothing changes)."""
    try:
        return board.parse_move(text)
    except ValueError as exc:  # the engine's IllegalMoveError and its kin
        raise ApiError(422, "illegal-move", f"{text!r} is not a legal move here: {exc}") from None


def accepted(board: Board, choice: Choice, move: Move) -> Branch | None:
    """The branch of ``choice`` that ``move`` plays, or None: a wrong move."""
    return next((b for b in choice.branches if board.parse_move(b.move) == move), None)


def hint_square(board: Board, choice: Choice) -> int:
    """The square of the piece the solution moves at this choice (lichess's hint)."""
    return board.parse_move(choice.branches[0].move).start
