"""Run the daily privacy job once, by hand, against the configured table.

The same job ``PlayerRetentionFunction`` runs every day (``dames_backend.privacy.inactivity
.sweep``): renames synced again, erasures left half-done finished, players inactive for 13
months erased. Usage: ``TABLE_NAME=<table> AWS_REGION=<region> ./dames privacy sweep
[--budget SECONDS]``; beside a running ``make run``, ``./dames privacy sweep`` alone works on
its table (``ops.target``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict

from local.paths import add_code_paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=600.0,
                        help="stop starting new work after this many seconds (default 600)")
    args = parser.parse_args(argv)
    add_code_paths()
    from dames_backend.privacy import inactivity

    report = inactivity.sweep(budget_s=args.budget)
    print(", ".join(f"{name.replace('_', ' ')}: {value}" for name, value in asdict(report).items()))
    return 0 if report.complete else 1


if __name__ == "__main__":
    sys.exit(main())
