"""Opening a stored game: the Bearer token that opens it, its expiry, and the optimistic
write every change of a running game goes through (``save_with_retries``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dames_backend import clock
from dames_backend.errors import ApiError, busy_error
from dames_backend.games import retention
from dames_backend.games import store as game_store
from dames_backend.games.enums import GameStatus
from dames_backend.games.state import Replayed, game_view, replay
from dames_backend.games.store import GameRecord, StaleGameError
from dames_backend.security import bearer_token, require_token_match

GAME_ID_PATTERN = re.compile(r"^g_[A-Za-z0-9_-]{8,40}$")
# Writes that lose to a pause/resume of the same game are redone this many times at most.
_SAVE_ATTEMPTS = 4


def authorize(game_id: str, authorization: str | None) -> GameRecord:
    """The game behind ``game_id`` if the Bearer token opens it.

    401 without a token, 404 for an unknown id, 403 for a token that does not match.
    """
    token = bearer_token(authorization)
    record = game_store.load_game(game_id) if GAME_ID_PATTERN.match(game_id) else None
    if record is None or _finished_and_expired(record):
        raise ApiError(404, "game-not-found", "No such game.")
    require_token_match(token, record.token_hash)
    return record


def _finished_and_expired(record: GameRecord) -> bool:
    """A finished game past its ``expiresAt`` is gone, as it will be once TTL deletes it."""
    finished = record.status is not GameStatus.PLAYING
    return finished and retention.is_gone(record.expires_at, clock.now_ms())


def _check_not_expired(record: GameRecord) -> None:
    """Unfinished games expire; DynamoDB deletes them late (emulators never), so check here."""
    if record.status is GameStatus.PLAYING and retention.is_gone(record.expires_at, clock.now_ms()):
        raise ApiError(410, "game-expired", "This game was left unfinished and has expired.")


def open_game(game_id: str, authorization: str | None) -> GameRecord:
    """The game behind the token, refused once an unfinished game has expired."""
    record = authorize(game_id, authorization)
    _check_not_expired(record)
    return record


def game_over_error(record: GameRecord, replayed: Replayed | None = None) -> ApiError:
    return ApiError(
        409, "game-over", f"This game is over ({record.status}).",
        game=game_view(record, replayed or replay(record)).model_dump(),
    )


def save_with_retries(
    game_id: str, record: GameRecord, change: Callable[[GameRecord], GameRecord | None]
) -> GameRecord | None:
    """Apply ``change`` to the freshest record and save it, re-reading after a lost race.

    ``change`` returns the record to store, or None when the fresh record no longer allows
    the change (the caller then decides what to answer). Pause beacons and moves of the same
    game may cross; neither should fail because of the other.
    """
    current: GameRecord | None = record
    for _ in range(_SAVE_ATTEMPTS):
        if current is None:
            raise ApiError(404, "game-not-found", "No such game.")
        updated = change(current)
        if updated is None:
            return None
        try:
            return game_store.save_game(updated, current.version)
        except StaleGameError:
            current = game_store.load_game(game_id)
    raise busy_error()
