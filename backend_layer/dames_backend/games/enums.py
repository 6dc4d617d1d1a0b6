"""A game's state as values: its mode, status, the player's side and how it ended.

Each is a ``StrEnum`` whose values are the strings stored items and API answers have always
carried (``"daily"``, ``"won"``, ``"white"``…), so a record compares, stores and serialises
exactly as before while a type checker sees every case. How a game ended is one value,
``GameOutcome(termination, winner)``, as python-chess's ``Outcome``: the engine's
``dames.Termination`` when the rules ended it, ``Decision`` when a player did.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import dames


class GameMode(StrEnum):
    """What kind of game: the day's challenge, free play, two players, or the older name of
    a casual free game (kept for old links and clients)."""

    DAILY = "daily"
    FREE = "free"
    PRACTICE = "practice"
    DUO = "duo"

    @property
    def plays_computer(self) -> bool:
        """The server plays one side; in a duo game two people share a device and the
        server only referees."""
        return self is not GameMode.DUO


class GameStatus(StrEnum):
    """Where a game stands, ``WON``/``LOST`` from the player's side (White's in a duo)."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    DRAW = "draw"
    RESIGNED = "resigned"  # the player resigned against the computer


class Side(StrEnum):
    """A side as the API and the items name it (the engine's ``dames.Color`` is an int)."""

    WHITE = "white"
    BLACK = "black"

    @classmethod
    def of(cls, color: dames.Color) -> Side:
        return cls.WHITE if color is dames.WHITE else cls.BLACK

    @property
    def color(self) -> dames.Color:
        return dames.WHITE if self is Side.WHITE else dames.BLACK

    @property
    def opponent(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE


class Decision(StrEnum):
    """A game ended by a player rather than by the rules (``dames.Termination``)."""

    RESIGNED = "resigned"
    AGREEMENT = "agreement"  # a draw offer accepted


Termination = dames.Termination | Decision


def termination_of(text: str) -> Termination:
    """A stored ``reason``: the rules' or a player's (``ValueError`` for anything else)."""
    try:
        return dames.Termination(text)
    except ValueError:
        return Decision(text)


@dataclass(frozen=True)
class GameOutcome:
    """How a finished game ended: ``winner`` is None for a draw."""

    termination: Termination | None  # None: a game finished before reasons were stored
    winner: Side | None
