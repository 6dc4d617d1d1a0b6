"""Reading and writing positions as PDN FEN (``W:W31,32,K45:B1-20``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from dames.color import BLACK, WHITE, Color
from dames.errors import FenError
from dames.piece import Piece
from dames.variants import Variant, get_variant

_ENTRY = re.compile(r"^(K?)(\d+)(?:-(K?)(\d+))?$")
# No board has a square of more digits; checked before int(), which refuses > 4 300 digits.
_MAX_SQUARE_DIGITS = 4


@dataclass(frozen=True)
class FenPosition:
    """A parsed FEN: the side to move and the piece on every occupied official square."""

    turn: Color
    pieces: dict[int, Piece]


def _color_of(letter: str, what: str) -> Color:
    if letter == "W":
        return WHITE
    if letter == "B":
        return BLACK
    raise FenError(f"{what} must be W or B, got {letter!r}")


def parse_fen(
    text: str, variant: str | Variant = "international", *, crowned_men_ok: bool = False
) -> FenPosition:
    """Parse a PDN FEN; ranges (``B1-20``) and any square order are accepted.

    Men standing on the row where they would have been crowned are rejected: such a position
    cannot arise and the rules have no answer for it. ``crowned_men_ok`` lets them through for
    a caller that reports every fault of a set-up at once (``dames.setup``), never to play.
    """
    v = get_variant(variant)
    if not isinstance(text, str):
        raise FenError("FEN must be a string")
    body = text.strip()
    if body.startswith("[FEN") and body.endswith("]"):
        body = body[4:-1].strip()
    body = body.strip().strip('"').strip()
    body = body.removesuffix(".")
    body = "".join(body.split())
    if not body:
        raise FenError("empty FEN")
    parts = body.split(":")
    if len(parts) != 3:
        raise FenError(
            f"FEN needs three ':'-separated fields (turn, white pieces, black pieces), got {text!r}"
        )
    turn = _color_of(parts[0].upper(), "side to move")
    pieces: dict[int, Piece] = {}
    seen_colors: set[Color] = set()
    geometry = v.geometry
    for field_text in parts[1:]:
        if not field_text:
            raise FenError("empty piece field in FEN")
        color = _color_of(field_text[0].upper(), "piece field colour")
        if color in seen_colors:
            raise FenError(f"the {color} pieces are listed twice")
        seen_colors.add(color)
        entries = field_text[1:]
        if not entries:
            continue
        for entry in entries.split(","):
            m = _ENTRY.match(entry.upper())
            if not m:
                raise FenError(f"bad piece entry {entry!r} in FEN")
            king = m.group(1) == "K"
            if max(len(m.group(2)), len(m.group(4) or "")) > _MAX_SQUARE_DIGITS:
                raise FenError(f"square {entry[:12]}… is off the {v.name} board (1-{v.squares})")
            first = int(m.group(2))
            last = int(m.group(4)) if m.group(4) is not None else first
            if m.group(4) is not None and m.group(3) and not king:
                raise FenError(f"bad range {entry!r}: put K before the first square")
            if last < first:
                raise FenError(f"bad range {entry!r}: the squares must ascend")
            for square in range(first, last + 1):
                if not 1 <= square <= v.squares:
                    raise FenError(f"square {square} is off the {v.name} board (1-{v.squares})")
                if square in pieces:
                    raise FenError(f"square {square} is listed twice")
                if not king and not crowned_men_ok:
                    bit = geometry.bit_of_square[square]
                    if geometry.promotion_mask[color] >> bit & 1:
                        raise FenError(
                            f"a {color} man on square {square} stands on its crowning row"
                        )
                pieces[square] = Piece(color, king)
    if seen_colors != {WHITE, BLACK}:
        raise FenError("FEN must have one field for the white pieces and one for the black")
    return FenPosition(turn=turn, pieces=pieces)


def format_fen(turn: Color, pieces: dict[int, Piece]) -> str:
    """PDN FEN with squares ascending and kings prefixed ``K`` (no ranges)."""
    fields = [turn.letter]
    for color in (WHITE, BLACK):
        entries = [
            ("K" if p.king else "") + str(s) for s, p in sorted(pieces.items()) if p.color == color
        ]
        fields.append(color.letter + ",".join(entries))
    return ":".join(fields)
