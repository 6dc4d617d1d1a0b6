"""Helpers shared by the computer player's tests (a uniquely named module, importable
from any test file of this folder)."""

from __future__ import annotations

import os
import subprocess
import sys
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


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m dames ARGS` in a fresh process, as a user runs it."""
    env = dict(os.environ, PYTHONPATH=str(REPO / "engine_layer"))
    return subprocess.run(
        [sys.executable, "-m", "dames", *args], cwd=REPO, env=env, capture_output=True,
        text=True, timeout=120,
    )
