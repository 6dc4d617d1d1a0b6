"""The verdict on a game's signals: one score with no cliffs, the two rules beside it, and
reasons as data that quote the figure that tripped, never across its bar (issue 32, bug 4).
"""

from __future__ import annotations

from dataclasses import replace

from dames_backend.fairplay import reasons
from dames_backend.fairplay.score import FEATURES, References, ScoreModel, current_model
from dames_backend.fairplay.signals import Signals
from dames_backend.fairplay.verdict import COPY_HELD_SHARE, COPY_MIN_MOVES, judge
from hypothesis import given
from hypothesis import strategies as st

# A model with round numbers, so that each test says what it expects of the formula; the
# fitted one (score_model.json) is tested on the corpus (test_corpus_verdict.py).
MODEL = ScoreModel(
    bias=-4.0,
    weights={"judge_excess": 0.6, "reference_excess": 0.2, "accuracy_excess": 0.8,
             "fast_share": 3.0, "floor_share": 3.0, "flatness": 2.0, "pause_excess": 0.15,
             "paused_time_excess": 0.1, "copy_share": 3.0},
    references=References(judge_agreement=0.35, reference_agreement=0.45, accuracy=85.0,
                          accuracy_spread=5.0, pause_rate=0.03, paused_time=0.07,
                          paused_time_spread=0.08),
    hold_bar=0.5, review_bar=0.2, fitted_on={},
)
PERSON = Signals(
    moves=45, judge_moves=40, judge_matched=14, reference_matched=18, judge_loss=30.0,
    judge_accuracy=84.0, fast_share=0.05, floor_share=0.0, median_ms=5200, time_cv=0.9,
    window_cv=0.5, pause_share=0.02, paused_ms=12_000, playing_ms=260_000,
)


def test_a_persons_game_is_published_with_a_low_score() -> None:
    verdict = judge(PERSON, MODEL)
    assert verdict.state == "published" and verdict.reasons == ()
    assert verdict.score < MODEL.review_bar and not verdict.review


def test_an_engines_accuracy_over_a_long_game_holds_it_and_says_so() -> None:
    engine = replace(PERSON, judge_matched=22, judge_accuracy=99.2, judge_loss=4.0)
    verdict = judge(engine, MODEL)
    assert verdict.state == "held" and verdict.score >= MODEL.hold_bar
    codes = [reason.code for reason in verdict.reasons]
    assert codes[0] == "score" and "accuracy" in codes
    accuracy = next(r for r in verdict.reasons if r.code == "accuracy")
    assert accuracy.figures == {"accuracy": 99.2, "moves": 40, "people": 85.0}


def test_staying_just_under_every_former_bar_does_not_pass() -> None:
    """Each of these alone was a cliff a script stayed one step short of (issue 29)."""
    sly = replace(PERSON, judge_matched=19, judge_accuracy=93.0, fast_share=0.45,
                  floor_share=0.3, time_cv=0.26, pause_share=0.45, paused_ms=200_000)
    assert judge(sly, MODEL).state == "held"
    for name in ("fast_share", "pause_share"):
        alone = replace(PERSON, **{name: getattr(sly, name)})
        assert judge(alone, MODEL).state == "published", name


def test_a_hidden_page_counts_before_strong_moves_only() -> None:
    """The page hidden before most moves (issue 29: 28 pauses, 327 s hidden for 387 s of
    play) is where an engine is consulted when the moves are strong; before weak ones it is a
    person called away, and it counts for nothing."""
    consulted = replace(PERSON, judge_accuracy=99.0, judge_matched=16, pause_share=28 / 45,
                        paused_ms=327_000, playing_ms=387_000)
    verdict = judge(consulted, MODEL)
    assert verdict.state == "held"
    hidden = next(r for r in verdict.reasons if r.code == "hidden-page")
    assert hidden.figures["share"] == 0.62
    called_away = replace(consulted, judge_accuracy=78.0)
    assert MODEL.features(called_away)["pause_excess"] == 0.0
    assert MODEL.features(called_away)["paused_time_excess"] == 0.0
    assert judge(called_away, MODEL).state == "published"
    # Between the two, the evidence grows with the strength of the moves: no cliff.
    middle = replace(consulted, judge_accuracy=83.0)
    assert 0 < MODEL.features(middle)["pause_excess"] < MODEL.features(consulted)["pause_excess"]


