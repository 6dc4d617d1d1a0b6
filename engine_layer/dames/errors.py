"""Exceptions raised by the engine.

Every error subclasses ``ValueError`` so that a caller (the HTTP layer) can map any bad input
coming from a player to a 4xx answer without knowing the engine's internals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dames.move import Move


class DamesError(ValueError):
    """Base class of every error the engine raises about its input."""


class FenError(DamesError):
    """A FEN string that does not describe a valid position of the variant."""


class UnknownVariantError(DamesError):
    """A variant name that the engine does not know."""


class MoveError(DamesError):
    """A move text or ``Move`` that cannot be played in the position."""


class IllegalMoveError(MoveError):
    """No legal move matches; the message lists the legal moves so the player can correct it."""


class AmbiguousMoveError(MoveError):
    """Several legal moves match a short notation; ``candidates`` holds them all."""

    def __init__(self, message: str, candidates: list[Move]) -> None:
        super().__init__(message)
        self.candidates: list[Move] = candidates


class PdnError(DamesError):
    """PDN that cannot be read (or a game that cannot be written); the message is for players.

    ``game`` is the 1-based index of the game in the file (0 when the problem is not in one
    game), ``move_number`` the move number where reading stopped, when there is one.
    """

    def __init__(self, message: str, *, game: int = 0, move_number: int | None = None) -> None:
        super().__init__(message)
        self.game = game
        self.move_number = move_number
