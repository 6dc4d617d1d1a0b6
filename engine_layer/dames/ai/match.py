"""Games between two levels, for the strength tests and the benchmark's position set."""

from __future__ import annotations

from dataclasses import dataclass, field

from dames.ai.player import choose_move
from dames.board import Board


@dataclass
class GameRecord:
    """A finished (or cut-off) game: its moves (in short notation, and as the full paths the
    server stores, `str(Move)`), the FEN before each move, and the result."""

    white_level: str
    black_level: str
    seed: str
    variant: str
    moves: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    fens: list[str] = field(default_factory=list)
    winner: str | None = None  # "white", "black", or None for a draw / cut-off game
    reason: str = ""


def play_game(
    white_level: str,
    black_level: str,
    seed: str,
    *,
    variant: str = "international",
    max_plies: int = 400,
) -> GameRecord:
    """Play one game; each side draws from `seed` like the server does for its computer."""
    board = Board(variant=variant)
    record = GameRecord(white_level, black_level, seed, variant)
    levels = (white_level, black_level)
    while board.ply < max_plies:
        outcome = board.outcome()
        if outcome is not None:
            record.winner = None if outcome.winner is None else str(outcome.winner)
            record.reason = outcome.reason
            return record
        move = choose_move(board, seed=f"{seed}:{int(board.turn)}", level=levels[board.turn])
        record.fens.append(board.fen())
        record.moves.append(board.notation(move))
        record.paths.append(str(move))
        board.push(move)
    record.reason = "ply-limit"
    return record
