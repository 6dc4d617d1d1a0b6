"""At which budget do an outside engine's moves look like a strong engine's to the judge?

For positions where Scan 2.0 (depth 6 and 8, White against the daily's computer), the
project's strongest level and people (tests/fairplay/human: championship and club games)
chose a move, prints how often that move is among the equally best moves of ``fort`` (the
old judge) and of the judge's engine (``dames_backend.fairplay.judge.JUDGE_LEVEL``'s kind of
level) at each budget, and the CPU a search costs. The judge's budget is where Scan's agreement
stands well clear of the people's.

    PYTHONPATH=engine_layer:backend_layer:. nice python bench/fairplay_depth.py \\
        (--scan /path/to/scan | --corpus) [--positions 120] [--budgets 50000,200000,1000000] \\
        [--fort] [--out /tmp/depth.jsonl]

``--corpus`` takes the engines' positions from the labelled corpus instead of playing new
games (tests/fairplay/corpus: White's moves of the ``scan-paced``, ``scan-fast`` and
``scan-paused`` records are Scan's, at depth 8 for an even index and 6 for an odd one; the
``maitre-paced`` ones the strongest level's): no Scan needed. The budgets are the judge's own
kind of level (``JUDGE_LEVEL``: the native core's nodes where it is built); ``--fort`` adds
``fort`` (the per-level agreement, a Python search: most of the CPU).

Scan is a sparring partner only (never shipped): build it outside the repository (README of
bench/match.py). Each position's result is appended to ``--out`` as it is found, and a rerun
with the same ``--out`` skips the positions already there.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

import dames
from dames.ai.levels import Level, get_level
from dames.ai.player import search_position
from dames_backend.fairplay.judge import JUDGE_LEVEL

from bench.fairplay_bots import (
    MAITRE_BOT,
    Mover,
    engine,
    human_games,
    paced_engine_time,
    play,
    scan,
)

OPENING_PLIES = 10  # a book's moves say little about who plays


def strong(budget: int) -> Level:
    return replace(JUDGE_LEVEL, name=f"strong@{budget}", node_budget=budget)


def positions(moves: tuple[str, ...] | list[str], side: str | None,
              source: str, game: str) -> list[dict[str, Any]]:
    """The positions with a choice (after the opening) where ``side`` (None: either) moved."""
    board = dames.Board(None, variant="international", draw_rules="daily")
    found = []
    for ply, text in enumerate(moves):
        legal = board.legal_moves()
        if board.outcome() is not None:
            break
        if ply >= OPENING_PLIES and len(legal) > 1 and (side is None or str(board.turn) == side):
            found.append({"source": source, "game": game, "ply": ply,
                          "moves": list(moves[:ply]), "played": text})
        board.push(next(m for m in legal if str(m) == text))
    return found


def engine_positions(name: str, mover: Mover, games: int, seed: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for index in range(games):
        rng = random.Random(f"{seed}-{index}")
        game = play(f"depth-{seed}-{index}", mover, paced_engine_time, rng)
        found += positions(game["moves"], "white", name, f"{seed}-{index}")  # type: ignore[arg-type]
    return found


def corpus_positions() -> dict[str, list[dict[str, Any]]]:
    """The engines' White positions of the corpus records (see the module docstring)."""
    from bench.fairplay import load_corpus

    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in load_corpus():
        kind, _, index = str(record["name"]).rpartition("-")
        if kind in ("scan-paced", "scan-fast", "scan-paused"):
            source = "scan-d8" if int(index) % 2 == 0 else "scan-d6"
        elif kind == "maitre-paced":
            source = "maitre-bot"
        else:
            continue
        found[source] += positions(record["moves"], "white", source, str(record["name"]))
    return found


def sample(found: list[dict[str, Any]], count: int, seed: str) -> list[dict[str, Any]]:
    return random.Random(seed).sample(found, min(count, len(found)))


def measure(position: dict[str, Any], levels: list[Level]) -> dict[str, Any]:
    board = dames.Board(None, variant="international", draw_rules="daily")
    for text in position["moves"]:
        board.push(next(m for m in board.legal_moves() if str(m) == text))
    row = {key: position[key] for key in ("source", "game", "ply", "played")}
    for level in levels:
        started = time.process_time()
        moves, result = search_position(board, level)
        row[level.name] = {
            "match": position["played"] in {str(moves[i]) for i in result.best},
            "cpu": round(time.process_time() - started, 3), "depth": result.depth,
        }
    return row


def report(rows: list[dict[str, Any]], names: list[str]) -> None:
    by_source: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_source[row["source"]].append(row)
    print(f"{'source':<14} {'n':>4} " + " ".join(f"{n:>16}" for n in names))
    for source, found in sorted(by_source.items()):
        cells = []
        for name in names:
            known = [r[name]["match"] for r in found if name in r]
            cells.append(f"{100 * statistics.fmean(known):5.1f} %" if known else "-")
        print(f"{source:<14} {len(found):>4} " + " ".join(f"{c:>16}" for c in cells))
    print(f"{'cpu s/search':<19} " + " ".join(
        f"{statistics.fmean(r[n]['cpu'] for r in rows if n in r):16.2f}" for n in names))
    print(f"{'median depth':<19} " + " ".join(
        f"{statistics.median(r[n]['depth'] for r in rows if n in r):16.1f}" for n in names))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scan", default=os.environ.get("SCAN"))
    parser.add_argument("--positions", type=int, default=120, help="per source")
    parser.add_argument("--games", type=int, default=4, help="engine games per source")
    parser.add_argument("--budgets", default="50000,200000,1000000")
    parser.add_argument("--corpus", action="store_true")
    parser.add_argument("--fort", action="store_true")
    parser.add_argument("--sources", help="only these sources (comma-separated), e.g. scan-d8")
    parser.add_argument("--out", type=Path, default=Path("/tmp/fairplay-depth.jsonl"))
    args = parser.parse_args()
    if not args.scan and not args.corpus:
        raise SystemExit("give Scan's binary with --scan or $SCAN, or --corpus")
    levels = ([get_level("fort")] if args.fort else []) + [
        strong(int(b)) for b in args.budgets.split(",")]
    humans = human_games()
    people: list[dict[str, Any]] = []
    club: list[dict[str, Any]] = []
    for game in humans:
        target = club if game.name.startswith(("italy", "kurnik", "delft")) else people
        target += positions(game.moves, None, "people" if target is people else "club",
                            game.name)
    todo = (sample(people, args.positions, "people") + sample(club, args.positions, "club"))
    if args.corpus:
        for name, found in sorted(corpus_positions().items()):
            todo += sample(found, args.positions, name)
    else:
        for name, mover in (("scan-d6", scan(6, args.scan)), ("scan-d8", scan(8, args.scan)),
                            ("maitre-bot", engine(MAITRE_BOT))):
            todo += sample(engine_positions(name, mover, args.games, name), args.positions,
                           name)
    if args.sources:
        todo = [p for p in todo if p["source"] in args.sources.split(",")]
    done = {(r["source"], r["game"], r["ply"]) for r in map(json.loads, args.out.open())} \
        if args.out.exists() else set()
    with args.out.open("a") as out:
        for position in todo:
            if (position["source"], position["game"], position["ply"]) in done:
                continue
            out.write(json.dumps(measure(position, levels)) + "\n")
            out.flush()
    report([json.loads(line) for line in args.out.open()], [level.name for level in levels])


if __name__ == "__main__":
    main()
