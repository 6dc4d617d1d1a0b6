"""`python -m dames verify`: anyone can replay a revealed daily's computer (issue 9, part 3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from dames import Board, Move
from dames.ai import AI_VERSION, choose_move
from dames.cli import main
from dames.verify import (
    EXIT_BAD_INPUT,
    EXIT_CONFIRMED,
    EXIT_DIFFERENT,
    EXIT_VERSION_MISMATCH,
)

ROOT = Path(__file__).resolve().parents[2]
SEED = "3f9c0a7be41d2c55aa0e9b8172d6f4c1"
PRACTICE_FEN = "B:W27,28,32,33,37,38,42,43,K48:B8,12,13,17,18,19,23,K3"


def play(start_fen: str | None = None, level: str = "defi", seed: str = SEED) -> dict[str, Any]:
    """A game as the server plays it: the player has the side to move at the start (here a
    seeded random player), the computer answers with choose_move at the board's ply."""
    board = Board(start_fen, draw_rules="daily")
    player = board.turn
    notations = []
    while board.outcome() is None and board.ply < 200:
        if board.turn == player:
            move = choose_move(board, seed="the-player", level="debutant", ply=board.ply)
        else:
            move = choose_move(board, seed=seed, level=level, ply=board.ply)
        assert isinstance(move, Move)
        notations.append(board.notation(move))
        board.push(move)
    return {
        "id": "g_test", "mode": "practice" if start_fen else "daily",
        "date": None if start_fen else "2026-11-29", "variant": "international",
        "level": level, "playerColor": str(player), "status": "lost",
        "startFen": start_fen or Board().fen(), "moves": notations, "aiVersion": AI_VERSION,
    }


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return play()


