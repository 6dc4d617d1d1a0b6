"""The strong levels' learned evaluation (dames.ai.learned), its shipped weights and its tuner."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from ai_helpers import random_game_boards
from dames import Board
from dames.ai.evaluation import Evaluator
from dames.ai.hub import HubSession
from dames.ai.learned import (
    BASE,
    FEATURES,
    STRUCTURE,
    WEIGHTS_FILE,
    LearnedEvaluator,
    learned_evaluator,
    load_weights,
)
from dames.ai.levels import LEVELS
from dames.ai.player import new_searcher
from dames.variants import get_variant

from bench import tune_eval

POSITIONS = [
    "W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,21",
    "B:W25,31,32,34,36,37,38,39,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,11,12,13,18,19,20,22,23,26",
    "W:W28,29,32,37,41,48,49,K5:B3,4,8,13,18,19,K46",
    "B:W6,7,33,35:B16,24,K44",
    "W:W8,12,40:B30,45",  # runaway men on both sides, no kings
    "B:W9,K33:B42,K17,K20",
]


def flipped(fen: str) -> str:
    """The same position with the colours swapped (square s becomes 51 - s)."""
    board = Board(fen)

    def side(color: int) -> str:
        squares = []
        for square in range(1, 51):
            piece = board.piece_at(square)
            if piece is not None and int(piece.color) == color:
                squares.append(f"K{51 - square}" if piece.king else str(51 - square))
        return ",".join(squares)

    turn = "B" if int(board.turn) == 0 else "W"
    return f"{turn}:W{side(1)}:B{side(0)}"


def args_of(board: Board) -> tuple[int, int, int, bool]:
    return board.white, board.black, board.kings, int(board.turn) == 0


def sample_fens(positions: list[str]) -> list[str]:
    played = [b.fen() for b in random_game_boards("international", 6, 60, seed=19)][::7]
    return POSITIONS + positions[::3] + played


def test_the_evaluation_does_not_depend_on_the_colour(positions: list[str]) -> None:
    evaluate = learned_evaluator().evaluate
    for fen in sample_fens(positions):
        assert evaluate(*args_of(Board(fen))) == evaluate(*args_of(Board(flipped(fen)))), fen


def test_every_feature_of_the_mirrored_position_is_negated(positions: list[str]) -> None:
    """The features are White's view, so swapping the colours negates each of them."""
    features = learned_evaluator().features
    for fen in sample_fens(positions):
        mirrored = features(*args_of(Board(flipped(fen))))
        assert mirrored == [-x for x in features(*args_of(Board(fen)))], fen


def test_the_evaluation_is_the_fitted_model(positions: list[str]) -> None:
    """The integer tables (bit planes per piece count) compute the fitted linear model: its
    dot product with the features, to within the rounding of each term."""
    evaluator = learned_evaluator()
    opening, ending = load_weights()
    weights = [w for pair in zip(opening, ending, strict=True) for w in pair]
    checked = 0
    for fen in sample_fens(positions):
        board = Board(fen)
        white_to_move = int(board.turn) == 0
        if not board.white & ~board.kings and not board.black & ~board.kings:
            continue  # men-less endings are damped on top of the model
        model = sum(w * x for w, x in zip(weights, evaluator.features(*args_of(board)),
                                           strict=True))
        value = evaluator.evaluate(*args_of(board))
        assert abs((value if white_to_move else -value) - model) <= 4, fen
        checked += 1
    assert checked > 20


def test_runaway_men_are_counted_for_both_sides() -> None:
    evaluator = learned_evaluator()
    runaway = STRUCTURE.index("runaway")
    board = Board(POSITIONS[4])  # White men on 8 and 12 run free; Black's on 45 is blocked
    assert evaluator.structure(board.white, board.black, board.kings)[runaway] == 2 - 1
    blocked = Board("W:W8,12,40:B3,30,45")  # a Black man ahead of White's runners
    assert evaluator.structure(blocked.white, blocked.black, blocked.kings)[runaway] < 1


def test_a_man_up_is_better_for_the_side_that_has_it() -> None:
    evaluate = learned_evaluator().evaluate
    full = Board(POSITIONS[0])
    fewer = Board(POSITIONS[0].replace("B1,2,3,", "B2,3,"))
    assert evaluate(*args_of(fewer)) > evaluate(*args_of(full))


def test_the_shipped_weights_are_small_and_complete() -> None:
    assert WEIGHTS_FILE.stat().st_size < 4_000
    data = json.loads(WEIGHTS_FILE.read_text())
    assert len(data["squares_opening"]) == len(data["squares_ending"]) == 45
    opening, ending = load_weights()
    assert len(opening) == len(ending) == len(BASE)
    assert opening[BASE.index("men")] > 0 and ending[BASE.index("first_king")] > 0


def test_the_learned_switch_reaches_the_plain_search_too() -> None:
    """`fort~learned` in bench/match.py must measure the learned evaluation (`fort` keeps the
    plain search), and the hand-set one stays the default."""
    variant = get_variant("international")
    learned = new_searcher(replace(LEVELS["fort"], learned=True), variant)
    assert learned.evaluate == learned_evaluator().evaluate
    assert isinstance(new_searcher(LEVELS["fort"], variant).evaluate.__self__, Evaluator)
    english = new_searcher(replace(LEVELS["fort"], learned=True), get_variant("english"))
    assert not isinstance(english.evaluate.__self__, LearnedEvaluator)


@pytest.mark.parametrize("level", ["debutant", "facile", "defi", "fort"])
def test_the_reproducible_levels_keep_the_hand_set_evaluation(level: str) -> None:
    """Their replies are pinned (the daily, AI_VERSION, the analysis): the switch is off."""
    searcher = new_searcher(LEVELS[level], get_variant("international"))
    assert not LEVELS[level].learned
    assert not isinstance(searcher.evaluate.__self__, LearnedEvaluator)


def test_maitre_and_the_hub_play_with_the_learned_evaluation() -> None:
    variant = get_variant("international")
    assert new_searcher(LEVELS["maitre"], variant).evaluate == learned_evaluator().evaluate
    session = HubSession(io.StringIO(), io.StringIO())
    session.set_limit({"nodes": "1000"})
    assert new_searcher(session.limit, variant).evaluate == learned_evaluator().evaluate
    # Elsewhere the variant's own evaluation: the weights are the international board's.
    english = new_searcher(LEVELS["maitre"], get_variant("english"))
    assert not isinstance(english.evaluate.__self__, LearnedEvaluator)


def test_the_tuner_fits_and_writes_loadable_weights(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/tune_eval.py on a tiny fixture: results of a few "games" (White wins those where
    it is a man up), so the fitted men weight must come out positive."""
    lines = []
    for game, board in enumerate(random_game_boards("international", 10, 30, seed=7)[::3]):
        lead = board.white.bit_count() - board.black.bit_count()
        result = "1-0" if lead > 0 else "0-1" if lead < 0 else "1/2"
        lines.append(f"{board.fen()} | {result} | {game}")
    data = tmp_path / "games.txt"
    data.write_text("\n".join(lines) + "\n")
    out = tmp_path / "weights.json"
    monkeypatch.setattr(sys, "argv", ["tune_eval.py", str(data), "--epochs", "2",
                                      "--write", str(out)])
    assert tune_eval.main() == 0
    opening, ending = load_weights(out)
    assert opening[BASE.index("men")] > 0
    fitted = LearnedEvaluator(opening, ending)
    board = Board(POSITIONS[0])
    assert isinstance(fitted.evaluate(*args_of(board)), int)
    assert len(fitted.features(*args_of(board))) == len(FEATURES)
