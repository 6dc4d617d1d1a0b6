"""The analysis pass on real games: judgements, forced moves, budget, stored form, determinism.

No engine is mocked: every figure comes from `dames.ai`'s own search on real positions.
"""

from __future__ import annotations

import json

import pytest
from dames.ai.match import play_game
from dames.ai.version import AI_VERSION
from dames.analysis import (
    ANALYSIS_VERSION,
    AnalysisBudget,
    GameAnalysis,
    analyse_game,
)
from dames.analysis.scoring import (
    BLUNDER_DROP,
    EVAL_CAP,
    MISTAKE_DROP,
    Score,
    move_accuracy,
    win_percent,
)
from dames.native import available as native_available

# 2. 28-23?? lets 19x28 take a man for nothing (White has no capture back).
HANGING_LINE = ["32-28", "18-22", "28-23", "19x28"]
LIGHT = AnalysisBudget(position_work=30_000)
# The same with fort's own search beside the deeper one, for the share of fort's moves.
WITH_FORT = AnalysisBudget(position_work=30_000, fort_matches=True)


@pytest.fixture(scope="module")
def hanging() -> GameAnalysis:
    return analyse_game(variant="international", start_fen=None, moves=HANGING_LINE,
                        draw_rules="defi", budget=WITH_FORT)


@pytest.fixture(scope="module")
def engine_vs_random() -> GameAnalysis:
    """`defi` (White) against seeded random moves (`debutant`), cut at 24 plies."""
    record = play_game("defi", "debutant", "analysis-test-7", max_plies=24)
    return analyse_game(variant="international", start_fen=None,
                        moves=record.paths, draw_rules="defi", budget=LIGHT)


def test_hanging_a_man_is_a_mistake_and_the_engine_prefers_another_move(
    hanging: GameAnalysis,
) -> None:
    hang = hanging.moves[2]
    assert hang.notation == "28-23" and hang.side == "white"
    assert hang.judgement in ("mistake", "blunder")
    assert hang.best_move != "28-23"
    assert hang.best_line[0] == hang.best_move
    assert hang.loss >= 60
    assert hang.win_before - hang.win_after >= MISTAKE_DROP
    assert not hang.matches["fort"] and not hang.matches["maitre"]
    assert hang.eval_after < -50  # White's point of view: a man down
    assert hanging.turning_point == 2


def test_the_only_legal_move_is_marked_forced(hanging: GameAnalysis) -> None:
    take = hanging.moves[3]
    assert take.notation == "19x28" and take.move == "19x28"
    assert take.forced and take.judgement == "forced" and take.searched == "forced"
    assert take.matches == {} and take.loss == 0
    assert hanging.sides["black"].moves == 1  # 18-22 only: the forced capture is left out
    assert hanging.sides["white"].moves == 2


def test_each_move_carries_the_contracts_fields(hanging: GameAnalysis) -> None:
    assert hanging.version == ANALYSIS_VERSION and AI_VERSION in ANALYSIS_VERSION
    assert [m.ply for m in hanging.moves] == [0, 1, 2, 3]
    assert [m.side for m in hanging.moves] == ["white", "black", "white", "black"]
    assert hanging.complete
    assert hanging.nodes > 0
    assert abs(hanging.initial_eval) < 50
    for move in hanging.moves:
        assert 0 <= move.accuracy <= 100 and move.loss >= 0
        assert 0 <= move.win_before <= 100 and 0 <= move.win_after <= 100
        assert 1 <= len(move.best_line) <= 4
        if not move.forced:
            assert set(move.matches) == {"fort", "maitre"} and move.depth >= 4


def test_engine_is_more_accurate_than_random_moves(engine_vs_random: GameAnalysis) -> None:
    white, black = engine_vs_random.sides["white"], engine_vs_random.sides["black"]
    assert white.accuracy is not None and black.accuracy is not None
    assert 0 <= black.accuracy < white.accuracy <= 100
    assert white.average_loss < black.average_loss
    assert black.mistakes + black.blunders > white.mistakes + white.blunders
    assert 0.0 <= white.match_rates["maitre"] <= 1.0


def test_analysis_is_deterministic(hanging: GameAnalysis) -> None:
    again = analyse_game(variant="international", start_fen=None, moves=HANGING_LINE,
                         draw_rules="defi", budget=WITH_FORT)
    first, second = hanging.to_dict(), again.to_dict()
    first.pop("cpuSeconds")
    second.pop("cpuSeconds")
    assert first == second


