"""Worst-case reply time of every computer level over adversarial positions.

    PYTHONPATH=engine_layer .venv/bin/python bench/ai_worst.py [--variants ...] [--levels ...]
        [--repeat N]

prints, per variant and level, the slowest reply (and its position) over bench/adversarial.txt
(international: crowded kings 10 v 10, 20 v 20, kings among men, long forced captures and
near-promotion races, the positions where a node costs most) and bench/adversarial_8x8.txt
(the same kinds on 8×8, 6 v 6 and 12 v 12 kings, for brazilian, english and italian). Each
reply is `dames.ai.choose_move` exactly as the server calls it (plus `dames.ai.hint` at its
default level), so the figures include the root's move generation. The goals, in every variant:
under 1 s for the reproducible levels, under 3 s for `maitre` (one vCPU). Timing is noisy on a
shared machine: `--repeat` runs every position several times and keeps the least time of each
(the position's own cost), and CPU time is printed next to wall time.

The position sets are fixed. They were made once by

    PYTHONPATH=engine_layer .venv/bin/python bench/ai_worst.py --make-positions [--variants ...]

which draws candidates of each kind from a fixed seed, keeps those where a `fort` search costs
the most time per node, and rewrites bench/adversarial.txt (`FEN | kind`) when international is
among the variants, bench/adversarial_8x8.txt (`FEN | variant | kind`) when an 8×8 one is;
hand-written positions sit at the top of each file and are kept.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dames.ai import LEVELS, Level, choose_move, hint
from dames.ai.player import search_position
from dames.board import Board
from dames.errors import DamesError
from fixed_sets import variant_positions
from variant_options import add_variants_option, chosen_variants

POSITIONS = Path(__file__).with_name("adversarial.txt")
POSITIONS_8X8 = Path(__file__).with_name("adversarial_8x8.txt")
PER_KIND = 5
CANDIDATES = 40
SMALL_PER_KIND = 3
SMALL_CANDIDATES = 20


def fen_of(turn: str, white: dict[int, bool], black: dict[int, bool]) -> str:
    def side(pieces: dict[int, bool]) -> str:
        return ",".join(f"K{s}" if king else str(s) for s, king in sorted(pieces.items()))

    return f"{turn}:W{side(white)}:B{side(black)}"


@dataclass(frozen=True)
class Shape:
    """What the recipes need of a board: its squares, squares per row, and how many kings
    and men a side gets among men."""

    squares: range
    per_row: int
    kings_among_men: int
    men_among_kings: int
    inner: tuple[int, ...]  # off the first and last rows and the side files
    capture_men: tuple[int, int]
    capture_kings: tuple[int, int]
    race_men: tuple[int, int]

    @property
    def last(self) -> int:
        return self.squares[-1]


TEN = Shape(range(1, 51), 5, 5, 10, tuple(s for s in range(11, 41) if s % 5 not in (0, 1)),
            (8, 14), (2, 5), (3, 6))
EIGHT = Shape(range(1, 33), 4, 3, 5, tuple(s for s in range(5, 29) if s % 8 not in (4, 5)),
              (5, 8), (2, 4), (2, 4))


def kings(rng: random.Random, shape: Shape, count: int, turn: str | None = None) -> str:
    squares = rng.sample(shape.squares, 2 * count)
    return fen_of(turn or rng.choice("WB"), {s: True for s in squares[:count]},
                  {s: True for s in squares[count:]})


def kings_among_men(rng: random.Random, shape: Shape) -> str:
    """Kings among men (men off their own crowning row)."""
    k, m = shape.kings_among_men, shape.men_among_kings
    squares = rng.sample(shape.squares, 2 * (k + m))
    white = {s: True for s in squares[:k]}
    black = {s: True for s in squares[k:2 * k]}
    for s in squares[2 * k:2 * k + m]:
        if s > shape.per_row:
            white[s] = False
    for s in squares[2 * k + m:]:
        if s <= shape.last - shape.per_row:
            black[s] = False
    return fen_of(rng.choice("WB"), white, black)


def long_capture(rng: random.Random, shape: Shape) -> str:
    """White kings facing scattered black men on inner squares: many-piece captures."""
    black = {s: False for s in rng.sample(shape.inner, rng.randint(*shape.capture_men))}
    free = [s for s in shape.squares if s not in black]
    white = {s: True for s in rng.sample(free, rng.randint(*shape.capture_kings))}
    return fen_of("W", white, black)


def promotion_race(rng: random.Random, shape: Shape) -> str:
    """Men on both sides of the two middle rows, racing to crown, and two kings among them."""
    row, last = shape.per_row, shape.last
    middle = range(last // 2 - row + 1, last // 2 + row + 1)
    white_rows = range(row + 1, middle.start)
    black_rows = range(middle.stop, last - row + 1)
    white = {s: False for s in rng.sample(white_rows, rng.randint(*shape.race_men))}
    black = {s: False for s in rng.sample(black_rows, rng.randint(*shape.race_men))}
    for s in rng.sample(list(middle), 2):
        (white if s % 2 else black)[s] = True
    return fen_of(rng.choice("WB"), white, black)


SMALL_KINDS: dict[str, Callable[[random.Random], str]] = {
    "kings 6v6": lambda rng: kings(rng, EIGHT, 6),
    "kings 12v12": lambda rng: kings(rng, EIGHT, 12),
    "kings among men": lambda rng: kings_among_men(rng, EIGHT),
    "long capture": lambda rng: long_capture(rng, EIGHT),
    "promotion race": lambda rng: promotion_race(rng, EIGHT),
}


KINDS: dict[str, Callable[[random.Random], str]] = {
    "kings 10v10": lambda rng: kings(rng, TEN, 10, turn="W"),
    "kings 20v20": lambda rng: kings(rng, TEN, 20, turn="W"),
    "kings among men": lambda rng: kings_among_men(rng, TEN),
    "long capture": lambda rng: long_capture(rng, TEN),
    "promotion race": lambda rng: promotion_race(rng, TEN),
}


def cost_per_node(fen: str, variant: str = "international") -> float:
    board = Board(fen, variant=variant)
    started = time.perf_counter()
    _moves, result = search_position(board, Level("probe", 6, 15_000))
    return (time.perf_counter() - started) / max(result.nodes, 1)


def make_positions(variant: str = "international") -> list[str]:
    """One variant's drawn lines, the most costly per node of each kind: `FEN | kind (…)`
    for international (seed 20261130), `FEN | variant | kind (…)` for an 8×8 variant (a seed
    of its own, fewer candidates and positions: its searches are cheaper)."""
    ten = variant == "international"
    rng = random.Random(20261130 if ten else f"20261130-{variant}")
    kinds = KINDS if ten else SMALL_KINDS
    candidates, per_kind = (CANDIDATES, PER_KIND) if ten else (SMALL_CANDIDATES, SMALL_PER_KIND)
    tag = "" if ten else f" | {variant}"
    lines = []
    for kind, draw in kinds.items():
        scored = []
        for _ in range(candidates):
            fen = draw(rng)
            try:
                board = Board(fen, variant=variant)
            except DamesError:
                continue
            if len(board.legal_moves()) < 2:
                continue
            scored.append((cost_per_node(fen, variant), fen))
        scored.sort(reverse=True)
        for cost, fen in scored[:per_kind]:
            lines.append(f"{fen}{tag} | {kind} (fort {cost * 1e6:.0f} µs/node when drawn)")
        print(f"# {variant} {kind}: {len(scored)} candidates", file=sys.stderr)
    return lines


def load_positions(variant: str = "international") -> list[tuple[str, str]]:
    """(FEN, kind) of one variant's adversarial positions."""
    return variant_positions(variant, POSITIONS, POSITIONS_8X8)


