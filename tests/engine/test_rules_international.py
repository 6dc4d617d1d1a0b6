"""International rules, each checked on a small hand-built position.

Square numbers follow the FMJD diagram: square = row * 5 + col // 2 + 1 with row 0 at the top
(Black's side) and (row + col) odd; e.g. 46 is a1, 5 is j10. Expected moves come from the rules.
"""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, Move, Piece


def hubs(board: Board) -> set[str]:
    return {m.hub() for m in board.legal_moves()}


def test_start_position_white_moves_first_with_nine_moves() -> None:
    board = Board()
    assert board.turn == WHITE
    assert hubs(board) == {
        "31-26",
        "31-27",
        "32-27",
        "32-28",
        "33-28",
        "33-29",
        "34-29",
        "34-30",
        "35-30",
    }


def test_men_move_one_square_diagonally_forward_only() -> None:
    assert hubs(Board("W:W33:B3")) == {"33-28", "33-29"}
    assert hubs(Board("B:W48:B18")) == {"18-22", "18-23"}


def test_capture_is_compulsory() -> None:
    # 28 is in front of 33 (up-left), 22 behind it is empty; the man on 45 could move but may not.
    assert hubs(Board("W:W33,45:B28")) == {"33x22x28"}


def test_men_capture_backwards() -> None:
    # White man on 23, black man on 28 behind it (down-left), 32 empty.
    assert hubs(Board("W:W23:B28")) == {"23x32x28"}


def test_black_men_capture_backwards_too() -> None:
    # Black man on 28, white man on 23 (up-right of 28), 19 empty.
    assert hubs(Board("B:W22:B28")) == {"28x17x22"}


def test_the_capture_taking_most_pieces_is_compulsory() -> None:
    # 32 takes 27 then 17 (two pieces); 44 could take 39 only (one piece): not allowed.
    board = Board("W:W32,44:B17,27,39")
    assert [m.hub() for m in board.legal_moves()] == ["32x12x17x27"]
    move = board.legal_moves()[0]
    assert move.path == (32, 21, 12)
    assert move.captures == (27, 17)


def test_a_king_counts_as_one_piece_for_the_majority_rule() -> None:
    # 46 can take the black king on 41; 50 can take the men on 44 and 33: two beat one king.
    assert hubs(Board("W:W46,50:BK41,44,33")) == {"50x28x33x44"}
    # One king or one man: both single captures remain legal.
    assert hubs(Board("W:W46,50:BK41,44")) == {"46x37x41", "50x39x44"}


def test_man_goes_round_a_loop_and_ends_on_its_start_square() -> None:
    # The start square counts as empty during the capture; both directions round the loop are
    # the same move (same start, end and captured set) and are listed once.
    board = Board("W:W32:B17,18,27,28")
    moves = board.legal_moves()
    assert len(moves) == 1
    move = moves[0]
    assert move.start == move.end == 32
    assert sorted(move.captures) == [17, 18, 27, 28]
    assert move.hub() == "32x32x17x18x27x28"
    board.push(move)
    assert board.squares(WHITE) == [32]
    assert board.squares(BLACK) == []


def test_coup_turc_captured_pieces_stay_until_the_end_and_block() -> None:
    # King on 37 takes 32 (landing 23), 18 (landing 12), 17 (landing 21 or 26). From 21 the
    # diagonal back to the south-east passes 32, which has been jumped and is still on the
    # board: it blocks, so the man on 43 cannot be reached (it would make a 4-piece capture
    # if captured pieces vanished at once).
    board = Board("W:WK37:B17,18,32,43")
    assert hubs(board) == {"37x21x17x18x32", "37x26x17x18x32"}
    paths = sorted(m.path for m in board.legal_moves())
    assert paths == [(37, 23, 12, 21), (37, 23, 12, 26)]


def test_a_piece_cannot_be_jumped_twice() -> None:
    # King on 46, man on 28: after taking it the king cannot turn back and take it again.
    board = Board("W:WK46:B28")
    assert hubs(board) == {f"46x{s}x28" for s in (23, 19, 14, 10, 5)}


