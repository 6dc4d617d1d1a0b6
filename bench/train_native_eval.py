"""Fit the native evaluation's weights to self-play games (`bench/selfplay_native.py`).

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/train_native_eval.py \
        selfplay-*.txt --variant international \
        --out engine_layer/dames/native/weights/international.dmw

Texel's method, on the core's own features (`dm_features`: every window's base-3 pattern,
the scalar terms, the phase): the sigmoid of the evaluation (centi-men, White's view,
opening and ending weights blended by the phase) is fitted by Adam on minibatches to a
blend of the game's result and the sigmoid of the search's score (`--blend`, the share of
the result), cross-entropy, with an L2 pull of the pattern weights towards 0 (a pattern seen
in few positions keeps a small weight). The sigmoid's scale is fixed first, fitted on the
hand-set evaluation, so the weights stay in centi-men (`--init` starts from a blob instead
of the hand-set terms: a fine-tuning). One game in ten is held out (whole
games), and the held-out log-loss is printed for the hand-set evaluation and the fit.
Everything is seeded: the same files give the same weights.

numpy is a development dependency (requirements-dev.txt), never shipped in a layer.
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import time
from pathlib import Path

import numpy as np
from dames.native import abi, library
from dames.native.weights import PATTERN_STATES, SCALAR_TERMS, decode, encode

WIDTH = 40  # feature entries a position has at most (windows and their turns, then terms)


def read_positions(paths: list[Path]) -> dict[str, np.ndarray]:
    """The files' columns: bitboards, side to move, score, result, game."""
    rows = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                parts = line.split()
                if len(parts) == 8:
                    rows.append(parts)
    return {
        "white": np.array([int(r[0], 16) for r in rows], dtype=np.uint64),
        "black": np.array([int(r[1], 16) for r in rows], dtype=np.uint64),
        "kings": np.array([int(r[2], 16) for r in rows], dtype=np.uint64),
        "turn": np.array([int(r[3]) for r in rows], dtype=np.int32),
        "score": np.array([int(r[4]) for r in rows], dtype=np.float64),
        "result": np.array([float(r[5]) for r in rows], dtype=np.float64),
        "game": np.array([int(r[6]) for r in rows], dtype=np.int64),
    }


def features(data: dict[str, np.ndarray], variant: int) -> tuple[np.ndarray, ...]:
    """Per position: feature indices and counts (padded with count 0) and the phase (0..1)."""
    lib = library()
    count = len(data["white"])
    index = np.zeros((count, WIDTH), dtype=np.int64)
    value = np.zeros((count, WIDTH), dtype=np.float64)
    phase = np.zeros(count, dtype=np.float64)
    indices = (ctypes.c_int32 * WIDTH)()
    counts = (ctypes.c_int32 * WIDTH)()
    stage = ctypes.c_int32()
    for row in range(count):
        position = abi.Position(int(data["white"][row]), int(data["black"][row]),
                                int(data["kings"][row]), int(data["turn"][row]), variant)
        n = lib.dm_features(ctypes.byref(position), indices, counts, WIDTH, ctypes.byref(stage))
        if n < 0:
            raise abi.NativeError(n)
        index[row, :n] = indices[:n]
        value[row, :n] = counts[:n]
        phase[row] = stage.value / 256
    return index, value, phase


def evaluate(weights: np.ndarray, index: np.ndarray, value: np.ndarray,
             phase: np.ndarray) -> np.ndarray:
    """White's view, centi-men: weights[0] opening, weights[1] ending, blended by phase."""
    opening = (weights[0][index] * value).sum(axis=1)
    ending = (weights[1][index] * value).sum(axis=1)
    return opening * (1 - phase) + ending * phase


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40, 40)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def core_evaluations(data: dict[str, np.ndarray], rows: np.ndarray, variant: int) -> np.ndarray:
    """The core's hand-set evaluation of `rows` (White's view), as the search sees them."""
    lib = library()
    out = ctypes.c_int32()
    values = np.zeros(len(rows))
    for k, row in enumerate(rows):
        position = abi.Position(int(data["white"][row]), int(data["black"][row]),
                                int(data["kings"][row]), int(data["turn"][row]), variant)
        lib.dm_evaluate(ctypes.byref(position), abi.HANDSET_EVAL, ctypes.byref(out))
        values[k] = out.value if data["turn"][row] == 0 else -out.value
    return values


def hand_set(features_count: int, variant: int, index: np.ndarray, value: np.ndarray,
             phase: np.ndarray, data: dict[str, np.ndarray]) -> np.ndarray:
    """Scalar weights that reproduce the core's hand-set evaluation (which lives in the core
    only), by least squares on its evaluations: the fit's starting point. Positions where the
    core scales drawish material down (few pieces and a king) are left out."""
    pieces = np.array([bin(int(w) | int(b)).count("1") for w, b in
                       zip(data["white"], data["black"], strict=True)])
    sample = np.flatnonzero((data["kings"] == 0) | (pieces > 8))[:20_000]
    target = core_evaluations(data, sample, variant)
    base = features_count - len(SCALAR_TERMS)
    design = np.zeros((len(sample), 2 * len(SCALAR_TERMS)))
    for j in range(len(SCALAR_TERMS)):
        column = (value[sample] * (index[sample] == base + j)).sum(axis=1)
        design[:, j] = column * (1 - phase[sample])
        design[:, len(SCALAR_TERMS) + j] = column * phase[sample]
    solution, *_ = np.linalg.lstsq(design, target, rcond=None)
    weights = np.zeros((2, features_count))
    weights[0, base:] = solution[: len(SCALAR_TERMS)]
    weights[1, base:] = solution[len(SCALAR_TERMS):]
    return weights


