"""Perft's bulk counting of its last two plies (``dames.rules_perft``) against move-by-move play.

In positions without kings, ``perft(…, 2)`` sums the opponent's replies set-wise over whole
directions of the side's steps, and counts one by one only the children where the opponent
can capture. These positions (men only, crowded enough for captures and exchanges) are
counted again through ``Board.push`` and ``legal_moves()``, which list every move.
"""

from __future__ import annotations

from dames import Board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import reference_rules
from .test_properties import VARIANT_NAMES


@st.composite
def men_only_positions(draw: st.DrawFn) -> tuple[str, str]:
    """Men anywhere but on their own crowning row; the density varies."""
    variant = draw(st.sampled_from(VARIANT_NAMES))
    rules = reference_rules.RULES[variant]
    per_row = rules.size // 2
    squares = rules.size * per_row
    empty_weight = draw(st.integers(1, 6))
    codes = draw(st.lists(st.integers(0, 1 + empty_weight), min_size=squares, max_size=squares))
    white: list[str] = []
    black: list[str] = []
    for s, code in enumerate(codes, start=1):
        row = (s - 1) // per_row
        if code == 0 and row != 0:
            white.append(str(s))
        elif code == 1 and row != rules.size - 1:
            black.append(str(s))
    turn = draw(st.sampled_from("WB"))
    return variant, f"{turn}:W{','.join(white)}:B{','.join(black)}"


def _replies(board: Board) -> int:
    """The number of two-ply sequences, each move played and every reply listed."""
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += len(board.legal_moves())
        board.pop()
    return total


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(men_only_positions())
def test_bulk_counted_two_plies_match_move_by_move(case: tuple[str, str]) -> None:
    board = Board(case[1], case[0])
    assert not board.kings
    bulk = board.generator.perft(board.white, board.black, 0, int(board.turn), 2)
    assert bulk == _replies(board)


def test_bulk_counting_meets_each_of_its_cases() -> None:
    """International positions, one per branch of the bulk count: (FEN, White's moves,
    whether Black could capture were it its turn)."""
    cases = [
        # White must take, one piece: each capture played, Black's replies counted.
        ("W:W28,33,34:B22,23,7", ["28x17", "28x19"], True),
        # No capture either way, no contact: every step counted set-wise.
        ("W:W31,32,33,34,35:B1,2,3,4,5", [], False),
        # 33-28 and 33-29 offer Black a capture (counted one by one), 38-32 and 43-39 do not.
        ("W:W33,38,43:B19,23,24", ["33-28", "33-29", "38-32", "43-39"], False),
        # Black could already take 23x32: every child counted one by one.
        ("W:W28,46:B23,19", [], True),
        # White takes two pieces: its moves are listed (no bulk count).
        ("W:W32:B27,17,6", ["32x21x12"], True),
    ]
    for fen, moves, black_could_take in cases:
        board = Board(fen)
        g = board.generator
        if moves:
            assert [str(m) for m in board.legal_moves()] == moves, fen
        assert g.has_capture(board.black, board.white, 0, 1) == black_could_take, fen
        assert g.perft(board.white, board.black, board.kings, 0, 2) == _replies(board), fen
