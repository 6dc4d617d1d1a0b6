"""The endgame tables' verdict on a board, for pages that word it beside the search's score.

The search reads the bitbase inside its tree and scores a won ending as a large number (the
analysis shows it at its cap, "+20.0"), which says "winning" where the tables know "won".
This is the exact answer for the board itself, from the side to move's view.
"""

from __future__ import annotations

from typing import Literal, cast

from dames.board import Board
from dames.native import bitbase, library
from dames.native.rules import position

Verdict = Literal["win", "draw", "loss"]


def ending_verdict(board: Board) -> Verdict | None:
    """The side to move's result with perfect play, None where the tables hold none (more
    pieces than they cover, or their file not built). The core must be available.

    The tables count no moves: neither the federation's 16- and 5-move endgame counts nor the
    game's history, so a caller words it as the tables' verdict, not as the game's."""
    root = position(board.variant, board.white, board.black, board.kings, int(board.turn))
    return cast(Verdict | None, bitbase.probe(library(), root))
