"""Whether the computer accepts a draw offered by the player.

The answer must be immediate and the same for everyone in the same position, so it comes
from a reproducible search (``fort`` at most, never the clock-bound ``maitre``) and the
material, not from chance: the computer takes a draw when it stands worse, or when the
ending is dead level (few pieces left and no real advantage either way), and declines when
it stands better or the game is still full of play.
"""

from __future__ import annotations

from dames.ai.levels import get_level
from dames.ai.player import search_position
from dames.board import Board
from dames.color import BLACK, WHITE

# Centi-men (1 man = 100): a quarter of a man is within the evaluation's noise, half a man
# is a real edge.
LEVEL_MARGIN = 25
WORSE_MARGIN = 50
# An ending: at most this share of the starting pieces is left on the board.
ENDING_SHARE = 0.2
# The strongest level whose answer depends only on the position.
STRONGEST_REPRODUCIBLE = "fort"


def _judging_level(level: str) -> str:
    chosen = get_level(level)
    if chosen.reproducible and not chosen.random_moves:
        return chosen.name
    if chosen.random_moves:
        return "facile"
    return STRONGEST_REPRODUCIBLE


def is_ending(board: Board) -> bool:
    """Few pieces left: the start has ``2 × squares × 0.4`` pieces (40 on 10×10, 24 on 8×8)."""
    start_pieces = Board(variant=board.variant.name).count(WHITE) * 2
    return board.count(WHITE) + board.count(BLACK) <= ENDING_SHARE * start_pieces


def accepts_draw(board: Board, *, level: str) -> bool:
    """The computer's answer to a draw offered by the side to move (the player)."""
    judging = get_level(_judging_level(level))  # an unknown level raises, naming the levels
    if not board.legal_moves():
        return False
    _, result = search_position(board, judging)
    computer_score = -result.score  # the search scores for the side to move: the player
    if computer_score <= -WORSE_MARGIN:
        return True
    return is_ending(board) and abs(computer_score) <= LEVEL_MARGIN
