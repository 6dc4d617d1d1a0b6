"""Speed of the `dames` engine against py-draughts, measured in one run.

    .venv/bin/python bench/perft.py [--depth 7] [--positions 10000] [--passes 3]
                                    [--skip-reference]
    .venv/bin/python bench/perft.py --verify   # every published count, international to depth 9

Prints, for this engine and for py-draughts (its Board API and its
`draughts.engines.turbo.perft_from_board`):

* perft of the international start position at --depth, in leaf nodes per second (leaves at
  depth 1 are counted as the length of the legal-move list: bulk counting);
* legal-move generation time per position over --positions positions reached by random
  playouts from a fixed seed (the same positions for both libraries, passed as FEN; each
  position is asked once, on a fresh board, so nothing is cached).

py-draughts is GPL: it lives only in the benchmark's own virtualenv `.venv-bench` (created and
filled on first use) and runs in a subprocess; nothing of it is imported here. The two
libraries are measured in alternation, --passes times, keeping each one's best pass, so that
load from other work on a shared machine hits both alike. Times are CPU times of the measuring
process (`time.process_time`); wall times are printed alongside.
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
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine_layer"))

from dames import Board  # noqa: E402
from dames.perft import perft  # noqa: E402

BENCH_VENV = ROOT / ".venv-bench"
PY_DRAUGHTS = "py-draughts==1.10.1"
START_PERFT = {5: 27_117, 6: 167_140, 7: 1_049_442, 8: 6_483_961, 9: 41_022_423}
SEED = 20261130
T = TypeVar("T")

# Runs inside .venv-bench: answers one JSON line per command read on stdin.
REFERENCE_SERVER = r"""
import json, sys, time
import draughts
from draughts.engines.turbo import perft_from_board

with open(sys.argv[1]) as fh:
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

def timed(fn):
    c, w = time.process_time(), time.perf_counter()
    result = fn()
    return result, time.process_time() - c, time.perf_counter() - w

print(json.dumps({"version": draughts.__version__}), flush=True)
for line in sys.stdin:
    command, _, arg = line.strip().partition(" ")
    if command == "turbo":
        nodes, cpu, wall = timed(lambda: perft_from_board(draughts.Board(), int(arg)))
        reply = {"nodes": nodes, "cpu": cpu, "wall": wall}
    elif command == "api":
        nodes, cpu, wall = timed(lambda: api_perft(draughts.Board(), int(arg)))
        reply = {"nodes": nodes, "cpu": cpu, "wall": wall}
    elif command == "moves":
        boards = [draughts.Board.from_fen(f) for f in fens]
        counts, cpu, wall = timed(lambda: [len(b.legal_moves) for b in boards])
        reply = {"counts": counts, "cpu": cpu, "wall": wall}
    else:
        break
    print(json.dumps(reply), flush=True)
"""


def ensure_reference_venv() -> Path:
    """Create `.venv-bench` with py-draughts on first use; return its python."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"# creating {BENCH_VENV} with {PY_DRAUGHTS} (first run only)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_VENV)], check=True)
    check = subprocess.run([str(python), "-c", "import draughts"], capture_output=True)
    if check.returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PY_DRAUGHTS], check=True)
    return python


