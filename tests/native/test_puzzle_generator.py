"""The generator (``dames.puzzles``): lichess's criteria for draughts, the solution tree, the
one-move rule, and a run that is deterministic and resumable.

It searches by the native core (``engine.PUZZLE_LEVEL``), as the shipped set was made.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from dames.board import Board
from dames.native import available
from dames.puzzles import criteria, generate, selfplay
from dames.puzzles.cook import cook
from dames.puzzles.engine import SearchPuzzleEngine
from dames.puzzles.solution import Branch, Choice
from dames.puzzles.sources import SourceGame
from dames.puzzles.themes import Themes

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

# 32-28! 23x32 37x28x17x8: the coup direct of tests/engine/test_puzzle_coups.py.
DIRECT = "W:W32,33,37,41:B5,12,22,23"
# A quiet position, no shot for either side.
QUIET = "W:W31,32,33,34,35,36,37,38,39,40:B11,12,13,14,15,16,17,18,19,20"


def test_an_only_move_must_win_and_beat_every_other_by_the_margin() -> None:
    assert criteria.is_only_move(400, 0)
    assert not criteria.is_only_move(400, 300)  # two good moves: no puzzle
    assert not criteria.is_only_move(100, -300)  # the best does not win enough
    assert not criteria.is_only_move(400, None)  # a forced move asks nothing


def test_the_screen_wants_a_jump_to_a_clear_advantage() -> None:
    assert criteria.screen_proposes(300, 0, 0.0)
    assert not criteria.screen_proposes(300, 290, 0.0)  # no jump: the shot was seen before
    assert not criteria.screen_proposes(300, 0, 3.0)  # already three men up


def test_the_coup_direct_is_cooked_into_its_line() -> None:
    cooked = cook(Board(DIRECT, "international", "fmjd"), SearchPuzzleEngine())
    assert cooked is not None
    assert cooked.solution.main_line()[:3] == ["32-28", "23x32", "37x28x17x8"]
    assert cooked.solution.branches[0].move == "32-28" and len(cooked.solution.branches) == 1
    assert cooked.gain >= criteria.MIN_GAIN_MEN and cooked.horizon <= cooked.root.depth


def test_a_quiet_position_is_no_puzzle() -> None:
    assert cook(Board(QUIET, "international", "fmjd"), SearchPuzzleEngine()) is None


def test_one_move_puzzles_are_hard_shots_only() -> None:
    def themes(moves: int, given: int, final: int) -> Themes:
        return Themes(given, False, False, final, "middlegame", moves, None)

    assert generate.keeps(themes(2, 0, 1)) and generate.keeps(themes(1, 2, 3))
    assert not generate.keeps(themes(1, 1, 3))  # the plain two-for-one
    assert not generate.keeps(themes(1, 2, 2))
    assert not generate.keeps(themes(1, 0, 0))  # a quiet move that wins


def test_the_tree_accepts_every_equal_move_and_reads_back() -> None:
    tree = Choice((Branch("32-28", ("23x32",), Choice((
        Branch("37x28x17", ("12x21",), None), Branch("37x28x19", ("13x24",), None)))),))
    assert Choice.from_data(tree.to_data()) == tree
    assert list(tree.lines()) == [["32-28", "23x32", "37x28x17", "12x21"],
                                  ["32-28", "23x32", "37x28x19", "13x24"]]
    assert tree.choices() == 2 and tree.size() == 3
    assert tree.accepts("32-28") is not None and tree.accepts("33-28") is None
    with pytest.raises(ValueError):
        Choice.from_data([["32-28", "not a list", None]])


def pair_games(numbers: list[int]) -> list[tuple[str, Callable[[], SourceGame]]]:
    def maker(number: int) -> Callable[[], SourceGame]:
        return lambda: selfplay.pair_game("international", number)

    return [(f"selfplay-pair:international:{n}", maker(n)) for n in numbers]


def test_a_run_is_the_same_each_time_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """Pair games 1 and 10 hold a puzzle each (the shipped run's log says so)."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert generate.run(pair_games([1, 10]), SearchPuzzleEngine(), first) == 2
    assert len(generate.done_keys(first)) == 2
    assert generate.run(pair_games([1, 10]), SearchPuzzleEngine(), first) == 0
    generate.run(pair_games([1]), SearchPuzzleEngine(), second)  # interrupted after one game
    assert generate.run(pair_games([1, 10]), SearchPuzzleEngine(), second) == 1
    assert second.read_text() == first.read_text()


def test_a_self_play_game_is_the_same_game_on_every_run() -> None:
    assert selfplay.pair_game("english", 3).moves == selfplay.pair_game("english", 3).moves
    assert selfplay.pair_game("english", 3).moves != selfplay.pair_game("english", 4).moves


def test_a_rebuild_keeps_one_copy_of_each_position_and_drops_what_the_rules_refuse(
        tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    generate.run(pair_games([1, 10]), SearchPuzzleEngine(), out)
    lines = out.read_text().splitlines()
    out.write_text("\n".join([*lines, lines[0]]) + "\n")  # a second run appended the same one
    assert generate.rebuild(out) == (2, 1)
    assert out.read_text().splitlines() == lines


def test_a_restamp_stores_what_the_search_says_now_and_names_what_no_longer_holds(
        tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    generate.run(pair_games([1, 10]), SearchPuzzleEngine(), out)
    fresh = out.read_text().splitlines()
    stale = json.loads(fresh[0])
    stale["check"]["score"] += 7  # what a search with other weights stored
    # No shot there: its stored move is not the search's best.
    not_a_puzzle = {**json.loads(fresh[1]), "id": "iquiet00000", "fen": QUIET}
    out.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n"
                           for line in (stale, json.loads(fresh[1]), not_a_puzzle)))
    restamped, failing = generate.restamp(out, SearchPuzzleEngine())
    lines = out.read_text().splitlines()
    assert restamped == 1 and list(failing) == ["iquiet00000"]
    assert failing["iquiet00000"].startswith("best ")
    assert [json.loads(line) for line in lines[:2]] == [json.loads(line) for line in fresh]
    assert json.loads(lines[2]) == not_a_puzzle  # kept as it was, for a person to decide
