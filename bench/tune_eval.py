"""Fit the strong levels' evaluation to game results and Scan's scores (logistic regression).

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/tune_eval.py /tmp/eval_games.txt \
        [--scores /tmp/eval_scores.txt --blend 0.3] [--patterns all] \
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

Scan's scores (bench/eval_labels.py) carry far more than one result per game: with `--scores`
a scored position's target is `blend` × result + (1 − `blend`) × sigmoid(score / K_scan),
K_scan being the one that makes Scan's scores predict the results best (an unscored position
keeps its result; `--scored-only` fits on the scored ones alone, `--score-weight` counts each
scored one several times). The held-out log-loss is then
also printed against Scan's sigmoid (the held-out scored positions), so `--blend` can be chosen
on both. `--patterns` adds dames.ai.patterns' regional weights (sparse columns, unscaled, their
own L2 penalty `--l2-patterns`).

Measured on 2026-12-01 (156 614 positions, 9 746 of them scored by Scan at depth 12; held-out
log-loss on results / on Scan's scores of the scored held-out positions; Scan's move-quality
mean loss, bench/move_quality.py at maitre@100000 on 240 positions):
- shipped (results only): 0.5526 / 0.6070; move quality 36.7. Hand-set: 0.6186 / 0.6099; 27.4.
- scores ×20, blend 0.2 (4 846 scored): 0.5550 / 0.5952 (on 1 019); move quality 39.7.
- scored positions only, blend 0.2 (9 746): 0.5636 / 0.5879 (on its own split); 43.9.
- scores ×20, blend 0.2 (9 746): 0.5565 / 0.5911; with the 9 patterns 0.5559 / 0.5916.
- the 9 patterns on results alone: 0.5532 (shipped 0.5526), for +5 to +6 µs an evaluation.
Scan's own depth-12 scores predict these games' results worse (0.5586) than the shipped
weights (0.5455) on the same positions, and neither loss ranks the evaluations as Scan's
move judgement does: none of these fits replaced the shipped weights.
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
from dames.ai.learned import (
    BASE,
    FEATURES,
    WEIGHTS_FILE,
    LearnedEvaluator,
    PatternWeights,
    evaluator_from,
    weights_document,
)
from dames.ai.patterns import ALL_REGIONS, CONFIGS
from dames.board import Board

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}
Row = tuple[Board, float, int, float | None]  # position, White's result, game, Scan's score
Sparse = list[tuple[int, float]]


def load(path: Path, scores: Path | None, scored_only: bool) -> list[Row]:
    """The positions of bench/eval_data.py's file, each with Scan's score (White's view, from
    bench/eval_labels.py's file) when it has one."""
    scored: dict[tuple[str, int], float] = {}
    if scores is not None:
        for line in scores.read_text().splitlines():
            fen, _, game, score = (part.strip() for part in line.split("|"))
            scored[fen, int(game)] = float(score)
    rows = []
    for line in path.read_text().splitlines():
        fen, result, game = (part.strip() for part in line.split("|"))
        score = scored.get((fen, int(game)))
        if score is not None or not scored_only:
            rows.append((Board(fen), RESULTS[result], int(game), score))
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
    for board, *_ in rows:
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


def scaled_rows(probe: LearnedEvaluator, rows: list[Row], drop: set[str],
                unscaled: bool = False) -> tuple[list[Sparse], list[float]]:
    """Sparse feature rows, each base column divided by its RMS (returned) so Adam's steps suit
    every column alike (the patterns' columns, after them, are left unscaled: RMS 1); the
    columns of the terms in `drop` are left out (weight 0). `unscaled`: RMS 1 everywhere."""
    rms_sum = [0.0] * len(FEATURES)
    kept = [i for i, name in enumerate(FEATURES) if name.split("/")[0] not in drop]
    sparse = []
    for board, *_ in rows:
        row = probe.features(board.white, board.black, board.kings, int(board.turn) == 0)
        for i, x in enumerate(row):
            rms_sum[i] += x * x
        sparse.append([(i, row[i]) for i in kept if row[i]] + [
            (len(FEATURES) + c, x)
            for c, x in probe.pattern_features(board.white, board.black, board.kings)])
    rms = [1.0 if unscaled else math.sqrt(total / len(rows)) or 1.0 for total in rms_sum]
    rms += [1.0] * (2 * CONFIGS * len(probe.patterns.regions))
    return [[(i, x / rms[i]) for i, x in row] for row in sparse], rms


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


def targets(rows: list[Row], blend: float, k_scan: float) -> list[float]:
    """Each position's target: its result, blended with Scan's score when it has one."""
    return [y if score is None else blend * y + (1 - blend) * sigmoid(score / k_scan)
            for _, y, _, score in rows]


def report(models: dict[str, list[float]], held: list[Row], k_scan: float | None) -> None:
    """The held-out log-loss of each model's White scores (centi-men, divided by K): against
    the results and, when there are scores, against Scan's sigmoid."""
    ys = [y for _, y, _, _ in held]
    scored = [i for i, row in enumerate(held) if row[3] is not None]
    for name, predictions in models.items():
        line = f"held-out log-loss, {name}: results {log_loss(predictions, ys):.4f}"
        if k_scan is not None and scored:
            scan = [sigmoid(held[i][3] / k_scan) for i in scored]  # type: ignore[operator]
            mine = [predictions[i] for i in scored]
            line += (f", results of scored {log_loss(mine, [ys[i] for i in scored]):.4f}"
                     f", Scan's scores {log_loss(mine, scan):.4f} ({len(scored)} scored)")
        print(line)
    if k_scan is not None and scored:
        scan = [sigmoid(held[i][3] / k_scan) for i in scored]  # type: ignore[operator]
        print(f"held-out log-loss, Scan's own scores: results of scored "
              f"{log_loss(scan, [ys[i] for i in scored]):.4f}")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--write", type=Path, default=None)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--l2", type=float, default=1e-3, help="L2 penalty, other terms")
    parser.add_argument("--l2-squares", type=float, default=0.05,
                        help="L2 penalty of the per-square terms (the men's count holds the "
                        "material, the squares only the deviations from it)")
    parser.add_argument("--l2-patterns", type=float, default=1e-4,
                        help="L2 penalty of the patterns' weights (logit units)")
    parser.add_argument("--drop", nargs="*", default=[], choices=BASE,
                        help="terms left out (to measure what each one is worth)")
    parser.add_argument("--scores", type=Path, default=None,
                        help="bench/eval_labels.py's file: Scan's scores of the positions")
    parser.add_argument("--blend", type=float, default=1.0,
                        help="the result's share of a scored position's target")
    parser.add_argument("--scored-only", action="store_true",
                        help="fit and hold out the scored positions only")
    parser.add_argument("--score-weight", type=int, default=1,
                        help="how many times a scored position counts in the fit")
    parser.add_argument("--patterns", nargs="*", default=[], choices=(*ALL_REGIONS, "all"),
                        help="regional patterns to fit (dames.ai.patterns)")
    return parser.parse_args()


