"""Square numbering and the internal layout of each board."""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, get_variant
from dames.geometry import get_geometry


def test_international_corners_and_ghost_bits() -> None:
    g = get_geometry(10)
    assert g.coordinates(1) == (0, 1)  # b10
    assert g.coordinates(5) == (0, 9)  # j10
    assert g.coordinates(46) == (9, 0)  # a1
    assert g.coordinates(50) == (9, 8)  # i1
    assert [b for b in range(g.bit_count) if not g.square_of_bit[b]] == [10, 21, 32, 43]
    assert all(g.bit_of_square[s] == s - 1 + (s - 1) // 10 for s in range(1, 51))


def test_8x8_layouts() -> None:
    g = get_geometry(8)
    assert (
        g.coordinates(1) == (0, 1) and g.coordinates(29) == (7, 0) and g.coordinates(32) == (7, 6)
    )
    assert [b for b in range(g.bit_count) if not g.square_of_bit[b]] == [8, 17, 26]
    italian = get_variant("italian").geometry
    assert italian.coordinates(1) == (0, 0)  # the inverted board: a8 is square 1
    assert italian.coordinates(4) == (0, 6)
    assert italian.coordinates(5) == (1, 1)
    assert italian.coordinates(32) == (7, 7)


@pytest.mark.parametrize("variant", ["international", "brazilian", "english", "italian"])
def test_neighbours_are_diagonal_and_numbering_is_a_bijection(variant: str) -> None:
    g = get_variant(variant).geometry
    squares = range(1, g.squares + 1)
    assert sorted(g.square_of_bit[g.bit_of_square[s]] for s in squares) == list(squares)
    for s in squares:
        r, c = g.coordinates(s)
        assert (r + c) % 2 == (0 if g.inverted else 1)
        bit = g.bit_of_square[s]
        for nb in g.neighbor[bit]:
            if nb >= 0:
                nr, nc = g.coordinates(g.square_of_bit[nb])
                assert abs(nr - r) == 1 and abs(nc - c) == 1


def test_start_positions_fill_the_expected_rows() -> None:
    for variant in ("international", "brazilian", "english", "italian"):
        board = Board(variant=variant)
        g = board.geometry
        rows = g.size // 2 - 1
        white_rows = {g.coordinates(s)[0] for s in board.squares(WHITE)}
        black_rows = {g.coordinates(s)[0] for s in board.squares(BLACK)}
        assert white_rows == set(range(g.size - rows, g.size))
        assert black_rows == set(range(rows))
