"""Perft against the published counts of /work/shared/reference/perft.md (dctl, damforum, Bik)."""

from __future__ import annotations

import pytest
from dames import Board
from dames.perft import divide, perft

# (variant, FEN, counts from depth 1, depth tested in the default suite)
PUBLISHED = {
    "international-start": (
        "international",
        "W:W31-50:B1-20",
        [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961],
        6,
    ),
    "brazilian-start": (
        "brazilian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830],
        6,
    ),
    "english-start": (
        "english",
        "B:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931],
        6,
    ),
    "italian-start": (
        "italian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783],
        6,
    ),
    "random178": (
        "international",
        "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        [14, 55, 1_168, 5_432, 87_195, 629_010, 9_041_010],
        4,
    ),
    "woldouby": (
        "international",
        "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        [6, 12, 30, 73, 215, 590, 1_944, 6_269, 22_369, 88_050],
        8,
    ),
    "all-kings": ("international", "W:WK31-50:BK1-20", [17, 79, 352, 1_399, 7_062, 37_589], 4),
    "almost-promotion": (
        "international",
        "W:W6,7,8,9,10:B41,42,43,44,45",
        [9, 81, 795, 7_578, 86_351, 936_311],
        4,
    ),
    "italian-gilbert-1": (
        "italian",
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        [5, 13, 42, 107, 360, 1_099, 3_736, 12_495],
        8,
    ),
    "italian-gilbert-2": (
        "italian",
        "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
        [6, 47, 271, 1_916, 10_810, 73_137],
        5,
    ),
    "italian-gilbert-3": (
        "italian",
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        [13, 112, 828, 6_756, 46_241, 368_908],
        4,
    ),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_perft_matches_published_counts(name: str) -> None:
    variant, fen, counts, depth = PUBLISHED[name]
    board = Board(fen, variant)
    assert [perft(board, d) for d in range(1, depth + 1)] == counts[:depth]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_perft_matches_published_counts_deep(name: str) -> None:
    variant, fen, counts, _ = PUBLISHED[name]
    board = Board(fen, variant)
    depth = len(counts)
    if name == "random178":
        depth = 6  # depth 7 (9 M leaves) belongs to the benchmark
    if name == "international-start":
        depth = 7
    assert perft(board, depth) == counts[depth - 1]


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
