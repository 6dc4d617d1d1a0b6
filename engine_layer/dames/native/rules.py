"""The native core's rules: legal moves and perft, for positions checked here first.

Everything the core is given has been validated on the Python side against the variant's
geometry (the core checks again and answers an error, never reads out of bounds), so a
position that reaches the core is one the Python engine itself could hold.
"""

from __future__ import annotations

import ctypes

from dames.internal_move import InternalMove
from dames.native import abi, library
from dames.variants import Variant


def check_position(variant: Variant, white: int, black: int, kings: int, color: int) -> None:
    """Raise ValueError unless the bitboards are a position of `variant` (the core's checks,
    made again in Python so nothing invalid is ever handed over)."""
    geometry = variant.geometry
    if variant.name not in abi.VARIANT_IDS:
        raise ValueError(f"the native core does not play {variant.name}")
    if color not in (0, 1):
        raise ValueError(f"side to move {color!r} is neither 0 nor 1")
    for name, value in (("white", white), ("black", black), ("kings", kings)):
        if not isinstance(value, int) or value < 0 or value & ~geometry.board_mask:
            raise ValueError(f"{name} has bits off the board")
    if white & black:
        raise ValueError("a square holds a white and a black piece")
    if kings & ~(white | black):
        raise ValueError("a king stands on an empty square")
    white_row, black_row = geometry.promotion_mask
    if white & ~kings & white_row or black & ~kings & black_row:
        raise ValueError("a man stands on its crowning row")


def position(variant: Variant, white: int, black: int, kings: int, color: int) -> abi.Position:
    check_position(variant, white, black, kings, color)
    return abi.Position(white, black, kings, color, abi.VARIANT_IDS[variant.name])


def internal_move(move: abi.NativeMove) -> InternalMove:
    """The native move as the Python generator's tuple (`dames.internal_move`)."""
    if not move.path_len:
        return (move.from_, move.to, 0, None, None)
    return (move.from_, move.to, move.captured, tuple(move.path[: move.path_len]),
            tuple(move.caps[: move.ncaps]))


def legal_moves_promoting(variant: Variant, white: int, black: int, kings: int,
                          color: int) -> list[tuple[InternalMove, bool]]:
    """The legal moves, each with whether it crowns a man."""
    buffer = (abi.NativeMove * abi.MAX_MOVES)()
    count = library().dm_legal_moves(
        ctypes.byref(position(variant, white, black, kings, color)), buffer, abi.MAX_MOVES)
    if count < 0:
        raise abi.NativeError(count)
    return [(internal_move(buffer[i]), bool(buffer[i].promotes)) for i in range(count)]


def legal_moves(variant: Variant, white: int, black: int, kings: int,
                color: int) -> list[InternalMove]:
    """The legal moves, as `MoveGenerator.generate` lists them (the order may differ)."""
    return [move for move, _ in legal_moves_promoting(variant, white, black, kings, color)]


def perft(variant: Variant, white: int, black: int, kings: int, color: int, depth: int) -> int:
    """Leaf count to `depth` (bulk counting at the last ply), as `dames.perft.perft`."""
    if not 0 <= depth <= 64:
        raise ValueError("perft depth must be between 0 and 64")
    count = library().dm_perft(ctypes.byref(position(variant, white, black, kings, color)),
                               depth)
    if count < 0:
        raise abi.NativeError(count)
    return int(count)
