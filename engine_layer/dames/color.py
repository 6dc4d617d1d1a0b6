"""The two sides of a draughts game."""

from __future__ import annotations

from enum import IntEnum


class Color(IntEnum):
    """A side; its integer value indexes per-side tables inside the engine."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def name_fr(self) -> str:
        return "blancs" if self is Color.WHITE else "noirs"

    @property
    def letter(self) -> str:
        """The FEN letter of the side (``W`` or ``B``)."""
        return "W" if self is Color.WHITE else "B"

    def __str__(self) -> str:
        return self.name.lower()


WHITE = Color.WHITE
BLACK = Color.BLACK
