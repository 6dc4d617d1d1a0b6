"""The answer corpus: pinned ``(seed, level, fen, ply) -> move`` answers of the computer.

A revealed daily seed lets anyone replay yesterday's computer only while the computer still
answers as it did then. tests/ai/test_corpus.py replays every answer kept here, so a change to
the search, the evaluation or the seeded draws cannot slip in unnoticed: an intended change
bumps `dames.ai.version.AI_VERSION` and regenerates the file in the same commit.

The positions come from a fixed recipe that uses only the rules engine (seeded self-play where
each side plays a random move that does not hand the opponent a capture when it can), never the
computer player. So a change to the computer changes only the answers of a regenerated corpus,
and its diff shows exactly which answers moved.

Run ``PYTHONPATH=engine_layer python -m dames.ai.corpus --write tests/ai/corpus.json`` to
regenerate, ``--check tests/ai/corpus.json`` to list the answers that differ today.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from dames import draws
from dames.ai.player import choose_move
from dames.ai.version import AI_VERSION
from dames.board import Board
from dames.move import Move

RECIPE = "safe-random self-play v1"
REGENERATE = "PYTHONPATH=engine_layer python -m dames.ai.corpus --write tests/ai/corpus.json"

PHASES = ("opening-draw", "opening", "middlegame", "endgame", "capture")
MAX_PLIES = draws.GAME_LENGTH_PLIES  # the daily's draw rules end a game there

# How many answers each (variant, level) gets per phase. Fort costs ~100x a facile answer, so
# it gets few; the cheap levels carry the bulk and the phase coverage.
QUOTAS: dict[tuple[str, str], dict[str, int]] = {
    ("international", "debutant"): {
        "opening-draw": 4, "opening": 10, "middlegame": 14, "endgame": 14, "capture": 10,
    },
    ("international", "facile"): {
        "opening-draw": 4, "opening": 14, "middlegame": 22, "endgame": 22, "capture": 14,
    },
    ("international", "defi"): {
        "opening-draw": 4, "opening": 14, "middlegame": 22, "endgame": 22, "capture": 14,
    },
    ("international", "fort"): {
        "opening-draw": 1, "opening": 6, "middlegame": 10, "endgame": 10, "capture": 6,
    },
}
for _variant in ("brazilian", "english", "italian"):
    for _level in ("facile", "defi"):
        QUOTAS[(_variant, _level)] = {"opening": 1, "middlegame": 1, "endgame": 1, "capture": 1}
GAMES_PER_VARIANT = {"international": 48, "brazilian": 8, "english": 8, "italian": 8}


@dataclass(frozen=True)
class Entry:
    """One pinned answer: the computer plays `move` (full path, ``str(Move)``) when asked with
    `Board(fen, variant)` (no history), `seed`, `level` and `ply`."""

    id: str
    variant: str
    level: str
    phase: str
    seed: str
    ply: int
    fen: str
    move: str


@dataclass(frozen=True)
class Position:
    variant: str
    game: int
    ply: int
    fen: str
    phase: str


def _draw(text: str, count: int) -> int:
    """A stable index in [0, count): SHA-256, so every machine regenerates the same corpus."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big") % count


def _safe_moves(board: Board, moves: list[Move]) -> list[Move]:
    """The moves after which the opponent has no capture (all moves when none is safe)."""
    safe = []
    for move in moves:
        board.push(move)
        replies = board.legal_moves()
        if not replies or not replies[0].is_capture:
            safe.append(move)
        board.pop()
    return safe or moves


def phase_of(board: Board, moves: list[Move]) -> str:
    """The game phase a position stands for (first match wins).

    ``opening-draw``: ply < 4, where the computer's reply is a seeded random draw at every level;
    ``capture``: the side to move must capture; ``endgame``: a king on the board or at most 14
    pieces; ``opening``: before ply 20; else ``middlegame``.
    """
    if board.ply < 4:
        return "opening-draw"
    if moves[0].is_capture:
        return "capture"
    pieces = board.count(board.turn) + board.count(board.turn.opponent)
    if board.kings or pieces <= 14:
        return "endgame"
    return "opening" if board.ply < 20 else "middlegame"


def self_play(variant: str, game: int) -> Iterator[Position]:
    """Every position of one recipe game that still has a choice to make (2+ legal moves).

    One ply in three is a uniformly random move, the others avoid handing over a capture, so
    games last long enough to reach endgames with kings while staying varied.
    """
    board = Board(variant=variant)
    while board.ply < MAX_PLIES and board.outcome() is None:
        moves = board.legal_moves()
        if len(moves) >= 2:
            yield Position(variant, game, board.ply, board.fen(), phase_of(board, moves))
        key = f"corpus:{RECIPE}:{variant}:{game}:{board.ply}"
        pool = moves if _draw(key + ":wild", 3) == 0 else _safe_moves(board, moves)
        board.push(pool[_draw(key, len(pool))])


