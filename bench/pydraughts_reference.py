"""py-draughts, the reference of bench/perft.py, driven in a subprocess of its own virtualenv.

py-draughts is GPL: it lives only in the benchmark's virtualenv `.venv-bench` (created and
filled on first use) and runs in a subprocess; nothing of it is imported into the project.
Not a benchmark itself (the Makefile's BENCH_MODULES).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH_VENV = ROOT / ".venv-bench"
PY_DRAUGHTS = "py-draughts==1.10.1"

# Runs inside .venv-bench: answers one JSON line per command read on stdin.
REFERENCE_SERVER = r"""
import json, sys, time
import draughts
from draughts.engines.turbo import perft_from_board

with open(sys.argv[1]) as fh:
    fens = [line.strip() for line in fh if line.strip()]

def api_perft(board, d):
    moves = board.legal_moves
    if d == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += api_perft(board, d - 1)
        board.pop()
    return total

def timed(fn):
    c, w = time.process_time(), time.perf_counter()
    result = fn()
    return result, time.process_time() - c, time.perf_counter() - w

print(json.dumps({"version": draughts.__version__}), flush=True)
for line in sys.stdin:
    command, _, arg = line.strip().partition(" ")
    if command == "turbo":
        nodes, cpu, wall = timed(lambda: perft_from_board(draughts.Board(), int(arg)))
        reply = {"nodes": nodes, "cpu": cpu, "wall": wall}
    elif command == "api":
        nodes, cpu, wall = timed(lambda: api_perft(draughts.Board(), int(arg)))
        reply = {"nodes": nodes, "cpu": cpu, "wall": wall}
    elif command == "moves":
        boards = [draughts.Board.from_fen(f) for f in fens]
        counts, cpu, wall = timed(lambda: [len(b.legal_moves) for b in boards])
        reply = {"counts": counts, "cpu": cpu, "wall": wall}
    else:
        break
    print(json.dumps(reply), flush=True)
"""


def ensure_reference_venv() -> Path:
    """Create `.venv-bench` with py-draughts on first use; return its python."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"# creating {BENCH_VENV} with {PY_DRAUGHTS} (first run only)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_VENV)], check=True)
    check = subprocess.run([str(python), "-c", "import draughts"], capture_output=True)
    if check.returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PY_DRAUGHTS], check=True)
    return python


class Reference:
    """py-draughts in a subprocess of the benchmark virtualenv."""

    def __init__(self, fens: list[str]) -> None:
        python = ensure_reference_venv()
        with tempfile.NamedTemporaryFile("w", suffix=".fens", delete=False) as fh:
            fh.write("\n".join(fens))
            self._fens_path = fh.name
        self._proc = subprocess.Popen(
            [str(python), "-c", REFERENCE_SERVER, self._fens_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = self._read()["version"]

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("the py-draughts subprocess stopped")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def ask(self, command: str) -> dict[str, Any]:
        assert self._proc.stdin is not None
        self._proc.stdin.write(command + "\n")
        self._proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=30)
        os.unlink(self._fens_path)
