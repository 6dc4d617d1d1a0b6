"""`maitre` plays with its own weights (`weights/play-<variant>.dmw`, the core's second set,
chosen by DM_PLAY_WEIGHTS), while the reproducible searches — fair play's judge, the game
analysis, the analysis board, the puzzles — keep the shipped ones their calibration and
stored checks were made with (docs/native-core.md, "Play weights")."""

from __future__ import annotations

import ctypes
import hashlib

import pytest
from dames.ai.levels import Level, get_level, native_level
from dames.analysis import AnalysisBudget
from dames.analysis.positions import deep_level
from dames.native import abi, available, engine_version, library
from dames.native.search import _limits
from dames.native.weights import SCALAR_TERMS, decode, path_for, play_path_for
from dames.puzzles.engine import PUZZLE_LEVEL
from dames_backend.fairplay.judge import JUDGE_LEVEL

from tests.native.test_native_eval import (
    VARIANT,
    core_evaluation,
    from_features,
    kingless_positions,
)

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")


def _evaluation(position: abi.Position, flags: int) -> int:
    value = ctypes.c_int32()
    assert library().dm_evaluate(ctypes.byref(position), flags, ctypes.byref(value)) == 0
    return value.value


def test_the_play_weights_are_the_shipped_ones_but_the_opening_balance() -> None:
    """The recipe (bench/set_native_terms.py --set balance=0,42): the fit's opening weight
    of the left–right balance, −21, dropped; every other weight as shipped."""
    classes, opening, ending = decode(path_for(VARIANT).read_bytes())
    play_classes, play_opening, play_ending = decode(play_path_for(VARIANT).read_bytes())
    balance = classes * 3**8 + SCALAR_TERMS.index("balance")
    assert play_classes == classes and play_ending == ending
    assert (opening[balance], play_opening[balance]) == (-21, 0)
    assert [i for i, (a, b) in enumerate(zip(opening, play_opening, strict=True))
            if a != b] == [balance]


def test_the_flag_evaluates_with_the_play_weights_and_nothing_else_does() -> None:
    _, opening, ending = decode(play_path_for(VARIANT).read_bytes())
    positions = list(kingless_positions(300, seed=3))
    for position in positions:
        assert _evaluation(position, abi.PLAY_WEIGHTS) == from_features(position, opening,
                                                                         ending)
    differing = [p for p in positions if _evaluation(p, abi.PLAY_WEIGHTS) != core_evaluation(p)]
    assert len(differing) > len(positions) // 4  # most positions are not balanced


def _flags(level: Level) -> int:
    return int(_limits(level, None, abi.IterationCallback()).flags)


def test_only_maitre_asks_for_them() -> None:
    assert _flags(get_level("maitre")) & abi.PLAY_WEIGHTS
    for level in (JUDGE_LEVEL, PUZZLE_LEVEL, deep_level(AnalysisBudget()),
                  native_level("analysis", 12, 100_000, 100_000)):
        assert not _flags(level) & abi.PLAY_WEIGHTS, level.name


def test_the_engine_version_names_the_shipped_weights_only() -> None:
    """Stored judgements and analyses keep naming what searched them: the play weights are
    not in it (they never search for the judge or the analysis)."""
    digest = engine_version().split("+")[1]
    shipped = hashlib.sha256()
    for variant in sorted(abi.VARIANT_IDS):
        if path_for(variant).exists():
            shipped.update(variant.encode() + path_for(variant).read_bytes())
    assert digest == shipped.hexdigest()[:8]
