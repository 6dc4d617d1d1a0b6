"""The fair-play verdict: a pure function of a game's signals → published or held, with
the reasons as data (``reasons``), and whether a published one deserves a moderator's look.

One score decides (``score``: a logistic model fitted on the labelled corpus, so that
being a little suspicious on several counts adds up, where each of the former bars was a
cliff a script stayed one step short of). Beside it, two rules hold whatever the score:
a banned player, and a line that is mostly another entry's (``COPY_HELD_SHARE`` of the
moves, over ``COPY_MIN_MOVES`` at least). When the score holds, the reasons quote the
signals that made it, largest part first, each with what people do.

A third rule is the product's choice for the top of a board: a long game as accurate as a
master's (``score.masterly``) that would rank in the board's top ten waits for a moderator.
The moves cannot tell a grandmaster from an engine played at a person's pace (docs/fair-play.md,
"Calibration"); the score publishes both, and a machine's win must never reach the top of a
public board. Below the top ten such a game is published, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dames_backend.boards.entries import BANNED_REASON
from dames_backend.boards.views import Reason
from dames_backend.fairplay import reasons
from dames_backend.fairplay.judge import REFERENCE_LEVEL
from dames_backend.fairplay.score import (
    FLAT_CV,
    FLAT_WINDOW_CV,
    ScoreModel,
    current_model,
    masterly,
    strong_play_floor,
)
from dames_backend.fairplay.signals import Signals

COPY_HELD_SHARE = 0.6
COPY_MIN_MOVES = 15
# "The board's top ten": where a masterly game waits for a moderator, and where a published
# claim near the bar goes to their queue.
REVIEW_TOP = 10
# The reasons quoted for a held score: the features with at least this part of the
# log-odds, at most this many.
REASON_MIN_PART = 0.5
MAX_REASONS = 3

State = Literal["published", "held"]


@dataclass(frozen=True)
class Verdict:
    state: State
    reasons: tuple[Reason, ...] = ()
    score: float = 0.0
    review: bool = False  # published near the bar: for the moderators if in the top ten


def _feature_reason(name: str, signals: Signals, model: ScoreModel) -> Reason:
    refs = model.references
    if name == "judge_excess":
        return reasons.judge_agreement(signals, refs.judge_agreement)
    if name == "reference_excess":
        return reasons.reference_agreement(signals, refs.reference_agreement, REFERENCE_LEVEL)
    if name == "accuracy_excess":
        return reasons.accuracy(signals, refs.accuracy)
    if name in ("fast_share", "floor_share"):
        return reasons.fast_answers(signals)
    if name == "flatness":
        return reasons.flat_times(signals, FLAT_CV, FLAT_WINDOW_CV)
    if name in ("pause_excess", "paused_time_excess"):
        return reasons.hidden_page(signals)
    return reasons.near_copy(signals)


def _score_reasons(signals: Signals, model: ScoreModel, score: float) -> list[Reason]:
    parts = sorted(model.contributions(signals).items(), key=lambda item: -item[1])
    found = [reasons.score_reason(score, model.hold_bar)]
    for name, part in parts:
        if part < REASON_MIN_PART or len(found) > MAX_REASONS:
            break
        reason = _feature_reason(name, signals, model)
        if all(reason.code != known.code for known in found):
            found.append(reason)
    return found


def copied(signals: Signals) -> bool:
    return signals.copy_moves >= COPY_MIN_MOVES and signals.copy_share >= COPY_HELD_SHARE


def judge(signals: Signals, model: ScoreModel | None = None, *,
          top_ten: bool = False) -> Verdict:
    """Published, or held with every reason that applies; ``top_ten``: the claim would rank
    in its board's top ``REVIEW_TOP``."""
    model = model or current_model()
    score = model.score(signals)
    found: list[Reason] = []
    if signals.banned:
        found.append(BANNED_REASON)
    if copied(signals):
        found.append(reasons.near_copy(signals))
    if score >= model.hold_bar:
        found.extend(r for r in _score_reasons(signals, model, score)
                     if all(r.code != known.code for known in found))
    if top_ten and not found and masterly(signals, model.references):
        floor = strong_play_floor(model.references)
        found.append(reasons.masterly_top_ten(signals, floor, REVIEW_TOP))
    if found:
        return Verdict("held", tuple(found), score)
    return Verdict("published", (), score, review=score >= model.review_bar)
