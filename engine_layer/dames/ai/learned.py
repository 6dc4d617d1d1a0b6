"""The strong levels' evaluation on 10×10: per-square men values and structure, weights learned.

Why learned: the hand-set `Evaluator` loses slow positional slides against Scan 2.0, and a
hand can set a dozen weights, not a hundred. Here every term has an opening and an ending
weight, blended by the number of pieces left, and the weights are fitted Texel-style by
bench/tune_eval.py: the sigmoid of the evaluation predicts the results of Scan 2.0's self-play
games (bench/eval_data.py), optionally blended with Scan's own depth-12 scores of the positions
(bench/eval_labels.py). The weights file ships beside this module (about 1 KB).

Cost matters as much as accuracy (each ply of search is worth more than most terms), so the
men's per-square values (which hold material, advancement, centre, edges and the back row)
are folded at load time into one table per piece count, stored as bit planes: their sum is
a handful of popcounts. The structural terms are shared with the training code
(`features`), so what is fitted is what is played. Regional patterns (dames.ai.patterns) are
used when the weights file has them: the tuner can fit them (`--patterns`), but measured they
doubled the evaluation's cost and gained nothing (bench/tune_eval.py's figures), so the
shipped file has none and the evaluation skips them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from operator import mul
from pathlib import Path
from typing import Any

from dames.ai.evaluation import Evaluator
from dames.ai.patterns import CONFIGS, Patterns, packed_sum

WEIGHTS_FILE = Path(__file__).with_name("weights_international.json")
SCALE = 64  # the structural weights are used as integers of 1/64 centi-men
MAN_SQUARES = tuple(range(6, 51))  # a White man's squares; a Black man on s counts as 51 - s
# Structural terms, White minus Black (`structure` returns them in this order).
# Chosen by held-out log-loss (bench/tune_eval.py --drop): backed men, outposts, left-right
# balance, mobile men and king mobility each gained less than 0.001 and cost time, so they are
# not here; the king terms and runaway men gained 0.003.
STRUCTURE = ("kings", "first_king", "runaway", "long_diagonal_king", "conversion")
SIDE = ("threatened", "to_move")  # the side to move's view: its men an enemy can take; 1
# Terms over the men's squares, each a coefficient per square (see `_groups`): the men's count,
# rows advanced, men in the centre, men on the side edges. Folded into the per-square table at
# load time, so they cost nothing to evaluate; they exist because the fit penalises each
# square's own weight (noise at this much data) but not these broad shapes.
GROUPS = ("men", "advance", "centre", "edge")
BASE = (*GROUPS, *(f"sq{s}" for s in MAN_SQUARES), *STRUCTURE, *SIDE)
# Each base term has an opening and an ending weight: feature 2j is term j × phase, 2j + 1 is
# term j × (1 - phase), the phase being the share of the 40 starting pieces still on the board.
FEATURES = tuple(f"{name}/{half}" for name in BASE for half in ("opening", "ending"))


class PatternWeights:
    """The regional patterns' weights (dames.ai.patterns), centi-men: per region, CONFIGS
    opening and CONFIGS ending values."""

    def __init__(self, regions: Sequence[str], opening: Sequence[Sequence[float]],
                 ending: Sequence[Sequence[float]]) -> None:
        self.regions = tuple(regions)
        self.opening = [list(values) for values in opening]
        self.ending = [list(values) for values in ending]


class LearnedEvaluator(Evaluator):
    """`Evaluator`'s board masks and helpers, with learned, phase-blended weights."""

    def __init__(self, opening: list[float], ending: list[float],
                 patterns: PatternWeights | None = None) -> None:
        super().__init__("international")
        geo = self.geometry
        bit = geo.bit_of_square
        self.square_bits = [1 << bit[s] for s in MAN_SQUARES]
        self.mirror_bits = [1 << bit[51 - s] for s in MAN_SQUARES]
        self.white_cone, self.black_cone = self._cones()
        self.white_zone = sum(self.white_cone)
        self.black_zone = sum(self.black_cone)
        self.groups = self._groups()
        self.tables = [self._men_table(opening, ending, left) for left in range(41)]
        first = BASE.index(STRUCTURE[0])
        self.weights_at = [
            [round(SCALE * (opening[j] * left + ending[j] * (40 - left)) / 40)
             for j in range(first, len(BASE))]
            for left in range(41)
        ]
        self.patterns = Patterns(geo, patterns.regions if patterns else ())
        self.pattern_tables = self.patterns.packed_tables(
            *([[round(SCALE * w) for w in values] for values in half]
              for half in ((patterns.opening, patterns.ending) if patterns else ((), ()))))

    def _cones(self) -> tuple[dict[int, int], dict[int, int]]:
        """For a man three rows or fewer from crowning: the squares ahead of it (its reach,
        widened by two columns) where an enemy piece could stop it. Black's are White's
        mirrored, so the term is exactly colour-symmetric."""
        geo = self.geometry
        bit, rows, cols = geo.bit_of_square, geo.row_of_bit, geo.col_of_bit
        white: dict[int, int] = {}
        black: dict[int, int] = {}
        for square in range(6, 21):
            row, col = rows[bit[square]], cols[bit[square]]
            cone = mirrored = 0
            for other in range(1, 51):
                r, c = rows[bit[other]], cols[bit[other]]
                if r < row and abs(c - col) <= row - r + 2:
                    cone |= 1 << bit[other]
                    mirrored |= 1 << bit[51 - other]
            white[1 << bit[square]] = cone
            black[1 << bit[51 - square]] = mirrored
        return white, black

    def _groups(self) -> list[list[int]]:
        """Each GROUPS term's coefficient on each of MAN_SQUARES (a White man there)."""
        geo = self.geometry
        rows = [geo.row_of_bit[geo.bit_of_square[s]] for s in MAN_SQUARES]
        bits = [geo.bit_of_square[s] for s in MAN_SQUARES]
        last = geo.size - 1
        return [
            [1] * len(MAN_SQUARES),
            [last - row for row in rows],
            [int(self.centre >> b & 1) for b in bits],
            [int(geo.col_of_bit[b] in (0, last)) for b in bits],
        ]

    def _men_table(self, opening: list[float], ending: list[float],
                   left: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """The men's values (man + square) at `left` pieces, in centi-men, as bit planes:
        (offset, ((White mask, Black mask, weight), ...)) with value = offset + Σ weight."""
        def blend(i: int) -> float:
            return (opening[i] * left + ending[i] * (40 - left)) / 40

        values = []
        for j in range(len(MAN_SQUARES)):
            value = blend(len(GROUPS) + j)
            for g, coefficients in enumerate(self.groups):
                value += blend(g) * coefficients[j]
            values.append(round(value))
        offset = min(values)
        planes = []
        for k in range(max(max(values) - offset, 1).bit_length()):
            white = black = 0
            for j, value in enumerate(values):
                if (value - offset) >> k & 1:
                    white |= self.square_bits[j]
                    black |= self.mirror_bits[j]
            planes.append((white, black, 1 << k))
        return offset, tuple(planes)

    def structure(self, white: int, black: int, kings: int) -> list[int]:
        """The structural terms (STRUCTURE's order), White minus Black."""
        wk, bk = white & kings, black & kings
        runaway = 0
        if not bk:
            run = white & ~kings & self.white_zone
            while run:
                low = run & -run
                runaway += not self.white_cone[low] & black
                run ^= low
        if not wk:
            run = black & ~kings & self.black_zone
            while run:
                low = run & -run
                runaway -= not self.black_cone[low] & white
                run ^= low
        if not wk and not bk:
            return [0, 0, runaway, 0, self.conversion(white, black, 0)]
        n_wk, n_bk = wk.bit_count(), bk.bit_count()
        first_king = (n_wk > 0 and not n_bk) - (n_bk > 0 and not n_wk)
        long_diagonal = (wk & self.long_diagonal).bit_count() - (
            bk & self.long_diagonal).bit_count()
        return [n_wk - n_bk, first_king, runaway, long_diagonal,
                self.conversion(white, black, n_wk - n_bk)]

    @staticmethod
    def conversion(white: int, black: int, kings_ahead: int) -> int:
        """The material lead (men 100, kings 300) times the share of pieces already gone: the
        side ahead gains by trading down."""
        material = 100 * (white.bit_count() - black.bit_count()) + 200 * kings_ahead
        left = min((white | black).bit_count(), 40)
        conversion = abs(material) * (40 - left) // 40  # truncated alike for both colours
        return conversion if material >= 0 else -conversion

    def side_terms(self, white: int, black: int, kings: int, white_to_move: bool) -> list[int]:
        """The side to move's own terms (SIDE's order)."""
        empty = self.mask & ~(white | black)
        if white_to_move:
            attacked = self.threatened(white & ~kings, white & kings, black & ~kings,
                                       black & kings, empty, True)
        else:
            attacked = self.threatened(black & ~kings, black & kings, white & ~kings,
                                       white & kings, empty, False)
        return [attacked.bit_count(), 1]

    def features(self, white: int, black: int, kings: int, white_to_move: bool) -> list[float]:
        """The fitted model's inputs (FEATURES' order), all from White's view: the score is
        their dot product with the weights. For bench/tune_eval.py and the tests."""
        wm, bm = white & ~kings, black & ~kings
        squares = [float(bool(wm & w) - bool(bm & b))
                   for w, b in zip(self.square_bits, self.mirror_bits, strict=True)]
        sign = 1 if white_to_move else -1
        groups = [sum(c * x for c, x in zip(coefficients, squares, strict=True))
                  for coefficients in self.groups]
        base = [*groups, *squares,
                *map(float, self.structure(white, black, kings)),
                *(float(sign * v) for v in self.side_terms(white, black, kings, white_to_move))]
        phase = min((white | black).bit_count(), 40) / 40
        return [v for x in base for v in (x * phase, x * (1 - phase))]

    def pattern_features(self, white: int, black: int, kings: int) -> list[tuple[int, float]]:
        """The patterns' inputs, sparse (column, value) from White's view: column
        2 × (CONFIGS × region + configuration) is the opening weight, + 1 the ending one."""
        phase = min((white | black).bit_count(), 40) / 40
        columns: dict[int, float] = {}
        for r, configs in enumerate(self.patterns.configs(white & ~kings, black & ~kings)):
            for sign, config in zip((1.0, -1.0), configs, strict=True):
                column = 2 * (CONFIGS * r + config)
                columns[column] = columns.get(column, 0.0) + sign * phase
                columns[column + 1] = columns.get(column + 1, 0.0) + sign * (1 - phase)
        return [(c, x) for c, x in sorted(columns.items()) if x]

    def evaluate(self, white: int, black: int, kings: int, white_to_move: bool) -> int:
        wm, bm = white & ~kings, black & ~kings
        n_wm, n_bm = wm.bit_count(), bm.bit_count()
        left = min(n_wm + n_bm + (white & kings).bit_count() + (black & kings).bit_count(), 40)
        offset, planes = self.tables[left]
        score = offset * (n_wm - n_bm)
        for white_plane, black_plane, weight in planes:
            score += weight * ((wm & white_plane).bit_count() - (bm & black_plane).bit_count())
        weights = self.weights_at[left]
        # map stops with the shorter list: the structure's terms, not the side's two.
        total: int = sum(map(mul, weights, self.structure(white, black, kings)))
        if self.pattern_tables:
            opening, ending = packed_sum(wm, bm, self.pattern_tables)
            total = 40 * total + opening * left + ending * (40 - left)
            score += total // (40 * SCALE) if total >= 0 else -(-total // (40 * SCALE))
        else:
            score += total // SCALE if total >= 0 else -(-total // SCALE)
        if not n_wm and not n_bm:
            # A small king force against a lone king is usually a draw (as in `Evaluator`).
            n_wk, n_bk = (white & kings).bit_count(), (black & kings).bit_count()
            if min(n_wk, n_bk) >= 1 and max(n_wk, n_bk) <= 3:
                score = score // 4 if score >= 0 else -(-score // 4)
        threatened, to_move = self.side_terms(white, black, kings, white_to_move)
        side = weights[-2] * threatened + weights[-1] * to_move
        own = score if white_to_move else -score
        return own + (side // SCALE if side >= 0 else -(-side // SCALE))


def load_weights(path: Path = WEIGHTS_FILE) -> tuple[list[float], list[float]]:
    """The opening and ending weights of every BASE term, in BASE's order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    opening: list[float] = []
    ending: list[float] = []
    for name in BASE:
        if name.startswith("sq"):
            index = MAN_SQUARES.index(int(name[2:]))
            opening.append(data["squares_opening"][index])
            ending.append(data["squares_ending"][index])
        else:
            opening.append(data["opening"][name])
            ending.append(data["ending"][name])
    return opening, ending


def load_patterns(path: Path = WEIGHTS_FILE) -> PatternWeights | None:
    """The regional patterns' weights, None when the file has none (stored in tenths)."""
    data = json.loads(path.read_text(encoding="utf-8")).get("patterns")
    if data is None:
        return None
    return PatternWeights(data["regions"],
                          [[v / 10 for v in values] for values in data["opening"]],
                          [[v / 10 for v in values] for values in data["ending"]])


def weights_document(opening: list[float], ending: list[float], source: str,
                     patterns: PatternWeights | None = None) -> str:
    """The weights file's text (what `load_weights` and `load_patterns` read), values rounded
    to 0.01; the patterns' in tenths of a centi-man, one line per region and half."""
    first = len(GROUPS) + len(MAN_SQUARES)
    indices = [*range(len(GROUPS)), *range(first, len(BASE))]
    names = [BASE[i] for i in indices]
    document: dict[str, Any] = {
        "source": source,
        "opening": {n: round(opening[i], 2) for n, i in zip(names, indices, strict=True)},
        "ending": {n: round(ending[i], 2) for n, i in zip(names, indices, strict=True)},
        "squares_opening": [round(v, 1) for v in opening[len(GROUPS):first]],
        "squares_ending": [round(v, 1) for v in ending[len(GROUPS):first]],
    }
    text = json.dumps(document, indent=1)
    if patterns is None:
        return text + "\n"

    def rows(halves: list[list[float]]) -> str:
        return ",\n  ".join(json.dumps([round(10 * v) for v in values], separators=(",", ":"))
                            for values in halves)

    return (f'{text[:-2]},\n "patterns": {{\n  "regions": {json.dumps(patterns.regions)},\n'
            f'  "opening": [\n  {rows(patterns.opening)}],\n'
            f'  "ending": [\n  {rows(patterns.ending)}]\n }}\n}}\n')


@cache
def evaluator_from(path: Path) -> LearnedEvaluator:
    """The international strong evaluator with the weights of `path` (immutable, shared)."""
    return LearnedEvaluator(*load_weights(path), load_patterns(path))


_selected = [WEIGHTS_FILE]


def learned_evaluator() -> LearnedEvaluator:
    """The strong levels' evaluator: the shipped weights unless bench code selected others."""
    return evaluator_from(_selected[0])


def select_weights(path: Path | None = None) -> None:
    """For bench/match.py's `maitre~weights.json` players only: play with another weights
    file (None: the shipped one) from now on, process-wide."""
    _selected[0] = WEIGHTS_FILE if path is None else path
