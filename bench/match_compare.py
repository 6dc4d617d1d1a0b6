"""Two versions of a player, each matched against the same opponent on the same openings
(`bench/match.py --out`), compared game by game.

    python bench/match_compare.py new_0.json new_150.json --vs old_0.json old_150.json

Against Scan at a fixed depth, two node-budget players meet the same openings with the same
colours, so each game of one run has its twin in the other. Prints each side's W-D-L and
score on the games both runs played, and the difference with its paired standard error (the
spread of the per-game differences over the square root of their number): how the
300-game test of docs/engine-strength.md ("Three instruments") tells a change from noise.

A game is known by its opening and the colour the pairing's first player had: the `number`
a record carries, or, in files written before records had one, its place in the file (a run
starts at an even game, so the file's first record has the first player as White). Runs made
before the openings were stored (2026-12-07) share few: see bench/openings.py.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

GameKey = tuple[str, str]  # (opening, the first player's colour)


@dataclass(frozen=True)
class Comparison:
    games: int
    score_a: float  # percent
    score_b: float
    difference: float  # points, A - B
    standard_error: float  # points, paired
    tally_a: tuple[int, int, int]  # W-D-L of the first player, on the common games
    tally_b: tuple[int, int, int]


def first_player_scores(records: list[dict[str, object]]) -> list[tuple[GameKey, float]]:
    """Each game's key and score for the pairing's first player (1, 0.5 or 0)."""
    scores: list[tuple[GameKey, float]] = []
    for place, record in enumerate(records):
        number = record.get("number")
        even = (number if isinstance(number, int) and number >= 0 else place) % 2 == 0
        result = str(record["result"])
        score = 0.5 if result == "1/2" else 1.0 if (result == "1-0") == even else 0.0
        scores.append(((str(record["opening"]), "white" if even else "black"), score))
    return scores


@dataclass(frozen=True)
class Run:
    scores: dict[GameKey, float]
    repeated: int  # games left out: their opening and colour came more than once


def read_runs(paths: list[Path]) -> Run:
    """The games of a run's files. A key seen twice is left out, every copy of it: before
    2026-12-07 the seeded openings could repeat a position, and such a game is the same game
    twice for players on node budgets, or two different games no other run can be paired
    with."""
    if len(set(paths)) != len(paths):
        raise ValueError("a file is named twice")
    seen: dict[GameKey, list[float]] = {}
    for path in paths:
        for key, score in first_player_scores(json.loads(path.read_text())):
            seen.setdefault(key, []).append(score)
    scores = {key: values[0] for key, values in seen.items() if len(values) == 1}
    return Run(scores, sum(len(v) for v in seen.values() if len(v) > 1))


def tally(scores: list[float]) -> tuple[int, int, int]:
    return (scores.count(1.0), scores.count(0.5), scores.count(0.0))


def compare(run_a: Run, run_b: Run) -> Comparison:
    a, b = run_a.scores, run_b.scores
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        raise ValueError("fewer than two games in common: were the runs on the same openings?")
    first, second = [a[k] for k in common], [b[k] for k in common]
    differences = [x - y for x, y in zip(first, second, strict=True)]
    n = len(common)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    return Comparison(n, 100 * sum(first) / n, 100 * sum(second) / n, 100 * mean,
                      100 * spread / math.sqrt(n), tally(first), tally(second))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("runs", nargs="+", type=Path, help="match.py --out files of A")
    parser.add_argument("--vs", nargs="+", type=Path, required=True,
                        help="match.py --out files of B")
    args = parser.parse_args(argv)
    try:
        run_a, run_b = read_runs(args.runs), read_runs(args.vs)
        result = compare(run_a, run_b)
    except (ValueError, KeyError, OSError) as error:
        print(f"match_compare: {error}", file=sys.stderr)
        return 2
    wa, da, la = result.tally_a
    wb, db, lb = result.tally_b
    print(f"{result.games} games in common (left out, their opening and colour repeated: "
          f"A {run_a.repeated}, B {run_b.repeated})")
    print(f"A {wa}-{da}-{la}, {result.score_a:.1f} %")
    print(f"B {wb}-{db}-{lb}, {result.score_b:.1f} %")
    print(f"A - B: {result.difference:+.1f} points, paired standard error "
          f"{result.standard_error:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
