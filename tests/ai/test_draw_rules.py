"""The computer knows the game's draw rules: a winning side does not walk into the 25-king-move
draw, and a line that outlasts the game's length scores as the draw it is."""

from __future__ import annotations

import dataclasses

import pytest
from dames import Board
from dames.ai import LEVELS, choose_move
from dames.ai.boardview import read_board, root_moves
from dames.ai.player import evaluator_for
from dames.ai.results import SearchSettings
from dames.ai.search import Searcher

from tests.board_support import king_shuffle

# Black (to move in the tests) has two kings and a man against a king and a man: winning, as long
# as the game is not drawn first.
BLACK_WINS = "W:WK46,49:BK3,K4,15"


@pytest.mark.parametrize("level", ["defi", "fort"])
@pytest.mark.parametrize(("fen", "plies"), [(BLACK_WINS, 49), ("B" + BLACK_WINS[1:], 48)])
def test_the_winning_side_moves_a_man_before_the_king_move_draw(
    level: str, fen: str, plies: int
) -> None:
    board = king_shuffle(fen, plies)
    assert board.draw_counters.quiet_plies == plies and board.turn == 1  # Black to move
    for seed in ("a", "b", "c"):
        move = choose_move(board, seed=seed, level=level, ply=board.ply)
        piece = board.piece_at(move.start)
        assert piece is not None and not piece.king, (seed, str(move))
        board.push(move)
        assert board.outcome() is None
        board.pop()


def test_the_root_carries_the_draw_limits_of_its_rules() -> None:
    board = king_shuffle(BLACK_WINS, 49)
    root = read_board(board)
    assert len(root.history) == 49
    assert root.quiet_limit == 50 and root.plies_left == 300 - 49
    fmjd = read_board(Board(BLACK_WINS, draw_rules="fmjd"))
    assert fmjd.quiet_limit == 50 and fmjd.plies_left > 10_000  # no game-length rule
    checkers = read_board(Board(variant="english", draw_rules="fmjd"))
    assert checkers.quiet_limit == 80  # 40 moves each without a man move or capture


def _search(board: Board, **root_changes: int) -> tuple[int, list[int], int]:
    root = dataclasses.replace(read_board(board), **root_changes)
    _, internal = root_moves(board, root)
    level = LEVELS["fort"]
    searcher = Searcher(board.variant, evaluator_for(board.variant.name),
                        SearchSettings(level.node_budget))
    result = searcher.search(root, internal, level.depth)
    return result.score, result.best, len(internal)


def test_a_line_past_the_games_length_is_a_draw() -> None:
    board = Board("B" + BLACK_WINS[1:])
    score, best, _ = _search(board)
    assert score > 200  # a king up
    score, best, count = _search(board, plies_left=1)  # the game ends after this move
    assert score == 0 and best == list(range(count))
    score, _, _ = _search(board, plies_left=7)  # ends within the search, no win in sight
    assert score == 0
