"""bench/match.py keeps what a long match has played: matches run for hours and are cut by
sessions' ends, so the games already finished must be on disk, with the material that shows
which side a draw left ahead."""

from __future__ import annotations

import ctypes
import json
from pathlib import Path

import pytest
from dames import Board
from dames.ai.boardview import read_board
from dames.native import available, library
from dames.native.rules import position
from dames.native.weights import load_shipped, use

from bench import match, openings


def test_material_counts_men_and_kings_per_side() -> None:
    board = Board("W:W31,K46:BK5,K1")
    assert match.material(board) == "W 1+1K / B 2K"
    assert match.material(Board("B:W31:B")) == "W 1 / B 0"


def replay(hub_moves: list[str]) -> Board:
    board = Board(draw_rules="fmjd")
    for text in hub_moves:
        squares = [int(s) for s in text.replace("x", "-").split("-")]
        board.push(match.find_move(board, (squares[0], squares[1], frozenset(squares[2:])), "log"))
    return board


def test_each_finished_game_is_written_before_the_next_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "games.json"
    first, second = match.LevelPlayer("facile"), match.LevelPlayer("debutant")
    seen: list[int] = []
    original = match.play

    def play_and_look(*args: object, **kwargs: object) -> match.GameResult:
        seen.append(len(json.loads(out.read_text())) if out.exists() else 0)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(match, "play", play_and_look)
    tally = match.run_pairing(first, second, range(2), 300, [], out)
    assert seen == [0, 1]
    games = json.loads(out.read_text())
    assert len(games) == 2 == tally.wins + tally.draws + tally.losses
    for game in games:
        board = replay(game["moves"])
        assert game["material"] == match.material(board)
        assert board.ply == game["plies"]


def core_value(board: Board) -> int:
    """The native evaluation of `board` with the weights the core holds now."""
    root = read_board(board)
    value = ctypes.c_int32()
    native = position(board.variant, root.white, root.black, root.kings, root.color)
    assert library().dm_evaluate(ctypes.byref(native), 0, ctypes.byref(value)) == 0
    return value.value


def test_a_level_takes_a_node_budget_or_a_clock_of_its_own() -> None:
    """`maitre@N` plays on N nodes and no clock (load-proof); `maitre@tMS` keeps the level's
    search on another clock (how 1.4 s a move was measured against Scan, 2026-12-07)."""
    shipped = match.LEVELS["maitre"]
    budget, clock = match.LevelPlayer("maitre@2000"), match.LevelPlayer("maitre@t1400")
    try:
        assert (budget.level.node_budget, budget.level.time_limit) == (2000, None)
        assert clock.level.time_limit == 1.4
        assert clock.level.node_budget == shipped.node_budget != 2000
    finally:
        budget.close()
        clock.close()


@pytest.mark.skipif(not available(), reason="the native core is not built (make)")
def test_each_native_player_searches_with_its_own_weights() -> None:
    """The core's weights are process-wide: a player naming no weights must not play its
    moves with the blob its opponent loaded (it did, until 2026-12-06)."""
    board = Board("B:W28,31,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8,23")
    shipped = core_value(board)
    handset, plain = match.LevelPlayer("maitre~handset@2000"), match.LevelPlayer("maitre@2000")
    try:
        handset.move(board)
        assert core_value(board) != shipped
        plain.move(board)
        assert core_value(board) == shipped
    finally:
        handset.close()
        plain.close()
        load_shipped(library())


@pytest.mark.skipif(not available(), reason="the native core is not built (make)")
def test_past_the_fixed_starts_each_pair_of_games_gets_its_own_opening() -> None:
    """Two players on node budgets are deterministic: when game 24 started again from the
    first fixed start, a 48-game match was 24 games played twice (2026-12-06's 18-22-8 was
    9-11-4 twice); and seeded draws repeated positions too (10 of the first 150 pairs). Every
    stored pair starts from a position of its own."""
    stored = openings.stored_openings()
    pairs = len(openings.OPENINGS) + len(stored)
    assert pairs >= 500
    every = [openings.opening_of(pair) for pair in range(pairs)]
    assert every[: len(openings.OPENINGS)] == openings.OPENINGS
    positions = [openings.start_position(opening) for opening in every]
    assert all(board.outcome() is None for board in positions)
    assert len({board.fen() for board in positions}) == pairs
    assert all(4 <= len(opening) <= 8 for opening in stored)
    with pytest.raises(ValueError, match=r"openings\.py --write"):
        openings.opening_of(pairs)


@pytest.mark.skipif(not available(), reason="the native core is not built")
def test_the_openings_do_not_follow_the_engine_under_test() -> None:
    """Drawn at each run, the openings searched with whatever weights the process had
    loaded, so two runs meant to be compared game by game shared one opening in six. The
    generator draws with the shipped weights whatever is loaded, and the stored list is what
    it draws."""
    lib = library()
    use(lib, "international", None)  # the hand-set terms, as `maitre~handset` loads them
    try:
        drawn = openings.draw_openings(len(openings.OPENINGS) + 4)
    finally:
        load_shipped(lib)
    assert drawn == list(openings.stored_openings()[:4])
