"""The reasons a claim is held, as data: a code and its figures (``boards.views.Reason``).

The page words each code in the reader's language (frontend/js/fairplay-words.js); the
``text`` here is the English for the command line and for older pages. A figure quoted
beside the people's reference or a bar is rounded away from it (``quoted``), so that
"0.25; people: above 0.25" cannot be written for 0.2499 (issue 32, bug 4): the figure
quoted is the one that tripped, never another one.
"""

from __future__ import annotations

import math

from dames_backend.boards.views import Reason
from dames_backend.fairplay.signals import FAST_MS, Signals

# The codes the moderators' list sorts by (``moderation.review_list``).
MASTERLY_TOP_TEN = "masterly-top-ten"
ANALYSIS_FAILED = "analysis-failed"


def quoted(value: float, bar: float, digits: int = 2) -> float:
    """``value`` rounded to ``digits`` decimals, away from ``bar``: a value below the bar
    never reads as the bar or above it, nor a value above it as the bar or below."""
    unit = 10.0 ** -digits
    if value < bar:
        shown = math.floor(value / unit + 1e-9) * unit
        shown = min(shown, bar - unit) if shown >= bar else shown
    elif value > bar:
        shown = math.ceil(value / unit - 1e-9) * unit
        shown = max(shown, bar + unit) if shown <= bar else shown
    else:
        shown = value
    return round(shown, digits)


def _pct(share: float) -> str:
    return f"{round(100 * share)} %"


def score_reason(score: float, bar: float) -> Reason:
    shown = quoted(score, bar)
    return Reason(code="score", figures={"score": shown, "bar": bar},
                  text=f"The game's fair-play score is {shown:.2f} (held from {bar:.2f}): "
                  "the signals below add up.")


def judge_agreement(signals: Signals, people: float) -> Reason:
    share = quoted(signals.judge_matched / signals.judge_moves, people)
    return Reason(
        code="judge-agreement",
        figures={"share": share, "matched": signals.judge_matched,
                 "moves": signals.judge_moves, "people": round(people, 2)},
        text=f"{_pct(share)} of the moves with a choice ({signals.judge_matched} of "
        f"{signals.judge_moves}) were the strong engine's first choice; people: about "
        f"{_pct(people)}.",
    )


def reference_agreement(signals: Signals, people: float, level: str) -> Reason:
    share = quoted(signals.reference_matched / signals.judge_moves, people)
    return Reason(
        code="reference-agreement",
        figures={"share": share, "matched": signals.reference_matched,
                 "moves": signals.judge_moves, "people": round(people, 2), "level": level},
        text=f"{_pct(share)} of the moves with a choice ({signals.reference_matched} of "
        f"{signals.judge_moves}) were the first choice of level {level}; people: about "
        f"{_pct(people)}.",
    )


def accuracy(signals: Signals, people: float) -> Reason:
    value = quoted(signals.judge_accuracy or 0.0, people, 1)
    return Reason(
        code="accuracy",
        figures={"accuracy": value, "moves": signals.judge_moves, "people": round(people, 1)},
        text=f"An accuracy of {value:.1f} % over {signals.judge_moves} moves with a choice; "
        f"people: about {people:.1f} %.",
    )


def masterly_top_ten(signals: Signals, floor: float, top: int) -> Reason:
    value = quoted(signals.judge_accuracy or 0.0, floor, 1)
    return Reason(
        code=MASTERLY_TOP_TEN,
        figures={"accuracy": value, "moves": signals.judge_moves, "bar": round(floor, 1),
                 "top": top},
        text=f"An accuracy of {value:.1f} % over {signals.judge_moves} moves with a choice, "
        f"a master's (from {floor:.1f} %), in the board's top {top}: a moderator looks at "
        "such a game before it is public, as an engine played at a person's pace looks "
        "the same.",
    )


def fast_answers(signals: Signals) -> Reason:
    return Reason(
        code="fast-answers",
        figures={"share": round(signals.fast_share, 2), "seconds": FAST_MS / 1000,
                 "floorShare": round(signals.floor_share, 2)},
        text=f"{_pct(signals.fast_share)} of the moves with a choice were answered within "
        f"{FAST_MS / 1000:.0f} s of the computer's reply ({_pct(signals.floor_share)} at "
        "the clock's floor).",
    )


def flat_times(signals: Signals, game_bar: float, window_bar: float) -> Reason:
    """The figure that is flatter against its own bar is the one quoted."""
    game = signals.time_cv
    window = signals.window_cv
    game_gap = 1.0 if game is None else game / game_bar
    window_gap = 1.0 if window is None else window / window_bar
    if window is not None and window_gap < game_gap:
        cv, bar, over = quoted(window, window_bar), window_bar, "15"
    else:
        cv, bar, over = quoted(game or 0.0, game_bar), game_bar, "all"
    where = "over 15 moves in a row" if over == "15" else "over the game"
    return Reason(
        code="flat-times", figures={"cv": cv, "bar": bar, "over": over},
        text=f"Move times were machine-regular {where} (variation {cv:.2f}; people: above "
        f"{bar:.2f}).",
    )


def hidden_page(signals: Signals) -> Reason:
    return Reason(
        code="hidden-page",
        figures={"share": round(signals.pause_share, 2),
                 "pausedSeconds": signals.paused_ms // 1000,
                 "playSeconds": signals.playing_ms // 1000},
        text=f"{_pct(signals.pause_share)} of the moves were played after the page was "
        f"hidden ({signals.paused_ms // 1000} s hidden against {signals.playing_ms // 1000} s "
        "of play).",
    )


def near_copy(signals: Signals) -> Reason:
    share = round(signals.copy_share, 2)
    return Reason(
        code="near-copy",
        figures={"share": share, "common": signals.copy_common, "moves": signals.copy_moves},
        text=f"{_pct(share)} of the moves ({signals.copy_common} of {signals.copy_moves}) "
        "were played in the same positions, with the same replies, as in another entry on "
        "this board.",
    )


def analysis_failed(attempts: int) -> Reason:
    return Reason(code=ANALYSIS_FAILED, figures={"attempts": attempts},
                  text=f"The fair-play analysis failed ({attempts} attempts): a moderator "
                  "will look at this game.")


RELEASED = Reason(code="released", text="Released by a moderator.")
MODERATOR_HOLD = Reason(code="moderator", text="Held by a moderator.")
