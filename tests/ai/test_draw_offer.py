"""The computer's answer to a draw offer: a dead-drawn ending is accepted whatever the level
and whose turn it is; an ending where it wins a man by force, or a game full of play, is not."""

from __future__ import annotations

import pytest
from dames import Board
from dames.ai import LEVELS
from dames.ai.draw_offer import accepts_draw, is_ending, same_material
from dames.color import BLACK, WHITE

ALL_LEVELS = list(LEVELS)
TWO_KINGS_EACH = ["W:WK46,K47:BK1,K2", "B:WK46,K47:BK1,K2", "W:WK33,K44:BK7,K19"]
# The player (to move) must take 34 with 30x39; the computer then takes two with 32x21x12 (or
# 32x43x34): three men against two. The second is the same position mirrored, Black to move.
COMPUTER_WINS_A_MAN = ["W:W17,27,30,38:B18,28,32,34", "B:W17,19,23,33:B13,21,24,34"]


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize("fen", TWO_KINGS_EACH)
def test_two_kings_against_two_kings_is_accepted_at_every_level(fen: str, level: str) -> None:
    board = Board(fen)
    assert is_ending(board) and same_material(board)
    assert accepts_draw(board, level=level)


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize("fen", COMPUTER_WINS_A_MAN)
def test_an_even_ending_where_the_computer_wins_a_man_by_force_is_declined(
    fen: str, level: str
) -> None:
    board = Board(fen)
    assert is_ending(board) and same_material(board)
    player, computer = board.turn, board.turn.opponent
    (forced,) = board.legal_moves()
    board.push(forced)
    shot = max(board.legal_moves(), key=lambda move: len(move.captures))
    board.push(shot)
    assert (board.count(player), board.count(computer)) == (2, 3)
    board.pop()
    board.pop()
    assert not accepts_draw(board, level=level)


def test_the_same_material_means_as_many_men_and_as_many_kings() -> None:
    assert same_material(Board("W:W31,K46:B20,K1"))
    assert not same_material(Board("W:W31,32:B20,K1"))
    assert not same_material(Board("W:WK31,K32:BK1"))


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_the_opening_is_declined(level: str) -> None:
    board = Board()
    assert (board.count(WHITE), board.count(BLACK)) == (20, 20) and not is_ending(board)
    assert not accepts_draw(board, level=level)
