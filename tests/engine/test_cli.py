"""The command line, run as a subprocess like a person or a script would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine_layer")}
    return subprocess.run(
        [sys.executable, "-m", "dames", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_perft_prints_the_count_last() -> None:
    result = run("perft", "4")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "4265"


def test_perft_with_variant_and_fen() -> None:
    result = run("perft", "--variant", "english", "3")
    assert result.stdout.strip().splitlines()[-1] == "302"
    woldouby = "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"
    result = run("perft", "--fen", woldouby, "5")
    assert result.stdout.strip().splitlines()[-1] == "215"


def test_divide_lists_moves_and_total() -> None:
    result = run("divide", "--variant", "italian", "2")
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "49"
    per_move = dict(line.split(": ") for line in lines[:-1])
    assert set(per_move) == {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}
    assert sum(int(n) for n in per_move.values()) == 49


def test_moves_prints_hub_forms() -> None:
    result = run("moves", "--fen", "W:W32,44:B17,27,39")
    assert result.stdout.split() == ["32x12x17x27"]
    result = run("moves", "--fen", "W:WK46:B28")
    assert result.stdout.split() == [f"46x{s}x28" for s in (5, 10, 14, 19, 23)]


def test_moves_requires_a_fen() -> None:
    result = run("moves")
    assert result.returncode == 2
    assert "--fen" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("perft", "--fen", "W:W31:B99", "2"),
        ("perft", "-1"),
        ("perft", "two"),
        ("perft", "--variant", "russian", "1"),
        ("moves", "--fen", "nonsense"),
    ],
)
def test_bad_input_is_a_clear_error_without_traceback(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_ai_commands_are_registered() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("perft", "divide", "moves", "bestmove", "hub"):
        assert command in result.stdout