def test_fort_is_searched_only_when_its_matches_are_asked_for(hanging: GameAnalysis) -> None:
    """By default the deeper search alone values each position: the same values, accuracy and
    judgements as with fort's search beside it, only fort's match unknown, for fewer nodes."""
    plain = analyse_game(variant="international", start_fen=None, moves=HANGING_LINE,
                         draw_rules="defi", budget=LIGHT)
    for alone, beside in zip(plain.moves, hanging.moves, strict=True):
        assert (alone.eval_after, alone.accuracy, alone.judgement, alone.best_move) == (
            beside.eval_after, beside.accuracy, beside.judgement, beside.best_move)
        if not alone.forced:
            assert set(alone.matches) == {"maitre"} and alone.matches["maitre"] == \
                beside.matches["maitre"]
    assert plain.sides["white"].matched_moves == {"fort": 0, "maitre": 2}
    assert plain.sides["white"].accuracy == hanging.sides["white"].accuracy
    assert 0 < plain.nodes < hanging.nodes


def test_stored_form_round_trips(engine_vs_random: GameAnalysis) -> None:
    for compact in (True, False):
        data = json.loads(json.dumps(engine_vs_random.to_dict(compact=compact)))
        assert GameAnalysis.from_dict(data) == engine_vs_random
    assert "evalAfter" in engine_vs_random.to_dict()["moves"][0]
    assert engine_vs_random.to_dict(compact=False)["moves"][0]["side"] == "white"


def test_a_long_game_stays_small_when_stored() -> None:
    """300 plies (150 moves each, the longest game the draw rules allow) under 60 KB."""
    record = play_game("debutant", "debutant", "analysis-size-3", max_plies=300)
    moves = record.paths
    cheap = AnalysisBudget(total_nodes=0, quick_depth=2, quick_work=2_000)
    analysis = analyse_game(variant="international", start_fen=None, moves=moves,
                            draw_rules="defi", budget=cheap)
    size = len(json.dumps(analysis.to_dict(), separators=(",", ":")))
    per_ply = size / len(moves)
    assert len(moves) >= 60
    assert per_ply * 300 < 60_000, f"{per_ply:.0f} bytes per ply"


def test_a_spent_budget_marks_the_rest_quick_and_incomplete() -> None:
    """The budget counts the Python searches' work (here fort's); the core's are bounded
    apiece."""
    cut = analyse_game(variant="international", start_fen=None, moves=HANGING_LINE,
                       draw_rules="defi",
                       budget=AnalysisBudget(total_nodes=1, quick_work=4_000, fort_matches=True))
    assert not cut.complete
    chosen = [m for m in cut.moves if not m.forced]
    assert chosen[0].searched == "full"  # the budget is checked before each position
    assert all(m.searched == "quick" and m.matches == {} for m in chosen[1:])
    assert cut.sides["white"].matched_moves == {"fort": 1, "maitre": 1}
    assert cut.moves[2].judgement in ("mistake", "blunder")  # the cheap search still sees it


def test_a_long_game_shares_the_core_s_nodes_over_its_positions() -> None:
    budget = AnalysisBudget(native_nodes=150_000, native_total=12_000_000, native_floor=40_000)
    assert budget.per_position_nodes(1) == 150_000
    assert budget.per_position_nodes(80) == 150_000
    assert budget.per_position_nodes(100) == 120_000
    assert budget.per_position_nodes(270) == 44_444
    assert budget.per_position_nodes(1_000) == 40_000  # never below the floor
    # A budget whose positions get less than the floor keeps its own figure.
    assert AnalysisBudget(native_nodes=20_000).per_position_nodes(500) == 20_000
    with pytest.raises(ValueError, match="native_total"):
        AnalysisBudget(native_total=-1)


@pytest.mark.skipif(not native_available(), reason="the native core is not built (make)")
def test_the_core_s_nodes_follow_the_game_s_share(engine_vs_random: GameAnalysis) -> None:
    """The same game with a pool too small for its positions searches less, each position at
    the share (the core stops on its node budget, within a check interval of it)."""
    searched = sum(1 for m in engine_vs_random.moves if not m.forced) + 1
    small = analyse_game(variant="international", start_fen=None,
                         moves=[m.move for m in engine_vs_random.moves], draw_rules="defi",
                         budget=AnalysisBudget(native_nodes=30_000, native_floor=2_000,
                                               native_total=searched * 4_000))
    assert engine_vs_random.nodes > 3 * small.nodes
    assert small.nodes <= searched * (4_000 + 1_024)


