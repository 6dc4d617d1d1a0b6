"""The strong levels' learned evaluation (dames.ai.learned), its shipped weights and its tuner."""

from __future__ import annotations

import io
import json
import random
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
    PatternWeights,
    evaluator_from,
    learned_evaluator,
    load_patterns,
    load_weights,
    select_weights,
    weights_document,
)
from dames.ai.levels import LEVELS, PYTHON_MAITRE
from dames.ai.patterns import ALL_REGIONS, CONFIGS, region_squares
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


def random_patterns(seed: int) -> PatternWeights:
    """Weights for every region, large enough to matter (the shipped file may have none)."""
    rng = random.Random(seed)
    return PatternWeights(ALL_REGIONS, *([[rng.uniform(-30, 30) for _ in range(CONFIGS)]
                                          for _ in ALL_REGIONS] for _ in range(2)))


def evaluators() -> list[LearnedEvaluator]:
    return [learned_evaluator(), LearnedEvaluator(*load_weights(), random_patterns(5))]


def test_the_evaluation_does_not_depend_on_the_colour(positions: list[str]) -> None:
    for evaluator in evaluators():
        evaluate = evaluator.evaluate
        for fen in sample_fens(positions):
            assert evaluate(*args_of(Board(fen))) == evaluate(*args_of(Board(flipped(fen)))), fen


def test_every_feature_of_the_mirrored_position_is_negated(positions: list[str]) -> None:
    """The features are White's view, so swapping the colours negates each of them."""
    evaluator = evaluators()[1]
    for fen in sample_fens(positions):
        board, mirrored = Board(fen), Board(flipped(fen))
        assert evaluator.features(*args_of(mirrored)) == [
            -x for x in evaluator.features(*args_of(board))], fen
        assert evaluator.pattern_features(mirrored.white, mirrored.black, mirrored.kings) == [
            (c, -x) for c, x in evaluator.pattern_features(board.white, board.black,
                                                           board.kings)], fen


@pytest.mark.parametrize("with_patterns", [False, True])
def test_the_evaluation_is_the_fitted_model(positions: list[str], with_patterns: bool) -> None:
    """The integer tables (bit planes per piece count, packed pattern tables) compute the
    fitted linear model: its dot product with the features, to within the rounding of each
    term."""
    evaluator = evaluators()[with_patterns]
    opening, ending = load_weights()
    weights = [w for pair in zip(opening, ending, strict=True) for w in pair]
    patterns = random_patterns(5)
    pattern_weights = [w for r in range(len(ALL_REGIONS)) for c in range(CONFIGS)
                       for w in (patterns.opening[r][c], patterns.ending[r][c])]
    checked = 0
    for fen in sample_fens(positions):
        board = Board(fen)
        white_to_move = int(board.turn) == 0
        if not board.white & ~board.kings and not board.black & ~board.kings:
            continue  # men-less endings are damped on top of the model
        model = sum(w * x for w, x in zip(weights, evaluator.features(*args_of(board)),
                                           strict=True))
        if with_patterns:
            model += sum(pattern_weights[c] * x for c, x in evaluator.pattern_features(
                board.white, board.black, board.kings))
        value = evaluator.evaluate(*args_of(board))
        assert abs((value if white_to_move else -value) - model) <= 6, fen
        checked += 1
    assert checked > 20


def test_a_pattern_reads_its_six_squares_only() -> None:
    """One region, one configuration weighted: the evaluation moves by that weight exactly
    when the region's squares hold it, whoever is to move, and mirrored for Black."""
    region = "5:2"
    squares = region_squares(get_variant("international").geometry, region)
    assert len(squares) == 6 and all(26 <= s <= 40 for s in squares)
    config = 3 ** 5 + 2 * 3 ** 4  # first square: a White man; second: a Black man
    opening = [[0.0] * CONFIGS]
    opening[0][config] = 50.0
    zero = [0.0] * len(BASE)
    evaluator = LearnedEvaluator(zero, zero, PatternWeights([region], opening, opening))
    white = Board(f"W:W{squares[0]},49:B{squares[1]},2")
    assert evaluator.evaluate(*args_of(white)) == 50
    assert evaluator.evaluate(*args_of(Board(flipped(white.fen())))) == 50
    elsewhere = Board(f"W:W{squares[0]},{squares[2]}:B{squares[1]},2")
    assert evaluator.evaluate(*args_of(elsewhere)) == 0


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
    assert new_searcher(PYTHON_MAITRE, variant).evaluate == learned_evaluator().evaluate
    session = HubSession(io.StringIO(), io.StringIO())
    session.set_limit({"nodes": "1000"})
    assert new_searcher(session.limit, variant).evaluate == learned_evaluator().evaluate
    # Elsewhere the variant's own evaluation: the weights are the international board's.
    english = new_searcher(PYTHON_MAITRE, get_variant("english"))
    assert not isinstance(english.evaluate.__self__, LearnedEvaluator)


