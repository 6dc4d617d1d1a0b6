"""What the native evaluation's learned weights hold: how much of it the patterns carry.

    PYTHONPATH=engine_layer .venv/bin/python bench/weights_stats.py [--blob path.dmw]

A blob of regional patterns can fit its games and still say almost nothing: the shipped
international blob's pattern weights turned out to be nearly all zero (2026-12-07), which is
why its evaluation plays like material and a few terms. This prints, for a blob (the shipped
one by default):
* per phase, how many of the pattern weights are not 0, their range, and the scalar terms;
* over the positions of bench/positions.txt, the mean size of the patterns' share of the
  evaluation against the mean size of the whole (centi-men, White's view, the phases blended
  as the core blends them): the patterns' weight in what the search sees.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import sys
from pathlib import Path

from dames.board import Board
from dames.native import abi, library
from dames.native.weights import PATTERN_STATES, SCALAR_TERMS, decode, path_for

POSITIONS = Path(__file__).resolve().parent / "positions.txt"
WIDTH = 40  # feature entries a position has at most (dm_features)


def describe(name: str, weights: list[int], patterns: int) -> None:
    pattern = weights[:patterns]
    nonzero = [w for w in pattern if w]
    small = sum(1 for w in nonzero if abs(w) == 1)
    print(f"{name}: {len(nonzero)} of {patterns} pattern weights are not 0 ({small} of them "
          f"±1), range {min(pattern)}..{max(pattern)}")
    terms = ", ".join(f"{t} {w}" for t, w in zip(SCALAR_TERMS, weights[patterns:], strict=True))
    print(f"  terms: {terms}")


def shares(opening: list[int], ending: list[int], patterns: int) -> tuple[float, float]:
    """Mean |patterns' part| and mean |whole evaluation| over the international positions."""
    lib = library()
    indices, counts = (ctypes.c_int32 * WIDTH)(), (ctypes.c_int32 * WIDTH)()
    stage = ctypes.c_int32()
    pattern_sizes, whole_sizes = [], []
    for line in POSITIONS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        board = Board(line.split("|", 1)[0].strip())
        position = abi.Position(board.white, board.black, board.kings, int(board.turn),
                                abi.VARIANT_IDS[board.variant.name])
        n = lib.dm_features(ctypes.byref(position), indices, counts, WIDTH,
                            ctypes.byref(stage))
        if n < 0:
            raise abi.NativeError(n)
        phase = stage.value / 256
        part = whole = 0.0
        for k in range(n):
            value = counts[k] * (opening[indices[k]] * (1 - phase) + ending[indices[k]] * phase)
            whole += value
            if indices[k] < patterns:
                part += value
        pattern_sizes.append(abs(part))
        whole_sizes.append(abs(whole))
    return statistics.mean(pattern_sizes), statistics.mean(whole_sizes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--blob", type=Path, default=path_for("international"))
    args = parser.parse_args(argv)
    try:
        classes, opening, ending = decode(args.blob.read_bytes())
    except ValueError as exc:
        raise SystemExit(f"{args.blob}: {exc}") from exc
    patterns = classes * PATTERN_STATES
    print(f"{args.blob}: {classes} pattern classes of {PATTERN_STATES} states, "
          f"{len(SCALAR_TERMS)} terms")
    describe("opening", opening, patterns)
    describe("ending", ending, patterns)
    pattern_size, whole_size = shares(opening, ending, patterns)
    print(f"over bench/positions.txt: the patterns' part {pattern_size:.1f} centi-men on "
          f"average, the whole evaluation {whole_size:.1f} "
          f"(before the drawish scaling; ratio {pattern_size / max(whole_size, 1e-9):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