def test_progress_counts_every_searched_position() -> None:
    seen: list[tuple[int, int]] = []
    analyse_game(variant="international", start_fen=None, moves=HANGING_LINE, draw_rules="defi",
                 budget=AnalysisBudget(total_nodes=0, quick_work=2_000),
                 progress=lambda done, total: seen.append((done, total)))
    # three positions with a choice before the moves, and the unfinished game's last position
    assert seen == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]


def test_a_finished_game_ends_on_its_result() -> None:
    """White's only move takes Black's last man: the game is over, won by White."""
    analysis = analyse_game(variant="international", start_fen="W:W28:B23", moves=["28x19"],
                            draw_rules="defi", budget=LIGHT)
    (last,) = analysis.moves
    assert last.forced and last.mate_in == 0 and last.eval_after == EVAL_CAP
    assert last.win_after == 100.0
    assert analysis.initial_eval == EVAL_CAP and analysis.initial_mate == 1
    assert analysis.sides["white"].accuracy is None and analysis.nodes == 0


def test_a_game_black_ends_reads_as_black_s_win() -> None:
    """A mate distance of 0 has no sign: the evaluation's says who won (issue 32, bug 3)."""
    analysis = analyse_game(variant="international", start_fen="B:W28:B23", moves=["23x32"],
                            draw_rules="defi", budget=LIGHT)
    (last,) = analysis.moves
    assert last.side == "black" and last.mate_in == 0 and last.eval_after == -EVAL_CAP
    assert last.win_after == 100.0
    assert analysis.to_dict()["moves"][0]["evalAfter"] == -EVAL_CAP


def test_illegal_stored_move_is_refused() -> None:
    with pytest.raises(ValueError, match="32-27x"):
        analyse_game(variant="international", start_fen=None, moves=["32-27x"],
                     draw_rules="defi", budget=LIGHT)


def test_eight_by_eight_game_is_analysed() -> None:
    record = play_game("defi", "debutant", "analysis-8x8", variant="english", max_plies=16)
    moves = record.paths
    analysis = analyse_game(variant="english", start_fen=None, moves=moves, draw_rules="fmjd",
                            budget=LIGHT)
    assert analysis.variant == "english" and len(analysis.moves) == len(moves)
    assert analysis.moves[0].side == "black"  # Black moves first in English draughts


def test_formulas_follow_lichess() -> None:
    assert win_percent(Score(0)) == 50.0
    assert 59.8 < win_percent(Score(100)) < 60.0  # one man up ≈ one pawn up in chess
    assert win_percent(Score(2000, 3)) == 100.0 and win_percent(Score(-2000, 0)) == 0.0
    assert move_accuracy(0.0) == 100.0
    assert move_accuracy(BLUNDER_DROP) < 60 < move_accuracy(MISTAKE_DROP)
    assert move_accuracy(100.0) == 0.0


def test_without_the_deeper_search_fort_values_the_positions() -> None:
    fort_only = analyse_game(variant="international", start_fen=None, moves=HANGING_LINE,
                             draw_rules="defi", budget=AnalysisBudget(position_work=0))
    hang = fort_only.moves[2]
    assert hang.matches == {"fort": False} and hang.judgement in ("mistake", "blunder")
    assert fort_only.complete
    assert fort_only.sides["white"].matched_moves == {"fort": 2, "maitre": 0}
    assert fort_only.sides["white"].match_rates["maitre"] == 0.0


def test_a_game_stopped_before_a_forced_capture_is_valued_through_it() -> None:
    """After 28-23 Black's only move is 19x28: the last position is valued beyond it."""
    seen: list[tuple[int, int]] = []
    cheap = AnalysisBudget(total_nodes=0, quick_work=4_000)
    stopped = analyse_game(variant="international", start_fen=None, moves=HANGING_LINE[:3],
                           draw_rules="defi", budget=cheap,
                           progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (4, 4)
    assert stopped.moves[-1].eval_after < -50 and stopped.moves[-1].judgement != "good"
