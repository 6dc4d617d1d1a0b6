"""Self-play games of the native core, the training positions of its evaluation.

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/selfplay_native.py \
        --variant international --games 20000 --out /tmp/selfplay-international.txt

The recipe (fixed seeds: a rerun with the same core and weights writes the same file):
1. game n draws, from `random.Random("selfplay:<variant>:<n>")`, a number of opening plies in
   [`--min-random`, `--max-random`] played from the start position: with `--opening random`
   any legal move, with `--opening near-best` any move whose `--opening-nodes` search scores
   within `--margin` centi-men of the best (so the games start from plausible positions, not
   from a random blunder's);
2. then the core plays both sides, each move a fresh reproducible search of `--nodes` nodes
   (about a millisecond), under the federation's draw rules (`Board(draw_rules="fmjd")`);
3. a game ends by the rules, as a draw at `--max-plies`, or is adjudicated once a side's
   search has seen a won game (a mate score) or scored `--adjudicate` centi-men or more for
   six plies running;
4. every position after the random plies where the side to move has no capture (the only
   ones the search evaluates) is kept with the search's score and the game's result.

Output: one line per position, `white black kings turn score result game ply` (bitboards in
hex, the engine's internal layout; score the side to move's view; result White's: 1, 0.5
or 0). Appends, so `--first-game` resumes a cut run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from dames.ai.levels import Level
from dames.board import Board
from dames.move import Move
from dames.native import abi, available, unavailable_reason
from dames.native.search import native_search


def near_best(board: Board, nodes: int, margin: int) -> list[Move]:
    """The legal moves whose searched score is within `margin` of the best one's."""
    level = Level("opening", depth=64, node_budget=nodes, native=True)
    scored: list[tuple[int, Move]] = []
    for move in board.legal_moves():
        board.push(move)
        outcome = board.outcome()
        if outcome is None:
            score = -native_search(board, level)[1].score
        else:
            score = 0 if outcome.winner is None else abi.MATE
        board.pop()
        scored.append((score, move))
    best = max(score for score, _ in scored)
    return [move for score, move in scored if score >= best - margin]


def play(variant: str, number: int, args: argparse.Namespace) -> tuple[list[str], float]:
    """One game's training lines, and the result (White's view)."""
    rng = random.Random(f"selfplay:{variant}:{number}")
    board = Board(None, variant, draw_rules="fmjd")
    for _ in range(rng.randint(args.min_random, args.max_random)):
        if board.outcome() is not None:
            break
        moves = (board.legal_moves() if args.opening == "random"
                 else near_best(board, args.opening_nodes, args.margin))
        board.push(rng.choice(moves))
    level = Level("selfplay", depth=64, node_budget=args.nodes, native=True)
    kept: list[tuple[int, int, int, int, int, int]] = []
    streak, leader, result = 0, 0, 0.5
    while board.ply < args.max_plies:
        outcome = board.outcome()
        if outcome is not None:
            result = 0.5 if outcome.winner is None else (1.0 if int(outcome.winner) == 0 else 0.0)
            break
        moves, found = native_search(board, level)
        white_view = found.score if int(board.turn) == 0 else -found.score
        if not any(m.is_capture for m in moves):
            kept.append((board.white, board.black, board.kings, int(board.turn), found.score,
                         board.ply))
        side = (white_view > 0) - (white_view < 0)
        if abs(white_view) >= abi.MATE_BOUND:
            result = 1.0 if side > 0 else 0.0
            break
        # Adjudicated: the same side judged far ahead six plies running.
        streak = streak + 1 if abs(white_view) >= args.adjudicate and side == leader else (
            1 if abs(white_view) >= args.adjudicate else 0)
        leader = side if streak else 0
        if streak >= 6:
            result = 1.0 if leader > 0 else 0.0
            break
        board.push(moves[found.best[0]])
    lines = [f"{w:x} {b:x} {k:x} {t} {s} {result} {number} {ply}"
             for w, b, k, t, s, ply in kept]
    return lines, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--min-random", type=int, default=4)
    parser.add_argument("--max-random", type=int, default=12)
    parser.add_argument("--opening", choices=("random", "near-best"), default="random")
    parser.add_argument("--opening-nodes", type=int, default=2000)
    parser.add_argument("--margin", type=int, default=25, help="centi-men, for near-best")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--adjudicate", type=int, default=600)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not available():
        print(f"native core unavailable: {unavailable_reason()}")
        return 1
    started = time.perf_counter()
    positions = 0
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    with args.out.open("a", encoding="utf-8") as out:
        for number in range(args.first_game, args.first_game + args.games):
            lines, result = play(args.variant, number, args)
            out.write("".join(line + "\n" for line in lines))
            positions += len(lines)
            results[result] += 1
            done = number - args.first_game + 1
            if done % 200 == 0 or done == args.games:
                out.flush()
                elapsed = time.perf_counter() - started
                print(f"{done} games, {positions} positions, W/D/L {results[1.0]}/"
                      f"{results[0.5]}/{results[0.0]}, {elapsed:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
