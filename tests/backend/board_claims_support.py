"""Claims written straight through ``boards.claims`` on one daily board, for the tests of what
the boards show and count."""

from __future__ import annotations

from dames_backend.boards import claims
from dames_backend.boards.views import ClaimResult
from dames_backend.players.accounts import Player

DAY = "2026-11-28"
PK = f"BOARD#daily#{DAY}"


def claim(
    player: Player,
    game_id: str,
    score: int,
    *,
    at: str,
    board: str = "daily",
    date: str | None = DAY,
    pieces: int = 10,
    seconds: int = 100,
    pauses: int = 0,
    paused_ms: int = 0,
) -> ClaimResult:
    """``player``'s claim of ``game_id`` on a board (the daily of ``DAY`` unless told), won
    at ``at``."""
    return claims.record_claim(
        game_id=game_id, player=player, board=board,
        date=date if board == "daily" else None, score=score, pieces=pieces,
        seconds=seconds, achieved_at=at, pauses=pauses, paused_ms=paused_ms,
    )


def claim_on_day(
    player: Player, game_id: str, score: int, at: str, *, pieces: int = 10, seconds: int = 300
) -> ClaimResult:
    """``player``'s claim of ``game_id`` on the board of ``DAY``, won at ``at``."""
    return claim(player, game_id, score, at=at, pieces=pieces, seconds=seconds)
