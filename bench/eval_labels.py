"""Scan 2.0's search scores for bench/eval_data.py's positions: a label richer than the result.

    SCAN=/path/to/scan PYTHONPATH=engine_layer:bench nice -n 10 .venv/bin/python \
        bench/eval_labels.py /tmp/eval_games.txt --out /tmp/eval_scores.txt [--depth 12]

Why: a game's result is one noisy bit shared by its ~100 positions; a deep search's score says
how good each position is, so many more weights can be learned from the same positions
(bench/tune_eval.py `--scores` fits a blend of both). Scan 2.0 prints a score only for
iterations of depth 12 or more, hence the default depth.

The recipe (deterministic: the same input and Scan give the same file):
1. the input's lines are visited in the order of `random.Random("eval-labels")`'s shuffle of
   their indices, so a file cut short still spreads over every game (whole games stay whole
   for the hold-out: each line keeps its game number);
2. per position Scan's tables are cleared (`new`), then it searches the position alone
   (`pos`) to `--depth`; its score (side to move's view, centi-men) is turned to White's view
   and clipped to ±`--clip` (won positions score in thousands);
3. a position Scan does not score (a single legal move) is left out.

Output: the input's line with the score appended, `FEN | result | game | score`, flushed as
it goes, so a run can be stopped and resumed: `--resume` appends, skipping the input lines the
output already holds (a position Scan did not score is searched again).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from dames.board import Board
from match import ScanPlayer
from move_quality import scan_search


def scan_score(scan: ScanPlayer, board: Board, depth: int) -> int | None:
    """Scan's score of `board` at `depth` (side to move's view), None when it prints none;
    its tables are cleared first, so a position's label does not depend on the ones before."""
    scan.send("new")
    return scan_search(scan, board, depth)[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="bench/eval_data.py's output")
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--clip", type=int, default=1000)
    parser.add_argument("--resume", action="store_true", help="append to --out, skip its lines")
    parser.add_argument("--limit", type=int, default=None, help="stop after this many")
    args = parser.parse_args()
    if not args.scan:
        parser.error("give Scan's binary with --scan or $SCAN")
    lines = args.data.read_text().splitlines()
    order = list(range(len(lines)))
    random.Random("eval-labels").shuffle(order)
    if args.resume and args.out.exists():
        done_lines = {line.rpartition("|")[0].strip()
                      for line in args.out.read_text().splitlines()}
        order = [i for i in order if lines[i].strip() not in done_lines]
    order = order[:args.limit]
    scan = ScanPlayer("scan-d12", args.scan)
    started = time.monotonic()
    try:
        with args.out.open("a" if args.resume else "w") as out:
            for done, index in enumerate(order, start=1):
                board = Board(lines[index].split("|")[0].strip())
                score = scan_score(scan, board, args.depth)
                if score is not None:
                    white = score if int(board.turn) == 0 else -score
                    out.write(f"{lines[index]} | {max(-args.clip, min(args.clip, white))}\n")
                    out.flush()
                if done % 500 == 0:
                    rate = done / (time.monotonic() - started)
                    print(f"{done} labelled, {rate:.1f} a second", file=sys.stderr, flush=True)
    finally:
        scan.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
