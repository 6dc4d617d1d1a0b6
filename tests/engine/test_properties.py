"""Property tests over random games and random positions (hypothesis).

Random positions are compared with ``reference_rules``, an independent generator written from
the rules on coordinates; random games check the invariants of the Board API.
"""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, Color, parse_fen
from dames.zobrist import position_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import reference_rules

VARIANT_NAMES = ["international", "brazilian", "english", "italian"]


@st.composite
def random_positions(draw: st.DrawFn) -> tuple[str, str]:
    """A random position: any pieces anywhere, a man on its crowning row made a king."""
    variant = draw(st.sampled_from(VARIANT_NAMES))
    rules = reference_rules.RULES[variant]
    squares = rules.size * rules.size // 2
    per_row = rules.size // 2
    # Per square: 0-5 empty, 6 white man, 7 white king, 8 black man, 9 black king; the empty
    # share varies so that sparse king endings and crowded middle games both occur.
    empty_weight = draw(st.integers(0, 12))
    codes = draw(st.lists(st.integers(0, 3 + empty_weight), min_size=squares, max_size=squares))
    white: list[str] = []
    black: list[str] = []
    for s, code in enumerate(codes, start=1):
        if code > 3:
            continue
        color = "W" if code < 2 else "B"
        row = (s - 1) // per_row
        on_crowning_row = row == (0 if color == "W" else rules.size - 1)
        king = code % 2 == 1 or on_crowning_row
        (white if color == "W" else black).append(("K" if king else "") + str(s))
    turn = draw(st.sampled_from("WB"))
    return variant, f"{turn}:W{','.join(white)}:B{','.join(black)}"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_positions())
def test_legal_moves_agree_with_the_reference_generator(case: tuple[str, str]) -> None:
    variant, fen = case
    board = Board(fen, variant)
    moves = board.legal_moves()
    assert {m.hub() for m in moves} == reference_rules.legal_moves(variant, fen)
    keys = [(m.start, m.end, sorted(m.captures)) for m in moves]
    assert keys == sorted(keys)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_positions())
def test_count_equals_number_of_legal_moves(case: tuple[str, str]) -> None:
    variant, fen = case
    board = Board(fen, variant)
    us, them = (board.white, board.black) if board.turn == WHITE else (board.black, board.white)
    assert board.generator.count(us, them, board.kings, board.turn) == len(board.legal_moves())


Snapshot = tuple[str, int, int, Color, object, object, int]


def snapshot(board: Board) -> Snapshot:
    return (
        board.fen(),
        board.zobrist,
        board.ply,
        board.turn,
        board.draw_counters,
        board.outcome(),
        len(board.move_stack),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VARIANT_NAMES),
    st.sampled_from(["daily", "fmjd"]),
    st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=120),
)
def test_random_games_keep_every_invariant(variant: str, rules: str, picks: list[int]) -> None:
    board = Board(variant=variant, draw_rules=rules)
    history = []
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        # FEN round trip, including the set of legal moves.
        fen = board.fen()
        again = Board(fen, variant)
        assert again.fen() == fen
        assert again.legal_moves() == moves
        position = parse_fen(fen, variant)
        assert position.turn == board.turn
        # Zobrist kept incrementally equals the key computed from scratch.
        assert board.zobrist == position_key(
            board.white, board.black, board.kings, board.turn == BLACK
        )
        # Captures take opponent pieces only; all captures when one exists; majority rule.
        if any(m.is_capture for m in moves):
            assert all(m.is_capture for m in moves)
            if variant in ("international", "brazilian"):
                assert len({len(m.captures) for m in moves}) == 1
        for m in moves:
            assert len(set(m.captures)) == len(m.captures)
            for s in m.captures:
                piece = board.piece_at(s)
                assert piece is not None and piece.color == board.turn.opponent
            assert len(m.path) == (len(m.captures) + 1 if m.is_capture else 2)
        # The documented order: start square, end square, then captured squares.
        keys = [(m.start, m.end, sorted(m.captures)) for m in moves]
        assert keys == sorted(keys)
        # No duplicates of (start, end, captured set).
        idents = [(m.start, m.end, frozenset(m.captures)) for m in moves]
        assert len(idents) == len(set(idents))
        # Notation round trip.
        move = moves[pick % len(moves)]
        assert board.parse_move(board.notation(move)) == move
        assert board.parse_move(move.hub()) == move
        # Pop restores exactly.
        before = snapshot(board)
        board.push(move)
        assert board.pop() == move
        assert snapshot(board) == before
        # Move bookkeeping.
        mover = board.turn
        moved_piece = board.piece_at(move.start)
        board.push(move)
        history.append(before)
        assert board.count(mover.opponent) == before_count(before, mover.opponent) - len(
            move.captures
        )
        landed = board.piece_at(move.end)
        assert landed is not None and landed.color == mover
        assert moved_piece is not None
        assert landed.king == (moved_piece.king or move.promotes)
    # Unwind the whole game: every intermediate snapshot comes back.
    while history:
        board.pop()
        assert snapshot(board) == history.pop()


def before_count(snap: Snapshot, color: Color) -> int:
    """Number of ``color`` pieces in a snapshot's FEN."""
    field = next(f for f in snap[0].split(":")[1:] if f.startswith(color.letter))
    return len([e for e in field[1:].split(",") if e])


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_positions())
def test_legal_moves_agree_with_the_reference_generator_many(case: tuple[str, str]) -> None:
    variant, fen = case
    board = Board(fen, variant)
    assert {m.hub() for m in board.legal_moves()} == reference_rules.legal_moves(variant, fen)
