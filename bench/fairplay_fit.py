"""Fit the fair-play score (``dames_backend/fairplay/score_model.json``) on the labelled
corpus, reproducibly: the same corpus gives the same model, to the last digit.

- *References* (what people do): the pooled agreement of the people's sides (published
  games and human-like ones) with the judge and with ``fort``, the mean and spread of
  their accuracy, their pooled share of moves played after a hidden page, and the mean and
  spread of their share of time hidden. Each feature measures a game against them
  (``score.FEATURES``).
- *Weights*: a logistic regression of "bot" on the features, by full-batch gradient descent
  from zero (no randomness), each class weighed as a whole (the corpus has more people's
  sides than bots), and within the bots the engine-played sides and the relay twins each
  as half (350 synthetic twins would otherwise outweigh 32 engine-played sides and leave
  what only engines do, such as consulting behind a hidden page, unweighed), an L2 penalty
  ``PENALTY`` (the corpus separates, and unpenalised
  weights would run off), a people's side held counting ``PEOPLE_COST`` times a bot missed
  (a held person waits for a moderator; a missed bot can still be reported), and every
  weight kept ≥ 0 (no signal may make a game look more human than an honest one).
- *Bars*: hold from ``HOLD_BAR``; published games from ``REVIEW_BAR`` are near it (in the
  day's top ten, they go to the moderators).

    PYTHONPATH=engine_layer:backend_layer:. python bench/fairplay_fit.py [--check]

``--check`` refits and fails if the stored model differs (the lint of a hand edit).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dames_backend.fairplay.judge import JUDGE_VERSION
from dames_backend.fairplay.score import FEATURES, MODEL_PATH, References, ScoreModel

if TYPE_CHECKING:
    from bench.fairplay import Sample

PENALTY = 0.02
PEOPLE_COST = 4.0
STEPS = 4000
RATE = 0.5
HOLD_BAR = 0.5
REVIEW_BAR = 0.2
DIGITS = 4


def references(found: Sequence[Sample]) -> References:
    people = [s.signals for s in found if s.label == "human" and s.signals.judge_moves]
    moves = sum(s.judge_moves for s in people)
    accuracy = [s.judge_accuracy for s in people if s.judge_accuracy is not None]
    hidden = [s.paused_time_share for s in people]
    return References(
        judge_agreement=round(sum(s.judge_matched for s in people) / moves, DIGITS),
        reference_agreement=round(sum(s.reference_matched for s in people) / moves, DIGITS),
        accuracy=round(statistics.fmean(accuracy), 2),
        accuracy_spread=round(statistics.pstdev(accuracy), 2),
        pause_rate=round(sum(s.paused_moves for s in people)
                         / sum(s.moves for s in people), DIGITS),
        paused_time=round(statistics.fmean(hidden), DIGITS),
        paused_time_spread=round(statistics.pstdev(hidden), DIGITS),
    )


def _descend(rows: list[list[float]], labels: list[int], costs: list[float],
             ) -> tuple[float, list[float]]:
    """Projected gradient descent on the weighted, penalised log-loss (weights ≥ 0)."""
    size = len(rows[0])
    bias, weights = 0.0, [0.0] * size
    total = sum(costs)
    for _ in range(STEPS):
        grad_bias, grad = 0.0, [PENALTY * w for w in weights]
        for row, label, cost in zip(rows, labels, costs, strict=True):
            z = bias + sum(w * x for w, x in zip(weights, row, strict=True))
            error = cost * (1 / (1 + math.exp(-max(-60.0, min(60.0, z)))) - label) / total
            grad_bias += error
            for i, x in enumerate(row):
                grad[i] += error * x
        bias -= RATE * grad_bias
        weights = [max(0.0, w - RATE * g) for w, g in zip(weights, grad, strict=True)]
    return bias, weights


def fit(found: Sequence[Sample], version: str = JUDGE_VERSION) -> ScoreModel:
    """The model of these samples, judged by ``version`` (see the module docstring)."""
    refs = references(found)
    shell = ScoreModel(0.0, {}, refs, HOLD_BAR, REVIEW_BAR, {})
    names = list(FEATURES)
    rows = [[shell.features(s.signals)[name] for name in names] for s in found]
    labels = [1 if s.label == "bot" else 0 for s in found]
    kinds: dict[str, int] = {}
    for s in found:
        kinds[s.kind] = kinds.get(s.kind, 0) + 1
    relays = sum(s.synthetic for s in found)
    engines = sum(labels) - relays
    people = len(labels) - sum(labels)
    costs = [(0.25 / relays if s.synthetic else 0.25 / engines) if label
             else PEOPLE_COST * 0.5 / people for s, label in zip(found, labels, strict=True)]
    bias, weights = _descend(rows, labels, costs)
    return ScoreModel(
        bias=round(bias, DIGITS),
        weights={name: round(w, DIGITS) for name, w in zip(names, weights, strict=True)},
        references=refs, hold_bar=HOLD_BAR, review_bar=REVIEW_BAR,
        fitted_on={"judge": version, "sides": dict(sorted(kinds.items())),
                   "penalty": PENALTY, "peopleCost": PEOPLE_COST},
    )


def main() -> None:
    from bench.fairplay import samples

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    model = fit(list(samples()))
    text = json.dumps(model.to_dict(), indent=2, sort_keys=True) + "\n"
    if args.check:
        if MODEL_PATH.read_text() != text:
            sys.exit(f"{MODEL_PATH} is not what bench/fairplay_fit.py fits: refit it")
        return
    MODEL_PATH.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
