"""Cost of the analysis board's route (``dames_backend.games.position.analyse_position``) at
its deepest allowed depth, on positions chosen to be expensive: the start (many quiet moves),
a middlegame, flying kings on an open board, and 8×8 boards. The node budget, not the depth,
is what bounds these; the figures say how far inside the games function's timeout they stay.

    nice -n 10 .venv/bin/python bench/position_analysis.py [--passes 2]

Prints, per position: the depth completed, the nodes, the best CPU time and wall time of
--passes runs (the best pass is kept: the machine is shared), and the worst over all.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine_layer"), str(REPO / "backend_layer")]

from dames_backend.games.position import (  # noqa: E402
    ANALYSIS_NODE_BUDGET,
    MAX_DEPTH,
    analyse_position,
)

POSITIONS = [
    ("international", None, "start"),
    ("international", "W:W27,28,31,32,33,34,36,37,38,39,40,42,43,44,45:"
     "B8,9,11,12,13,14,15,16,17,18,19,22,23,24,26", "middlegame"),
    ("international", "W:WK46,K50,31,32:BK1,K5,19,20", "flying kings"),
    ("brazilian", "W:WK29,K32,21,22:BK1,K4,9,10", "brazilian kings"),
    ("english", None, "english start"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args()
    print(f"depth {MAX_DEPTH}, node budget {ANALYSIS_NODE_BUDGET:,}")
    worst = 0.0
    for variant, fen, name in POSITIONS:
        cpu = wall = float("inf")
        depth = nodes = 0
        for _ in range(args.passes):
            c0, w0 = time.process_time(), time.perf_counter()
            view = analyse_position(variant, fen, [], MAX_DEPTH)
            cpu = min(cpu, time.process_time() - c0)
            wall = min(wall, time.perf_counter() - w0)
            depth, nodes = view.depth, view.nodes
        worst = max(worst, cpu)
        print(f"{name:16} depth {depth:2}  nodes {nodes:7,}  cpu {cpu:5.2f} s  wall {wall:5.2f} s")
    print(f"worst cpu {worst:.2f} s")


if __name__ == "__main__":
    main()
