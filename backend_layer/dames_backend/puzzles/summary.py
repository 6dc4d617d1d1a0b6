"""The two small reads of the puzzle page: today's coup and the player's puzzle profile."""

from __future__ import annotations

from dames.puzzles import catalog

from dames_backend import clock
from dames_backend.daily import challenge as daily
from dames_backend.players.accounts import authenticate_player
from dames_backend.puzzles import attempts, store
from dames_backend.puzzles import daily as coup_du_jour
from dames_backend.puzzles.views import (
    PROVISIONAL_DEVIATION,
    DailyPuzzleView,
    PuzzleProfileView,
)


def daily_view(player_token: str | None) -> DailyPuzzleView:
    """Today's coup (chosen now if the rotation has not run) and, with a token, whether this
    player found it and their streak. Nothing of the position: that is the attempt's."""
    now = clock.utc_now()
    today = daily.today_utc(now)
    chosen, _ = coup_du_jour.ensure_day(today)
    puzzle = catalog.by_id().get(chosen) if chosen else None
    profile = None
    if player_token is not None:
        profile = store.read_profile(authenticate_player(player_token).player_id)
    live = store.read_puzzle_rating(puzzle.id, puzzle.rating)[0] if puzzle else None
    return DailyPuzzleView(
        date=today, puzzleId=puzzle.id if puzzle else None,
        rating=round(live.rating) if live else None,
        solved=(today in profile.daily_solved) if profile else None,
        dailyStreak=attempts.daily_streak(profile) if profile else None,
        secondsToNext=daily.seconds_until_next(now),
    )


def profile_view(player_token: str | None) -> PuzzleProfileView:
    profile = store.read_profile(authenticate_player(player_token).player_id)
    streak = attempts.daily_streak(profile)
    return PuzzleProfileView(
        rating=round(profile.rating.rating), deviation=round(profile.rating.deviation),
        provisional=profile.rating.deviation > PROVISIONAL_DEVIATION, rated=profile.rated,
        dailyStreak=streak,
    )
