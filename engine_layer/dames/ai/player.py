"""The computer player's entry points: `choose_move` and `hint`.

A server can bound how many searches run at once without knowing the levels: `search_gate`
installs, for the current context (a request), a gate that every search (`search_position`,
so `choose_move`, `hint` and whatever else searches) enters first. A
move drawn at random (`debutant`, the opening) or forced never searches and never waits, so a
busy server still answers those at once. The gate may raise to refuse a search; nothing has
been computed then, and the caller's exception reaches its own caller unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from functools import cache

from dames.ai.boardview import read_board, root_moves
from dames.ai.evaluation import Evaluator
from dames.ai.learned import learned_evaluator
from dames.ai.levels import DEFAULT_HINT_LEVEL, Level, get_level
from dames.ai.results import IterationInfo, SearchResult
from dames.ai.search import Searcher
from dames.ai.seeded import seeded_choice
from dames.ai.strong import KeptTable, StrongSearcher
from dames.board import Board
from dames.move import Move
from dames.native import available as native_available
from dames.native import unavailable_reason as native_unavailable_reason
from dames.native.search import forget_kept_tables as forget_native_tables
from dames.native.search import native_search
from dames.variants import VARIANTS, Variant

OPENING_RANDOM_PLIES = 4  # the computer's first two moves, whichever colour it plays

SearchGate = Callable[[Level], AbstractContextManager[object]]
_gate: ContextVar[SearchGate | None] = ContextVar("dames_ai_search_gate", default=None)


@contextmanager
def search_gate(gate: SearchGate | None) -> Iterator[None]:
    """Run the block with `gate(level)` entered around every search started in this context.

    Context variables follow a request into the worker thread that runs it (Starlette's
    threadpool copies the context), so an ASGI middleware can set the gate for its requests.
    """
    token = _gate.set(gate)
    try:
        yield
    finally:
        _gate.reset(token)


def _entered_gate(level: Level) -> AbstractContextManager[object]:
    gate = _gate.get()
    return nullcontext() if gate is None else gate(level)


@cache
def evaluator_for(variant: str) -> Evaluator:
    """One evaluator per variant; it is immutable, so sharing it keeps results reproducible."""
    return Evaluator(variant)


@cache
def kept_table_for(variant: str) -> KeptTable:
    """The table a non-reproducible strong level keeps across searches in this process."""
    return KeptTable()


def forget_kept_tables() -> None:
    """Empty every kept table (a new game in a match, so no game starts with another's)."""
    for variant in VARIANTS:
        kept_table_for(variant).clear()
    if native_available():
        forget_native_tables()


def new_searcher(
    level: Level,
    variant: Variant,
    on_iteration: Callable[[IterationInfo], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Searcher:
    """The plain searcher for the reproducible levels below `fort` (their replies are pinned),
    the strong one (with a kept table unless the level is reproducible) otherwise."""
    settings = level.settings(on_iteration, stop)
    # `learned` holds for the plain search too (a `fort~learned` match measures the evaluation
    # alone); no level below `fort` sets it, so the daily's replies keep the hand-set one.
    evaluator = learned_evaluator() if level.learned and variant.name == "international" else (
        evaluator_for(variant.name))
    if not level.strong:
        return Searcher(variant, evaluator, settings)
    kept = None if level.reproducible else kept_table_for(variant.name)
    return StrongSearcher(variant, evaluator, settings, kept)


def search_position(
    board: Board,
    level: Level,
    on_iteration: Callable[[IterationInfo], None] | None = None,
    *,
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Move], SearchResult]:
    """Search `board` (left untouched) at `level`.

    Returns the legal moves in the engine's public order and the search result, whose `best`
    lists the indices (in that order) of every move sharing the best score. A `native` level
    is searched by the native core where it is built, else by its Python `fallback`. `stop`
    (polled with the clock, inside iterations) ends the search early with the last completed
    iteration; it is for interactive use (the Hub protocol's `stop`), never for a
    reproducible reply.
    """
    if level.native:
        if native_available():
            with _entered_gate(level):
                return native_search(board, level, on_iteration, stop)
        if level.fallback is None:
            raise RuntimeError(f"level {level.name} needs the native core: "
                               f"{native_unavailable_reason()}")
        level = level.fallback
    variant = board.variant
    root = read_board(board)
    moves, internal = root_moves(board, root)
    if not moves:
        raise ValueError("the side to move has no legal move")
    searcher = new_searcher(level, variant, on_iteration, stop)
    with _entered_gate(level):
        return moves, searcher.search(root, internal, level.depth)


def choose_move(board: Board, *, seed: str, level: str, ply: int | None = None) -> Move:
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


def hint(board: Board, *, level: str = DEFAULT_HINT_LEVEL) -> Move:
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
