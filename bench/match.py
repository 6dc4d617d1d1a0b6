"""Matches of the project's levels against Scan 2.0, py-draughts 1.10.1 and each other.

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/match.py \
        --scan /path/to/scan --pyd-python /path/to/pyd-venv/bin/python \
        --pair fort:scan-d5 --pair maitre@250000:scan-d6 --games 10 [--ladder] [--out log.json]

A player is one of
- a project level: `facile`, `defi`, `fort`, `maitre`; `maitre@N` plays `maitre` with a work
  budget of N and no clock (load-proof: on a busy machine a clock cuts the depth unevenly; about
  100 000 units of work is one CPU-second of `maitre` on this kind of machine); `maitre@tMS`
  plays it on a clock of MS milliseconds a move instead of its own; `fort~learned`
  / `fort~handset` force the evaluation (dames.ai.learned or dames.ai.evaluation);
  `maitre~/path/weights.json` plays the learned evaluation with that weights file;
  `maitre~/path/weights.dmw` plays the native core with that weights blob, `maitre~handset`
  with the core's hand-set evaluation, plain `maitre` as shipped: its play weights where a
  variant has them (`weights/play-<variant>.dmw`), else the shipped blob (each native player
  loads its own into the core's first set before each of its moves, and a named one is
  searched with that set);
- `scan-dN` / `scan-tMS`: Scan 2.0 at depth N or MS milliseconds a move, through its Hub
  version 1 protocol (`hub`, `set book false`, `init`, then per move `start`, `move ...` for
  every move played so far, `depth N` or `time MS`, `go`), so it sees the game's history;
- `pyd-dN` / `pyd-tS`: py-draughts' TurboEngine at depth N or S seconds, in its own virtualenv
  (bench/pydraughts_driver.py), given the whole game.

Scan is a measuring instrument only: never shipped, copied or built by this repository. Build
Scan 2.0 (public repository rhalbersma/scan, commit 57082ee) in a scratch folder outside the
repository and pass its binary with `--scan` or `$SCAN` (it must sit beside its `data/` and
`scan.ini`). `--pyd-python` or `$PYD_PYTHON` is the python of a virtualenv holding
`py-draughts==1.10.1`.

Every pairing plays `--games` games (numbered from `--first-game`), colours alternating, from a
fixed list of two-move starts (game 2k and 2k+1 share a start with colours swapped); past its
twelve starts (game 24 on), each pair of games starts from its own opening of 4–8 plies, each
drawn (seeded by the pair's number) among the moves a 2 000-node search of the native core
scores within 25 centi-men of the best (`selfplay_native.near_best`). Before 2026-12-07 the
list started again, so two players on node budgets replayed games 0–23 move for move. Games are
refereed by the engine's `Board` under the federation's draw rules (threefold repetition, 25
king moves, the small-endgame counts); a game still running after `--max-plies` is adjudicated a
draw. The project's levels search with the game's history (the `Board` carries it), like the
server's calls.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from pathlib import Path

from dames.ai.learned import select_weights
from dames.ai.levels import LEVELS
from dames.ai.player import search_position
from dames.board import Board
from dames.move import Move

try:  # imported as bench.match (the tests), or run as a script from bench/
    from bench.openings import opening_of, start_position
except ImportError:
    from openings import opening_of, start_position  # type: ignore[no-redef]

LADDER = [("defi", "facile"), ("fort", "defi"), ("maitre", "fort")]
Identity = tuple[int, int, frozenset[int]]


def identity(move: Move) -> Identity:
    return move.start, move.end, frozenset(move.captures)


def find_move(board: Board, wanted: Identity, who: str) -> Move:
    for move in board.legal_moves():
        if identity(move) == wanted:
            return move
    raise RuntimeError(f"{who} played an illegal move {wanted} in {board.fen()}")


class Player:
    name: str

    def move(self, board: Board) -> Move:
        raise NotImplementedError

    def new_game(self) -> None:
        """Called before each game."""

    def close(self) -> None:
        """Called once at the end."""


class NativeWeights(Enum):
    """The native weights a player names without a file."""

    SHIPPED = "shipped"
    HANDSET = "handset"


class LevelPlayer(Player):
    """A project level, searched in-process on the game's `Board` (history included), in a
    thread of its own: a clocked level keeps its table across moves per thread, and two
    levels of one match must not feed each other's."""

    def __init__(self, spec: str) -> None:
        self.worker = ThreadPoolExecutor(max_workers=1)
        name, _, work = spec.partition("@")
        name, _, evaluation = name.partition("~")
        name, _, switched_off = name.partition("-no")  # e.g. maitre-noprobcut: a feature off
        level = LEVELS[name]
        if switched_off:
            level = replace(level, **{switched_off: False})
        if work.startswith("t"):
            level = replace(level, time_limit=int(work[1:]) / 1000)
        elif work:
            level = replace(level, node_budget=int(work), time_limit=None)
        # `maitre~/path/weights.json`: the learned evaluation with another weights file.
        self.weights = Path(evaluation) if evaluation.endswith(".json") else None
        # The native core's weights are process-wide, so a native player loads its own before
        # each of its moves: a blob's path, the core's built-in terms, or the shipped blob
        # when none is named (else it would play with its opponent's).
        native_spec = level.native and (evaluation.endswith(".dmw") or evaluation == "handset")
        if native_spec:  # the named weights go in the core's first set: search with it
            level = replace(level, play_weights=False)
        self.native_weights: Path | NativeWeights = (
            NativeWeights.HANDSET if native_spec and evaluation == "handset"
            else Path(evaluation) if native_spec else NativeWeights.SHIPPED)
        self.native_blobs: dict[str, bytes | None] = {}  # per variant, read once
        if evaluation and not native_spec:
            level = replace(level, learned=evaluation == "learned" or self.weights is not None)
        self.level = level
        self.name = spec

    def move(self, board: Board) -> Move:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.worker.submit(self._search, board).result()

    def _search(self, board: Board) -> Move:
        select_weights(self.weights)
        if self.level.native:
            self._load_native_weights(board.variant.name)
        moves, result = search_position(board, self.level)
        return moves[result.best[0]]

    def _load_native_weights(self, variant: str) -> None:
        from dames.native import available, library
        from dames.native.weights import path_for, use

        if not available():
            return
        if variant not in self.native_blobs:
            blob = None  # the hand-set terms, or a variant that ships no blob
            if self.native_weights is NativeWeights.SHIPPED:
                shipped = path_for(variant)
                blob = shipped.read_bytes() if shipped.exists() else None
            elif isinstance(self.native_weights, Path):
                blob = self.native_weights.read_bytes()
            self.native_blobs[variant] = blob
        use(library(), variant, self.native_blobs[variant])

    def new_game(self) -> None:
        from dames.ai import player

        forget = getattr(player, "forget_kept_tables", None)
        if forget is not None:  # absent before the kept table existed (baseline runs)
            self.worker.submit(forget).result()

    def close(self) -> None:
        self.worker.shutdown()


