"""Speed of the native core against the pure-Python engine (the engine issue's two figures).

    PYTHONPATH=engine_layer nice -n 5 .venv/bin/python bench/native_speed.py [--nodes 2000000]

Prints:
* perft of every variant's start position (international to depth 8, the 8x8 games to 9):
  leaf nodes per CPU-second of the core and of the Python engine (`dames.perft`), and the
  ratio of the rates (goal: 20x); the Python side counts one depth less, so the run stays
  quick (its rate per leaf varies little with the depth);
* the core's search on the 60 positions of bench/positions.txt, `--nodes` nodes each from an
  empty table: nodes per CPU-second, minimum / median / maximum over the positions (goal:
  1 000 000), and the depth reached; the Python strong search's nodes per CPU-second at
  100 000 units on the first 10, for scale.
CPU times (`time.process_time`), so the load of a shared machine weighs less than on a clock.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from dames.ai.levels import PYTHON_MAITRE, Level
from dames.ai.player import search_position
from dames.board import Board
from dames.native import available, unavailable_reason
from dames.native.rules import perft as native_perft
from dames.native.search import native_search
from dames.perft import perft as python_perft
from dames.variants import VARIANTS

POSITIONS = Path(__file__).resolve().parent / "positions.txt"


def cpu(function: object, *args: object) -> tuple[int, float]:
    started = time.process_time()
    value = function(*args)  # type: ignore[operator]
    return int(value), max(time.process_time() - started, 1e-9)


def perft_ratios() -> None:
    print("perft of the start positions (leaf nodes per CPU-second)")
    for name, variant in VARIANTS.items():
        depth = 8 if variant.size == 10 else 9
        board = Board(None, name)
        args = (variant, board.white, board.black, board.kings, int(board.turn))
        leaves, seconds = cpu(native_perft, *args, depth)
        python_leaves, python_seconds = cpu(python_perft, board, depth - 1)
        native_rate, python_rate = leaves / seconds, python_leaves / python_seconds
        ratio = native_rate / python_rate
        print(f"  {name:14} depth {depth}: core {native_rate / 1e6:7.1f} M/s, Python "
              f"{python_rate / 1e6:5.2f} M/s (depth {depth - 1}): {ratio:5.1f}x")


def bench_fens() -> list[str]:
    return [line.split("|", 1)[0].strip() for line in POSITIONS.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def search_speed(nodes: int) -> None:
    level = Level("speed", depth=100, node_budget=nodes, native=True)
    rates, depths = [], []
    for fen in bench_fens():
        started = time.process_time()
        _, result = native_search(Board(fen), level)
        rates.append(result.nodes / max(time.process_time() - started, 1e-9))
        depths.append(result.depth)
    print(f"core search, {len(rates)} positions x {nodes} nodes: "
          f"{min(rates) / 1e6:.2f} / {statistics.median(rates) / 1e6:.2f} / "
          f"{max(rates) / 1e6:.2f} M nodes per CPU-second (min / median / max); depth "
          f"{min(depths)} / {statistics.median(depths):.0f} / {max(depths)}")
    python = Level("python", depth=100, node_budget=100_000, strong=True, learned=True)
    python_rates = []
    for fen in bench_fens()[:10]:
        started = time.process_time()
        _, result = search_position(Board(fen), python)
        python_rates.append(result.nodes / max(time.process_time() - started, 1e-9))
    print(f"Python strong search ({PYTHON_MAITRE.name}'s fallback), 10 positions x 100 000 "
          f"units: median {statistics.median(python_rates) / 1e3:.0f} k nodes per CPU-second")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--nodes", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    if not available():
        print(f"native core unavailable: {unavailable_reason()}")
        return 1
    perft_ratios()
    search_speed(args.nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
