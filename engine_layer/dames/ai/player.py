"""The computer player's entry points: `choose_move` and `hint`."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from dames.ai.boardview import read_board, root_moves
from dames.ai.evaluation import Evaluator
from dames.ai.levels import DEFAULT_HINT_LEVEL, Level, get_level
from dames.ai.search import IterationInfo, Searcher, SearchResult
from dames.ai.seeded import seeded_choice

OPENING_RANDOM_PLIES = 4  # the computer's first two moves, whichever colour it plays


@cache
def evaluator_for(variant: str) -> Evaluator:
    """One evaluator per variant; it is immutable, so sharing it keeps results reproducible."""
    return Evaluator(variant)


def search_position(
    board: object,
    level: Level,
    on_iteration: Callable[[IterationInfo], None] | None = None,
) -> tuple[list, SearchResult]:
    """Search `board` (left untouched) at `level`.

    Returns the legal moves in the engine's public order and the search result, whose `best`
    lists the indices (in that order) of every move sharing the best score.
    """
    variant = board.variant
    root = read_board(board)
    moves, internal = root_moves(board, root)
    if not moves:
        raise ValueError("the side to move has no legal move")
    searcher = Searcher(
        variant,
        evaluator_for(variant.name),
        node_budget=level.node_budget,
        time_limit=level.time_limit,
        min_depth=level.min_depth,
        on_iteration=on_iteration,
    )
    return moves, searcher.search(root, internal, level.depth)


def choose_move(board: object, *, seed: str, level: str, ply: int | None = None) -> object:
    """The computer's move: a pure function of (position + history, seed, level, ply).

    The first two computer moves of a game (ply < 4) and every `debutant` move are drawn
    uniformly among the legal moves; otherwise one of the search's equally best moves is drawn,
    so games with different seeds vary while one seed always replays the same game.
    """
    chosen_level = get_level(level)
    moves = board.legal_moves()
    if not moves:
        raise ValueError("the side to move has no legal move")
    game_ply = board.ply if ply is None else ply
    seed_text = str(seed)
    if chosen_level.random_moves or game_ply < OPENING_RANDOM_PLIES:
        return seeded_choice(moves, seed_text, game_ply, "random")
    if len(moves) == 1:
        return moves[0]
    moves, result = search_position(board, chosen_level)
    return moves[seeded_choice(result.best, seed_text, game_ply, "tie")]


def hint(board: object, *, level: str = DEFAULT_HINT_LEVEL) -> object:
    """The move the computer would suggest for the side to move at `level` (no opening draw)."""
    chosen_level = get_level(level)
    moves = board.legal_moves()
    if not moves:
        raise ValueError("the side to move has no legal move")
    if chosen_level.random_moves:
        return seeded_choice(moves, "hint", board.ply, "random")
    if len(moves) == 1:
        return moves[0]
    moves, result = search_position(board, chosen_level)
    return moves[result.best[0]]
