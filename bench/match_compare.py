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
starts at an even game, so the file's first record has the first player as White).
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


def first_player_scores(records: list[dict[str, object]]) -> dict[GameKey, float]:
    """Each game's score for the pairing's first player (1, 0.5 or 0), by its key."""
    scores: dict[GameKey, float] = {}
    for place, record in enumerate(records):
        number = record.get("number")
        even = (number if isinstance(number, int) and number >= 0 else place) % 2 == 0
        colour = "white" if even else "black"
        result = str(record["result"])
        score = 0.5 if result == "1/2" else 1.0 if (result == "1-0") == even else 0.0
        key = (str(record["opening"]), colour)
        if key in scores:
            raise ValueError(f"the opening {key[0]!r} with the first player as {colour} is "
                             "played twice: give the runs' files one set at a time")
        scores[key] = score
    return scores


def read_runs(paths: list[Path]) -> dict[GameKey, float]:
    scores: dict[GameKey, float] = {}
    for path in paths:
        for key, score in first_player_scores(json.loads(path.read_text())).items():
            if key in scores:
                raise ValueError(f"{path}: the game {key} is in two files")
            scores[key] = score
    return scores


def tally(scores: list[float]) -> tuple[int, int, int]:
    return (scores.count(1.0), scores.count(0.5), scores.count(0.0))


def compare(a: dict[GameKey, float], b: dict[GameKey, float]) -> Comparison:
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
        result = compare(read_runs(args.runs), read_runs(args.vs))
    except (ValueError, KeyError, OSError) as error:
        print(f"match_compare: {error}", file=sys.stderr)
        return 2
    wa, da, la = result.tally_a
    wb, db, lb = result.tally_b
    print(f"{result.games} games in common")
    print(f"A {wa}-{da}-{la}, {result.score_a:.1f} %")
    print(f"B {wb}-{db}-{lb}, {result.score_b:.1f} %")
    print(f"A - B: {result.difference:+.1f} points, paired standard error "
          f"{result.standard_error:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
