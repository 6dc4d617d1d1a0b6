"""Perft against the published counts of ``published_perft.py``."""

from __future__ import annotations

import pytest
from dames import Board
from dames.perft import divide, perft

from .published_perft import PUBLISHED

# name -> (depth checked in the default suite, depth checked under the ``slow`` marker); the
# deepest published counts (international 9, Random178 7) belong to ``bench/perft.py --verify``.
DEPTHS = {
    "international-start": (6, 7),
    "random178": (4, 6),
    "woldouby": (8, 10),
    "all-kings": (4, 6),
    "almost-promotion": (4, 6),
    "brazilian-start": (6, 8),
    "english-start": (6, 8),
    "italian-start": (6, 8),
    "italian-gilbert-1": (8, 8),
    "italian-gilbert-2": (5, 6),
    "italian-gilbert-3": (4, 6),
}


def test_every_published_position_is_checked() -> None:
    assert set(DEPTHS) == set(PUBLISHED)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_perft_matches_published_counts(name: str) -> None:
    variant, fen, counts = PUBLISHED[name]
    depth = DEPTHS[name][0]
    board = Board(fen, variant)
    assert [perft(board, d) for d in range(1, depth + 1)] == counts[:depth]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_perft_matches_published_counts_deep(name: str) -> None:
    variant, fen, counts = PUBLISHED[name]
    depth = DEPTHS[name][1]
    assert perft(Board(fen, variant), depth) == counts[depth - 1]


def test_perft_of_depth_zero_is_one() -> None:
    assert perft(Board(), 0) == 1


def test_divide_sums_to_perft_and_leaves_board_unchanged() -> None:
    board = Board("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26")
    before = board.fen()
    parts = divide(board, 4)
    assert sum(n for _, n in parts) == 73
    assert [m for m, _ in parts] == board.legal_moves()
    assert board.fen() == before


def test_perft_through_board_push_agrees_with_fast_perft() -> None:
    def slow(board: Board, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in board.legal_moves():
            board.push(move)
            total += slow(board, depth - 1)
            board.pop()
        return total

    board = Board("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24")
    assert slow(board, 3) == perft(board, 3) == 1_168
