"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012), as lichess rates puzzles.

lichess (``lila/modules/puzzle``) plays each first attempt as one rated game between the
player and the puzzle, both with a Glicko-2 rating, deviation and volatility: a solve is a
win for the player, anything else a loss. The system constant τ is lichess's 0.75, a new
player starts at lichess's 1500 ± 500 with volatility 0.09, and the deviation stays between
45 and 500 and the volatility under 0.1, as in lila's ``Glicko`` bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's conversion between the rating scale and its internal one
TAU = 0.75
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 500.0
DEFAULT_VOLATILITY = 0.09
MIN_DEVIATION = 45.0
MAX_DEVIATION = 500.0
MAX_VOLATILITY = 0.1
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois iteration on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) \
            - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


def rate(player: Rating, games: Sequence[tuple[Rating, float]], *, tau: float = TAU,
         bounded: bool = True) -> Rating:
    """``player``'s rating after one rating period of ``games`` ((opponent, score 0/0.5/1)).
    ``bounded`` applies lichess's bounds (off to check the paper's own example)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(opponent.deviation / SCALE)
        expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
        inverse_v += g * g * expected * (1 - expected)
        improvement += g * (score - expected)
    v = 1 / inverse_v
    sigma = _new_volatility(player.volatility, phi, v, v * improvement, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * improvement
    rating, deviation = SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new
    if bounded:
        deviation = max(MIN_DEVIATION, min(MAX_DEVIATION, deviation))
        sigma = min(MAX_VOLATILITY, sigma)
    return Rating(rating, deviation, sigma)


def play(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One attempt as one game: the player's and the puzzle's new ratings."""
    score = 1.0 if solved else 0.0
    return rate(player, [(puzzle, score)]), rate(puzzle, [(player, 1.0 - score)])