class PipeEngine(Player):
    def __init__(self, command: list[str], cwd: str | None) -> None:
        self.proc = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} exited")
            if line.startswith(prefix):
                return line.strip()
            if line.startswith("error"):
                raise RuntimeError(f"{self.name}: {line.strip()}")

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class ScanPlayer(PipeEngine):
    """Scan 2.0 through Hub version 1; its opening book off."""

    def __init__(self, spec: str, binary: str) -> None:
        self.name = spec
        kind, value = spec[5], spec[6:]
        self.limit = f"depth {int(value)}" if kind == "d" else f"time {int(value)}"
        path = Path(binary).resolve()
        super().__init__([str(path), "hub"], cwd=str(path.parent))
        self.send("hub")
        self.read_until("wait")
        self.send("set book false")
        self.send("init")
        self.read_until("ready")

    def new_game(self) -> None:
        self.send("new")

    def move(self, board: Board) -> Move:
        self.send("start")
        for played in board.move_stack:
            self.send(f"move {played.hub()}")
        self.send(self.limit)
        self.send("go")
        words = self.read_until("move ").split()
        text = words[1]
        separator = "x" if "x" in text else "-"
        squares = [int(s) for s in text.split(separator)]
        return find_move(board, (squares[0], squares[1], frozenset(squares[2:])), self.name)


class PydPlayer(PipeEngine):
    """py-draughts' TurboEngine, given the game from the start each move."""

    def __init__(self, spec: str, python: str) -> None:
        self.name = spec
        kind, value = spec[4], spec[5:]
        self.args = f"{value} -" if kind == "d" else f"- {value}"
        driver = Path(__file__).with_name("pydraughts_driver.py")
        super().__init__([python, str(driver)], cwd=None)

    def move(self, board: Board) -> Move:
        played = " ".join(
            f"{m.start}:{m.end}:{','.join(str(c) for c in sorted(m.captures)) or '-'}"
            for m in board.move_stack
        )
        self.send(f"go {self.args} {played}")
        words = self.read_until("move ").split()
        caps = frozenset() if words[3] == "-" else frozenset(int(c) for c in words[3].split(","))
        return find_move(board, (int(words[1]), int(words[2]), caps), self.name)


def make_player(spec: str, args: argparse.Namespace) -> Player:
    if spec.startswith("scan-"):
        if not args.scan:
            raise SystemExit("give Scan's binary with --scan or $SCAN")
        return ScanPlayer(spec, args.scan)
    if spec.startswith("pyd-"):
        if not args.pyd_python:
            raise SystemExit("give py-draughts' python with --pyd-python or $PYD_PYTHON")
        return PydPlayer(spec, args.pyd_python)
    return LevelPlayer(spec)


