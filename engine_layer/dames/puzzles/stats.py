"""The figures docs/puzzles.md quotes: a set's size, the run's time and yield per source, and
how often each theme occurs (``python -m dames.puzzles stats``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from dames.puzzles.generate import runs_path
from dames.puzzles.model import Puzzle

KINDS = {"pdn": "published games", "selfplay": "self-play (hunter)",
         "selfplay-pair": "self-play (pair)"}


def _kind(key: str) -> str:
    return KINDS[key.split(":", 1)[0]]


def yield_lines(out: Path) -> list[str]:
    log = runs_path(out)
    totals: dict[str, Counter[str]] = {}
    cpu: Counter[str] = Counter()
    if log.exists():
        for line in log.read_text().splitlines():
            row = json.loads(line)
            kind = _kind(row["key"])
            totals.setdefault(kind, Counter()).update(
                games=1, positions=row["positions"], candidates=row["candidates"],
                puzzles=row["puzzles"])
            cpu[kind] += row["cpu"]
    lines = ["| source | games | positions | candidates | puzzles | CPU h | puzzles / CPU h |",
             "|---|---|---|---|---|---|---|"]
    for kind, count in sorted(totals.items()):
        hours = cpu[kind] / 3600
        rate = count["puzzles"] / hours if hours else 0.0
        lines.append(f"| {kind} | {count['games']} | {count['positions']} | "
                     f"{count['candidates']} | {count['puzzles']} | {hours:.2f} | {rate:.0f} |")
    return lines


def theme_lines(puzzles: list[Puzzle]) -> list[str]:
    counters = {name: Counter[str]() for name in
                ("coup", "phase", "moves", "menGiven", "finalCapture")}
    flags: Counter[str] = Counter()
    for puzzle in puzzles:
        for name, counter in counters.items():
            counter[str(puzzle.themes.get(name))] += 1
        for flag in ("crowning", "kingCapture"):
            flags[flag] += bool(puzzle.themes.get(flag))
        flags["alternatives"] += puzzle.solution.size() > puzzle.solution.choices()
    lines = []
    for name, counter in counters.items():
        shown = ", ".join(f"{key} {n}" for key, n in sorted(counter.items(), key=_order))
        lines.append(f"- {name}: {shown}")
    lines.append("- " + ", ".join(f"{flag} {n}" for flag, n in flags.items()))
    ratings = sorted(p.rating for p in puzzles)
    if ratings:
        lines.append(f"- first ratings: {ratings[0]}–{ratings[-1]}, median "
                     f"{ratings[len(ratings) // 2]}")
    return lines


def _order(item: tuple[str, int]) -> tuple[int, str]:
    key = item[0]
    return (int(key), "") if key.isdigit() else (1_000_000, key)


def report(variant: str, out: Path) -> str:
    puzzles = [Puzzle.from_json(line) for line in out.read_text().splitlines()
               if line.strip()] if out.exists() else []
    return "\n".join([f"## {variant}: {len(puzzles)} puzzles", "", *yield_lines(out), "",
                      *theme_lines(puzzles), ""])
