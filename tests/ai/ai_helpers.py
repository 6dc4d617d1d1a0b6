"""Helpers shared by the computer player's tests (a uniquely named module, importable
from any test file of this folder)."""

from __future__ import annotations

from pathlib import Path

from dames import Board

REPO = Path(__file__).resolve().parents[2]
POSITIONS_FILE = REPO / "bench" / "positions.txt"


def bench_fens() -> list[str]:
    """FENs of the fixed benchmark set (real positions from recorded games)."""
    fens = []
    for line in POSITIONS_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fens.append(line.split("|", 1)[0].strip())
    return fens


def random_game_boards(variant: str, games: int, plies: int, seed: int) -> list[Board]:
    """Boards met along random games (a linear congruential draw, stable across versions)."""
    state = seed
    boards = []
    for _ in range(games):
        board = Board(variant=variant)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves or board.outcome() is not None:
                break
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            board.push(moves[(state >> 33) % len(moves)])
            boards.append(board.copy())
    return boards