def write(tmp_path: Path, data: object, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def verify(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["verify", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def reply_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("move ")]


def test_a_game_played_by_the_engine_is_confirmed_reply_by_reply(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = verify(capsys, write(tmp_path, game), "--seed", SEED)
    assert status == EXIT_CONFIRMED, out + err
    replies = reply_lines(out)
    computer_moves = game["moves"][1::2]
    assert len(replies) == len(computer_moves) >= 10
    for line, notation in zip(replies, computer_moves, strict=True):
        assert f" {notation} " in line and "confirmed" in line
    assert "seeded draw" in replies[0] and "seeded draw" not in replies[2]
    assert f"{len(replies)} confirmed, 0 different" in out


def tampered(game: dict[str, Any], index: int) -> tuple[dict[str, Any], str, str]:
    """The game cut after its move `index`, a computer reply replaced by another legal move."""
    board = Board(game["startFen"])
    for text in game["moves"][:index]:
        board.push(board.parse_move(text))
    honest = game["moves"][index]
    other = next(board.notation(m) for m in board.legal_moves() if board.notation(m) != honest)
    return {**game, "moves": [*game["moves"][:index], other]}, honest, other


@pytest.mark.parametrize("index", [1, 9], ids=["opening-draw", "searched-reply"])
def test_a_tampered_reply_is_reported_and_exits_non_zero(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int
) -> None:
    changed, honest, other = tampered(game, index)
    status, out, _ = verify(capsys, write(tmp_path, changed), "--seed", SEED)
    assert status == EXIT_DIFFERENT == 1
    last = reply_lines(out)[-1]
    assert f" {other} " in last and f"DIFFERENT: the computer plays {honest} here" in last
    assert all("confirmed" in line for line in reply_lines(out)[:-1])
    assert ", 1 different" in out


def test_another_seed_does_not_replay_the_game(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = verify(capsys, write(tmp_path, game), "--seed", "not-the-seed")
    assert status == EXIT_DIFFERENT
    assert "DIFFERENT" in out


def test_a_game_of_another_computer_version_exits_non_zero(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    older = {**game, "aiVersion": "2000.01.01-1"}
    status, out, _ = verify(capsys, write(tmp_path, older), "--seed", SEED)
    assert status == EXIT_VERSION_MISMATCH == 3
    assert f"MISMATCH: the game was played by 2000.01.01-1, this engine is {AI_VERSION}" in out
    assert "nothing is proven" in out


def test_the_seed_and_version_can_come_from_the_days_json(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    days = {"days": [
        {"date": "2026-11-30", "seed": "other", "aiVersion": AI_VERSION},
        {"date": "2026-11-29", "seed": SEED, "aiVersion": AI_VERSION},
    ]}
    no_version = {k: v for k, v in game.items() if k != "aiVersion"}
    days_file = write(tmp_path, days, "days.json")
    status, out, _ = verify(capsys, write(tmp_path, no_version), "--days", days_file)
    assert status == EXIT_CONFIRMED, out
    assert f"seed {SEED}" in out and f"aiVersion: {AI_VERSION} (same" in out
    days["days"][1]["aiVersion"] = "2000.01.01-1"
    status, _, _ = verify(capsys, write(tmp_path, no_version),
                          "--days", write(tmp_path, days, "days.json"))
    assert status == EXIT_VERSION_MISMATCH


def test_a_seed_in_the_json_and_a_wrapped_game_view_are_read(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = verify(capsys, write(tmp_path, {"token": "t", "game": game, "seed": SEED}))
    assert status == EXIT_CONFIRMED, out


def test_a_practice_game_from_a_position_with_the_computer_playing_white(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    practice = play(PRACTICE_FEN, level="facile")
    assert practice["playerColor"] == "black"
    status, out, _ = verify(capsys, write(tmp_path, practice), "--seed", SEED)
    assert status == EXIT_CONFIRMED, out
    assert reply_lines(out) and all(" white " in line for line in reply_lines(out))


def to_pdn(game: dict[str, Any], **tags: str) -> str:
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    moves = game["moves"]
    text = " ".join(
        f"{i // 2 + 1}. {moves[i]}" + (f" {moves[i + 1]}" if i + 1 < len(moves) else "")
        for i in range(0, len(moves), 2)
    )
    return f"{header}\n{{the computer plays black}} {text} (3. 31-27 {{a side line}}) 0-2\n"


def test_a_pdn_game_with_seed_level_and_version_tags_verifies(
    game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdn = to_pdn(game, Event="Dames du jour", GameType="20", Seed=SEED, Level="defi",
                 AiVersion=AI_VERSION, Date="2026.11.29")
    status, out, _ = verify(capsys, write(tmp_path, pdn, "game.pdn"))
    assert status == EXIT_CONFIRMED, out
    assert len(reply_lines(out)) == len(game["moves"]) // 2
    practice = play(PRACTICE_FEN, level="facile")
    pdn = to_pdn(practice, FEN=PRACTICE_FEN, Seed=SEED, Level="facile", AiVersion=AI_VERSION)
    status, out, _ = verify(capsys, write(tmp_path, pdn, "practice.pdn"))
    assert status == EXIT_CONFIRMED, out
    status, out, _ = verify(capsys, write(tmp_path, pdn.replace(AI_VERSION, "1.0"), "v.pdn"))
    assert status == EXIT_VERSION_MISMATCH


MALFORMED: list[tuple[str, Any, list[str], str]] = [
    ("truncated-json", '{"moves": ["32-28"', [], "the JSON is malformed"),
    ("json-list", "[1, 2]", [], "must be an object"),
    ("not-a-game", {"days": []}, [], '"moves" is missing'),
    ("not-pdn", "hello world", [], "'hello' is not a move"),
    ("empty", "", [], "neither a game's JSON nor a PDN game"),
    ("no-seed", {"moves": [], "level": "defi"}, [], "no seed"),
    ("no-level", {"moves": []}, ["--seed", "s"], "level is unknown"),
    ("unknown-level", {"moves": [], "level": "expert"}, ["--seed", "s"], "unknown level"),
    ("maitre", {"moves": [], "level": "maitre"}, ["--seed", "s"], "cannot be replayed"),
    ("bad-color", {"moves": [], "playerColor": "red"}, ["--seed", "s"], '"playerColor" must'),
    ("illegal-move", {"moves": ["32-28", "32-28"], "level": "defi"}, ["--seed", "s"],
     "move 2 (32-28) is not legal at ply 1"),
    ("bad-fen", {"moves": [], "level": "defi", "startFen": "W:W99"}, ["--seed", "s"], "error:"),
    ("unknown-variant", {"moves": [], "level": "defi", "variant": "chess"}, ["--seed", "s"],
     "chess"),
    ("after-the-end", {"moves": ["28x17", "17-11"], "level": "defi", "startFen": "W:W28:B22"},
     ["--seed", "s"], "move 2 (17-11) comes after the end of the game (no-moves)"),
    ("days-missing-date", {"moves": [], "level": "defi"}, ["--days", "DAYS"],
     "needs the game's date"),
    ("unrevealed-seed", {"moves": [], "level": "defi", "date": "2026-11-30"}, ["--days", "DAYS"],
     "not revealed yet"),
    ("missing-file", None, [], "cannot read"),
]


@pytest.mark.parametrize(("text", "extra", "message"), [m[1:] for m in MALFORMED],
                         ids=[m[0] for m in MALFORMED])
def test_malformed_input_is_a_one_line_error_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: Any, extra: list[str],
    message: str,
) -> None:
    path = str(tmp_path / "missing.json") if text is None else write(tmp_path, text)
    days = write(tmp_path, {"days": [{"date": "2026-11-30", "seed": None}]}, "days.json")
    args = [days if arg == "DAYS" else arg for arg in extra]
    status, out, err = verify(capsys, path, *args)
    assert status == EXIT_BAD_INPUT == 2 and out == ""
    assert err.startswith("error: ") and message in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_command_runs_as_a_subprocess(game: dict[str, Any], tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine_layer")}
    command = [sys.executable, "-m", "dames", "verify"]
    honest = subprocess.run([*command, write(tmp_path, game), "--seed", SEED], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert honest.returncode == 0, honest.stderr
    assert honest.stdout.strip().splitlines()[-1].endswith(", 0 different")
    cheat, _, _ = tampered(game, 9)
    bad = subprocess.run([*command, write(tmp_path, cheat, "cheat.json"), "--seed", SEED],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "DIFFERENT" in bad.stdout
    usage = subprocess.run([*command, "--help"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
    assert "exit status:" in usage.stdout and "3  the game was played by" in usage.stdout
