"""Make the labelled fair-play corpus (tests/fairplay/corpus/*.json), reproducibly.

Two stages, each resumable (a record already written is kept):

- ``play``: daily-like games, White against the daily's computer (``defi``, the game's
  seed), each White move with the time the server would measure and the pause it would
  credit. Bots: Scan 2.0 (depth 6 and 8: a sparring partner, never shipped) paced like a
  person, mixed with weaker moves, answering at the floor, consulted behind a hidden tab;
  the project's strongest level paced; ``fort``'s second-best move where close; another
  entry's line replayed with one move changed (``copyOf``). People: the published games of
  tests/fairplay/human (both sides, judged as if each had played the computer, with a
  person's times drawn for them) and human-like synthetic games (several on one seed, as a
  day's players share the daily's).
- ``judge``: each side's judgement (``dames_backend.fairplay.judge.judge_sides``, the very
  function a claim's job runs, at ``JUDGE_LEVEL``), stored in the record.

Then ``bench/fairplay_fit.py`` fits the score and ``bench/fairplay.py`` prints the rates.

    PYTHONPATH=engine_layer:backend_layer:. nice python bench/fairplay_corpus.py play \\
        --scan /path/to/scan
    PYTHONPATH=engine_layer:backend_layer:. nice python bench/fairplay_corpus.py judge \\
        [--jobs 2] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import dames
from dames.ai.levels import get_level
from dames_backend.fairplay.judge import JUDGE_VERSION, judge_sides

from bench.fairplay_bots import (
    DRAW_RULES,
    MAITRE_BOT,
    Mover,
    Pauses,
    Timer,
    engine,
    fast_line_time,
    human_choice,
    human_games,
    human_time,
    mixed,
    paced_engine_time,
    play,
    safe_random,
    scan,
    second_best,
)

CORPUS_DIR = Path(__file__).resolve().parents[1] / "tests" / "fairplay" / "corpus"
HUMAN_SEEDS = 4  # synthetic people share these daily seeds, three players each


def _write(out: Path, record: dict[str, Any]) -> None:
    """Atomically (a stage cut short never leaves half a record)."""
    path = out / f"{record['name']}.json"
    partial = path.with_suffix(".part")
    partial.write_text(json.dumps(record, separators=(",", ":")))
    partial.replace(path)


def _bot_kinds(binary: str) -> dict[str, tuple[int, Callable[[int], tuple[Mover, Timer]]]]:
    """Each bot kind: how many games, and its (mover, timer) for game ``index``."""
    scans = {6: scan(6, binary), 8: scan(8, binary)}

    def by_depth(index: int) -> Mover:
        return scans[6 if index % 2 else 8]

    return {
        "scan-paced": (8, lambda i: (by_depth(i), paced_engine_time)),
        "scan-mixed": (6, lambda i: (mixed(by_depth(i)), paced_engine_time)),
        "scan-fast": (3, lambda i: (by_depth(i), fast_line_time)),
        "scan-paused": (4, lambda i: (by_depth(i), Pauses(28 if i % 2 else 7))),
        "maitre-paced": (4, lambda i: (engine(MAITRE_BOT), paced_engine_time)),
        "fort-second": (3, lambda i: (second_best(get_level("fort")), paced_engine_time)),
    }


def _side(move_ms: list[int], paused: list[int]) -> dict[str, Any]:
    return {"moveMs": move_ms, "movePausedMs": paused}


def _game_record(name: str, label: str, kind: str, game: dict[str, Any],
                 **extra: Any) -> dict[str, Any]:
    return {"name": name, "label": label, "kind": kind, "seed": game["seed"],
            "moves": game["moves"], "winner": game["winner"],
            "sides": {"white": _side(game["moveMs"], game["movePausedMs"])}, **extra}


def _copy(original: dict[str, Any], name: str, mover: Mover, rng: random.Random,
          ) -> dict[str, Any]:
    """The original's White line replayed with one move changed late (then the engine): the
    first White move from a random late one on that had another choice."""
    white = original["moves"][0::2]
    change = rng.randint(max(5, len(white) * 2 // 3), max(6, len(white) - 2))
    board = dames.Board(None, variant="international", draw_rules=DRAW_RULES)
    for text in original["moves"][: 2 * change]:
        board.push(next(m for m in board.legal_moves() if str(m) == text))
    while len(board.legal_moves()) < 2 and 2 * change + 2 < len(original["moves"]):
        for text in original["moves"][2 * change : 2 * change + 2]:
            board.push(next(m for m in board.legal_moves() if str(m) == text))
        change += 1
    picks = (str(safe_random(board, rng)) for _ in range(20))
    other = next((m for m in picks if m != white[change]),
                 next(str(m) for m in board.legal_moves() if str(m) != white[change]))
    start = [*white[:change], other]
    game = play(original["seed"], mover, paced_engine_time, rng, start=start)
    return _game_record(name, "bot", "copy", game, copyOf=original["name"], changedAt=change)


def play_stage(out: Path, binary: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for kind, (count, make) in _bot_kinds(binary).items():
        for index in range(count):
            name = f"{kind}-{index:02d}"
            if (out / f"{name}.json").exists():
                continue
            rng = random.Random(name)
            mover, timer = make(index)
            started = time.monotonic()
            game = play(f"corpus-{name}", mover, timer, rng)
            _write(out, _game_record(name, "bot", kind, game))
            print(name, game["winner"],
                  f"{time.monotonic() - started:.0f}s", flush=True)
    for index in range(4):
        name = f"copy-{index:02d}"
        source = out / f"scan-paced-{index:02d}.json"
        if (out / f"{name}.json").exists() or not source.exists():
            continue
        rng = random.Random(name)
        _write(out, _copy(json.loads(source.read_text()), name, scan(8, binary), rng))
        print(name, flush=True)
    for index in range(HUMAN_SEEDS * 3):
        name = f"human-like-{index:02d}"
        if (out / f"{name}.json").exists():
            continue
        rng = random.Random(name)
        game = play(f"corpus-human-{index % HUMAN_SEEDS}", human_choice, human_time, rng)
        _write(out, _game_record(name, "human", "human-like", game))
        print(name, game["winner"], flush=True)
    for human in human_games():
        name = f"people-{human.name}"
        if (out / f"{name}.json").exists():
            continue
        rng = random.Random(name)
        board = dames.Board(None, variant="international", draw_rules=DRAW_RULES)
        times: dict[str, tuple[list[int], list[int]]] = {"white": ([], []), "black": ([], [])}
        for text in human.moves:
            if board.outcome() is not None:
                break
            spent, paused = human_time(board, rng)
            times[str(board.turn)][0].append(spent)
            times[str(board.turn)][1].append(paused)
            board.push(next(m for m in board.legal_moves() if str(m) == text))
        _write(out, {"name": name, "label": "human", "kind": "people", "seed": None,
                     "moves": list(human.moves), "winner": None,
                     "players": {"white": human.white, "black": human.black},
                     "sides": {side: _side(*pair) for side, pair in times.items()}})


def _judge_file(path: Path) -> str:
    record = json.loads(path.read_text())
    sides = list(record["sides"])
    reports = judge_sides(variant="international", start_fen=None, moves=record["moves"],
                          draw_rules=DRAW_RULES, sides=sides)
    for side, report in reports.items():
        record["sides"][side]["judge"] = report.to_dict()
    _write(path.parent, record)
    return f"{record['name']} {reports[sides[0]].cpu_seconds:.0f}s"


def judge_stage(out: Path, jobs: int, limit: int | None) -> None:
    todo = []
    for path in sorted(out.glob("*.json")):
        record = json.loads(path.read_text())
        if any(side.get("judge", {}).get("version") != JUDGE_VERSION
               for side in record["sides"].values()):
            todo.append(path)
    # Bots and synthetic people first (few), then the published games in a seeded order
    # mixing the collections (a run cut short still samples them all).
    people = sorted(path for path in todo if path.name.startswith("people-"))
    random.Random("judge-order").shuffle(people)
    todo = [path for path in todo if not path.name.startswith("people-")] + people
    todo = todo[:limit] if limit is not None else todo
    with Pool(jobs) as pool:
        for line in pool.imap_unordered(_judge_file, todo):
            print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("play", "judge"))
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--out", type=Path, default=CORPUS_DIR)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    if args.stage == "play":
        if not args.scan:
            raise SystemExit("give Scan's binary with --scan or $SCAN")
        play_stage(args.out, args.scan)
    else:
        judge_stage(args.out, args.jobs, args.limit)


if __name__ == "__main__":
    main()
