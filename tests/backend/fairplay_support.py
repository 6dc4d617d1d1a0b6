"""Helpers of the fair-play tests: a runner that records what was handed to it (the local
worker's place), real games' moves. Finished games are ``games_support.store_finished``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from dames_backend.fairplay import dispatch

# The analysis jobs of the pipeline tests: a few thousand nodes, not the default 3 M (see
# conftest.small_analysis_budget); every path of the pipeline still runs: fort's Python search
# spends the game's budget after the first position, so the rest are searched quick.
SMALL_ANALYSIS_BUDGET = {"total_nodes": 20_000, "position_work": 2_000, "native_nodes": 20_000,
                         "quick_work": 500, "fort_matches": True}


@contextmanager
def recording_runner(accept: bool = True) -> Iterator[list[str]]:
    """Attach a runner that only notes the game ids handed to it (``accept=False``: full)."""
    handed: list[str] = []

    def runner(game_id: str) -> bool:
        handed.append(game_id)
        return accept

    dispatch.set_local_runner(runner)
    try:
        yield handed
    finally:
        dispatch.set_local_runner(None)


def quick_moves(plies: int, seed: str = "quick") -> list[str]:
    """A real game's first ``plies`` moves (both sides at ``facile``: cheap), as stored."""
    import dames
    import dames.ai

    board = dames.Board(None, variant="international", draw_rules="defi")
    moves: list[str] = []
    while len(moves) < plies and board.outcome() is None:
        move = dames.ai.choose_move(board, seed=seed, level="facile")
        moves.append(str(move))
        board.push(move)
    return moves