def tuner_fixture(tmp_path: Path) -> tuple[Path, Path]:
    """Results of a few "games" (White wins those where it is a man up) and a score per
    position (the lead in centi-men): a fixture where the men weight must come out positive."""
    lines, scores = [], []
    for game, board in enumerate(random_game_boards("international", 10, 30, seed=7)[::3]):
        lead = board.white.bit_count() - board.black.bit_count()
        result = "1-0" if lead > 0 else "0-1" if lead < 0 else "1/2"
        lines.append(f"{board.fen()} | {result} | {game}")
        scores.append(f"{lines[-1]} | {100 * lead}")
    data, scored = tmp_path / "games.txt", tmp_path / "scores.txt"
    data.write_text("\n".join(lines) + "\n")
    scored.write_text("\n".join(scores[::2]) + "\n")
    return data, scored


@pytest.mark.parametrize("options", [[], ["--scores", "SCORES", "--blend", "0.5",
                                          "--patterns", "5:2", "6:0"]])
def test_the_tuner_fits_and_writes_loadable_weights(tmp_path: Path, options: list[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    data, scores = tuner_fixture(tmp_path)
    out = tmp_path / "weights.json"
    options = [str(scores) if o == "SCORES" else o for o in options]
    monkeypatch.setattr(sys, "argv", ["tune_eval.py", str(data), "--epochs", "2",
                                      "--write", str(out), *options])
    assert tune_eval.main() == 0
    opening, ending = load_weights(out)
    assert opening[BASE.index("men")] > 0
    patterns = load_patterns(out)
    assert (patterns is None) == (not options)
    if patterns is not None:
        assert patterns.regions == ("5:2", "6:0")
        assert len(patterns.opening[1]) == len(patterns.ending[0]) == CONFIGS
        assert any(patterns.opening[0])
    fitted = LearnedEvaluator(opening, ending, patterns)
    board = Board(POSITIONS[0])
    assert isinstance(fitted.evaluate(*args_of(board)), int)
    assert len(fitted.features(*args_of(board))) == len(FEATURES)
    assert evaluator_from(out).evaluate(*args_of(board)) == fitted.evaluate(*args_of(board))


def test_the_weights_document_keeps_the_patterns_to_a_tenth(tmp_path: Path) -> None:
    opening, ending = load_weights()
    patterns = random_patterns(3)
    path = tmp_path / "weights.json"
    path.write_text(weights_document(opening, ending, "test", patterns))
    loaded = load_patterns(path)
    assert loaded is not None and loaded.regions == ALL_REGIONS
    assert all(abs(a - b) <= 0.05 for a, b in zip(loaded.ending[4], patterns.ending[4],
                                                   strict=True))
    reloaded = load_weights(path)[0]
    assert max(abs(a - b) for a, b in zip(reloaded, opening, strict=True)) <= 0.05


def test_bench_code_can_select_another_weights_file(tmp_path: Path) -> None:
    """bench/match.py's `maitre~weights.json` players: the searchers take the selected file's
    evaluator until the shipped one is selected again."""
    opening, ending = load_weights()
    path = tmp_path / "weights.json"
    path.write_text(weights_document(opening, ending, "test", random_patterns(2)))
    variant = get_variant("international")
    try:
        select_weights(path)
        assert new_searcher(PYTHON_MAITRE, variant).evaluate == evaluator_from(path).evaluate
    finally:
        select_weights()
    assert new_searcher(PYTHON_MAITRE, variant).evaluate == evaluator_from(
        WEIGHTS_FILE).evaluate
