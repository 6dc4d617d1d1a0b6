"""The analysis board's set-up check: every fault of a hand-made position, none of a real one."""

from __future__ import annotations

import pytest
from dames import VARIANTS, Board, UnknownVariantError
from dames.setup import (
    BAD_FEN,
    MAN_ON_CROWNING_ROW,
    NO_LEGAL_MOVE,
    NO_PIECES,
    TOO_MANY_PIECES,
    check_setup,
    start_count,
)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_start_position_is_fine(name: str) -> None:
    assert check_setup(name, VARIANTS[name].start_fen) == []


def test_start_counts_follow_the_board() -> None:
    assert start_count(VARIANTS["international"]) == 20
    assert start_count(VARIANTS["english"]) == 12


def test_a_position_reached_in_play_is_fine() -> None:
    board = Board()
    for text in ("32-28", "19-23", "28x19", "14x23"):
        board.push(board.parse_move(text))
    assert check_setup("international", board.fen()) == []


def test_men_on_their_crowning_rows_are_each_named() -> None:
    # White men are crowned on 1-5, black men on 46-50.
    problems = check_setup("international", "W:W3,31:B20,48")
    assert [(p.code, p.color, p.squares) for p in problems] == [
        (MAN_ON_CROWNING_ROW, "white", (3,)),
        (MAN_ON_CROWNING_ROW, "black", (48,)),
    ]
    assert "square 3" in problems[0].message


def test_kings_may_stand_anywhere() -> None:
    assert check_setup("international", "W:WK3,31:B20,K48") == []


def test_too_many_pieces_for_the_board() -> None:
    problems = check_setup("brazilian", "W:W13-32:B1-3")
    assert [(p.code, p.color) for p in problems] == [(TOO_MANY_PIECES, "white")]
    assert "20 pieces" in problems[0].message and "12" in problems[0].message


def test_a_side_without_pieces() -> None:
    problems = check_setup("international", "W:W31,32:B")
    assert [(p.code, p.color) for p in problems] == [(NO_PIECES, "black")]


def test_the_side_to_move_already_lost() -> None:
    # White's only man, on the corner square 46, has one square ahead (41), taken by a black
    # man that cannot be jumped (37 behind it is taken too): White has no legal move.
    fen = "W:W46:B41,36,37"
    assert Board(fen).legal_moves() == []
    problems = check_setup("international", fen)
    assert [(p.code, p.color) for p in problems] == [(NO_LEGAL_MOVE, "white")]


def test_a_broken_fen_is_one_problem() -> None:
    problems = check_setup("international", "W:W31,31:B1")
    assert [p.code for p in problems] == [BAD_FEN]
    assert "twice" in problems[0].message


def test_an_unknown_variant_is_the_callers_mistake() -> None:
    with pytest.raises(UnknownVariantError):
        check_setup("chess", "W:W31:B1")