def reply_seconds(level: str, fen: str, variant: str = "international") -> tuple[float, float]:
    """(wall, CPU) seconds of one reply at `level`; CPU time is what a loaded machine distorts
    least, wall time what the player waits."""
    board = Board(fen, variant=variant)
    wall, cpu = time.perf_counter(), time.process_time()
    if level == "hint":
        hint(board)
    else:
        choose_move(board, seed="bench", level=level, ply=40)
    return time.perf_counter() - wall, time.process_time() - cpu


def worst_reply(level: str, positions: list[tuple[str, str]], repeat: int,
                variant: str = "international") -> str:
    """One line: the slowest position's wall and CPU time (the least of `repeat` runs each,
    so a burst of load on a shared machine does not count), and the median."""
    rows = []
    for fen, kind in positions:
        runs = [reply_seconds(level, fen, variant) for _ in range(repeat)]
        rows.append((min(w for w, _ in runs), min(c for _, c in runs), kind))
    worst_wall = max(rows)
    worst_cpu = max(rows, key=lambda row: row[1])
    median = sorted(row[0] for row in rows)[len(rows) // 2]
    return (f"{variant:13s} {level:8s} "
            f"worst {worst_wall[0] * 1000:6.0f} ms wall ({worst_wall[2]}), "
            f"{worst_cpu[1] * 1000:6.0f} ms CPU ({worst_cpu[2]}); median {median * 1000:5.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add_variants_option(parser)
    parser.add_argument("--levels", default=",".join([*LEVELS, "hint"]))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--make-positions", action="store_true")
    args = parser.parse_args()
    variants = chosen_variants(parser, args.variants)
    if args.make_positions:
        for path, made in ((POSITIONS, "international" in variants),
                           (POSITIONS_8X8, any(v != "international" for v in variants))):
            if not made:
                continue
            kept = [line for line in path.read_text().splitlines()
                    if line.startswith("#") or "hand-written" in line] if path.exists() else []
            drawn = [line for variant in variants
                     if (variant == "international") == (path is POSITIONS)
                     for line in make_positions(variant)]
            path.write_text("\n".join([*kept, *drawn]) + "\n")
        return 0
    print(f"# adversarial positions from {POSITIONS.name} and {POSITIONS_8X8.name}; "
          f"python {sys.version.split()[0]}; the least of {args.repeat} run(s) each")
    for variant in variants:
        positions = load_positions(variant)
        print(f"# {variant}: {len(positions)} positions", flush=True)
        for level in args.levels.split(","):
            print(worst_reply(level.strip(), positions, args.repeat, variant), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
