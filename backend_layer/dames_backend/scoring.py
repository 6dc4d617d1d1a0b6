"""The score of a won game: 3000 + 300 per own piece left − 1 per whole second, never < 0.

Only wins score; the figures come from the server's own board and clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BASE_POINTS = 3000
POINTS_PER_PIECE = 300


@dataclass(frozen=True)
class Score:
    """The breakdown shown to the player and entered in a leaderboard."""

    total: int
    base: int
    per_piece: int
    pieces: int
    seconds: int

    def as_json(self) -> dict[str, Any]:
        """The ``score`` object of a GameView."""
        return {
            "total": self.total,
            "base": self.base,
            "perPiece": self.per_piece,
            "pieces": self.pieces,
            "seconds": self.seconds,
        }


def win_score(pieces: int, elapsed_ms: int) -> Score:
    """Score of a win with ``pieces`` of the player's pieces left after ``elapsed_ms`` of play
    (seconds are whole seconds: the fraction is dropped, never rounded up)."""
    seconds = max(0, elapsed_ms) // 1000
    total = max(0, BASE_POINTS + POINTS_PER_PIECE * pieces - seconds)
    return Score(total, BASE_POINTS, POINTS_PER_PIECE, pieces, seconds)