def positions() -> list[Position]:
    """Every candidate position of the recipe, in a fixed order."""
    found: list[Position] = []
    for variant, games in GAMES_PER_VARIANT.items():
        for game in range(games):
            found.extend(self_play(variant, game))
    return found


def select(candidates: Sequence[Position]) -> list[tuple[str, str, Position]]:
    """Pick each (variant, level, phase) quota from the candidates: one position per game in
    turn (so answers spread over many games), never the same position twice for one variant."""
    by_key: dict[tuple[str, str], list[Position]] = {}
    for position in candidates:
        by_key.setdefault((position.variant, position.phase), []).append(position)
    used: set[tuple[str, str]] = set()
    picked = []
    for (variant, level), quota in QUOTAS.items():
        for phase, count in quota.items():
            pool = by_key.get((variant, phase), [])
            games: dict[int, list[Position]] = {}
            for position in pool:
                games.setdefault(position.game, []).append(position)
            salt = f"order:{variant}:{level}:{phase}"
            order = sorted(games, key=lambda g: _draw(f"{salt}:{g}", 1 << 30))
            taken = 0
            while taken < count and any(games.values()):
                for game in order:
                    if taken == count:
                        break
                    options = [p for p in games[game] if (variant, p.fen) not in used]
                    games[game] = options
                    if not options:
                        continue
                    choice = options[_draw(f"pick:{variant}:{level}:{phase}:{taken}", len(options))]
                    options.remove(choice)
                    used.add((variant, choice.fen))
                    picked.append((level, phase, choice))
                    taken += 1
            if taken < count:
                raise RuntimeError(f"the recipe has only {taken} {variant} {phase} positions")
    return picked


def seed_for(variant: str, level: str, index: int) -> str:
    """A 32-hex-digit seed, shaped like a daily challenge's."""
    return hashlib.sha256(f"corpus-seed:{variant}:{level}:{index}".encode()).hexdigest()[:32]


def answer(entry: Entry) -> str:
    """The computer's move today for an entry's question, as a full path."""
    board = Board(entry.fen, variant=entry.variant)
    return str(choose_move(board, seed=entry.seed, level=entry.level, ply=entry.ply))


def build() -> list[Entry]:
    """The whole corpus, answered by the computer as it is now."""
    entries = []
    counters: dict[tuple[str, str], int] = {}
    for level, phase, position in select(positions()):
        index = counters.get((position.variant, level), 0)
        counters[(position.variant, level)] = index + 1
        prefix = "" if position.variant == "international" else f"{position.variant}-"
        entry = Entry(
            id=f"{prefix}{level}-{index:03d}",
            variant=position.variant,
            level=level,
            phase=phase,
            seed=seed_for(position.variant, level, index),
            ply=position.ply,
            fen=position.fen,
            move="",
        )
        entries.append(Entry(**{**asdict(entry), "move": answer(entry)}))
    return entries


def dumps(entries: Sequence[Entry]) -> str:
    """The corpus file: one entry per line, so a regeneration's diff shows each changed answer."""
    lines = [
        "{",
        f'  "aiVersion": {json.dumps(AI_VERSION)},',
        f'  "recipe": {json.dumps(RECIPE)},',
        f'  "regenerate": {json.dumps(REGENERATE)},',
        '  "entries": [',
    ]
    body = [f"    {json.dumps(asdict(e), separators=(', ', ': '))}" for e in entries]
    lines.append(",\n".join(body))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def load(path: Path) -> tuple[str, list[Entry]]:
    """The corpus's version and its entries."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return str(data["aiVersion"]), [Entry(**item) for item in data["entries"]]


def differences(entries: Sequence[Entry]) -> list[tuple[Entry, str]]:
    """The entries the computer now answers differently, with today's answer."""
    changed = []
    for entry in entries:
        now = answer(entry)
        if now != entry.move:
            changed.append((entry, now))
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dames.ai.corpus",
        description="Regenerate or check the computer's answer corpus (see docs/engine-api.md).",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="FILE", help="regenerate FILE")
    action.add_argument("--check", type=Path, metavar="FILE", help="list answers that changed")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.write is not None:
        entries = build()
        args.write.write_text(dumps(entries), encoding="utf-8")
        levels: dict[str, int] = {}
        for entry in entries:
            levels[entry.level] = levels.get(entry.level, 0) + 1
        counts = ", ".join(f"{level} {n}" for level, n in levels.items())
        print(f"wrote {len(entries)} answers ({counts}) for AI_VERSION {AI_VERSION} "
              f"to {args.write} in {time.perf_counter() - started:.1f} s")
        return 0
    version, entries = load(args.check)
    changed = differences(entries)
    for entry, now in changed:
        print(f"{entry.id}: {entry.level} {entry.phase} ply {entry.ply} seed {entry.seed} "
              f"fen {entry.fen}: was {entry.move}, now {now}")
    print(f"{len(changed)} of {len(entries)} answers changed; corpus version {version}, "
          f"AI_VERSION {AI_VERSION}")
    return 1 if changed or version != AI_VERSION else 0


if __name__ == "__main__":
    sys.exit(main())
