"""The computer sees what a level promises: free men, shots, forced captures."""

from __future__ import annotations

import pytest
from dames import Board
from dames.ai import LEVELS, choose_move, hint

SEARCH_LEVELS = ["defi", "fort"]


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_takes_the_hanging_man_rather_than_the_defended_one(level: str) -> None:
    # White's man on 32 may take 27 (landing on 21, where nothing can retake it) or 28 (landing
    # on 23, where 18 retakes: 18x29). Both take one man, so the choice is free.
    board = Board("W:W26,32,46,47:B3,4,12,18,27,28")
    move = choose_move(board, seed="s", level=level, ply=40)
    assert move.hub() == "32x21x27"


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_never_leaves_a_man_hanging(level: str) -> None:
    # 32-27 is answered by 22x31 and 33-28 by 22x33, with no recapture; every other move is safe.
    board = Board("W:W32,33,46,47,48:B3,4,5,22")
    for seed in ("a", "b", "c"):
        move = choose_move(board, seed=seed, level=level, ply=40)
        board.push(move)
        assert not any(reply.is_capture for reply in board.legal_moves()), move
        board.pop()


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_finds_the_two_for_one_shot(level: str) -> None:
    # 28-23! forces 19x28 (18 cannot take: 29 is occupied; 37 stops the capture going on),
    # then 32x12 takes 28 and 18: one man given, two taken.
    board = Board("W:W28,29,32,37,48,49:B3,4,18,19")
    move = choose_move(board, seed="s", level=level, ply=40)
    assert move.hub() == "28-23"


def test_hint_finds_the_shot_for_black() -> None:
    # The same shot with colours swapped (squares mirrored through the centre: s -> 51 - s).
    board = Board("B:W47,48,32,33:B23,22,19,14,3,2")
    assert hint(board, level="defi").hub() == "23-28"


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_forced_capture_is_always_played(level: str, positions: list[str]) -> None:
    boards = [Board(fen) for fen in positions]
    boards.append(Board("W:W26,32,46,47:B3,4,12,18,27,28"))
    checked = 0
    for index, board in enumerate(boards):
        legal = board.legal_moves()
        if not any(m.is_capture for m in legal):
            continue
        move = choose_move(board, seed=str(index), level=level, ply=10 + index)
        assert move in legal
        assert move.is_capture
        checked += 1
    assert checked >= 3


def test_no_legal_move_is_a_value_error() -> None:
    board = Board("W:W46:B1,37,41")  # 41 blocks the man on 46; 37 stops the jump
    assert board.legal_moves() == []
    with pytest.raises(ValueError):
        choose_move(board, seed="s", level="defi", ply=10)
    with pytest.raises(ValueError):
        hint(board)


def test_unknown_level_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="defi"):
        choose_move(Board(), seed="s", level="champion", ply=10)


@pytest.mark.parametrize("variant", ["brazilian", "english", "italian"])
def test_plays_legal_moves_in_the_8x8_variants(variant: str) -> None:
    board = Board(variant=variant)
    for _ in range(16):
        if board.outcome() is not None:
            break
        move = choose_move(board, seed="v", level="defi")
        assert move in board.legal_moves()
        board.push(move)
    assert board.ply >= 8


def test_the_board_is_left_untouched() -> None:
    board = Board("W:W28,29,32,37,48,49:B3,4,18,19")
    board.push(board.parse_move("48-43"))
    board.push(board.parse_move("3-9"))
    before = (board.fen(), board.ply, board.zobrist, list(board.move_stack))
    choose_move(board, seed="s", level="fort")
    hint(board, level="defi")
    assert (board.fen(), board.ply, board.zobrist, list(board.move_stack)) == before
