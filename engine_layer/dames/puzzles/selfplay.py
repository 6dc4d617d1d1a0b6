"""Self-play games made to hold shots: two recipes, each game ``n`` the same on every run.

*hunter* (``self_play_game``): a careless side against the daily's computer.

Two searchers of the site rarely allow a combination: ``facile`` already sees a one-sacrifice
shot through its capture quiescence, and avoids walking into it. So each game pits a
hunter searching as ``defi`` (4 plies, the daily challenge's computer) against a *careless*
side that looks only ``CARELESS_DEPTH`` plies ahead: it sees every capture to its end but not
a sacrifice, and walks into shots the way club players do. The careless side alternates
colours, the first four plies and about one ply in ``RANDOM_EVERY`` are drawn at random (the
openings vary), and everything is drawn from ``random.Random("puzzles-selfplay:<variant>:<n>")``,
so game ``n`` of a variant is the same game on every run and machine (both searchers are
reproducible levels, by the native core where it is built).

*pair* (``pair_game``): two careless sides of one ply each (every capture seen to its end, no
sacrifice), the same random openings and random plies. Neither side sees a shot coming, so
they give each other many, and a game costs a fraction of a hunter game (docs/puzzles.md
has each recipe's yield per CPU hour). Its games
are screened by the cheaper ``engine.QUICK_SCREEN_LEVEL`` (their shots are short and plain).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dames.ai.levels import Level, native_level
from dames.ai.player import search_position
from dames.board import Board
from dames.move import Move
from dames.puzzles.engine import QUICK_SCREEN_LEVEL
from dames.puzzles.sources import SourceGame

# The hunter searches as the daily challenge's ``defi`` (4 plies), by the native core where it
# is built (the same games on every machine that has it; the Python search's elsewhere).
HUNTER_LEVEL = native_level("hunter", 4, 20_000, 16_000)
PAIR_DEPTH = 1
CARELESS_DEPTH = (2, 2, 2, 1)  # by game number: three games in four at 2 plies, one at 1
CARELESS_NODES = 4_000  # the core's nodes
CARELESS_WORK = 4_000  # the Python search's work units
RANDOM_PLIES = 4
RANDOM_EVERY = 33
MAX_PLIES = 200


def careless_level(depth: int) -> Level:
    return native_level(f"careless-{depth}", depth, CARELESS_NODES, CARELESS_WORK)


def _play(variant: str, rng: random.Random, level_for: Callable[[Board], Level]
          ) -> tuple[Move, ...]:
    """One game: random plies where the recipe says, else a best move of ``level_for``'s
    level (drawn among equals), everything from ``rng``."""
    board = Board(None, variant, "fmjd")
    moves: list[Move] = []
    while board.outcome() is None and board.ply < MAX_PLIES:
        legal = board.legal_moves()
        if board.ply < RANDOM_PLIES or rng.randrange(RANDOM_EVERY) == 0 or len(legal) == 1:
            move = rng.choice(legal)
        else:
            found, result = search_position(board, level_for(board))
            move = found[rng.choice(result.best)]
        moves.append(move)
        board.push(move)
    return tuple(moves)


def self_play_game(variant: str, number: int) -> SourceGame:
    """Game ``number`` of ``variant``'s self-play (see the module's docstring)."""
    rng = random.Random(f"puzzles-selfplay:{variant}:{number}")
    careless = careless_level(CARELESS_DEPTH[number % len(CARELESS_DEPTH)])
    careless_side = number % 2  # 0: the first mover is careless
    moves = _play(variant, rng,
                  lambda board: careless if board.ply % 2 == careless_side else HUNTER_LEVEL)
    source = {"kind": "self-play", "game": number, "careless": careless.depth}
    return SourceGame(f"selfplay:{variant}:{number}", source, Board(None, variant, "fmjd"),
                      moves)


def pair_game(variant: str, number: int) -> SourceGame:
    """Game ``number`` of ``variant``'s *pair* self-play (see the module's docstring)."""
    rng = random.Random(f"puzzles-pair:{variant}:{number}")
    careless = careless_level(PAIR_DEPTH)
    moves = _play(variant, rng, lambda board: careless)
    source = {"kind": "self-play", "recipe": "pair", "game": number}
    return SourceGame(f"selfplay-pair:{variant}:{number}", source,
                      Board(None, variant, "fmjd"), moves, QUICK_SCREEN_LEVEL)
