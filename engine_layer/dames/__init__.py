"""The ``dames`` rules engine: international draughts and its 8×8 cousins, in pure Python.

See docs/engine-api.md for the contract; this module re-exports the public names.

The PDN names are loaded on first use: the reader and writer are a sixth of the engine's import,
which every cold start of the game functions would otherwise pay for a route few requests take.
"""

from typing import TYPE_CHECKING, Any

from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import (
    AmbiguousMoveError,
    DamesError,
    FenError,
    IllegalMoveError,
    MoveError,
    PdnError,
    UnknownVariantError,
)
from dames.fen import FenPosition, format_fen, parse_fen
from dames.move import Move
from dames.outcome import Outcome, Termination
from dames.piece import Piece
from dames.variants import VARIANTS, Variant, get_variant

if TYPE_CHECKING:
    from dames.pdn import PdnGame, export_game, read_games

_PDN_NAMES = frozenset({"PdnGame", "export_game", "read_games"})


def __getattr__(name: str) -> Any:
    if name in _PDN_NAMES:
        from dames import pdn

        return getattr(pdn, name)
    raise AttributeError(f"module 'dames' has no attribute {name!r}")


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
    "Termination",
    "UnknownVariantError",
    "Variant",
    "export_game",
    "format_fen",
    "get_variant",
    "parse_fen",
    "read_games",
]
