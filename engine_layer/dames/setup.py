"""Whether a position set up by hand (the analysis board's editor) can be played from.

A FEN that parses may still describe nothing a game can reach or continue: a man standing on
the row where it would have been crowned, more pieces than a side starts with, a side with no
piece at all, or a side to move that has already lost (no legal move). The page shows every
fault at once, in the player's language, so each comes as a code with the squares concerned
and an English sentence; the words for each code live with the page, the rules here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import FenError
from dames.fen import FenPosition, parse_fen
from dames.variants import Variant, get_variant

BAD_FEN = "bad-fen"
MAN_ON_CROWNING_ROW = "man-on-crowning-row"
TOO_MANY_PIECES = "too-many-pieces"
NO_PIECES = "no-pieces"
NO_LEGAL_MOVE = "no-legal-move"


@dataclass(frozen=True)
class SetupProblem:
    """One reason a set-up cannot be played from.

    ``code`` is one of the module's constants; ``color`` the side concerned (when one is);
    ``squares`` the official squares at fault (when some are)."""

    code: str
    message: str
    color: str | None = None
    squares: tuple[int, ...] = field(default_factory=tuple)


def start_count(variant: Variant) -> int:
    """How many pieces each side starts with (the most a side can ever have)."""
    start = parse_fen(variant.start_fen, variant)
    return sum(1 for piece in start.pieces.values() if piece.color == WHITE)


def _crowned_men(position: FenPosition, variant: Variant) -> list[SetupProblem]:
    geometry = variant.geometry
    problems = []
    for color in (WHITE, BLACK):
        squares = tuple(sorted(
            square for square, piece in position.pieces.items()
            if piece.color == color and not piece.king
            and geometry.promotion_mask[color] >> geometry.bit_of_square[square] & 1
        ))
        if squares:
            listed = ", ".join(map(str, squares))
            problems.append(SetupProblem(
                MAN_ON_CROWNING_ROW,
                f"A {color} man stands on its crowning row (square {listed}): it would be a king.",
                str(color), squares,
            ))
    return problems


def _counts(position: FenPosition, variant: Variant) -> list[SetupProblem]:
    most = start_count(variant)
    problems = []
    for color in (WHITE, BLACK):
        count = sum(1 for piece in position.pieces.values() if piece.color == color)
        if count > most:
            problems.append(SetupProblem(
                TOO_MANY_PIECES,
                f"{_side(color)} has {count} pieces; a side starts with {most} at most.",
                str(color),
            ))
        elif count == 0:
            problems.append(SetupProblem(NO_PIECES, f"{_side(color)} has no piece.", str(color)))
    return problems


def _side(color: Color) -> str:
    return "White" if color == WHITE else "Black"


def check_setup(variant: str | Variant, fen: str) -> list[SetupProblem]:
    """Every reason the position ``fen`` of ``variant`` cannot be played from; empty if none.

    An unknown variant raises ``UnknownVariantError`` (the caller's mistake, not the set-up's).
    """
    rules = get_variant(variant)
    try:
        position = parse_fen(fen, rules, crowned_men_ok=True)
    except FenError as error:
        return [SetupProblem(BAD_FEN, str(error))]
    problems = _crowned_men(position, rules) + _counts(position, rules)
    if problems:
        return problems
    board = Board(fen, rules)
    if not board.legal_moves():
        mover = position.turn
        problems.append(SetupProblem(
            NO_LEGAL_MOVE,
            f"{_side(mover)} is to move and has no legal move: the game is already over.",
            str(mover),
        ))
    return problems