@dataclass
class GameResult:
    white: str
    black: str
    opening: str
    result: str  # "1-0", "0-1", "1/2"
    reason: str
    plies: int
    seconds: dict[str, float] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    material: str = ""  # at the end, e.g. "W 3K / B 1K": which side a draw left ahead
    number: int = -1  # the game's number in its pairing (even: the first player has White)


def material(board: Board) -> str:
    """The pieces left, men and kings per side ("W 2+1K / B 1K")."""
    sides = []
    for letter, pieces in (("W", board.white), ("B", board.black)):
        men, kings = (pieces & ~board.kings).bit_count(), (pieces & board.kings).bit_count()
        parts = ([str(men)] if men else []) + ([f"{kings}K"] if kings else [])
        sides.append(f"{letter} {'+'.join(parts) or '0'}")
    return " / ".join(sides)


def play(white: Player, black: Player, opening: tuple[str, ...], max_plies: int) -> GameResult:
    board = start_position(opening)
    for player in (white, black):
        player.new_game()
    spent = {white.name: 0.0, black.name: 0.0} if white.name != black.name else {white.name: 0.0}
    while board.ply < max_plies:
        outcome = board.outcome()
        if outcome is not None:
            result = "1/2" if outcome.winner is None else (
                "1-0" if int(outcome.winner) == 0 else "0-1")
            return GameResult(white.name, black.name, " ".join(opening), result, outcome.reason,
                              board.ply, spent, [m.hub() for m in board.move_stack],
                              material(board))
        player = white if int(board.turn) == 0 else black
        started = time.perf_counter()
        move = player.move(board)
        spent[player.name] += time.perf_counter() - started
        board.push(move)
    return GameResult(white.name, black.name, " ".join(opening), "1/2", "ply-limit", board.ply,
                      spent, [m.hub() for m in board.move_stack], material(board))


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: float = 0.0
    moves: int = 0

    def score(self) -> float:
        games = self.wins + self.draws + self.losses
        return 100.0 * (self.wins + self.draws / 2) / games if games else 0.0


def run_pairing(first: Player, second: Player, games: range, max_plies: int,
                log: list[GameResult], out: Path | None) -> Tally:
    """The games numbered `games`, colours alternating; the tally is `first`'s. `out` is
    rewritten after every game, so a run cut short keeps the games it finished."""
    tally = Tally()
    for number in games:
        opening = opening_of(number // 2)
        white, black = (first, second) if number % 2 == 0 else (second, first)
        game = replace(play(white, black, opening, max_plies), number=number)
        log.append(game)
        if out is not None:
            out.write_text(json.dumps([asdict(g) for g in log], indent=1))
        ours = "1-0" if white is first else "0-1"
        if game.result == "1/2":
            tally.draws += 1
        elif game.result == ours:
            tally.wins += 1
        else:
            tally.losses += 1
        tally.seconds += game.seconds.get(first.name, 0.0)
        tally.moves += (game.plies - 2 + (1 if white is first else 0)) // 2
        print(f"  game {number + 1}: {white.name} - {black.name} ({game.opening}) "
              f"{game.result} {game.reason}, {game.plies} plies, {game.material}", flush=True)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--pyd-python", default=os.environ.get("PYD_PYTHON"))
    parser.add_argument("--pair", action="append", default=[],
                        help="FIRST:SECOND, e.g. fort:scan-d5 (W-D-L is FIRST's)")
    parser.add_argument("--ladder", action="store_true",
                        help="also play each level against the one below it")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-game", type=int, default=0,
                        help="number of the first game (0): a 20-game table can be played as "
                             "games 0-9 and 10-19 in two processes, one per core")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--out", type=Path, default=None, help="write every game as JSON")
    args = parser.parse_args()
    pairs = [tuple(p.split(":", 1)) for p in args.pair]
    if args.ladder:
        pairs += LADDER
    if not pairs:
        parser.error("nothing to play: give --pair and/or --ladder")
    rows: list[tuple[str, str, Tally]] = []
    log: list[GameResult] = []
    games = range(args.first_game, args.first_game + args.games)
    for first_spec, second_spec in pairs:
        print(f"{first_spec} vs {second_spec}, {args.games} games", flush=True)
        first, second = make_player(first_spec, args), make_player(second_spec, args)
        try:
            rows.append((first_spec, second_spec,
                         run_pairing(first, second, games, args.max_plies, log, args.out)))
        finally:
            first.close()
            second.close()
    print()
    print("| project side | opponent | games | W-D-L | score | s/move (project side) |")
    print("|---|---|---|---|---|---|")
    for first_spec, second_spec, t in rows:
        per_move = t.seconds / t.moves if t.moves else 0.0
        print(f"| {first_spec} | {second_spec} | {t.wins + t.draws + t.losses} | "
              f"{t.wins}-{t.draws}-{t.losses} | {t.score():.1f} % | {per_move:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
