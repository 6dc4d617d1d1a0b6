"""lichess-puzzler's criteria, carried over to draughts (docs/puzzles.md has the reasoning).

lichess asks Stockfish for its two best moves and keeps a move of the solver only if its win
chances beat the second best's by a clear margin (0.42 of the [-1, 1] scale in its current
generator, i.e. 21 win% points); a puzzle starts after a jump in win chances, never when the
solver is already far ahead, and must win material. Here the win% curve is the game
analysis's own (``dames.analysis.scoring``: one man ≈ one pawn), and the numbers are set for
draughts, where every shot wins men outright:

- the solver's best move must reach ``MIN_BEST_WIN`` (about two men up) and beat every other
  move by ``ONLY_MOVE_MARGIN`` win% points (an even second best leaves about 1.9 men of room);
- the line must win at least ``MIN_GAIN_MEN`` men of material (a king counts as the variant's
  own king value in men, so a forced crowning that wins is a gain too), or the game;
- the screen (a cheap search of every position of a game) proposes a position when its value
  reaches ``SCREEN_MIN_SCORE`` after a jump of ``SCREEN_MIN_JUMP`` win% points, the solver not
  already ``SCREEN_MAX_LEAD_MEN`` men ahead.
"""

from __future__ import annotations

from dames.analysis.scoring import Score, win_percent
from dames.board import Board
from dames.color import Color

MIN_BEST_WIN = 68.0  # win% of the solver's best move (≈ +190 centi-men)
ONLY_MOVE_MARGIN = 18.0  # win% points between the best move and every other
MIN_GAIN_MEN = 2.0
SCREEN_MIN_SCORE = 150  # centi-men, the screen's value of the position for the side to move
SCREEN_MIN_JUMP = 8.0  # win% points gained over the previous position
SCREEN_MAX_LEAD_MEN = 1.0


def win_of(score: int) -> float:
    """A search score (centi-men or ``MATE - plies``) as the side to move's win%, 0–100."""
    return win_percent(Score.from_search(score))


def is_only_move(best: int, second: int | None) -> bool:
    """lichess's ``is_valid_attack``: the best wins and every other move is clearly worse
    (no other legal move: a forced move, which no puzzle asks for, is not an only move)."""
    if second is None:
        return False
    return win_of(best) >= MIN_BEST_WIN and win_of(best) - win_of(second) >= ONLY_MOVE_MARGIN


def king_value(board: Board) -> float:
    """A king's worth in men for this variant (its evaluation's own ratio)."""
    weights = board.variant.weights
    return weights.king / weights.man


def material(board: Board, side: Color) -> float:
    """``side``'s material minus the opponent's, in men (kings at ``king_value``)."""
    king = king_value(board)
    total = 0.0
    for color, sign in ((side, 1), (side.opponent, -1)):
        kings = len(board.squares(color, kings=True))
        men = len(board.squares(color, kings=False))
        total += sign * (men + king * kings)
    return total


def screen_proposes(score: int, previous: int | None, lead_men: float) -> bool:
    """Whether the screen's value of a position (``score``, side to move) after the previous
    position's (``previous``, same side's view; None at a game's first position) is worth a
    full search: a clear jump to a clearly better position, the solver not already ahead."""
    if score < SCREEN_MIN_SCORE or lead_men > SCREEN_MAX_LEAD_MEN:
        return False
    before = win_of(previous) if previous is not None else 50.0
    return win_of(score) - before >= SCREEN_MIN_JUMP
