"""What the PDN tests share: reading the one game of a text, a game's moves as full paths, a
self-played game, and a position whose short capture is ambiguous."""

from __future__ import annotations

from dames import Board
from dames.ai import choose_move
from dames.pdn import PdnGame, read_games

# A black king on 48 reaches 34 by two routes taking different white pieces; only after the
# first (48x26x12x34) may White answer 27-22. Found by seeded self-play.
AMBIGUOUS_FEN = "B:WK21,27,29,37,38,44,45,49,50:B6,13,14,16,K47,K48"
ROUTE_A, ROUTE_B = "48x26x12x34", "48x31x18x34"


def self_play(variant: str, seed: str, level: str, start_fen: str | None = None) -> Board:
    board = Board(start_fen, variant)
    while board.outcome() is None and board.ply < 160:
        board.push(choose_move(board, seed=seed, level=level))
    return board


def one_game(text: str, **kwargs: str) -> PdnGame:
    games = read_games(text, **kwargs)
    assert len(games) == 1
    return games[0]


def move_paths(game: PdnGame) -> list[str]:
    return [str(m) for m in game.moves]
