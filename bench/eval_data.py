"""Training positions for the strong levels' evaluation, labelled by the results of Scan games.

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/eval_data.py \
        --scan /path/to/scan --games 1600 --out /tmp/eval_games.txt

Why results first: the evaluation is fitted Texel-style (bench/tune_eval.py), i.e. the sigmoid
of the evaluation is made to predict who wins. A game's result costs one fast self-play game for
~100 positions, where a deep score costs a deep search per position (Scan 2.0 prints no score
below depth 12: about 0.1-0.2 s a position here); thousands of games from varied starts average
the luck out. bench/eval_labels.py then adds Scan's depth-12 scores to as many of these
positions as time allows.

The recipe (fixed seeds, so a rerun with the same Scan gives the same file):
1. game n draws, from `random.Random("eval-data:<n>")`, a number of random plies in
   [`--min-random`, `--max-random`] and a Scan depth in `--depths`; the game starts with those
   random plies from the initial position, then Scan (book off, given the position without
   history through `pos`) plays both sides at that depth;
2. the game is refereed by the engine's `Board` under the federation's draw rules and stops
   as a draw at `--max-plies`;
3. every position from ply `max(10, random plies)` on where the side to move has no capture
   (the search evaluates only those) is kept with the game's result.

Output: one `FEN | result | game` line per position (result `1-0`, `0-1` or `1/2`, White's
view; `game` lets bench/tune_eval.py hold out whole games). Scan is a measuring instrument
only (see bench/match.py for how to build it outside the repository).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from dames.board import Board
from dames.move import Move
from match import ScanPlayer, find_move


def hub_position(board: Board) -> str:
    """Scan's Hub v1 position: side to move (`w`/`b`) and one letter per square."""
    letters = []
    for square in range(1, 51):
        piece = board.piece_at(square)
        if piece is None:
            letters.append("e")
        else:
            letter = "w" if int(piece.color) == 0 else "b"
            letters.append(letter.upper() if piece.king else letter)
    return ("w" if int(board.turn) == 0 else "b") + "".join(letters)


def scan_move(scan: ScanPlayer, board: Board, moves: list[Move], depth: int) -> Move:
    """Scan's move in `board` at `depth`, from the position alone (cheaper than the history)."""
    scan.send(f"pos {hub_position(board)}")
    scan.send(f"depth {depth}")
    scan.send("go")
    text = scan.read_until("move ").split()[1]
    separator = "x" if "x" in text else "-"
    squares = [int(s) for s in text.split(separator)]
    wanted = (squares[0], squares[1], frozenset(squares[2:]))
    for move in moves:
        if (move.start, move.end, frozenset(move.captures)) == wanted:
            return move
    return find_move(board, wanted, scan.name)  # raises with the position


def play_game(scan: ScanPlayer, number: int, args: argparse.Namespace) -> tuple[list[str], str]:
    """One self-play game: the quiet positions kept and the result (White's view)."""
    rng = random.Random(f"eval-data:{number}")
    random_plies = rng.randint(args.min_random, args.max_random)
    depth = rng.choice(args.depths)
    board = Board(draw_rules="fmjd")
    kept: list[str] = []
    scan.new_game()
    first_kept = max(10, random_plies)
    while board.ply < args.max_plies:
        outcome = board.outcome()
        if outcome is not None:
            result = "1/2" if outcome.winner is None else (
                "1-0" if int(outcome.winner) == 0 else "0-1")
            return kept, result
        moves = board.legal_moves()
        if board.ply >= first_kept and not moves[0].is_capture:
            kept.append(board.fen())
        if board.ply < random_plies:
            move = rng.choice(moves)
        elif len(moves) == 1:
            move = moves[0]
        else:
            move = scan_move(scan, board, moves, depth)
        board.push(move)
    return kept, "1/2"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--first-game", type=int, default=0, help="to extend a file")
    parser.add_argument("--min-random", type=int, default=4)
    parser.add_argument("--max-random", type=int, default=12)
    parser.add_argument("--depths", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if not args.scan:
        parser.error("give Scan's binary with --scan or $SCAN")
    scan = ScanPlayer("scan-d4", args.scan)
    written = 0
    tally = {"1-0": 0, "0-1": 0, "1/2": 0}
    try:
        with args.out.open("a" if args.first_game else "w") as out:
            for number in range(args.first_game, args.first_game + args.games):
                kept, result = play_game(scan, number, args)
                tally[result] += 1
                out.writelines(f"{fen} | {result} | {number}\n" for fen in kept)
                written += len(kept)
                if number % 20 == 19:
                    out.flush()
                    print(f"game {number + 1}: {written} positions, results {tally}",
                          file=sys.stderr, flush=True)
    finally:
        scan.close()
    print(f"{written} positions from {args.games} games, results {tally}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
