"""Matches between levels: the ladder of levels is a real ladder (slow: minutes)."""

from __future__ import annotations

import pytest
from dames.ai.match import play_game


def match_points(
    strong: str, weak: str, games: int, prefix: str, variant: str = "international"
) -> list[float]:
    """The strong level's points per game, alternating colours, one fixed seed per game."""
    points = []
    for game in range(games):
        strong_is_white = game % 2 == 0
        white, black = (strong, weak) if strong_is_white else (weak, strong)
        record = play_game(white, black, f"{prefix}-{game}", variant=variant)
        strong_colour = "white" if strong_is_white else "black"
        if record.winner == strong_colour:
            points.append(1.0)
        elif record.winner is None:
            points.append(0.5)
        else:
            points.append(0.0)
    return points


@pytest.mark.slow
def test_defi_beats_debutant_in_every_game() -> None:
    assert match_points("defi", "debutant", 10, "ladder-a") == [1.0] * 10


@pytest.mark.slow
def test_fort_scores_at_least_seven_of_ten_against_facile() -> None:
    assert sum(match_points("fort", "facile", 10, "ladder-b")) >= 7


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["brazilian", "english", "italian"])
def test_fort_scores_at_least_nine_of_twelve_against_facile_on_8x8(variant: str) -> None:
    # 8×8 games are short (about 20 s for the twelve on one loaded core); the seeded random
    # first two moves of each side make the games differ. Measured: brazilian 10, english 12,
    # italian 11.5 of 12.
    assert sum(match_points("fort", "facile", 12, f"ladder-{variant}", variant)) >= 9
