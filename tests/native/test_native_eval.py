"""The core's evaluation is exactly the model the trainer fits: its features times the blob's
weights, opening and ending blended by the phase (bench/train_native_eval.py).

The search reads the patterns by a faster road than `dm_features` lists them (patterns.c reads
a band of windows at once), so the two could drift apart without a search digest noticing:
the core's own test never loads weights, and the shipped blob's pattern weights are almost all
0 (bench/weights_stats.py). So a blob of random weights, every one of them non-zero, is loaded
here, and the evaluation of random positions is recomputed from the features.
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Iterator

import pytest
from dames.native import abi, available, library
from dames.native.crosscheck import placed
from dames.native.weights import PATTERN_STATES, SCALAR_TERMS, decode, encode, path_for, use
from dames.variants import get_variant

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

WIDTH = 40  # feature entries a position has at most
VARIANT = "international"
CLASSES = 8  # pattern classes of 10x10: the 16 windows paired with their turns


@pytest.fixture
def random_weights() -> Iterator[tuple[list[int], list[int]]]:
    """A blob of random non-zero weights loaded for the test, the shipped one put back."""
    rng = random.Random(2026_12_07)
    count = CLASSES * PATTERN_STATES + len(SCALAR_TERMS)
    opening = [rng.choice((-1, 1)) * rng.randint(1, 300) for _ in range(count)]
    ending = [rng.choice((-1, 1)) * rng.randint(1, 300) for _ in range(count)]
    use(library(), VARIANT, encode(VARIANT, opening, ending))
    try:
        yield opening, ending
    finally:
        use(library(), VARIANT, path_for(VARIANT).read_bytes())


def kingless_positions(count: int, seed: int) -> Iterator[abi.Position]:
    """Random positions without kings (the drawish scaling only touches endings with kings),
    men kept off their crowning rows, either side to move."""
    variant = get_variant(VARIANT)
    rng = random.Random(seed)
    geometry = variant.geometry
    crowning = geometry.promotion_mask[0] | geometry.promotion_mask[1]
    bits = [geometry.bit_of_square[s] for s in range(1, variant.squares + 1)
            if not (1 << geometry.bit_of_square[s]) & crowning]
    for _ in range(count):
        chosen = rng.sample(bits, rng.randint(2, 40))
        colours = [rng.randint(0, 1) for _ in chosen]
        white, black, kings, turn = placed(variant, chosen, colours, 0.0, rng)
        assert kings == 0
        yield abi.Position(white, black, kings, turn, abi.VARIANT_IDS[VARIANT])


def from_features(position: abi.Position, opening: list[int], ending: list[int]) -> int:
    """The trainer's model of the evaluation, with the core's integer arithmetic (the blend
    divided by 256, truncated towards 0), from the side to move's view."""
    indices, counts = (ctypes.c_int32 * WIDTH)(), (ctypes.c_int32 * WIDTH)()
    stage = ctypes.c_int32()
    n = library().dm_features(ctypes.byref(position), indices, counts, WIDTH,
                              ctypes.byref(stage))
    assert n > 0
    early = sum(counts[k] * opening[indices[k]] for k in range(n))
    late = sum(counts[k] * ending[indices[k]] for k in range(n))
    blended = early * (256 - stage.value) + late * stage.value
    score = abs(blended) // 256 * (1 if blended >= 0 else -1)
    return score if position.turn == 0 else -score


def core_evaluation(position: abi.Position) -> int:
    value = ctypes.c_int32()
    assert library().dm_evaluate(ctypes.byref(position), 0, ctypes.byref(value)) == 0
    return value.value


def test_random_weights_give_the_features_sum(
    random_weights: tuple[list[int], list[int]],
) -> None:
    opening, ending = random_weights
    differing = [
        (position.white, position.black, position.turn)
        for position in kingless_positions(3000, seed=1)
        if core_evaluation(position) != from_features(position, opening, ending)
    ]
    assert differing == []


def test_the_shipped_weights_give_the_features_sum() -> None:
    classes, opening, ending = decode(path_for(VARIANT).read_bytes())
    assert classes == CLASSES
    for position in kingless_positions(500, seed=2):
        assert core_evaluation(position) == from_features(position, opening, ending)


def test_a_blob_reads_back_as_it_was_written_and_a_cut_one_is_refused() -> None:
    rng = random.Random(7)
    count = CLASSES * PATTERN_STATES + len(SCALAR_TERMS)
    opening = [rng.randint(-32768, 32767) for _ in range(count)]
    ending = [rng.randint(-32768, 32767) for _ in range(count)]
    blob = encode(VARIANT, opening, ending)
    assert decode(blob) == (CLASSES, opening, ending)
    for broken in (blob[:-2], b"XXXX" + blob[4:], blob[:10]):
        with pytest.raises(ValueError):
            decode(broken)
