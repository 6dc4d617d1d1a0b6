"""A puzzle's themes, computed by rules from its main line (never by a person's reading).

- ``menGiven``: the solver's pieces the defender takes on the way (the sacrifices);
- ``kingCapture``: the line takes one of the defender's kings;
- ``crowning``: a man of the solver is crowned;
- ``finalCapture``: how many pieces the solver's last capture takes;
- ``phase``: ``opening`` (a sixth of the pieces gone at most, no king), ``ending`` (a king on
  the board, or a third of the pieces or fewer left) or ``middlegame``;
- ``moves``: the moves the solver has to find (forced moves are played for them);
- ``coup``: the classical combination's name where its rule recognises it (``coups``).
"""

from __future__ import annotations

from dataclasses import dataclass

from dames.board import Board
from dames.color import BLACK, WHITE
from dames.puzzles import coups
from dames.puzzles.line import Step, is_king_at, replay, taken
from dames.puzzles.solution import Choice

OPENING_SHARE = 5 / 6  # pieces left, at least, for the opening (no king either)
ENDING_SHARE = 1 / 3  # pieces left, at most, for the ending (or any king)
PHASES = ("opening", "middlegame", "ending")


@dataclass(frozen=True)
class Themes:
    men_given: int
    king_capture: bool
    crowning: bool
    final_capture: int
    phase: str
    moves: int
    coup: str | None

    def to_data(self) -> dict[str, object]:
        return {
            "menGiven": self.men_given, "kingCapture": self.king_capture,
            "crowning": self.crowning, "finalCapture": self.final_capture,
            "phase": self.phase, "moves": self.moves, "coup": self.coup,
        }


def phase_of(board: Board) -> str:
    start = 2 * len(Board(None, board.variant.name).squares(WHITE))
    pieces = board.count(WHITE) + board.count(BLACK)
    has_king = bool(board.kings)
    if has_king or pieces <= start * ENDING_SHARE:
        return "ending"
    if pieces >= start * OPENING_SHARE:
        return "opening"
    return "middlegame"


def _takes_a_king(step: Step) -> bool:
    return any(is_king_at(step.before, square) for square in step.move.captures)


def themes_of(start: Board, solution: Choice) -> Themes:
    steps = replay(start, solution.main_line())
    solver_captures = [s for s in steps if s.solver and s.move.is_capture]
    return Themes(
        men_given=sum(taken(s) for s in steps if not s.solver),
        king_capture=any(_takes_a_king(s) for s in solver_captures),
        crowning=any(s.move.promotes for s in steps if s.solver),
        final_capture=taken(solver_captures[-1]) if solver_captures else 0,
        phase=phase_of(start),
        moves=solution.choices(),
        coup=coups.recognise(steps, start.variant),
    )
