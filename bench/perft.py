"""Speed of the `dames` engine against py-draughts, measured in one run.

    .venv/bin/python bench/perft.py [--depth 7] [--positions 10000] [--passes 3]
                                    [--skip-reference]
    .venv/bin/python bench/perft.py --verify   # every published count, international to depth 9
    .venv/bin/python bench/perft.py --baseline HEAD [--passes 9]   # this tree against a commit

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

`--baseline REV` compares the engine of the work tree with the engine at git revision REV
instead (py-draughts is not run): REV's `engine_layer/dames/*.py` are read with `git show`
into a temporary package `dames_baseline`, so both run in this process, in alternation (the
order flips every pass), and the medians of --passes passes are compared. It also checks that
both give the same perft count and the same legal and internal move lists, in the same order,
on every position (the computer's search depends on that order).
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import importlib.util
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine_layer"))

from dames import Board  # noqa: E402
from dames.perft import perft  # noqa: E402
from pydraughts_reference import Reference  # noqa: E402


def _published() -> dict[str, tuple[str, str, list[int]]]:
    """The published perft counts, kept with the engine's tests (read from that file)."""
    spec = importlib.util.spec_from_file_location(
        "published_perft", ROOT / "tests" / "engine" / "published_perft.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    published: dict[str, tuple[str, str, list[int]]] = module.PUBLISHED
    return published


PUBLISHED = _published()
START_PERFT = dict(enumerate(PUBLISHED["international-start"][2], start=1))
SEED = 20261130
T = TypeVar("T")


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


def verify_published() -> bool:
    """Perft of every published position at its deepest published depth (minutes of CPU)."""
    ok = True
    for name, (variant, fen, counts) in PUBLISHED.items():
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


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return min(runs, key=lambda r: r["cpu"])


def load_baseline(rev: str) -> ModuleType:
    """The engine at git revision `rev`, imported as the package `dames_baseline`."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout

    folder = Path(tempfile.mkdtemp(prefix="dames-baseline-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    package = folder / "dames_baseline"
    package.mkdir()
    for path in git("ls-tree", "--name-only", rev, "engine_layer/dames/").split():
        if path.endswith(".py"):
            # `from dames.x import`, `import dames.x`, `dames.x.attr` -> dames_baseline
            text = re.sub(
                r"\bdames\b(?=\.\w|\s+import)", "dames_baseline", git("show", f"{rev}:{path}")
            )
            (package / Path(path).name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module("dames_baseline")


def first_board_ms(engine: ModuleType) -> float:
    """CPU time of the import plus the first `Board()` (which builds the generator), in a
    fresh process."""
    folder = str(Path(engine.__file__ or "").parents[1])
    code = (
        "import time; t = time.process_time(); "
        f"import {engine.__name__} as e; e.Board(); "
        "print((time.process_time() - t) * 1000)"
    )
    env = dict(os.environ, PYTHONPATH=folder)
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return float(result.stdout)


def compare_with_baseline(rev: str, depth: int, fens: list[str], passes: int) -> int:
    """Time this tree's engine against `rev`'s, side by side; check they agree."""
    engines = {"baseline": load_baseline(rev), "current": importlib.import_module("dames")}
    cold: dict[str, list[float]] = {name: [] for name in engines}
    for index in range(2 * passes):
        for name in ["baseline", "current"] if index % 2 == 0 else ["current", "baseline"]:
            cold[name].append(first_board_ms(engines[name]))
    print(
        f"# fresh process, import + first Board(), median CPU of {2 * passes}: "
        f"baseline {statistics.median(cold['baseline']):.1f} ms, "
        f"current {statistics.median(cold['current']):.1f} ms"
    )
    perfts = {
        name: importlib.import_module(f"{m.__name__}.perft").perft for name, m in engines.items()
    }
    base_board, board = engines["baseline"].Board, engines["current"].Board
    for fen in fens:
        old, new = base_board(fen), board(fen)
        if [tuple(m) for m in old.legal_moves()] != [tuple(m) for m in new.legal_moves()]:
            raise SystemExit(f"legal moves differ from {rev} at {fen}")
        if old.internal_moves() != new.internal_moves():
            raise SystemExit(f"internal moves (or their order) differ from {rev} at {fen}")
    print(f"# same legal and internal moves, in the same order, on {len(fens)} positions")
    figures: dict[str, dict[str, list[float]]] = {
        name: {"perft": [], "legal": [], "internal": []} for name in engines
    }
    for index in range(passes):
        order = ["baseline", "current"] if index % 2 == 0 else ["current", "baseline"]
        for name in order:
            module = engines[name]
            nodes, cpu, _ = timed(lambda: perfts[name](module.Board(), depth))  # noqa: B023
            assert nodes == START_PERFT.get(depth, nodes), (name, nodes)
            figures[name]["perft"].append(nodes / cpu)
            boards = [module.Board(f) for f in fens]
            _, cpu, _ = timed(lambda: [b.legal_moves() for b in boards])  # noqa: B023
            figures[name]["legal"].append(cpu / len(fens) * 1e6)
            boards = [module.Board(f) for f in fens]
            _, cpu, _ = timed(lambda: [b.internal_moves() for b in boards])  # noqa: B023
            figures[name]["internal"].append(cpu / len(fens) * 1e6)
        line = "; ".join(
            f"{name} perft {figures[name]['perft'][-1]:,.0f}/s, "
            f"legal {figures[name]['legal'][-1]:.2f} µs, "
            f"internal {figures[name]['internal'][-1]:.2f} µs"
            for name in order
        )
        print(f"pass {index + 1}: {line}", flush=True)
    print(f"medians of {passes} alternating passes (CPU time), {len(fens)} positions:")
    for key, unit, higher_is_better in (
        ("perft", "leaf nodes/s", True),
        ("legal", "µs/position Board.legal_moves()", False),
        ("internal", "µs/position Board.internal_moves()", False),
    ):
        old = statistics.median(figures["baseline"][key])
        new = statistics.median(figures["current"][key])
        change = (new / old - 1) if higher_is_better else (old / new - 1)
        fmt = ",.0f" if key == "perft" else ".2f"
        print(
            f"  {key}({depth})" if key == "perft" else f"  {key}",
            f"baseline {old:{fmt}}, current {new:{fmt}} {unit}: current is "
            f"{abs(change):.1%} {'faster' if change >= 0 else 'slower'}",
        )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=3, help="alternating passes (best kept)")
    parser.add_argument("--skip-reference", action="store_true", help="measure dames only")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="compare this tree's engine with the one at git revision REV (e.g. HEAD)",
    )
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
    if args.baseline:
        return compare_with_baseline(args.baseline, args.depth, fens, args.passes)
    return compare_with_reference(args.depth, fens, args.passes, args.skip_reference)


def compare_with_reference(depth: int, fens: list[str], passes: int, skip: bool) -> int:
    """Time this engine against py-draughts (or alone when `skip`), in alternation."""
    expected = START_PERFT.get(depth)
    reference = None if skip else Reference(fens)

    ours_perft, ours_moves, ours_fast, ref_turbo, ref_moves = [], [], [], [], []
    for _ in range(passes):
        nodes, cpu, wall = timed(lambda: perft(Board(), depth))
        assert expected is None or nodes == expected, (nodes, expected)
        ours_perft.append({"nodes": nodes, "cpu": cpu, "wall": wall})
        boards = [Board(f) for f in fens]
        counts, cpu, wall = timed(lambda: [len(b.legal_moves()) for b in boards])  # noqa: B023
        ours_moves.append({"counts": counts, "cpu": cpu, "wall": wall})
        boards = [Board(f) for f in fens]
        _, cpu, wall = timed(lambda: [b.internal_moves() for b in boards])  # noqa: B023
        ours_fast.append({"cpu": cpu, "wall": wall})
        if reference is not None:
            ref_turbo.append(reference.ask(f"turbo {depth}"))
            ref_moves.append(reference.ask("moves"))

    n = len(fens)
    p, m, f = best(ours_perft), best(ours_moves), best(ours_fast)
    ours_rate = p["nodes"] / p["cpu"]
    ours_us = m["cpu"] / n * 1e6
    print(f"best of {passes} alternating passes; {n} random positions (seed {SEED})")
    print(
        f"dames perft({depth}) = {p['nodes']}: {p['cpu']:.2f} s CPU ({p['wall']:.2f} s wall)"
        f", {ours_rate:,.0f} leaf nodes/s"
    )
    print(
        f"dames Board.legal_moves(): {ours_us:.1f} µs/position CPU ({m['wall'] / n * 1e6:.1f} wall)"
    )
    print(f"dames Board.internal_moves() (fast path): {f['cpu'] / n * 1e6:.1f} µs/position CPU")
    if reference is None:
        return 0

    api = reference.ask(f"api {depth}")
    reference.close()
    t, rm = best(ref_turbo), best(ref_moves)
    turbo_rate = t["nodes"] / t["cpu"]
    api_rate = api["nodes"] / api["cpu"]
    ref_us = rm["cpu"] / n * 1e6
    differing = sum(1 for a, b in zip(m["counts"], rm["counts"], strict=True) if a != b)
    print(
        f"py-draughts {reference.version} turbo perft_from_board({depth}) = {t['nodes']}: "
        f"{t['cpu']:.2f} s CPU ({t['wall']:.2f} s wall), {turbo_rate:,.0f} leaf nodes/s"
    )
    print(
        f"py-draughts Board API perft({depth}) = {api['nodes']}: {api['cpu']:.2f} s CPU "
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
    print_pass_ratios(ours_perft, ref_turbo, ours_moves, ref_moves)
    return 0


def print_pass_ratios(
    ours_perft: list[dict[str, Any]],
    ref_turbo: list[dict[str, Any]],
    ours_moves: list[dict[str, Any]],
    ref_moves: list[dict[str, Any]],
) -> None:
    """The ratio of each pass's two measures, taken a few seconds apart: on a virtual machine
    whose speed drifts over a run, each library's best pass may come from different moments
    (runs minutes apart on an idle machine gave 2.04x to 2.73x), and the spread of these
    per-pass ratios shows how far one run's figure can be trusted."""
    perft_ratios = sorted(r["cpu"] / o["cpu"] for o, r in zip(ours_perft, ref_turbo, strict=True))
    moves_ratios = sorted(r["cpu"] / o["cpu"] for o, r in zip(ours_moves, ref_moves, strict=True))
    for name, ratios in (("perft", perft_ratios), ("legal moves", moves_ratios)):
        print(
            f"per-pass ratios, {name}: min {ratios[0]:.2f}x, "
            f"median {statistics.median(ratios):.2f}x, max {ratios[-1]:.2f}x"
        )


if __name__ == "__main__":
    sys.exit(main())
