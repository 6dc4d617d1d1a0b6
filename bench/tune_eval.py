"""Fit the strong levels' evaluation weights to Scan 2.0's scores (least squares, pure Python).

    PYTHONPATH=engine_layer .venv/bin/python bench/tune_eval.py /tmp/eval_data.txt \
        [--write engine_layer/dames/ai/weights_international.json]

Input: `FEN | score` lines from bench/eval_data.py (Scan's score in centi-men, side to move's
view). Positions Scan already calls decided (|score| >= 1000) are left out and the others'
labels clipped to ±500, since a linear evaluation should rank ordinary positions, not measure
won ones. Every fifth position is held out; the mean absolute error on those is printed for the
fitted weights and for today's hand-set evaluation (dames.ai.evaluation), so a refit shows
whether it pays before it ships.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dames.ai.evaluation import Evaluator
from dames.ai.learned import FEATURES, LearnedEvaluator
from dames.board import Board

RIDGE = 1e-3  # relative to each feature's variance: keeps rare features' weights small
SIDE_RELATIVE = {FEATURES.index("threatened")}


def load(path: Path) -> list[tuple[Board, int]]:
    rows = []
    for line in path.read_text().splitlines():
        fen, _, score = line.partition("|")
        value = int(score)
        if abs(value) < 1000:
            rows.append((Board(fen.strip()), max(-500, min(500, value))))
    return rows


def side_features(evaluator: LearnedEvaluator, board: Board) -> list[float]:
    white_to_move = int(board.turn) == 0
    values = evaluator.features(board.white, board.black, board.kings, white_to_move)
    sign = 1 if white_to_move else -1
    return [float(v if i in SIDE_RELATIVE else sign * v) for i, v in enumerate(values)]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well-conditioned)."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for row in range(n):
            if row != col and a[col][col]:
                factor = a[row][col] / a[col][col]
                a[row] = [x - factor * y for x, y in zip(a[row], a[col], strict=True)]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    n = len(xs[0])
    gram = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for x, y in zip(xs, ys, strict=True):
        for i in range(n):
            if x[i]:
                rhs[i] += x[i] * y
                row = gram[i]
                for j in range(n):
                    row[j] += x[i] * x[j]
    for i in range(n):
        gram[i][i] += RIDGE * gram[i][i] + 1e-9
    return solve(gram, rhs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args()
    rows = load(args.data)
    probe = LearnedEvaluator({name: 0.0 for name in FEATURES})
    train = [(side_features(probe, b), y) for i, (b, y) in enumerate(rows) if i % 5]
    held = [(b, y) for i, (b, y) in enumerate(rows) if not i % 5]
    weights = fit([x for x, _ in train], [float(y) for _, y in train])
    named = {name: round(w, 3) for name, w in zip(FEATURES, weights, strict=True)}
    learned = LearnedEvaluator(named)
    plain = Evaluator("international")

    def error(evaluate: object) -> float:
        total = 0.0
        for board, y in held:
            value = evaluate(board.white, board.black, board.kings,  # type: ignore[operator]
                             int(board.turn) == 0)
            total += abs(max(-500, min(500, value)) - y)
        return total / len(held)

    print(f"{len(rows)} positions ({len(train)} fitted, {len(held)} held out)")
    print(f"mean |error| on held-out positions: learned {error(learned.evaluate):.1f}, "
          f"hand-set {error(plain.evaluate):.1f} centi-men")
    print(json.dumps(named, indent=1))
    if args.write is not None:
        args.write.write_text(json.dumps({
            "source": f"bench/tune_eval.py on {len(rows)} positions of bench/eval_data.py",
            "weights": named,
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
