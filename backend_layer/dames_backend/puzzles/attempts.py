"""Playing an attempt: a move, a hint, the solution. The server owns every step.

Each request names the attempt and carries its token (``Authorization: Bearer``, stored
hashed) and, for a move or a hint, the ``ply`` the page stands at, so a stale or repeated
request changes nothing (409 ``stale-ply``). A move the solution accepts is played with the
defender's reply and any forced move after it; any other legal move is *wrong*: it is not
played, the attempt is marked failed (a rated attempt is lost there and then) and the player
may try again or ask for the solution. A hint gives the square of the piece to move and
costs the rated attempt as a wrong move does. Every timestamp is the server's: a rated solve
in which some move arrived less than ``clock.MIN_MOVE_MS`` after the server's previous answer
is ``void`` (no human sees a position and plays in that time: a script that knows it),
and the day's coup counts for the streak only when found before its day closes.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from dames.puzzles import catalog
from dames.puzzles.model import Puzzle

from dames_backend import clock
from dames_backend.clock import MIN_MOVE_MS
from dames_backend.daily import challenge as daily
from dames_backend.errors import ApiError
from dames_backend.players.streaks import StreakView, streak_of
from dames_backend.puzzles import progress, rating, store
from dames_backend.puzzles.store import Attempt, Profile, Write
from dames_backend.puzzles.views import AttemptView, MoveResult, PuzzleHintView, attempt_view
from dames_backend.security import bearer_token, require_token_match


def authorize(attempt_id: str, authorization: str | None) -> tuple[Attempt, Puzzle]:
    """The attempt the token opens, and its puzzle (404, 403, or 410 if withdrawn)."""
    token = bearer_token(authorization)
    attempt = store.read_attempt(attempt_id)
    require_token_match(token, attempt.token_hash)
    puzzle = catalog.by_id().get(attempt.puzzle_id)
    if puzzle is None:
        raise ApiError(410, "puzzle-withdrawn", "This puzzle is no longer in the set.")
    return attempt, puzzle


def daily_streak(profile: Profile) -> StreakView:
    """The coup du jour's streak: as the challenge's, with the same grace after midnight."""
    return streak_of(profile.daily_solved, daily.oldest_open_day(clock.utc_now()))


def view(attempt: Attempt, puzzle: Puzzle, profile: Profile | None = None) -> AttemptView:
    live, _ = store.read_puzzle_rating(puzzle.id, puzzle.rating)
    ended_daily = attempt.daily is not None and attempt.status != "playing"
    streak = daily_streak(profile) if profile is not None and ended_daily else None
    return attempt_view(puzzle, attempt, live.rating, streak)


def read(attempt_id: str, authorization: str | None) -> AttemptView:
    attempt, puzzle = authorize(attempt_id, authorization)
    profile = store.read_profile(attempt.player_id) if attempt.player_id else None
    return view(attempt, puzzle, profile)


def _open(attempt: Attempt, puzzle: Puzzle, ply: int | None) -> progress.Progress:
    if attempt.status != "playing":
        raise ApiError(409, "attempt-over", "This attempt has ended; start another puzzle.")
    now = progress.replay(puzzle, attempt.path)
    if ply is not None and ply != len(now.plies):
        raise ApiError(409, "stale-ply", f"The attempt stands at ply {len(now.plies)}, not "
                       f"{ply}: read it again.", ply=len(now.plies))
    return now


def too_fast(attempt: Attempt) -> bool:
    """Whether any move arrived within ``MIN_MOVE_MS`` of the server's previous answer."""
    times = (attempt.started_ms, *attempt.moves_ms)
    return any(later - earlier < MIN_MOVE_MS for earlier, later in pairwise(times))


def _counts_for_streak(attempt: Attempt) -> bool:
    """The day's coup, found on its day at the first attempt, without a fault or a hint."""
    if attempt.daily is None or not attempt.first or attempt.failed or attempt.hinted:
        return False
    return not too_fast(attempt) and clock.utc_now() < daily.closes_at(attempt.daily)


def _save(old: Attempt, new: Attempt, puzzle: Puzzle, result: rating.Result | None
          ) -> tuple[Attempt, Profile | None]:
    """Apply ``result`` (None: nothing decided yet) and, for a solved daily coup, the streak;
    write the attempt and the player's profile in one transaction."""
    profile = store.read_profile(new.player_id) if new.player_id else None
    writes: list[Write] = []
    decided = new
    if profile is not None:
        updated = profile
        if result is not None:
            decided, updated = rating.decide(new, puzzle, result, updated)
        if new.status == "solved" and new.daily and _counts_for_streak(new):
            updated = replace(updated, daily_solved=updated.daily_solved | {new.daily})
        if updated != profile:
            writes.append(store.profile_write(profile, updated))
            profile = replace(updated, version=profile.version + 1)
    write, stored = store.attempt_write(old, decided)
    store.commit([write, *writes])
    if stored.status != "playing":
        store.mark_seen(stored.client, stored.puzzle_id)
    return stored, profile


def play(attempt_id: str, authorization: str | None, ply: int, text: str) -> MoveResult:
    attempt, puzzle = authorize(attempt_id, authorization)
    now = _open(attempt, puzzle, ply)
    assert now.choice is not None  # a playing attempt faces a choice
    move = progress.read_move(now.board, text)
    arrived = replace(attempt, moves_ms=(*attempt.moves_ms, clock.now_ms()))
    branch = progress.accepted(now.board, now.choice, move)
    if branch is None:
        failed = replace(arrived, failed=True)
        stored, profile = _save(attempt, failed, puzzle, "loss")
        return MoveResult(result="wrong", reply=[], attempt=view(stored, puzzle, profile))
    moved = replace(arrived, path=(*attempt.path, branch.move))
    solved = branch.next is None
    result: rating.Result | None = None
    if solved:
        moved = replace(moved, status="solved", ended_ms=clock.now_ms())
        result = "void" if too_fast(moved) else (
            "loss" if moved.failed or moved.hinted else "win")
    stored, profile = _save(attempt, moved, puzzle, result)
    shown = view(stored, puzzle, profile)
    reply = shown.played[len(now.plies) + 1:]
    return MoveResult(result="solved" if solved else "correct", reply=reply, attempt=shown)


def hint(attempt_id: str, authorization: str | None, ply: int) -> PuzzleHintView:
    attempt, puzzle = authorize(attempt_id, authorization)
    now = _open(attempt, puzzle, ply)
    assert now.choice is not None
    square = progress.hint_square(now.board, now.choice)
    if attempt.hinted and attempt.hint_at == len(attempt.path):
        profile = store.read_profile(attempt.player_id) if attempt.player_id else None
        return PuzzleHintView(square=square, attempt=view(attempt, puzzle, profile))
    hinted = replace(attempt, hinted=True, hint_at=len(attempt.path))
    stored, profile = _save(attempt, hinted, puzzle, "loss")
    return PuzzleHintView(square=square, attempt=view(stored, puzzle, profile))


def reveal(attempt_id: str, authorization: str | None) -> AttemptView:
    """Show the solution: the attempt ends (a loss if it was still rated and undecided)."""
    attempt, puzzle = authorize(attempt_id, authorization)
    _open(attempt, puzzle, None)
    revealed = replace(attempt, status="revealed", ended_ms=clock.now_ms())
    stored, profile = _save(attempt, revealed, puzzle, "loss")
    return view(stored, puzzle, profile)