def test_a_short_game_proves_little_by_agreement() -> None:
    short = replace(PERSON, judge_moves=6, judge_matched=6, reference_matched=6)
    assert MODEL.features(short)["judge_excess"] == 0.0
    long = replace(PERSON, judge_moves=40, judge_matched=40)
    assert MODEL.features(long)["judge_excess"] > 5


def test_accuracy_counts_in_full_only_over_a_long_game() -> None:
    high = replace(PERSON, judge_accuracy=99.0)
    short = replace(high, judge_moves=10, judge_matched=4)
    assert 0 < MODEL.features(short)["accuracy_excess"] < MODEL.features(high)["accuracy_excess"]


@given(st.sampled_from(sorted(FEATURES)), st.floats(0.0, 1.0))
def test_more_of_any_signal_never_lowers_the_score(name: str, step: float) -> None:
    """Weights are ≥ 0 and each feature grows with its signal: no signal makes a game look
    more human, in the fitted model as in this one."""
    for model in (MODEL, current_model()):
        assert all(weight >= 0 for weight in model.weights.values())
        worse = {
            "judge_excess": {"judge_matched": PERSON.judge_matched + round(20 * step)},
            "reference_excess": {"reference_matched": PERSON.reference_matched
                                 + round(20 * step)},
            "accuracy_excess": {"judge_accuracy": 84.0 + 16 * step},
            "fast_share": {"fast_share": 0.05 + 0.95 * step},
            "floor_share": {"floor_share": step},
            "flatness": {"time_cv": 0.9 - 0.9 * step},
            "pause_excess": {"pause_share": 0.02 + 0.98 * step},
            "paused_time_excess": {"paused_ms": 12_000 + int(500_000 * step)},
            "copy_share": {"copy_common": round(40 * step), "copy_moves": 40},
        }[name]
        assert model.score(replace(PERSON, **worse)) >= model.score(PERSON)  # type: ignore[arg-type]


def test_a_near_copy_is_held_by_its_share_and_a_short_overlap_is_not() -> None:
    copied = replace(PERSON, copy_of="p_other", copy_common=35, copy_moves=50)
    assert copied.copy_share >= COPY_HELD_SHARE
    verdict = judge(copied, MODEL)
    assert verdict.state == "held"
    near = next(r for r in verdict.reasons if r.code == "near-copy")
    assert near.figures == {"share": 0.7, "common": 35, "moves": 50}
    opening = replace(PERSON, copy_of="p_other", copy_common=COPY_MIN_MOVES - 1,
                      copy_moves=COPY_MIN_MOVES - 1)
    assert "near-copy" not in {r.code for r in judge(opening, MODEL).reasons}


def test_a_banned_player_is_held_whatever_the_score() -> None:
    verdict = judge(replace(PERSON, banned=True), MODEL)
    assert verdict.state == "held" and verdict.reasons[0].code == "banned"


def test_near_the_bar_a_published_game_is_for_the_moderators() -> None:
    edge = replace(PERSON, judge_matched=17, judge_accuracy=97.0)
    verdict = judge(edge, MODEL)
    assert verdict.state == "published"
    assert MODEL.review_bar <= verdict.score < MODEL.hold_bar and verdict.review


def test_a_masters_accuracy_in_the_top_ten_waits_for_a_moderator() -> None:
    """Published below the top ten; held in it, with the accuracy and its bar (a spread
    below the people's: 80.0 here) quoted for the page."""
    paced = replace(PERSON, judge_accuracy=93.0)
    assert judge(paced, MODEL).state == "published"
    verdict = judge(paced, MODEL, top_ten=True)
    assert verdict.state == "held" and [r.code for r in verdict.reasons] == ["masterly-top-ten"]
    assert verdict.reasons[0].figures == {"accuracy": 93.0, "moves": 40, "bar": 80.0, "top": 10}
    assert verdict.score < MODEL.hold_bar


