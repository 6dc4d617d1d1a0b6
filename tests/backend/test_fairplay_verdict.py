"""The verdict's rules, each on the signals it reads (the corpus test checks them together on
labelled games), and the signals' formulas."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dames_backend.fairplay.signals import (
    Signals,
    coefficient_of_variation,
    lowest_window_cv,
    timing_signals,
)
from dames_backend.fairplay.verdict import chance_of_matching, judge

PERSON = Signals(
    moves=40, choice_moves=30, match_fort=0.33, match_maitre=0.30, accuracy=78.0,
    average_loss=35.0, floor_share=0.0, time_cv=0.9, window_cv=0.45, pause_share=0.05,
    paused_ms=30_000, playing_ms=240_000,
)


def test_a_persons_game_is_published() -> None:
    assert judge(PERSON).state == "published" and judge(PERSON).reasons == ()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"match_fort": 0.85}, "engine's first choice at level fort"),
        ({"match_maitre": 0.72}, "level maitre"),
        ({"floor_share": 0.8}, "within 0.5 s"),
        ({"pause_share": 0.9, "paused_ms": 400_000}, "after the page was hidden"),
        ({"same_line_as": "p_other"}, "same moves as another player's entry"),
        ({"banned": True}, "withdrawn by a moderator"),
        ({"match_fort": 0.65, "time_cv": 0.2}, "machine-regular"),
    ],
)
def test_each_rule_holds_with_its_reason_in_plain_words(
    change: dict[str, object], words: str
) -> None:
    verdict = judge(replace(PERSON, **change))  # type: ignore[arg-type]
    assert verdict.state == "held"
    assert any(words in reason for reason in verdict.reasons), verdict.reasons


def test_too_short_a_game_says_nothing_about_engine_agreement() -> None:
    assert judge(replace(PERSON, choice_moves=5, match_fort=1.0)).state == "published"
    assert judge(replace(PERSON, match_fort=0.65)).state == "published"  # not with human times


def test_a_short_game_needs_a_higher_share_than_a_long_one() -> None:
    """70 % of 10 moves happens by chance; 70 % of 40 does not (a 1-in-100 bar)."""
    short = replace(PERSON, choice_moves=10, fort_moves=10, match_fort=0.7)
    long = replace(PERSON, choice_moves=40, fort_moves=40, match_fort=0.7)
    assert judge(short).state == "published" and judge(long).state == "held"
    assert chance_of_matching(7, 10) == pytest.approx(0.171875)
    assert chance_of_matching(8, 8) == pytest.approx(1 / 256)


def test_coefficient_of_variation_as_lichess_computes_it() -> None:
    assert coefficient_of_variation([1000, 1000, 1000]) == 0.0
    # 0.1 s padding: [0.2, 0.4, 0.6] → sd 0.1633 / mean 0.4
    assert coefficient_of_variation([100, 300, 500]) == pytest.approx(0.40825, rel=1e-4)
    assert coefficient_of_variation([100, 300]) is None
    flat_stretch = [5000, 200, 9000, *([2000] * 15), 300]
    assert lowest_window_cv(flat_stretch) == 0.0


def test_timing_signals_drop_the_first_move_and_count_pauses() -> None:
    found = timing_signals([60_000, 100, 120, 110, 2000], [0, 0, 5000, 0, 7000])
    assert found["moves"] == 5 and found["floor_share"] == 3 / 5
    assert found["time_cv"] == coefficient_of_variation([100, 120, 110, 2000])
    assert (found["pause_share"], found["paused_ms"]) == (2 / 5, 12_000)
    assert found["playing_ms"] == 60_000 + 300 * 3 + 2000
