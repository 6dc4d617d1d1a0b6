"""Reply time of the computer player per variant and level over fixed positions from real games.

    PYTHONPATH=engine_layer .venv/bin/python bench/ai.py [--variants international,english]
        [--levels facile,defi,fort] [--limit N]

prints, per variant and level, the median, 95th percentile and maximum reply time and the nodes
searched per second over bench/positions.txt (international) and bench/positions_8x8.txt
(brazilian, english, italian). The goal is the same in every variant, for `defi` on the 2-core
dev machine: median < 150 ms, p95 < 400 ms, max < 1 s. Run nothing else heavy at the same time.

The position sets are fixed and versioned. With no game database offline, they were recorded
once from games the engine played between different levels from fixed seeds:

    PYTHONPATH=engine_layer .venv/bin/python bench/ai.py --make-positions [--variants ...]

rewrites bench/positions.txt (one `FEN | phase | origin` per line) when international is among
the variants, bench/positions_8x8.txt (`FEN | variant | phase | origin`) when an 8×8 one is;
do it only on purpose: changing a set makes old figures incomparable.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import TypeVar

from dames.ai.levels import LEVELS
from dames.ai.match import play_game
from dames.ai.player import search_position
from dames.ai.search import MATE_BOUND
from dames.board import Board
from fixed_sets import variant_positions
from variant_options import add_variants_option, chosen_variants

POSITIONS = Path(__file__).with_name("positions.txt")
POSITIONS_8X8 = Path(__file__).with_name("positions_8x8.txt")
T = TypeVar("T")

# The recorded games: (white level, black level, seed). Fixed: the set must not drift.
SOURCE_GAMES = (
    ("facile", "defi", "bench-1"),
    ("defi", "fort", "bench-2"),
    ("fort", "facile", "bench-3"),
    ("defi", "defi", "bench-4"),
    ("facile", "fort", "bench-5"),
    ("fort", "defi", "bench-6"),
)
PER_GAME = {"opening": 3, "middle": 4, "endgame": 3}


def phase_of(board: Board, ply: int) -> str:
    """Opening before ply 20, endgame from 16 pieces left, middle game in between (on 8×8,
    with 24 pieces instead of 40: ply 12 and 10 pieces)."""
    pieces = board.white.bit_count() + board.black.bit_count()
    small = board.variant.size == 8
    if ply < (12 if small else 20):
        return "opening"
    if pieces > (10 if small else 16):
        return "middle"
    return "endgame"


def spread(items: list[T], count: int) -> list[T]:
    """`count` items evenly spaced over `items` (all of them if there are fewer)."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(step * i + step / 2)] for i in range(count)]


def make_positions(variant: str = "international") -> list[str]:
    """`FEN | phase | origin` lines (international) or `FEN | variant | phase | origin`."""
    lines = []
    for white, black, seed in SOURCE_GAMES:
        if variant != "international":
            seed = f"{seed}-{variant}"  # the international seeds stay as they were recorded
        record = play_game(white, black, seed, variant=variant)
        by_phase: dict[str, list[tuple[int, str]]] = {phase: [] for phase in PER_GAME}
        for ply, fen in enumerate(record.fens):
            board = Board(fen, variant=variant)
            if ply < 4 or len(board.legal_moves()) < 2:
                continue
            by_phase[phase_of(board, ply)].append((ply, fen))
        tag = "" if variant == "international" else f" | {variant}"
        for phase, count in PER_GAME.items():
            for ply, fen in spread(by_phase[phase], count):
                origin = f"{white} (white) vs {black} (black), seed {seed}, before ply {ply}"
                lines.append(f"{fen}{tag} | {phase} | {origin}")
        print(f"# {variant} {white} vs {black} {seed}: {len(record.moves)} plies, "
              f"winner {record.winner or 'none'} ({record.reason})", file=sys.stderr)
    return lines


def load_positions(variant: str) -> list[tuple[str, str]]:
    """(FEN, phase) of one variant's fixed positions."""
    return variant_positions(variant, POSITIONS, POSITIONS_8X8)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def bench_level(level_name: str, variant: str, positions: list[tuple[str, str]]) -> None:
    level = LEVELS[level_name]
    times: list[float] = []
    nodes: list[int] = []
    depths: list[int] = []
    for fen, _phase in positions:
        board = Board(fen, variant=variant)
        started = time.perf_counter()
        _moves, result = search_position(board, level)
        times.append(time.perf_counter() - started)
        nodes.append(result.nodes)
        if abs(result.score) < MATE_BOUND:  # a forced win found early ends the search early
            depths.append(result.depth)
    total = sum(times)
    print(f"{variant:13s} {level_name:8s} n={len(times):3d}  "
          f"median {statistics.median(times) * 1000:7.1f} ms  "
          f"p95 {percentile(times, 0.95) * 1000:7.1f} ms  max {max(times) * 1000:7.1f} ms  "
          f"{sum(nodes) / total if total else 0:9,.0f} nodes/s  "
          f"(nodes median {statistics.median(nodes):,.0f} max {max(nodes):,}; "
          f"depth reached min {min(depths, default=0)} where no forced win was found)",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_variants_option(parser)
    parser.add_argument("--levels", default="facile,defi,fort")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    parser.add_argument("--make-positions", action="store_true")
    args = parser.parse_args()
    variants = chosen_variants(parser, args.variants)
    if args.make_positions:
        if "international" in variants:
            lines = make_positions()
            header = ("# Benchmark positions (international): FEN | phase | origin. Recorded once "
                      "by `bench/ai.py --make-positions` from engine games between levels, fixed "
                      "seeds.")
            POSITIONS.write_text("\n".join([header, *lines]) + "\n")
            print(f"wrote {len(lines)} positions to {POSITIONS}")
        small = [variant for variant in variants if variant != "international"]
        if small:
            lines = [line for variant in small for line in make_positions(variant)]
            header = ("# Benchmark positions (8×8): FEN | variant | phase | origin. Recorded once "
                      "by `bench/ai.py --make-positions --variants brazilian,english,italian` "
                      "from engine games between levels, fixed seeds.")
            POSITIONS_8X8.write_text("\n".join([header, *lines]) + "\n")
            print(f"wrote {len(lines)} positions to {POSITIONS_8X8}")
        return 0
    print(f"# positions from {POSITIONS.name} and {POSITIONS_8X8.name}; "
          f"python {sys.version.split()[0]}")
    for variant in variants:
        positions = load_positions(variant)
        if args.limit:
            positions = positions[: args.limit]
        for name in args.levels.split(","):
            bench_level(name.strip(), variant, positions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
