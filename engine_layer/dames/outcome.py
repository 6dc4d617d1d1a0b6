"""How a game ends, as values: ``Outcome(winner, reason)`` with ``reason`` a ``Termination``.

As python-chess's ``Outcome``/``Termination``: the ways a game can end are an enumeration,
not strings built where the end is found, so a caller compares with ``Termination.REPETITION``
and a type checker sees every case. Each member's value is the wire string stored games, the
API and the PDN tags have always carried (``"25-king-moves"``…), so nothing stored changes.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from dames import draws
from dames.color import Color


class Termination(StrEnum):
    """Why the rules ended a game (``dames.draws`` says which rule set has which draw)."""

    NO_MOVES = "no-moves"  # the side to move has no piece or no legal move: it lost
    REPETITION = "repetition"
    KING_MOVES = "25-king-moves"  # 25 moves each with kings only, no capture
    QUIET_MOVES = "40-moves"  # checkers: 40 moves each without a man move or capture
    GAME_LENGTH = "150-moves"  # the daily's bound: 150 moves each
    ENDGAME_16 = "16-move-endgame"  # FMJD: 16 moves each in the endgames that rule names
    ENDGAME_5 = "5-move-endgame"  # FMJD: 5 moves each in the smaller ones

    @classmethod
    def of_endgame(cls, pieces_rule: int) -> Termination:
        """The draw of an FMJD endgame count (``draws.ENDGAME_16`` or ``draws.ENDGAME_5``)."""
        return _ENDGAMES[pieces_rule]


_ENDGAMES = {draws.ENDGAME_16: Termination.ENDGAME_16, draws.ENDGAME_5: Termination.ENDGAME_5}


class Outcome(NamedTuple):
    """How a game ended: ``winner`` is ``None`` for a draw."""

    winner: Color | None
    reason: Termination
