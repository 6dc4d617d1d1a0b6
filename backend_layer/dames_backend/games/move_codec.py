"""A game's moves packed one byte per square, so a game item stays under one write unit.

Every move request rewrites the whole game item, and DynamoDB bills a write per started KB.
Stored as a list of texts (``"32-28"``, ``"27x16x7"``), a move costs its text plus one byte of
list overhead (6-9 bytes), and the item passed 1 KB around ply 80; packed it costs one byte
per square it passes through (2 for a step, 3 for a single capture), about a third
(``bench/item_size.py`` prints both). The full path is kept, not only the move's ends: replay
compares ``str(move)`` exactly, and a capture's path is what tells apart two captures with the
same ends.

Each move's first byte is ``0x80 | 0x40 (capture) | square``, the following ones are its next
squares (1-63: every variant's squares fit, 50 at most). The encoding is exact for any text
``str(dames.Move)`` produces, and refuses anything else.
"""

from __future__ import annotations

import re

_START = 0x80
_CAPTURE = 0x40
_SQUARE = 0x3F
_MOVE_TEXT = re.compile(r"^[0-9]{1,2}(?:(?:-[0-9]{1,2})+|(?:x[0-9]{1,2})+)$")


def pack_moves(moves: tuple[str, ...] | list[str]) -> bytes:
    """The moves' full paths (``str(Move)``) as bytes; ValueError for anything else."""
    out = bytearray()
    for text in moves:
        if not _MOVE_TEXT.match(text):
            raise ValueError(f"not a stored move path: {text!r}")
        capture = "x" in text
        squares = [int(s) for s in re.split("[-x]", text)]
        if not all(1 <= s <= _SQUARE for s in squares):
            raise ValueError(f"square out of range in {text!r}")
        out.append(_START | (_CAPTURE if capture else 0) | squares[0])
        out.extend(squares[1:])
    return bytes(out)


def unpack_moves(data: bytes) -> tuple[str, ...]:
    """The texts ``pack_moves`` was given, in order."""
    moves: list[str] = []
    squares: list[str] = []
    separator = "-"
    for byte in data:
        if byte & _START:
            if squares:
                moves.append(separator.join(squares))
            separator = "x" if byte & _CAPTURE else "-"
            squares = [str(byte & _SQUARE)]
        elif squares:
            squares.append(str(byte))
        else:
            raise ValueError("packed moves must start with a move's first square")
    if squares:
        moves.append(separator.join(squares))
    return tuple(moves)
