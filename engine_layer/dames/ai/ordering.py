"""Move ordering for the search: the transposition table's move, killers, then history.

Alpha-beta cuts early only when the best move comes first. These tables are created with each
`Searcher` (never shared), so the order, and with it a reproducible level's answer, depends
only on the search's own inputs.
"""

from __future__ import annotations

from dames.movegen import InternalMove

MAX_PLY = 96


class MoveOrdering:
    """Killer moves per ply and a history score per (from, to, colour) of quiet moves."""

    def __init__(self) -> None:
        self.killers: list[list[tuple[int, int] | None]] = [
            [None, None] for _ in range(MAX_PLY + 2)
        ]
        self.history: dict[int, int] = {}

    def _ordered(
        self, moves: list[InternalMove], tt_move: InternalMove | None, ply: int, color: int,
        capture: bool,
    ) -> list[InternalMove]:
        """TT move first, then killers, then by history; ties keep the generator's order."""
        if capture:
            if tt_move is not None and tt_move in moves and moves[0] != tt_move:
                return [tt_move, *[m for m in moves if m != tt_move]]
            return moves
        killer_a, killer_b = self.killers[ply]
        history = self.history

        def rank(move: InternalMove) -> int:
            if move == tt_move:
                return -(1 << 60)
            pair = (move[0], move[1])
            if pair == killer_a:
                return -(1 << 59)
            if pair == killer_b:
                return -(1 << 58)
            return -history.get(((move[0] << 64 | move[1]) << 1) | color, 0)

        return sorted(moves, key=rank)

    def _reward(self, move: InternalMove, ply: int, depth: int, color: int) -> None:
        killers = self.killers[ply]
        pair = (move[0], move[1])
        if killers[0] != pair:
            killers[1] = killers[0]
            killers[0] = pair
        slot = ((move[0] << 64 | move[1]) << 1) | color
        self.history[slot] = self.history.get(slot, 0) + depth * depth

