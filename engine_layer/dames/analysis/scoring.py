"""From engine scores to what a player reads: evaluations, win%, accuracy and judgements.

The formulas are lichess's (`WinPercent.scala`, `AccuracyPercent.scala`, `Advice.scala`; see
/work/shared/notes/fair-play.md), carried over to draughts:

- Scores are centi-men (1 man = 100, as in `dames.ai.evaluation`). The win% slope is lichess's
  per-centipawn constant used per centi-man, so one man is worth the swing a pawn gives in chess
  (equal → one man up is 50 % → 59.9 %). Like lichess, evaluations are clamped to ±`WIN_CEILING`
  before the formula; a won or lost line found by the search is 100 % / 0 %.
- Judgements use the drop of the mover's win% (lichess's thresholds are 0.1/0.2/0.3 of its
  winning chances in [-1, 1], i.e. 5/10/15 win% points). A man is more decisive in draughts than
  a pawn in chess, so the mistake threshold is lowered to 8 points: hanging a man from an even
  position (≈ 9–10 points) must read as a mistake, not an inaccuracy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from dames.ai.search import MATE, MATE_BOUND

WIN_SLOPE = 0.004  # lichess's constant, per centi-man here (one man ≈ one pawn)
WIN_CEILING = 1000  # evaluations beyond ±10 men count as ±10 men for win% and loss
EVAL_CAP = 2000  # stored evaluations are clamped here; a decisive line is exactly ±EVAL_CAP

INACCURACY_DROP = 5.0  # win% points lost by the move
MISTAKE_DROP = 8.0
BLUNDER_DROP = 15.0
JUDGEMENTS = ("good", "inaccuracy", "mistake", "blunder", "forced")


class Score(NamedTuple):
    """A position's value for the side to move: centi-men, and plies to the end if decisive.

    ``value`` is clamped to ±EVAL_CAP; a decisive score is exactly ±EVAL_CAP with ``mate`` the
    number of plies until the losing side has no move (0: the game is over).
    """

    value: int
    mate: int | None = None

    @classmethod
    def from_search(cls, score: int) -> Score:
        """Read `SearchResult.score` (MATE − plies for a forced win)."""
        if score >= MATE_BOUND:
            return cls(EVAL_CAP, MATE - score)
        if score <= -MATE_BOUND:
            return cls(-EVAL_CAP, MATE + score)
        return cls(max(-EVAL_CAP, min(EVAL_CAP, score)))

    def negated(self) -> Score:
        """The same position seen by the other side."""
        return Score(-self.value, self.mate)

    def before_move(self) -> Score:
        """The value of the position one ply earlier when its only move leads here: seen from
        the other side, a decisive line one ply longer."""
        negated = self.negated()
        return negated if negated.mate is None else Score(negated.value, negated.mate + 1)

    @property
    def bounded(self) -> int:
        """The value used for win% and loss: clamped to ±WIN_CEILING."""
        return max(-WIN_CEILING, min(WIN_CEILING, self.value))


DRAWN = Score(0)
LOST = Score(-EVAL_CAP, 0)  # the side to move has no move


def win_percent(score: Score) -> float:
    """The side to move's winning chances, 0–100 (lichess's logistic curve)."""
    if score.mate is not None:
        return 100.0 if score.value > 0 else 0.0
    return 50 + 50 * (2 / (1 + math.exp(-WIN_SLOPE * score.bounded)) - 1)


def move_accuracy(drop: float) -> float:
    """lichess's accuracy of one move from the mover's win% drop, bounded to 0–100 (with its
    +1 allowance for the engine's own imprecision)."""
    if drop <= 0:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * drop) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def judgement(drop: float, *, forced: bool) -> str:
    if forced:
        return "forced"
    if drop >= BLUNDER_DROP:
        return "blunder"
    if drop >= MISTAKE_DROP:
        return "mistake"
    if drop >= INACCURACY_DROP:
        return "inaccuracy"
    return "good"


def _std_dev(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def volatility_weights(white_wins: Sequence[float]) -> list[float]:
    """lichess's weight of each move: the spread of White's win% in a window around it.

    ``white_wins`` holds White's win% before the first move and after every move; the result
    has one weight per move. Calm stretches weigh little, sharp ones (where a slip costs) more.
    """
    moves = len(white_wins) - 1
    if moves <= 0:
        return []
    size = max(2, min(8, moves // 10))
    windows = [list(white_wins[:size])] * max(0, min(size, len(white_wins)) - 2)
    windows += [list(white_wins[i:i + size]) for i in range(len(white_wins) - size + 1)]
    return [max(0.5, min(12.0, _std_dev(w))) for w in windows[:moves]]


def game_accuracy(accuracies: Sequence[float], weights: Sequence[float]) -> float | None:
    """lichess's game accuracy of one side: the mean of its volatility-weighted mean and its
    harmonic mean (which one bad move pulls down hard). Accuracies are floored at 1 for the
    harmonic mean so that one 0 does not erase a whole game."""
    if not accuracies:
        return None
    total_weight = sum(weights)
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / total_weight
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    return (weighted + harmonic) / 2
