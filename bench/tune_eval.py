"""Fit the strong levels' evaluation to game results, Texel-style (logistic regression).

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/tune_eval.py /tmp/eval_games.txt \
        [--write engine_layer/dames/ai/weights_international.json]

Input: `FEN | result | game` lines from bench/eval_data.py. The model: White's expected score
is sigmoid(eval / K), eval in centi-men from White's view. K is first chosen so that the
hand-set `Evaluator` predicts the results best (so the learned scores read on the hand-set
scale, on which the draw-offer margins were set); then dames.ai.learned's weights are fitted by
mini-batch Adam on the log-loss (pure Python), the inputs scaled to unit RMS, with an L2
penalty on the unscaled weights that keeps rarely seen squares near zero (`--l2-squares`:
0.05 predicted best on the first 800 games). Whole games (every fifth) are held out, since
positions of one game share its result; the held-out log-loss is printed for a constant guess,
the hand-set evaluation, the fitted model and the shipped integer evaluation, so a refit shows
whether it pays before it ships. `--drop` leaves terms out, to measure what each is worth.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from dames.ai.evaluation import Evaluator
from dames.ai.learned import BASE, FEATURES, LearnedEvaluator, weights_document
from dames.board import Board

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}
Row = tuple[Board, float, int]  # position, White's score, game number
Sparse = list[tuple[int, float]]


def load(path: Path) -> list[Row]:
    rows = []
    for line in path.read_text().splitlines():
        fen, result, game = (part.strip() for part in line.split("|"))
        rows.append((Board(fen), RESULTS[result], int(game)))
    return rows


def sigmoid(z: float) -> float:
    if z < -40:
        return 1e-18
    return 1.0 / (1.0 + math.exp(-z))


def log_loss(predictions: Sequence[float], ys: Sequence[float]) -> float:
    total = 0.0
    for p, y in zip(predictions, ys, strict=True):
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(ys)


def white_scores(evaluate: Callable[[int, int, int, bool], int], rows: list[Row]) -> list[float]:
    """An evaluation's scores of the rows, turned to White's view."""
    scores = []
    for board, _, _ in rows:
        white_to_move = int(board.turn) == 0
        value = evaluate(board.white, board.black, board.kings, white_to_move)
        scores.append(float(value if white_to_move else -value))
    return scores


def best_k(scores: list[float], ys: list[float]) -> float:
    """The K minimising the log-loss of sigmoid(score / K) (golden-section search)."""
    low, high = 20.0, 2000.0
    ratio = (math.sqrt(5) - 1) / 2

    def loss(k: float) -> float:
        return log_loss([sigmoid(s / k) for s in scores], ys)

    for _ in range(40):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if loss(a) < loss(b):
            high = b
        else:
            low = a
    return (low + high) / 2


def fit(xs: list[Sparse], ys: list[float], epochs: int, l2: list[float]) -> list[float]:
    """Logistic regression by mini-batch Adam; returns the weights in logit units."""
    rng = random.Random("tune-eval")
    n = len(l2)
    theta = [0.0] * n
    m = [0.0] * n
    v = [0.0] * n
    step = 0
    order = list(range(len(xs)))
    batch = 256
    for epoch in range(epochs):
        rng.shuffle(order)
        rate = 0.02 * (0.6 ** epoch)
        for start in range(0, len(order), batch):
            grad = [0.0] * n
            chunk = order[start:start + batch]
            for index in chunk:
                row = xs[index]
                z = 0.0
                for i, x in row:
                    z += theta[i] * x
                g = sigmoid(z) - ys[index]
                for i, x in row:
                    grad[i] += g * x
            step += 1
            size = len(chunk)
            for i in range(n):
                gi = grad[i] / size + l2[i] * theta[i]
                m[i] = 0.9 * m[i] + 0.1 * gi
                v[i] = 0.999 * v[i] + 0.001 * gi * gi
                m_hat = m[i] / (1 - 0.9 ** step)
                v_hat = v[i] / (1 - 0.999 ** step)
                theta[i] -= rate * m_hat / (math.sqrt(v_hat) + 1e-8)
        print(f"  epoch {epoch + 1}: train log-loss "
              f"{log_loss([sigmoid(dot(theta, x)) for x in xs[:20000]], ys[:20000]):.4f}",
              file=sys.stderr, flush=True)
    return theta


def dot(theta: list[float], row: Sparse) -> float:
    return sum(theta[i] * x for i, x in row)


def scaled_rows(probe: LearnedEvaluator, rows: list[Row],
                drop: set[str]) -> tuple[list[Sparse], list[float]]:
    """Sparse feature rows, each column divided by its RMS (returned) so Adam's steps suit
    every column alike; the columns of the terms in `drop` are left out (weight 0)."""
    dense = [probe.features(b.white, b.black, b.kings, int(b.turn) == 0) for b, _, _ in rows]
    rms = [math.sqrt(sum(r[i] * r[i] for r in dense) / len(dense)) or 1.0
           for i in range(len(FEATURES))]
    kept = [i for i, name in enumerate(FEATURES) if name.split("/")[0] not in drop]
    sparse = [[(i, r[i] / rms[i]) for i in kept if r[i]] for r in dense]
    return sparse, rms


def cost_per_call(evaluate: Callable[[int, int, int, bool], int]) -> float:
    """CPU µs per call over bench/positions.txt, best of 15 passes (the search's nodes per
    second fall with it: maitre plays on a clock)."""
    lines = Path(__file__).with_name("positions.txt").read_text().splitlines()
    boards = [Board(line.split("|")[0].strip()) for line in lines
              if line.strip() and not line.startswith("#")]
    calls = [(b.white, b.black, b.kings, int(b.turn) == 0) for b in boards]
    best = math.inf
    for _ in range(15):
        started = time.process_time()
        for _ in range(50):
            for call in calls:
                evaluate(*call)
        best = min(best, (time.process_time() - started) / (50 * len(calls)))
    return best * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--write", type=Path, default=None)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--l2", type=float, default=1e-3, help="L2 penalty, other terms")
    parser.add_argument("--l2-squares", type=float, default=0.05,
                        help="L2 penalty of the per-square terms (the men's count holds the "
                        "material, the squares only the deviations from it)")
    parser.add_argument("--drop", nargs="*", default=[], choices=BASE,
                        help="terms left out (to measure what each one is worth)")
    args = parser.parse_args()
    rows = load(args.data)
    train = [r for r in rows if r[2] % 5]
    held = [r for r in rows if not r[2] % 5]
    train_ys, held_ys = [y for _, y, _ in train], [y for _, y, _ in held]
    plain = Evaluator("international")
    k = best_k(white_scores(plain.evaluate, train), train_ys)
    games = len({g for _, _, g in rows})
    print(f"{len(rows)} positions from {games} games ({len(train)} fitted, {len(held)} held out);"
          f" K = {k:.1f} (the hand-set evaluation's best)")
    zero = [0.0] * len(BASE)
    probe = LearnedEvaluator(zero, zero)
    xs, rms = scaled_rows(probe, train, set(args.drop))
    # The penalty is on the unscaled weights (a rare square's scaled column is small, so a
    # penalty on its scaled weight would barely hold it).
    l2 = [(args.l2_squares if name.startswith("sq") else args.l2) / (s * s)
          for name, s in zip(FEATURES, rms, strict=True)]
    theta = fit(xs, train_ys, args.epochs, l2)
    weights = [t / s * k for t, s in zip(theta, rms, strict=True)]  # centi-men
    opening, ending = weights[0::2], weights[1::2]
    learned = LearnedEvaluator(opening, ending)
    held_x = [probe.features(b.white, b.black, b.kings, int(b.turn) == 0) for b, _, _ in held]
    mean = sum(train_ys) / len(train_ys)
    figures = {
        "constant (training mean)": [mean] * len(held),
        "hand-set Evaluator": [sigmoid(s / k) for s in white_scores(plain.evaluate, held)],
        "learned, fitted floats": [
            sigmoid(sum(w * x for w, x in zip(weights, row, strict=True)) / k) for row in held_x],
        "learned, shipped integers": [
            sigmoid(s / k) for s in white_scores(learned.evaluate, held)],
    }
    for name, predictions in figures.items():
        print(f"held-out log-loss, {name}: {log_loss(predictions, held_ys):.4f}")
    hand_cost, learned_cost = cost_per_call(plain.evaluate), cost_per_call(learned.evaluate)
    print(f"evaluate(): hand-set {hand_cost:.2f} µs, learned {learned_cost:.2f} µs per call "
          f"({learned_cost / hand_cost:.2f}×; CPU, bench/positions.txt)")
    text = weights_document(opening, ending, f"bench/tune_eval.py on {len(rows)} positions "
                            f"from {games} Scan self-play games (bench/eval_data.py), K={k:.0f}")
    print(text)
    if args.write is not None:
        args.write.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
