"""Whether the computer accepts a draw offered by the player.

The answer must be immediate and the same for everyone in the same position, so it comes
from a reproducible search (``fort`` at most, never the clock-bound ``maitre``) and the
material, not from chance: the computer takes a draw when it stands worse, or when the
ending is dead level, and declines when it stands better or the game is still full of play.

An ending is dead level when the evaluation sees no real edge, or when both sides keep the
same men and kings and the search wins no material: the evaluation's placement terms (tens
of centi-men in a king ending) would otherwise make the answer to 2 kings against 2 kings
depend on the level and on whose turn it is, though no one can win it.
"""

from __future__ import annotations

from dames.ai.levels import Level, get_level
from dames.ai.player import search_position
from dames.ai.search import MATE
from dames.board import Board
from dames.color import BLACK, WHITE

# Centi-men (1 man = 100): a quarter of a man is within the evaluation's noise, half a man
# is a real edge, a whole man is material won.
LEVEL_MARGIN = 25
WORSE_MARGIN = 50
MAN = 100
# An ending: at most this share of the starting pieces is left on the board.
ENDING_SHARE = 0.2
# The strongest level whose answer depends only on the position.
STRONGEST_REPRODUCIBLE = "fort"
# Lone legal moves played out before searching: the search does not look past a single legal
# move (it scores it 0), which would hide a forced capture that loses material.
FORCED_PLIES = 8


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


def same_material(board: Board) -> bool:
    """As many men and as many kings on each side."""
    return all(
        len(board.squares(WHITE, kings=kings)) == len(board.squares(BLACK, kings=kings))
        for kings in (False, True)
    )


def _score_for_side_to_move(board: Board, level: Level) -> int:
    """The search's score for the side to move, in centi-men (±MATE for a game decided while
    the moves are forced)."""
    player = board.turn
    probe = board.copy()
    forced = 0
    while (outcome := probe.outcome()) is None:
        moves = probe.legal_moves()
        if len(moves) > 1 or forced == FORCED_PLIES:
            _, result = search_position(probe, level)
            return result.score if probe.turn == player else -result.score
        probe.push(moves[0])
        forced += 1
    if outcome.winner is None:
        return 0
    return MATE if outcome.winner == player else -MATE


def accepts_draw(board: Board, *, level: str) -> bool:
    """The computer's answer to a draw offered by the side to move (the player)."""
    judging = get_level(_judging_level(level))  # an unknown level raises, naming the levels
    if not board.legal_moves():
        return False
    computer_score = -_score_for_side_to_move(board, judging)
    if computer_score <= -WORSE_MARGIN:
        return True
    if not is_ending(board):
        return False
    if abs(computer_score) <= LEVEL_MARGIN:
        return True
    return same_material(board) and abs(computer_score) < MAN
