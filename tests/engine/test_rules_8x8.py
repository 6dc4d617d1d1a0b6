"""Brazilian, English and Italian rules on hand-built positions.

Brazilian and English number the 8×8 board like the FMJD board: square = row * 4 + col // 2 + 1,
row 0 at the top, (row + col) odd. Italian boards are inverted: (row + col) even, so square 1 is
the top-left corner. Expected moves come from each variant's rules.
"""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, Color, Piece


def hubs(fen: str, variant: str) -> set[str]:
    return {m.hub() for m in Board(fen, variant).legal_moves()}


# ---------------------------------------------------------------- who starts
@pytest.mark.parametrize(
    ("variant", "first", "opening"),
    [
        # English: Black, at the top on squares 1-12, moves first.
        ("english", BLACK, {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}),
        # Italian: White, at the bottom on squares 21-32, moves first.
        ("italian", WHITE, {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}),
    ],
)
def test_the_side_that_starts_and_its_first_moves(
    variant: str, first: Color, opening: set[str]
) -> None:
    board = Board(variant=variant)
    assert board.turn == first
    assert {m.hub() for m in board.legal_moves()} == opening


# ---------------------------------------------------------------- English / American checkers
def test_english_men_capture_forward_only() -> None:
    # Black man 14, white man 10 behind it (up-right), 7 empty: no backward capture in English.
    assert hubs("B:W10:B14", "english") == {"14-17", "14-18"}
    assert hubs("B:W10:B14", "brazilian") == {"14x7x10"}


def test_english_kings_move_one_square() -> None:
    assert hubs("W:WK18:B1", "english") == {"18-14", "18-15", "18-22", "18-23"}


def test_english_kings_capture_only_adjacent_pieces() -> None:
    assert hubs("W:WK18:B11", "english") == {"18-14", "18-15", "18-22", "18-23"}
    assert hubs("W:WK18:B11", "brazilian") == {"18x8x11", "18x4x11"}


def test_english_free_choice_between_captures_but_each_goes_to_the_end() -> None:
    fen = "W:W30,32:B17,25,27"
    assert hubs(fen, "english") == {"30x14x17x25", "32x23x27"}
    assert hubs(fen, "brazilian") == {"30x14x17x25"}


def test_english_promotion_ends_the_move() -> None:
    # 9x2 crowns on 2; a king could go on and take 7, but the move ends.
    board = Board("W:W9:B6,7", "english")
    (move,) = board.legal_moves()
    assert move.path == (9, 2) and move.promotes
    board.push(move)
    assert board.piece_at(2) == Piece(WHITE, True)
    assert board.squares(BLACK) == [7]


def test_brazilian_man_passing_the_last_row_goes_on_capturing_as_a_man() -> None:
    assert hubs("W:W9:B6,7", "brazilian") == {"9x11x6x7"}


def test_brazilian_flying_king() -> None:
    assert hubs("W:WK18:B1", "brazilian") == {
        f"18-{s}" for s in (14, 9, 5, 15, 11, 8, 4, 22, 25, 29, 23, 27, 32)
    }


# ---------------------------------------------------------------- Italian
def test_italian_men_may_not_capture_kings() -> None:
    assert hubs("W:W22:BK18", "italian") == {"22-19"}
    assert hubs("W:W22:B18", "italian") == {"22x13x18"}


def test_italian_men_capture_forward_only() -> None:
    # White man 18, black man 22 behind it, 27 empty.
    assert hubs("W:W18:B22", "italian") == {"18-13", "18-14"}


def test_italian_kings_move_one_square() -> None:
    assert hubs("W:WK19:B1", "italian") == {"19-14", "19-15", "19-22", "19-23"}


def test_italian_most_pieces_first() -> None:
    # The man on 29 takes two; the king on 17 only one.
    assert hubs("W:W29,K17:B13,19,26", "italian") == {"29x15x19x26"}


def test_italian_capture_with_the_king_beats_capture_with_a_man() -> None:
    assert hubs("W:W22,K28:B18,23", "italian") == {"28x19x23"}


def test_italian_most_kings_captured() -> None:
    assert hubs("W:WK19:B14,K15", "italian") == {"19x12x15"}


def test_italian_earliest_king_captured() -> None:
    # Both captures take a king and a man with the king; 19x12x3 takes its king first.
    board = Board("W:WK19:B14,K5,K15,7", "italian")
    (move,) = board.legal_moves()
    assert move.path == (19, 12, 3)
    assert move.captures == (15, 7)


def test_italian_promotion_ends_the_move() -> None:
    # White man 10 takes 6 and is crowned on 3; a king there could take 7, but the move ends.
    board = Board("W:W10:B6,7", "italian")
    (move,) = board.legal_moves()
    assert move.path == (10, 3) and move.promotes
    assert move.captures == (6,)