def read_blob(path: Path, count: int) -> np.ndarray:
    """A blob's weights (opening, ending), which must have the core's layout (`encode`)."""
    try:
        _classes, opening, ending = decode(path.read_bytes())
    except ValueError as exc:
        raise SystemExit(f"{path}: {exc}") from exc
    if len(opening) != count:
        raise SystemExit(f"{path} holds {len(opening)} features, the core has {count}")
    return np.array([opening, ending], dtype=np.float64)


def fit_scale(evaluation: np.ndarray, target: np.ndarray) -> float:
    """The sigmoid's scale (centi-men per logit) that fits the hand-set evaluation best."""
    scales = np.linspace(40, 600, 57)
    losses = [log_loss(sigmoid(evaluation / s), target) for s in scales]
    return float(scales[int(np.argmin(losses))])


def train(weights: np.ndarray, scale: float, index: np.ndarray, value: np.ndarray,
          phase: np.ndarray, target: np.ndarray, args: argparse.Namespace,
          patterns: int) -> np.ndarray:
    rng = np.random.default_rng(args.seed)
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    step = 0
    count = len(target)
    for epoch in range(args.epochs):
        order = rng.permutation(count)
        for start in range(0, count, args.batch):
            rows = order[start:start + args.batch]
            idx, val, ph = index[rows], value[rows], phase[rows]
            error = (sigmoid(evaluate(weights, idx, val, ph) / scale) - target[rows]) / scale
            grad = np.zeros_like(weights)
            flat = idx.ravel()
            grad[0] = np.bincount(flat, (val * (error * (1 - ph))[:, None]).ravel(),
                                  minlength=weights.shape[1])
            grad[1] = np.bincount(flat, (val * (error * ph)[:, None]).ravel(),
                                  minlength=weights.shape[1])
            grad /= len(rows)
            grad[:, :patterns] += args.l2 * weights[:, :patterns]
            step += 1
            first = 0.9 * first + 0.1 * grad
            second = 0.999 * second + 0.001 * grad * grad
            weights -= args.rate * (first / (1 - 0.9**step)) / (
                np.sqrt(second / (1 - 0.999**step)) + 1e-12)
        print(f"epoch {epoch + 1}: training loss "
              f"{log_loss(sigmoid(evaluate(weights, index, value, phase) / scale), target):.4f}",
              flush=True)
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--blend", type=float, default=0.5, help="share of the game result")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--batch", type=int, default=16384)
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument("--l2", type=float, default=1e-6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, default=None,
                        help="start from this blob (fine-tuning) instead of the hand-set terms")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    variant = abi.VARIANT_IDS[args.variant]
    data = read_positions(args.files)
    index, value, phase = features(data, variant)
    count = library().dm_feature_count(variant)
    patterns = count - len(SCALAR_TERMS)
    white_score = np.where(data["turn"] == 0, data["score"], -data["score"])
    held = data["game"] % 10 == 0
    print(f"{len(phase)} positions from {len(np.unique(data['game']))} games "
          f"({held.sum()} held out), {count} features; read in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    weights = (hand_set(count, variant, index, value, phase, data) if args.init is None
               else read_blob(args.init, count))
    sample = np.flatnonzero(~held)[:200_000]
    scale = fit_scale(core_evaluations(data, sample, variant), data["result"][sample])
    target = args.blend * data["result"] + (1 - args.blend) * sigmoid(white_score / scale)
    handset_held = core_evaluations(data, np.flatnonzero(held), variant)
    print(f"scale {scale:.0f} centi-men per logit; held-out loss on results, hand-set "
          f"{log_loss(sigmoid(handset_held / scale), data['result'][held]):.4f}")
    weights = train(weights, scale, index[~held], value[~held], phase[~held], target[~held],
                    args, patterns)
    fitted = sigmoid(evaluate(weights, index[held], value[held], phase[held]) / scale)
    print(f"held-out loss on results, fitted {log_loss(fitted, data['result'][held]):.4f}; "
          f"on the blended target {log_loss(fitted, target[held]):.4f}")
    shipped = np.clip(np.round(weights), -32768, 32767)  # what `encode` writes
    rounded = sigmoid(evaluate(shipped, index[held], value[held], phase[held]) / scale)
    print(f"held-out loss on results, as written (whole centi-men) "
          f"{log_loss(rounded, data['result'][held]):.4f}")
    for name, row in (("opening", 0), ("ending", 1)):
        size = np.abs(weights[row, :patterns])
        print(f"  patterns, {name}: |w| mean {size.mean():.3f}, 99th percentile "
              f"{np.percentile(size, 99):.2f}, max {size.max():.2f}; "
              f"{(size >= 0.5).sum()} of {patterns} round to a non-zero weight")
    for j, name in enumerate(SCALAR_TERMS):
        print(f"  {name:14} opening {weights[0, patterns + j]:8.1f} "
              f"ending {weights[1, patterns + j]:8.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(encode(args.variant, weights[0].tolist(), weights[1].tolist()))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes) in "
          f"{time.perf_counter() - started:.0f} s; states {PATTERN_STATES} per pattern class")
    return 0


if __name__ == "__main__":
    sys.exit(main())
