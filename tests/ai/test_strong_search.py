"""The strong levels' search (dames.ai.strong): kept table, cut iterations, reproducible fort."""

from __future__ import annotations

from dataclasses import replace

from dames import Board
from dames.ai import LEVELS, Level
from dames.ai.boardview import read_board, root_moves
from dames.ai.evaluation import Evaluator
from dames.ai.player import evaluator_for, forget_kept_tables, kept_table_for, search_position
from dames.ai.results import SearchResult, SearchSettings
from dames.ai.search import Searcher
from dames.ai.strong import PROBCUT_MARGIN, KeptTable, StrongSearcher
from dames.variants import get_variant

MIDDLE_GAME = ("W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
               "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,21")


def test_a_clocked_strong_level_keeps_its_table_between_searches() -> None:
    forget_kept_tables()
    level = Level("clocked", 6, 10**9, time_limit=60.0, strong=True)
    board = Board(MIDDLE_GAME)
    _, first = search_position(board, level)
    table = kept_table_for("international")
    stored = len(table.entries)
    assert stored > 0 and table.age == 1
    _, second = search_position(board, level)
    # The second search of the same position starts from what the first one stored.
    assert table.age == 2
    assert second.nodes < first.nodes
    assert second.best[0] in first.best
    forget_kept_tables()
    assert not kept_table_for("international").entries


def test_a_full_kept_table_drops_entries_of_older_searches() -> None:
    table = KeptTable(cap=8)
    entries, age = table.next_search()
    for key in range(7):
        entries[key] = (1, 0, 0, None, age)
    entries, age = table.next_search()
    entries[99] = (1, 0, 0, None, age)
    entries, age = table.next_search()  # 8 entries > 3/4 of 8: purge what is older than age - 1
    assert age == 3
    assert set(entries) == {99}


def test_a_reproducible_strong_level_stays_a_pure_function_of_its_inputs() -> None:
    board = Board(MIDDLE_GAME)
    level = replace(LEVELS["fort"], strong=True, depth=8)
    runs = [search_position(board, level)[1] for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0].depth >= 7  # the reductions buy plies within the same 80 000 budget


def test_a_cut_iteration_keeps_a_move_that_beat_the_previous_best() -> None:
    variant = get_variant("international")
    searcher = StrongSearcher(variant, _evaluator(), SearchSettings(10**9))
    completed = SearchResult([0], 10, 5, 1000, [10, 5, 3])
    searcher.partial = (2, 40)  # move 2 beat move 0 at depth 6 before the cut
    kept = searcher._interrupted(completed)
    assert kept.best == [2] and kept.score == 40 and kept.scores[2] == 40
    searcher.partial = (0, 12)  # only the previous best finished: nothing new learnt
    assert searcher._interrupted(completed) is completed
    searcher.partial = None  # cut inside the first move
    assert searcher._interrupted(completed) is completed


def test_a_budget_cut_strong_search_returns_a_legal_best_move() -> None:
    board = Board(MIDDLE_GAME)
    root = read_board(board)
    moves, internal = root_moves(board, root)
    searcher = StrongSearcher(board.variant, _evaluator(), SearchSettings(30_000))
    result = searcher.search(root, internal, 20)
    assert 0 <= result.best[0] < len(moves)
    assert result.depth < 20


def _evaluator() -> Evaluator:
    return evaluator_for("international")


def test_the_strong_search_sees_a_crowning_step_at_its_leaves() -> None:
    # 50-44 frees the square Black's man on 45 crowns on. One ply deep, the plain search scores
    # the leaf after 50-44 as it stands and ranks it with the best moves; the strong search
    # looks at the crowning step there and drops it.
    board = Board("W:W13,35,50:B15,26,45")
    one_ply = Level("one ply", 1, 10**6)
    plain_moves, plain = search_position(board, one_ply)
    strong_moves, strong = search_position(board, replace(one_ply, strong=True))
    assert "50-44" in {str(plain_moves[i]) for i in plain.best}
    assert "50-44" not in {str(strong_moves[i]) for i in strong.best}
    assert strong.score == plain.score  # the other moves stay as they were


def test_men_crown_from_the_row_next_to_their_crowning_row_in_every_variant() -> None:
    for name, (white_from, black_from) in {
        "international": ([6, 7, 8, 9, 10], [41, 42, 43, 44, 45]),
        "brazilian": ([5, 6, 7, 8], [25, 26, 27, 28]),
        "english": ([5, 6, 7, 8], [25, 26, 27, 28]),
        "italian": ([5, 6, 7, 8], [25, 26, 27, 28]),
    }.items():
        variant = get_variant(name)
        searcher = StrongSearcher(variant, evaluator_for(name), SearchSettings(1))
        squares = [variant.geometry.squares_of(mask) for mask in searcher.crowning_from]
        assert squares == [white_from, black_from], name


def _probcut_searcher(board: Board, probcut: bool = True) -> StrongSearcher:
    settings = SearchSettings(10**9, probcut=probcut)
    return StrongSearcher(board.variant, _evaluator(), settings)


def test_probcut_cuts_a_node_whose_shallow_search_clears_beta_by_the_margin() -> None:
    # White to move is a man up: a shallow search clears a low beta by far, not a high one.
    board = Board("W:W28,31,32,33,36,37,38,41,42,43:B12,13,14,17,18,19,22,23,24")
    root = read_board(board)
    searcher = _probcut_searcher(board)
    args = (root.white, root.black, root.kings, root.color, root.key)
    cut = searcher._probcut(*args, 6, -300, 0, 0)
    assert cut is not None and cut >= -300 + PROBCUT_MARGIN
    assert searcher._probcut(*args, 6, 300, 0, 0) is None


def test_probcut_saves_nodes_at_equal_depth() -> None:
    board = Board(MIDDLE_GAME)
    root = read_board(board)
    _, internal = root_moves(board, root)
    nodes = {}
    for probcut in (False, True):
        searcher = _probcut_searcher(board, probcut)
        nodes[probcut] = searcher.search(root, internal, 7).nodes
    assert nodes[True] < 0.9 * nodes[False]


def test_the_strong_search_starts_an_iteration_when_its_predicted_time_fits() -> None:
    board = Board(MIDDLE_GAME)
    searcher = StrongSearcher(board.variant, _evaluator(), SearchSettings(10**9, 2.5))
    # The tree grew twofold: 1.0 s spent, the next iteration should take 0.8 s more, so it
    # starts, where a third of the limit (the plain search's rule) would have stopped.
    searcher.iteration_times = [0.2, 0.4]
    assert searcher._iteration_fits(1.0, 2.5)
    assert not Searcher._iteration_fits(searcher, 1.0, 2.5)
    # Fivefold: 0.7 s spent plus 2.5 s predicted overshoots, where the plain rule would start.
    searcher.iteration_times = [0.1, 0.5]
    assert not searcher._iteration_fits(0.7, 2.5)
    assert Searcher._iteration_fits(searcher, 0.7, 2.5)


def test_a_clocked_strong_search_times_each_completed_iteration() -> None:
    board = Board(MIDDLE_GAME)
    root = read_board(board)
    _, internal = root_moves(board, root)
    searcher = StrongSearcher(board.variant, _evaluator(), SearchSettings(10**9, 60.0))
    result = searcher.search(root, internal, 4)
    assert result.depth == 4 and len(searcher.iteration_times) == 4
    assert all(seconds > 0 for seconds in searcher.iteration_times)
