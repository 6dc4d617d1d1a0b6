"""The openings of bench/match.py's games: the twelve usual two-move starts of international
draughts, then, past them, an opening of its own for each pair of games (so a long match at
node budgets never replays a game), read from `match_openings.txt`.

The seeded openings are stored data, not drawn at each run: drawn at each run, they followed
the engine under test (the draw searches with the core, whatever library and weights the
process had loaded), so two runs meant to be compared game by game shared only about one
opening in six. `python bench/openings.py --write PAIRS` draws the file again: for each pair a
seeded walk of 4–8 plies among the moves a 2 000-node search of the shipped core scores within
25 centi-men of the best, drawn again from the next seed where it reaches a position an earlier
pair starts from.

    PYTHONPATH=engine_layer .venv/bin/python bench/openings.py --write 500
"""

from __future__ import annotations

import argparse
import functools
import random
from pathlib import Path

from dames.board import Board
from dames.move import Move

# (White's first move, Black's reply): the usual two-move starts of international draughts.
OPENINGS: list[tuple[str, str]] = [
    ("32-28", "18-23"), ("32-28", "19-23"), ("33-28", "18-22"), ("33-29", "19-24"),
    ("34-30", "20-25"), ("31-27", "17-21"), ("32-27", "19-23"), ("33-28", "17-22"),
    ("34-29", "20-24"), ("35-30", "19-24"), ("31-26", "16-21"), ("32-28", "16-21"),
]
STORED = Path(__file__).resolve().parent / "match_openings.txt"
# How the stored openings were drawn: plies, the search's nodes, the margin (centi-men).
OPENING_PLIES = (4, 8)
OPENING_NODES = 2000
OPENING_MARGIN = 25


def opening_of(pair: int) -> tuple[str, ...]:
    """The start of games 2 × `pair` and 2 × `pair` + 1: a fixed two-move start (notation),
    then the stored openings (Hub moves: full paths, never ambiguous)."""
    if pair < len(OPENINGS):
        return OPENINGS[pair]
    stored = stored_openings()
    index = pair - len(OPENINGS)
    if index >= len(stored):
        raise ValueError(f"games {2 * pair} and {2 * pair + 1} need opening {pair}, and "
                         f"{STORED.name} holds {len(OPENINGS) + len(stored)}: draw more with "
                         "`bench/openings.py --write`")
    return stored[index]


@functools.cache
def stored_openings() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split()) for line in STORED.read_text().splitlines()
                 if line.strip() and not line.startswith("#"))


def opening_move(board: Board, text: str) -> Move:
    """`text` played on `board`: a Hub move (a full path) or, for the fixed starts, notation."""
    return next((m for m in board.legal_moves() if m.hub() == text), None) or \
        board.parse_move(text)


def start_position(opening: tuple[str, ...]) -> Board:
    board = Board(draw_rules="fmjd")
    for text in opening:
        board.push(opening_move(board, text))
    return board


def draw_openings(pairs: int) -> list[tuple[str, ...]]:
    """The seeded openings of pairs len(OPENINGS) .. pairs - 1 (the module's docstring), with
    the core's shipped weights whatever the process had loaded before."""
    try:
        from bench.selfplay_native import near_best
    except ImportError:  # run as a script from bench/
        from selfplay_native import near_best  # type: ignore[no-redef]
    from dames.native import library
    from dames.native.weights import load_shipped
    load_shipped(library())
    reached = {start_position(opening).fen() for opening in OPENINGS}
    drawn: list[tuple[str, ...]] = []
    for pair in range(len(OPENINGS), pairs):
        attempt = 0
        while True:
            rng = random.Random(f"match-opening:{pair}" + (f":{attempt}" if attempt else ""))
            board = Board(draw_rules="fmjd")
            for _ in range(rng.randint(*OPENING_PLIES)):
                if board.outcome() is not None:
                    break
                board.push(rng.choice(near_best(board, OPENING_NODES, OPENING_MARGIN)))
            if board.fen() not in reached:
                break
            attempt += 1
        reached.add(board.fen())
        drawn.append(tuple(move.hub() for move in board.move_stack))
    return drawn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw bench/match.py's stored openings.")
    parser.add_argument("--write", type=int, metavar="PAIRS", required=True,
                        help="pairs of games in all, the twelve fixed starts included")
    args = parser.parse_args(argv)
    drawn = draw_openings(args.write)
    header = (f"# bench/match.py's openings past the {len(OPENINGS)} fixed starts, one pair of "
              "games a line (Hub moves), from `bench/openings.py --write "
              f"{args.write}`: see that module.\n")
    STORED.write_text(header + "".join(" ".join(opening) + "\n" for opening in drawn))
    print(f"wrote {len(drawn)} openings to {STORED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
