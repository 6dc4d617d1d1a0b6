"""A rated attempt's result, applied once: the player's and the puzzle's Glicko-2 ratings.

As lichess: only a player's first attempt at a puzzle is rated (the puzzle joins the
profile's ``seen`` when that attempt starts, so no later attempt, and no replay of this one,
can be rated again); it is won only if solved without a wrong move and without a hint; it is
decided at the first wrong move or hint (a loss then and there, whatever follows), at the
solve, at "show the solution", or, for an attempt left unfinished, as a loss when the
player starts another one. The result and the player's new rating are written in one
transaction with the attempt; the puzzle's own rating follows (skipped if another attempt
rated it at the same moment).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from dames.puzzles.model import Puzzle

from dames_backend.errors import ApiError
from dames_backend.puzzles import glicko, store
from dames_backend.puzzles.store import Attempt, Profile, Write

Result = Literal["win", "loss", "void"]


def decide(attempt: Attempt, puzzle: Puzzle, result: Result,
           profile: Profile) -> tuple[Attempt, Profile]:
    """The attempt and profile once ``attempt``'s rated result is known (unchanged when the
    attempt is unrated or already decided). ``void``: the attempt is spent (a first attempt
    is never rated again) but moves no rating. Writes only the puzzle's rating; the caller
    commits the two returned items together."""
    if not attempt.rated or attempt.outcome is not None or attempt.player_id is None:
        return attempt, profile
    open_attempt = None if profile.open_attempt == attempt.attempt_id else profile.open_attempt
    if result == "void":
        return replace(attempt, outcome="void"), replace(profile, open_attempt=open_attempt)
    puzzle_rating, version = store.read_puzzle_rating(puzzle.id, puzzle.rating)
    player_new, puzzle_new = glicko.play(profile.rating, puzzle_rating, result == "win")
    store.write_puzzle_rating(puzzle.id, puzzle_new, version)
    decided = replace(attempt, outcome=result, rating_before=profile.rating.rating,
                      rating_after=player_new.rating)
    return decided, replace(profile, rating=player_new, rated=profile.rated + 1,
                            open_attempt=open_attempt)


def settle_open(profile: Profile, catalog_puzzle: dict[str, Puzzle]) -> tuple[Profile,
                                                                             list[Write]]:
    """The profile once its unfinished rated attempt (if any) is lost, and the writes that
    record it: starting a new puzzle ends the last one, so leaving a hard puzzle unfinished
    is never a way round a loss."""
    if profile.open_attempt is None:
        return profile, []
    try:
        attempt = store.read_attempt(profile.open_attempt)
    except ApiError:  # expired or gone: nothing left to settle
        return replace(profile, open_attempt=None), []
    puzzle = catalog_puzzle.get(attempt.puzzle_id)
    if puzzle is None or attempt.outcome is not None or attempt.status != "playing":
        return replace(profile, open_attempt=None), []
    decided, profile = decide(attempt, puzzle, "loss", profile)
    write, _ = store.attempt_write(attempt, decided)
    return replace(profile, open_attempt=None), [write]