def test_man_passing_the_last_row_during_a_capture_stays_a_man() -> None:
    # 11 takes 7 landing on 2 (White's crowning row), then takes 8 backwards, landing on 13.
    board = Board("W:W11:B7,8")
    (move,) = board.legal_moves()
    assert move.path == (11, 2, 13)
    assert move.captures == (7, 8)
    assert move.promotes is False
    board.push(move)
    assert board.piece_at(13) == Piece(WHITE, False)


def test_man_passing_the_last_row_goes_on_as_a_man_not_as_a_king() -> None:
    # After 11x2 (taking 7) a king on 2 could fly along 2-8-13-19-24 and take 19; a man cannot
    # reach it, so the capture ends on 2 and the man is crowned there.
    board = Board("W:W11:B7,19")
    (move,) = board.legal_moves()
    assert move.path == (11, 2)
    assert move.promotes is True


def test_man_ending_on_the_last_row_is_crowned() -> None:
    board = Board("W:W6:BK50")
    move = board.parse_move("6-1")
    assert move.promotes
    board.push(move)
    assert board.piece_at(1) == Piece(WHITE, True)
    assert board.squares(WHITE, kings=True) == [1]
    assert board.squares(WHITE, kings=False) == []


def test_black_man_is_crowned_on_row_46_to_50() -> None:
    board = Board("B:WK1:B41")
    moves = board.legal_moves()
    assert {m.hub() for m in moves} == {"41-46", "41-47"}
    assert all(m.promotes for m in moves)
    board.push(moves[0])
    assert board.piece_at(46) == Piece(BLACK, True)


def test_capture_ending_on_the_last_row_crowns() -> None:
    board = Board("W:W12:B7")
    (move,) = board.legal_moves()
    assert move.hub() == "12x1x7"
    assert move.promotes
    board.push(move)
    assert board.piece_at(1) == Piece(WHITE, True)


def test_flying_king_moves_any_distance() -> None:
    board = Board("W:WK46:B4")
    assert hubs(board) == {f"46-{s}" for s in (41, 37, 32, 28, 23, 19, 14, 10, 5)}


def test_flying_king_captures_at_a_distance_and_lands_anywhere_beyond() -> None:
    board = Board("W:WK46:B28")
    landings = sorted(m.end for m in board.legal_moves())
    assert landings == [5, 10, 14, 19, 23]


def test_king_must_land_where_the_capture_continues() -> None:
    # After taking 28 only the landing on 14 lets the king go on and take 20.
    board = Board("W:WK46:B20,28")
    (move,) = board.legal_moves()
    assert move.path == (46, 14, 25)
    assert move.captures == (28, 20)


def test_king_blocked_by_two_adjacent_pieces_has_no_capture() -> None:
    # 41 and 37 stand next to each other on the king's only diagonal: no capture, no move.
    board = Board("W:WK46:B37,41")
    assert board.legal_moves() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == BLACK and outcome.reason == "no-moves"


def test_side_without_pieces_loses() -> None:
    outcome = Board("W:W:B1").outcome()
    assert outcome is not None and outcome.winner == BLACK and outcome.reason == "no-moves"


def test_legal_moves_are_sorted_by_start_then_end() -> None:
    moves = Board().legal_moves()
    keys = [(m.start, m.end) for m in moves]
    assert keys == sorted(keys)


@pytest.mark.parametrize("fen", ["W:W33:B28", "W:WK46:B28", "W:W32:B17,18,27,28"])
def test_every_capture_takes_only_opponent_pieces(fen: str) -> None:
    board = Board(fen)
    for move in board.legal_moves():
        assert all(board.piece_at(s) is not None for s in move.captures)
        assert all(board.piece_at(s).color == BLACK for s in move.captures)  # type: ignore[union-attr]


def test_move_equality_ignores_promotes_flag() -> None:
    assert Move((6, 1), (), True) == Move((6, 1))
    assert hash(Move((6, 1), (), True)) == hash(Move((6, 1)))
