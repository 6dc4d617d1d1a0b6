"""Reading and writing moves in the notations players and engines use.

Accepted input: ``32-28`` (plain move), ``19x28`` (capture from 19 to 28), a full capture path
``27x18x9`` (every landing square), and the Hub form ``32x14x19x28`` (from, to, then every
captured square). Reading needs the position: the text is matched against the legal moves.

The functions take what they read of the position (its legal moves, its geometry, which squares
are occupied) rather than a ``Board``, so that ``Board`` can offer them as its own methods
(``parse_move``, ``notation``) without the two modules importing each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from dames.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from dames.geometry import Geometry
from dames.move import Move

# A move as text, once spaces are dropped and capture marks written "x": ASCII digits only
# (int() would also read other scripts' digits), at most two per square (no board has more
# than 50), at most 30 steps (far more than the longest capture). The server checks what it is
# sent against this before anything else.
MOVE_TEXT = re.compile(r"^[0-9]{1,2}(?:[-x][0-9]{1,2}){1,30}$")


def clean_move_text(text: str) -> str:
    """The text of a move as ``MOVE_TEXT`` reads it: no spaces, lower case, ``:`` and ``×``
    (as some notations write a capture) made ``x``."""
    return "".join(text.split()).lower().replace(":", "x").replace("×", "x")


def _describe(moves: list[Move]) -> str:
    return ", ".join(str(m) for m in moves) if moves else "none"


def _path_captures(
    g: Geometry, occupied: Callable[[int], bool], path: tuple[int, ...]
) -> frozenset[int] | None:
    """Squares a capture along ``path`` would jump, or None if the path is not a capture path.

    Lets a player give any of the equivalent paths of a flying king (the engine keeps one).
    """
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
            if occupied(square):
                between.append(square)
            r, c = r + dr, c + dc
        if len(between) != 1:
            return None
        captured.add(between[0])
    return frozenset(captured)


def parse_move(
    text: str, legal: list[Move], geometry: Geometry, occupied: Callable[[int], bool]
) -> Move:
    """The move of ``legal`` that ``text`` names; raises ``IllegalMoveError`` or
    ``AmbiguousMoveError``."""
    if not isinstance(text, str):
        raise MoveError(f"a move must be text, got {type(text).__name__}")
    cleaned = clean_move_text(text)
    if not MOVE_TEXT.match(cleaned) or ("-" in cleaned and "x" in cleaned):
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
                jumped = _path_captures(geometry, occupied, numbers)
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


def notation(move: Move, legal: list[Move]) -> str:
    """Shortest unambiguous official notation of ``move``, one of the ``legal`` moves."""
    if move not in legal:
        raise IllegalMoveError(f"{move} is not a legal move here; legal moves: {_describe(legal)}")
    if not move.is_capture:
        return f"{move.start}-{move.end}"
    same_ends = [m for m in legal if m.is_capture and m.start == move.start and m.end == move.end]
    if len(same_ends) == 1:
        return f"{move.start}x{move.end}"
    return str(move)