def main() -> int:
    args = parse()
    rows = load(args.data, args.scores, args.scored_only)
    train = [r for r in rows if r[2] % 5]
    held = [r for r in rows if not r[2] % 5]
    plain = Evaluator("international")
    k = best_k(white_scores(plain.evaluate, train), [y for _, y, _, _ in train])
    train += [r for r in train if r[3] is not None] * (args.score_weight - 1)
    games = len({g for _, _, g, _ in rows})
    print(f"{len(rows)} positions from {games} games ({len(train)} fitted, {len(held)} held out);"
          f" K = {k:.1f} (the hand-set evaluation's best)")
    scored = [(s, y) for _, y, _, s in train if s is not None]
    k_scan = best_k([s for s, _ in scored], [y for _, y in scored]) if scored else None
    if k_scan is not None:
        print(f"{len(scored)} fitted positions scored by Scan; K_scan = {k_scan:.1f}, "
              f"blend {args.blend} (the result's share)")
    regions = list(ALL_REGIONS) if "all" in args.patterns else args.patterns
    zero = [0.0] * len(BASE)
    empty = [[0.0] * CONFIGS for _ in regions]
    probe = LearnedEvaluator(zero, zero, PatternWeights(regions, empty, empty))
    xs, rms = scaled_rows(probe, train, set(args.drop))
    # The penalty is on the unscaled weights (a rare square's scaled column is small, so a
    # penalty on its scaled weight would barely hold it).
    l2 = [(args.l2_squares if name.startswith("sq") else args.l2) / (s * s)
          for name, s in zip(FEATURES, rms[:len(FEATURES)], strict=True)]
    l2 += [args.l2_patterns] * (len(rms) - len(FEATURES))
    theta = fit(xs, targets(train, args.blend, k_scan or 1.0), args.epochs, l2)
    weights = [t / s * k for t, s in zip(theta, rms, strict=True)]  # centi-men
    opening, ending = weights[0:len(FEATURES):2], weights[1:len(FEATURES):2]
    pattern_half = weights[len(FEATURES):]
    patterns = PatternWeights(regions, *(
        [pattern_half[2 * CONFIGS * r + half:2 * CONFIGS * (r + 1):2]
         for r in range(len(regions))] for half in (0, 1))) if regions else None
    learned = LearnedEvaluator(opening, ending, patterns)
    held_x, _ = scaled_rows(probe, held, set(), unscaled=True)
    shipped = evaluator_from(WEIGHTS_FILE)
    report({
        "constant (training mean)": [sum(y for _, y, _, _ in train) / len(train)] * len(held),
        "hand-set Evaluator": [sigmoid(s / k) for s in white_scores(plain.evaluate, held)],
        "shipped learned weights": [sigmoid(s / k) for s in white_scores(shipped.evaluate, held)],
        "fitted floats": [sigmoid(sum(weights[i] * x for i, x in row) / k) for row in held_x],
        "fitted, integer evaluation": [
            sigmoid(s / k) for s in white_scores(learned.evaluate, held)],
    }, held, k_scan)
    hand_cost, learned_cost = cost_per_call(plain.evaluate), cost_per_call(learned.evaluate)
    print(f"evaluate(): hand-set {hand_cost:.2f} µs, fitted {learned_cost:.2f} µs per call "
          f"({learned_cost / hand_cost:.2f}×; CPU, bench/positions.txt)")
    labels = (f", {len(scored)} of them scored by Scan 2.0 at depth 12 (bench/eval_labels.py), "
              f"blend {args.blend}, K_scan={k_scan:.0f}") if k_scan is not None else ""
    text = weights_document(opening, ending, f"bench/tune_eval.py on {len(rows)} positions "
                            f"from {games} Scan self-play games (bench/eval_data.py){labels}, "
                            f"K={k:.0f}", patterns)
    print(text if patterns is None else text[:text.index('"patterns"')] + "...")
    if args.write is not None:
        args.write.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
