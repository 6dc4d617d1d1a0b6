"""Who plays the fair-play corpus and the cheater's table, and how fast.

A *mover* picks White's move in a daily-like game against the daily's computer; a *timer*
gives the time the server would measure for it and the pause it would credit (the page
hidden). Bots play an outside engine (Scan 2.0 through bench/match.py's Hub driver: a
sparring partner, never shipped, built outside the repository) or the project's own levels;
human-like players mix weaker choices. Times follow what the issue's cheater did: log-normal
around 4–6 s, longer in busy positions, quick recaptures; or at the floor; or behind a hidden
tab. Everything draws from the ``random.Random`` it is given, so a seeded game replays.

A module the benches import (Makefile ``BENCH_MODULES``), not a benchmark.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import dames
import dames.ai
from dames.ai.boardview import read_board, root_moves
from dames.ai.levels import Level, get_level
from dames.ai.player import new_searcher, search_position
from dames.board import Board
from dames.move import Move

HUMAN_DIR = Path(__file__).resolve().parents[1] / "tests" / "fairplay" / "human"
Mover = Callable[[Board, random.Random], Move]
Timer = Callable[[Board, random.Random], tuple[int, int]]  # → (move ms, paused ms)

DAILY_LEVEL = "defi"  # the daily's computer (docs/engine-api.md)
DRAW_RULES = "daily"
MAX_PLIES = 300
# The project's strongest level as a bot, reproducibly (maitre stops on the clock): about
# the depth maitre reaches in its 2.5 s here.
MAITRE_BOT = replace(get_level("maitre"), name="maitre-bot", node_budget=250_000,
                     time_limit=None, min_depth=0)
# "Close" for the second-best bot: within this many centi-men of the best.
SECOND_BEST_MARGIN = 15


def engine(level: Level) -> Mover:
    """The level's first choice (the engine's order breaks ties, as a hint would)."""

    def choose(board: Board, rng: random.Random) -> Move:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        found, result = search_position(board, level)
        return found[result.best[0]]

    return choose


def scan(depth: int, binary: str) -> Mover:
    """Scan 2.0 at a fixed depth, given the game's whole history each move."""
    from bench.match import ScanPlayer

    player = ScanPlayer(f"scan-d{depth}", binary)

    def choose(board: Board, rng: random.Random) -> Move:
        moves = board.legal_moves()
        return moves[0] if len(moves) == 1 else player.move(board)

    return choose


def safe_random(board: Board, rng: random.Random) -> Move:
    """A random move that leaves the opponent no capture, when there is one."""
    moves = board.legal_moves()
    safe = []
    for move in moves:
        after = board.copy()
        after.push(move)
        if not any(m.captures for m in after.legal_moves()):
            safe.append(move)
    return rng.choice(safe or moves)


def weaker(board: Board, rng: random.Random) -> Move:
    """What a mixing cheater plays instead of the engine: ``facile``'s move or a safe one."""
    if rng.random() < 0.5:
        return engine(get_level("facile"))(board, rng)
    return safe_random(board, rng)


def mixed(strong: Mover, weak_share: float = 6.5 / 50) -> Mover:
    """``strong`` but for a weaker move on about ``weak_share`` of the moves after the
    opening (the issue's mixing cheater: 4–9 of about 50)."""

    def choose(board: Board, rng: random.Random) -> Move:
        if board.ply >= 12 and len(board.legal_moves()) > 1 and rng.random() < weak_share:
            return weaker(board, rng)
        return strong(board, rng)

    return choose


def second_best(level: Level, margin: int = SECOND_BEST_MARGIN) -> Mover:
    """The level's second-best move where it is within ``margin`` of the best, else the best:
    a cheater who avoids the obvious first choice."""

    def choose(board: Board, rng: random.Random) -> Move:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        found, result = search_position(board, level)
        best = found[result.best[0]]
        root = read_board(board)
        public, internal = root_moves(board, root)
        others = [i for i, move in enumerate(public) if move != best]
        searcher = new_searcher(level, board.variant)
        second = searcher.search(root, [internal[i] for i in others], level.depth)
        if result.score - second.score <= margin:
            return public[others[second.best[0]]]
        return best

    return choose


def human_choice(board: Board, rng: random.Random) -> Move:
    """A club player's move, roughly: sometimes the strong one, mostly a plausible one."""
    moves = board.legal_moves()
    if len(moves) == 1:
        return moves[0]
    draw = rng.random()
    if draw < 0.10:
        level = get_level("fort")
    elif draw < 0.45:
        level = get_level("defi")
    elif draw < 0.85:
        level = get_level("facile")
    else:
        return safe_random(board, rng)
    found, result = search_position(board, level)
    return found[rng.choice(result.best)]


