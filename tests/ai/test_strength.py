"""Matches between levels: the ladder of levels is a real ladder (slow: minutes)."""

from __future__ import annotations

import pytest
from dames.ai.match import play_game


def match_points(strong: str, weak: str, games: int, prefix: str) -> list[float]:
    """The strong level's points per game, alternating colours, one fixed seed per game."""
    points = []
    for game in range(games):
        strong_is_white = game % 2 == 0
        white, black = (strong, weak) if strong_is_white else (weak, strong)
        record = play_game(white, black, f"{prefix}-{game}")
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
