"""Near-copies: how much of a claimed line another entry's line on the same board already is.

The daily's computer answers the same position and history the same way for everyone, so
a winning line can be replayed move for move, and changing one move late (issue 29: the
51st) leaves a line that no identical-list check sees. What counts is the share of the
claimer's moves played in the same position, answered with the same reply, as in the other
line (``overlap``): a transposition still counts, an early change does not leave the rest
"copied" since the replies differ from there on.

Finding the other line at a bounded cost: each claim stores a few *marks*, hashes of the
position after every ``MARK_EVERY`` plies (at most ``MAX_MARKS``), one small item each
(``boards.keys.line_mark_key``). A claim's judgement looks its marks up from the deepest
down and stops at the first that another claim shares (``boards.claims.shared_marks``):
at most ``MAX_MARKS`` queries of a few items, then the exact overlap with at most
``MAX_CANDIDATES`` games, each replayed once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from dames.board import Board

MARK_EVERY = 10
MAX_MARKS = 30
MAX_CANDIDATES = 3


def _replay(variant: str, start_fen: str | None, moves: Sequence[str]) -> list[str]:
    """The position before each move (as a FEN, side to move included), then the last."""
    board = Board(start_fen, variant=variant)
    positions = [board.fen()]
    for text in moves:
        move = next((m for m in board.legal_moves() if str(m) == text), None)
        if move is None:
            break  # a line that stops being legal stops counting
        board.push(move)
        positions.append(board.fen())
    return positions


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def line_marks(variant: str, start_fen: str | None, moves: Sequence[str]) -> list[str]:
    """The line's marks, shallowest first: ``"<ply>:<hash of the position there>"``."""
    positions = _replay(variant, start_fen, moves)
    return [f"{ply}:{_digest(positions[ply])}"
            for ply in range(MARK_EVERY, len(positions), MARK_EVERY)][:MAX_MARKS]


def _steps(positions: list[str], moves: Sequence[str], first_side_moves: bool,
           ) -> list[tuple[str, str, str | None]]:
    """(position, move, reply) for each move of the side whose turn alternates from ply 0
    (``first_side_moves``) or ply 1."""
    start = 0 if first_side_moves else 1
    found = []
    for ply in range(start, min(len(moves), len(positions) - 1), 2):
        reply = moves[ply + 1] if ply + 1 < len(moves) else None
        found.append((positions[ply], moves[ply], reply))
    return found


@dataclass(frozen=True)
class Overlap:
    """``common`` of the claimer's ``moves`` were played as in the other line."""

    common: int
    moves: int

    @property
    def share(self) -> float:
        return self.common / self.moves if self.moves else 0.0


def overlap(variant: str, start_fen: str | None, mine: Sequence[str],
            theirs: Sequence[str], *, first_side: bool = True) -> Overlap:
    """How much of ``mine`` (the moves of the side that moves first, or the other one) is
    ``theirs``: same position, same move, same reply."""
    my_steps = _steps(_replay(variant, start_fen, mine), mine, first_side)
    their_steps = set(_steps(_replay(variant, start_fen, theirs), theirs, first_side))
    return Overlap(sum(step in their_steps for step in my_steps), len(my_steps))
