"""Training positions for the strong levels' evaluation, labelled by Scan 2.0's scores.

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/eval_data.py \
        --scan /path/to/scan --games 150 --label-depth 12 --out /tmp/eval_data.txt

The recipe (fixed seeds, so a rerun with the same Scan gives the same file):
1. self-play games of Scan at depth 4 (its book off), each from the start position after
   `--random-plies` plies drawn at random (seed `eval-data:<game>`), refereed by the engine's
   `Board` under the federation's draw rules;
2. from ply 10 on, every third position where the side to move has no capture (the search
   evaluates only those) is kept;
3. each kept position is given to Scan alone (`pos`, no history) and searched to
   `--label-depth`; the last `info` line's score (centi-men, from the side to move's view) is
   its label.

Output: one `FEN | score` line per position, read by bench/tune_eval.py. Scan is a measuring
instrument only (see bench/match.py for how to build it outside the repository).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from dames.board import Board
from match import ScanPlayer


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


def quiet(board: Board) -> bool:
    moves = board.legal_moves()
    return bool(moves) and not moves[0].is_capture


def game_positions(scan: ScanPlayer, number: int, random_plies: int) -> list[str]:
    rng = random.Random(f"eval-data:{number}")
    board = Board(draw_rules="fmjd")
    kept: list[str] = []
    scan.new_game()
    while board.outcome() is None and board.ply < 250:
        move = rng.choice(board.legal_moves()) if board.ply < random_plies else scan.move(board)
        board.push(move)
        if board.ply >= 10 and board.ply % 3 == 0 and board.outcome() is None and quiet(board):
            kept.append(board.fen())
    return kept


def label(scan: ScanPlayer, fen: str, depth: int) -> int | None:
    scan.send(f"pos {hub_position(Board(fen, draw_rules='fmjd'))}")
    scan.send(f"depth {depth}")
    scan.send("go")
    score = None
    assert scan.proc.stdout is not None
    while True:
        line = scan.proc.stdout.readline()
        if not line:
            raise RuntimeError("scan exited")
        if line.startswith("info "):
            score = int(line.split()[3])
        elif line.startswith("move"):
            return score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--random-plies", type=int, default=6)
    parser.add_argument("--label-depth", type=int, default=12)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if not args.scan:
        parser.error("give Scan's binary with --scan or $SCAN")
    player = ScanPlayer("scan-d4", args.scan)
    labeller = ScanPlayer("scan-d4", args.scan)
    written = 0
    try:
        with args.out.open("w") as out:
            for number in range(args.games):
                for fen in game_positions(player, number, args.random_plies):
                    score = label(labeller, fen, args.label_depth)
                    if score is not None:
                        out.write(f"{fen} | {score}\n")
                        written += 1
                out.flush()
                print(f"game {number + 1}: {written} positions", file=sys.stderr, flush=True)
    finally:
        player.close()
        labeller.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
