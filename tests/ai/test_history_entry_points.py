"""The search sees the game's history and the federation's draw counters from every entry
point: the CLI's `--moves`, the Hub's `pos ... moves=`, and the root the strong search starts
from. Each test pairs the position with its history against the same position alone, so it
fails if the history is dropped on the way."""

from __future__ import annotations

import io

import pytest
from ai_helpers import run_cli
from dames import Board, draws
from dames.ai.boardview import NO_LIMIT, read_board
from dames.ai.hub import HubSession

from tests.board_support import king_shuffle

# Black (to move after an odd number of plies) has two kings and a man against a king and a
# man: a win, unless 25 king moves each end the game first.
BLACK_WINS = "W:WK46,49:BK3,K4,15"
# Three kings against one: the federation draws it after 16 moves each.
THREE_KINGS = "W:WK28,K33,K39:BK3"


def hub_position(board: Board) -> str:
    letters = []
    for square in range(1, board.variant.squares + 1):
        piece = board.piece_at(square)
        letter = "e" if piece is None else "wb"[int(piece.color)]
        letters.append(letter.upper() if piece is not None and piece.king else letter)
    return ("W" if int(board.turn) == 0 else "B") + "".join(letters)


def hub_score(start: Board, moves: list[str]) -> float:
    """The score of the Hub's last completed iteration, 4 plies deep."""
    played = f' moves="{" ".join(moves)}"' if moves else ""
    out = io.StringIO()
    lines = ["hub", "init", f"pos pos={hub_position(start)}{played}", "level depth=4",
             "go analyze"]
    HubSession(io.StringIO("\n".join(lines) + "\n"), out).run()
    infos = [line for line in out.getvalue().splitlines() if line.startswith("info ")]
    return float(infos[-1].split()[2].removeprefix("score="))


def test_the_cli_moves_carry_the_king_move_count() -> None:
    shuffled = king_shuffle(BLACK_WINS, 49)  # one king move each short of the draw
    moves = " ".join(move.hub() for move in shuffled.move_stack)
    with_history = run_cli("bestmove", "--fen", BLACK_WINS, "--moves", moves, "--seed", "a",
                           "--level", "fort")
    alone = run_cli("bestmove", "--fen", shuffled.fen(), "--ply", "49", "--seed", "a",
                    "--level", "fort")
    assert with_history.returncode == alone.returncode == 0, with_history.stderr
    assert with_history.stdout.splitlines()[-1] == "15-20"  # the man moves: no draw
    assert alone.stdout.splitlines()[-1] == "4-22"  # nothing to fear: a king move


def test_the_cli_takes_the_daily_or_the_federation_rules() -> None:
    done = run_cli("bestmove", "--seed", "s", "--ply", "8", "--draw-rules", "daily")
    assert done.returncode == 0, done.stderr
    refused = run_cli("bestmove", "--seed", "s", "--draw-rules", "club")
    assert refused.returncode == 2 and "--draw-rules" in refused.stderr


def test_the_hub_plays_by_the_federation_endgame_count() -> None:
    """Three kings against one, 15 of the 16 moves each played: nothing the search can reach
    in 4 plies beats the draw that follows."""
    shuffled = king_shuffle(THREE_KINGS, 30)
    moves = [move.hub() for move in shuffled.move_stack]
    assert hub_score(Board(THREE_KINGS), []) > 0
    assert hub_score(Board(THREE_KINGS), moves) == 0


@pytest.mark.parametrize(("rules", "left"), [(draws.FMJD, 32 - 30), (draws.DAILY, NO_LIMIT)])
def test_the_root_carries_the_endgame_count_of_federation_games(rules: str, left: int) -> None:
    board = Board(THREE_KINGS, draw_rules=rules)
    for move in king_shuffle(THREE_KINGS, 30).move_stack:
        board.push(move)
    assert read_board(board).endgame_plies_left == left
    assert read_board(Board(BLACK_WINS, draw_rules=rules)).endgame_plies_left == NO_LIMIT
