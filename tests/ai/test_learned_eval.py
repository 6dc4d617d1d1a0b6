"""The strong levels' learned evaluation (dames.ai.learned) and its shipped weights."""

from __future__ import annotations

import json

import pytest
from dames import Board
from dames.ai.learned import FEATURES, WEIGHTS_FILE, learned_evaluator

POSITIONS = [
    "W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,21",
    "B:W25,31,32,34,36,37,38,39,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,11,12,13,18,19,20,22,23,26",
    "W:W28,29,32,37,41,48,49,K5:B3,4,8,13,18,19,K46",
    "B:W6,7,33,35:B16,24,K44",
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


@pytest.mark.parametrize("fen", POSITIONS)
def test_the_evaluation_does_not_depend_on_the_colour(fen: str) -> None:
    evaluate = learned_evaluator().evaluate
    board, mirror = Board(fen), Board(flipped(fen))
    assert evaluate(board.white, board.black, board.kings, int(board.turn) == 0) == evaluate(
        mirror.white, mirror.black, mirror.kings, int(mirror.turn) == 0)


def test_a_man_up_is_better_for_the_side_that_has_it() -> None:
    evaluate = learned_evaluator().evaluate
    full = Board(POSITIONS[0])
    fewer = Board(POSITIONS[0].replace("B1,2,3,", "B2,3,"))
    assert evaluate(fewer.white, fewer.black, fewer.kings, True) > evaluate(
        full.white, full.black, full.kings, True)


def test_the_shipped_weights_are_small_and_complete() -> None:
    assert WEIGHTS_FILE.stat().st_size < 2_000
    weights = json.loads(WEIGHTS_FILE.read_text())["weights"]
    assert set(weights) == set(FEATURES)
    assert weights["men"] > 0 and weights["kings"] > weights["men"]
