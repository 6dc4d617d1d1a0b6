"""How good the levels' moves are, judged by Scan 2.0: a quick proxy for strength.

    SCAN=/path/to/scan PYTHONPATH=engine_layer nice -n 10 .venv/bin/python \
        bench/move_quality.py --level fort --level maitre@100000 [--positions 200] [--depth 12]

A match of 20 games measures strength but takes an hour and moves by few points at a time; this
measures every move of a fixed set instead. The positions come from Scan's own games from random
openings (fixed seeds: the same set on every run), quiet ones with a choice only.
For each position Scan searches to `--depth` and gives its move and score; each level then picks
its move, and when it differs Scan scores the position after it one ply shallower (a position
after which the game ends or the reply is forced gets no score from Scan: counted apart). A level's
**loss** on a position is Scan's best score minus the score of the level's move (in centi-men,
never below 0). The table prints, per level: how often it played Scan's move, its mean loss, and
how many of its moves lost a man or more (100+). Compare two builds on the same set and depth:
a change that helps lowers the mean loss. Scan is a measuring instrument only (bench/match.py
says how to build it outside the repository). Levels are bench/match.py's: `maitre@N` searches
with `maitre`'s play weights (docs/native-core.md), so the game analysis's own search (the
shipped weights) is `maitre~engine_layer/dames/native/weights/international.dmw@N`.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from dames.board import Board
from eval_data import hub_position
from match import LevelPlayer, ScanPlayer

BLUNDER = 100


def scan_search(scan: ScanPlayer, board: Board, depth: int) -> tuple[str, int | None]:
    """Scan's move (Hub text) and score (centi-men, side to move's view) at `depth`.

    Scan 2.0 prints its score (an `info` line) only for iterations of depth 12 or more, and not
    at all when it has a single move: the score is None then. Scan's table is emptied first
    (Hub `new`): with what earlier searches left in it, the same position scored differently
    from one run to the next, by whichever levels were judged before.
    """
    scan.send("new")
    scan.send(f"pos {hub_position(board)}")
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
            return line.split()[1], score


def game_positions(scan: ScanPlayer, number: int) -> list[str]:
    """From ply 10 on, every third position of one game of Scan (at depth 4) against itself
    after 6 random plies (seeded by the game's number) where the side to move has a choice of
    quiet moves."""
    rng = random.Random(f"eval-data:{number}")
    board = Board(draw_rules="fmjd")
    kept: list[str] = []
    scan.new_game()
    while board.outcome() is None and board.ply < 250:
        move = rng.choice(board.legal_moves()) if board.ply < 6 else scan.move(board)
        board.push(move)
        if board.ply >= 10 and board.ply % 3 == 0 and board.outcome() is None:
            moves = board.legal_moves()
            if len(moves) > 1 and not moves[0].is_capture:
                kept.append(board.fen())
    return kept


def positions(scan: ScanPlayer, count: int) -> list[str]:
    """The fixed set: the first `count` positions of Scan's games, in seed order."""
    kept: list[str] = []
    number = 0
    while len(kept) < count:
        kept.extend(game_positions(scan, number))
        number += 1
    return kept[:count]


def judge(scan: ScanPlayer, fens: list[str], spec: str, depth: int) -> str:
    player = LevelPlayer(spec)
    same = loss_total = blunders = unscored = 0
    spent = 0.0
    for fen in fens:
        board = Board(fen, draw_rules="fmjd")
        best_text, best_score = scan_search(scan, board, depth)
        assert best_score is not None  # the set holds positions with a choice only
        player.new_game()
        started = time.process_time()
        move = player.move(board)
        spent += time.process_time() - started
        if move.hub() == best_text:
            same += 1
            continue
        board.push(move)
        reply_score = None if board.outcome() else scan_search(scan, board, depth - 1)[1]
        if reply_score is None:  # the game ends, or the reply is forced: Scan gives no score
            unscored += 1
            continue
        loss = max(0, best_score + reply_score)
        loss_total += loss
        blunders += loss >= BLUNDER
    count = len(fens)
    return (f"| {spec} | {count} | {100 * same / count:.1f} % | "
            f"{loss_total / (count - unscored):.1f} | {blunders} | {unscored} | "
            f"{spent / count:.2f} s |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--level", action="append", default=[], help="a bench/match.py level")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--depth", type=int, default=13,
                        help="Scan's depth (13 or more: it prints scores from 12 on)")
    args = parser.parse_args()
    if not args.scan:
        parser.error("give Scan's binary with --scan or $SCAN")
    if not args.level:
        parser.error("give at least one --level")
    scan = ScanPlayer("scan-d4", args.scan)
    try:
        fens = positions(scan, args.positions)
        print(f"{len(fens)} positions, Scan depth {args.depth}")
        print("| level | positions | Scan's move | mean loss | losses of 100+ | unscored | "
              "CPU a move |")
        print("|---|---|---|---|---|---|---|")
        for spec in args.level:
            print(judge(scan, fens, spec, args.depth), flush=True)
    finally:
        scan.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
