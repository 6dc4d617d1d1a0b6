"""The score of a won game: 3000 + 300 per own piece left − 1 per whole second, never < 0.

Only wins score; the figures come from the server's own board and clock.
"""

from __future__ import annotations

from pydantic import BaseModel

BASE_POINTS = 3000
POINTS_PER_PIECE = 300


class Score(BaseModel):
    """How a win scored: ``base + perPiece × pieces − seconds``, never below 0. Stored with
    the game as it is shown (the GameView's ``score``) and entered in a leaderboard."""

    total: int
    base: int
    perPiece: int
    pieces: int
    seconds: int


def win_score(pieces: int, elapsed_ms: int) -> Score:
    """Score of a win with ``pieces`` of the player's pieces left after ``elapsed_ms`` of play
    (seconds are whole seconds: the fraction is dropped, never rounded up)."""
    seconds = max(0, elapsed_ms) // 1000
    total = max(0, BASE_POINTS + POINTS_PER_PIECE * pieces - seconds)
    return Score(
        total=total, base=BASE_POINTS, perPiece=POINTS_PER_PIECE, pieces=pieces, seconds=seconds
    )
