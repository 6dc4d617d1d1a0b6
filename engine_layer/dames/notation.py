"""Reading and writing moves in the notations players and engines use.

Accepted input: ``32-28`` (plain move), ``19x28`` (capture from 19 to 28), a full capture path
``27x18x9`` (every landing square), and the Hub form ``32x14x19x28`` (from, to, then every
captured square). Reading needs the position: the text is matched against the legal moves.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from dames.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from dames.move import Move

if TYPE_CHECKING:
    from dames.board import Board

_MOVE_TEXT = re.compile(r"^\d+(?:[-x]\d+)+$")


def _describe(moves: list[Move]) -> str:
    return ", ".join(str(m) for m in moves) if moves else "none"


def _path_captures(board: Board, path: tuple[int, ...]) -> frozenset[int] | None:
    """Squares a capture along ``path`` would jump, or None if the path is not a capture path.

    Lets a player give any of the equivalent paths of a flying king (the engine keeps one).
    """
    g = board.geometry
    captured: set[int] = set()
    for a, b in pairwise(path):
        if not (1 <= a <= g.squares and 1 <= b <= g.squares) or a == b:
            return None
        ra, ca = g.coordinates(a)
        rb, cb = g.coordinates(b)
        if abs(ra - rb) != abs(ca - cb):
            return None
        dr = 1 if rb > ra else -1
        dc = 1 if cb > ca else -1
        between = []
        r, c = ra + dr, ca + dc
        while (r, c) != (rb, cb):
            square = g.square_at[(r, c)]
            if board.piece_at(square) is not None:
                between.append(square)
            r, c = r + dr, c + dc
        if len(between) != 1:
            return None
        captured.add(between[0])
    return frozenset(captured)


def parse_move(board: Board, text: str) -> Move:
    """The legal move that ``text`` names; raises ``IllegalMoveError`` or ``AmbiguousMoveError``."""
    if not isinstance(text, str):
        raise MoveError(f"a move must be text, got {type(text).__name__}")
    cleaned = "".join(text.split()).lower().replace(":", "x").replace("×", "x")
    legal = board.legal_moves()
    if not _MOVE_TEXT.match(cleaned) or ("-" in cleaned and "x" in cleaned):
        raise MoveError(
            f"cannot read move {text!r}: write 32-28, 19x28 or a full path like 27x18x9"
        )
    numbers = tuple(int(n) for n in re.split(r"[-x]", cleaned))
    if "-" in cleaned:
        if len(numbers) != 2:
            raise MoveError(f"cannot read move {text!r}: a plain move has two squares")
        matches = [m for m in legal if not m.is_capture and m.path == numbers]
    else:
        start, end = numbers[0], numbers[-1]
        matches = []
        for m in legal:
            if not m.is_capture or m.start != start:
                continue
            if len(numbers) == 2:
                if m.end == end:
                    matches.append(m)
                continue
            if m.path == numbers:
                matches.append(m)
            elif (
                m.end == numbers[1]
                and len(numbers) - 2 == len(m.captures)
                and sorted(m.captures) == sorted(numbers[2:])
            ):
                matches.append(m)  # Hub form
            elif m.end == end and len(numbers) - 1 == len(m.captures):
                jumped = _path_captures(board, numbers)
                if jumped is not None and jumped == frozenset(m.captures):
                    matches.append(m)  # another path of the same flying-king capture
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise IllegalMoveError(
            f"{text!r} is not a legal move here; legal moves: {_describe(legal)}"
        )
    raise AmbiguousMoveError(
        f"{text!r} is ambiguous: it can mean {_describe(matches)}; give the full path",
        matches,
    )


def notation(board: Board, move: Move) -> str:
    """Shortest unambiguous official notation of a legal move of ``board``."""
    legal = board.legal_moves()
    if move not in legal:
        raise IllegalMoveError(f"{move} is not a legal move here; legal moves: {_describe(legal)}")
    if not move.is_capture:
        return f"{move.start}-{move.end}"
    same_ends = [m for m in legal if m.is_capture and m.start == move.start and m.end == move.end]
    if len(same_ends) == 1:
        return f"{move.start}x{move.end}"
    return str(move)
