"""The search's hard limits: a deadline read inside iterations, a work budget that stops an
iteration midway yet stays reproducible, capped tables, and an external stop."""

from __future__ import annotations

import types

import pytest
from dames import Board
from dames.ai import LEVELS, Level, choose_move, hint
from dames.ai import search as search_module
from dames.ai.boardview import read_board, root_moves
from dames.ai.player import evaluator_for, search_position
from dames.ai.results import IterationInfo, SearchResult, SearchSettings
from dames.ai.search import Searcher

MIDDLE_GAME = "B:W27,29,31,33,34,35,37,39,41,43,44,46,47,48,49,50:B1,2,4,5,6,7,8,9,12,13,14,15," \
    "16,18,19,20,25,28"
KINGS_20_V_20 = "W:W" + ",".join(f"K{s}" for s in range(31, 51)) + ":B" + \
    ",".join(f"K{s}" for s in range(1, 21))


class FakeClock:
    """A clock that moves `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.reads = 0

    def read(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def run(board: Board, level: Level, **kwargs: object) -> tuple[Searcher, SearchResult]:
    root = read_board(board)
    _moves, internal = root_moves(board, root)
    searcher = Searcher(board.variant, evaluator_for(board.variant.name),
                        level.settings(**kwargs))  # type: ignore[arg-type]
    return searcher, searcher.search(root, internal, level.depth)


def test_the_deadline_stops_even_the_iterations_below_min_depth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock(step=0.5)
    fake_time = types.SimpleNamespace(monotonic=clock.read, perf_counter=clock.read)
    monkeypatch.setattr(search_module, "time", fake_time)
    level = Level("timed", 64, 10**9, time_limit=2.5, min_depth=6)
    searcher, result = run(Board(MIDDLE_GAME), level)
    assert result.depth < 6  # stopped by the clock before the guaranteed depth
    assert searcher.nodes < 20 * search_module.CHECK_INTERVAL  # a few checks, then stopped
    assert result.best  # still an answer: the last completed iteration (or the static one)


def test_maitre_obeys_its_deadline_among_twenty_kings_a_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock(step=0.4)
    monkeypatch.setattr(search_module, "time",
                        types.SimpleNamespace(monotonic=clock.read, perf_counter=clock.read))
    board = Board(KINGS_20_V_20)
    assert choose_move(board, seed="s", level="maitre", ply=40) in board.legal_moves()
    assert hint(board, level="maitre") in board.legal_moves()
    assert clock.reads < 40


def test_a_budget_stops_inside_an_iteration_and_keeps_the_last_complete_one() -> None:
    board = Board(MIDDLE_GAME)
    work_after: dict[int, int] = {}

    root = read_board(board)
    _moves, internal = root_moves(board, root)
    probe = Searcher(board.variant, evaluator_for("international"), SearchSettings(10**9))

    def record(info: IterationInfo) -> None:
        work_after[info.depth] = probe.work

    probe.on_iteration = record
    probe.search(root, internal, 4)
    _s, full = run(board, Level("full", 3, 10**9))
    budget = work_after[3] + (work_after[4] - work_after[3]) // 2
    answers = []
    for _ in range(2):
        searcher, result = run(board, Level("budget", 4, budget))
        assert result.depth == 3
        assert (result.best, result.score) == (full.best, full.score)
        # It stopped at the budget, inside the fourth iteration, not before starting it.
        assert work_after[3] < searcher.work <= budget + 64
        answers.append((result.best, result.score, result.nodes, searcher.nodes))
    assert answers[0] == answers[1]


def test_the_budget_counts_capture_work_not_only_nodes() -> None:
    # Among flying kings a node costs several times a quiet one: the same budget buys fewer
    # nodes there, which is what keeps `fort` under its time bound (bench/ai_worst.py).
    searcher, _result = run(Board(KINGS_20_V_20), LEVELS["fort"])
    assert searcher.work > LEVELS["fort"].node_budget
    assert searcher.nodes < LEVELS["fort"].node_budget // 2


def test_tables_never_grow_past_their_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_module, "TABLE_CAP", 300)
    searcher, result = run(Board(MIDDLE_GAME), Level("capped", 4, 10**9))
    assert result.depth == 4
    assert len(searcher.tt) <= 300 and len(searcher.leaf_values) <= 300


def test_stop_ends_a_search_with_an_answer() -> None:
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls >= 3

    board = Board()
    moves, result = search_position(board, Level("endless", 64, 10**9), stop=stop)
    assert calls == 3
    assert result.depth < 64 and moves[result.best[0]] in board.legal_moves()
