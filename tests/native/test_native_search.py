"""The native core's search: it sees shots, keeps the game's draw rules and history, is
reproducible on a work budget, obeys `stop`, and hands over to Python when it is missing."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest
from dames import Board, draws
from dames.ai import LEVELS, choose_move, hint
from dames.ai.levels import Level
from dames.ai.player import search_position
from dames.native import abi, available, reset_for_tests
from dames.native.search import native_search

from tests.board_support import king_shuffle

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

BUDGET = Level("native-test", depth=64, node_budget=200_000, native=True)
THREE_KINGS = "W:WK28,K33,K39:BK3"


def test_maitre_is_the_native_search() -> None:
    assert LEVELS["maitre"].native and LEVELS["maitre"].fallback is not None


def test_finds_the_two_for_one_shot_and_the_hanging_man() -> None:
    # 28-23! forces 19x28, then 32x12 takes two (tests/ai/test_tactics.py has the same).
    assert choose_move(Board("W:W28,29,32,37,48,49:B3,4,18,19"), seed="s", level="maitre",
                       ply=40).hub() == "28-23"
    assert hint(Board("B:W47,48,32,33:B23,22,19,14,3,2"), level="maitre").hub() == "23-28"
    assert choose_move(Board("W:W26,32,46,47:B3,4,12,18,27,28"), seed="s", level="maitre",
                       ply=40).hub() == "32x21x27"


def test_a_won_ending_scores_as_a_mate() -> None:
    # White's king takes the last black man (landing anywhere beyond it): Black has lost.
    moves, result = native_search(Board("W:WK46:B41"), BUDGET)
    assert result.score >= abi.MATE_BOUND and all(moves[i].is_capture for i in result.best)
    # Black's only man, on 45, is blocked by White's on 50: no move, nothing to search.
    with pytest.raises(ValueError, match="no legal move"):
        native_search(Board("B:W50:B45"), BUDGET)


def test_a_work_budget_gives_the_same_answer_every_time_and_in_every_thread() -> None:
    board = Board()
    for move in ("32-28", "19-23", "28x19", "14x23"):
        board.push(board.parse_move(move))
    first = native_search(board, BUDGET)[1]
    answers = []

    def search() -> None:
        answers.append(native_search(board, BUDGET)[1])

    threads = [threading.Thread(target=search) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in [native_search(board, BUDGET)[1], *answers]:
        assert (result.best, result.score, result.depth, result.nodes, result.scores) == (
            first.best, first.score, first.depth, first.nodes, first.scores)
    assert first.nodes == BUDGET.node_budget or first.depth == BUDGET.depth


def test_every_move_sharing_the_best_score_is_listed() -> None:
    # The start position is symmetric enough that several first moves tie at a shallow depth;
    # whatever the set, each listed move has the best score and no other move does.
    moves, result = native_search(Board(), Level("t", depth=4, node_budget=10**7, native=True))
    assert result.best and all(result.scores[i] == result.score for i in result.best)
    assert len(result.scores) == len(moves) == 9


def test_stop_ends_a_search_with_a_legal_move() -> None:
    board = Board("W:WK46,K47,K48,K49,K50:BK1,K2,K3,K4,K5")
    level = Level("forever", depth=100, node_budget=0, time_limit=30.0, native=True)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    moves, result = native_search(board, level, stop=stop)
    assert moves[result.best[0]] in board.legal_moves() and len(calls) > 3


def test_a_clocked_search_spends_at_least_half_of_its_clock() -> None:
    """maitre's clock rule: iterations start until half the clock has gone, so a position
    with more to search never leaves more than half of it unused (the earlier rule, kept to
    measure against, used about a third). A lower bound: a loaded machine only adds to it."""
    clock = 0.4
    level = Level("clocked", depth=100, node_budget=0, time_limit=clock, min_depth=1,
                  native=True)
    for spend_clock in (False, True):
        started = time.monotonic()
        moves, result = native_search(Board(), replace(level, spend_clock=spend_clock))
        spent = time.monotonic() - started
        assert moves[result.best[0]] in Board().legal_moves() and result.depth >= 1
    assert spent >= clock / 2


def test_the_federation_endgame_count_draws_three_kings_against_one() -> None:
    """15 of the 16 moves each played: the count reached from the root is a draw."""
    fresh = Board(THREE_KINGS, draw_rules=draws.FMJD)
    assert native_search(fresh, BUDGET)[1].score > 0
    played = Board(THREE_KINGS, draw_rules=draws.FMJD)
    for move in king_shuffle(THREE_KINGS, 30).move_stack:
        played.push(move)
    assert native_search(played, BUDGET)[1].score == 0


def test_the_history_is_seen_for_repetitions() -> None:
    """Black three kings and a man against a king and a man wins, unless 25 king moves each
    (the daily's rule, 49 of the 50 plies already played) end the game first. (With two
    kings, White gives its man up for three pieces against a king on the long diagonal: a
    draw, which the endgame bitbase knows.)"""
    fen = "W:WK46,49:BK2,K3,K4,15"
    alone = native_search(Board(fen), BUDGET)[1]
    played = king_shuffle(fen, 49)
    with_history = native_search(played, BUDGET)[1]
    assert alone.score < -100  # White is lost
    assert with_history.score == 0 or with_history.score > alone.score


def test_without_the_library_a_native_level_uses_its_python_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fallback = Level("python", depth=3, node_budget=5_000)
    level = Level("native", depth=64, node_budget=100_000, native=True, fallback=fallback)
    board = Board("W:W28,29,32,37,48,49:B3,4,18,19")
    monkeypatch.setenv("DAMES_NATIVE", "0")
    reset_for_tests()
    try:
        moves, result = search_position(board, level)
        assert result.depth <= 3 and moves[result.best[0]].hub() == "28-23"
        with pytest.raises(RuntimeError, match="DAMES_NATIVE=0"):
            search_position(board, Level("only-native", 4, 1000, native=True))
    finally:
        monkeypatch.delenv("DAMES_NATIVE")
        reset_for_tests()
    assert available()
