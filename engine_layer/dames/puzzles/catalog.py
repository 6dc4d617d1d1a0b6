"""The shipped puzzle set, read once per process: ``data/<variant>.jsonl`` beside this module.

The server reads it from the engine layer (every function has it), so the set ships with a
deploy and grows by running the generator again (docs/puzzles.md).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dames.puzzles.model import Puzzle
from dames.variants import VARIANTS

DATA = Path(__file__).resolve().parent / "data"


def set_path(variant: str) -> Path:
    return DATA / f"{variant}.jsonl"


@cache
def puzzles(variant: str) -> tuple[Puzzle, ...]:
    """Every shipped puzzle of ``variant``, in the file's order (empty when none ships)."""
    path = set_path(variant)
    if not path.exists():
        return ()
    return tuple(Puzzle.from_json(line) for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip())


@cache
def by_id() -> dict[str, Puzzle]:
    """Every shipped puzzle of every variant, by id."""
    return {p.id: p for variant in VARIANTS for p in puzzles(variant)}
