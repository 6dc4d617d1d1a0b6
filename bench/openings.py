"""The openings of bench/match.py's games: the twelve usual two-move starts of international
draughts, then, past them, an opening of its own for each pair of games, drawn among
near-best moves from a seed (so a long match at node budgets never replays a game)."""

from __future__ import annotations

import random

from dames.board import Board
from dames.move import Move

# (White's first move, Black's reply): the usual two-move starts of international draughts.
OPENINGS: list[tuple[str, str]] = [
    ("32-28", "18-23"), ("32-28", "19-23"), ("33-28", "18-22"), ("33-29", "19-24"),
    ("34-30", "20-25"), ("31-27", "17-21"), ("32-27", "19-23"), ("33-28", "17-22"),
    ("34-29", "20-24"), ("35-30", "19-24"), ("31-26", "16-21"), ("32-28", "16-21"),
]
# The seeded openings past the fixed list: plies, the search's nodes, the margin (centi-men).
OPENING_PLIES = (4, 8)
OPENING_NODES = 2000
OPENING_MARGIN = 25


def opening_of(pair: int) -> tuple[str, ...]:
    """The start of games 2 × `pair` and 2 × `pair` + 1: a fixed two-move start, then seeded
    near-best openings (the module's docstring), as Hub moves (full paths: never ambiguous).
    No two pairs start from the same position: a seeded draw that reaches an earlier pair's
    position (10 of the first 150 did) is drawn again from the next seed."""
    while len(_drawn) <= pair:
        _drawn.append(_draw_new(len(_drawn)))
    return _drawn[pair]


# The openings of pairs 0, 1, ... drawn so far, and the positions they reach (a process
# draws each once; a match from game 300 first draws the 150 before it, about 5 s).
_drawn: list[tuple[str, ...]] = []
_reached: set[str] = set()


def _draw_new(pair: int) -> tuple[str, ...]:
    if pair < len(OPENINGS):
        opening, board = OPENINGS[pair], Board(draw_rules="fmjd")
        for text in opening:
            board.push(opening_move(board, text))
    else:
        attempt = 0
        while True:
            board = _seeded(f"match-opening:{pair}" + (f":{attempt}" if attempt else ""))
            if board.fen() not in _reached:
                break
            attempt += 1
        opening = tuple(move.hub() for move in board.move_stack)
    _reached.add(board.fen())
    return opening


def _seeded(seed: str) -> Board:
    try:
        from bench.selfplay_native import near_best
    except ImportError:  # run as a script from bench/
        from selfplay_native import near_best  # type: ignore[no-redef]
    rng = random.Random(seed)
    board = Board(draw_rules="fmjd")
    for _ in range(rng.randint(*OPENING_PLIES)):
        if board.outcome() is not None:
            break
        board.push(rng.choice(near_best(board, OPENING_NODES, OPENING_MARGIN)))
    return board


def opening_move(board: Board, text: str) -> Move:
    """`text` played on `board`: a Hub move (a full path) or, for the fixed starts, notation."""
    return next((m for m in board.legal_moves() if m.hub() == text), None) or \
        board.parse_move(text)
