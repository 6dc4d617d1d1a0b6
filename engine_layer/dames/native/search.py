"""A search by the native core, answered as the Python search answers (`SearchResult`).

`search_position` (`dames.ai.player`) sends a level marked `native` here when the library
is available. The root moves come back in the engine's public order with their scores, the
indices of every move sharing the best score (the core's root search keeps ties exact), and
the expected line in Hub form, so callers cannot tell the two searches apart but by speed.

Each thread owns one engine (its transposition table): a level that is not reproducible
(`maitre`) keeps the table across its searches, as a game's moves follow each other; a
reproducible one (a work budget, no clock: the analysis, fair play's judge, the puzzles)
searches with an emptied table of a fixed size, so its result is the same on every machine.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dames.ai.boardview import RootPosition, hub_of_internal, read_board, root_moves
from dames.ai.levels import Level
from dames.ai.results import IterationInfo, SearchResult
from dames.board import Board
from dames.move import Move
from dames.native import abi, library
from dames.native.rules import internal_move, legal_moves, position

# Entries of each thread's table (16 bytes each): 2^21 = 32 MB kept by a playing thread;
# the reproducible searches' table is smaller, and its size is part of their result.
KEPT_TABLE_LOG2 = 21
REPRODUCIBLE_TABLE_LOG2 = 18
# How often a thread polls a `stop` callable for the core (seconds).
STOP_POLL = 0.01


@dataclass
class _Engines:
    kept: int | None = None
    reproducible: int | None = None


_local = threading.local()


def _engine(reproducible: bool) -> int:
    """This thread's engine of the kind asked for (created on first use, never freed: one
    per thread of a server's pool)."""
    engines: _Engines | None = getattr(_local, "engines", None)
    if engines is None:
        engines = _local.engines = _Engines()
    lib = library()
    if reproducible:
        if engines.reproducible is None:
            engines.reproducible = lib.dm_engine_new(REPRODUCIBLE_TABLE_LOG2)
        handle = engines.reproducible
        lib.dm_engine_clear(handle)
    else:
        if engines.kept is None:
            engines.kept = lib.dm_engine_new(KEPT_TABLE_LOG2)
        handle = engines.kept
    if not handle:
        raise MemoryError("the native core could not allocate its table")
    return handle


def forget_kept_tables() -> None:
    """Empty this thread's kept table (a new game in a match)."""
    engines: _Engines | None = getattr(_local, "engines", None)
    if engines is not None and engines.kept:
        library().dm_engine_clear(engines.kept)


def _game(board: Board, root: RootPosition) -> tuple[abi.Game, ctypes.Array[ctypes.c_uint64]]:
    boards = root.history_boards[-abi.MAX_HISTORY:]
    words = (ctypes.c_uint64 * max(1, 3 * len(boards)))(*(w for b in boards for w in b))
    game = abi.Game(
        position(board.variant, root.white, root.black, root.kings, root.color),
        min(root.quiet_limit, abi.NO_LIMIT), min(root.plies_left, abi.NO_LIMIT),
        min(root.endgame_plies_left, abi.NO_LIMIT), len(boards), words)
    return game, words


def _limits(level: Level, stop_flag: ctypes.c_int32 | None, callback: Any) -> abi.Limits:
    """The core's limits; `callback` an `abi.IterationCallback`, null when none is wanted."""
    flags = ((0 if level.probcut else abi.NO_PROBCUT)
             | (0 if level.spend_clock else abi.SHORT_CLOCK)
             | (0 if level.bitbase else abi.NO_BITBASE)
             | (abi.PLAY_WEIGHTS if level.play_weights else 0))
    time_us = 0 if level.time_limit is None else int(level.time_limit * 1_000_000)
    stop = ctypes.pointer(stop_flag) if stop_flag is not None else None
    return abi.Limits(min(level.depth, abi.MAX_DEPTH), level.min_depth, level.node_budget,
                      time_us, stop, flags, callback, None)


def _watch(stop: Callable[[], bool], flag: ctypes.c_int32, done: threading.Event) -> None:
    while not done.wait(STOP_POLL):
        if stop():
            flag.value = 1
            return


class _Root:
    """The root's moves in both orders, and the core's answers read in the public one."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.position = read_board(board)
        self.moves, internal = root_moves(board, self.position)
        if not self.moves:
            raise ValueError("the side to move has no legal move")
        root = self.position
        native_order = {move[:3]: index for index, move in enumerate(
            legal_moves(board.variant, root.white, root.black, root.kings, root.color))}
        self.to_native = [native_order[m[:3]] for m in internal]

    def read(self, result: abi.Result) -> SearchResult:
        scores = [int(result.scores[i]) for i in self.to_native]
        exact = [bool(result.exact[i]) for i in self.to_native]
        best_score = int(result.scores[result.best])
        best = [i for i, score in enumerate(scores) if score == best_score and exact[i]]
        played = self.to_native.index(int(result.best))
        if played not in best:
            best = [played]
        return SearchResult(best, best_score, int(result.depth), int(result.nodes), scores)

    def info(self, result: abi.Result) -> IterationInfo:
        geometry = self.board.variant.geometry
        line = [hub_of_internal(internal_move(result.pv[i]), geometry)
                for i in range(result.pv_len)]
        return IterationInfo(int(result.depth), int(result.scores[result.best]),
                             int(result.nodes), result.elapsed_us / 1e6, line)


def native_search(
    board: Board,
    level: Level,
    on_iteration: Callable[[IterationInfo], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Move], SearchResult]:
    """Search `board` (left untouched) with the core, within `level`'s bounds; each
    completed iteration is reported to `on_iteration` as it ends."""
    root = _Root(board)
    game, _words = _game(board, root.position)
    result = abi.Result()
    callback = abi.IterationCallback()  # a null pointer: no report
    if on_iteration is not None:
        def report(partial: ctypes._Pointer[abi.Result], _context: int | None) -> None:
            on_iteration(root.info(partial.contents))

        callback = abi.IterationCallback(report)
    flag = ctypes.c_int32(0) if stop is not None else None
    done = threading.Event()
    watcher = None
    if stop is not None and flag is not None:
        watcher = threading.Thread(target=_watch, args=(stop, flag, done), daemon=True)
        watcher.start()
    try:
        code = library().dm_search(_engine(level.reproducible), ctypes.byref(game),
                                   ctypes.byref(_limits(level, flag, callback)),
                                   ctypes.byref(result))
    finally:
        done.set()
        if watcher is not None:
            watcher.join()
    if code < 0:
        raise abi.NativeError(code)
    return root.moves, root.read(result)
