"""bench/selfplay_native.py makes the native evaluation's training games: their openings must be
plausible (a random blunder teaches the weights little about balanced positions) and a game
must come out the same on every rerun (the recipe's seeds are what docs/native-core.md cites)."""

from __future__ import annotations

import argparse

import pytest
from dames import Board
from dames.native import available

from bench import selfplay_native

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")


def test_a_near_best_opening_move_leaves_out_what_loses() -> None:
    board = Board("W:W31,32,40,45:B8,22")
    assert len(board.legal_moves()) == 6
    kept = selfplay_native.near_best(board, 2000, 25)
    # The two the 2 000-node search sees win (40-34 through the endgame bitbases: a search of
    # 3 M nodes without them finds its win too, and that 40-35 wins); the rest are not wins.
    assert [str(move) for move in kept] == ["31-26", "40-34"]
    assert board.fen() == "W:W31,32,40,45:B8,22"


def test_a_wide_margin_keeps_every_move() -> None:
    board = Board("W:W32,33,38,43:B9,12,19")
    kept = selfplay_native.near_best(board, 2000, 10_000)
    assert sorted(map(str, kept)) == sorted(map(str, board.legal_moves()))


def test_a_near_best_game_is_the_same_on_a_rerun() -> None:
    args = argparse.Namespace(min_random=6, max_random=8, opening="near-best", opening_nodes=500,
                              margin=25, nodes=300, max_plies=60, adjudicate=600)
    first, result = selfplay_native.play("international", 7, args)
    assert (first, result) == selfplay_native.play("international", 7, args)
    assert first and all(int(line.split()[7]) >= 6 for line in first)
