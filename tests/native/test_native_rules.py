"""The native core's rules agree with the Python engine: published perft counts, random
positions move by move (paths, jump order, crownings), and bad input refused on both sides."""

from __future__ import annotations

import ctypes

import pytest
from dames import Board
from dames.native import abi, available, library
from dames.native import rules as native
from dames.native.crosscheck import compare
from dames.perft import perft
from dames.variants import VARIANTS, get_variant

from tests.engine.published_perft import PUBLISHED

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

# Deep enough to exercise every rule, cheap for the core (the Python side is checked to the
# same depths by tests/engine).
DEPTHS = {"international-start": 8, "random178": 6, "woldouby": 10, "all-kings": 6,
          "almost-promotion": 6, "brazilian-start": 9, "english-start": 9, "italian-start": 9,
          "italian-gilbert-1": 8, "italian-gilbert-2": 6, "italian-gilbert-3": 6}


def test_every_published_position_is_checked() -> None:
    assert set(DEPTHS) == set(PUBLISHED)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_native_perft_matches_published_counts(name: str) -> None:
    variant, fen, counts = PUBLISHED[name]
    board = Board(fen, variant)
    got = [native.perft(board.variant, board.white, board.black, board.kings, int(board.turn),
                        depth) for depth in range(1, DEPTHS[name] + 1)]
    assert got == counts[: DEPTHS[name]]


def test_native_perft_equals_python_perft_beyond_the_tables() -> None:
    board = Board("W:W6,27,28,32,33,K45:B12,17,18,K40", "international")
    python = perft(board, 5)
    assert native.perft(board.variant, board.white, board.black, board.kings, 0, 5) == python


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_positions_have_the_same_moves_paths_and_crownings(variant: str) -> None:
    tally = compare(variant, 20_000, seed=7)
    assert tally.disagreeing == 0, tally.disagreements
    # The sample reaches what it must: captures and crownings, not only quiet moves.
    assert tally.captures > 2_000 and tally.promotions > 300


@pytest.mark.parametrize(
    ("white", "black", "kings", "color", "reason"),
    [
        (1 << 10, 0, 0, 0, "off the board"),  # a ghost bit of the 10x10 layout
        (1 << 60, 0, 0, 0, "off the board"),
        (1, 1, 0, 0, "white and a black"),
        (0, 1 << 30, 1 << 31, 0, "king stands on an empty"),
        (1, 0, 0, 0, "crowning row"),  # a white man on square 1
        (1 << 40, 0, 0, 2, "side to move"),
        (-1, 0, 0, 0, "off the board"),
    ],
)
def test_python_refuses_a_bad_position_before_the_core(
    white: int, black: int, kings: int, color: int, reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        native.legal_moves(get_variant("international"), white, black, kings, color)


def test_the_core_refuses_what_python_would_not_send() -> None:
    lib = library()
    buffer = (abi.NativeMove * abi.MAX_MOVES)()
    bad = [abi.Position(1 << 10, 0, 0, 0, 0), abi.Position(1, 1, 0, 0, 0),
           abi.Position(0, 1 << 30, 1 << 31, 0, 0), abi.Position(1 << 40, 0, 0, 3, 0)]
    for position in bad:
        assert lib.dm_legal_moves(ctypes.byref(position), buffer, abi.MAX_MOVES) == -2
        assert lib.dm_perft(ctypes.byref(position), 3) == -2
    assert lib.dm_check_position(ctypes.byref(abi.Position(1 << 40, 0, 0, 0, 9))) == -1
    start = Board()
    ok = abi.Position(start.white, start.black, start.kings, 0, 0)
    assert lib.dm_legal_moves(ctypes.byref(ok), buffer, 3) == -3  # nine moves, room for three
    assert lib.dm_perft(ctypes.byref(ok), -1) == -5


def test_the_library_speaks_this_engines_abi() -> None:
    assert library().dm_abi_version() == abi.ABI_VERSION
