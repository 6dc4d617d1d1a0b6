"""Move notation: writing, reading, ambiguity."""

from __future__ import annotations

import pytest
from dames import AmbiguousMoveError, Board, IllegalMoveError, Move, MoveError


def test_plain_move_text_and_hub() -> None:
    move = Board().parse_move("32-28")
    assert move == Move((32, 28))
    assert str(move) == "32-28" and move.hub() == "32-28"
    assert not move.is_capture
    assert (move.start, move.end) == (32, 28)


def test_capture_short_full_and_hub_forms() -> None:
    board = Board("W:W32,44:B17,27,39")
    move = board.legal_moves()[0]
    assert str(move) == "32x21x12"
    assert move.hub() == "32x12x17x27"
    assert board.notation(move) == "32x12"
    for text in ("32x12", "32x21x12", "32x12x17x27", " 32 x 12 "):
        assert board.parse_move(text) == move


def test_ambiguous_short_capture_names_the_candidates() -> None:
    # English: the man on 26 reaches 10 by 22 then 14, or by 23 then 15.
    board = Board("W:W26:B14,15,22,23", "english")
    moves = board.legal_moves()
    assert {str(m) for m in moves} == {"26x17x10", "26x19x10"}
    with pytest.raises(AmbiguousMoveError) as info:
        board.parse_move("26x10")
    assert set(info.value.candidates) == set(moves)
    assert "26x17x10" in str(info.value) and "26x19x10" in str(info.value)
    assert {board.notation(m) for m in moves} == {"26x17x10", "26x19x10"}
    assert board.parse_move("26x17x10").captures == (22, 14)
    assert board.parse_move("26x10x15x23").captures == (23, 15)


def test_illegal_move_names_the_legal_moves() -> None:
    board = Board("W:W33,45:B28")
    with pytest.raises(IllegalMoveError, match="33x22"):
        board.parse_move("45-40")
    with pytest.raises(IllegalMoveError):
        board.parse_move("33-29")  # capture is compulsory


@pytest.mark.parametrize("text", ["", "32", "32-", "a-b", "32-28-23", "32x28-23", "3 2 ? 28"])
def test_unreadable_moves(text: str) -> None:
    with pytest.raises(MoveError):
        Board().parse_move(text)


def test_non_text_move() -> None:
    with pytest.raises(MoveError):
        Board().parse_move(3228)  # type: ignore[arg-type]


def test_any_equivalent_flying_king_path_is_accepted() -> None:
    # The flying king on 46 jumps 37 and may land on 32, 28 or 23, all on the diagonal that
    # goes on through 19: whichever landing square a player writes, the move takes 37 and 19
    # and ends on 14 (or beyond, on 10 or 5). The engine keeps one path; every one is read.
    board = Board("W:WK46:B37,19")
    moves = board.legal_moves()
    assert {m.hub() for m in moves} == {"46x14x19x37", "46x10x19x37", "46x5x19x37"}
    target = next(m for m in moves if m.end == 14)
    assert board.parse_move("46x32x14") == target
    assert board.parse_move("46x23x14") == target
    assert board.parse_move("46x14") == target
    with pytest.raises(IllegalMoveError):
        board.parse_move("46x37x14")  # a path must land on empty squares, not on a taken man


def test_notation_of_illegal_move_raises() -> None:
    with pytest.raises(IllegalMoveError):
        Board().notation(Move((32, 27, 21), (30,)))


def test_push_rejects_illegal_moves_and_changes_nothing() -> None:
    board = Board()
    with pytest.raises(IllegalMoveError):
        board.push(Move((32, 29)))
    assert board.fen() == Board().fen() and board.ply == 0
