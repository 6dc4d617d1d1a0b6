"""Speed of the `dames` engine against py-draughts, measured in one run.

    .venv/bin/python bench/perft.py [--depth 7] [--positions 10000] [--skip-reference]

Prints, for this engine and for py-draughts (its Board API and its
`draughts.engines.turbo.perft_from_board`):

* perft of the international start position at --depth, in leaf nodes per second (leaves at
  depth 1 are counted as the length of the legal-move list: bulk counting);
* legal-move generation time per position over --positions positions reached by random
  playouts from a fixed seed (the same positions for both libraries, passed as FEN).

py-draughts is GPL: it lives only in the benchmark's own virtualenv `.venv-bench` (created and
filled on first use) and runs in a subprocess; nothing of it is imported here. Times are CPU
times of the measuring process (`time.process_time`), so that other work on a shared machine
disturbs them less; wall times are printed alongside.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine_layer"))

from dames import Board  # noqa: E402
from dames.perft import perft  # noqa: E402

BENCH_VENV = ROOT / ".venv-bench"
PY_DRAUGHTS = "py-draughts==1.10.1"
START_PERFT = {5: 27_117, 6: 167_140, 7: 1_049_442, 8: 6_483_961, 9: 41_022_423}
SEED = 20261130

REFERENCE_SCRIPT = r"""
import json, sys, time
import draughts
from draughts.engines.turbo import perft_from_board

fens_path, depth = sys.argv[1], int(sys.argv[2])
with open(fens_path) as fh:
    fens = [line.strip() for line in fh if line.strip()]

def api_perft(board, d):
    moves = board.legal_moves
    if d == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += api_perft(board, d - 1)
        board.pop()
    return total

out = {"version": draughts.__version__}
board = draughts.Board()
c, w = time.process_time(), time.perf_counter()
out["turbo_nodes"] = perft_from_board(board, depth)
out["turbo_cpu"], out["turbo_wall"] = time.process_time() - c, time.perf_counter() - w

board = draughts.Board()
c, w = time.process_time(), time.perf_counter()
out["api_nodes"] = api_perft(board, depth)
out["api_cpu"], out["api_wall"] = time.process_time() - c, time.perf_counter() - w

boards = [draughts.Board.from_fen(f) for f in fens]
counts = []
c, w = time.process_time(), time.perf_counter()
for b in boards:
    counts.append(len(b.legal_moves))
out["moves_cpu"], out["moves_wall"] = time.process_time() - c, time.perf_counter() - w
out["move_counts"] = counts
print(json.dumps(out))
"""


def ensure_reference_venv() -> Path:
    """Create `.venv-bench` with py-draughts on first use; return its python."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"# creating {BENCH_VENV} with {PY_DRAUGHTS} (first run only)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_VENV)], check=True)
    check = subprocess.run([str(python), "-c", "import draughts"], capture_output=True)
    if check.returncode != 0:
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", PY_DRAUGHTS], check=True
        )
    return python


def random_positions(count: int, seed: int) -> list[str]:
    """FENs of positions met in random playouts (each playout at most 120 plies)."""
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        board = Board()
        for _ in range(120):
            moves = board.legal_moves()
            if not moves:
                break
            fens.append(board.fen())
            if len(fens) == count:
                break
            board.push(rng.choice(moves))
    return fens


def timed(fn):  # noqa: ANN001, ANN201 - any callable
    c, w = time.process_time(), time.perf_counter()
    result = fn()
    return result, time.process_time() - c, time.perf_counter() - w


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--skip-reference", action="store_true", help="measure dames only")
    args = parser.parse_args()

    print(f"# Python {sys.version.split()[0]} ({sys.executable}), {os.cpu_count()} CPUs")
    fens = random_positions(args.positions, SEED)

    # --- dames: perft, fast path (bulk counting)
    nodes, cpu, wall = timed(lambda: perft(Board(), args.depth))
    expected = START_PERFT.get(args.depth)
    assert expected is None or nodes == expected, (nodes, expected)
    ours_perft = nodes / cpu
    print(
        f"dames perft({args.depth}) = {nodes}: {cpu:.2f} s CPU ({wall:.2f} s wall), "
        f"{ours_perft:,.0f} leaf nodes/s"
    )

    # --- dames: legal moves per position, public API (first call: nothing cached)
    boards = [Board(f) for f in fens]
    counts, cpu, wall = timed(lambda: [len(b.legal_moves()) for b in boards])
    ours_moves_us = cpu / len(boards) * 1e6
    print(
        f"dames Board.legal_moves(): {ours_moves_us:.1f} µs/position CPU "
        f"({wall / len(boards) * 1e6:.1f} µs wall) over {len(boards)} positions"
    )
    boards = [Board(f) for f in fens]
    _, cpu_fast, _ = timed(lambda: [b.internal_moves() for b in boards])
    print(f"dames Board.internal_moves() (fast path): {cpu_fast / len(boards) * 1e6:.1f} µs/position")

    if args.skip_reference:
        return 0

    # --- py-draughts in its own virtualenv
    python = ensure_reference_venv()
    with tempfile.NamedTemporaryFile("w", suffix=".fens", delete=False) as fh:
        fh.write("\n".join(fens))
        fens_path = fh.name
    try:
        proc = subprocess.run(
            [str(python), "-c", REFERENCE_SCRIPT, fens_path, str(args.depth)],
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(fens_path)
    ref = json.loads(proc.stdout.strip().splitlines()[-1])
    turbo = ref["turbo_nodes"] / ref["turbo_cpu"]
    api = ref["api_nodes"] / ref["api_cpu"]
    ref_moves_us = ref["moves_cpu"] / len(fens) * 1e6
    differing = sum(1 for a, b in zip(counts, ref["move_counts"], strict=True) if a != b)
    print(
        f"py-draughts {ref['version']} turbo perft_from_board({args.depth}) = "
        f"{ref['turbo_nodes']}: {ref['turbo_cpu']:.2f} s CPU ({ref['turbo_wall']:.2f} s wall), "
        f"{turbo:,.0f} leaf nodes/s"
    )
    print(
        f"py-draughts Board API perft({args.depth}) = {ref['api_nodes']}: {ref['api_cpu']:.2f} s "
        f"CPU ({ref['api_wall']:.2f} s wall), {api:,.0f} leaf nodes/s"
    )
    print(f"py-draughts Board.legal_moves: {ref_moves_us:.1f} µs/position CPU")
    print(f"positions where the two libraries count a different number of moves: {differing}")
    print(
        f"ratios (dames / py-draughts): perft vs turbo {ours_perft / turbo:.2f}x, "
        f"perft vs Board API {ours_perft / api:.2f}x, "
        f"legal-move speed {ref_moves_us / ours_moves_us:.2f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
