"""One fair-play score from all the signals: no single bar a script can stay just under.

Each *feature* turns a signal into "how far beyond what people do" (0 where people are),
so that a game a little suspicious on several counts adds up. A logistic model over them,
``p = 1 / (1 + e^-(bias + Σ weight × feature))``, gives the score in 0–1; its weights and
the people's references the features measure against are fitted on the labelled corpus
(tests/fairplay/corpus) by ``bench/fairplay_fit.py`` and stored in ``score_model.json``
beside this module — refit, never edit by hand. Weights are kept ≥ 0: no signal can make a
game look *more* human than an honest one.

The verdict (``verdict``) holds a claim from ``HOLD_BAR`` and sends a published one near it
(``REVIEW_BAR`` and up, in the day's top ten) to the moderators.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from dames_backend.fairplay.signals import Signals

MODEL_PATH = Path(__file__).with_name("score_model.json")
# Agreement counts as evidence over this many moves at least (a short game proves little).
MIN_EVIDENCE_MOVES = 8
# "A long game": accuracy counts in full from this many judged moves.
LONG_GAME_MOVES = 30
# lichess: a coefficient of variation under 0.40 is "moderately flat" (0.25 "highly").
FLAT_CV = 0.40
FLAT_WINDOW_CV = 0.20


@dataclass(frozen=True)
class References:
    """What people do, as the corpus's published games and human-like ones measured it."""

    judge_agreement: float
    reference_agreement: float
    accuracy: float
    accuracy_spread: float
    # The share of people's moves played after the page was hidden, and of their time hidden.
    pause_rate: float
    paused_time: float
    paused_time_spread: float


def excess(matched: int, moves: int, people: float) -> float:
    """How many standard deviations above a person's agreement ``people`` this is
    (binomial), 0 below it or under ``MIN_EVIDENCE_MOVES``."""
    spread = math.sqrt(moves * people * (1 - people))
    if moves < MIN_EVIDENCE_MOVES or spread == 0:  # a reference of 0 or 1 gives no scale
        return 0.0
    return max(0.0, (matched - people * moves) / spread)


def _accuracy(signals: Signals, refs: References) -> float:
    if signals.judge_accuracy is None or refs.accuracy_spread <= 0:
        return 0.0
    weight = min(1.0, signals.judge_moves / LONG_GAME_MOVES)
    return weight * max(0.0, (signals.judge_accuracy - refs.accuracy) / refs.accuracy_spread)


def strong_play_floor(refs: References) -> float:
    """The accuracy where strong play starts: a spread below the people's (the published
    masters' mostly), above most of this site's players (the human-like games: 79–92)."""
    return refs.accuracy - refs.accuracy_spread


def _strong_play(signals: Signals, refs: References) -> float:
    """0 for an accuracy at ``strong_play_floor`` or below, 1 from the people's accuracy up,
    linear between: the page hidden before strong moves is where an engine is consulted;
    before weak ones it is a person answering the phone."""
    if signals.judge_accuracy is None or refs.accuracy_spread <= 0:
        return 0.0
    floor = strong_play_floor(refs)
    return min(1.0, max(0.0, (signals.judge_accuracy - floor) / refs.accuracy_spread))


def masterly(signals: Signals, refs: References) -> bool:
    """A long game (``LONG_GAME_MOVES`` judged at least) played at strong play's accuracy:
    as accurate as a master's, which is as accurate as an engine's at a person's pace."""
    return (signals.judge_accuracy is not None and refs.accuracy_spread > 0
            and signals.judge_moves >= LONG_GAME_MOVES
            and signals.judge_accuracy >= strong_play_floor(refs))


def _pauses(signals: Signals, refs: References) -> float:
    """How far beyond people's the number of moves played after a hidden page is (binomial
    standard deviations, as the agreement), weighed by how strong the moves were."""
    return excess(signals.paused_moves, signals.moves, refs.pause_rate) * \
        _strong_play(signals, refs)


def _paused_time(signals: Signals, refs: References) -> float:
    """How far beyond people's the share of time hidden is (their spreads), weighed likewise."""
    if refs.paused_time_spread <= 0:  # people who never hid the page: nothing to measure by
        return 0.0
    beyond = max(0.0, (signals.paused_time_share - refs.paused_time) / refs.paused_time_spread)
    return beyond * _strong_play(signals, refs)


def _flatness(signals: Signals) -> float:
    game = 0.0 if signals.time_cv is None else max(0.0, FLAT_CV - signals.time_cv) / FLAT_CV
    window = 0.0 if signals.window_cv is None else \
        max(0.0, FLAT_WINDOW_CV - signals.window_cv) / FLAT_WINDOW_CV
    return max(game, window)


Feature = Callable[[Signals, References], float]
FEATURES: dict[str, Feature] = {
    "judge_excess": lambda s, r: excess(s.judge_matched, s.judge_moves, r.judge_agreement),
    "reference_excess": lambda s, r: excess(s.reference_matched, s.judge_moves,
                                            r.reference_agreement),
    "accuracy_excess": _accuracy,
    "fast_share": lambda s, r: s.fast_share,
    "floor_share": lambda s, r: s.floor_share,
    "flatness": lambda s, r: _flatness(s),
    "pause_excess": _pauses,
    "paused_time_excess": _paused_time,
    "copy_share": lambda s, r: s.copy_share,
}


@dataclass(frozen=True)
class ScoreModel:
    bias: float
    weights: dict[str, float]
    references: References
    hold_bar: float
    review_bar: float
    fitted_on: dict[str, Any]

    def features(self, signals: Signals) -> dict[str, float]:
        return {name: feature(signals, self.references) for name, feature in FEATURES.items()}

    def contributions(self, signals: Signals) -> dict[str, float]:
        """Each feature's part of the score's log-odds (0 for a feature at people's level)."""
        return {name: self.weights.get(name, 0.0) * value
                for name, value in self.features(signals).items()}

    def score(self, signals: Signals) -> float:
        z = self.bias + sum(self.contributions(signals).values())
        return 1 / (1 + math.exp(-max(-60.0, min(60.0, z))))

    def to_dict(self) -> dict[str, Any]:
        return {
            "bias": self.bias, "weights": self.weights,
            "references": self.references.__dict__, "holdBar": self.hold_bar,
            "reviewBar": self.review_bar, "fittedOn": self.fitted_on,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScoreModel:
        return cls(
            bias=float(data["bias"]),
            weights={str(k): float(v) for k, v in data["weights"].items()},
            references=References(**data["references"]),
            hold_bar=float(data["holdBar"]),
            review_bar=float(data["reviewBar"]),
            fitted_on=dict(data.get("fittedOn", {})),
        )


@cache
def current_model() -> ScoreModel:
    """The fitted model the server applies (read once per process)."""
    return ScoreModel.from_dict(json.loads(MODEL_PATH.read_text()))
