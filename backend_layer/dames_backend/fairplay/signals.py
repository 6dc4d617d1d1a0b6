"""What the fair-play verdict reads, computed from a claimed game, its analysis and its
judgement (``judge``).

The same figures are computed for the labelled corpus (bench/fairplay*.py), from the very
functions here, so the score fitted there is the one the server applies. Stored with the
claim as JSON (``to_json``) so a moderator sees what the verdict saw; a claim stored before
a signal existed reads it at its default.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from dames_backend.clock import MIN_MOVE_MS
from dames_backend.fairplay.judge import JudgeReport
from dames_backend.fairplay.lines import Overlap

# "At or near the floor": answered within this long of the server's answer.
NEAR_FLOOR_MS = MIN_MOVE_MS + 200
# "Fast": a person needs longer than this to see the reply and answer it (forced moves
# left out: a recapture may be that quick).
FAST_MS = 1000
# lichess: 0.1 s added to each time, the first move dropped, windows of 15 moves.
CV_PADDING_MS = 100
CV_WINDOW = 15


@dataclass(frozen=True)
class Signals:
    """One claimed game's signals (shares are 0–1; None when there is too little to say)."""

    moves: int
    choice_moves: int = 0
    # Today's per-level agreement of the analysis (``dames.analysis``), for the moderator.
    match_fort: float | None = None
    match_maitre: float | None = None
    accuracy: float | None = None
    average_loss: float = 0.0
    fort_moves: int = 0
    maitre_moves: int = 0
    # The judge (``judge.JUDGE_LEVEL``) and, beside it, fort over the same moves.
    judge_moves: int = 0
    judge_matched: int = 0
    reference_matched: int = 0
    judge_loss: float = 0.0
    judge_accuracy: float | None = None
    # The clock.
    floor_share: float = 0.0
    fast_share: float = 0.0
    median_ms: int = 0
    time_cv: float | None = None
    window_cv: float | None = None
    pause_share: float = 0.0
    paused_ms: int = 0
    playing_ms: int = 0
    # Another entry's line on the same board (``lines``): who, and how much of this one.
    copy_of: str | None = None
    copy_common: int = 0
    copy_moves: int = 0
    banned: bool = False

    @property
    def copy_share(self) -> float:
        return self.copy_common / self.copy_moves if self.copy_moves else 0.0

    @property
    def paused_moves(self) -> int:
        """How many of the moves were played after the page was hidden."""
        return round(self.pause_share * self.moves)

    @property
    def paused_time_share(self) -> float:
        """The paused time against the whole: where the engine is consulted in another tab."""
        total = self.paused_ms + self.playing_ms
        return self.paused_ms / total if total else 0.0

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Signals:
        """Stored signals; names this version does not know are dropped, missing ones take
        their default (``same_line_as``, before near-copies, becomes ``copy_of``)."""
        data = json.loads(text)
        if data.get("same_line_as") and not data.get("copy_of"):
            data.update(copy_of=data["same_line_as"], copy_common=1, copy_moves=1)
        known = {f.name for f in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})


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


def timing_signals(move_ms: Sequence[int], move_paused_ms: Sequence[int],
                   forced: Sequence[bool] = ()) -> dict[str, Any]:
    """The clock's part: floor and fast shares, median, consistency (first move dropped),
    pauses. ``forced`` marks the moves that had no choice (left out of the fast share)."""
    moves = len(move_ms)
    later = list(move_ms[1:])
    paused = [p for p in move_paused_ms if p > 0]
    chosen = [t for i, t in enumerate(move_ms) if not (i < len(forced) and forced[i])]
    return {
        "moves": moves,
        "floor_share": sum(1 for t in move_ms if t <= NEAR_FLOOR_MS) / moves if moves else 0.0,
        "fast_share": sum(1 for t in chosen if t <= FAST_MS) / len(chosen) if chosen else 0.0,
        "median_ms": int(statistics.median(move_ms)) if moves else 0,
        "time_cv": coefficient_of_variation(later),
        "window_cv": lowest_window_cv(later),
        "pause_share": len(paused) / moves if moves else 0.0,
        "paused_ms": sum(paused),
        "playing_ms": sum(max(MIN_MOVE_MS, t) for t in move_ms),
    }


def engine_signals(analysis: dict[str, Any] | None, side: str) -> dict[str, Any]:
    """The analysis's part for ``side``: match rates over the moves with a choice that were
    searched in full, accuracy and average loss (``GameAnalysis.to_dict()`` form)."""
    if analysis is None:
        return {}
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


def judge_signals(report: JudgeReport | None) -> dict[str, Any]:
    if report is None:
        return {}
    accuracy = report.accuracy
    return {
        "judge_moves": len(report.moves),
        "judge_matched": report.matched,
        "reference_matched": report.reference_matched,
        "judge_loss": round(report.average_loss, 1),
        "judge_accuracy": None if accuracy is None else round(accuracy, 1),
    }


def forced_moves(report: JudgeReport | None, plies: int, first_ply: int) -> list[bool]:
    """Which of the side's moves (its n-th move at ply ``first_ply + 2n``) had no choice:
    those the judge did not judge. The judge takes the moves with a choice in order up to
    its cap, so an unjudged move before its last judged one was forced, and so is every
    unjudged move when it skipped none (a game whose only move was a forced capture has no
    choice at all: issue 29); past the cap the two cannot be told apart, and every move
    counts as a choice."""
    if report is None:
        return []
    judged = {move.ply for move in report.moves}
    last = max(judged, default=-1)
    return [ply not in judged and (report.skipped == 0 or ply < last)
            for ply in range(first_ply, plies, 2)]


def game_signals(
    *,
    analysis: dict[str, Any] | None,
    side: str,
    move_ms: Sequence[int],
    move_paused_ms: Sequence[int],
    judge: JudgeReport | None = None,
    copy: tuple[str, Overlap] | None = None,
    plies: int = 0,
    first_ply: int = 0,
    banned: bool = False,
) -> Signals:
    """All the signals of one game played by ``side`` (its first move at ``first_ply`` of
    ``plies``); ``copy`` is the other entry's owner and how much of this line it holds."""
    copied: dict[str, Any] = {}
    if copy is not None:
        copied = {"copy_of": copy[0], "copy_common": copy[1].common,
                  "copy_moves": copy[1].moves}
    return Signals(
        **engine_signals(analysis, side),
        **judge_signals(judge),
        **timing_signals(move_ms, move_paused_ms, forced_moves(judge, plies, first_ply)),
        **copied,
        banned=banned,
    )
