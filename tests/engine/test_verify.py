"""`python -m dames verify`: anyone can replay a revealed seed's computer, under the game's own
draw rules (the daily's for a daily game, the federation's for a free one)."""

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
    board = Board(game["startFen"], game.get("variant", "international"))
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
    ("not-pdn", "hello world", [], "cannot read 'hello'"),
    ("two-games", '[Event "a"]\n1. 32-28 *\n\n[Event "b"]\n1. 33-29 *\n', ["--seed", "s"],
     "the PDN holds 2 games: verify one game per file"),
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


# ------------------------------------------------------------------ free games, their own rules
# A free game is refereed by the federation's draw rules; the computer sees how far a draw is,
# so its reply can depend on them. These seeds were found by search: the English game below
# goes past the daily's 25-king-move limit (50 plies without a man move or capture), and one of
# its replies is not the one the computer makes under the daily's rules.
FREE_SEED = "free-english-1"
FREE_PLAYER_SEED = "player-1"


def play_free(variant: str, seed: str, player_seed: str, level: str = "facile") -> dict[str, Any]:
    """A free game as the server plays it (federation rules); the player's side is played by
    the computer of another seed, which keeps both sides strong enough for a long game."""
    board = Board(None, variant, draw_rules="fmjd")
    player = board.turn
    notations = []
    while board.outcome() is None and board.ply < 300:
        mover_seed = player_seed if board.turn == player else seed
        move = choose_move(board, seed=mover_seed, level=level, ply=board.ply)
        notations.append(board.notation(move))
        board.push(move)
    return {
        "id": "g_free", "mode": "free", "date": None, "variant": variant, "level": level,
        "playerColor": str(player), "status": "lost", "startFen": Board(None, variant).fen(),
        "moves": notations, "aiVersion": AI_VERSION,
    }


def daily_end(game: dict[str, Any]) -> int | None:
    """The ply at which the daily's draw rules would have ended the game, if they would."""
    board = Board(game["startFen"], game["variant"], draw_rules="daily")
    for text in game["moves"]:
        if board.outcome() is not None:
            return board.ply
        board.push(board.parse_move(text))
    return None


def computer_replies(game: dict[str, Any], rules: str) -> list[tuple[int, str, str]]:
    """(ply, played, what the computer plays under `rules`) for every computer reply."""
    board = Board(game["startFen"], game["variant"], draw_rules=rules)
    out = []
    for text in game["moves"]:
        move = board.parse_move(text)
        if str(board.turn) != game["playerColor"]:
            expected = choose_move(board, seed=FREE_SEED, level=game["level"], ply=board.ply)
            out.append((board.ply, board.notation(move), board.notation(expected)))
        board.push(move)
    return out


@pytest.fixture(scope="module")
def english_free_game() -> dict[str, Any]:
    return play_free("english", FREE_SEED, FREE_PLAYER_SEED)


@pytest.fixture(scope="module")
def reply_that_depends_on_the_rules(english_free_game: dict[str, Any]) -> dict[str, Any]:
    """The free game cut right after the first computer reply the daily's rules would change
    (the daily's rules have not ended the game yet there)."""
    end = daily_end(english_free_game)
    assert end is not None, "the seeds no longer give a game past the daily's limit: search again"
    cut = {**english_free_game, "moves": english_free_game["moves"][:end]}
    differing = [r for r in computer_replies(cut, "daily") if r[1] != r[2]]
    assert differing, "no reply depends on the draw rules any more: search for another seed"
    return {**cut, "moves": cut["moves"][: differing[0][0] + 1]}


def test_a_long_english_free_game_verifies_under_the_federations_rules(
    english_free_game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = english_free_game["moves"]
    end = daily_end(english_free_game)
    assert end is not None and 50 <= end < len(moves)  # the daily's rules would stop it early
    status, out, err = verify(capsys, write(tmp_path, english_free_game), "--seed", FREE_SEED)
    assert status == EXIT_CONFIRMED, out + err
    assert "fmjd draw rules" in out
    assert len(reply_lines(out)) == len(computer_replies(english_free_game, "fmjd"))
    assert f"{len(reply_lines(out))} confirmed, 0 different" in out
    # Under the daily's rules the same file is refused past their limit.
    status, _, err = verify(capsys, write(tmp_path, english_free_game), "--seed", FREE_SEED,
                            "--draw-rules", "daily")
    assert status == EXIT_BAD_INPUT and "comes after the end of the game (25-king-moves)" in err


def test_a_reply_that_depends_on_the_draw_rules_is_confirmed_under_the_games_own(
    reply_that_depends_on_the_rules: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = reply_that_depends_on_the_rules
    ply, played, daily_choice = computer_replies(game, "daily")[-1]
    assert played != daily_choice and ply == len(game["moves"]) - 1
    status, out, _ = verify(capsys, write(tmp_path, game), "--seed", FREE_SEED)
    assert status == EXIT_CONFIRMED, out
    assert f" {played} " in reply_lines(out)[-1] and "confirmed" in reply_lines(out)[-1]
    # The same file replayed under the daily's rules shows the reply those rules choose.
    status, out, _ = verify(capsys, write(tmp_path, game), "--seed", FREE_SEED,
                            "--draw-rules", "daily")
    assert status == EXIT_DIFFERENT
    assert f"DIFFERENT: the computer plays {daily_choice} here" in reply_lines(out)[-1]


def test_the_free_games_pdn_carries_its_mode_and_verifies(
    reply_that_depends_on_the_rules: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dames.pdn import export_game

    game = reply_that_depends_on_the_rules
    tags = {"Mode": "free", "Seed": FREE_SEED, "Level": game["level"], "AiVersion": AI_VERSION}
    computer = f"Computer ({game['level']})"
    tags.update({"White": "Player", "Black": computer} if game["playerColor"] == "white"
                else {"White": computer, "Black": "Player"})
    pdn = export_game(variant="english", start_fen=None, moves=game["moves"], winner=None,
                      finished=False, tags=tags)
    status, out, _ = verify(capsys, write(tmp_path, pdn, "free.pdn"))
    assert status == EXIT_CONFIRMED, out
    assert "free, english, level facile" in out and "fmjd draw rules" in out


def test_a_tampered_reply_of_a_free_game_is_reported(
    reply_that_depends_on_the_rules: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = reply_that_depends_on_the_rules
    changed, honest, other = tampered(game, len(game["moves"]) - 1)
    status, out, _ = verify(capsys, write(tmp_path, changed), "--seed", FREE_SEED)
    assert status == EXIT_DIFFERENT
    assert f" {other} " in reply_lines(out)[-1]
    assert f"DIFFERENT: the computer plays {honest} here" in reply_lines(out)[-1]
