"""Per-side figures and the game's turning point, from the analysed moves."""

from __future__ import annotations

from collections.abc import Sequence

from dames.analysis.model import MATCH_LEVELS, MoveAnalysis, SideSummary
from dames.analysis.scoring import (
    MISTAKE_DROP,
    Score,
    game_accuracy,
    volatility_weights,
    win_percent,
)

SIDES = ("white", "black")


def _white_win(value: int, mate: int | None) -> float:
    return win_percent(Score(value, None if mate is None else abs(mate)))


def _drop(move: MoveAnalysis) -> float:
    """How much of its winning chances the move gave away (0 for a best or forced move)."""
    if move.forced or move.loss == 0:
        return 0.0
    return max(0.0, move.win_before - move.win_after)


def side_summaries(
    moves: Sequence[MoveAnalysis], initial_eval: int, initial_mate: int | None
) -> dict[str, SideSummary]:
    """Each side's accuracy (lichess's game accuracy), average loss, match rates and counts.

    The volatility weights come from the whole game (forced moves included: they are part of
    how sharp the game was); only moves with a choice enter the means and counts.
    """
    white_wins = [_white_win(initial_eval, initial_mate)]
    white_wins += [_white_win(m.eval_after, m.mate_in) for m in moves]
    weights = volatility_weights(white_wins)
    summaries: dict[str, SideSummary] = {}
    for side in SIDES:
        chosen = [(m, w) for m, w in zip(moves, weights, strict=True)
                  if m.side == side and not m.forced]
        accuracy = game_accuracy([m.accuracy for m, _ in chosen], [w for _, w in chosen])
        rates: dict[str, float] = {}
        counted: dict[str, int] = {}
        for level in MATCH_LEVELS:
            known = [m.matches[level] for m, _ in chosen if level in m.matches]
            counted[level] = len(known)
            rates[level] = round(sum(known) / len(known), 4) if known else 0.0
        judged = [m.judgement for m, _ in chosen]
        summaries[side] = SideSummary(
            accuracy=None if accuracy is None else round(accuracy, 1),
            average_loss=round(sum(m.loss for m, _ in chosen) / len(chosen), 1) if chosen else 0.0,
            moves=len(chosen),
            match_rates=rates,
            inaccuracies=judged.count("inaccuracy"),
            mistakes=judged.count("mistake"),
            blunders=judged.count("blunder"),
            matched_moves=counted,
        )
    return summaries


def turning_point(moves: Sequence[MoveAnalysis], loser: str | None) -> int | None:
    """The ply of the loser's move (either side's when nobody lost) that gave away the most
    winning chances, if that reaches the mistake threshold; the earliest one on a tie."""
    best_ply: int | None = None
    best_drop = MISTAKE_DROP
    for move in moves:
        if loser is not None and move.side != loser:
            continue
        drop = _drop(move)
        if drop >= best_drop and (best_ply is None or drop > best_drop):
            best_ply, best_drop = move.ply, drop
    return best_ply