def _busy(board: Board) -> float:
    """How much there is to look at: the legal moves, more when a capture is in the air."""
    moves = board.legal_moves()
    return len(moves) + (4 if moves and moves[0].captures else 0)


def human_time(board: Board, rng: random.Random) -> tuple[int, int]:
    """A person's time: log-normal, median about 5 s (longer in busy positions), a forced
    move or recapture in about a second, now and then a long think or a short pause."""
    moves = board.legal_moves()
    if len(moves) == 1:
        return int(rng.lognormvariate(math.log(1100), 0.45)), 0
    median = 4500 * (0.7 + 0.04 * min(_busy(board), 20))
    spent = int(rng.lognormvariate(math.log(median), 0.7))
    if rng.random() < 0.07:
        spent += rng.randint(10_000, 40_000)
    paused = int(rng.lognormvariate(math.log(15_000), 0.8)) if rng.random() < 0.03 else 0
    return spent, paused


def paced_engine_time(board: Board, rng: random.Random) -> tuple[int, int]:
    """The issue's paced cheater: log-normal around 4–6 s, longer in complex positions,
    quick recaptures (the same shape as a person's, without the long thinks)."""
    moves = board.legal_moves()
    if len(moves) == 1 or (moves and moves[0].captures and len(moves) <= 2):
        return int(rng.lognormvariate(math.log(900), 0.35)), 0
    median = 4000 * (0.75 + 0.04 * min(_busy(board), 20))
    return int(rng.lognormvariate(math.log(median), 0.45)), 0


def fast_line_time(board: Board, rng: random.Random) -> tuple[int, int]:
    """The issue's "whole line in 27 s": a third of the answers at the floor, the rest within
    0.75 s."""
    if rng.random() < 1 / 3:
        return rng.randint(20, 280), 0
    return rng.randint(320, 750), 0


@dataclass
class Pauses:
    """A hidden tab before ``count`` of the moves (engine consulted there): about 327 s
    paused for 387 s of play in the issue's heaviest case."""

    count: int

    def __call__(self, board: Board, rng: random.Random) -> tuple[int, int]:
        spent = int(rng.lognormvariate(math.log(2500), 0.5))
        share = self.count / 50
        paused = int(rng.lognormvariate(math.log(11_000), 0.5)) if rng.random() < share else 0
        return spent, paused


def play(seed: str, choose: Mover, timer: Timer, rng: random.Random,
         start: list[str] | None = None) -> dict[str, object]:
    """A game of White (``choose``) against the daily's computer with ``seed``; ``start``
    replays given White moves first (a copier's line) while they stay legal."""
    board = dames.Board(None, variant="international", draw_rules=DRAW_RULES)
    moves: list[str] = []
    move_ms: list[int] = []
    paused_ms: list[int] = []
    copied = list(start or ())
    while board.outcome() is None and board.ply < MAX_PLIES:
        if board.turn == dames.WHITE:
            move = None
            if copied:
                wanted = copied.pop(0)
                move = next((m for m in board.legal_moves() if str(m) == wanted), None)
                if move is None:
                    copied.clear()
            if move is None:
                move = choose(board, rng)
            spent, paused = timer(board, rng)
            move_ms.append(spent)
            paused_ms.append(paused)
        else:
            move = dames.ai.choose_move(board, seed=seed, level=DAILY_LEVEL)
        moves.append(str(move))
        board.push(move)
    outcome = board.outcome()
    winner = None if outcome is None or outcome.winner is None else str(outcome.winner)
    return {"seed": seed, "moves": moves, "moveMs": move_ms, "movePausedMs": paused_ms,
            "winner": winner}


@dataclass(frozen=True)
class HumanGame:
    """A published game between people (tests/fairplay/human, SOURCES.md says whence)."""

    name: str
    moves: tuple[str, ...]  # full paths, as the server stores a game's moves
    white: str
    black: str


def human_games(directory: Path = HUMAN_DIR, min_plies: int = 30) -> list[HumanGame]:
    """Every international game of the collection played from the initial position, at
    least ``min_plies`` long, each distinct move list once, in file and game order."""
    from dames.pdn import PdnUnreadGame, iter_games

    initial = dames.Board(None).fen()
    seen: set[tuple[str, ...]] = set()
    games: list[HumanGame] = []
    for path in sorted(directory.glob("*.pdn")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for game in iter_games(text, default_variant="international", max_steps=10**9):
            if isinstance(game, PdnUnreadGame) or game.variant != "international":
                continue
            if dames.Board(game.start_fen).fen() != initial or len(game.moves) < min_plies:
                continue
            moves = tuple(str(move) for move in game.moves)
            if moves in seen:
                continue
            seen.add(moves)
            games.append(HumanGame(f"{path.stem}-{game.index:03d}", moves,
                                   game.tags.get("White", "?"), game.tags.get("Black", "?")))
    return games
