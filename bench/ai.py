"""Reply time of the computer player per level over a fixed set of positions from real games.

    PYTHONPATH=engine_layer .venv/bin/python bench/ai.py [--levels facile,defi,fort] [--limit N]

prints, per level, the median, 95th percentile and maximum reply time and the nodes searched
per second over bench/positions.txt (goal for `defi` on the 2-core dev machine: median < 150 ms,
p95 < 400 ms, max < 1 s). Run nothing else heavy at the same time.

The position set is fixed and versioned. With no game database offline, it was recorded once
from games the engine played between different levels from fixed seeds:

    PYTHONPATH=engine_layer .venv/bin/python bench/ai.py --make-positions

rewrites bench/positions.txt (one `FEN | phase | origin` per line), which should only be done
on purpose: changing the set makes old figures incomparable.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from dames.ai.levels import LEVELS
from dames.ai.match import play_game
from dames.ai.player import search_position
from dames.board import Board

POSITIONS = Path(__file__).with_name("positions.txt")

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
    """Opening before ply 20, endgame from 16 pieces left, middle game in between."""
    pieces = board.white.bit_count() + board.black.bit_count()
    if ply < 20:
        return "opening"
    if pieces > 16:
        return "middle"
    return "endgame"


def spread(items: list, count: int) -> list:
    """`count` items evenly spaced over `items` (all of them if there are fewer)."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(step * i + step / 2)] for i in range(count)]


def make_positions() -> list[str]:
    lines = []
    for white, black, seed in SOURCE_GAMES:
        record = play_game(white, black, seed)
        by_phase: dict[str, list[tuple[int, str]]] = {phase: [] for phase in PER_GAME}
        for ply, fen in enumerate(record.fens):
            board = Board(fen)
            if ply < 4 or len(board.legal_moves()) < 2:
                continue
            by_phase[phase_of(board, ply)].append((ply, fen))
        for phase, count in PER_GAME.items():
            for ply, fen in spread(by_phase[phase], count):
                origin = f"{white} (white) vs {black} (black), seed {seed}, before ply {ply}"
                lines.append(f"{fen} | {phase} | {origin}")
        print(f"# {white} vs {black} {seed}: {len(record.moves)} plies, "
              f"winner {record.winner or 'none'} ({record.reason})", file=sys.stderr)
    return lines


def load_positions() -> list[tuple[str, str]]:
    out = []
    for line in POSITIONS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, phase, _origin = (part.strip() for part in line.split("|", 2))
        out.append((fen, phase))
    return out


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def bench_level(level_name: str, positions: list[tuple[str, str]]) -> None:
    level = LEVELS[level_name]
    times: list[float] = []
    nodes: list[int] = []
    depths: list[int] = []
    for fen, _phase in positions:
        board = Board(fen)
        started = time.perf_counter()
        _moves, result = search_position(board, level)
        times.append(time.perf_counter() - started)
        nodes.append(result.nodes)
        depths.append(result.depth)
    total = sum(times)
    print(f"{level_name:8s} n={len(times):3d}  median {statistics.median(times) * 1000:7.1f} ms  "
          f"p95 {percentile(times, 0.95) * 1000:7.1f} ms  max {max(times) * 1000:7.1f} ms  "
          f"{sum(nodes) / total if total else 0:9,.0f} nodes/s  "
          f"(nodes median {statistics.median(nodes):,.0f} max {max(nodes):,}; "
          f"depth reached min {min(depths)})", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="facile,defi,fort")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    parser.add_argument("--make-positions", action="store_true")
    args = parser.parse_args()
    if args.make_positions:
        lines = make_positions()
        header = ("# Benchmark positions (international): FEN | phase | origin. Recorded once by "
                  "`bench/ai.py --make-positions` from engine games between levels, fixed seeds.")
        POSITIONS.write_text("\n".join([header, *lines]) + "\n")
        print(f"wrote {len(lines)} positions to {POSITIONS}")
        return 0
    positions = load_positions()
    if args.limit:
        positions = positions[: args.limit]
    print(f"# {len(positions)} positions from {POSITIONS.name}; python {sys.version.split()[0]}")
    for name in args.levels.split(","):
        bench_level(name.strip(), positions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
