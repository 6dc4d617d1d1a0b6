"""`python -m dames bestmove` and the Hub protocol session."""

from __future__ import annotations

import io

from ai_helpers import run_cli
from dames import Board
from dames.ai.hub import HubSession, parse_line, position_to_fen


def test_bestmove_prints_a_legal_hub_move_last() -> None:
    fen = "W:W28,29,32,37,48,49:B3,4,18,19"
    done = run_cli("bestmove", "--fen", fen, "--seed", "s", "--ply", "12", "--level", "defi")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "28-23"


def test_bestmove_other_variant_and_moves() -> None:
    done = run_cli("bestmove", "--variant", "english", "--seed", "s", "--ply", "8",
                   "--moves", "11-15 22-18", "--level", "facile")
    assert done.returncode == 0, done.stderr
    board = Board(variant="english")
    board.push(board.parse_move("11-15"))
    board.push(board.parse_move("22-18"))
    assert board.parse_move(done.stdout.strip().splitlines()[-1]).is_capture  # 15x22 is forced


def test_bestmove_rejects_bad_input_with_a_reason() -> None:
    bad_fen = run_cli("bestmove", "--fen", "W:W31-50:Bzz", "--seed", "s")
    assert bad_fen.returncode == 2 and "error" in bad_fen.stderr
    no_moves = run_cli("bestmove", "--fen", "W:W46:B1,37,41", "--seed", "s")
    assert no_moves.returncode == 2 and "no legal move" in no_moves.stderr


def test_parse_line_handles_quotes_and_flags() -> None:
    command, args = parse_line('pos pos=Wbbb moves="32-28 19-23" infinite')
    assert command == "pos"
    assert args == {"pos": "Wbbb", "moves": "32-28 19-23", "infinite": ""}


def test_hub_position_to_fen() -> None:
    text = "W" + "b" * 20 + "e" * 10 + "w" * 20
    assert Board(position_to_fen(text, "international")).fen() == Board().fen()
    kings = "B" + "e" * 27 + "W" + "e" * 21 + "B"
    assert position_to_fen(kings, "international") == "B:WK28:BK50"


def converse(lines: list[str]) -> list[str]:
    out = io.StringIO()
    HubSession(io.StringIO("\n".join(lines) + "\n"), out).run()
    return out.getvalue().splitlines()


def test_hub_session_plays_a_legal_move() -> None:
    start = "W" + "b" * 20 + "e" * 10 + "w" * 20
    replies = converse([
        "hub", "set-param name=variant value=normal", "init", "ping",
        f'pos pos={start} moves="32-28 19-23"', "level depth=3", "go think", "quit",
    ])
    assert replies[0].startswith("id name=")
    assert "wait" in replies and "ready" in replies and "pong" in replies
    done = [line for line in replies if line.startswith("done move=")]
    assert len(done) == 1
    board = Board()
    board.push(board.parse_move("32-28"))
    board.push(board.parse_move("19-23"))
    move = done[0].split()[1].removeprefix("move=")
    assert move == "28x19x23"  # the only legal move: the capture is forced


def test_hub_searches_to_the_requested_depth() -> None:
    replies = converse([
        "hub", "init", "pos pos=W" + "b" * 20 + "e" * 10 + "w" * 20, "level depth=3",
        "go analyze",
    ])
    infos = [line for line in replies if line.startswith("info ")]
    assert [line.split()[1] for line in infos] == ["depth=1", "depth=2", "depth=3"]
    move = replies[-1].split()[1].removeprefix("move=")
    assert Board().parse_move(move) in Board().legal_moves()


def test_hub_reports_errors_and_goes_on() -> None:
    replies = converse(["pos pos=Wxyz", "go think", "set-param name=level value=nope", "ping"])
    assert sum(line.startswith("error message=") for line in replies) == 3
    assert replies[-1] == "pong"
