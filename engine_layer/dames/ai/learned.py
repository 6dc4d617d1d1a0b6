"""The strong levels' evaluation on 10×10: the hand-set terms plus a few more, weights learned.

A linear function of integer features of a quiet position, read from the side to move's view.
The weights (engine_layer/dames/ai/weights_international.json, a few hundred bytes) are fitted
by bench/tune_eval.py to Scan 2.0's scores of positions from Scan's own games
(bench/eval_data.py has the data recipe). Only `fort`, `maitre` and the Hub use it, on the
international board; the daily's levels and the 8×8 variants keep `dames.ai.evaluation`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from dames.ai.evaluation import Evaluator

WEIGHTS_FILE = Path(__file__).with_name("weights_international.json")
SCALE = 64  # weights are stored as floats and used as integers of 1/64 centi-men

# Feature names, in the order `features` returns them. All are White minus Black except
# `threatened` (the side to move's own pieces an adjacent enemy could take).
FEATURES = (
    "men", "kings", "advance_opening", "advance_endgame", "centre", "backed", "back_row",
    "long_diagonal_king", "conversion", "threatened", "balance", "mobile_men", "king_mobility",
    "edge_men", "blocked_men", "near_promotion",
)


class LearnedEvaluator(Evaluator):
    """`Evaluator`'s board masks and terms, combined with learned weights."""

    def __init__(self, weights: dict[str, float]) -> None:
        super().__init__("international")
        self.learned = [round(weights[name] * SCALE) for name in FEATURES]
        geo = self.geometry
        bits = [b for b in range(geo.bit_count) if (geo.board_mask >> b) & 1]
        half = geo.size // 2
        self.left = sum(1 << b for b in bits if geo.col_of_bit[b] < half)
        self.right = sum(1 << b for b in bits if geo.col_of_bit[b] >= half)
        self.edges = sum(1 << b for b in bits if geo.col_of_bit[b] in (0, geo.size - 1))
        # Men two or three rows from crowning (rows 1-2 for White, 7-8 for Black).
        self.white_near = sum(1 << b for b in bits if geo.row_of_bit[b] in (1, 2))
        self.black_near = sum(1 << b for b in bits if geo.row_of_bit[b] in (geo.size - 3,
                                                                                geo.size - 2))

    def features(self, white: int, black: int, kings: int, white_to_move: bool) -> list[int]:
        small, large, mask = self.small, self.large, self.mask
        wm, bm = white & ~kings, black & ~kings
        wk, bk = white & kings, black & kings
        n_wm, n_bm, n_wk, n_bk = wm.bit_count(), bm.bit_count(), wk.bit_count(), bk.bit_count()
        start = self.start_pieces
        left = min(n_wm + n_bm + n_wk + n_bk, start)
        advance = self.advancement(wm, bm)
        centre = self.centre
        backed_w = wm & ((wm >> small) | (wm >> large))
        backed_b = bm & ((bm << small) | (bm << large))
        back_row = 0
        if n_bm and not n_bk:
            back_row += (wm & self.white_back).bit_count() * left
        if n_wm and not n_wk:
            back_row -= (bm & self.black_back).bit_count() * left
        diagonal = self.long_diagonal
        material = 100 * (n_wm - n_bm) + 300 * (n_wk - n_bk)
        conversion = abs(material) * (start - left) // start  # truncated alike for both colours
        if material < 0:
            conversion = -conversion
        empty = mask & ~(white | black)
        if white_to_move:
            threatened = self.threatened(wm, wk, bm, bk, empty, True).bit_count()
        else:
            threatened = self.threatened(bm, bk, wm, wk, empty, False).bit_count()
        lw, rw = self.left, self.right
        balance = abs((bm & lw).bit_count() - (bm & rw).bit_count()) - abs(
            (wm & lw).bit_count() - (wm & rw).bit_count())
        white_steps = (empty << small) | (empty << large)
        black_steps = (empty >> small) | (empty >> large)
        mobile = (wm & white_steps).bit_count() - (bm & black_steps).bit_count()
        king_moves = 0
        for shifted in (empty << small, empty << large, empty >> small, empty >> large):
            king_moves += (wk & shifted).bit_count() - (bk & shifted).bit_count()
        blocked = (wm & ~white_steps).bit_count() - (bm & ~black_steps).bit_count()
        return [
            n_wm - n_bm, n_wk - n_bk, advance * left, advance * (start - left),
            (wm & centre).bit_count() - (bm & centre).bit_count(),
            backed_w.bit_count() - backed_b.bit_count(), back_row,
            (wk & diagonal).bit_count() - (bk & diagonal).bit_count(), conversion, threatened,
            balance, mobile, king_moves,
            (wm & self.edges).bit_count() - (bm & self.edges).bit_count(),
            blocked, (wm & self.white_near).bit_count() - (bm & self.black_near).bit_count(),
        ]

    def evaluate(self, white: int, black: int, kings: int, white_to_move: bool) -> int:
        values = self.features(white, black, kings, white_to_move)
        threatened = values[9]
        values[9] = 0
        total = 0
        for weight, value in zip(self.learned, values, strict=True):
            total += weight * value
        score = total // SCALE if total >= 0 else -(-total // SCALE)
        n_wm, n_bm = (white & ~kings).bit_count(), (black & ~kings).bit_count()
        n_wk, n_bk = (white & kings).bit_count(), (black & kings).bit_count()
        # A small king force against a lone king is usually a draw (as in `Evaluator`).
        if (not n_wm and not n_bm and min(n_wk, n_bk) >= 1 and max(n_wk, n_bk) <= 3):
            score = score // 4 if score >= 0 else -(-score // 4)
        own = score if white_to_move else -score
        return own + self.learned[9] * threatened // SCALE


@cache
def learned_evaluator() -> LearnedEvaluator:
    """The international strong evaluator with the shipped weights (immutable, shared)."""
    weights: dict[str, float] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["weights"]
    return LearnedEvaluator(weights)