def test_a_casual_or_short_game_in_the_top_ten_is_published() -> None:
    assert judge(replace(PERSON, judge_accuracy=79.9), MODEL, top_ten=True).state == "published"
    short = replace(PERSON, judge_accuracy=99.0, judge_moves=29, judge_matched=10)
    assert judge(short, MODEL, top_ten=True).state == "published"
    assert judge(replace(PERSON, judge_accuracy=None), MODEL, top_ten=True).state == "published"


def test_a_held_claim_in_the_top_ten_keeps_its_own_reasons() -> None:
    engine = replace(PERSON, judge_matched=22, judge_accuracy=99.2, judge_loss=4.0)
    codes = [r.code for r in judge(engine, MODEL, top_ten=True).reasons]
    assert codes[0] == "score" and "masterly-top-ten" not in codes


def test_a_figure_is_never_quoted_across_its_bar() -> None:
    """0.2499 was shown as "0.25; people: above 0.25" (issue 32, bug 4)."""
    assert reasons.quoted(0.2499, 0.25) == 0.24
    assert reasons.quoted(0.2501, 0.25) == 0.26
    assert reasons.quoted(0.25, 0.25) == 0.25
    assert reasons.quoted(0.123, 0.5) == 0.12  # far from the bar: plain rounding down
    assert reasons.quoted(97.96, 98.0, 1) == 97.9


@given(st.floats(0.0, 2.0), st.floats(0.01, 1.5))
def test_quoted_keeps_the_side_of_the_bar(value: float, bar: float) -> None:
    shown = reasons.quoted(value, bar)
    if value < bar:
        assert shown < bar
    elif value > bar:
        assert shown > bar


def test_flat_times_quote_the_figure_that_tripped() -> None:
    """The window's 0.05 tripped its 0.20 bar: the game's 0.56 is not the figure to quote."""
    reason = reasons.flat_times(replace(PERSON, time_cv=0.56, window_cv=0.05), 0.40, 0.20)
    assert reason.figures == {"cv": 0.05, "bar": 0.2, "over": "15"}
    assert "over 15 moves in a row (variation 0.05; people: above 0.20)" in reason.text
    game = reasons.flat_times(replace(PERSON, time_cv=0.2499, window_cv=0.3), 0.25, 0.13)
    assert game.figures == {"cv": 0.24, "bar": 0.25, "over": "all"}


def test_reasons_are_data_the_page_can_word() -> None:
    stored = reasons.hidden_page(replace(PERSON, pause_share=0.56, paused_ms=327_400,
                                         playing_ms=387_900))
    assert stored.code == "hidden-page"
    assert stored.figures == {"share": 0.56, "pausedSeconds": 327, "playSeconds": 387}
    assert type(stored).from_stored(stored.stored()) == stored
    old = type(stored).from_stored("The player's entries were withdrawn by a moderator.")
    assert (old.code, old.figures) == ("note", {})


def test_a_reference_without_spread_scores_no_evidence_rather_than_failing() -> None:
    """A refit on people who never hid the page (or all agreed, or all scored alike) gives a
    reference with no spread: the features it scales say nothing, the job does not crash."""
    flat = replace(MODEL, references=replace(MODEL.references, pause_rate=0.0, paused_time=0.0,
                                             paused_time_spread=0.0, accuracy_spread=0.0))
    hidden = replace(PERSON, judge_accuracy=99.0, pause_share=0.6, paused_ms=300_000)
    features = flat.features(hidden)
    assert features["pause_excess"] == 0.0 and features["paused_time_excess"] == 0.0
    assert 0.0 < flat.score(hidden) < 1.0
