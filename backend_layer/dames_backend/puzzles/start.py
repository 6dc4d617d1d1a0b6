"""Starting an attempt: which puzzle, whether it is rated, and the attempt's own token.

A page starts either « le coup du jour » (``daily``) or a training puzzle: one it names (a
link, a past day's coup), or one drawn near the player's rating among those they have not
started (``pool``). A puzzle still waiting for its day is never handed out, named or not:
the answer is the same 404 as for an unknown id.

The attempt is *rated* only when a player token came with it, the player has never started
that puzzle (``Profile.seen``), nobody on the same network has been shown its solution
(``store.seen_on_network``: pseudonyms of one network do not pass answers to each other),
the player is not banned, and the day's rated allowances of the player and of the network
are not spent (past them the attempt is played, unrated). Starting any attempt ends the
player's unfinished rated one as a loss (``rating.settle_open``). The attempt, the profile
and that settlement are written in one transaction.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from dames.puzzles import catalog
from dames.puzzles.model import Puzzle

from dames_backend import clock
from dames_backend.daily import challenge as daily
from dames_backend.errors import ApiError
from dames_backend.limits.clients import LimitReached, charge
from dames_backend.players.accounts import Player, authenticate_player
from dames_backend.puzzles import attempts, glicko, pool, rating, store
from dames_backend.puzzles import daily as coup_du_jour
from dames_backend.puzzles import limits as puzzle_limits
from dames_backend.puzzles.store import Attempt, Profile
from dames_backend.puzzles.views import StartedAttempt
from dames_backend.security import hash_token, new_id, new_token

ATTEMPT_ID_PREFIX = "pa"
NOT_FOUND = "No such puzzle to play (it may be a coup du jour still to come)."


def _daily_puzzle(today: str) -> Puzzle:
    chosen, _ = coup_du_jour.ensure_day(today)
    puzzle = catalog.by_id().get(chosen) if chosen is not None else None
    if puzzle is None:  # none left, or the day's was since withdrawn from the set
        raise ApiError(404, "no-daily-puzzle", "There is no coup du jour today.")
    return puzzle


def _training_puzzle(variant: str, puzzle_id: str | None, rating_now: float,
                     seen: Collection[str], today: str) -> Puzzle:
    playable = pool.training_pool(variant, coup_du_jour.past_days(today))
    if puzzle_id is not None:
        named = next((p for p in playable if p.id == puzzle_id), None)
        if named is None:
            raise ApiError(404, "puzzle-not-found", NOT_FOUND)
        return named
    found = pool.pick_near(playable, rating_now, seen)
    if found is None:
        raise ApiError(404, "no-puzzle-left", "Every puzzle of this variant has been played.")
    return found


def _rated(player: Player | None, profile: Profile | None, puzzle: Puzzle,
           client: str) -> bool:
    if player is None or profile is None or player.banned or puzzle.id in profile.seen:
        return False
    if store.seen_on_network(client, puzzle.id):
        return False
    try:
        charge(puzzle_limits.RATED_PER_PLAYER, player.player_id)
        charge(puzzle_limits.RATED_PER_ADDRESS, client)
    except LimitReached:
        return False
    return True


def start(*, client: str, player_token: str | None, want_daily: bool, variant: str,
          puzzle_id: str | None, skip: Collection[str]) -> StartedAttempt:
    """A new attempt for the caller (see the module's docstring for every rule)."""
    charge(puzzle_limits.ATTEMPTS_PER_ADDRESS, client)
    player = authenticate_player(player_token) if player_token is not None else None
    profile = store.read_profile(player.player_id) if player is not None else None
    today = daily.today_utc(clock.utc_now())
    if want_daily:
        puzzle = _daily_puzzle(today)
    else:
        seen = set(skip) | (profile.seen if profile else set())
        rating_now = profile.rating.rating if profile else glicko.DEFAULT_RATING
        puzzle = _training_puzzle(variant, puzzle_id, rating_now, seen, today)
    token = new_token()
    attempt = Attempt(
        attempt_id=new_id(ATTEMPT_ID_PREFIX), token_hash=hash_token(token),
        puzzle_id=puzzle.id, player_id=player.player_id if player else None, client=client,
        first=profile is not None and puzzle.id not in profile.seen,
        rated=_rated(player, profile, puzzle, client),
        daily=today if want_daily else None, started_ms=clock.now_ms(),
    )
    writes: list[store.Write] = []
    if profile is not None:
        settled, writes = rating.settle_open(profile, catalog.by_id())
        updated = replace(settled, seen=settled.seen | {puzzle.id},
                          open_attempt=attempt.attempt_id if attempt.rated else None)
        writes.append(store.profile_write(profile, updated))
        profile = replace(updated, version=profile.version + 1)
    write, stored = store.attempt_write(None, attempt)
    store.commit([write, *writes])
    return StartedAttempt(token=token, attempt=attempts.view(stored, puzzle, profile))
