"""Board geometry: official square numbers, the internal bit layout and precomputed tables.

Official numbering (what the API speaks)
---------------------------------------
Squares are numbered row by row from Black's side (the top of a diagram with White at the
bottom), left to right, counting only the playing (dark) squares.

* International (10×10, squares 1–50) and Brazilian (8×8, squares 1–32): the bottom-left
  corner a1 is a playing square; square 1 is b10 (b8 on 8×8), square 5 is j10, square 46 is a1
  (29 on 8×8). White starts on 31–50 (21–32), Black on 1–20 (1–12). This is the FMJD / PDN
  convention.
* English / American checkers (8×8, 1–32): the same picture. Black starts on 1–12 at the top,
  White on 21–32; squares 1–5 and 28–32 form the double corners, 4 and 29 the single corners.
* Italian (8×8, 1–32): the FID board is "inverted": the top-left corner a8 is a playing square,
  so square 1 is a8, square 4 is g8, square 5 is b7 and square 32 is h1 (the bottom-right corner
  is the playing square on White's side). White starts on 21–32.

Internal layout (what the bitboards speak)
------------------------------------------
Internally every board is the non-inverted picture: the Italian board is mirrored left–right
when its squares are read (the rules are symmetric, so legality is unaffected). Internal square
``i = s - 1`` (s in the non-inverted numbering) lives at bit ``i + i // (2 * P)`` where ``P`` is
the number of playing squares per row (5 or 4). Every pair of rows thus takes ``2P`` bits followed
by one unused "ghost" bit (10×10: bits 10, 21, 32, 43; 8×8: bits 8, 17, 26). With this layout
the four diagonal steps are uniform shifts, and a step off the left or right edge lands on a
ghost bit or outside the board, never on a playing square:

* up-left (towards row 0, Black's back row) ``>> (P + 1)``, up-right ``>> P``,
* down-left ``<< P``, down-right ``<< (P + 1)``.

White men move up, Black men move down. A set of squares is an ``int`` with one bit per square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# (row, column) step of each direction, in the order every [direction] table uses:
# up-left, up-right, down-left, down-right.
DIRECTION_STEPS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True, eq=False)
class Geometry:
    """Everything the move generator needs to know about one board shape and numbering.

    Tables are indexed by bit; entries of ghost bits are empty / ``-1`` / ``0``.
    """

    size: int
    per_row: int
    squares: int
    inverted: bool
    bit_count: int
    board_mask: int
    bit_of_square: tuple[int, ...]  # index: official square (index 0 unused)
    square_of_bit: tuple[int, ...]  # index: bit; 0 for ghost bits
    neighbor: tuple[tuple[int, ...], ...]  # [bit][direction] -> bit or -1
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # [bit][direction] -> bits along the ray
    ray_masks: tuple[tuple[int, ...], ...]  # [bit][direction] -> set of the ray's bits
    row_of_bit: tuple[int, ...]  # 0 = Black's back row (top), size - 1 = White's back row
    col_of_bit: tuple[int, ...]  # official column, 0 = a-file, as seen with White at the bottom
    promotion_mask: tuple[int, int]  # [color]: the row where that side's men are crowned
    square_at: dict[tuple[int, int], int]  # (row, column) as in coordinates() to square

    def squares_of(self, mask: int) -> list[int]:
        """Official squares of a set of bits, ascending."""
        out = []
        sq = self.square_of_bit
        while mask:
            low = mask & -mask
            out.append(sq[low.bit_length() - 1])
            mask ^= low
        out.sort()
        return out

    def coordinates(self, square: int) -> tuple[int, int]:
        """(row, column) of an official square, White at the bottom; row 0 is the top."""
        bit = self.bit_of_square[square]
        return self.row_of_bit[bit], self.col_of_bit[bit]


@dataclass(frozen=True)
class _Layout:
    """Where every internal square sits: its bit, row, official column and square number."""

    bit_count: int
    coords: dict[tuple[int, int], int]  # internal (row, col) to bit
    row_of_bit: list[int]
    col_of_bit: list[int]
    square_of_bit: list[int]
    bit_of_square: list[int]


def _layout(size: int, inverted: bool) -> _Layout:
    """Place the internal squares on bits (see the module docstring) and number them."""
    per_row = size // 2
    squares = per_row * size
    pair = 2 * per_row

    def bit_of_internal(i: int) -> int:
        return i + i // pair

    bit_count = bit_of_internal(squares - 1) + 1
    layout = _Layout(
        bit_count, {}, [-1] * bit_count, [-1] * bit_count, [0] * bit_count, [0] * (squares + 1)
    )
    for i in range(squares):
        row, c = divmod(i, per_row)
        col = 2 * c + 1 if row % 2 == 0 else 2 * c
        bit = bit_of_internal(i)
        layout.coords[(row, col)] = bit
        layout.row_of_bit[bit] = row
        official_col = size - 1 - col if inverted else col
        layout.col_of_bit[bit] = official_col
        # Official numbering counts the playing squares of a row left to right.
        square = row * per_row + official_col // 2 + 1
        layout.square_of_bit[bit] = square
        layout.bit_of_square[square] = bit
    return layout


def _neighbors(layout: _Layout, per_row: int, board_mask: int) -> list[list[int]]:
    """[bit][direction] -> the neighbouring bit or -1, checked against the uniform shifts."""
    coords = layout.coords
    neighbor = [[-1] * 4 for _ in range(layout.bit_count)]
    for (row, col), bit in coords.items():
        for d, (dr, dc) in enumerate(DIRECTION_STEPS):
            nb = coords.get((row + dr, col + dc))
            if nb is not None:
                neighbor[bit][d] = nb

    # The uniform shifts promised above must agree with the coordinate tables.
    shifts = (-(per_row + 1), -per_row, per_row, per_row + 1)
    for bit in coords.values():
        for d in range(4):
            target = bit + shifts[d]
            on_board = 0 <= target < layout.bit_count and (board_mask >> target) & 1
            expected = neighbor[bit][d]
            assert (expected == target) if expected >= 0 else not on_board
    return neighbor


def _rays(
    layout: _Layout, neighbor: list[list[int]]
) -> tuple[list[tuple[tuple[int, ...], ...]], list[tuple[int, ...]]]:
    """[bit][direction] -> the bits along the ray, and the set of them."""
    rays = []
    ray_masks = []
    for bit in range(layout.bit_count):
        per_dir = []
        per_dir_mask = []
        for d in range(4):
            ray = []
            cur = neighbor[bit][d] if layout.row_of_bit[bit] >= 0 else -1
            while cur >= 0:
                ray.append(cur)
                cur = neighbor[cur][d]
            per_dir.append(tuple(ray))
            per_dir_mask.append(sum(1 << b for b in ray))
        rays.append(tuple(per_dir))
        ray_masks.append(tuple(per_dir_mask))
    return rays, ray_masks


@cache
def get_geometry(size: int, inverted: bool = False) -> Geometry:
    """Build (once) the tables of a ``size``×``size`` board."""
    per_row = size // 2
    layout = _layout(size, inverted)
    coords = layout.coords
    board_mask = sum(1 << b for b in coords.values())
    neighbor = _neighbors(layout, per_row, board_mask)
    rays, ray_masks = _rays(layout, neighbor)
    row_of_bit, col_of_bit, square_of_bit = (
        layout.row_of_bit,
        layout.col_of_bit,
        layout.square_of_bit,
    )
    top = sum(1 << b for (row, _), b in coords.items() if row == 0)
    bottom = sum(1 << b for (row, _), b in coords.items() if row == size - 1)
    return Geometry(
        size=size,
        per_row=per_row,
        squares=per_row * size,
        inverted=inverted,
        bit_count=layout.bit_count,
        board_mask=board_mask,
        bit_of_square=tuple(layout.bit_of_square),
        square_of_bit=tuple(square_of_bit),
        neighbor=tuple(tuple(n) for n in neighbor),
        rays=tuple(rays),
        ray_masks=tuple(ray_masks),
        row_of_bit=tuple(row_of_bit),
        col_of_bit=tuple(col_of_bit),
        promotion_mask=(top, bottom),
        square_at={
            (row_of_bit[bit], col_of_bit[bit]): square_of_bit[bit] for bit in coords.values()
        },
    )