class Reference:
    """py-draughts in a subprocess of the benchmark virtualenv."""

    def __init__(self, fens: list[str]) -> None:
        python = ensure_reference_venv()
        with tempfile.NamedTemporaryFile("w", suffix=".fens", delete=False) as fh:
            fh.write("\n".join(fens))
            self._fens_path = fh.name
        self._proc = subprocess.Popen(
            [str(python), "-c", REFERENCE_SERVER, self._fens_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = self._read()["version"]

    def _read(self) -> dict:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("the py-draughts subprocess stopped")
        return json.loads(line)

    def ask(self, command: str) -> dict:
        assert self._proc.stdin is not None
        self._proc.stdin.write(command + "\n")
        self._proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=30)
        os.unlink(self._fens_path)


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


# (name, variant, FEN, published counts from depth 1), from /work/shared/reference/perft.md
PUBLISHED = [
    (
        "international start",
        "international",
        "W:W31-50:B1-20",
        [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961, 41_022_423],
    ),
    (
        "Random178",
        "international",
        "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        [14, 55, 1_168, 5_432, 87_195, 629_010, 9_041_010],
    ),
    (
        "Woldouby",
        "international",
        "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        [6, 12, 30, 73, 215, 590, 1_944, 6_269, 22_369, 88_050],
    ),
    ("AllKings", "international", "W:WK31-50:BK1-20", [17, 79, 352, 1_399, 7_062, 37_589]),
    (
        "AlmostPromotion",
        "international",
        "W:W6,7,8,9,10:B41,42,43,44,45",
        [9, 81, 795, 7_578, 86_351, 936_311],
    ),
    (
        "brazilian start",
        "brazilian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766],
    ),
    (
        "english start",
        "english",
        "B:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680],
    ),
    (
        "italian start",
        "italian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_875],
    ),
    (
        "italian Gilbert 1",
        "italian",
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        [5, 13, 42, 107, 360, 1_099, 3_736, 12_495],
    ),
    (
        "italian Gilbert 2",
        "italian",
        "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
        [6, 47, 271, 1_916, 10_810, 73_137],
    ),
    (
        "italian Gilbert 3",
        "italian",
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        [13, 112, 828, 6_756, 46_241, 368_908],
    ),
]


def verify_published() -> bool:
    """Perft of every published position at its deepest published depth (minutes of CPU)."""
    ok = True
    for name, variant, fen, counts in PUBLISHED:
        depth = len(counts)
        nodes, cpu, _ = timed(lambda: perft(Board(fen, variant), depth))  # noqa: B023
        good = nodes == counts[-1]
        ok = ok and good
        print(
            f"{'OK ' if good else 'BAD'} {name} perft({depth}) = {nodes:,} "
            f"(published {counts[-1]:,}), {cpu:.1f} s CPU, {nodes / cpu:,.0f} leaf nodes/s"
        )
    return ok


def timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    c, w = time.process_time(), time.perf_counter()
    result = fn()
    return result, time.process_time() - c, time.perf_counter() - w


def best(runs: list[dict]) -> dict:
    return min(runs, key=lambda r: r["cpu"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=3, help="alternating passes (best kept)")
    parser.add_argument("--skip-reference", action="store_true", help="measure dames only")
    parser.add_argument(
        "--verify",
        action="store_true",
        help="only check every published perft count at its deepest depth (international 9)",
    )
    args = parser.parse_args()
    if args.verify:
        return 0 if verify_published() else 1

    print(f"# Python {sys.version.split()[0]} ({sys.executable}), {os.cpu_count()} CPUs")
    fens = random_positions(args.positions, SEED)
    expected = START_PERFT.get(args.depth)
    reference = None if args.skip_reference else Reference(fens)

    ours_perft, ours_moves, ours_fast, ref_turbo, ref_moves = [], [], [], [], []
    for _ in range(args.passes):
        nodes, cpu, wall = timed(lambda: perft(Board(), args.depth))
        assert expected is None or nodes == expected, (nodes, expected)
        ours_perft.append({"nodes": nodes, "cpu": cpu, "wall": wall})
        boards = [Board(f) for f in fens]
        counts, cpu, wall = timed(lambda: [len(b.legal_moves()) for b in boards])  # noqa: B023
        ours_moves.append({"counts": counts, "cpu": cpu, "wall": wall})
        boards = [Board(f) for f in fens]
        _, cpu, wall = timed(lambda: [b.internal_moves() for b in boards])  # noqa: B023
        ours_fast.append({"cpu": cpu, "wall": wall})
        if reference is not None:
            ref_turbo.append(reference.ask(f"turbo {args.depth}"))
            ref_moves.append(reference.ask("moves"))

    n = len(fens)
    p, m, f = best(ours_perft), best(ours_moves), best(ours_fast)
    ours_rate = p["nodes"] / p["cpu"]
    ours_us = m["cpu"] / n * 1e6
    print(f"best of {args.passes} alternating passes; {n} random positions (seed {SEED})")
    print(
        f"dames perft({args.depth}) = {p['nodes']}: {p['cpu']:.2f} s CPU ({p['wall']:.2f} s wall)"
        f", {ours_rate:,.0f} leaf nodes/s"
    )
    print(
        f"dames Board.legal_moves(): {ours_us:.1f} µs/position CPU ({m['wall'] / n * 1e6:.1f} wall)"
    )
    print(f"dames Board.internal_moves() (fast path): {f['cpu'] / n * 1e6:.1f} µs/position CPU")
    if reference is None:
        return 0

    api = reference.ask(f"api {args.depth}")
    reference.close()
    t, rm = best(ref_turbo), best(ref_moves)
    turbo_rate = t["nodes"] / t["cpu"]
    api_rate = api["nodes"] / api["cpu"]
    ref_us = rm["cpu"] / n * 1e6
    differing = sum(1 for a, b in zip(m["counts"], rm["counts"], strict=True) if a != b)
    print(
        f"py-draughts {reference.version} turbo perft_from_board({args.depth}) = {t['nodes']}: "
        f"{t['cpu']:.2f} s CPU ({t['wall']:.2f} s wall), {turbo_rate:,.0f} leaf nodes/s"
    )
    print(
        f"py-draughts Board API perft({args.depth}) = {api['nodes']}: {api['cpu']:.2f} s CPU "
        f"({api['wall']:.2f} s wall, one pass), {api_rate:,.0f} leaf nodes/s"
    )
    print(
        f"py-draughts Board.legal_moves: {ref_us:.1f} µs/position CPU "
        f"({rm['wall'] / n * 1e6:.1f} wall)"
    )
    print(f"positions where the two libraries count a different number of moves: {differing}")
    print(
        f"ratios (dames / py-draughts): perft {ours_rate / turbo_rate:.2f}x turbo, "
        f"{ours_rate / api_rate:.2f}x Board API; legal moves {ref_us / ours_us:.2f}x faster"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
