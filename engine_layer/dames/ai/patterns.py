"""Regional patterns for the learned evaluation: a weight per men configuration of a region.

Why: a linear sum of per-square values cannot see formations (a hook, a tail, a hole beside an
outpost); Scan's evaluation is mostly weights over board regions indexed in base 3. Here a
region is six squares of two adjacent rows (three per row, columns `col`..`col + 5`); its
configuration reads each square as empty, own man or enemy man (kings are left to the other
terms) and indexes a learned weight, with an opening and an ending value blended by the pieces
left like every other term.

Cost: two adjacent rows are one contiguous run of at most 11 bits in the engine's layout
(`dames.geometry`), so a band's White and Black men make one 22-bit key with two shifts and
masks, and each region is one dictionary lookup on the key masked to its squares. The weights
are colour-symmetric by construction: a region is read once from White's view and once from
Black's (the region turned half a turn, colours swapped), and the second reading is
subtracted. Both readings' tables hold the opening and ending weights packed in one integer
(`PACK`), so the evaluation sums one lookup per reading and unpacks once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from dames.geometry import Geometry

WINDOW = 11  # bits of two adjacent rows (10 squares and at most one ghost bit)
WINDOW_MASK = (1 << WINDOW) - 1
PACK = 1 << 32  # a table's value: opening × PACK + ending (each well under PACK / 2 in sum)
ROWS = (4, 5, 6)  # the band's upper row, from the top (Black's back row is row 0)
COLUMNS = (0, 2, 4)  # the region's leftmost column
ALL_REGIONS = tuple(f"{row}:{col}" for row in ROWS for col in COLUMNS)
SQUARES = 6
CONFIGS = 3 ** SQUARES  # per region: a base-3 digit per square (empty, own man, enemy man)

# A region's reading: the band it keys (index into `Patterns.bands`), the mask of its squares'
# bits in the key and, per key, the configuration's index.
Reading = tuple[int, int, dict[int, int]]
Plan = tuple[tuple[int, bool, tuple[tuple[int, dict[int, int]], ...]], ...]


def region_squares(geo: Geometry, name: str) -> tuple[int, ...]:
    """The region's squares (White's view), in order of their base-3 digit."""
    row, col = (int(part) for part in name.split(":"))
    return tuple(
        square for square in range(1, geo.squares + 1)
        if row <= geo.row_of_bit[geo.bit_of_square[square]] <= row + 1
        and col <= geo.col_of_bit[geo.bit_of_square[square]] <= col + 5
    )


class Patterns:
    """The regions' readings on one board shape; `configs` for the tuner, `packed_tables` and
    `packed_sum` for the evaluation."""

    def __init__(self, geo: Geometry, regions: Sequence[str]) -> None:
        self.regions = tuple(regions)
        bands: list[tuple[int, bool]] = []  # (shift, Black's view)
        self.readings: list[tuple[Reading, Reading]] = []
        for name in self.regions:
            squares = region_squares(geo, name)
            assert len(squares) == SQUARES, name
            own = self._reading(geo, squares, bands, black_view=False)
            mirrored = tuple(geo.squares + 1 - s for s in squares)
            self.readings.append((own, self._reading(geo, mirrored, bands, black_view=True)))
        self.bands = tuple(bands)

    @staticmethod
    def _reading(geo: Geometry, squares: tuple[int, ...], bands: list[tuple[int, bool]],
                 black_view: bool) -> Reading:
        bits = [geo.bit_of_square[s] for s in squares]
        shift = min(bits) - min(bits) % (2 * geo.per_row + 1)  # the band's first bit ...
        if max(bits) - shift >= WINDOW:  # ... unless the band straddles a row pair
            shift = min(geo.bit_of_square[s] for s in range(1, geo.squares + 1)
                        if geo.row_of_bit[geo.bit_of_square[s]]
                        == min(geo.row_of_bit[b] for b in bits))
        if (shift, black_view) not in bands:
            bands.append((shift, black_view))
        own_bits = [1 << (b - shift) for b in bits]
        enemy_bits = [1 << (b - shift + WINDOW) for b in bits]
        index: dict[int, int] = {}
        for digits in product(range(3), repeat=SQUARES):
            key = config = 0
            for k, digit in enumerate(digits):
                config = 3 * config + digit
                key |= own_bits[k] if digit == 1 else enemy_bits[k] if digit == 2 else 0
            index[key] = config
        return bands.index((shift, black_view)), sum(own_bits) | sum(enemy_bits), index

    def band_keys(self, white_men: int, black_men: int) -> list[int]:
        """Each band's key: the viewing side's men in the low bits, the other's above."""
        keys = []
        for shift, black_view in self.bands:
            own, enemy = (black_men, white_men) if black_view else (white_men, black_men)
            keys.append(own >> shift & WINDOW_MASK | (enemy >> shift & WINDOW_MASK) << WINDOW)
        return keys

    def configs(self, white_men: int, black_men: int) -> list[tuple[int, int]]:
        """Per region: its configuration from White's view and from Black's."""
        keys = self.band_keys(white_men, black_men)
        return [(own[2][keys[own[0]] & own[1]], other[2][keys[other[0]] & other[1]])
                for own, other in self.readings]

    def packed_tables(self, opening: Sequence[Sequence[int]],
                      ending: Sequence[Sequence[int]]) -> Plan:
        """The evaluation's plan: per band (shift, Black's view, its readings' (mask, key →
        opening × PACK + ending))), the second reading of each region negated; weights are
        integers, one list of CONFIGS per region."""
        lookups: list[list[tuple[int, dict[int, int]]]] = [[] for _ in self.bands]
        for r, readings in enumerate(self.readings):
            for sign, (band, mask, index) in zip((1, -1), readings, strict=True):
                lookups[band].append((mask, {
                    key: sign * (opening[r][c] * PACK + ending[r][c])
                    for key, c in index.items()}))
        return tuple((shift, black_view, tuple(band))
                     for (shift, black_view), band in zip(self.bands, lookups, strict=True))


def packed_sum(white_men: int, black_men: int, plan: Plan) -> tuple[int, int]:
    """The opening and ending sums of the plan's weights for these men."""
    total = 0
    for shift, black_view, lookups in plan:
        if black_view:
            key = black_men >> shift & WINDOW_MASK | (white_men >> shift & WINDOW_MASK) << WINDOW
        else:
            key = white_men >> shift & WINDOW_MASK | (black_men >> shift & WINDOW_MASK) << WINDOW
        for mask, table in lookups:
            total += table[key & mask]
    opening = (total + PACK // 2) // PACK
    return opening, total - opening * PACK
