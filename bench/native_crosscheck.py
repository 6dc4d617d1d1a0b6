"""The native core against the Python engine on random positions (issue: a million each).

    PYTHONPATH=engine_layer .venv/bin/python bench/native_crosscheck.py [--positions N]

Prints, per variant, the positions compared, their moves, captures and crownings, and the
positions where the two generators disagree (moves, paths, jump order or crownings); exits 1
if any do.
"""

from __future__ import annotations

import argparse
import sys
import time

from dames.native import available, unavailable_reason
from dames.native.crosscheck import compare
from dames.variants import VARIANTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=1_000_000, help="per variant")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not available():
        print(f"native core unavailable: {unavailable_reason()}")
        return 1
    failed = False
    for name in VARIANTS:
        started = time.perf_counter()
        tally = compare(name, args.positions, args.seed)
        print(f"{name:14} {tally.positions:>9} positions {tally.moves:>10} moves "
              f"{tally.captures:>9} captures {tally.promotions:>8} crownings "
              f"{tally.disagreeing} disagreeing  ({time.perf_counter() - started:.0f} s)")
        for case in tally.disagreements:
            print(f"  {case}")
        failed |= tally.disagreeing > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
