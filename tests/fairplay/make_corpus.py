"""Generate the labelled fair-play corpus (tests/fairplay/corpus/*.json), reproducibly.

Every game is a daily-like game: the player is White against the daily's computer
(``dames.ai.choose_move`` at ``defi`` with the game's seed, as the server replies), and each
White move comes with the time the server would have measured and the pause it would have
credited. Labels:

- ``bot``: the engine picks every White move — at ``fort`` at the 0.3 s floor, at a
  reproducible ``maitre``-strength search (the analysis's deep search: depth 64, 60 000
  work units) with human-like random delays, at ``fort`` with a pause before every move —
  and a bot's line replayed by another player at the floor (its line is another's entry).
- ``human``: as close to a person as we can make: each move drawn from weaker choices
  (``fort`` one time in ten, ``defi`` three, ``facile`` four, else a random legal move: about
  the 30–40 % agreement with ``fort`` that grandmasters show),
  with human move times (log-normal, a few seconds, now and then a long think) and the odd
  pause.

Each game is analysed once (``dames.analysis.analyse_game``) and stored with its analysis, so
``bench/fairplay.py`` and the tests judge the corpus without searching. CPU: a few seconds a
game; run with ``nice``. Usage: ``PYTHONPATH=engine_layer:backend_layer python
tests/fairplay/make_corpus.py [--per-kind N] [--humans N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import dames
import dames.ai
from dames.ai.levels import Level, get_level
from dames.ai.player import search_position
from dames.analysis import AnalysisBudget, analyse_game

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
DAILY_LEVEL = "defi"
DRAW_RULES = "defi"
# The corpus's games stop after 15 White moves, and their analysis budget covers most of
# them in full (the server's default budget covers a whole game): the machine that makes
# the corpus is shared by eight sessions, and an analysed ply costs about a second here.
MAX_PLIES = 30
CORPUS_BUDGET = AnalysisBudget(total_nodes=700_000)
MAITRE_FIXED = Level(name="maitre-fixed", depth=64, node_budget=60_000)

Chooser = Callable[[dames.Board, random.Random], dames.Move]
Timer = Callable[[random.Random], tuple[int, int]]  # → (move ms, paused ms)


def engine_choice(level: Level) -> Chooser:
    def choose(board: dames.Board, rng: random.Random) -> dames.Move:
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        found, result = search_position(board, level)
        return found[result.best[0]]

    return choose


def human_choice(board: dames.Board, rng: random.Random) -> dames.Move:
    """A weaker player's move: sometimes the strong one, mostly a plausible one."""
    moves = board.legal_moves()
    if len(moves) == 1:
        return moves[0]
    draw = rng.random()
    if draw < 0.10:
        level = get_level("fort")
    elif draw < 0.40:
        level = get_level("defi")
    elif draw < 0.80:
        level = get_level("facile")
    else:
        return rng.choice(moves)
    found, result = search_position(board, level)
    return found[rng.choice(result.best)]


def at_floor(rng: random.Random) -> tuple[int, int]:
    return rng.randint(5, 150), 0


def random_delays(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1500, 6000), 0


def pause_every_move(rng: random.Random) -> tuple[int, int]:
    return rng.randint(300, 900), rng.randint(3000, 15000)


def human_times(rng: random.Random) -> tuple[int, int]:
    spent = int(rng.lognormvariate(8.6, 0.8))  # median ≈ 5.4 s
    if rng.random() < 0.08:
        spent += rng.randint(10_000, 40_000)  # a long think
    paused = rng.randint(5_000, 120_000) if rng.random() < 0.04 else 0
    return spent, paused


def play(seed: str, choose: Chooser, timer: Timer, rng: random.Random) -> dict[str, Any]:
    """A game of White (``choose``) against the daily's computer with ``seed``."""
    board = dames.Board(None, variant="international", draw_rules=DRAW_RULES)
    moves: list[str] = []
    move_ms: list[int] = []
    paused_ms: list[int] = []
    while board.outcome() is None and board.ply < MAX_PLIES:
        if board.turn == dames.WHITE:
            move = choose(board, rng)
            spent, paused = timer(rng)
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


KINDS: dict[str, tuple[str, Chooser, Timer]] = {
    "human-like": ("human", human_choice, human_times),
    "bot-fort-floor": ("bot", engine_choice(get_level("fort")), at_floor),
    "bot-maitre-delays": ("bot", engine_choice(MAITRE_FIXED), random_delays),
    "bot-fort-pauses": ("bot", engine_choice(get_level("fort")), pause_every_move),
}


def analysed(game: dict[str, Any]) -> dict[str, Any]:
    started = time.process_time()
    analysis = analyse_game(
        variant="international", start_fen=None, moves=game["moves"], draw_rules=DRAW_RULES,
        budget=CORPUS_BUDGET,
    )
    game["analysis"] = analysis.to_dict()
    game["analysisCpuSeconds"] = round(time.process_time() - started, 2)
    return game


def _write(out: Path, record: dict[str, Any]) -> None:
    (out / f"{record['name']}.json").write_text(json.dumps(record, separators=(",", ":")))


def generate(per_kind: int, humans: int, out: Path) -> None:
    """Round-robin over the kinds (a corpus cut short stays balanced); existing files are
    kept, so an interrupted run resumes."""
    out.mkdir(parents=True, exist_ok=True)
    for index in range(max(per_kind, humans)):
        for kind, (label, choose, timer) in KINDS.items():
            if index >= (humans if label == "human" else per_kind):
                continue
            name = f"{kind}-{index:02d}"
            if (out / f"{name}.json").exists():
                continue
            rng = random.Random(name)
            game = play(f"corpus-{name}", choose, timer, rng)
            record = analysed({"name": name, "label": label, "kind": kind, "sameLine": False,
                               **game})
            _write(out, record)
            print(name, len(game["moves"]), game["winner"], record["analysisCpuSeconds"],
                  flush=True)
            if kind == "bot-fort-floor" and index % 2 == 0:
                # The same line, replayed at the floor by another player on the same board.
                times = [at_floor(rng) for _ in game["moveMs"]]
                _write(out, {**record, "name": f"bot-replayed-{index:02d}",
                             "kind": "bot-replayed", "sameLine": True,
                             "moveMs": [t for t, _ in times],
                             "movePausedMs": [p for _, p in times]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=4, help="games per bot kind")
    parser.add_argument("--humans", type=int, default=10, help="human-like games")
    parser.add_argument("--out", type=Path, default=CORPUS_DIR)
    args = parser.parse_args()
    generate(args.per_kind, args.humans, args.out)


if __name__ == "__main__":
    main()
