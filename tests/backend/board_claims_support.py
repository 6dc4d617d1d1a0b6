"""Claims written straight through ``boards.claims`` on one daily board, for the tests of what
the boards show and count. A claim is public only once its fair-play analysis publishes it:
``claim`` publishes it at once (as a clean verdict would) unless told otherwise."""

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
    published: bool = True,
) -> ClaimResult:
    """``player``'s claim of ``game_id`` on a board (the daily of ``DAY`` unless told), won
    at ``at``, then published (unless ``published`` is false) as its analysis would; returns
    the claim's own answer."""
    result = claims.record_claim(
        game_id=game_id, player=player, board=board,
        date=date if board == "daily" else None, score=score, pieces=pieces,
        seconds=seconds, achieved_at=at, pauses=pauses, paused_ms=paused_ms,
    )
    if published and result.status == "provisional":
        publish(game_id)
    return result


def publish(game_id: str) -> None:
    """The verdict of a clean analysis on ``game_id``'s claim."""
    from dames_backend.fairplay import review

    item = review.load_claim(game_id)
    assert item is not None, game_id
    review.decide(item, "published", ())


def claim_on_day(
    player: Player, game_id: str, score: int, at: str, *, pieces: int = 10, seconds: int = 300,
    published: bool = True,
) -> ClaimResult:
    """``player``'s claim of ``game_id`` on the board of ``DAY``, won at ``at`` (published
    unless told: the fair-play tests decide it themselves)."""
    return claim(player, game_id, score, at=at, pieces=pieces, seconds=seconds,
                 published=published)
