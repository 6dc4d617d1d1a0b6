"""`python -m dames hub` driven as a subprocess, the way a GUI drives it: one line at a time,
reading the answers as they come, and talking to it while it searches."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from ai_helpers import REPO
from dames import Board

START = "W" + "b" * 20 + "e" * 10 + "w" * 20
WAIT = 60.0  # generous: only a hung engine should ever reach it


class Engine:
    """A running `python -m dames hub` with a line queue fed by a reader thread."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO / "engine_layer"))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dames", "hub"], cwd=REPO, env=env, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self) -> str:
        return self.lines.get(timeout=WAIT)

    def read_until(self, prefix: str) -> list[str]:
        """Every line up to and including the first one starting with `prefix`."""
        seen = []
        while True:
            line = self.read()
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def close(self) -> None:
        if self.process.poll() is None:
            self.send("quit")
            try:
                self.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def engine() -> Iterator[Engine]:
    started = Engine()
    started.send("hub")
    started.read_until("wait")
    started.send("init")
    started.read_until("ready")
    yield started
    started.close()


def test_a_refused_pos_clears_the_position_until_a_valid_one(engine: Engine) -> None:
    engine.send(f"pos pos={START}")
    engine.send("pos pos=Wxyz")
    assert engine.read().startswith("error message=")
    engine.send("go think")
    refused = engine.read()
    assert refused.startswith("error message=") and "no position" in refused
    # A bad move in `moves=` is a refused position too, even after a valid one.
    engine.send(f"pos pos={START}")
    engine.send(f'pos pos={START} moves="32-28 11-99"')
    assert engine.read().startswith("error message=")
    engine.send("go think")
    assert "no position" in engine.read()
    # A valid position brings `go` back.
    engine.send(f'pos pos={START} moves="32-28 19-23"')
    engine.send("go think")
    assert engine.read_until("done move=")[-1].split()[1] == "move=28x19x23"


def test_level_nodes_is_obeyed(engine: Engine) -> None:
    engine.send(f"pos pos={START}")
    engine.send("level nodes=5000")
    engine.send("go analyze")
    lines = engine.read_until("done move=")
    infos = [line for line in lines if line.startswith("info ")]
    assert infos
    nodes = [int(line.split("nodes=")[1].split()[0]) for line in infos]
    assert max(nodes) <= 5000
    move = lines[-1].split()[1].removeprefix("move=")
    assert Board().parse_move(move) in Board().legal_moves()


def test_ping_is_answered_and_stop_obeyed_during_a_search(engine: Engine) -> None:
    engine.send(f"pos pos={START}")
    engine.send("level infinite")
    engine.send("go analyze")
    assert engine.read().startswith("info depth=1")  # the search is under way
    engine.send("ping")
    # Infinite: nothing but `stop` ends this search, so `pong` must come before any `done`.
    before_pong = engine.read_until("pong")
    assert not any(line.startswith("done") for line in before_pong)
    engine.send("stop")
    done = engine.read_until("done move=")[-1]
    assert Board().parse_move(done.split()[1].removeprefix("move=")) in Board().legal_moves()
    # The session goes on after a stopped search.
    engine.send("ping")
    assert engine.read() == "pong"


def test_a_lone_apostrophe_in_a_value_is_not_a_parse_error(engine: Engine) -> None:
    engine.send("set-param name=seed value=l'ami")
    engine.send('set-param name=seed value="l\'ami d\'Anne"')
    engine.send("ping")
    assert engine.read_until("pong") == ["pong"]
