"""How long a game is kept: its retention class, and the ``expiresAt`` that class gives it.

DynamoDB's TTL deletes an item some time after its ``expiresAt`` (epoch seconds) has passed;
an item without one is kept. Storage would otherwise grow every day for ever, while most games
are worth nothing once played. The classes, decided where a game starts, finishes and is
claimed (``play``, ``assist``, ``store.claimed_write``):

- ``PLAYING``: an unfinished game, ``GAME_TTL_DAYS`` (14) after its last move;
- ``CASUAL``: a finished game that can never enter a leaderboard (lost, drawn, resigned,
  casual, practice, duo, a past day's replay, a daily won after its close):
  ``CASUAL_DAYS`` after its end, long enough to look at it again and export its PDN;
- ``UNCLAIMED_WIN``: a won game that may still be claimed: ``UNCLAIMED_WIN_DAYS`` after its
  end, long enough to be claimed and, once claimed, to be checked and contested;
- ``ON_BOARD``: a claimed game, no ``expiresAt`` at all: a leaderboard shows it (the daily
  boards of past days stay readable), and its moves are its PDN and what fair play
  replays. Its analysis item (``sk = ANALYSIS``, same ``pk``) follows the same rule: it
  carries the game's ``expiresAt`` when written, and none once the game is claimed.

Reads check the expiry themselves (``is_gone``): DynamoDB deletes late and emulators never.
"""

from __future__ import annotations

from enum import Enum

from dames_backend.config import get_settings
from dames_backend.games.enums import GameStatus

DAY_S = 86_400
CASUAL_DAYS = 30
UNCLAIMED_WIN_DAYS = 90


class Retention(Enum):
    """A game's retention class (see the module docstring)."""

    PLAYING = "playing"
    CASUAL = "casual"
    UNCLAIMED_WIN = "unclaimed-win"
    ON_BOARD = "on-board"


def keep_days(retention: Retention) -> int | None:
    """Days a game of this class is kept after its last change; None: as long as its board."""
    if retention is Retention.PLAYING:
        return get_settings().game_ttl_days
    return {
        Retention.CASUAL: CASUAL_DAYS,
        Retention.UNCLAIMED_WIN: UNCLAIMED_WIN_DAYS,
        Retention.ON_BOARD: None,
    }[retention]


def finished_class(*, status: GameStatus, claimable: bool, claimed: bool) -> Retention:
    """The class of a finished game: ``claimable`` is a won game a leaderboard may take (the
    caller knows the ranking rules: ``state.is_ranked``, a computer game, a score)."""
    if claimed:
        return Retention.ON_BOARD
    if status == GameStatus.WON and claimable:  # a plain "won" too
        return Retention.UNCLAIMED_WIN
    return Retention.CASUAL


def expires_at(retention: Retention, now_ms: int) -> int | None:
    """The ``expiresAt`` (epoch seconds) of a game of this class changed at ``now_ms``."""
    days = keep_days(retention)
    return None if days is None else now_ms // 1000 + days * DAY_S


def is_gone(expires_at_s: int | None, now_ms: int) -> bool:
    """True once an item's ``expiresAt`` has passed: it is deleted, whether TTL did it yet."""
    return expires_at_s is not None and expires_at_s <= now_ms // 1000
