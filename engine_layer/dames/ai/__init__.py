"""The computer player: a seeded, deterministic, levelled draughts searcher.

`choose_move(board, seed=..., level=..., ply=...)` is what the server calls for every computer
reply; `hint(board, level=...)` suggests a move to the player. See `dames.ai.levels` for the
levels and docs/engine-api.md for the contract.
"""

from dames.ai.levels import LEVELS, Level, get_level
from dames.ai.player import choose_move, hint, search_position
from dames.ai.version import AI_VERSION as AI_VERSION

__all__ = ["LEVELS", "Level", "choose_move", "get_level", "hint", "search_position"]
