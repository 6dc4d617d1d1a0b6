"""The ``dames`` rules engine: international draughts and its 8×8 cousins, in pure Python.

See docs/engine-api.md for the contract; this module re-exports the public names.
"""

from dames.board import Board, Outcome
from dames.color import BLACK, WHITE, Color
from dames.errors import (
    AmbiguousMoveError,
    DamesError,
    FenError,
    IllegalMoveError,
    MoveError,
    UnknownVariantError,
)
from dames.fen import FenPosition, format_fen, parse_fen
from dames.move import Move
from dames.pdn import PdnError, PdnGame, export_game, read_games
from dames.piece import Piece
from dames.variants import VARIANTS, Variant, get_variant

__all__ = [
    "BLACK",
    "VARIANTS",
    "WHITE",
    "AmbiguousMoveError",
    "Board",
    "Color",
    "DamesError",
    "FenError",
    "FenPosition",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "Outcome",
    "PdnError",
    "PdnGame",
    "Piece",
    "UnknownVariantError",
    "Variant",
    "export_game",
    "format_fen",
    "get_variant",
    "parse_fen",
    "read_games",
]
