"""The fair-play verdict: a pure function of a game's signals → published, or held with the
reasons in plain words (the player reads them "under review"; a moderator decides).

The thresholds below are the ones docs/fair-play.md states, calibrated on the labelled
corpus in tests/fairplay/corpus (``bench/fairplay.py`` prints the rates). Each rule alone is
far from what people do against this computer: grandmasters matched the ``fort`` level on
about 30 % of their moves with a choice; a person's move times vary (lichess calls a
coefficient of variation under 0.25 "highly flat"); and nobody answers half their moves
within half a second of the computer's reply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from dames_backend.fairplay.signals import NEAR_FLOOR_MS, Signals

# Engine agreement, over the moves with a choice searched in full: held when a player who
# agrees with the engine on half their moves (more than grandmasters, about 30 %) would
# match this often by chance in fewer than 1 game in 100 — so a short game needs a higher
# share than a long one (8 of 8, 12 of 14, 30 of 45 …), and never under 60 %.
MIN_CHOICE_MOVES = 8
HUMAN_AGREEMENT = 0.5
ENGINE_CHANCE_HELD = 0.01
ENGINE_MATCH_HELD = 0.60
# With machine-like timing (flat, or at the floor), 1 game in 10 and 45 % are enough.
ENGINE_CHANCE_WITH_TIMING = 0.10
ENGINE_MATCH_WITH_TIMING = 0.45
# Move times (the first move left out, lichess's formula).
MIN_TIMED_MOVES = 10
FLOOR_SHARE_HELD = 0.50
FLAT_GAME_CV = 0.25
FLAT_WINDOW_CV = 0.13
# Pauses: a hidden tab before most moves is where an engine is consulted.
PAUSE_SHARE_HELD = 0.50
MIN_PAUSES = 8

State = Literal["published", "held"]


@dataclass(frozen=True)
class Verdict:
    state: State
    reasons: tuple[str, ...] = ()


def _percent(share: float) -> str:
    return f"{round(100 * share)} %"


def chance_of_matching(matched: int, moves: int, agreement: float = HUMAN_AGREEMENT) -> float:
    """The chance that a player agreeing with the engine with probability ``agreement`` on
    each move matches it on at least ``matched`` of ``moves`` (binomial tail)."""
    return sum(
        math.comb(moves, k) * agreement**k * (1 - agreement) ** (moves - k)
        for k in range(matched, moves + 1)
    )


def _best_match(signals: Signals) -> tuple[str, float, int] | None:
    """The level the player agreed with most: (level, share, moves it is over)."""
    found = [
        (level, rate, moves)
        for level, rate, moves in (
            ("fort", signals.match_fort, signals.fort_moves or signals.choice_moves),
            ("maitre", signals.match_maitre, signals.maitre_moves or signals.choice_moves),
        )
        if rate is not None and moves >= MIN_CHOICE_MOVES
    ]
    return max(found, key=lambda row: row[1]) if found else None


def _flat_timing(signals: Signals) -> bool:
    return (signals.time_cv is not None and signals.time_cv < FLAT_GAME_CV) or (
        signals.window_cv is not None and signals.window_cv < FLAT_WINDOW_CV
    )


def _engine_reasons(signals: Signals, timing_flagged: bool) -> list[str]:
    best = _best_match(signals)
    if best is None:
        return []
    level, rate, moves = best
    matched = round(rate * moves)
    bar = ENGINE_MATCH_WITH_TIMING if timing_flagged else ENGINE_MATCH_HELD
    chance = ENGINE_CHANCE_WITH_TIMING if timing_flagged else ENGINE_CHANCE_HELD
    if rate < bar or chance_of_matching(matched, moves) >= chance:
        return []
    return [
        f"{_percent(rate)} of the moves with a choice ({matched} of {moves}) were the "
        f"engine's first choice at level {level}: strong players agree with it on about 30 % "
        "of their moves."
    ]


def _timing_reasons(signals: Signals) -> list[str]:
    reasons = []
    if signals.moves >= MIN_TIMED_MOVES and signals.floor_share >= FLOOR_SHARE_HELD:
        reasons.append(
            f"{_percent(signals.floor_share)} of the moves were answered within "
            f"{NEAR_FLOOR_MS / 1000:.1f} s of the computer's reply."
        )
    paused_moves = round(signals.pause_share * signals.moves)
    if paused_moves >= MIN_PAUSES and signals.pause_share >= PAUSE_SHARE_HELD:
        reasons.append(
            f"{_percent(signals.pause_share)} of the moves were played after the page was "
            f"hidden ({signals.paused_ms // 1000} s paused against "
            f"{signals.playing_ms // 1000} s of play)."
        )
    return reasons


def judge(signals: Signals) -> Verdict:
    """Published, or held with every reason that applies."""
    reasons: list[str] = []
    if signals.banned:
        reasons.append("The player's entries were withdrawn by a moderator.")
    if signals.same_line_as:
        reasons.append("The same moves as another player's entry on this board.")
    timing = _timing_reasons(signals)
    flat = signals.moves > MIN_TIMED_MOVES and _flat_timing(signals)
    engine = _engine_reasons(signals, timing_flagged=bool(timing) or flat)
    reasons.extend(engine)
    reasons.extend(timing)
    if flat and engine:
        cv = signals.time_cv if signals.time_cv is not None else signals.window_cv
        reasons.append(
            f"Move times were machine-regular (variation {cv:.2f}; people: above "
            f"{FLAT_GAME_CV})."
        )
    return Verdict("held", tuple(reasons)) if reasons else Verdict("published")
