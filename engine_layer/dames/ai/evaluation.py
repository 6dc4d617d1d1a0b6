"""Static evaluation in integers (1 man = 100), tuned per variant.

The search only evaluates quiet positions (the side to move has no capture), so the terms
describe structure rather than tactics: material, advancement (tempo), centre, men backed on
their diagonal, the back-row guard, men the opponent threatens to take, kings on the long
diagonal, and a conversion term that makes a side that is ahead trade down and run for a king.

The variants differ in more than weights. Flying kings (international, Brazilian) hide on the
long diagonal, and a few of them cannot catch one, so such endings are damped towards a draw.
Short-range kings (English, Italian) are the opposite: a king is worth its mobility, so it
gains in the centre; two kings beat one, so nothing is damped; and the side ahead is scored on
how close its kings stand to the opponent's pieces and on having the opponent's kings out of
the double corners, without which a 6-ply search shuffles its kings until the draw rule.
"""

from __future__ import annotations

from collections.abc import Callable

from dames.geometry import Geometry
from dames.variants import Weights, get_variant

__all__ = ["Evaluator", "Weights"]  # the weights live on each Variant


class Evaluator:
    """Evaluates a position from the engine's bitboards, from the side to move's point of view.

    It works directly on the engine's internal layout (`dames.geometry`): one bit per playing
    square with a ghost bit after every two rows, so a diagonal step is a plain shift followed by
    a mask (up-left `>> (P + 1)`, up-right `>> P`, down-left `<< P`, down-right `<< (P + 1)`).
    """

    def __init__(self, variant: str) -> None:
        info = get_variant(variant)
        self.variant = variant
        self.weights: Weights = info.weights
        self.men_capture_backwards = info.men_capture_backward
        self.men_capture_kings = info.men_capture_kings
        # Among flying kings a few kings cannot catch one (it holds a long diagonal); among
        # short-range kings two already beat one, so the endgame damping below would only make
        # the side ahead avoid the very ending it wins.
        self.damp_small_king_endings = info.flying_kings
        geo: Geometry = info.geometry
        self.geometry = geo
        size = geo.size
        self.mask = geo.board_mask
        self.small = geo.per_row
        self.large = geo.per_row + 1
        bits = [b for b in range(geo.bit_count) if (geo.board_mask >> b) & 1]

        def mask_where(test: Callable[[int], bool]) -> int:
            return sum(1 << b for b in bits if test(b))

        def row_mask(row: int) -> int:
            return mask_where(lambda b: geo.row_of_bit[b] == row)

        rows = [row_mask(r) for r in range(size)]
        self.start_pieces = geo.squares - 2 * geo.per_row  # 40 on 10×10, 24 on 8×8
        # Advancement in rows, summed as popcounts of "bit planes": plane k holds the rows whose
        # advancement has bit k set, so sum(rank) = sum(2**k * popcount(men & plane k)).
        planes = range((size - 1).bit_length())
        self.white_planes = tuple(
            (sum(rows[r] for r in range(size) if (size - 1 - r) >> k & 1), 1 << k) for k in planes
        )
        self.black_planes = tuple(
            (sum(rows[r] for r in range(size) if r >> k & 1), 1 << k) for k in planes
        )
        self.white_back = rows[size - 1]
        self.black_back = rows[0]
        self.centre = mask_where(
            lambda b: 2 <= geo.col_of_bit[b] <= size - 3
            and size // 2 - 2 <= geo.row_of_bit[b] <= size // 2 + 1
        )
        self.row_of_bit = geo.row_of_bit
        self.col_of_bit = geo.col_of_bit
        # The double corners (two playing squares beside a dark corner): a lone short-range
        # king shuttling there cannot be cornered by two kings without a set manoeuvre, so the
        # hunter's search is told that driving it out is a gain.
        last = size - 1
        self.double_corners = 0
        for row, col in ((0, 0), (0, last), (last, 0), (last, last)):
            if (row, col) not in geo.square_at:  # a light corner: its two neighbours play
                next_row = 1 if row == 0 else last - 1
                next_col = 1 if col == 0 else last - 1
                for square in (geo.square_at[(row, next_col)], geo.square_at[(next_row, col)]):
                    self.double_corners |= 1 << geo.bit_of_square[square]
        # The long diagonal (a1 to the far corner), the lone king's refuge on 10×10.
        self.long_diagonal = mask_where(
            lambda b: geo.row_of_bit[b] + geo.col_of_bit[b] == size - 1
        )

    def evaluate(self, white: int, black: int, kings: int, white_to_move: bool) -> int:
        w = self.weights
        mask = self.mask
        small = self.small
        large = self.large
        white_men = white & ~kings
        black_men = black & ~kings
        white_kings = white & kings
        black_kings = black & kings
        n_wm = white_men.bit_count()
        n_bm = black_men.bit_count()
        n_wk = white_kings.bit_count()
        n_bk = black_kings.bit_count()
        material = w.man * (n_wm - n_bm) + w.king * (n_wk - n_bk)
        start = self.start_pieces
        left = min(n_wm + n_bm + n_wk + n_bk, start)

        # Advancement: worth more as the board empties, when a free run decides the game.
        advance = self.advancement(white_men, black_men)
        advance_weight = (w.advance_opening * left + w.advance_endgame * (start - left)) // start
        score = material + advance * advance_weight

        centre = self.centre
        score += w.centre * ((white_men & centre).bit_count() - (black_men & centre).bit_count())

        # A man backed by a friend on a diagonal behind it cannot be taken from the front.
        backed_white = white_men & ((white_men >> small) | (white_men >> large))
        backed_black = black_men & ((black_men << small) | (black_men << large))
        score += w.backed * (backed_white.bit_count() - backed_black.bit_count())

        # The back-row guard matters while the opponent still has men that could crown.
        if n_bm and not n_bk:
            score += w.back_row * (white_men & self.white_back).bit_count() * left // start
        if n_wm and not n_wk:
            score -= w.back_row * (black_men & self.black_back).bit_count() * left // start

        if w.long_diagonal_king and (n_wk or n_bk):
            diagonal = self.long_diagonal
            score += w.long_diagonal_king * (
                (white_kings & diagonal).bit_count() - (black_kings & diagonal).bit_count()
            )

        # Conversion: the side ahead gains as pieces come off, so it trades down and promotes.
        # (Divisions of signed terms truncate towards zero so both colours are treated alike.)
        if material:
            bonus = abs(material) * w.conversion * (start - left) // (64 * start)
            score += bonus if material > 0 else -bonus
            if w.drive and left * 2 <= start and (n_wk if material > 0 else n_bk):
                closeness = self.closeness(white_kings, black) if material > 0 else (
                    -self.closeness(black_kings, white))
                score += w.drive * closeness
                cornered = (black_kings if material > 0 else white_kings) & self.double_corners
                if cornered:
                    bonus = 3 * w.drive * cornered.bit_count()
                    score += -bonus if material > 0 else bonus
            # A small king force against a lone king is usually a draw: damp the score.
            if (self.damp_small_king_endings and not n_wm and not n_bm
                    and min(n_wk, n_bk) >= 1 and max(n_wk, n_bk) <= 3):
                score = abs(score) // 4 if score > 0 else -(abs(score) // 4)

        if w.king_centre and (n_wk or n_bk):
            score += w.king_centre * (
                (white_kings & centre).bit_count() - (black_kings & centre).bit_count()
            )

        # The side to move has no capture here (the search only evaluates quiet positions),
        # but the opponent may threaten some of its pieces.
        empty = mask & ~(white | black)
        if white_to_move:
            attacked = self.threatened(white_men, white_kings, black_men, black_kings, empty, True)
            return score - w.threatened * attacked.bit_count()
        attacked = self.threatened(black_men, black_kings, white_men, white_kings, empty, False)
        return -score - w.threatened * attacked.bit_count()

    def advancement(self, white_men: int, black_men: int) -> int:
        """Rows White's men have advanced minus Black's (popcounts of the bit planes)."""
        advance = 0
        for plane, weight in self.white_planes:
            advance += (white_men & plane).bit_count() * weight
        for plane, weight in self.black_planes:
            advance -= (black_men & plane).bit_count() * weight
        return advance

    def closeness(self, hunters: int, prey: int) -> int:
        """How near each hunting king stands to its nearest prey: the sum over the hunters of
        (size - 1 - steps), steps being the king moves to reach that piece (the larger of the
        row and column distances, since both stand on playing squares)."""
        rows = self.row_of_bit
        cols = self.col_of_bit
        targets = []
        while prey:
            low = prey & -prey
            bit = low.bit_length() - 1
            targets.append((rows[bit], cols[bit]))
            prey ^= low
        if not targets:
            return 0
        far = self.geometry.size - 1
        total = 0
        while hunters:
            low = hunters & -hunters
            bit = low.bit_length() - 1
            row, col = rows[bit], cols[bit]
            nearest = min(max(abs(row - r), abs(col - c)) for r, c in targets)
            total += far - nearest
            hunters ^= low
        return total

    def threatened(
        self,
        my_men: int,
        my_kings: int,
        their_men: int,
        their_kings: int,
        empty: int,
        mine_is_white: bool,
    ) -> int:
        """Own pieces an adjacent enemy piece could jump right now (a cheap approximation).

        Flying kings' captures from a distance are not seen; the search's capture quiescence
        settles those.
        """
        small = self.small
        large = self.large
        mine = my_men | my_kings
        # Enemy pieces that may capture upwards (jumping from below) and downwards (from above).
        if self.men_capture_backwards:
            up_capturers = down_capturers = their_men | their_kings
        elif mine_is_white:
            # Black men capture downwards only, so they attack white pieces from above.
            up_capturers, down_capturers = their_kings, their_men | their_kings
        else:
            up_capturers, down_capturers = their_men | their_kings, their_kings
        attacked = 0
        # Enemy below-right jumping up-left: it stands at s + large, lands at s - large.
        if up_capturers:
            attacked |= mine & (up_capturers >> large) & (empty << large)
            attacked |= mine & (up_capturers >> small) & (empty << small)
        if down_capturers:
            attacked |= mine & (down_capturers << large) & (empty >> large)
            attacked |= mine & (down_capturers << small) & (empty >> small)
        if not self.men_capture_kings:
            # Men may not take kings (Italian): only an enemy king threatens my kings.
            kings_only = their_kings
            king_threats = 0
            if kings_only:
                king_threats |= (kings_only >> large) & (empty << large)
                king_threats |= (kings_only >> small) & (empty << small)
                king_threats |= (kings_only << large) & (empty >> large)
                king_threats |= (kings_only << small) & (empty >> small)
            attacked = (attacked & my_men) | (my_kings & king_threats)
        return attacked
