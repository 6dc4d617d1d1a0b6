"""What the fair-play verdict reads, computed from a claimed game and its analysis.

The same figures are computed for the labelled corpus (``bench/fairplay.py``), from the very
functions here, so the thresholds calibrated there are the ones the server applies. Stored
with the claim as JSON (``to_json``) so a moderator sees what the verdict saw.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from dames_backend.clock import MIN_MOVE_MS

# "At or near the floor": answered within this long of the server's answer.
NEAR_FLOOR_MS = MIN_MOVE_MS + 200
# lichess: 0.1 s added to each time, the first move dropped, windows of 15 moves.
CV_PADDING_MS = 100
CV_WINDOW = 15


@dataclass(frozen=True)
class Signals:
    """One claimed game's signals (shares are 0–1; None when there is too little to say)."""

    moves: int
    choice_moves: int
    match_fort: float | None
    match_maitre: float | None
    accuracy: float | None
    average_loss: float
    floor_share: float
    time_cv: float | None
    window_cv: float | None
    pause_share: float
    paused_ms: int
    playing_ms: int
    same_line_as: str | None = None
    banned: bool = False
    # The moves each match rate is over (searched in full; the budget may stop short).
    fort_moves: int = 0
    maitre_moves: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Signals:
        return cls(**json.loads(text))


def coefficient_of_variation(times_ms: Sequence[int]) -> float | None:
    """Standard deviation ÷ mean of the times, each padded by 0.1 s (lichess's formula);
    None under three times."""
    if len(times_ms) < 3:
        return None
    padded = [t + CV_PADDING_MS for t in times_ms]
    return statistics.pstdev(padded) / statistics.fmean(padded)


def lowest_window_cv(times_ms: Sequence[int], window: int = CV_WINDOW) -> float | None:
    """The flattest stretch: the lowest coefficient of variation over ``window`` moves."""
    found = [
        coefficient_of_variation(times_ms[start : start + window])
        for start in range(0, len(times_ms) - window + 1)
    ]
    values = [value for value in found if value is not None]
    return min(values) if values else None


def timing_signals(move_ms: Sequence[int], move_paused_ms: Sequence[int]) -> dict[str, Any]:
    """The clock's part: floor share, consistency (first move dropped), pauses."""
    moves = len(move_ms)
    later = list(move_ms[1:])
    paused = [p for p in move_paused_ms if p > 0]
    return {
        "moves": moves,
        "floor_share": sum(1 for t in move_ms if t <= NEAR_FLOOR_MS) / moves if moves else 0.0,
        "time_cv": coefficient_of_variation(later),
        "window_cv": lowest_window_cv(later),
        "pause_share": len(paused) / moves if moves else 0.0,
        "paused_ms": sum(paused),
        "playing_ms": sum(max(MIN_MOVE_MS, t) for t in move_ms),
    }


def engine_signals(analysis: dict[str, Any], side: str) -> dict[str, Any]:
    """The analysis's part for ``side``: match rates over the moves with a choice that were
    searched in full, accuracy and average loss (``GameAnalysis.to_dict()`` form)."""
    summary = analysis["sides"][side]
    rates = summary.get("matchRates") or {}
    counted = summary.get("matchedMoves") or {}

    def rate(level: str) -> float | None:
        return float(rates[level]) if counted.get(level) and level in rates else None

    accuracy = summary.get("accuracy")
    return {
        "choice_moves": int(summary.get("moves", 0)),
        "match_fort": rate("fort"),
        "match_maitre": rate("maitre"),
        "accuracy": None if accuracy is None else float(accuracy),
        "average_loss": float(summary.get("averageLoss", 0.0)),
        "fort_moves": int(counted.get("fort", 0)),
        "maitre_moves": int(counted.get("maitre", 0)),
    }


def game_signals(
    *,
    analysis: dict[str, Any],
    side: str,
    move_ms: Sequence[int],
    move_paused_ms: Sequence[int],
    same_line_as: str | None = None,
    banned: bool = False,
) -> Signals:
    """All the signals of one game played by ``side``."""
    return Signals(
        **engine_signals(analysis, side),
        **timing_signals(move_ms, move_paused_ms),
        same_line_as=same_line_as,
        banned=banned,
    )
