"""What stands on a square."""

from __future__ import annotations

from typing import NamedTuple

from dames.color import Color


class Piece(NamedTuple):
    color: Color
    king: bool

    def __str__(self) -> str:
        return f"{self.color} {'king' if self.king else 'man'}"
