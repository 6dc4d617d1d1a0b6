"""PDN FEN reading and writing."""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, FenError, Piece, parse_fen


def test_start_fen_round_trip() -> None:
    assert Board().fen() == "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(
        map(str, range(1, 21))
    )


def test_ranges_any_order_and_kings() -> None:
    position = parse_fen("B:BK3,1-2:W45,K31", "international")
    assert position.turn == BLACK
    assert position.pieces == {
        1: Piece(BLACK, False),
        2: Piece(BLACK, False),
        3: Piece(BLACK, True),
        31: Piece(WHITE, True),
        45: Piece(WHITE, False),
    }
    assert Board("B:BK3,1-2:W45,K31").fen() == "B:WK31,45:B1,2,K3"


def test_king_range() -> None:
    assert Board("W:WK31-33:B1").squares(WHITE, kings=True) == [31, 32, 33]


def test_pdn_tag_and_quotes_and_spaces_are_accepted() -> None:
    assert Board('[FEN "W:W31, 32:B1"]').fen() == "W:W31,32:B1"


def test_empty_sides_are_allowed() -> None:
    assert Board("W:W:B1").fen() == "W:W:B1"


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("", "empty"),
        ("X:W31:B1", "side to move"),
        ("W:W31", "three"),
        ("W:W31:W32", "twice"),
        ("W:W31:B51", "off the"),
        ("W:W31:B0", "off the"),
        ("W:W31,31:B1", "listed twice"),
        ("W:W31:B31", "listed twice"),
        ("W:W1:B20", "crowning row"),
        ("W:W31:B46", "crowning row"),
        ("W:Wabc:B1", "bad piece entry"),
        ("W:W40-31:B1", "ascend"),
        ("W:W31:Q1", "W or B"),
    ],
)
def test_bad_fen_raises_with_reason(fen: str, reason: str) -> None:
    with pytest.raises(FenError, match=reason):
        Board(fen)


def test_fen_error_is_a_value_error() -> None:
    assert issubclass(FenError, ValueError)


def test_8x8_bounds() -> None:
    with pytest.raises(FenError, match="off the"):
        Board("W:W33:B1", "brazilian")
    assert Board("W:W21-32:B1-12", "italian").count(WHITE) == 12
